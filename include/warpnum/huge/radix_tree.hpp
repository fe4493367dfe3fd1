// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/radix_tree.hpp: the per-slot arithmetic of radix conversion by whole levels (src/huge/radix_tree.cpp,
// src/huge/packed_slots.cu), one body for the host's loops and the device's kernels. Conversion by levels keeps
// every number of one level of the divide and conquer in one packed integer, slot i of `stride` limbs at limb
// i * stride: a product of the packed integer by one number (a power of the base, its reciprocal) multiplies every
// slot by it at once, without carries between slots, as long as each slot's product fits its slot. This file holds
// what cannot be done that way: taking bits out of slots, comparing a slot with a table of multiples, and the
// leaves, each a number below base^(tree_leaf_words digits a word) converted by one thread. Compiles with plain g++.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/huge/radix_digits.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::huge {

/// Words of a leaf at most (each of the digits a limb holds): 2304 decimal digits, which one thread converts by 256
/// divisions of at most 240 limbs by a word; each doubling of the leaves saves the conversion a level of packed
/// operations (10^7 digits: 13 levels instead of the 16 of 32-word leaves; H200, 2026-11-28).
inline constexpr std::size_t tree_leaf_words = 256;
/// Limbs of a leaf at most: a leaf is below word^tree_leaf_words < 2^(32 * 256).
inline constexpr std::size_t radix_leaf_limbs_max = 256;

/// Bits [bit, bit + 32) of the slot of `slot_limbs` limbs that starts at limb `slot_begin` of x[0, x_limbs): limbs
/// past x's end, and bits past the slot's end, read as zero.
WARPNUM_HD constexpr std::uint32_t slot_bits(const std::uint32_t* x, std::size_t x_limbs, std::size_t slot_begin,
                                             std::size_t slot_limbs, std::size_t bit) noexcept {
  const std::size_t q = bit / 32;
  const unsigned r = static_cast<unsigned>(bit % 32);
  auto limb = [&](std::size_t l) -> std::uint64_t {
    return l < slot_limbs && slot_begin + l < x_limbs ? x[slot_begin + l] : 0u;
  };
  return static_cast<std::uint32_t>((limb(q) | (limb(q + 1) << 32)) >> r);
}

/// Limb l of slot i of x[0, x_limbs) with slots of `stride` limbs (zero past x's end).
WARPNUM_HD constexpr std::uint32_t slot_limb(const std::uint32_t* x, std::size_t x_limbs, std::size_t i,
                                             std::size_t stride, std::size_t l) noexcept {
  const std::size_t g = i * stride + l;
  return g < x_limbs ? x[g] : 0u;
}

/// Writes the `words` * `word_digits` digits of t[0, n) (t < word^words), most significant first and padded with
/// zeros, to out, dividing t in place (it ends as zero): `words` divisions by word = base^word_digits from the top
/// limb down, each remainder giving word_digits digits. Each division is by the normalised word, word 2^s, with its
/// reciprocal (Moller and Granlund, "Improved division by invariant integers", Alg. 4) on the limbs shifted s bits
/// on the fly: the quotient of t 2^s by word 2^s is t's, its remainder 2^s times t's.
WARPNUM_HD inline void leaf_to_digits(std::uint32_t* t, std::size_t n, std::uint32_t word, unsigned word_digits,
                                      unsigned words, unsigned base, char* out) noexcept {
  const int shift = warpnum::detail::countl_zero_word(word);
  const warpnum::detail::NormalisedDivisor<std::uint32_t> divisor(word << shift);
  std::size_t top = n;
  std::size_t end = static_cast<std::size_t>(words) * word_digits;
  for (unsigned k = 0; k < words; ++k) {
    while (top > 0 && t[top - 1] == 0) --top;
    // The shifted number's limb l is t[l] << s with t[l - 1]'s top s bits; its limb `top`, t's top bits, is below
    // the divisor and starts the remainder.
    auto low_bits = [&](std::size_t l) -> std::uint32_t {
      return shift == 0 || l == 0 ? 0u : t[l - 1] >> (32 - shift);
    };
    std::uint32_t rem = top == 0 ? 0u : low_bits(top);
    for (std::size_t l = top; l-- > 0;) {
      const std::uint32_t limb = (t[l] << shift) | low_bits(l);
      const warpnum::detail::DivResult2by1<std::uint32_t> qr = divisor.divide(rem, limb);
      t[l] = qr.quot;
      rem = qr.rem;
    }
    std::uint32_t r = rem >> shift;
    for (unsigned d = 0; d < word_digits; ++d) {
      out[--end] = radix_digit_char(r % base);
      r /= base;
    }
  }
}

/// The value of the `words` * `word_digits` digits text[first, first + words * word_digits) (positions below 0
/// read as '0'; each character a valid digit of the base) into out[0, radix_leaf_limbs_max): Horner's rule on words
/// of word_digits digits.
WARPNUM_HD inline void digits_to_leaf(const char* text, std::ptrdiff_t first, std::uint32_t word, unsigned word_digits,
                                      unsigned words, unsigned base, std::uint32_t* out) noexcept {
  for (std::size_t l = 0; l < radix_leaf_limbs_max; ++l) out[l] = 0;
  std::size_t used = 0;  // limbs of out that can be non-zero
  std::ptrdiff_t pos = first;
  for (unsigned k = 0; k < words; ++k) {
    std::uint32_t value = 0;
    for (unsigned d = 0; d < word_digits; ++d, ++pos) {
      value = value * base + (pos < 0 ? 0u : static_cast<std::uint32_t>(radix_digit_value(text[pos])));
    }
    std::uint64_t carry = value;
    for (std::size_t l = 0; l < used; ++l) {
      const std::uint64_t cur = static_cast<std::uint64_t>(out[l]) * word + carry;
      out[l] = static_cast<std::uint32_t>(cur);
      carry = cur >> 32;
    }
    if (carry != 0 && used < radix_leaf_limbs_max) out[used++] = static_cast<std::uint32_t>(carry);
  }
}

/// Writes the words * word_digits digits of slot i of v (slots of `stride` limbs, v[0, v_limbs); the slot below
/// word^words) to out: leaf_to_digits on the slot's limbs.
WARPNUM_HD inline void leaf_slot_to_text(const std::uint32_t* v, std::size_t v_limbs, std::size_t i, std::size_t stride,
                                         std::uint32_t word, unsigned word_digits, unsigned words, unsigned base,
                                         char* out) noexcept {
  std::uint32_t leaf[radix_leaf_limbs_max];
  const std::size_t n = stride < radix_leaf_limbs_max ? stride : radix_leaf_limbs_max;
  for (std::size_t l = 0; l < n; ++l) leaf[l] = slot_limb(v, v_limbs, i, stride, l);
  leaf_to_digits(leaf, n, word, word_digits, words, base, out);
}

/// Slot i of out (slots of `stride` limbs) = the value of leaf i of the text, the words * word_digits digits from
/// position i words word_digits - pad (the text's first leaf has `pad` leading zeros before it): digits_to_leaf.
WARPNUM_HD inline void text_to_leaf_slot(const char* text, std::ptrdiff_t pad, std::size_t i, std::size_t stride,
                                         std::uint32_t word, unsigned word_digits, unsigned words, unsigned base,
                                         std::uint32_t* out) noexcept {
  std::uint32_t leaf[radix_leaf_limbs_max];
  const auto first = static_cast<std::ptrdiff_t>(i * words * word_digits) - pad;
  digits_to_leaf(text, first, word, word_digits, words, base, leaf);
  for (std::size_t l = 0; l < stride; ++l) out[i * stride + l] = l < radix_leaf_limbs_max ? leaf[l] : 0u;
}

/// -1, 0 or 1 as slot i of r (slots of `stride` limbs, r[0, r_limbs)) compares with row k of a table (rows of
/// row_limbs <= stride limbs, table[0, table_limbs)): from the top limb down.
WARPNUM_HD constexpr int compare_slot(const std::uint32_t* r, std::size_t r_limbs, std::size_t i, std::size_t stride,
                                     const std::uint32_t* table, std::size_t table_limbs, std::size_t k,
                                     std::size_t row_limbs) noexcept {
  for (std::size_t l = stride; l-- > 0;) {
    const std::uint32_t a = slot_limb(r, r_limbs, i, stride, l);
    const std::uint32_t b = l < row_limbs ? slot_limb(table, table_limbs, k, row_limbs, l) : 0u;
    if (a != b) return a > b ? 1 : -1;
  }
  return 0;
}

}  // namespace warpnum::huge

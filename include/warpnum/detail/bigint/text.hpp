// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/text.hpp: digit conversion between limb arrays and text in bases 2 to 36.
#pragma once

#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/status.hpp>

#include <cstddef>

namespace warpnum::detail {

/// The value of digit character c (0-9, a-z or A-Z for 10-35), or 255 for any other character.
WARPNUM_HD constexpr unsigned digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'z') return static_cast<unsigned>(c - 'a' + 10);
  if (c >= 'A' && c <= 'Z') return static_cast<unsigned>(c - 'A' + 10);
  return 255;
}

/// The largest power base^k that fits in a limb, with its exponent k: digits are converted k at a time.
struct DigitChunk {
  limb_t power;
  int digits;
};
WARPNUM_HD constexpr DigitChunk digit_chunk(unsigned base) noexcept {
  DigitChunk c{base, 1};
  while (static_cast<std::uint64_t>(c.power) * base <= 0xffffffffu) {
    c.power *= base;
    ++c.digits;
  }
  return c;
}

struct ParseDigitsResult {
  Status status;
  std::size_t position;  ///< the first character not parsed (the bad one, on invalid_argument)
};

/// Parses the digits text[0, size) in `base` into the n-limb magnitude r (which it zeroes first).
/// invalid_argument at the first non-digit (or at 0 for no digits); out_of_range when the value needs more
/// than n limbs.
WARPNUM_HD constexpr ParseDigitsResult parse_digits(limb_t* r, int n, const char* text, std::size_t size,
                                                    unsigned base) noexcept {
  for (int i = 0; i < n; ++i) r[i] = 0;
  if (size == 0) return {Status::invalid_argument, 0};
  const DigitChunk chunk = digit_chunk(base);
  bool overflow = false;
  std::size_t i = 0;
  while (i < size) {
    limb_t value = 0;
    limb_t scale = 1;
    for (int k = 0; k < chunk.digits && i < size; ++k, ++i) {
      const unsigned d = digit_value(text[i]);
      if (d >= base) return {Status::invalid_argument, i};
      value = value * base + d;
      scale *= base;
    }
    if (!overflow) {
      const limb_t carry = mpn::mul_1(r, r, n, scale, value);
      overflow = carry != 0;
    }
  }
  return {overflow ? Status::out_of_range : Status::ok, size};
}

/// Upper bound on the digits of an n-limb magnitude in `base` (base 2 is the worst case).
WARPNUM_HD constexpr std::size_t max_digits(int n, unsigned base) noexcept {
  std::size_t bits_per_digit = 1;
  while ((1u << (bits_per_digit + 1)) <= base) ++bits_per_digit;
  return static_cast<std::size_t>(n) * 32 / bits_per_digit + 1;
}

/// Writes the digits of the n-limb magnitude a (destroyed) in `base`, lowest digit first, into out;
/// returns the count (at least 1). `out` needs max_digits(n, base) characters.
WARPNUM_HD constexpr std::size_t format_digits_reversed(char* out, limb_t* a, int n, unsigned base,
                                                        bool upper) noexcept {
  const char* const alphabet = upper ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" : "0123456789abcdefghijklmnopqrstuvwxyz";
  const DigitChunk chunk = digit_chunk(base);
  std::size_t count = 0;
  int len = mpn::significant_words(a, n);
  while (len > 0) {
    limb_t rem = mpn::divrem_1(a, a, len, chunk.power);
    len = mpn::significant_words(a, len);
    for (int k = 0; k < chunk.digits; ++k) {
      if (len == 0 && rem == 0) break;  // no leading zeros in the last chunk
      out[count++] = alphabet[rem % base];
      rem /= base;
    }
  }
  if (count == 0) out[count++] = '0';
  return count;
}

}  // namespace warpnum::detail

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/add.hpp: addition, subtraction and comparison of word arrays of run-time length (GMP's
// mpn_add_n, mpn_sub_n, mpn_add_1, mpn_sub_1, mpn_cmp), in-place sums and differences whose carry or borrow ripples
// up a longer number (GMP's MPN_INCR_U, MPN_DECR_U), negation and the significant length.
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/x86/add_n_x86.hpp>

#include <cstdint>
#include <type_traits>

namespace warpnum::detail::mpn {

/// One word of a sum: r = a + b + carry (carry 0 or 1); returns the carry out.
template <class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word add_word(Word& r, Word a, Word b, Word carry) noexcept {
  const dword_t<Word> s = static_cast<dword_t<Word>>(a) + b + carry;
  r = static_cast<Word>(s);
  return static_cast<Word>(s >> word_bits<Word>);
}

/// r = a + b over n words; returns the carry out (0 or 1). r may alias a or b. The reference body, and the one
/// the fixed widths call (the compiler unrolls it at their constant lengths). Fixed > 0: n is the constant
/// Fixed and the loop is unrolled (constant indices, for arrays the device keeps in registers).
template <int Fixed = 0, class Word>
WARPNUM_HD constexpr Word add_n_portable(Word* r, const Word* a, const Word* b, int n, Word carry = 0) noexcept {
  if constexpr (Fixed > 0) {
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) carry = add_word(r[i], a[i], b[i], carry);
  } else {
    for (int i = 0; i < n; ++i) carry = add_word(r[i], a[i], b[i], carry);
  }
  return carry;
}

/// r = a - b over n words; returns the borrow out (0 or 1). r may alias a or b. The reference body, as add_n_portable.
template <class Word>
WARPNUM_HD constexpr Word sub_n_portable(Word* r, const Word* a, const Word* b, int n, Word borrow = 0) noexcept {
  using D = dword_t<Word>;
  for (int i = 0; i < n; ++i) {
    const D s = static_cast<D>(a[i]) - b[i] - borrow;
    r[i] = static_cast<Word>(s);
    borrow = static_cast<Word>(s >> word_bits<Word>) & 1;
  }
  return borrow;
}

// add_n and sub_n at a length known at run time: on x86-64 hosts 64-bit words take one adc (sbb) chain
// (detail/x86/add_n_x86.hpp; Integer's Karatsuba spent a third of its time in the portable loops, GCC 12 -O2,
// 2026-11-28), elsewhere the portable loops.

/// r = a + b over n words; returns the carry out (0 or 1). r may alias a or b. Fixed > 0: as add_n_portable.
template <int Fixed = 0, class Word>
WARPNUM_HD constexpr Word add_n(Word* r, const Word* a, const Word* b, int n, Word carry = 0) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (Fixed == 0 && std::is_same_v<Word, std::uint64_t>) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((), (if (carry == 0) return add_n_x86(r, a, b, n);))
    }
  }
#endif
  return add_n_portable<Fixed>(r, a, b, n, carry);
}

/// r = a - b over n words; returns the borrow out (0 or 1). r may alias a or b.
template <class Word>
WARPNUM_HD constexpr Word sub_n(Word* r, const Word* a, const Word* b, int n, Word borrow = 0) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (std::is_same_v<Word, std::uint64_t>) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((), (if (borrow == 0) return sub_n_x86(r, a, b, n);))
    }
  }
#endif
  return sub_n_portable(r, a, b, n, borrow);
}

/// r = a + w over n words (w added at word 0, carry rippled); returns the carry out.
template <class Word> WARPNUM_HD constexpr Word add_1(Word* r, const Word* a, int n, Word w) noexcept {
  for (int i = 0; i < n; ++i) {
    const Word s = a[i] + w;
    w = s < w ? 1 : 0;
    r[i] = s;
  }
  return w;
}

/// r += w over n words in place, stopping at the first word that does not carry (GMP's MPN_INCR_U); returns the
/// carry out. Where the carry rarely travels far (the top of a product), this reads a word or two where add_1
/// reads all n.
template <class Word> WARPNUM_HD constexpr Word add_1_in_place(Word* r, int n, Word w) noexcept {
  for (int i = 0; i < n && w != 0; ++i) {
    r[i] = static_cast<Word>(r[i] + w);
    w = r[i] < w ? 1 : 0;
  }
  return w;
}

/// r -= w over n words in place, stopping at the first word that does not borrow (GMP's MPN_DECR_U); returns the
/// borrow out.
template <class Word> WARPNUM_HD constexpr Word sub_1_in_place(Word* r, int n, Word w) noexcept {
  for (int i = 0; i < n && w != 0; ++i) {
    const Word before = r[i];
    r[i] = static_cast<Word>(before - w);
    w = before < w ? 1 : 0;
  }
  return w;
}

/// r[0, n) -= x[0, nx) for nx <= n, the borrow rippled through r's higher words.
template <class Word> WARPNUM_HD constexpr void sub_in_place(Word* r, int n, const Word* x, int nx) noexcept {
  const Word borrow = sub_n(r, r, x, nx);
  sub_1_in_place(r + nx, n - nx, borrow);
}

/// r[0, n) += x[0, nx) for nx <= n, the carry rippled through r's higher words.
template <class Word> WARPNUM_HD constexpr void add_in_place(Word* r, int n, const Word* x, int nx) noexcept {
  const Word carry = add_n(r, r, x, nx);
  add_1_in_place(r + nx, n - nx, carry);
}

/// r = a - w over n words; returns the borrow out.
template <class Word> WARPNUM_HD constexpr Word sub_1(Word* r, const Word* a, int n, Word w) noexcept {
  for (int i = 0; i < n; ++i) {
    const Word s = a[i] - w;
    w = a[i] < w ? 1 : 0;
    r[i] = s;
  }
  return w;
}

/// Compares the unsigned numbers a and b of n words: -1, 0 or 1.
template <class Word> WARPNUM_HD constexpr int cmp_n(const Word* a, const Word* b, int n) noexcept {
  for (int i = n - 1; i >= 0; --i) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/// r = -a (two's complement) over n words. r may alias a.
template <class Word> WARPNUM_HD constexpr void neg_n(Word* r, const Word* a, int n) noexcept {
  Word carry = 1;
  for (int i = 0; i < n; ++i) {
    const Word s = static_cast<Word>(~a[i]) + carry;
    carry = (carry != 0 && s == 0) ? 1 : 0;
    r[i] = s;
  }
}

/// Number of words up to and including the highest non-zero word (0 for zero).
template <class Word> WARPNUM_HD constexpr int significant_words(const Word* a, int n) noexcept {
  WARPNUM_HOST_UNROLL
  for (; n > 0; --n) {
    if (a[n - 1] != 0) break;
  }
  return n;
}

}  // namespace warpnum::detail::mpn

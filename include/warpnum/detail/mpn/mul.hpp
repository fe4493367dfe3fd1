// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/mul.hpp: full products of word arrays of run-time length: schoolbook by rows
// (mul_basecase, sqr_basecase), Karatsuba (karatsuba_n) and the product of any two lengths (mul), as GMP's
// mpn_mul_basecase, mpn_sqr_basecase, mpn_kara_mul_n and mpn_mul. One template over the word type: 64-bit words
// with unsigned __int128 on the host (Integer's multiply, src/huge/integer.cpp), 32-bit words on the device and
// in constant evaluation. The fixed widths' unrolled products (detail/bigint/mul.hpp's columns,
// detail/bigint/mul_rows.hpp's PTX rows, detail/modular/mont_wide.hpp's blocks) are variants of these.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

namespace warpnum::detail::mpn {

/// r[0, na + nb) = a * b for na, nb >= 1 by rows: a b[0], then r[j, j + na] += a b[j] (addmul_1: assembly for
/// 64-bit words on x86-64). The rows run along a: put the longer operand there. r must not overlap a or b.
template <class Word>
WARPNUM_HD constexpr void mul_basecase(Word* r, const Word* a, int na, const Word* b, int nb) noexcept {
  r[na] = mul_1(r, a, na, b[0]);
  WARPNUM_NO_UNROLL
  for (int j = 1; j < nb; ++j) r[na + j] = addmul_1(r + j, r + j, a, na, b[j]);
}

/// r[0, 2n) = a^2 for n >= 1 by rows: the products a[i] a[j] with i < j once (row i multiplies a[i + 1, n) by a[i]
/// at word 2i + 1), then one pass that doubles them and adds the squares a[i]^2 at word 2i. r must not overlap a.
template <class Word> WARPNUM_HD constexpr void sqr_basecase(Word* r, const Word* a, int n) noexcept {
  using D = dword_t<Word>;
  constexpr int wb = word_bits<Word>;
  r[0] = 0;
  r[2 * n - 1] = 0;
  if (n > 1) r[n] = mul_1(r + 1, a + 1, n - 1, a[0]);
  WARPNUM_NO_UNROLL
  for (int i = 1; i < n - 1; ++i) r[n + i] = addmul_1(r + 2 * i + 1, r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
  Word shift_in = 0;
  Word carry = 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const Word lo = r[2 * i];
    const Word hi = r[2 * i + 1];
    const Word lo2 = static_cast<Word>((lo << 1) | shift_in);
    const Word hi2 = static_cast<Word>((hi << 1) | (lo >> (wb - 1)));
    shift_in = static_cast<Word>(hi >> (wb - 1));
    const D sq = static_cast<D>(a[i]) * a[i];
    const D s0 = static_cast<D>(lo2) + static_cast<Word>(sq) + carry;
    const D s1 = static_cast<D>(hi2) + static_cast<Word>(sq >> wb) + static_cast<Word>(s0 >> wb);
    r[2 * i] = static_cast<Word>(s0);
    r[2 * i + 1] = static_cast<Word>(s1);
    carry = static_cast<Word>(s1 >> wb);
  }
}

/// Below this many words of each operand karatsuba_n and mul multiply by schoolbook (mul_basecase,
/// sqr_basecase), unless the caller passes its own measured threshold (Integer: src/huge/thresholds.hpp).
inline constexpr int karatsuba_min_words = 32;

/// Words of scratch karatsuba_n needs for n-word operands with the given threshold: a level takes 4h words
/// (h = ceil(n / 2): |a1 - a0|, |b1 - b0| and their product), then the larger of the next level's need and the
/// 2h + 1 words of the middle term. Zero where n is below the threshold.
WARPNUM_HD constexpr int karatsuba_scratch(int n, int threshold = karatsuba_min_words) noexcept {
  int words = 0;
  WARPNUM_NO_UNROLL
  while (n >= threshold && n >= 2) {
    const int h = n - n / 2;
    const int next = h >= threshold && h >= 2 ? 0 : 2 * h + 1;  // the middle term where the next level is schoolbook
    words += 4 * h + next;
    if (next != 0) break;
    n = h;
  }
  return words;
}

/// d[0, nh) = |x1 - x0| for x1 of nh words and x0 of nl words, nl == nh or nl + 1 == nh; returns whether x1 < x0.
template <class Word>
WARPNUM_HD constexpr bool abs_diff(Word* d, const Word* x1, int nh, const Word* x0, int nl) noexcept {
  // x1 is below x0 only where its word nl (if it has one) is zero and its low nl words are below x0's.
  const bool below = (nh == nl || x1[nl] == 0) && cmp_n(x1, x0, nl) < 0;
  if (below) {
    sub_n(d, x0, x1, nl);
    if (nh != nl) d[nl] = 0;
  } else {
    const Word borrow = sub_n(d, x1, x0, nl);
    if (nh != nl) d[nl] = static_cast<Word>(x1[nl] - borrow);
  }
  return below;
}

/// r[0, 2n) = a * b for n >= 1 (a == b, the same array: a square) by Karatsuba's method (A. Karatsuba, Yu. Ofman,
/// "Multiplication of multidigit numbers on automata", 1962; Knuth, TAOCP vol. 2, 4.3.3 A): with
/// a = a1 B^l + a0 (l = floor(n / 2) low words, h = n - l high words) and b alike, a b = a1 b1 B^2l + a0 b0 +
/// (a0 b0 + a1 b1 - (a1 - a0)(b1 - b0)) B^l, three products of h or l words, recursively while n >= threshold,
/// by schoolbook below. scratch: karatsuba_scratch(n, threshold) words. r must not overlap a, b or scratch.
template <class Word>
WARPNUM_HD constexpr void karatsuba_n(Word* r, const Word* a, const Word* b, int n, Word* scratch,
                                      int threshold = karatsuba_min_words) noexcept {
  const bool square = a == b;
  if (n < threshold || n < 2) {
    if (square) {
      sqr_basecase(r, a, n);
    } else {
      mul_basecase(r, a, n, b, n);
    }
    return;
  }
  const int l = n / 2;
  const int h = n - l;
  Word* const da = scratch;     // |a1 - a0|, h words
  Word* const db = da + h;      // |b1 - b0|, h words
  Word* const t = db + h;       // their product, 2h words
  Word* const rest = t + 2 * h;  // the next level's scratch, then the middle term
  const bool neg_a = abs_diff(da, a + l, h, a, l);
  const bool neg_b = square ? neg_a : abs_diff(db, b + l, h, b, l);
  karatsuba_n(t, da, square ? da : db, h, rest, threshold);
  karatsuba_n(r, a, b, l, rest, threshold);                   // a0 b0 at r[0, 2l)
  karatsuba_n(r + 2 * l, a + l, b + l, h, rest, threshold);   // a1 b1 at r[2l, 2n)
  // m = a0 b0 + a1 b1 -+ t over 2h + 1 words (non-negative: it is a0 b1 + a1 b0), then r += m B^l.
  Word* const m = rest;
  for (int i = 0; i < 2 * h; ++i) m[i] = r[2 * l + i];
  const Word c = add_n(m, m, r, 2 * l);
  m[2 * h] = add_1_in_place(m + 2 * l, 2 * h - 2 * l, c);
  if (neg_a != neg_b) {  // (a1 - a0)(b1 - b0) = -t
    m[2 * h] = static_cast<Word>(m[2 * h] + add_n(m, m, t, 2 * h));
  } else {
    m[2 * h] = static_cast<Word>(m[2 * h] - sub_n(m, m, t, 2 * h));
  }
  const Word carry = add_n(r + l, r + l, m, 2 * h + 1);
  add_1_in_place(r + l + 2 * h + 1, 2 * n - l - 2 * h - 1, carry);
}

/// Words of scratch mul needs for operands of na and nb words with the given threshold. Each level of pieces (see
/// mul) holds a piece's product, 2 nb words, while the piece multiplies: by karatsuba_n when whole, else (the last
/// piece, len < nb words) by a mul of nb and len words, which takes pieces of its own; the lengths fall as in
/// Euclid's algorithm.
WARPNUM_HD constexpr int mul_scratch(int na, int nb, int threshold = karatsuba_min_words) noexcept {
  if (na < nb) return mul_scratch(nb, na, threshold);
  if (nb < threshold) return 0;
  const int whole = karatsuba_scratch(nb, threshold);
  if (na == nb) return whole;
  const int len = na % nb;
  const int last = len == 0 ? 0 : mul_scratch(nb, len, threshold);
  return 2 * nb + (whole > last ? whole : last);
}

/// r[0, na + nb) = a * b for na, nb >= 1: schoolbook while the shorter operand is below threshold words, else
/// Karatsuba (karatsuba_n) for equal lengths and, for unequal ones, Karatsuba on pieces of the longer operand as
/// long as the shorter, each added into r. a == b with na == nb: a square. scratch: mul_scratch(na, nb, threshold)
/// words. r must not overlap a, b or scratch.
template <class Word>
WARPNUM_HD constexpr void mul(Word* r, const Word* a, int na, const Word* b, int nb, Word* scratch,
                              int threshold = karatsuba_min_words) noexcept {
  if (na < nb) {
    const Word* const t = a;
    a = b;
    b = t;
    const int tn = na;
    na = nb;
    nb = tn;
  }
  if (nb < threshold) {
    if (a == b && na == nb) {
      sqr_basecase(r, a, na);
    } else {
      mul_basecase(r, a, na, b, nb);
    }
    return;
  }
  if (na == nb) {
    karatsuba_n(r, a, b, na, scratch, threshold);
    return;
  }
  Word* const piece = scratch;
  Word* const rest = scratch + 2 * nb;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < na + nb; ++i) r[i] = 0;
  WARPNUM_NO_UNROLL
  for (int off = 0; off < na; off += nb) {
    const int len = na - off < nb ? na - off : nb;
    if (len == nb) {
      karatsuba_n(piece, a + off, b, nb, rest, threshold);
    } else {
      mul(piece, b, nb, a + off, len, rest, threshold);
    }
    const Word carry = add_n(r + off, r + off, piece, len + nb);
    add_1_in_place(r + off + len + nb, na - off - len, carry);
  }
}

}  // namespace warpnum::detail::mpn

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/karatsuba.hpp: Karatsuba's product of two word arrays of one run-time length (karatsuba_n, as
// GMP's mpn_kara_mul_n), schoolbook (mul_basecase.hpp) below its threshold, and the scratch it needs. The fixed
// widths' unrolled Karatsuba steps (detail/bigint/mul_rows.hpp, detail/modular/mont_wide.hpp) are variants of it;
// Toom-3 (toom3.hpp) recurses into it below its own threshold.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/mul_basecase.hpp>

namespace warpnum::detail::mpn {

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

}  // namespace warpnum::detail::mpn

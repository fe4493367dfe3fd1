// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/toom4.hpp: Toom-Cook 4-way multiplication of two word arrays of one run-time length
// (toom4_n), Toom-3 (toom3.hpp) below its threshold, the scratch it needs, and the exact divisions of its
// interpolation by a divisor of B - 1 (divexact_by_dbm1).
//
// A. L. Toom, 1963; S. A. Cook's thesis, 1966; Knuth, TAOCP vol. 2, 4.3.3 A. Each operand of n words is a polynomial
// of degree 3 in B^k (k = ceil(n / 4)): a = a3 B^3k + a2 B^2k + a1 B^k + a0. The product's seven coefficients come
// from seven products of about n / 4 words at the points 0, 1, -1, 2, -2, 1/2 and infinity, so the cost is
// O(n^log4(7)) = O(n^1.404) against Toom-3's O(n^1.465). The interpolation is M. Bodrato's sequence for those
// points (M. Bodrato, A. Zanoni, "Integer and polynomial multiplication: towards optimal Toom-Cook matrices",
// ISSAC 2007; the sequence as GMP's toom_interpolate_7pts documents it): shifts, exact divisions by 3, 9 and 15 and
// multiples of one word, on values of 2k + 2 words in two's complement, each shifted only where it is known not to
// be negative.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/mpn/toom3.hpp>

namespace warpnum::detail::mpn {

/// Below this many words of each operand toom4_n multiplies by Toom-3 (toom3_n), unless the caller passes its own
/// measured threshold (Integer on the host: src/huge/thresholds.hpp). Never below 16: the top piece must not be
/// empty (n = 4k - 3 leaves it empty for k <= 3).
inline constexpr int toom4_min_words = 300;

/// The threshold toom4_n applies: never below 16 words.
WARPNUM_HD constexpr int toom4_effective_threshold(int toom4_threshold) noexcept {
  return toom4_threshold < 16 ? 16 : toom4_threshold;
}

/// a = a / d over n words in place, for d a divisor of B - 1 (3, 5, 15 and 17 for 32- and 64-bit words) and a a
/// multiple of d modulo B^n (negative multiples in two's complement too: the quotient is exact modulo B^n). GMP's
/// mpn_bdiv_dbm1c: with m = (B - 1) / d, a m = q (B - 1) = q B - q, so each quotient word is the running difference
/// of the words of q B and a m, whose products do not depend on one another: the only chain is two subtractions a
/// word, where Hensel's division (divexact_by3 in toom3.hpp) chains a product too.
template <class Word> WARPNUM_HD constexpr void divexact_by_dbm1(Word* a, int n, Word d) noexcept {
  const Word m = static_cast<Word>(static_cast<Word>(~Word{0}) / d);
  Word h = 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const dword_t<Word> p = static_cast<dword_t<Word>>(a[i]) * m;
    const auto p0 = static_cast<Word>(p);
    const auto p1 = static_cast<Word>(p >> word_bits<Word>);
    const Word borrow = h < p0 ? 1 : 0;
    h = static_cast<Word>(h - p0);
    a[i] = h;
    h = static_cast<Word>(h - p1 - borrow);
  }
}

/// Words of scratch toom4_n needs for n-word operands with the given thresholds: a level holds the ten evaluations
/// (k + 1 words each), the five products at -2, 1, -1, 2 and 1/2 and one temporary (2k + 2 words each), then the
/// most that a product of k + 1, k or n - 3k words below it takes. Toom-3's need below the Toom-4 threshold.
WARPNUM_HD constexpr int toom4_scratch(int n, int karatsuba_threshold = karatsuba_min_words,
                                       int toom3_threshold = toom3_min_words,
                                       int toom4_threshold = toom4_min_words) noexcept {
  if (n < toom4_effective_threshold(toom4_threshold)) return toom3_scratch(n, karatsuba_threshold, toom3_threshold);
  const int k = (n + 3) / 4;
  const int s = n - 3 * k;
  const int a = toom4_scratch(k + 1, karatsuba_threshold, toom3_threshold, toom4_threshold);
  const int b = toom4_scratch(k, karatsuba_threshold, toom3_threshold, toom4_threshold);
  const int c = toom4_scratch(s, karatsuba_threshold, toom3_threshold, toom4_threshold);
  const int below = a > b ? (a > c ? a : c) : (b > c ? b : c);
  return 10 * (k + 1) + 6 * (2 * k + 2) + below;
}

/// sum = x + y and diff = |x - y| over n words (diff first: it must not be x or y; sum may be x); returns whether
/// x - y is negative.
template <class Word>
WARPNUM_HD constexpr bool toom4_sum_and_difference(Word* sum, Word* diff, const Word* x, const Word* y,
                                                   int n) noexcept {
  const bool negative = cmp_n(x, y, n) < 0;
  if (negative) {
    sub_n(diff, y, x, n);
  } else {
    sub_n(diff, x, y, n);
  }
  add_n(sum, x, y, n);
  return negative;
}

/// The evaluations of a = a3 B^3k + a2 B^2k + a1 B^k + a0 (a0, a1, a2 of k words, a3 of s words) at 1, -1, 2, -2
/// and 1/2, k + 1 words each: e1 = A(1), em1 = |A(-1)|, e2 = A(2), em2 = |A(-2)|, eh = 8 A(1/2) = 8 a0 + 4 a1 + 2 a2
/// + a3. A(+-1) = (a0 + a2) +- (a1 + a3), A(+-2) = (a0 + 4 a2) +- 2 (a1 + 4 a3). Returns whether A(-1) is negative
/// (bit 0) and whether A(-2) is (bit 1). Every top word is at most 14.
template <class Word>
WARPNUM_HD constexpr unsigned toom4_evaluate(Word* e1, Word* em1, Word* e2, Word* em2, Word* eh, const Word* a,
                                             int k, int s) noexcept {
  const Word* const a0 = a;
  const Word* const a1 = a + k;
  const Word* const a2 = a + 2 * k;
  const Word* const a3 = a + 3 * k;
  const int e = k + 1;
  // a0 + a2 in e2 and a1 + a3 in em2 for now.
  e2[k] = add_n(e2, a0, a2, k);
  const Word c = add_n(em2, a1, a3, s);
  em2[k] = s < k ? add_1(em2 + s, a1 + s, k - s, c) : c;
  const bool neg_m1 = toom4_sum_and_difference(e1, em1, e2, em2, e);
  // e2 = a0 + 4 a2; eh = 2 (a1 + 4 a3) for now.
  e2[k] = shl_bits(e2, a2, k, 2);
  add_in_place(e2, e, a0, k);
  eh[s] = shl_bits(eh, a3, s, 2);
  WARPNUM_NO_UNROLL
  for (int i = s + 1; i < e; ++i) eh[i] = 0;
  add_in_place(eh, e, a1, k);
  shl_bits(eh, eh, e, 1);
  const bool neg_m2 = toom4_sum_and_difference(e2, em2, e2, eh, e);
  // eh = ((2 a0 + a1) 2 + a2) 2 + a3.
  eh[k] = shl_bits(eh, a0, k, 1);
  add_in_place(eh, e, a1, k);
  shl_bits(eh, eh, e, 1);
  add_in_place(eh, e, a2, k);
  shl_bits(eh, eh, e, 1);
  add_in_place(eh, e, a3, s);
  return (neg_m1 ? 1u : 0u) | (neg_m2 ? 2u : 0u);
}

/// One level's scratch of toom4_n: the ten evaluations of e = k + 1 words, then the products at -2, 1, -1, 2 and
/// 1/2 and a temporary, 2e words each, then what the level below uses (rest).
template <class Word> struct Toom4Level {
  Word* ea[5];  // a at 1, -1, 2, -2, 1/2 (8 A(1/2))
  Word* eb[5];
  Word* wm2;    // A(-2) B(-2), magnitude
  Word* w1;     // A(1) B(1)
  Word* wm1;    // A(-1) B(-1), magnitude
  Word* w2;     // A(2) B(2)
  Word* wh;     // 64 A(1/2) B(1/2)
  Word* temp;
  Word* rest;
  WARPNUM_HD constexpr Toom4Level(Word* scratch, int e) noexcept
      : ea{scratch, scratch + e, scratch + 2 * e, scratch + 3 * e, scratch + 4 * e},
        eb{scratch + 5 * e, scratch + 6 * e, scratch + 7 * e, scratch + 8 * e, scratch + 9 * e},
        wm2(scratch + 10 * e), w1(wm2 + 2 * e), wm1(w1 + 2 * e), w2(wm1 + 2 * e), wh(w2 + 2 * e),
        temp(wh + 2 * e), rest(temp + 2 * e) {}
  /// Evaluates a and b (b == a: a square, evaluated once); returns whether A(-1) B(-1) is negative (bit 0) and
  /// whether A(-2) B(-2) is (bit 1). A square's evaluations are a's (eb is not written).
  WARPNUM_HD constexpr unsigned evaluate(const Word* a, const Word* b, int k, int s) noexcept {
    const unsigned neg_a = toom4_evaluate(ea[0], ea[1], ea[2], ea[3], ea[4], a, k, s);
    if (a == b) return 0;
    const unsigned neg_b = toom4_evaluate(eb[0], eb[1], eb[2], eb[3], eb[4], b, k, s);
    return neg_a ^ neg_b;
  }
  /// The evaluation of b at point i (a's for a square).
  WARPNUM_HD constexpr const Word* b_at(int i, bool square) const noexcept { return square ? ea[i] : eb[i]; }
};

/// The interpolation of toom4_n: from W0 = a0 b0 in r[0, 2k), W6 = a3 b3 in r[6k, 2n) and the products at -2, 1, -1,
/// 2 and 1/2 in the level's buffers (2k + 2 words each; wm2 and wm1 hold magnitudes, negative where the bits of
/// `negative` say, as toom4_evaluate's), r[0, 2n) = a * b. Bodrato's sequence, W1 = A(-2) B(-2), W2 = A(1) B(1),
/// W3 = A(-1) B(-1), W4 = A(2) B(2), W5 = 64 A(1/2) B(1/2):
///   W5 += W4;  W1 = (W4 - W1) / 2;  W4 -= W0;  W4 = (W4 - W1) / 4 - 16 W6;  W3 = (W2 - W3) / 2;  W2 -= W3;
///   W5 -= 65 W2;  W2 -= W6 + W0;  W5 = (W5 + 45 W2) / 2;  W4 = (W4 - W2) / 3;  W2 -= W4;
///   W1 = W5 - W1;  W5 = (W5 - 8 W3) / 9;  W3 -= W5;  W1 = (W1 / 15 + W5) / 2;  W5 -= W1;
/// after which W1 .. W5 are the coefficients c1 .. c5. The values shifted right are never negative there; the
/// others may be, in two's complement over 2k + 2 words, which the exact divisions by odd numbers keep. Then r +=
/// c1 B^k + ... + c5 B^5k. The level's buffers are overwritten.
template <class Word>
WARPNUM_HD constexpr void toom4_interpolate(Word* r, const Toom4Level<Word>& l, int n, unsigned negative) noexcept {
  const int k = (n + 3) / 4;
  const int s = n - 3 * k;
  const int p = 2 * (k + 1);
  const Word* const w0 = r;
  const Word* const w6 = r + 6 * k;
  Word* const w1 = l.wm2;
  Word* const w2 = l.w1;
  Word* const w3 = l.wm1;
  Word* const w4 = l.w2;
  Word* const w5 = l.wh;

  add_n(w5, w5, w4, p);
  if (negative & 2u) {
    add_n(w1, w4, w1, p);
  } else {
    sub_n(w1, w4, w1, p);
  }
  shr_bits(w1, w1, p, 1);  // (W4 - W1) / 2 = 2 c1 + 8 c3 + 32 c5
  sub_in_place(w4, p, w0, 2 * k);
  sub_n(w4, w4, w1, p);
  shr_bits(w4, w4, p, 2);  // 4 c2 + 16 c4 + 64 c6, over 4
  l.temp[2 * s] = shl_bits(l.temp, w6, 2 * s, 4);
  sub_in_place(w4, p, l.temp, 2 * s + 1);  // c2 + 4 c4
  if (negative & 1u) {
    add_n(w3, w2, w3, p);
  } else {
    sub_n(w3, w2, w3, p);
  }
  shr_bits(w3, w3, p, 1);  // c1 + c3 + c5
  sub_n(w2, w2, w3, p);    // c0 + c2 + c4 + c6
  submul_1(w5, w5, w2, p, static_cast<Word>(65));
  sub_in_place(w2, p, w6, 2 * s);
  sub_in_place(w2, p, w0, 2 * k);  // c2 + c4
  addmul_1(w5, w5, w2, p, static_cast<Word>(45));
  shr_bits(w5, w5, p, 1);
  sub_n(w4, w4, w2, p);
  divexact_by_dbm1(w4, p, static_cast<Word>(3));  // c4
  sub_n(w2, w2, w4, p);  // c2
  sub_n(w1, w5, w1, p);
  submul_1(w5, w5, w3, p, static_cast<Word>(8));
  divexact_by_dbm1(w5, p, static_cast<Word>(3));  // by 9: twice by 3 (9 does not divide B - 1)
  divexact_by_dbm1(w5, p, static_cast<Word>(3));
  sub_n(w3, w3, w5, p);  // c3
  divexact_by_dbm1(w1, p, static_cast<Word>(15));
  add_n(w1, w1, w5, p);
  shr_bits(w1, w1, p, 1);  // c1
  sub_n(w5, w5, w1, p);    // c5

  // r = c0 + c1 B^k + ... + c6 B^6k. c1 .. c4 are below 4 B^2k (2k + 1 words); c5 =
  // a2 b3 + a3 b2 is below 2 B^(k+s) and ends within the product's 2n words.
  Word* const c[5] = {w1, w2, w3, w4, w5};
  toom_add_coefficients(r, 2 * n, k, c, 5);
}

/// r[0, 2n) = a * b for n >= 1 (a == b, the same array: a square) by Toom-Cook 4-way while n is at least
/// toom4_threshold (and 16), Toom-3 (toom3_n, down to its thresholds) below. With k = ceil(n / 4) and s = n - 3k
/// words in the top pieces, W0 = a0 b0 and W6 = a3 b3 go straight to r[0, 2k) and r[6k, 2n); the products at -2,
/// 1, -1, 2 and 1/2 (of k + 1 words each) become c1 .. c5 by toom4_interpolate.
/// scratch: toom4_scratch(n, karatsuba_threshold, toom3_threshold, toom4_threshold) words. r must not overlap a, b
/// or scratch.
template <class Word>
WARPNUM_HD constexpr void toom4_n(Word* r, const Word* a, const Word* b, int n, Word* scratch,
                                  int karatsuba_threshold = karatsuba_min_words, int toom3_threshold = toom3_min_words,
                                  int toom4_threshold = toom4_min_words) noexcept {
  if (n < toom4_effective_threshold(toom4_threshold)) {
    toom3_n(r, a, b, n, scratch, karatsuba_threshold, toom3_threshold);
    return;
  }
  const bool square = a == b;
  const int k = (n + 3) / 4;
  const int s = n - 3 * k;  // 1 <= s <= k for n >= 16
  const int e = k + 1;
  Toom4Level<Word> l(scratch, e);
  const unsigned negative = l.evaluate(a, b, k, s);
  const int kt = karatsuba_threshold;
  const int t3 = toom3_threshold;
  const int t4 = toom4_threshold;
  toom4_n(l.wm2, l.ea[3], l.b_at(3, square), e, l.rest, kt, t3, t4);
  toom4_n(l.w1, l.ea[0], l.b_at(0, square), e, l.rest, kt, t3, t4);
  toom4_n(l.wm1, l.ea[1], l.b_at(1, square), e, l.rest, kt, t3, t4);
  toom4_n(l.w2, l.ea[2], l.b_at(2, square), e, l.rest, kt, t3, t4);
  toom4_n(l.wh, l.ea[4], l.b_at(4, square), e, l.rest, kt, t3, t4);
  toom4_n(r, a, b, k, l.rest, kt, t3, t4);                          // W0 at r[0, 2k)
  toom4_n(r + 6 * k, a + 3 * k, b + 3 * k, s, l.rest, kt, t3, t4);  // W6 at r[6k, 2n)
  toom4_interpolate(r, l, n, negative);
}

}  // namespace warpnum::detail::mpn

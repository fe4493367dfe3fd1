// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/toom3.hpp: Toom-Cook 3-way multiplication of two word arrays of one run-time length
// (toom3_n), Karatsuba (karatsuba.hpp) below its threshold, the scratch it needs, and the exact division by 3 of its
// interpolation (divexact_by3).
//
// A. L. Toom, "The complexity of a scheme of functional elements realizing the multiplication of integers", 1963;
// S. A. Cook's thesis, 1966; Knuth, TAOCP vol. 2, 4.3.3 A. Each operand of n words is a polynomial of degree 2 in
// B^k (k = ceil(n / 3)): a = a2 B^2k + a1 B^k + a0. The product's five coefficients come from five products at the
// points 0, 1, -1, 2 and infinity, each of about n / 3 words, so the cost is O(n^log3(5)) = O(n^1.465) against
// Karatsuba's O(n^1.585). The interpolation is M. Bodrato's sequence for those points (M. Bodrato, A. Zanoni,
// "Integer and polynomial multiplication: towards optimal Toom-Cook matrices", ISSAC 2007): two exact divisions by
// 2 (shifts), one by 3 and six additions or subtractions, every intermediate value non-negative.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/karatsuba.hpp>
#include <warpnum/detail/mpn/shift.hpp>

namespace warpnum::detail::mpn {

/// Below this many words of each operand toom3_n multiplies by Karatsuba (karatsuba_n), unless the caller passes
/// its own measured threshold (Integer on the host: src/huge/thresholds.hpp). Never below 5: at 4 words the top
/// piece would be empty.
inline constexpr int toom3_min_words = 96;

/// a = a / 3 over n words in place, for a multiple of 3 (Hensel's exact division, as GMP's mpn_divexact_by3): each
/// quotient word is the difference times 3's inverse modulo the word base, and the high word of 3 q[i] (with the
/// word's own borrow) is subtracted from the next word. Returns the last borrow, zero where a was a multiple of 3.
template <class Word> WARPNUM_HD constexpr Word divexact_by3(Word* a, int n) noexcept {
  constexpr Word inverse = static_cast<Word>(static_cast<Word>(~Word{0}) / 3 * 2 + 1);  // 3 inverse = 1 (mod B)
  Word borrow = 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const Word w = a[i];
    const Word s = static_cast<Word>(w - borrow);
    const Word q = static_cast<Word>(s * inverse);
    a[i] = q;
    // 3 q = s + B high(3 q), and s = w - borrow + B (w < borrow): the next word owes both.
    borrow = static_cast<Word>((w < borrow ? 1 : 0) +
                               static_cast<Word>((static_cast<dword_t<Word>>(q) * 3) >> word_bits<Word>));
  }
  return borrow;
}

/// The threshold toom3_n applies: never below 5 words.
WARPNUM_HD constexpr int toom3_effective_threshold(int toom3_threshold) noexcept {
  return toom3_threshold < 5 ? 5 : toom3_threshold;
}

/// Words of scratch toom3_n needs for n-word operands with the given thresholds: a level holds the six evaluations
/// (k + 1 words each) and the three products at 1, -1 and 2 (2k + 2 words each), then the most that a product of
/// k + 1, k or n - 2k words below it takes. Karatsuba's need below the Toom threshold.
WARPNUM_HD constexpr int toom3_scratch(int n, int karatsuba_threshold = karatsuba_min_words,
                                       int toom3_threshold = toom3_min_words) noexcept {
  if (n < toom3_effective_threshold(toom3_threshold)) return karatsuba_scratch(n, karatsuba_threshold);
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;
  const int a = toom3_scratch(k + 1, karatsuba_threshold, toom3_threshold);
  const int b = toom3_scratch(k, karatsuba_threshold, toom3_threshold);
  const int c = toom3_scratch(s, karatsuba_threshold, toom3_threshold);
  const int below = a > b ? (a > c ? a : c) : (b > c ? b : c);
  return 6 * (k + 1) + 3 * (2 * k + 2) + below;
}

/// The evaluations of a = a2 B^2k + a1 B^k + a0 (a0, a1 of k words, a2 of s words) at 1, -1 and 2, k + 1 words
/// each: e1 = a0 + a1 + a2, em1 = |a0 - a1 + a2| (returns whether a0 - a1 + a2 is negative), e2 = a0 + 2 a1 + 4 a2,
/// formed as 2 (e1 + a2) - a0.
template <class Word>
WARPNUM_HD constexpr bool toom3_evaluate(Word* e1, Word* em1, Word* e2, const Word* a, int k, int s) noexcept {
  const Word* const a0 = a;
  const Word* const a1 = a + k;
  const Word* const a2 = a + 2 * k;
  // u = a0 + a2 in e1 (k + 1 words).
  const Word c = add_n(e1, a0, a2, s);
  e1[k] = add_1(e1 + s, a0 + s, k - s, c);
  // em1 = |u - a1|.
  const bool negative = e1[k] == 0 && cmp_n(e1, a1, k) < 0;
  if (negative) {
    sub_n(em1, a1, e1, k);
    em1[k] = 0;
  } else {
    em1[k] = static_cast<Word>(e1[k] - sub_n(em1, e1, a1, k));
  }
  // e1 = u + a1 (at most 3 (B^k - 1): the top word is at most 2).
  e1[k] = static_cast<Word>(e1[k] + add_n(e1, e1, a1, k));
  // e2 = 2 (e1 + a2) - a0 (the top word at most 6).
  const Word c2 = add_n(e2, e1, a2, s);
  e2[k] = static_cast<Word>(e1[k] + add_1(e2 + s, e1 + s, k - s, c2));
  shl_bits(e2, e2, k + 1, 1);
  sub_in_place(e2, k + 1, a0, k);
  return negative;
}

/// One level's scratch of toom3_n (and of src/huge/toom3_parallel.hpp's tasks): the six evaluations of k + 1 words
/// (e), then the products at 1, -1 and 2 of 2k + 2 words, then what the level below uses (rest).
template <class Word> struct Toom3Level {
  Word* ea1;
  Word* eam1;
  Word* ea2;
  Word* eb1;
  Word* ebm1;
  Word* eb2;
  Word* r1;
  Word* rm1;
  Word* r2;
  Word* rest;
  WARPNUM_HD constexpr Toom3Level(Word* scratch, int e) noexcept
      : ea1(scratch), eam1(ea1 + e), ea2(eam1 + e), eb1(ea2 + e), ebm1(eb1 + e), eb2(ebm1 + e), r1(eb2 + e),
        rm1(r1 + 2 * e), r2(rm1 + 2 * e), rest(r2 + 2 * e) {}
  /// Evaluates a and b (b == a: a square, evaluated once) at 1, -1 and 2; returns whether A(-1) B(-1) < 0.
  WARPNUM_HD constexpr bool evaluate(const Word* a, const Word* b, int k, int s) noexcept {
    const bool neg_a = toom3_evaluate(ea1, eam1, ea2, a, k, s);
    if (a == b) return false;
    const bool neg_b = toom3_evaluate(eb1, ebm1, eb2, b, k, s);
    return neg_a != neg_b;
  }
};

/// The last step of a Toom-Cook interpolation: r[0, total) holds c0 in r[0, 2k) and the top coefficient from
/// word (count + 1) k up; r[2k, (count + 1) k) is cleared and c[i - 1] (2k + 1 words, or what is left of r where the
/// product ends first) added at word i k, for i = 1 .. count. Shared by toom3_interpolate (count 3) and
/// toom4_interpolate (count 5).
template <class Word>
WARPNUM_HD constexpr void toom_add_coefficients(Word* r, int total, int k, Word* const* c, int count) noexcept {
  WARPNUM_NO_UNROLL
  for (int i = 2 * k; i < (count + 1) * k; ++i) r[i] = 0;
  WARPNUM_NO_UNROLL
  for (int i = 1; i <= count; ++i) {
    const int room = total - i * k;
    add_in_place(r + i * k, room, c[i - 1], room < 2 * k + 1 ? room : 2 * k + 1);
  }
}

/// The interpolation of toom3_n: from r0 = a0 b0 in r[0, 2k), rinf = a2 b2 in r[4k, 2n) and the products at 1, -1
/// and 2 in r1, rm1 and r2 (2k + 2 words each; rm1 holds |A(-1) B(-1)|, negative where neg_m1), r[0, 2n) = a * b by
/// Bodrato's sequence:
///   r2 = (r2 - rm1) / 3 = c1 + c2 + 3 c3 + 5 c4;   rm1 = (r1 - rm1) / 2 = c1 + c3;   r1 = r1 - r0 = c1 + c2 + c3 + c4;
///   r2 = (r2 - r1) / 2 = c3 + 2 c4;   r1 = r1 - rm1 - rinf = c2;   r2 = r2 - 2 rinf = c3;   rm1 = rm1 - r2 = c1;
/// each a sum of products of pieces, so never negative, and each below 3 B^2k; then r += c1 B^k + c2 B^2k + c3 B^3k.
/// r1, rm1 and r2 are overwritten. k = ceil(n / 3), s = n - 2k.
template <class Word>
WARPNUM_HD constexpr void toom3_interpolate(Word* r, Word* r1, Word* rm1, Word* r2, int n, bool neg_m1) noexcept {
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;
  const int p = 2 * (k + 1);
  const Word* const r0 = r;
  const Word* const rinf = r + 4 * k;

  // Bodrato's sequence for the points 0, 1, -1, 2, infinity.
  if (neg_m1) {
    add_n(r2, r2, rm1, p);  // r2 - rm1 with rm1 = -|rm1|
    add_n(rm1, r1, rm1, p);
  } else {
    sub_n(r2, r2, rm1, p);
    sub_n(rm1, r1, rm1, p);
  }
  divexact_by3(r2, p);    // c1 + c2 + 3 c3 + 5 c4
  shr_bits(rm1, rm1, p, 1);  // c1 + c3
  sub_in_place(r1, p, r0, 2 * k);  // c1 + c2 + c3 + c4
  sub_n(r2, r2, r1, p);
  shr_bits(r2, r2, p, 1);           // c3 + 2 c4
  sub_n(r1, r1, rm1, p);
  sub_in_place(r1, p, rinf, 2 * s);  // c2
  sub_in_place(r2, p, rinf, 2 * s);
  sub_in_place(r2, p, rinf, 2 * s);  // c3
  sub_n(rm1, rm1, r2, p);           // c1

  // r = r0 + c1 B^k + c2 B^2k + c3 B^3k + rinf B^4k. Each coefficient is below 3 B^2k, so 2k + 1 words hold it; c3
  // (a1 b2 + a2 b1) is below 2 B^(k+s) and ends within the product's 2n words.
  Word* const c[3] = {rm1, r1, r2};
  toom_add_coefficients(r, 2 * n, k, c, 3);
}

/// r[0, 2n) = a * b for n >= 1 (a == b, the same array: a square) by Toom-Cook 3-way while n is at least
/// toom3_threshold (and 5), Karatsuba (karatsuba_n, down to karatsuba_threshold) below. With k = ceil(n / 3) and
/// s = n - 2k words in the top pieces, the products r0 = a0 b0 and rinf = a2 b2 go straight to r[0, 2k) and
/// r[4k, 2n); the products at 1, -1 and 2 (of k + 1 words each, 2k + 2 words) become the coefficients c1, c2 and c3
/// by Bodrato's sequence (toom3_interpolate). src/huge/toom3_parallel.hpp runs the five products of the top levels
/// as tasks on the host's threads, around the same evaluation and interpolation.
/// scratch: toom3_scratch(n, karatsuba_threshold, toom3_threshold) words. r must not overlap a, b or scratch.
template <class Word>
WARPNUM_HD constexpr void toom3_n(Word* r, const Word* a, const Word* b, int n, Word* scratch,
                                  int karatsuba_threshold = karatsuba_min_words,
                                  int toom3_threshold = toom3_min_words) noexcept {
  if (n < toom3_effective_threshold(toom3_threshold)) {
    karatsuba_n(r, a, b, n, scratch, karatsuba_threshold);
    return;
  }
  const bool square = a == b;
  const int k = (n + 2) / 3;
  const int s = n - 2 * k;  // 1 <= s <= k for n >= 5
  const int e = k + 1;      // words of an evaluation
  Toom3Level<Word> l(scratch, e);
  const bool neg_m1 = l.evaluate(a, b, k, s);  // the sign of rm1 = A(-1) B(-1)
  toom3_n(l.r1, l.ea1, square ? l.ea1 : l.eb1, e, l.rest, karatsuba_threshold, toom3_threshold);
  toom3_n(l.rm1, l.eam1, square ? l.eam1 : l.ebm1, e, l.rest, karatsuba_threshold, toom3_threshold);
  toom3_n(l.r2, l.ea2, square ? l.ea2 : l.eb2, e, l.rest, karatsuba_threshold, toom3_threshold);
  toom3_n(r, a, b, k, l.rest, karatsuba_threshold, toom3_threshold);                      // r0 at r[0, 2k)
  toom3_n(r + 4 * k, a + 2 * k, b + 2 * k, s, l.rest, karatsuba_threshold, toom3_threshold);  // rinf at r[4k, 2n)
  toom3_interpolate(r, l.r1, l.rm1, l.r2, n, neg_m1);
}

}  // namespace warpnum::detail::mpn

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/sqrt.hpp: square roots: isqrt64 (one 64-bit value) and sqrtrem, the square root and
// remainder of a word array of run-time length by Zimmermann's recursive square root, as GMP's mpn_sqrtrem, on
// the core's division (div.hpp), square (mul.hpp) and rows. Integer's square root (huge/newton_sqrt.hpp) calls it
// below its Newton iteration; detail/bigint/sqrt.hpp's sqrt_rem is its form unrolled at a fixed width.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/detail/mpn/shift.hpp>

#include <cstdint>

namespace warpnum::detail::mpn {

/// floor(sqrt(t)) of a 64-bit t. At run time from the double square root, corrected by a unit or two (the double
/// of t and its root are within a few units of the exact root); in constant evaluation (no sqrt there) by
/// Newton's iteration from above.
WARPNUM_HD constexpr std::uint64_t isqrt64(std::uint64_t t) noexcept {
  std::uint64_t r = 0;
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    double d = 0;
    WARPNUM_IF_ELSE_DEVICE((d = __dsqrt_rn(static_cast<double>(t));), (d = __builtin_sqrt(static_cast<double>(t));))
    r = static_cast<std::uint64_t>(d);
    if (r > 0xffffffffu) r = 0xffffffffu;
    while (r * r > t) --r;
    while (r < 0xffffffffu && (r + 1) * (r + 1) <= t) ++r;
    return r;
  }
  if (t == 0) return 0;
  r = std::uint64_t{1} << ((64 - countl_zero_word(t) + 1) / 2);  // above the root
  for (;;) {
    const std::uint64_t y = (r + t / r) / 2;
    if (y >= r) return r;
    r = y;
  }
}

/// The root s[0] and remainder (returned word, a[0]) of the two words (a[1], a[0]) with a[1] >= B / 4 (B = 2^wb):
/// the root is one word with its top bit set, the remainder at most 2 s (a word and a bit). 32-bit words: isqrt64
/// of the double word. 64-bit words: one step of Zimmermann's SqrtRem (see sqrtrem_normalised) on half words,
/// b = 2^32: (s1, r1) from isqrt64 of a[1], then (q, u) = divmod(r1 b + a[0] / b, 2 s1), s = s1 b + q,
/// r = u b + a[0] mod b - q^2, corrected once if negative (s1 >= b / 2 since a[1] >= B / 4).
template <class Word> WARPNUM_HD constexpr Word sqrtrem_2(Word* s, Word* a) noexcept {
  constexpr int wb = word_bits<Word>;
  if constexpr (wb <= 32) {
    const std::uint64_t t = (static_cast<std::uint64_t>(a[1]) << 32) | a[0];
    const std::uint64_t root = isqrt64(t);
    const std::uint64_t rem = t - root * root;  // <= 2 root < 2^33
    s[0] = static_cast<Word>(root);
    a[0] = static_cast<Word>(rem);
    return static_cast<Word>(rem >> 32);
  } else {
    using D = dword_t<Word>;
    constexpr int hb = wb / 2;
    const Word s1 = static_cast<Word>(isqrt64(a[1]));
    const Word r1 = static_cast<Word>(a[1] - s1 * s1);  // <= 2 s1 < 2^(hb + 1)
    const D x = (static_cast<D>(r1) << hb) | (a[0] >> hb);
    const D d = 2 * static_cast<D>(s1);
    const D q = x / d;  // <= b
    D root = (static_cast<D>(s1) << hb) + q;
    D rem = ((x % d) << hb) | (a[0] & ((Word{1} << hb) - 1));
    const D q2 = q * q;
    if (rem < q2) {  // r < 0: r + 2 s - 1 is the remainder of s - 1
      rem += 2 * root - 1;
      --root;
    }
    rem -= q2;
    s[0] = static_cast<Word>(root);
    a[0] = static_cast<Word>(rem);
    return static_cast<Word>(rem >> wb);
  }
}

/// Words of scratch sqrtrem_normalised needs for a root of k words: at the top level (the deeper levels need
/// less) the quotient (l + 1 words), the division's remainder (h) and its scratch (k + 1 and h words), or later
/// the square of l words (mul_scratch), with l = floor(k / 2) and h = k - l.
WARPNUM_HD constexpr int sqrtrem_normalised_scratch(int k) noexcept {
  if (k < 2) return 0;
  const int l = k / 2;
  const int h = k - l;
  const int division = (l + 1) + h + (k + 1) + h;
  const int square = mul_scratch(l, l);
  return division > square ? division : square;
}

/// P. Zimmermann, "Karatsuba Square Root", INRIA RR-3805, 1999, Algorithm SqrtRem, in GMP's form
/// (mpn/generic/sqrtrem.c, mpn_dc_sqrtrem): the root s (k words, top bit set) and remainder a - s^2 (at most 2 s:
/// the low k words in a[0, k), word k returned, 0 or 1) of a (2k words, a[2k - 1] >= B / 4, B = 2^wb), which it
/// overwrites. With l = floor(k / 2), h = k - l and a = a_hi B^2l + a1 B^l + a0 (a_hi of 2h words):
///   (s1, r1) = SqrtRem(a_hi); (q, u) = divmod(r1 B^l + a1, 2 s1); s = s1 B^l + q; r = u B^l + a0 - q^2;
///   if r < 0: r += 2 s - 1, s -= 1 (once is enough: the paper's Theorem 1, as a_hi's top word is >= B / 4).
/// The division is by s1 (h words, top bit set: mpn::divmod) with the quotient halved: for x = r1 B^l + a1 =
/// q' s1 + rho, q = floor(q' / 2) and u = rho + (q' mod 2) s1. q <= B^l, and q = B^l only where r < 0, so
/// q^2 = q_lo^2 + q_top B^2l (q_lo: q mod B^l). scratch: sqrtrem_normalised_scratch(k) words; s must not
/// overlap a or scratch.
template <class Word>
WARPNUM_HD constexpr Word sqrtrem_normalised(Word* s, Word* a, int k, Word* scratch) noexcept {
  constexpr int wb = word_bits<Word>;
  if (k == 1) return sqrtrem_2(s, a);
  const int l = k / 2;
  const int h = k - l;
  // (s1, r1) = SqrtRem(a_hi): s1 in s[l, k), r1 = q_top B^h + a[2l, 2l + h).
  Word q_top = sqrtrem_normalised(s + l, a + 2 * l, h, scratch);
  // r1 <= 2 s1: where r1 >= B^h (q_top = 1) the dividend takes s1 B^l less, r1 - s1 <= s1 fits h words, and
  // q_top adds the B^l that its quotient by s1 then lacks.
  if (q_top != 0) sub_n(a + 2 * l, a + 2 * l, s + l, h);
  // The division: the dividend x = a[l, l + k) over s1. mpn::divmod wants a dividend with its top word non-zero.
  Word* const q = scratch;        // l + 1 words
  Word* const rho = q + l + 1;    // h words
  Word* const un = rho + h;       // k + 1 words
  Word* const vn = un + k + 1;    // h words
  int m = k;
  while (m > 0 && a[l + m - 1] == 0) --m;
  int qn = 0;  // the quotient's words written
  if (m >= h) {
    divmod(q, rho, a + l, m, s + l, h, un, vn);
    qn = m - h + 1;
    for (int i = 0; i < h; ++i) a[l + i] = rho[i];
  }  // else x < s1: quotient 0 and rho = x, in place (its words from m up are zero)
  WARPNUM_NO_UNROLL
  for (int i = qn; i <= l; ++i) q[i] = 0;
  // s = s1 B^l + q: q' = q_top B^l + q[0, l]; q = q' / 2, its low l words at s[0, l), its word l (0 or 1) in q_top.
  q_top = static_cast<Word>(q_top + q[l]);
  const Word odd = q[0] & 1;
  shr_bits(s, q, l, 1);
  s[l - 1] = static_cast<Word>(s[l - 1] | (q_top << (wb - 1)));
  q_top = static_cast<Word>(q_top >> 1);
  // u = rho + odd s1 (h words and a carry c).
  int c = odd != 0 ? static_cast<int>(add_n(a + l, a + l, s + l, h)) : 0;
  // r = (c, a[0, k)) - q_lo^2 - q_top B^2l, the square in the words a[k, k + 2l) the division consumed.
  mul(a + k, s, l, s, l, scratch);
  const Word b = static_cast<Word>(q_top + sub_n(a, a, a + k, 2 * l));
  c -= static_cast<int>(l == h ? b : sub_1(a + 2 * l, a + 2 * l, 1, b));
  if (c < 0) {
    // The correction: s = s1 B^l + q (the carry out of s1 + q_top, where q = B^l, only where s1 = B^h - 1),
    // r += 2 s - 1, s -= 1 (the carry goes again).
    q_top = add_1(s + l, s + l, h, q_top);
    c += static_cast<int>(addmul_1(a, a, s, k, Word{2})) + 2 * static_cast<int>(q_top);
    c -= static_cast<int>(sub_1(a, a, k, Word{1}));
    sub_1(s, s, k, Word{1});
  }
  return static_cast<Word>(c);
}

/// Words of scratch sqrtrem needs for an n-word operand: the normalised operand (2 ceil(n / 2) words), then
/// sqrtrem_normalised's.
WARPNUM_HD constexpr int sqrtrem_scratch(int n) noexcept {
  const int k = (n + 1) / 2;
  return 2 * k + sqrtrem_normalised_scratch(k);
}

/// The square root and remainder of a (n >= 1 words, any value: leading zero words and a = 0 allowed), as GMP's
/// mpn_sqrtrem: s = floor(sqrt(a)) in s[0, ceil(n / 2)), r = a - s^2 (at most 2 s) in r[0, ceil(n / 2) + 1), both
/// zero-filled to these lengths (r gets a word more than the root because the remainder can exceed it by a bit;
/// GMP's rp takes n words instead). Returns the remainder's length in words without its leading zeros (0 where a
/// is a square). scratch: sqrtrem_scratch(n) words. s, r, a and scratch must not overlap.
///
/// The operand's m significant words are normalised as in mpn_sqrtrem: shifted left by 2 z bits so that its top
/// word has one of its top two bits set, and for odd m by a further half word (one word up, the root gains
/// wb / 2 bits), into t of 2 k words (k = ceil(m / 2)); sqrtrem_normalised gives t = S^2 + R. With e < wb the
/// root's bits gained and s0 = S mod 2^e, 2^2e a = (S - s0)^2 + 2 s0 S - s0^2 + R with S - s0 = 2^e (S >> e):
/// s = S >> e and r = (R + 2 s0 S - s0^2) / 2^2e (exact), which needs no square of s.
template <class Word> WARPNUM_HD constexpr int sqrtrem(Word* s, Word* r, const Word* a, int n, Word* scratch) noexcept {
  constexpr int wb = word_bits<Word>;
  const int root_words = (n + 1) / 2;
  int m = n;
  while (m > 0 && a[m - 1] == 0) --m;
  const int k = (m + 1) / 2;
  int rn = 0;  // the remainder's words written
  if (m > 0) {
    const int odd = m & 1;
    const int z = countl_zero_word(a[m - 1]) / 2;
    Word* const t = scratch;  // 2k words: a << (2 z + odd wb)
    t[0] = 0;
    shl_bits(t + odd, a, m, 2 * z);  // nothing shifted out: 2 z <= the top word's leading zeros
    Word c = sqrtrem_normalised(s, t, k, t + 2 * k);
    const int e = z + odd * (wb / 2);
    if (e != 0) {
      const Word s0 = static_cast<Word>(s[0] & ((Word{1} << e) - 1));
      c = static_cast<Word>(c + addmul_1(t, t, s, k, static_cast<Word>(2 * s0)));  // 2 s0 < 2^(e + 1) <= B
      const Word hi = submul_1(t, t, &s0, 1, s0);
      c = static_cast<Word>(c - (k > 1 ? sub_1(t + 1, t + 1, k - 1, hi) : hi));
      shr_bits(s, s, k, e);
    }
    t[k] = c;
    if (2 * e >= wb) {  // 2e < 2 wb: drop a word, then shift
      shr_bits(r, t + 1, k, 2 * e - wb);
      rn = k;
    } else {
      shr_bits(r, t, k + 1, 2 * e);
      rn = k + 1;
    }
  }
  WARPNUM_NO_UNROLL
  for (int i = k; i < root_words; ++i) s[i] = 0;
  WARPNUM_NO_UNROLL
  for (int i = rn; i <= root_words; ++i) r[i] = 0;
  while (rn > 0 && r[rn - 1] == 0) --rn;
  return rn;
}

}  // namespace warpnum::detail::mpn

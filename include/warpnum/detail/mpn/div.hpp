// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/div.hpp: division of word arrays of run-time length: by one word (divrem_1), by two words
// (divrem_2), of equal lengths (divmod_same_length) and Knuth's algorithm D (divmod_knuth), each quotient word by
// Moller and Granlund's division by an invariant divisor (limb.hpp), and divmod, which picks among them. The one
// long division of warpnum: the fixed widths (detail/bigint/div.hpp's divmod_n and divmod_window) and Integer
// (huge/detail/limb_vectors.hpp, under Newton's division and radix conversion) call these.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/ptx/submul_row.hpp>

#include <type_traits>

namespace warpnum::detail::mpn {

// Every function here works on Words and reads its operands and writes its results as arrays of Words that
// may be stored in narrower Limbs (see get_word): the host divides the 32-bit limb arrays of the value types
// in 64-bit words without copying them. Scratch arrays are Words.

/// q = u / d over m words; returns u % d. Requires d != 0. q may alias u.
template <class Word, class Limb> WARPNUM_HD constexpr Word divrem_1(Limb* q, const Limb* u, int m, Word d) noexcept {
  constexpr int wb = word_bits<Word>;
  const int s = countl_zero_word(d);
  const NormalisedDivisor<Word> nd(static_cast<Word>(d << s));
  // Divides u << s word by word; the running remainder stays below d << s.
  Word r = s == 0 ? 0 : static_cast<Word>(get_word<Word>(u, m - 1) >> (wb - s));
  WARPNUM_NO_UNROLL
  for (int i = m - 1; i >= 0; --i) {
    const Word low = (s != 0 && i > 0) ? static_cast<Word>(get_word<Word>(u, i - 1) >> (wb - s)) : 0;
    const auto step = nd.divide(r, static_cast<Word>((get_word<Word>(u, i) << s) | low));
    set_word<Word>(q, i, step.quot);
    r = step.rem;
  }
  return static_cast<Word>(r >> s);
}

/// The top word of (hi, lo) << s, for 0 <= s < word bits: one double-word shift (x86-64 shld, the GPU's funnel
/// shift) and no branch for s == 0.
template <class Word> WARPNUM_HD constexpr Word shifted_word(Word hi, Word lo, int s) noexcept {
  using D = dword_t<Word>;
  constexpr int wb = word_bits<Word>;
  return static_cast<Word>(((static_cast<D>(hi) << wb | lo) << (s & (wb - 1))) >> wb);
}

/// q = u / v (m - 1 words) and r = u % v (2 words) for a two-word divisor (v[1] != 0) and m >= 2: one 3-by-2
/// division a quotient word, the dividend normalised a word at a time as it is consumed (no shifted copies).
template <class Word, class Limb>
WARPNUM_HD constexpr void divrem_2(Limb* q, Limb* r, const Limb* u, int m, const Limb* v) noexcept {
  constexpr int wb = word_bits<Word>;
  const Word v1 = get_word<Word>(v, 1);
  const Word v0 = get_word<Word>(v, 0);
  const int s = countl_zero_word(v1);
  const NormalisedDivisor2<Word> nd(shifted_word(v1, v0, s), static_cast<Word>(v0 << s));
  // The running remainder starts as words m and m - 1 of u << s, which lie below the divisor.
  Word r1 = shifted_word(Word{0}, get_word<Word>(u, m - 1), s);
  Word r0 = shifted_word(get_word<Word>(u, m - 1), get_word<Word>(u, m - 2), s);
  // The last step (j = 0) is taken out of the loop, so that the loop reads u[j - 1] without a test. On the
  // host the loop is unrolled: at m <= 8 GCC -O2 then unrolls it completely, as -O3 does by peeling (256 / 128
  // bits: 29 ns to 21 ns with the unrolled scans and fills below; GMP 23 ns; 2026-11-22).
  WARPNUM_NO_UNROLL
  WARPNUM_HOST_UNROLL
  for (int j = m - 2; j > 0; --j) {
    const auto step = nd.divide(r1, r0, shifted_word(get_word<Word>(u, j), get_word<Word>(u, j - 1), s));
    set_word<Word>(q, j, step.quot);
    r1 = step.r1;
    r0 = step.r0;
  }
  const auto last = nd.divide(r1, r0, static_cast<Word>(get_word<Word>(u, 0) << s));
  set_word<Word>(q, 0, last.quot);
  r1 = last.r1;
  r0 = last.r0;
  set_word<Word>(r, 0, s == 0 ? r0 : static_cast<Word>((r0 >> s) | (r1 << (wb - s))));
  set_word<Word>(r, 1, static_cast<Word>(r1 >> s));
}

/// r[0, L) -= a[0, L) w for a constant L; returns the word the product and the borrow take from r[L]. On the
/// device (32-bit words, up to 126 limbs) the unrolled carry chains of ptx::submul_row (ptx/submul_row.hpp), elsewhere
/// submul_1_portable.
template <int L, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word submul_fixed(Word* r, const Word* a, Word w) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (std::is_same_v<Word, std::uint32_t> && ptx::has_submul_row<L>) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((return ptx::submul_row<L>(r, a, w, 0u);), ())
    }
  }
#endif
  return submul_1_portable<L>(r, r, a, L, w);
}

/// One quotient word of algorithm D (D3 to D6): q[j] and the running remainder un[j .. j + n) for the
/// normalised divisor vn (n words, top words d1, d0). The word comes from the top three words of the remainder
/// (top[0..2] below): by a 3-by-2 division (NormalisedDivisor2), exact for those words, or, where the top two
/// words equal (d1, d0) and the 3-by-2 division does not apply, as b - 1 with the remainder of those words
/// (d1, d0) + top[0], up to three words. Either way only the other n - 2 words are multiplied and subtracted,
/// and a negative result (the word one too large) adds vn back. Fixed > 0: n is the constant Fixed, unrolled.
template <int Fixed, class Word, class Limb>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void knuth_step(Limb* q, Word* un, const Word* vn, int j, int n,
                                                         const NormalisedDivisor2<Word>& nd) noexcept {
  const Word d1 = vn[n - 1];
  const Word d0 = vn[n - 2];
  Word* const top = un + j + n - 2;  // the running remainder's top two words never exceed (d1, d0)
  Word qhat = 0;
  Word r2 = 0;
  Word r1 = 0;
  Word r0 = 0;
  if (top[2] == d1 && top[1] == d0) {
    qhat = static_cast<Word>(~Word{0});
    r0 = static_cast<Word>(d0 + top[0]);
    const Word c = r0 < d0 ? 1 : 0;
    r1 = static_cast<Word>(d1 + c);
    r2 = r1 < c ? 1 : 0;
  } else {
    const auto est = nd.divide(top[2], top[1], top[0]);
    qhat = est.quot;
    r1 = est.r1;
    r0 = est.r0;
  }
  // (r2, r1, r0, un[j .. j + n - 3]) - qhat * vn[0 .. n - 3]: the low words, then the borrow from the top.
  Word borrow = 0;
  if constexpr (Fixed > 0) {
    borrow = submul_fixed<Fixed - 2>(un + j, vn, qhat);
  } else {
    borrow = submul_1(un + j, un + j, vn, n - 2, qhat);
  }
  const Word c0 = r0 < borrow ? 1 : 0;
  const Word c1 = r1 < c0 ? 1 : 0;
  top[0] = static_cast<Word>(r0 - borrow);
  top[1] = static_cast<Word>(r1 - c0);
  if (r2 < c1) {  // negative: qhat was one too large; adding vn back cancels the borrow out of the top
    --qhat;
    add_n_portable<Fixed>(un + j, un + j, vn, n);
  }
  set_word<Word>(q, j, qhat);
}

/// Knuth, TAOCP vol. 2, 4.3.1, algorithm D: q = u / v (m - n + 1 words), r = u % v (n words), for
/// m >= n >= 3 and v[n - 1] != 0, one knuth_step a quotient word. `un` (m + 1 words) and `vn` (n words) are
/// scratch. FixedM, FixedN > 0: m and n are these constants and every loop is unrolled, so that every index is
/// a constant and the device keeps un and vn in registers (divmod_n's half-length case).
template <int FixedM = 0, int FixedN = 0, class Word, class Limb>
WARPNUM_HD constexpr void divmod_knuth(Limb* q, Limb* r, const Limb* u, int m, const Limb* v, int n, Word* un,
                                       Word* vn) noexcept {
  static_assert((FixedM == 0) == (FixedN == 0) && FixedM >= FixedN && (FixedN == 0 || FixedN >= 3));
  if constexpr (FixedN > 0) {
    m = FixedM;
    n = FixedN;
  }
  // D1: normalise so that the divisor's top bit is set.
  const int s = countl_zero_word(get_word<Word>(v, n - 1));
  shl_bits<FixedN>(vn, v, n, s);
  un[m] = shl_bits<FixedM>(un, u, m, s);
  const NormalisedDivisor2<Word> nd(vn[n - 1], vn[n - 2]);
  if constexpr (FixedN > 0) {
    WARPNUM_UNROLL
    for (int j = FixedM - FixedN; j >= 0; --j) knuth_step<FixedN>(q, un, vn, j, n, nd);
  } else {
    WARPNUM_NO_UNROLL
    for (int j = m - n; j >= 0; --j) knuth_step<0>(q, un, vn, j, n, nd);
  }
  // D8: unnormalise the remainder (its words above n are zero now).
  shr_bits<FixedN>(r, un, n, s);
}

/// Word i of p, or zero for i < 0.
template <class Word, class Limb> WARPNUM_HD constexpr Word word_or_zero(const Limb* p, int i) noexcept {
  return i >= 0 ? get_word<Word>(p, i) : Word{0};
}

/// Division of numbers of the same length n >= 2 (u[n - 1] and v[n - 1] non-zero), whose quotient is one word:
/// the quotient word of the normalised top words (taken on the fly instead of shifting both numbers), then
/// r = u - qhat * v in one pass. r (n words) = u % v; returns u / v.
template <class Word, class Limb>
WARPNUM_HD constexpr Word divmod_same_length(Limb* r, const Limb* u, const Limb* v, int n) noexcept {
  constexpr int wb = word_bits<Word>;
  const int s = countl_zero_word(get_word<Word>(v, n - 1));
  // The top words of v << s and u << s (u << s has a word n; (u2, u1) < (d1, d0) since d1 >= b / 2 > u2).
  const Word d1 = shifted_word(get_word<Word>(v, n - 1), get_word<Word>(v, n - 2), s);
  const Word d0 = shifted_word(get_word<Word>(v, n - 2), word_or_zero<Word>(v, n - 3), s);
  const Word u2 = s == 0 ? Word{0} : static_cast<Word>(get_word<Word>(u, n - 1) >> (wb - s));
  const Word u1 = shifted_word(get_word<Word>(u, n - 1), get_word<Word>(u, n - 2), s);
  const Word u0 = shifted_word(get_word<Word>(u, n - 2), word_or_zero<Word>(u, n - 3), s);
  // The quotient of the top words is the quotient or one more (Knuth's theorem B).
  Word qhat = NormalisedDivisor2<Word>(d1, d0).divide(u2, u1, u0).quot;
  if (qhat == 0) {  // u < v (the quotient is at most qhat): a copy
    WARPNUM_NO_UNROLL
    WARPNUM_HOST_UNROLL
    for (int i = 0; i < n; ++i) {
      set_word<Word>(r, i, get_word<Word>(u, i));
      WARPNUM_HOST_KEEP_LOOP();
    }
    return 0;
  }
  if (submul_1(r, u, v, n, qhat) != 0) {  // u < qhat * v: qhat was one too large
    --qhat;
    add_n_portable(r, r, v, n * limbs_per_word<Word, Limb>);  // the same sum in limbs as in words
  }
  return qhat;
}

/// q = u / v (m - n + 1 words) and r = u % v (n words) for m >= n >= 1 and u[m - 1], v[n - 1] non-zero, as GMP's
/// mpn_tdiv_qr: divrem_1 for one word, divmod_same_length for equal lengths, divrem_2 for two words, else
/// algorithm D (divmod_knuth) with `un` (m + 1 words) and `vn` (n words) as scratch. q and r must not overlap u
/// or v.
template <class Word, class Limb>
WARPNUM_HD constexpr void divmod(Limb* q, Limb* r, const Limb* u, int m, const Limb* v, int n, Word* un,
                                 Word* vn) noexcept {
  if (n == 1) {
    set_word<Word>(r, 0, divrem_1(q, u, m, get_word<Word>(v, 0)));
  } else if (m == n) {
    set_word<Word>(q, 0, divmod_same_length<Word>(r, u, v, n));
  } else if (n == 2) {
    divrem_2<Word>(q, r, u, m, v);
  } else {
    divmod_knuth(q, r, u, m, v, n, un, vn);
  }
}

}  // namespace warpnum::detail::mpn

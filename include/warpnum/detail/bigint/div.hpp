// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/div.hpp: division of limb arrays (short division, Knuth's algorithm D).
#pragma once

#include <warpnum/detail/bigint/add.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/bigint/shift.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

#include <type_traits>

namespace warpnum::detail {

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
/// device (32-bit words, up to 126 limbs) the unrolled carry chains of submul_rows (mul_rows.hpp), elsewhere
/// submul_1_portable.
template <int L, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word submul_fixed(Word* r, const Word* a, Word w) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (std::is_same_v<Word, std::uint32_t> && device_submul_rows<L>) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((return submul_rows<L>(r, a, w, 0u);), ())
    }
  }
#endif
  return mpn::submul_1_portable<L>(r, r, a, L, w);
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
    borrow = mpn::submul_1(un + j, un + j, vn, n - 2, qhat);
  }
  const Word c0 = r0 < borrow ? 1 : 0;
  const Word c1 = r1 < c0 ? 1 : 0;
  top[0] = static_cast<Word>(r0 - borrow);
  top[1] = static_cast<Word>(r1 - c0);
  if (r2 < c1) {  // negative: qhat was one too large; adding vn back cancels the borrow out of the top
    --qhat;
    add_n<Fixed>(un + j, un + j, vn, n);
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

/// Quotient words a turn of divmod_window's loop for a divisor of D words: two from 128 words (an 8192 / 4096-bit
/// division: 128 M/s against 114 with one, H100, 2026-11-25), one below, where the second step's registers cost
/// more than the moves it saves (a 4096 / 2048-bit division: 428 M/s with one against 360 with two; 167 registers
/// against 202).
template <int D> inline constexpr int divmod_window_steps = D >= 128 ? 2 : 1;

/// Algorithm D for a divisor of exactly D words (v[D - 1] != 0, D >= 3) and a dividend of m >= D words, with the
/// running remainder in a window that moves down the dividend: q = u / v (m - D + 1 words), r = u % v (D words).
/// Each step is one knuth_step on D + 1 words of w (every index a constant), after which the next word of u << s
/// comes in below the remainder's D words. A turn of the loop takes Steps steps (divmod_window_steps<D>), the first on
/// w[1, D + 2) and a second on w[0, D + 1), so that the words move up once a turn rather than once a step; the
/// loop stays rolled. On the device this keeps the divisor and the window in registers with code the size of a
/// turn, where divmod_knuth either indexes its scratch in local memory (rolled) or outgrows the instruction
/// cache (unrolled: 2048 by 1024 bits). u and q are read and written a word a step.
template <int D, class Word, int Steps = divmod_window_steps<D>, class Limb>
WARPNUM_HD constexpr void divmod_window(Limb* q, Limb* r, const Limb* u, int m, const Limb* v) noexcept {
  static_assert(D >= 3 && (Steps == 1 || Steps == 2));
  const int s = countl_zero_word(get_word<Word>(v, D - 1));
  Word vn[D];
  shl_bits<D>(vn, v, D, s);
  const NormalisedDivisor2<Word> nd(vn[D - 1], vn[D - 2]);
  // The first window, in w[1, D + 2): words m - D .. m of u << s (the top one holds the bits shifted out, below
  // vn's top word).
  Word w[D + 2];
  w[0] = 0;
  w[D + 1] = shifted_word(Word{0}, get_word<Word>(u, m - 1), s);
  WARPNUM_UNROLL
  for (int i = D - 1; i >= 0; --i) w[i + 1] = shifted_word(get_word<Word>(u, m - D + i), word_or_zero<Word>(u, m - D + i - 1), s);
  WARPNUM_NO_UNROLL
  for (int j = m - D;; j -= Steps) {
    Word qj = 0;
    knuth_step<D>(&qj, w + 1, vn, 0, D, nd);  // the remainder is now w[1, D + 1)
    set_word<Word>(q, j, qj);
    if (j == 0) {
      WARPNUM_UNROLL
      for (int i = 0; i < D; ++i) w[i] = w[i + 1];
      break;
    }
    if constexpr (Steps == 2) {
      w[0] = shifted_word(get_word<Word>(u, j - 1), word_or_zero<Word>(u, j - 2), s);
      knuth_step<D>(&qj, w, vn, 0, D, nd);  // on w[0, D + 1); the remainder is now w[0, D)
      set_word<Word>(q, j - 1, qj);
      if (j == 1) break;
      WARPNUM_UNROLL
      for (int i = D + 1; i >= 2; --i) w[i] = w[i - 2];
      w[1] = shifted_word(get_word<Word>(u, j - 2), word_or_zero<Word>(u, j - 3), s);
    } else {
      WARPNUM_UNROLL
      for (int i = D + 1; i >= 2; --i) w[i] = w[i - 1];
      w[1] = shifted_word(get_word<Word>(u, j - 1), word_or_zero<Word>(u, j - 2), s);
    }
  }
  shr_bits<D>(r, w, D, s);  // the remainder ends in w[0, D)
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
  if (mpn::submul_1(r, u, v, n, qhat) != 0) {  // u < qhat * v: qhat was one too large
    --qhat;
    add_n(r, r, v, n * limbs_per_word<Word, Limb>);  // the same sum in limbs as in words
  }
  return qhat;
}

/// Sets words [from, to) of p to zero.
template <class Word, class Limb> WARPNUM_HD constexpr void zero_words(Limb* p, int from, int to) noexcept {
  WARPNUM_NO_UNROLL
  WARPNUM_HOST_UNROLL
  for (int i = from; i < to; ++i) {
    set_word<Word>(p, i, Word{0});
    WARPNUM_HOST_KEEP_LOOP();
  }
}

/// Whether divmod_n<Word, N, true> has a path of its own for a divisor of N / 2 words.
template <int N> inline constexpr bool divmod_has_half_path = N % 2 == 0 && N / 2 >= 3;

/// Up to this many words divmod_n's half path is divmod_knuth unrolled; above, divmod_window.
inline constexpr int divmod_unrolled_max_words = 32;

/// q = u / v, r = u % v for numbers of N words; v must not be zero. Each word of q and r is written once;
/// neither may overlap u or v. HalfPath, for the device, where the words of these paths stay in registers (see
/// divmod_limbs_device in bigint.hpp for what each measured): a divisor of N / 2 words (the 2n-by-n division of
/// modular reduction, and the Newton steps of isqrt) takes divmod_knuth unrolled for a dividend of N words up to
/// divmod_unrolled_max_words, and divmod_window for any longer dividend above that.
template <class Word, int N, bool HalfPath = false, class Limb>
WARPNUM_HD constexpr void divmod_n(Limb* q, Limb* r, const Limb* u, const Limb* v) noexcept {
  if constexpr (N == 1) {  // one word: the machine's division
    const Word x = get_word<Word>(u, 0);
    const Word y = get_word<Word>(v, 0);
    set_word<Word>(q, 0, static_cast<Word>(x / y));
    set_word<Word>(r, 0, static_cast<Word>(x % y));
    return;
  }
  constexpr int lpw = limbs_per_word<Word, Limb>;
  const int m = (significant_words(u, N * lpw) + lpw - 1) / lpw;
  const int n = (significant_words(v, N * lpw) + lpw - 1) / lpw;
  if (m < n) {
    zero_words<Word>(q, 0, N);
    WARPNUM_NO_UNROLL
    for (int i = 0; i < m; ++i) set_word<Word>(r, i, get_word<Word>(u, i));
    zero_words<Word>(r, m, N);
    return;
  }
  if (n == 1) {
    set_word<Word>(r, 0, divrem_1(q, u, m, get_word<Word>(v, 0)));
    zero_words<Word>(q, m, N);
    zero_words<Word>(r, 1, N);
    return;
  }
  if constexpr (N >= 2) {
    if (m == n) {
      set_word<Word>(q, 0, divmod_same_length<Word>(r, u, v, n));
      zero_words<Word>(q, 1, N);
      zero_words<Word>(r, n, N);
      return;
    }
  }
  // Here m > n >= 2, so N >= 3 (the guard keeps GCC's bounds warnings off the smaller instantiations).
  if constexpr (N >= 3) {
    if (n == 2) {
      divrem_2<Word>(q, r, u, m, v);
      zero_words<Word>(q, m - 1, N);
    } else {
      constexpr bool half = HalfPath && divmod_has_half_path<N>;
      constexpr bool unrolled = half && N <= divmod_unrolled_max_words;
      bool done = false;
      if constexpr (half && !unrolled) {
        if (n == N / 2) {
          divmod_window<N / 2, Word>(q, r, u, m, v);
          done = true;
        }
      }
      if (!done) {
        Word un[N + 1];
        Word vn[N];
        if (unrolled && m == N && n == N / 2) {
          divmod_knuth<unrolled ? N : 0, unrolled ? N / 2 : 0>(q, r, u, m, v, n, un, vn);
        } else {
          divmod_knuth(q, r, u, m, v, n, un, vn);
        }
      }
      zero_words<Word>(q, m - n + 1, N);
    }
    zero_words<Word>(r, n, N);
  }
}

}  // namespace warpnum::detail

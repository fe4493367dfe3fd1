// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/div.hpp: division of numbers of a constant number of words N (divmod_n), by
// detail/mpn/div.hpp's algorithms, with the device's paths for a divisor of N / 2 words (Knuth's algorithm D
// unrolled, divmod_window).
#pragma once

#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/shift.hpp>

namespace warpnum::detail {

// Every function here works on Words and reads its operands and writes its results as arrays of Words that
// may be stored in narrower Limbs (see get_word): the host divides the 32-bit limb arrays of the value types
// in 64-bit words without copying them. Scratch arrays are Words.

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
  mpn::shl_bits<D>(vn, v, D, s);
  const NormalisedDivisor2<Word> nd(vn[D - 1], vn[D - 2]);
  // The first window, in w[1, D + 2): words m - D .. m of u << s (the top one holds the bits shifted out, below
  // vn's top word).
  Word w[D + 2];
  w[0] = 0;
  w[D + 1] = mpn::shifted_word(Word{0}, get_word<Word>(u, m - 1), s);
  WARPNUM_UNROLL
  for (int i = D - 1; i >= 0; --i) w[i + 1] = mpn::shifted_word(get_word<Word>(u, m - D + i), mpn::word_or_zero<Word>(u, m - D + i - 1), s);
  WARPNUM_NO_UNROLL
  for (int j = m - D;; j -= Steps) {
    Word qj = 0;
    mpn::knuth_step<D>(&qj, w + 1, vn, 0, D, nd);  // the remainder is now w[1, D + 1)
    set_word<Word>(q, j, qj);
    if (j == 0) {
      WARPNUM_UNROLL
      for (int i = 0; i < D; ++i) w[i] = w[i + 1];
      break;
    }
    if constexpr (Steps == 2) {
      w[0] = mpn::shifted_word(get_word<Word>(u, j - 1), mpn::word_or_zero<Word>(u, j - 2), s);
      mpn::knuth_step<D>(&qj, w, vn, 0, D, nd);  // on w[0, D + 1); the remainder is now w[0, D)
      set_word<Word>(q, j - 1, qj);
      if (j == 1) break;
      WARPNUM_UNROLL
      for (int i = D + 1; i >= 2; --i) w[i] = w[i - 2];
      w[1] = mpn::shifted_word(get_word<Word>(u, j - 2), mpn::word_or_zero<Word>(u, j - 3), s);
    } else {
      WARPNUM_UNROLL
      for (int i = D + 1; i >= 2; --i) w[i] = w[i - 1];
      w[1] = mpn::shifted_word(get_word<Word>(u, j - 1), mpn::word_or_zero<Word>(u, j - 2), s);
    }
  }
  mpn::shr_bits<D>(r, w, D, s);  // the remainder ends in w[0, D)
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
/// divmod_limbs_device in detail/div/select.hpp for what each measured): a divisor of N / 2 words (the 2n-by-n division of
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
  const int m = (mpn::significant_words(u, N * lpw) + lpw - 1) / lpw;
  const int n = (mpn::significant_words(v, N * lpw) + lpw - 1) / lpw;
  if (m < n) {
    zero_words<Word>(q, 0, N);
    WARPNUM_NO_UNROLL
    for (int i = 0; i < m; ++i) set_word<Word>(r, i, get_word<Word>(u, i));
    zero_words<Word>(r, m, N);
    return;
  }
  if (n == 1) {
    set_word<Word>(r, 0, mpn::divrem_1(q, u, m, get_word<Word>(v, 0)));
    zero_words<Word>(q, m, N);
    zero_words<Word>(r, 1, N);
    return;
  }
  if constexpr (N >= 2) {
    if (m == n) {
      set_word<Word>(q, 0, mpn::divmod_same_length<Word>(r, u, v, n));
      zero_words<Word>(q, 1, N);
      zero_words<Word>(r, n, N);
      return;
    }
  }
  // Here m > n >= 2, so N >= 3 (the guard keeps GCC's bounds warnings off the smaller instantiations).
  if constexpr (N >= 3) {
    if (n == 2) {
      mpn::divrem_2<Word>(q, r, u, m, v);
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
          mpn::divmod_knuth<unrolled ? N : 0, unrolled ? N / 2 : 0>(q, r, u, m, v, n, un, vn);
        } else {
          mpn::divmod_knuth(q, r, u, m, v, n, un, vn);
        }
      }
      zero_words<Word>(q, m - n + 1, N);
    }
    zero_words<Word>(r, n, N);
  }
}

}  // namespace warpnum::detail

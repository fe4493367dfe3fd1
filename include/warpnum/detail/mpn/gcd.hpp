// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/gcd.hpp: gcd and the modular inverse of word arrays by Pornin's binary GCD, which takes its
// decisions for 30 steps at a time from 64-bit approximations of the two numbers and then applies them to the
// whole numbers in one pass: T. Pornin, "Optimized Binary GCD for Modular Inversion", IACR ePrint 2020/972,
// Alg. 2. Run-time lengths with scratch from the caller, for the host's 64-bit words and the device's (and
// constant evaluation's) 32-bit limbs; the fixed widths' forms, with their scratch on the stack, are
// detail/bigint/gcd.hpp.
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/shift.hpp>

#include <cstdint>
#include <type_traits>

namespace warpnum::detail::mpn {

/// Steps of the binary GCD decided from one pair of approximations (Pornin's k - 1). With 30, each update
/// factor stays within 2^30 in magnitude (it at most doubles a step), so a 32-bit word times a factor, summed
/// with a second such product and a carry, fits an int64_t: the device's limb-by-factor products are 64-bit.
inline constexpr int bgcd_steps = 30;

/// Bits [pos, pos + 64) of the n-word number a, zeros above its top word.
template <class Word> WARPNUM_HD constexpr std::uint64_t bits64_at(const Word* a, int n, int pos) noexcept {
  constexpr int wb = word_bits<Word>;
  const int i = pos / wb;
  const int s = pos % wb;
  std::uint64_t r = 0;
  for (int k = 0; k <= 64 / wb && i + k < n; ++k) {  // word i + k lands at bit k wb - s of the result
    const std::uint64_t w = a[i + k];
    const int off = k * wb - s;
    if (off < 0) {
      r |= w >> -off;
    } else if (off < 64) {
      r |= w << off;
    }
  }
  return r;
}

/// Number of significant bits of the n-word number a (0 for zero).
template <class Word> WARPNUM_HD constexpr int bit_length_n(const Word* a, int n) noexcept {
  const int s = mpn::significant_words(a, n);
  return s == 0 ? 0 : s * word_bits<Word> - countl_zero_word(a[s - 1]);
}

/// The update factors of one round: after it, 2^30 a' = f0 a + g0 b and 2^30 b' = f1 a + g1 b.
/// |f0| + |g0| <= 2^30 and |f1| + |g1| <= 2^30.
struct BgcdFactors {
  std::int32_t f0;
  std::int32_t g0;
  std::int32_t f1;
  std::int32_t g1;
};

/// Pornin, Alg. 2, the inner loop: bgcd_steps steps of the binary GCD (a even: a /= 2; a odd: if a < b swap
/// them, then a = (a - b) / 2) on approximations of a and b (b odd), recording what they do to a and b as
/// factors. Multiplying the b side by 2 instead of dividing the a side keeps the factors integers. The parity
/// tests are exact (the approximations keep the low 30 bits); only the comparisons can be wrong, which makes a
/// round's result negative or less reduced, never wrong (the caller takes absolute values).
WARPNUM_HD constexpr BgcdFactors bgcd_inner(std::uint64_t a, std::uint64_t b) noexcept {
  std::int32_t f0 = 1;
  std::int32_t g0 = 0;
  std::int32_t f1 = 0;
  std::int32_t g1 = 1;
  for (int j = 0; j < bgcd_steps; ++j) {
    if ((a & 1) != 0) {
      if (a < b) {
        const std::uint64_t t = a;
        a = b;
        b = t;
        const std::int32_t tf = f0;
        f0 = f1;
        f1 = tf;
        const std::int32_t tg = g0;
        g0 = g1;
        g1 = tg;
      }
      a -= b;
      f0 -= f1;
      g0 -= g1;
    }
    a >>= 1;
    f1 += f1;
    g1 += g1;
  }
  return {f0, g0, f1, g1};
}

/// a f as a double word, two's complement: the unsigned product of a and f's word (2^wb + f for negative f)
/// less a 2^wb where f < 0. One widening multiply (IMAD.WIDE.U32 on the device, mul on x86-64) and a masked
/// subtraction, where a product of the sign-extended operands costs three multiplies.
template <class Word> WARPNUM_HD constexpr dword_t<Word> mul_word_factor(Word a, std::int32_t f) noexcept {
  using D = dword_t<Word>;
  const Word fw = static_cast<Word>(static_cast<std::make_signed_t<Word>>(f));
  const Word sign = static_cast<Word>(0 - static_cast<Word>(f < 0));  // all ones for negative f
  return static_cast<D>(static_cast<D>(a) * fw - (static_cast<D>(a & sign) << word_bits<Word>));
}

/// How a round's passes run over the words. Dynamic (Fixed == 0): over the numbers' current length n, rolled,
/// indexing the arrays at run time (the host's; short numbers cost little). Fixed == N: over all N words,
/// unrolled, with every index a constant, so that the arrays stay in registers (the device's, up to 32 limbs;
/// the words above the length are zeros and add nothing but time). Both give the same results.
template <int Fixed> inline constexpr bool bgcd_fixed = Fixed > 0;

/// a = -a over n words (n == Fixed for a fixed pass).
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr void neg_words(Word* a, int n) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    Word carry = 1;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) {
      const Word t = static_cast<Word>(static_cast<Word>(~a[i]) + carry);
      carry = (carry != 0 && t == 0) ? 1 : 0;
      a[i] = t;
    }
  } else {
    mpn::neg_n(a, a, n);
  }
}

/// r = a (a == nullptr: zeros) over n words (n == Fixed for a fixed pass).
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr void copy_words(Word* r, const Word* a, int n) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) r[i] = a != nullptr ? a[i] : 0;
  } else {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < n; ++i) r[i] = a != nullptr ? a[i] : 0;
  }
}

/// Whether the n-word a is zero; for a fixed pass, one OR over the words.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr bool is_zero_words(const Word* a, int n) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    Word w = 0;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) w |= a[i];
    return w == 0;
  } else {
    return mpn::significant_words(a, n) == 0;
  }
}

/// The word of an array at a run-time index, in a form that keeps the array in registers: a select per word.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word select_word(const Word* a, int index) noexcept {
  Word w = 0;
  WARPNUM_UNROLL
  for (int k = 0; k < Fixed; ++k) w = k == index ? a[k] : w;
  return w;
}

/// The low 64 bits of a number of Fixed > 0 words, by constant indices.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr std::uint64_t low64_words(const Word* a) noexcept {
  if constexpr (word_bits<Word> == 64 || Fixed == 1) {
    return a[0];
  } else {
    return a[0] | (static_cast<std::uint64_t>(a[1]) << 32);
  }
}

/// The approximations of Pornin, Alg. 2, of two numbers of n words below 2^len each: exact when len <= 64,
/// else the low 30 bits of each joined to its bits [len - 34, len), the same window in both, so that comparing
/// the two approximations compares the numbers' tops.
struct BgcdApprox {
  std::uint64_t a;
  std::uint64_t b;
};
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr BgcdApprox bgcd_approx(const Word* a, const Word* b, int n) noexcept {
  constexpr int wb = word_bits<Word>;
  constexpr std::uint64_t low = (std::uint64_t{1} << bgcd_steps) - 1;
  if constexpr (bgcd_fixed<Fixed>) {
    int len = 0;  // the bit length of a | b, the larger of the two lengths
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) {
      const Word w = static_cast<Word>(a[i] | b[i]);
      len = w != 0 ? i * wb + wb - countl_zero_word(w) : len;
    }
    const std::uint64_t a0 = low64_words<Fixed>(a);
    const std::uint64_t b0 = low64_words<Fixed>(b);
    if (len <= 64) return {a0, b0};
    // Bits [pos, pos + 64) from the words i .. i + 64 / wb, picked out by selects.
    const int pos = len - (64 - bgcd_steps);
    const int i = pos / wb;
    const int sh = pos % wb;
    std::uint64_t at = 0;
    std::uint64_t bt = 0;
    WARPNUM_UNROLL
    for (int k = 0; k <= 64 / wb; ++k) {
      const std::uint64_t wa = select_word<Fixed>(a, i + k);
      const std::uint64_t wbb = select_word<Fixed>(b, i + k);
      const int off = k * wb - sh;
      at |= off < 0 ? wa >> -off : off < 64 ? wa << off : 0;
      bt |= off < 0 ? wbb >> -off : off < 64 ? wbb << off : 0;
    }
    return {(at << bgcd_steps) | (a0 & low), (bt << bgcd_steps) | (b0 & low)};
  } else {
    const int la = bit_length_n(a, n);
    const int lb = bit_length_n(b, n);
    const int len = la > lb ? la : lb;
    if (len <= 64) return {bits64_at(a, n, 0), bits64_at(b, n, 0)};
    const int pos = len - (64 - bgcd_steps);
    return {(bits64_at(a, n, pos) << bgcd_steps) | (bits64_at(a, n, 0) & low),
            (bits64_at(b, n, pos) << bgcd_steps) | (bits64_at(b, n, 0) & low)};
  }
}

/// Running state of one streaming pass that forms two signed sums word by word and writes them back shifted
/// right by 30 bits, word i - 1 once word i of the sum is known (so the pass can work in place).
template <class Word> struct BgcdStream {
  sdword_t<Word> carry_x = 0;
  sdword_t<Word> carry_y = 0;
  Word prev_x = 0;
  Word prev_y = 0;

  /// Takes word i of the two sums (as unsigned double words, wrapping; read as signed) and writes word i - 1
  /// of the shifted results.
  WARPNUM_HD WARPNUM_FORCEINLINE constexpr void step(Word* x, Word* y, int i, dword_t<Word> tx, dword_t<Word> ty) noexcept {
    using S = sdword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const S sx = static_cast<S>(tx + static_cast<dword_t<Word>>(carry_x));
    const S sy = static_cast<S>(ty + static_cast<dword_t<Word>>(carry_y));
    const Word wx = static_cast<Word>(sx);
    const Word wy = static_cast<Word>(sy);
    carry_x = sx >> wb;  // arithmetic (C++20)
    carry_y = sy >> wb;
    if (i > 0) {
      x[i - 1] = static_cast<Word>((prev_x >> bgcd_steps) | (wx << (wb - bgcd_steps)));
      y[i - 1] = static_cast<Word>((prev_y >> bgcd_steps) | (wy << (wb - bgcd_steps)));
    }
    prev_x = wx;
    prev_y = wy;
  }
  /// Writes the top word n - 1; the sums' bits beyond it are carry >> 30 (0 or -1 for a/b, -1..1 for u/v).
  WARPNUM_HD WARPNUM_FORCEINLINE constexpr void finish(Word* x, Word* y, int n) noexcept {
    constexpr int wb = word_bits<Word>;
    x[n - 1] = static_cast<Word>((prev_x >> bgcd_steps) | (static_cast<Word>(carry_x) << (wb - bgcd_steps)));
    y[n - 1] = static_cast<Word>((prev_y >> bgcd_steps) | (static_cast<Word>(carry_y) << (wb - bgcd_steps)));
  }
};

/// Word i of (f0 a + g0 b, f1 a + g1 b) into the stream. |a f0 + b g0| < 2^(wb + 30) and the carry is below
/// 2^31 in magnitude: the sums fit sdword.
template <class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void bgcd_apply_word(BgcdStream<Word>& st, Word* a, Word* b, int i, const BgcdFactors& f) noexcept {
  const Word ai = a[i];
  const Word bi = b[i];
  st.step(a, b, i, mul_word_factor(ai, f.f0) + mul_word_factor(bi, f.g0), mul_word_factor(ai, f.f1) + mul_word_factor(bi, f.g1));
}

/// (a, b) <- (|f0 a + g0 b| / 2^30, |f1 a + g1 b| / 2^30) in place, over n words (a, b < 2^(n wb); n == Fixed
/// for a fixed pass); the divisions are exact. Returns bit 0 set if f0 a + g0 b was negative, bit 1 if
/// f1 a + g1 b was. The results are no larger than the larger of a and b, so they fit.
template <int Fixed, class Word> WARPNUM_HD constexpr unsigned bgcd_apply(Word* a, Word* b, int n, const BgcdFactors& f) noexcept {
  BgcdStream<Word> st;
  if constexpr (bgcd_fixed<Fixed>) {
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) bgcd_apply_word(st, a, b, i, f);
  } else {
    WARPNUM_DEVICE_UNROLL_4
    for (int i = 0; i < n; ++i) bgcd_apply_word(st, a, b, i, f);
  }
  st.finish(a, b, n);
  // The sign is the carry's: the quotient's bits beyond n words are all 0 or all 1.
  unsigned negative = 0;
  if (st.carry_x < 0) {
    neg_words<Fixed>(a, n);
    negative |= 1;
  }
  if (st.carry_y < 0) {
    neg_words<Fixed>(b, n);
    negative |= 2;
  }
  return negative;
}

/// One round on a, b (b odd, not both zero) of n words: the factors, already negated where bgcd_apply took
/// an absolute value, so that they also carry the Bezout coefficients along.
template <int Fixed, class Word> WARPNUM_HD constexpr BgcdFactors bgcd_round(Word* a, Word* b, int n) noexcept {
  const auto x = bgcd_approx<Fixed>(a, b, n);
  BgcdFactors f = bgcd_inner(x.a, x.b);
  const unsigned negative = bgcd_apply<Fixed>(a, b, n, f);
  if ((negative & 1) != 0) {
    f.f0 = -f.f0;
    f.g0 = -f.g0;
  }
  if ((negative & 2) != 0) {
    f.f1 = -f.f1;
    f.g1 = -f.g1;
  }
  return f;
}

/// Word i < n of (f0 u + g0 v + qu m, f1 u + g1 v + qv m) into the stream: |.| <= (2^wb - 1)(2^30 + 2^30 - 1) +
/// |carry| < 2^(wb + 31), which fits sdword (int64_t for 32-bit words).
template <class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void bgcd_cofactor_word(BgcdStream<Word>& st, Word* u, Word* v, const Word* m, int i,
                                                             const BgcdFactors& f, Word qu, Word qv) noexcept {
  using D = dword_t<Word>;
  const Word ui = u[i];
  const Word vi = v[i];
  st.step(u, v, i, mul_word_factor(ui, f.f0) + mul_word_factor(vi, f.g0) + static_cast<D>(m[i]) * qu,
          mul_word_factor(ui, f.f1) + mul_word_factor(vi, f.g1) + static_cast<D>(m[i]) * qv);
}

/// The top word n of the same sums, where u and v hold their signed top words (m has none).
template <class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void bgcd_cofactor_top(BgcdStream<Word>& st, Word* u, Word* v, int n, const BgcdFactors& f) noexcept {
  using D = dword_t<Word>;
  using S = sdword_t<Word>;
  const S un = static_cast<S>(static_cast<std::make_signed_t<Word>>(u[n]));
  const S vn = static_cast<S>(static_cast<std::make_signed_t<Word>>(v[n]));
  st.step(u, v, n, static_cast<D>(un * f.f0 + vn * f.g0), static_cast<D>(un * f.f1 + vn * f.g1));
}

/// (u, v) <- ((f0 u + g0 v) / 2^30 mod m, (f1 u + g1 v) / 2^30 mod m) in place: each sum gets the multiple q m
/// of m (0 <= q < 2^30) that makes it divisible by 2^30 (Montgomery's reduction by one 30-bit digit). m is odd
/// of n words, neg_minv = -m^-1 mod 2^30 (or mod a larger power of two). The cofactors are kept signed and
/// unreduced in n + 1 words, word n the signed top: from |u|, |v| <= B the new ones are at most
/// (2^30 B + 2^30 m) / 2^30 = B + m, so after r rounds |u|, |v| <= (r + 1) m, below 2^12 m for any size here,
/// and one reduction at the end (bgcd_reduce_cofactor) replaces a comparison and a subtraction each round.
template <int Fixed, class Word>
WARPNUM_HD constexpr void bgcd_apply_cofactors(Word* u, Word* v, const Word* m, int n, const BgcdFactors& f, Word neg_minv) noexcept {
  constexpr Word low = static_cast<Word>((Word{1} << bgcd_steps) - 1);
  // Word arithmetic wraps, so the low words of the sums come out right for negative factors too.
  const Word qu = static_cast<Word>(static_cast<Word>(u[0] * static_cast<Word>(f.f0) + v[0] * static_cast<Word>(f.g0)) * neg_minv) & low;
  const Word qv = static_cast<Word>(static_cast<Word>(u[0] * static_cast<Word>(f.f1) + v[0] * static_cast<Word>(f.g1)) * neg_minv) & low;
  BgcdStream<Word> st;
  if constexpr (bgcd_fixed<Fixed>) {
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) bgcd_cofactor_word(st, u, v, m, i, f, qu, qv);
  } else {
    WARPNUM_DEVICE_UNROLL_4
    for (int i = 0; i < n; ++i) bgcd_cofactor_word(st, u, v, m, i, f, qu, qv);
  }
  bgcd_cofactor_top(st, u, v, n, f);
  st.finish(u, v, n + 1);  // the quotients fit n + 1 words: the bits beyond are the sign
}

/// Bound on the rounds of a gcd or inverse of numbers below 2^bits: the binary GCD takes at most 2 bits - 1
/// steps, and Pornin (Sec. 3) shows the approximations do not add any. The tests check that the count holds.
WARPNUM_HD constexpr int bgcd_max_rounds(int bits) noexcept { return (2 * bits - 1 + bgcd_steps - 1) / bgcd_steps; }

/// -m0^-1 mod 2^wb for an odd word m0, by Newton's iteration x <- x (2 - m0 x) from x = m0 (right to 3 bits;
/// each step doubles that).
template <class Word> WARPNUM_HD constexpr Word neg_inverse_word(Word m0) noexcept {
  Word x = m0;
  for (int i = 0; i < 5; ++i) x = static_cast<Word>(x * static_cast<Word>(2 - m0 * x));  // 6 .. 96 bits
  return static_cast<Word>(0 - x);
}

/// After a round: the new length of a and b (dynamic passes), and whether a is zero.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr bool bgcd_shrink(const Word* a, const Word* b, int& n) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    return is_zero_words<Fixed>(a, n);
  } else {
    const int na = mpn::significant_words(a, n);
    const int nb = mpn::significant_words(b, n);
    n = na > nb ? na : nb;
    return na == 0;
  }
}

/// What inverse_odd_rounds found: whether x was invertible, the rounds it took (for the tests), and m's length.
struct InverseRounds {
  bool invertible;
  int rounds;
  int nm;
};

/// The rounds of x^-1 mod m for odd m > 1 and x < m, n words each (Pornin, Alg. 2: invariants a = u x and b = v x
/// mod m; the loop ends at a == 0 with b = gcd(x, m)). When x is invertible (b == 1), v holds its inverse as a
/// signed, unreduced cofactor of nm + 1 words (|v| < 2^12 m, bgcd_apply_cofactors), nm m's significant length;
/// the caller reduces it modulo m. Scratch: a and b of n words, u and v of n + 1. Fixed: 0 for passes over the
/// current length, n for unrolled passes over all words (bgcd_fixed).
template <int Fixed = 0, class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr InverseRounds inverse_odd_rounds(const Word* x, const Word* m, int n, Word* a, Word* b, Word* u,
                                                                       Word* v) noexcept {
  copy_words<Fixed>(a, x, n);
  copy_words<Fixed>(b, m, n);
  copy_words<bgcd_fixed<Fixed> ? Fixed + 1 : 0>(u, static_cast<const Word*>(nullptr), n + 1);
  copy_words<bgcd_fixed<Fixed> ? Fixed + 1 : 0>(v, static_cast<const Word*>(nullptr), n + 1);
  u[0] = 1;
  const Word neg_minv = neg_inverse_word(m[0]);
  const int nm = bgcd_fixed<Fixed> ? n : significant_words(m, n);
  int len = nm;
  int rounds = 0;
  bool done = is_zero_words<Fixed>(a, len);
  WARPNUM_NO_UNROLL
  while (!done) {
    const BgcdFactors f = bgcd_round<Fixed>(a, b, len);
    bgcd_apply_cofactors<Fixed>(u, v, m, nm, f, neg_minv);
    ++rounds;
    done = bgcd_shrink<Fixed>(a, b, len);
  }
  b[0] ^= 1;  // b == 1?
  return {is_zero_words<Fixed>(b, len), rounds, nm};
}

/// r = x >> s over n words (s < n wb), x in memory; for a fixed pass r is written by constant indices only.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr void shr_into(Word* r, const Word* x, int n, int s) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    constexpr int wb = word_bits<Word>;
    const int q = s / wb;
    const int sh = s % wb;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) {
      const Word lo = i + q < Fixed ? x[i + q] : 0;
      const Word hi = i + q + 1 < Fixed ? x[i + q + 1] : 0;
      r[i] = sh == 0 ? lo : static_cast<Word>((lo >> sh) | (hi << (wb - sh)));
    }
  } else {
    mpn::shr_n(r, x, n, static_cast<unsigned long long>(s));
  }
}

/// r = b << s over n words (the result fits), r in memory; for a fixed pass b is read by constant indices only.
template <int Fixed, class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr void shl_from(Word* r, const Word* b, int n, int s) noexcept {
  if constexpr (bgcd_fixed<Fixed>) {
    constexpr int wb = word_bits<Word>;
    const int q = s / wb;
    const int sh = s % wb;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) r[i] = 0;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) {
      if (i + q < Fixed) r[i + q] |= static_cast<Word>(b[i] << sh);
      if (sh != 0 && i + q + 1 < Fixed) r[i + q + 1] |= static_cast<Word>(b[i] >> (wb - sh));
    }
  } else {
    mpn::shl_n(r, b, n, static_cast<unsigned long long>(s));
  }
}

/// r = gcd(x, y) of numbers of n words: the common power of two apart, Pornin's rounds on x and y with their
/// factors of two removed (b = the odd x). Scratch: a and b of n words; r may alias x or y. Returns the rounds
/// taken (for the tests). Fixed: 0 for passes over the current length, n for unrolled passes over all words
/// (bgcd_fixed).
template <int Fixed = 0, class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr int gcd(Word* r, const Word* x, const Word* y, int n, Word* a, Word* b) noexcept {
  const int nx = significant_words(x, n);
  const int ny = significant_words(y, n);
  if (nx == 0 || ny == 0) {
    copy_words<Fixed>(r, nx == 0 ? y : x, n);
    return 0;
  }
  const unsigned long long zx = countr_zero_n(x, nx);
  const unsigned long long zy = countr_zero_n(y, ny);
  shr_into<Fixed>(b, x, n, static_cast<int>(zx));
  shr_into<Fixed>(a, y, n, static_cast<int>(zy));
  int len = n;
  if constexpr (!bgcd_fixed<Fixed>) {
    const int na = significant_words(a, n);
    const int nb = significant_words(b, n);
    len = na > nb ? na : nb;
  }
  int rounds = 0;
  bool done = false;
  WARPNUM_NO_UNROLL
  while (!done) {
    bgcd_round<Fixed>(a, b, len);
    ++rounds;
    done = bgcd_shrink<Fixed>(a, b, len);
  }
  shl_from<Fixed>(r, b, n, static_cast<int>(zx < zy ? zx : zy));
  return rounds;
}

}  // namespace warpnum::detail::mpn

// warpnum/detail/bigint/div.hpp: division of limb arrays (short division, Knuth's algorithm D).
#pragma once

#include <warpnum/detail/bigint/add.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/bigint/shift.hpp>
#include <warpnum/detail/limb.hpp>

namespace warpnum::detail {

/// q = u / d over m words; returns u % d. Requires d != 0. q may alias u.
template <class Word> WARPNUM_HD constexpr Word divrem_1(Word* q, const Word* u, int m, Word d) noexcept {
  constexpr int wb = word_bits<Word>;
  const int s = countl_zero_word(d);
  const NormalisedDivisor<Word> nd(static_cast<Word>(d << s));
  // Divides u << s word by word; the running remainder stays below d << s.
  Word r = s == 0 ? 0 : static_cast<Word>(u[m - 1] >> (wb - s));
  WARPNUM_NO_UNROLL
  for (int i = m - 1; i >= 0; --i) {
    const Word low = (s != 0 && i > 0) ? static_cast<Word>(u[i - 1] >> (wb - s)) : 0;
    const auto step = nd.divide(r, static_cast<Word>((u[i] << s) | low));
    q[i] = step.quot;
    r = step.rem;
  }
  return static_cast<Word>(r >> s);
}

/// Knuth, TAOCP vol. 2, 4.3.1, algorithm D: q = u / v (m - n + 1 words), r = u % v (n words), for
/// m >= n >= 2 and v[n - 1] != 0. `un` (m + 1 words) and `vn` (n words) are scratch.
template <class Word>
WARPNUM_HD constexpr void divmod_knuth(Word* q, Word* r, const Word* u, int m, const Word* v, int n, Word* un,
                                       Word* vn) noexcept {
  using D = dword_t<Word>;
  constexpr int wb = word_bits<Word>;
  // D1: normalise so that the divisor's top bit is set.
  const int s = countl_zero_word(v[n - 1]);
  shl_bits(vn, v, n, s);
  un[m] = shl_bits(un, u, m, s);
  const Word v1 = vn[n - 1];
  const Word v2 = vn[n - 2];
  const NormalisedDivisor<Word> nd(v1);
  WARPNUM_NO_UNROLL
  for (int j = m - n; j >= 0; --j) {
    // D3: estimate qhat from the top two words; un[j + n] <= v1 always holds.
    Word qhat;
    Word rhat;
    bool rhat_overflow = false;
    if (un[j + n] >= v1) {
      qhat = static_cast<Word>(~Word{0});
      rhat = static_cast<Word>(un[j + n - 1] + v1);
      rhat_overflow = rhat < v1;
    } else {
      const auto est = nd.divide(un[j + n], un[j + n - 1]);
      qhat = est.quot;
      rhat = est.rem;
    }
    // Refine with the second divisor word: afterwards qhat is exact or one too large.
    while (!rhat_overflow &&
           static_cast<D>(qhat) * v2 > ((static_cast<D>(rhat) << wb) | un[j + n - 2])) {
      --qhat;
      rhat = static_cast<Word>(rhat + v1);
      rhat_overflow = rhat < v1;
    }
    // D4-D6: multiply and subtract; add back when qhat was one too large.
    const Word borrow = submul_1(un + j, vn, n, qhat);
    const Word top = un[j + n];
    un[j + n] = static_cast<Word>(top - borrow);
    if (top < borrow) {
      --qhat;
      un[j + n] = static_cast<Word>(un[j + n] + add_n(un + j, un + j, vn, n));
    }
    q[j] = qhat;
  }
  // D8: unnormalise the remainder (its words above n are zero now).
  shr_bits(r, un, n, s);
}

/// Division of numbers of the same length n >= 2 (u[n - 1] and v[n - 1] non-zero), whose quotient is one word:
/// one step of algorithm D that takes the normalised top words on the fly instead of shifting both numbers,
/// then subtracts qhat * v from an unshifted copy of u. r (n words) = u % v; returns u / v.
template <class Word>
WARPNUM_HD constexpr Word divmod_same_length(Word* r, const Word* u, const Word* v, int n) noexcept {
  using D = dword_t<Word>;
  constexpr int wb = word_bits<Word>;
  const int s = countl_zero_word(v[n - 1]);
  // The top words of v << s and u << s (u << s has a word n, below v1).
  const int t = wb - s;  // only used when s != 0
  const Word v1 = s == 0 ? v[n - 1] : static_cast<Word>((v[n - 1] << s) | (v[n - 2] >> t));
  const Word v2 = s == 0 ? v[n - 2] : static_cast<Word>((v[n - 2] << s) | (n > 2 ? v[n - 3] >> t : Word{0}));
  const Word u2 = s == 0 ? Word{0} : static_cast<Word>(u[n - 1] >> t);
  const Word u1 = s == 0 ? u[n - 1] : static_cast<Word>((u[n - 1] << s) | (u[n - 2] >> t));
  const Word u0 = s == 0 ? u[n - 2] : static_cast<Word>((u[n - 2] << s) | (n > 2 ? u[n - 3] >> t : Word{0}));
  const auto est = NormalisedDivisor<Word>(v1).divide(u2, u1);
  Word qhat = est.quot;
  Word rhat = est.rem;
  bool rhat_overflow = false;
  // D3's refinement: afterwards qhat is the quotient or one more.
  while (!rhat_overflow && static_cast<D>(qhat) * v2 > ((static_cast<D>(rhat) << wb) | u0)) {
    --qhat;
    rhat = static_cast<Word>(rhat + v1);
    rhat_overflow = rhat < v1;
  }
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) r[i] = u[i];
  if (submul_1(r, v, n, qhat) != 0) {  // u < qhat * v: qhat was one too large
    --qhat;
    add_n(r, r, v, n);
  }
  return qhat;
}

/// q = u / v, r = u % v for numbers of N words; v must not be zero.
template <class Word, int N> WARPNUM_HD constexpr void divmod_n(Word* q, Word* r, const Word* u, const Word* v) noexcept {
  const int m = significant_words(u, N);
  const int n = significant_words(v, N);
  WARPNUM_NO_UNROLL
  for (int i = 0; i < N; ++i) {
    q[i] = 0;
    r[i] = 0;
  }
  if (m < n) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < m; ++i) r[i] = u[i];
    return;
  }
  if (n == 1) {
    r[0] = divrem_1(q, u, m, v[0]);
    return;
  }
  if constexpr (N >= 2) {
    if (m == n) {
      q[0] = divmod_same_length(r, u, v, n);
      return;
    }
    Word un[N + 1];
    Word vn[N];
    divmod_knuth(q, r, u, m, v, n, un, vn);
  }
}

/// Index of the lowest set bit of a non-zero number of n words.
template <class Word> WARPNUM_HD constexpr unsigned long long countr_zero_n(const Word* a, int n) noexcept {
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    if (a[i] != 0) return static_cast<unsigned long long>(i) * word_bits<Word> + countr_zero_word(a[i]);
  }
  return static_cast<unsigned long long>(n) * word_bits<Word>;
}

/// r = gcd(a, b) of numbers of N words by Stein's binary algorithm; the lengths shrink as the numbers do.
template <class Word, int N> WARPNUM_HD constexpr void gcd_n(Word* r, const Word* a, const Word* b) noexcept {
  Word x[N];
  Word y[N];
  int nx = significant_words(a, N);
  int ny = significant_words(b, N);
  WARPNUM_NO_UNROLL
  for (int i = 0; i < N; ++i) {
    x[i] = a[i];
    y[i] = b[i];
    r[i] = 0;
  }
  if (nx == 0 || ny == 0) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < N; ++i) r[i] = nx == 0 ? b[i] : a[i];
    return;
  }
  const unsigned long long zx = countr_zero_n(x, nx);
  const unsigned long long zy = countr_zero_n(y, ny);
  const unsigned long long k = zx < zy ? zx : zy;
  shr_n(x, x, nx, zx);
  shr_n(y, y, ny, zy);
  nx = significant_words(x, nx);
  ny = significant_words(y, ny);
  Word* big = x;
  Word* small = y;
  int nbig = nx;
  int nsmall = ny;
  // Both odd from here on: subtract the smaller from the larger and strip the factors of two.
  WARPNUM_NO_UNROLL
  for (;;) {
    int c = nbig != nsmall ? (nbig < nsmall ? -1 : 1) : cmp_n(big, small, nbig);
    if (c == 0) break;
    if (c < 0) {
      Word* t = big;
      big = small;
      small = t;
      const int tn = nbig;
      nbig = nsmall;
      nsmall = tn;
    }
    const Word borrow = sub_n(big, big, small, nsmall);
    sub_1(big + nsmall, big + nsmall, nbig - nsmall, borrow);
    shr_n(big, big, nbig, countr_zero_n(big, nbig));
    nbig = significant_words(big, nbig);
  }
  WARPNUM_NO_UNROLL
  for (int i = 0; i < nbig; ++i) r[i] = big[i];
  shl_n(r, r, N, k);
}

}  // namespace warpnum::detail

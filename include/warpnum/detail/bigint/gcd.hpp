// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/gcd.hpp: gcd and the inverse modulo an odd number of N-word numbers (gcd_n,
// inverse_odd_n): Pornin's binary GCD of detail/mpn/gcd.hpp with its scratch on the stack, and the inverse's final
// reduction by divmod_n.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/div.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/gcd.hpp>

#include <type_traits>

namespace warpnum::detail {

/// The device's choice of Fixed for N limbs: registers up to 32 limbs (1024 bits), passes over the current
/// length above (the arrays are in local memory there anyway).
template <int N> inline constexpr int bgcd_device_fixed = N <= 32 ? N : 0;

/// r = v mod m (n words) for the signed cofactor v of n + 1 words (|v| < 2^12 m), m of n words: one division of
/// |v| by m (a quotient of at most two words), then m - r for negative v. N: the arrays' capacity (n <= N).
template <class Word, int N> WARPNUM_HD constexpr void bgcd_reduce_cofactor(Word* r, const Word* v, const Word* m, int n) noexcept {
  Word x[N + 1];
  Word d[N + 1];
  Word q[N + 1];
  Word rem[N + 1];
  const bool negative = static_cast<std::make_signed_t<Word>>(v[n]) < 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i <= N; ++i) {
    x[i] = i <= n ? v[i] : Word{0};
    d[i] = i < n ? m[i] : Word{0};
  }
  if (negative) mpn::neg_n(x, x, n + 1);
  divmod_n<Word, N + 1>(q, rem, x, d);
  if (negative && mpn::significant_words(rem, n) != 0) mpn::sub_n_portable(rem, d, rem, n);
  WARPNUM_NO_UNROLL
  for (int i = 0; i < N; ++i) r[i] = i < n ? rem[i] : Word{0};
}

/// What inverse_odd_n found: whether x was invertible, and the rounds it took (for the tests).
struct InverseResult {
  bool invertible;
  int rounds;
};

/// r = x^-1 mod m for odd m > 1 and x < m, N words each (mpn::inverse_odd_rounds, then the cofactor reduced).
/// Not invertible (gcd > 1): r = 0. r may alias x. Fixed: 0 for passes over the current length, N for unrolled
/// passes over all words (mpn::bgcd_fixed).
template <class Word, int N, int Fixed = 0> WARPNUM_HD constexpr InverseResult inverse_odd_n(Word* r, const Word* x, const Word* m) noexcept {
  static_assert(Fixed == 0 || Fixed == N);
  Word a[N];
  Word b[N];
  Word u[N + 1];  // signed cofactors, unreduced (mpn::bgcd_apply_cofactors)
  Word v[N + 1];
  const mpn::InverseRounds found = mpn::inverse_odd_rounds<Fixed>(x, m, N, a, b, u, v);
  if (found.invertible) {
    bgcd_reduce_cofactor<Word, N>(r, v, m, found.nm);
  } else {
    mpn::copy_words<Fixed>(r, static_cast<const Word*>(nullptr), N);
  }
  return {found.invertible, found.rounds};
}

/// r = gcd(x, y) of numbers of N words (mpn::gcd); returns the rounds taken (for the tests). Fixed as for
/// inverse_odd_n.
template <class Word, int N, int Fixed = 0> WARPNUM_HD constexpr int gcd_n(Word* r, const Word* x, const Word* y) noexcept {
  static_assert(Fixed == 0 || Fixed == N);
  Word a[N];
  Word b[N];
  return mpn::gcd<Fixed>(r, x, y, N, a, b);
}

}  // namespace warpnum::detail

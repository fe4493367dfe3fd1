// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ct/divsteps.hpp: the inverse modulo an odd number in constant time, by Bernstein and Yang's
// division steps ("Fast constant-time gcd computation and modular inversion", TCHES 2019, Sec. 8 and 11): a fixed
// number of steps for the width, each step the same instructions whatever the values. Host, device and constexpr.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstdint>

namespace warpnum::detail::ct {

/// How many division steps take any odd m < 2^bits and any x < m to g = 0 (Bernstein and Yang, Theorem 11.2:
/// floor((49 d + 80) / 17) for d < 46, floor((49 d + 57) / 17) from d = 46).
WARPNUM_HD constexpr int divstep_count(int bits) noexcept {
  return bits < 46 ? (49 * bits + 80) / 17 : (49 * bits + 57) / 17;
}

/// -x (N limbs, two's complement) where mask is all ones, else x: (x ^ mask) - mask, every limb.
template <int N> WARPNUM_HD constexpr void negate_where(limb_t* x, limb_t mask) noexcept {
  limb_t carry = mask & 1u;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const std::uint64_t s = static_cast<std::uint64_t>(x[i] ^ mask) + carry;
    x[i] = static_cast<limb_t>(s);
    carry = static_cast<limb_t>(s >> 32);
  }
}

/// x / 2 (N limbs, two's complement, x even): an arithmetic shift right by one.
template <int N> WARPNUM_HD constexpr void halve_signed(limb_t* x) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N - 1; ++i) x[i] = (x[i] >> 1) | (x[i + 1] << 31);
  x[N - 1] = static_cast<limb_t>(static_cast<std::int32_t>(x[N - 1]) >> 1);
}

/// x / 2 mod m for x < m, m odd: x, plus m where x is odd, then a shift right by one with the sum's carry on top.
template <int N> WARPNUM_HD constexpr void halve_mod(limb_t* x, const limb_t* m) noexcept {
  const limb_t mask = mask_from_bit(x[0]);
  limb_t masked[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) masked[i] = m[i] & mask;
  const limb_t carry = add_limbs<N>(x, x, masked);
  WARPNUM_UNROLL
  for (int i = 0; i < N - 1; ++i) x[i] = (x[i] >> 1) | (x[i + 1] << 31);
  x[N - 1] = (x[N - 1] >> 1) | (carry << 31);
}

/// The result of inverse_odd_divsteps: x^-1 mod m (0 where there is none) and whether there is one, as a mask.
template <int N> struct DivstepsInverse {
  limb_t inverse[N];
  limb_t invertible;  ///< all ones where gcd(x, m) = 1
};

/// x^-1 mod m for an odd m (N limbs) and x < m, in divstep_count(32 N) division steps (Bernstein and Yang, Sec. 8,
/// the divstep of Definition 8.1 in the form of their Figure 10.1's jumpless program): with delta, f = m, g = x and
/// d = 0, e = 1 (f = d x and g = e x mod m throughout), each step
///   where delta > 0 and g is odd: delta, f, g, d, e = -delta, g, -f, e, -d;
///   then delta + 1, and where g is odd: g + f and e + d; then g / 2 and e / 2 mod m.
/// At the end g = 0 and f = +-gcd(x, m); x is invertible exactly where f = +-1, and the inverse is d or m - d by
/// f's sign. f and g are signed values of N + 1 limbs (|f|, |g| <= m); d and e stay reduced below m. Every step runs
/// the same operations on every limb, choosing by masks. Over 32 N bits: 5,906 steps at 2048 bits.
template <int N>
WARPNUM_HD constexpr DivstepsInverse<N> inverse_odd_divsteps(const limb_t* x, const limb_t* m) noexcept {
  constexpr int W = N + 1;  // f and g, signed
  limb_t f[W];
  limb_t g[W];
  limb_t d[N];
  limb_t e[N];
  limb_t zero[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    f[i] = m[i];
    g[i] = x[i];
    d[i] = 0;
    e[i] = i == 0 ? 1u : 0u;
    zero[i] = 0;
  }
  f[N] = 0;
  g[N] = 0;
  // delta is a small signed number (|delta| <= the step count) held in a word; the comparisons are by masks
  limb_t delta = 1;
  constexpr int steps = divstep_count(32 * N);
  WARPNUM_NO_UNROLL
  for (int step = 0; step < steps; ++step) {
    const limb_t g_odd = mask_from_bit(g[0]);
    const limb_t delta_positive = mask_from_bit((limb_t{0} - delta) >> 31);  // 0 - delta < 0: delta > 0
    const limb_t swap = g_odd & delta_positive;
    // where swap: delta = -delta; (f, g) = (g, -f); (d, e) = (e, -d)
    delta = select_word(swap, limb_t{0} - delta, delta);
    cswap_limbs<W>(swap, f, g);
    negate_where<W>(g, swap);
    cswap_limbs<N>(swap, d, e);
    limb_t negated[N];
    sub_mod_limbs<N>(negated, zero, e, m);  // -e mod m (e < m)
    select_limbs<N>(e, swap, negated, e);
    delta += 1;
    // where g is odd: g += f, e += d mod m
    limb_t masked_f[W];
    WARPNUM_UNROLL
    for (int i = 0; i < W; ++i) masked_f[i] = f[i] & g_odd;
    add_limbs<W>(g, g, masked_f);
    limb_t sum[N];
    add_mod_limbs<N>(sum, e, d, m);
    select_limbs<N>(e, g_odd, sum, e);
    halve_signed<W>(g);
    halve_mod<N>(e, m);
  }
  // f = +-gcd: invertible where f = 1 or f = -1 (all ones); the inverse is d, or m - d where f < 0
  const limb_t negative = mask_from_bit(f[N] >> 31);
  negate_where<W>(f, negative);  // |f|
  limb_t one[W];
  WARPNUM_UNROLL
  for (int i = 0; i < W; ++i) one[i] = i == 0 ? 1u : 0u;
  DivstepsInverse<N> r{};
  r.invertible = equal_limbs<W>(f, one);
  limb_t minus_d[N];
  sub_mod_limbs<N>(minus_d, zero, d, m);
  select_limbs<N>(r.inverse, negative, minus_d, d);
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r.inverse[i] &= r.invertible;
  return r;
}

}  // namespace warpnum::detail::ct

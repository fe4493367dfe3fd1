// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/newton_sqrt.hpp: isqrt(x) = floor(sqrt(x)) by Newton's iteration with doubling precision, on the
// number type's multiply and Newton division (newton_division.hpp): O(M(n)). Host code over NumberTraits<N>.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/number_traits.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum::huge {

/// floor(sqrt(x)) of a 64-bit x.
inline std::uint64_t isqrt_u64(std::uint64_t x) {
  std::uint64_t s = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(x)));
  while (s > 0 && (s > 0xffffffffu || s * s > x)) --s;
  while (s < 0xffffffffu && (s + 1) * (s + 1) <= x) ++s;
  return s;
}

/// floor(sqrt(x)) for x >= 0 (x < 0 throws std::domain_error); the result lives where x lives.
/// Brent, Zimmermann, "Modern Computer Arithmetic", 1.5.1: y from the root of x's top half (x / 2^(2k) with k about
/// a quarter of x's bits) shifted by k is below sqrt(x) by a relative 2^-(bits/4 - 4); one Newton step
/// floor((y + floor(x / y)) / 2) is never below isqrt(x) and, squaring the error, at most a unit above it.
template <class N> N isqrt(const N& x) {
  using Traits = NumberTraits<N>;
  if (Traits::sign(x) < 0) throw std::domain_error("warpnum: isqrt of a negative number");
  const std::size_t m = Traits::bit_width(x);
  if (m <= 64) {
    const std::vector<std::uint32_t> l = Traits::limbs(x);
    std::uint64_t v = 0;
    for (std::size_t i = l.size(); i-- > 0;) v = (v << 32) | l[i];
    return Traits::from_uint(isqrt_u64(v), x);
  }
  if (!Traits::on_host(x) && m < 32 * Traits::host_limbs) {
    return Traits::to_place_of(isqrt<N>(Traits::to_host(x)), x);  // small: no launches
  }
  const std::size_t k = m / 4 > 4 ? m / 4 - 4 : 1;
  const N y0 = isqrt<N>(x >> (2 * k)) << k;
  N y = (y0 + divmod_nonnegative<N>(x, y0).quot) >> 1;
  N r = x - Traits::sqr(y);
  const N one = Traits::from_uint(1, x);
  int steps = 0;
  while (Traits::sign(r) < 0) {
    // x - (y - 1)^2 = r + 2 y - 1.
    r = r + (y << 1) - one;
    y = y - one;
    if (++steps > 64) throw std::logic_error("warpnum: Newton square root estimate is off");
  }
  return y;
}

}  // namespace warpnum::huge

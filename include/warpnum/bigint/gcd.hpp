// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/gcd.hpp: gcd and lcm of BigUInt and BigInt (Pornin's binary GCD; the limb algorithm and its
// variants: detail/gcd/select.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/arith.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/bigint/div.hpp>
#include <warpnum/detail/gcd/select.hpp>

#include <cstddef>

namespace warpnum {

/// Greatest common divisor of |a| and |b| by Pornin's binary GCD (detail/mpn/gcd.hpp); gcd(0, 0) == 0, gcd(a, 0) == |a|.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> gcd(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  const T ua = abs(a);
  const T ub = abs(b);
  T r;
  detail::gcd_limbs<T::num_limbs>(r.limbs_, ua.limbs_, ub.limbs_);
  return r;
}

/// Least common multiple |a / gcd(a, b) * b| modulo 2^Bits; 0 if either is 0.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> lcm(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using U = BasicInt<Bits, false>;
  if (a.is_zero() || b.is_zero()) return BasicInt<Bits, Signed>{};
  const U ua{abs(a)};
  const U ub{abs(b)};
  return BasicInt<Bits, Signed>{ua / gcd(ua, ub) * ub};
}

}  // namespace warpnum

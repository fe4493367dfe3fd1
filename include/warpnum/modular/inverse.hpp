// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/inverse.hpp: modinv and modinv_checked, the inverse modulo any number (Pornin's binary GCD;
// the limb algorithm and its variants: detail/inverse/select.hpp).
// Errors (docs/errors.md): host calls throw std::domain_error; the `_checked` forms and device code return a
// defined value and a Status. Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/inverse/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum {

namespace detail {

/// a^-1 mod m for odd m > 1 and a < m.
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> inverse_odd(const BigUInt<Bits>& a, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  const bool invertible = inverse_odd_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, m.limbs_);
  return {r, invertible ? Status::ok : Status::not_invertible};
}
}  // namespace detail

/// a^-1 mod m without throwing: {0, Status::division_by_zero} for m == 0, {0, Status::not_invertible} when
/// gcd(a, m) != 1; the inverse mod 1 is 0. An odd m by Pornin's binary GCD (detail/mpn/gcd.hpp); an even m
/// through the odd a: a^-1 = (1 + m k) / a with k = -m^-1 mod a. Needs Bits <= 32768.
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> modinv_checked(const BigUInt<Bits>& a, const BigUInt<Bits>& m) noexcept {
  using T = BigUInt<Bits>;
  if (m.is_zero()) return {T{}, Status::division_by_zero};
  const T one{1u};
  if (m == one) return {T{}, Status::ok};
  const T x = a % m;
  if (m.bit(0)) return detail::inverse_odd(x, m);
  if (!x.bit(0)) return {T{}, Status::not_invertible};
  if (x == one) return {one, Status::ok};
  const auto k = detail::inverse_odd(m % x, x);  // m^-1 mod x
  if (k.status != Status::ok) return k;
  // a (1 + m (x - k)) / x = 1 (mod m), and x divides 1 + m (x - k) since m (x - k) = -1 (mod x).
  const BigUInt<2 * Bits> t = mul_wide(m, T(x - k.value)) + 1u;
  return {T(t / BigUInt<2 * Bits>(x)), Status::ok};
}

/// a^-1 mod m. No inverse (gcd(a, m) != 1) or m == 0: std::domain_error on the host, 0 on the device (where
/// modinv_checked also gives the status).
template <std::size_t Bits> WARPNUM_HD constexpr BigUInt<Bits> modinv(const BigUInt<Bits>& a, const BigUInt<Bits>& m) {
  const auto r = modinv_checked(a, m);
  if (r.status == Status::division_by_zero) detail::raise<std::domain_error>("warpnum: modinv: the modulus is zero");
  if (r.status == Status::not_invertible)
    detail::raise<std::domain_error>("warpnum: modinv: no inverse, gcd(a, m) != 1 (modinv_checked reports it without throwing)");
  return r.value;
}

}  // namespace warpnum

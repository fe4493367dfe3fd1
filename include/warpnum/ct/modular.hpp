// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/modular.hpp: one-call constant-time modular arithmetic on BigUInt: sum, difference, product, power with a
// secret exponent and inverse modulo a prime, each through a ct::Montgomery context built for the call (Bits
// doublings: build the context once where one modulus serves many calls). Host, device and constexpr.
// Errors (docs/errors.md): an even or zero modulus where Montgomery is needed throws std::domain_error on the host;
// the `_checked` forms and device code give 0 and a Status.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum::ct {

/// (a + b) mod m for a, b < m (any m > 0); constant-time in a, b and m.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> add_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b,
                                           const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  detail::ct::add_mod_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, b.limbs_, m.limbs_);
  return r;
}

/// (a - b) mod m for a, b < m (any m > 0); constant-time in a, b and m.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> sub_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b,
                                           const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  detail::ct::sub_mod_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, b.limbs_, m.limbs_);
  return r;
}

/// a b mod m for any a, b and an odd m: two Montgomery products. {0, Status::division_by_zero} for m == 0,
/// {0, Status::invalid_argument} for an even m.
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> mul_mod_checked(const BigUInt<Bits>& a, const BigUInt<Bits>& b,
                                                            const BigUInt<Bits>& m) noexcept {
  const auto ctx = Montgomery<Bits>::checked(m);
  return {ctx.mul(ctx.to_montgomery(a), b), ctx.status()};
}

/// a^e mod m for any a, a secret e and an odd m (fixed windows over every bit of e's type). Errors as
/// mul_mod_checked.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> powm_checked(const BigUInt<Bits>& a, const BigUInt<EBits>& e,
                                                         const BigUInt<Bits>& m) noexcept {
  const auto ctx = Montgomery<Bits>::checked(m);
  return {ctx.powm(a, e), ctx.status()};
}

/// a^-1 mod p for a prime p, as a^(p - 2) (Fermat): a and p may both be secret. a = 0 mod p, which has no inverse,
/// gives 0 with Status::ok (telling it apart would take a comparison on a secret: test ct::is_zero on the result).
/// A composite p gives a value that is not an inverse. Errors as mul_mod_checked.
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> inverse_mod_prime_checked(const BigUInt<Bits>& a,
                                                                      const BigUInt<Bits>& p) noexcept {
  const auto ctx = Montgomery<Bits>::checked(p);
  return {ctx.from_montgomery(ctx.inverse_prime(ctx.to_montgomery(a))), ctx.status()};
}

/// mul_mod_checked's value; an even or zero m: std::domain_error on the host, 0 on the device.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> mul_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b, const BigUInt<Bits>& m) {
  const auto r = ct::mul_mod_checked(a, b, m);
  if (r.status != Status::ok) warpnum::detail::raise<std::domain_error>("warpnum: ct::mul_mod needs an odd modulus");
  return r.value;
}

/// powm_checked's value; an even or zero m: std::domain_error on the host, 0 on the device.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> powm(const BigUInt<Bits>& a, const BigUInt<EBits>& e, const BigUInt<Bits>& m) {
  const auto r = ct::powm_checked(a, e, m);
  if (r.status != Status::ok) warpnum::detail::raise<std::domain_error>("warpnum: ct::powm needs an odd modulus");
  return r.value;
}

/// inverse_mod_prime_checked's value; an even or zero p: std::domain_error on the host, 0 on the device.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> inverse_mod_prime(const BigUInt<Bits>& a, const BigUInt<Bits>& p) {
  const auto r = ct::inverse_mod_prime_checked(a, p);
  if (r.status != Status::ok) {
    warpnum::detail::raise<std::domain_error>("warpnum: ct::inverse_mod_prime needs an odd prime modulus");
  }
  return r.value;
}

}  // namespace warpnum::ct

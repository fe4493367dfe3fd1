// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/inverse.hpp: the inverse modulo an odd number, prime or not, in constant time in the value and the
// modulus: ct::modinv, by Bernstein and Yang's division steps (detail/ct/divsteps.hpp), a fixed count for the width.
// Host, device and constexpr. Errors (docs/errors.md): the host throws std::domain_error for an even or zero modulus
// and for a value with no inverse; `modinv_checked` and device code give 0 and a Status.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/detail/ct/divsteps.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum::ct {

/// a^-1 mod m for any a and an odd m, without throwing: {0, Status::division_by_zero} for m == 0,
/// {0, Status::invalid_argument} for an even m, {0, Status::not_invertible} where gcd(a, m) != 1 (a = 0 mod m
/// included), else {the inverse, Status::ok}. a is reduced modulo m by two Montgomery products, then
/// divstep_count(Bits) division steps (741 at 256 bits, 5,906 at 2048); the status is the one value derived from the
/// secrets that may decide control flow. For an RSA private exponent d = e^-1 mod lcm(p - 1, q - 1), whose modulus is
/// even, invert the odd e instead: d = (1 + k m) / e with k = -m^-1 mod e, which takes ct::modinv(m mod e, e).
template <std::size_t Bits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> modinv_checked(const BigUInt<Bits>& a, const BigUInt<Bits>& m) noexcept {
  const auto ctx = Montgomery<Bits>::checked(m);
  const BigUInt<Bits> x = ctx.from_montgomery(ctx.to_montgomery(a));  // a mod m
  const auto r = detail::ct::inverse_odd_divsteps<BigUInt<Bits>::num_limbs>(x.limbs_, ctx.modulus().limbs_);
  BigUInt<Bits> inverse;
  for (int i = 0; i < BigUInt<Bits>::num_limbs; ++i) inverse.limbs_[i] = r.inverse[i];
  const bool invertible = detail::ct::declassify_word(r.invertible) != 0;
  const Status status = ctx.status() != Status::ok ? ctx.status() : invertible ? Status::ok : Status::not_invertible;
  return {status == Status::ok ? inverse : BigUInt<Bits>{}, status};
}

/// modinv_checked's value: std::domain_error on the host for an even or zero m or a value with no inverse; 0 on the
/// device.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> modinv(const BigUInt<Bits>& a, const BigUInt<Bits>& m) {
  const auto r = ct::modinv_checked(a, m);
  if (r.status == Status::not_invertible) {
    warpnum::detail::raise<std::domain_error>("warpnum: ct::modinv: the value has no inverse modulo m (gcd != 1)");
  } else if (r.status != Status::ok) {
    warpnum::detail::raise<std::domain_error>(
        "warpnum: ct::modinv needs an odd modulus (for an even one, invert the odd value: see ct::modinv_checked)");
  }
  return r.value;
}

}  // namespace warpnum::ct

// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/pow.hpp: powm and multi_powm: modular exponentiation through a Montgomery (odd modulus) or
// Barrett (even modulus) context built for the call.
// Errors (docs/errors.md): host calls throw std::domain_error; the `_checked` forms and device code return a
// defined value and a Status. Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/straus_pow.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular/barrett.hpp>
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum {

/// a^e mod m without throwing: {0, Status::division_by_zero} for m == 0. An odd modulus goes through
/// Montgomery, an even one through Barrett; a >= m is allowed; a^0 = 1 mod m.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> powm_checked(const BigUInt<Bits>& a, const BigUInt<EBits>& e,
                                                           const BigUInt<Bits>& m) noexcept {
  if (m.is_zero()) return {BigUInt<Bits>{}, Status::division_by_zero};
  if (m.bit(0)) {
    return {Montgomery<Bits>::checked(m).powm(a, e), Status::ok};
  }
  return {Barrett<Bits>::checked(m).powm(a, e), Status::ok};
}

/// a^e mod m (sliding windows; odd m by Montgomery, even m by Barrett; any exponent width; a >= m allowed).
/// m == 0: std::domain_error on the host, 0 on the device.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> powm(const BigUInt<Bits>& a, const BigUInt<EBits>& e, const BigUInt<Bits>& m) {
  const auto r = powm_checked(a, e, m);
  if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: powm: the modulus is zero");
  return r.value;
}
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> powm(const BigUInt<Bits>& a, std::uint64_t e, const BigUInt<Bits>& m) {
  return powm(a, BigUInt<64>(e), m);
}

/// prod g[i]^e[i] mod m for i < count, without throwing: Straus's simultaneous exponentiation (one squaring
/// chain for all bases; Zhao and Chu Sec. 3.6). More than 32 bases are taken 32 at a time. An empty product is
/// 1 mod m; m == 0 gives {0, Status::division_by_zero}.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr Checked<BigUInt<Bits>> multi_powm_checked(const BigUInt<Bits>* g, const BigUInt<EBits>* e, int count,
                                                                 const BigUInt<Bits>& m) noexcept {
  using T = BigUInt<Bits>;
  if (m.is_zero()) return {T{}, Status::division_by_zero};
  if (m.bit(0)) {
    const auto ctx = Montgomery<Bits>::checked(m);
    const auto to_form = [&](const T& x) { return ctx.to_montgomery(x); };
    return {ctx.from_montgomery(detail::multi_pow(ctx, to_form, g, e, count)), Status::ok};
  }
  const auto ctx = Barrett<Bits>::checked(m);
  const auto to_form = [&](const T& x) { return ctx.reduce(x); };
  return {detail::multi_pow(ctx, to_form, g, e, count), Status::ok};
}

/// prod g[i]^e[i] mod m (see multi_powm_checked). m == 0: std::domain_error on the host, 0 on the device.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> multi_powm(const BigUInt<Bits>* g, const BigUInt<EBits>* e, int count, const BigUInt<Bits>& m) {
  const auto r = multi_powm_checked(g, e, count, m);
  if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: multi_powm: the modulus is zero");
  return r.value;
}

}  // namespace warpnum

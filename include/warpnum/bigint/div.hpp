// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/div.hpp: truncating division of BigUInt and BigInt: divmod, divmod_checked (the operators / and %
// call divmod). The limb algorithm and its variants: detail/div/select.hpp.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/div/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum {

/// The quotient and remainder of `divmod`.
template <class T> struct DivResult {
  T quot;
  T rem;
};

/// The quotient, remainder and outcome of `divmod_checked`: a `Checked` result (status.hpp) whose two values keep
/// `DivResult`'s names, `quot` and `rem`, beside the same `status` and `ok()`.
template <class T> struct CheckedDivResult {
  T quot;
  T rem;
  Status status;

  /// Whether the division succeeded (`status == Status::ok`).
  WARPNUM_HD constexpr bool ok() const noexcept { return status == Status::ok; }
};

namespace detail {
/// q = a / b and r = a % b with C++'s signs (truncation toward zero); b must not be zero.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr void divmod_nonzero(BasicInt<Bits, Signed>& q, BasicInt<Bits, Signed>& r, const BasicInt<Bits, Signed>& a,
                                         const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  if constexpr (Signed) {
    if (divmod_signed_limbs<T::num_limbs>(q.limbs_, r.limbs_, a.limbs_, b.limbs_)) return;
    // Divide the magnitudes, then give the quotient the product's sign and the remainder the dividend's.
    const T ua = a.is_negative() ? -a : a;
    const T ub = b.is_negative() ? -b : b;
    divmod_limbs<T::num_limbs>(q.limbs_, r.limbs_, ua.limbs_, ub.limbs_);
    if (a.is_negative() != b.is_negative()) q = -q;
    if (a.is_negative()) r = -r;
  } else {
    divmod_limbs<T::num_limbs>(q.limbs_, r.limbs_, a.limbs_, b.limbs_);
  }
}
}  // namespace detail

/// divmod that never throws, for host and device alike: for b == 0 it returns {all bits set, a,
/// Status::division_by_zero}; otherwise {a / b, a % b, Status::ok}.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr CheckedDivResult<BasicInt<Bits, Signed>> divmod_checked(const BasicInt<Bits, Signed>& a,
                                                                              const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  CheckedDivResult<T> r;  // one named result on every path, so that it is built in place (NRVO)
  if (b.is_zero()) {
    r.quot = ~T{};
    r.rem = a;
    r.status = Status::division_by_zero;
  } else {
    r.status = Status::ok;
    detail::divmod_nonzero(r.quot, r.rem, a, b);  // writes every limb
  }
  return r;
}

/// Quotient (truncated toward zero) and remainder (sign of the dividend). b == 0: std::domain_error on
/// the host; on the device {all bits set, a} (divmod_checked also reports the status). MIN / -1 wraps to MIN
/// with remainder 0.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr DivResult<BasicInt<Bits, Signed>> divmod(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) {
  using T = BasicInt<Bits, Signed>;
  DivResult<T> r;  // one named result on every path, so that it is built in place (NRVO)
  if (b.is_zero()) {
    detail::raise<std::domain_error>("warpnum: division by zero");
    r.quot = ~T{};
    r.rem = a;
  } else {
    detail::divmod_nonzero(r.quot, r.rem, a, b);  // writes every limb
  }
  return r;
}

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/status.hpp: the outcome codes that device code (and non-throwing host calls) return, and Checked<T>, the
// one shape of a result with its outcome (docs/errors.md, "The error model").
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum {

/// The outcome of an operation that can fail. Host calls that fail throw (docs/errors.md lists which
/// exception); the `_checked` functions, the `checked` factories of contexts and device code return one of these
/// beside a defined result. Each code means the same for every type:
enum class Status : std::uint8_t {
  ok = 0,
  /// A divisor or a modulus is zero: `a / 0` for integers, GF2n and Fp alike, and `a % 0`; `powm(a, e, 0)`,
  /// `modinv(a, 0)`, `Montgomery(0)`, `Barrett(0)`, a zero modulus of a batch element.
  division_by_zero,
  /// An argument outside the function's domain that is not a zero divisor or modulus: an even modulus given to
  /// Montgomery, an empty range given to `random_below` or `uniform_int_distribution`, malformed text.
  invalid_argument,
  /// A value does not fit in the destination type: `from_mpz_checked` of an integer beyond the type's range.
  out_of_range,
  /// An inverse that does not exist: `modinv(a, m)` with gcd(a, m) != 1, `inverse_checked(0)` of GF2n and Fp, and
  /// of a non-unit for an Fp of composite modulus. The inverse of zero is this code, not division_by_zero: nothing
  /// is divided by the value.
  not_invertible,
};

/// A value and the outcome of the operation that computed it: every `_checked` function that returns one value
/// (modular.hpp, fp.hpp, gf2n.hpp, random.hpp, gmp.hpp) returns a `Checked<T>`. `value` is the operation's defined
/// result whatever `status` says (docs/errors.md lists it per operation), so device code may use it without a
/// branch. An aggregate: `auto [v, s] = modinv_checked(a, m);` and `Checked<T>{v, Status::ok}` work.
///
/// The one operation with two results, `divmod_checked`, returns `CheckedDivResult<T>` (bigint/div.hpp) instead:
/// `{quot, rem, status}` with the same `status` and `ok()`, its two values named as `divmod`'s `DivResult<T>` names
/// them rather than nested as `.value.quot`, so that `r.quot`, `r.rem` and `auto [q, r, s]` read as they do for
/// `divmod`.
template <class T> struct Checked {
  T value;
  Status status;

  /// Whether the operation succeeded (`status == Status::ok`).
  WARPNUM_HD constexpr bool ok() const noexcept { return status == Status::ok; }
};

/// The result of the modular and field `_checked` functions; the same type as `Checked<T>`.
template <class T> using ModResult = Checked<T>;

}  // namespace warpnum

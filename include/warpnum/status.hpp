// SPDX-License-Identifier: Apache-2.0
// warpnum/status.hpp: the outcome codes that device code (and non-throwing host calls) return.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum {

/// The outcome of an operation that can fail. Host calls that fail throw (docs/errors.md lists which
/// exception); the `_checked` functions and device code return one of these beside a defined result.
enum class Status : std::uint8_t {
  ok = 0,
  division_by_zero,  ///< a divisor (or modulus) was zero
  invalid_argument,  ///< malformed text, or an argument outside the function's domain (isqrt of a negative)
  out_of_range,      ///< a value does not fit in the destination type
  not_invertible,    ///< no modular inverse exists: gcd(a, m) != 1
};

/// A value and the outcome of the operation that computed it (the `_checked` functions of modular.hpp, fp.hpp
/// and gf2n.hpp).
template <class T> struct ModResult {
  T value;
  Status status;
};

}  // namespace warpnum

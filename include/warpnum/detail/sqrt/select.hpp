// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/sqrt/select.hpp: the choice of variant for the integer square root of a fixed width.
//
//   Bits                              target   variant                                      measured
//   a multiple of 64, from 128        any      isqrt_zimmermann (sqrt_rem unrolled)         2.1x, 5.1x Newton at 2048,
//                                                                                          4096 bits, H100, 2026-11-25
//   others (64, 96, 160, ...)         any      isqrt_newton
//
// Both in detail/bigint/sqrt.hpp; Integer's square root is huge/newton_sqrt.hpp over mpn::sqrtrem
// (detail/mpn/sqrt.hpp). The measurements are in docs/benchmarks.md.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/bigint/sqrt.hpp>

#include <cstddef>

namespace warpnum::detail {

/// floor(sqrt(n)) of an unsigned Bits-bit n by the variant the table above gives.
template <std::size_t Bits>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr BasicInt<Bits, false> isqrt_limbs(const BasicInt<Bits, false>& n) noexcept {
  if constexpr (Bits % 64 == 0 && Bits >= 128) {
    return isqrt_zimmermann(n);
  } else {
    return isqrt_newton(n);
  }
}

}  // namespace warpnum::detail

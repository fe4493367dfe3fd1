// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/pow/select.hpp: the choice of algorithm for x^e in a modular context (window_pow).
//
//   target                         algorithm                                          why
//   host, constant evaluation      sliding_window_pow (Menezes et al., Alg. 14.85)    the fewest multiplications
//   device                         fixed_window_pow (Alg. 14.82)                      every exponent of a length takes
//                                                                                     the same steps: the threads of a
//                                                                                     warp never diverge
//
// Both in detail/modular/window_pow.hpp. Multi-exponentiation (Straus) has one algorithm:
// detail/modular/straus_pow.hpp.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/window_pow.hpp>

#include <cstddef>

namespace warpnum::detail {

/// x^e in a context's representation (Montgomery or Barrett: anything with mul, sqr and one); x^0 is ctx.one().
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                         const BigUInt<EBits>& e) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((return fixed_window_pow(ctx, x, e);), ())
  }
  return sliding_window_pow(ctx, x, e);
}

}  // namespace warpnum::detail

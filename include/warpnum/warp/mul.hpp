// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/mul.hpp: the lane-group multiply for user kernels, warp::mul(tile, a, b) and warp::mul_wide, in front
// of the algorithms (sum_rotate_mul.hpp, paired_column_mul.hpp). Device code only.
//
//   namespace cg = cooperative_groups;
//   auto tile = cg::tiled_partition<8>(cg::this_thread_block());   // 8 lanes own each 1024-bit number
//   auto x = warpnum::warp::load(tile, a[i]);                      // lane r: limbs [4r, 4r + 4)
//   auto y = warpnum::warp::load(tile, b[i]);
//   warpnum::warp::store(tile, c[i], warpnum::warp::mul(tile, x, y));
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/warp/paired_column_mul.hpp>
#include <warpnum/warp/slice.hpp>
#include <warpnum/warp/sum_rotate_mul.hpp>

#include <cooperative_groups.h>

#include <cstddef>

namespace warpnum::warp {

/// a * b modulo 2^Bits by the G lanes of `tile`; every lane calls it with its slices (see Slice) and gets its
/// slice of the product. Paired columns from 4 lanes and 512 bits up, sum-rotate below: the faster of the two
/// in warpnum-bench's compute mode on an H200 (docs/benchmarks.md, 2026-11-21 23:36); their block products by a
/// Karatsuba step from 16 limbs a lane, an even number (as fast at 16 limbs, 1.7x at 32: the 23:47 run).
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> mul(const cooperative_groups::thread_block_tile<G, Parent>& tile, const Slice<Bits, G>& a,
                                              const Slice<Bits, G>& b) {
  if constexpr (G >= 4 && Bits >= 512 && Slice<Bits, G>::limbs >= 16 && Slice<Bits, G>::limbs % 2 == 0) {
    return paired_column_mul<BlockProduct::karatsuba>(tile, a, b);
  } else if constexpr (G >= 4 && Bits >= 512) {
    return paired_column_mul(tile, a, b);
  } else {
    return sum_rotate_mul(tile, a, b);
  }
}

/// The full 2 * Bits-bit product a * b by the G lanes of `tile`: lane r gets block r of the low and of the high half.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ WideSlices<Bits, G> mul_wide(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                        const Slice<Bits, G>& a, const Slice<Bits, G>& b) {
  return sum_rotate_mul_wide(tile, a, b);
}

}  // namespace warpnum::warp

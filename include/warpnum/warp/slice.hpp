// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/slice.hpp: the part of a number that one lane of a lane group holds, and the helpers that load
// and store it. Device code only (cooperative groups).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {

/// A group of G lanes of one warp (G = 1, 2, 4, 8, 16 or 32) that together own each number.
template <unsigned G> using Tile = cooperative_groups::thread_block_tile<G>;

/// The limbs of a Bits-bit number that one lane of a G-lane group holds: lane r holds limbs [r K, r K + K),
/// K = Bits / 32 / G, least significant first.
template <std::size_t Bits, unsigned G> struct Slice {
  static_assert(G >= 1 && G <= 32 && (G & (G - 1)) == 0, "warpnum: a lane group has 1, 2, 4, 8, 16 or 32 lanes");
  static_assert(Bits % (32 * G) == 0, "warpnum: Bits must be a multiple of 32 * G");
  static constexpr int limbs = static_cast<int>(Bits / 32 / G);
  std::uint32_t limb[limbs];
};

/// Each lane of the tile loads its slice of x (all lanes pass the same x).
template <unsigned G, class Parent, std::size_t Bits, bool Signed>
__device__ __forceinline__ Slice<Bits, G> load(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                               const BasicInt<Bits, Signed>& x) {
  Slice<Bits, G> s;
  const int first = static_cast<int>(tile.thread_rank()) * Slice<Bits, G>::limbs;
  WARPNUM_UNROLL
  for (int k = 0; k < Slice<Bits, G>::limbs; ++k) s.limb[k] = x.limbs_[first + k];
  return s;
}

/// Each lane of the tile stores its slice into x (all lanes pass the same x).
template <unsigned G, class Parent, std::size_t Bits, bool Signed>
__device__ __forceinline__ void store(const cooperative_groups::thread_block_tile<G, Parent>& tile, BasicInt<Bits, Signed>& x,
                                      const Slice<Bits, G>& s) {
  const int first = static_cast<int>(tile.thread_rank()) * Slice<Bits, G>::limbs;
  WARPNUM_UNROLL
  for (int k = 0; k < Slice<Bits, G>::limbs; ++k) x.limbs_[first + k] = s.limb[k];
}

/// The full product of two sliced numbers: lane r holds limbs [r K, r K + K) of the low half in `lo` and of
/// the high half in `hi`.
template <std::size_t Bits, unsigned G> struct WideSlices {
  Slice<Bits, G> lo;
  Slice<Bits, G> hi;
};

}  // namespace warpnum::warp

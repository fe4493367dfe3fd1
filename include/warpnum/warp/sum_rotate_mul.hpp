// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/sum_rotate_mul.hpp: multiplication by a lane group: the sum-rotate multiplication of Honda,
// Ito and Nakano ("A Warp-synchronous Implementation for Multiple-length Multiplication on the GPU", Alg. 3) with a block of K limbs per lane
// in place of one word. Device code only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {
namespace detail {

/// How the lanes of a group pass words to each other: warp shuffles (the default), or a word of shared memory per
/// lane (the paper's comparison, Table II: each exchange is a store, a tile barrier, a load, a barrier).
template <unsigned G, class Parent> struct ShuffleExchange {
  const cooperative_groups::thread_block_tile<G, Parent>& tile;
  __device__ __forceinline__ std::uint32_t get(std::uint32_t value, unsigned from) const { return tile.shfl(value, from); }
};
template <unsigned G, class Parent> struct SharedExchange {
  const cooperative_groups::thread_block_tile<G, Parent>& tile;
  std::uint32_t* words;  // G words of shared memory, this group's own
  __device__ __forceinline__ std::uint32_t get(std::uint32_t value, unsigned from) const {
    words[tile.thread_rank()] = value;
    tile.sync();
    const std::uint32_t got = words[from];
    tile.sync();
    return got;
  }
};

/// The sum-rotate loop. On entry lane r holds slices a_r and b_r; on exit `lo` holds block r of the low half
/// of a * b and, when Full, `hi` block r of the high half (K limbs each, K = Slice::limbs).
///
/// Alg. 3 with K-limb blocks: at step j every lane multiplies its a block by b_j (broadcast from lane j, one
/// shuffle a limb, row by row) and adds the 2K-limb product to its running sum {u, v} (carry t); the low
/// block v moves one lane down (lane r takes lane r + 1's), so lane 0's finished block j reaches lane G - 1,
/// which files it into the rotating result c'; then {u, v} = {t, u} + v. After G steps c' holds the low
/// half in order; the high half needs Alg. 3's final carry loop (l. 16-19).
template <bool Full, unsigned G, class Parent, std::size_t Bits, class Exchange>
__device__ __forceinline__ void sum_rotate(const cooperative_groups::thread_block_tile<G, Parent>& tile, const Slice<Bits, G>& a,
                                           const Slice<Bits, G>& b, Slice<Bits, G>& lo, Slice<Bits, G>& hi,
                                           const Exchange& lanes) {
  constexpr int K = Slice<Bits, G>::limbs;
  static_assert(2 * K <= warpnum::detail::ptx::max_mad_row, "warpnum: at most 32 limbs a lane");
  static_assert(K <= warpnum::detail::ptx::max_full_row, "warpnum: rows that carry out end at ptx::max_full_row");
  const unsigned rank = tile.thread_rank();
  const unsigned down = (rank + 1) & (G - 1);  // the lane whose block this lane takes in the rotation
  std::uint32_t sum[2 * K];                    // {u, v}: v = sum[0, K), u = sum[K, 2K)
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * K; ++k) sum[k] = 0;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) lo.limb[k] = 0;  // c'
#pragma unroll 1
  for (unsigned j = 0; j < G; ++j) {
    // l. 6-7: {t, u, v} = a * b_j + {u, v}.
    std::uint32_t p[2 * K];
    WARPNUM_UNROLL
    for (int k = 0; k < 2 * K; ++k) p[k] = 0;
    warpnum::detail::for_each_row<K>([&](auto q) {
      constexpr int Q = decltype(q)::value;
      const std::uint32_t bq = lanes.get(b.limb[Q], j);
      warpnum::detail::ptx::MadRow<K>::lo_carry(p + Q, a.limb, bq);
      if constexpr (Q + 1 < K) {
        warpnum::detail::ptx::MadRow<K>::hi_carry(p + Q + 1, a.limb, bq);
      } else {
        warpnum::detail::ptx::MadRow<K>::hi(p + Q + 1, a.limb, bq);
      }
    });
    const std::uint32_t t = warpnum::detail::ptx::AddChain<2 * K>::add(sum, p);
    // l. 8-12: rotate v and c' one lane down; lane G - 1 files lane 0's finished block.
    std::uint32_t v[K];
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      v[k] = lanes.get(sum[k], down);
      lo.limb[k] = lanes.get(lo.limb[k], down);
    }
    if (rank == G - 1) {
      WARPNUM_UNROLL
      for (int k = 0; k < K; ++k) {
        lo.limb[k] = v[k];
        v[k] = 0;
      }
    }
    // l. 13: {u, v} = {t, u} + v.
    const std::uint32_t c = warpnum::detail::ptx::AddChain<K>::add(sum + K, v);
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      sum[k] = sum[K + k];
      sum[K + k] = 0;
    }
    sum[K] = t + c;
  }
  if constexpr (Full) {
    // l. 16-19: carries move one block up until none is left (u is at most 2 here, then 0 or 1).
    std::uint32_t u = sum[K];
    const unsigned up = (rank + G - 1) & (G - 1);
    while (tile.any(u != 0)) {
      std::uint32_t in[K];
      in[0] = lanes.get(u, up);
      WARPNUM_UNROLL
      for (int k = 1; k < K; ++k) in[k] = 0;
      u = warpnum::detail::ptx::AddChain<K>::add(sum, in);
    }
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) hi.limb[k] = sum[k];
  }
}

}  // namespace detail

/// The low Bits bits of a * b (a * b modulo 2^Bits), by the G lanes of `tile` (see sum_rotate). Every lane of
/// the tile calls it; on entry lane r holds slice r of a and of b, on exit slice r of the product.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> sum_rotate_mul(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                         const Slice<Bits, G>& a, const Slice<Bits, G>& b) {
  WideSlices<Bits, G> r;
  detail::sum_rotate<false>(tile, a, b, r.lo, r.hi, detail::ShuffleExchange<G, Parent>{tile});
  return r.lo;
}

/// sum_rotate_mul with the lanes exchanging words through shared memory instead of shuffles: `scratch` is G
/// words of shared memory that only this group uses. Slower; kept for comparison (Honda et al., Table II).
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> sum_rotate_mul_shared(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                                const Slice<Bits, G>& a, const Slice<Bits, G>& b,
                                                                std::uint32_t* scratch) {
  WideSlices<Bits, G> r;
  detail::sum_rotate<false>(tile, a, b, r.lo, r.hi, detail::SharedExchange<G, Parent>{tile, scratch});
  return r.lo;
}

/// The full 2 * Bits-bit product a * b, by the G lanes of `tile`: lane r holds block r of each half on exit.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ WideSlices<Bits, G> sum_rotate_mul_wide(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                                    const Slice<Bits, G>& a, const Slice<Bits, G>& b) {
  WideSlices<Bits, G> r;
  detail::sum_rotate<true>(tile, a, b, r.lo, r.hi, detail::ShuffleExchange<G, Parent>{tile});
  return r;
}

}  // namespace warpnum::warp

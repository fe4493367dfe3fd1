// SPDX-License-Identifier: Apache-2.0
// src/huge/block_lookahead.hpp (private to warpnum::huge; device code, included by .cu files): the carries between
// the runs of one block's threads (Dieguez et al., "The Carry Normalization", phase 2): the look-ahead formula
// (include/warpnum/huge/carry.hpp's lookahead_carries) at warp level on ballots of the runs' generate and critical
// bits, then at block level on the warps' summaries. Used by the carry passes over tiles (carry.cu) and by the
// block that runs the reciprocal's small levels (base_cases.cu).
#pragma once

#include <warpnum/huge/carry.hpp>

#include <cstdint>

#if defined(__CUDACC__)
namespace warpnum::huge {

/// The carries inside a block: what each thread learns from `block_lookahead`.
struct BlockCarries {
  std::uint32_t thread_carry_in;  // into this thread's run
  std::uint32_t carry_out;        // out of the block, given its carry in
  CarrySummary block;             // the block's summary
};

/// Resolves the carries between the runs of a block's threads (thread t's run below thread t + 1's), given this
/// thread's summary and the carry into the block. Every thread of the block calls it (Threads a multiple of 32,
/// at most 1024). Dieguez et al., "The Carry Normalization": the formula at warp level on ballots of the runs'
/// generate and critical bits, then at block level on the warps' summaries, which every warp reads from shared
/// memory and resolves itself (so no second barrier). A caller that calls it again with the same warp_summary
/// passes a barrier in between: a warp may still be reading the summaries of the call before.
template <int Threads>
__device__ BlockCarries block_lookahead(CarrySummary mine, std::uint32_t carry_in, CarrySummary* warp_summary) {
  constexpr int warps = Threads / 32;
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int warp = static_cast<int>(threadIdx.x) >> 5;
  const std::uint32_t g = __ballot_sync(~0u, mine.generate != 0);
  const std::uint32_t p = __ballot_sync(~0u, mine.propagate != 0);
  if (lane == 0) warp_summary[warp] = summarise_lanes(g, p);
  __syncthreads();
  const CarrySummary w = lane < warps ? warp_summary[lane] : CarrySummary{0, 1};
  const std::uint32_t wg = __ballot_sync(~0u, w.generate != 0);
  const std::uint32_t wp = __ballot_sync(~0u, w.propagate != 0);
  const std::uint64_t warp_carries = lookahead_carries(wg, wp, carry_in);
  const auto warp_carry_in = static_cast<std::uint32_t>((warp_carries >> warp) & 1u);
  const std::uint64_t lane_carries = lookahead_carries(g, p, warp_carry_in);
  return {static_cast<std::uint32_t>((lane_carries >> lane) & 1u), static_cast<std::uint32_t>(warp_carries >> 32),
          summarise_lanes(wg, wp)};
}

}  // namespace warpnum::huge
#endif

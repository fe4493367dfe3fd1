// SPDX-License-Identifier: Apache-2.0
// warpnum/mul_strategy.hpp: how warpnum multiplies Bits-bit numbers on the GPU by default: one thread a number or
// a group of lanes, with which algorithm, and (batches) how operands reach the registers. The table is what
// warpnum-bench measured fastest on sm_90 (docs/benchmarks.md), and it serves every architecture warpnum builds
// for (gpu_architecture.hpp says why); the batch evaluator and user code that picks a lane-group size read it.
// Host and device code; plain C++ (no CUDA needed).
//
//   constexpr auto s = warpnum::default_mul_strategy(4096);   // {paired_columns, 16 lanes, ...}
//   auto tile = cg::tiled_partition<s.lanes>(cg::this_thread_block());
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/mul_algorithm.hpp>

#include <cstddef>

namespace warpnum {

/// A way to multiply: the algorithm (thread_rows, paired_columns or paired_karatsuba), the lanes a number (1 for
/// thread_rows), and, for batches read from and written to device memory by one thread a number, whether the
/// operands go through warp stages (warp/stage.hpp: coalesced, prefetched tiles).
struct MulStrategy {
  MulAlgorithm algorithm = MulAlgorithm::thread_rows;
  unsigned lanes = 1;
  bool staged = false;
};

/// The default strategy for the low-half product of two `bits`-bit numbers (bits a positive multiple of 32), on
/// every GPU architecture: its choices follow from the registers a thread and the lanes a warp, which are the same
/// from sm_80 to sm_120 (gpu_architecture.hpp; checked for each in tests/host/bigint/gpu_architecture_test.cpp).
/// Measured on sm_90 (H200, CUDA 13, 2026-11-21): one thread a number is fastest up to 2048 bits in compute mode
/// and in batches (staged: 93% of the copy bandwidth at 1024 bits); above, paired columns on as many lanes as give
/// blocks of at most 8 limbs (16 lanes at 4096 bits, 32 from 8192), with Karatsuba block products once the
/// blocks reach 16 limbs (32 lanes from 16384 bits: 1.04x at 16384, 1.7x at 32768). Sizes whose limbs do not
/// split over 2 to 32 lanes at most 32 limbs each (such as 2112 bits: 66 limbs), and sizes above 32768 bits, stay
/// on one thread.
WARPNUM_HD constexpr MulStrategy default_mul_strategy(std::size_t bits) noexcept {
  const std::size_t limbs = bits / 32;
  if (bits <= 2048 || limbs > 32 * 32) return {MulAlgorithm::thread_rows, 1, bits <= 2048};
  unsigned lanes = 32;
  // Fewer lanes while each would still hold at most 8 limbs, or when the limbs do not split evenly.
  while (lanes > 2 && (limbs % lanes != 0 || limbs / (lanes / 2) <= 8)) lanes /= 2;
  if (limbs % lanes != 0 || limbs / lanes > 32) return {MulAlgorithm::thread_rows, 1, false};
  const std::size_t per_lane = limbs / lanes;
  const bool karatsuba = per_lane >= 16 && per_lane % 2 == 0;
  return {karatsuba ? MulAlgorithm::paired_karatsuba : MulAlgorithm::paired_columns, lanes, false};
}

}  // namespace warpnum

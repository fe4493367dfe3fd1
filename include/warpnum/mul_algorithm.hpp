// SPDX-License-Identifier: Apache-2.0
// warpnum/mul_algorithm.hpp: warpnum::MulAlgorithm, every algorithm warpnum forms a product by, for the fixed
// widths on the GPU (mul_strategy.hpp) and for Integer (integer.hpp), which name the one they take or are told to.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum {

/// The algorithms warpnum multiplies by. Each user of the enumeration takes the ones that apply to it:
/// `MulStrategy` (fixed widths on the GPU) the first group, `Integer`'s `multiply` and `mul_algorithm` the second;
/// `multiply` throws std::invalid_argument for the others (docs/errors.md).
enum class MulAlgorithm : std::uint8_t {
  /// The library's choice by size and place (Integer).
  automatic,
  // ---- fixed widths on the GPU (default_mul_strategy) ----
  /// One thread a number: operator*, unrolled PTX rows of fused multiply-adds.
  thread_rows,
  /// G lanes a number: warp::paired_column_mul, block products by rows.
  paired_columns,
  /// The same, each block product by one Karatsuba step.
  paired_karatsuba,
  // ---- Integer ----
  /// Quadratic rows on the host.
  schoolbook,
  /// Karatsuba on the host's 64-bit words, schoolbook below its threshold.
  karatsuba,
  /// Toom-Cook 3-way on the host's 64-bit words, Karatsuba and schoolbook below their thresholds.
  toom3,
  /// The tiled column convolution on the GPU (Dieguez et al.).
  tiled,
  /// The exact three-prime number-theoretic transform (host or GPU).
  ntt,
  /// The double-precision complex FFT (host or GPU; Dieguez et al.), digits as wide as Percival's proven round-off
  /// bound allows and every coefficient's distance from an integer checked; where no width qualifies (products past
  /// 2^30 points) or the check fails, the product is formed by ntt instead. Taken only when asked for.
  fft,
  /// Toom-Cook 4-way on the host's 64-bit words, Toom-3, Karatsuba and schoolbook below their thresholds.
  toom4,
};

}  // namespace warpnum

// src/huge/thresholds.hpp (private to warpnum::huge): where Integer's multiplication changes algorithm, in limbs
// (integer.cpp's mul_algorithm).
//
// The device's crossover was measured on the H100 (bench-huge-mul, 2026-11-25: docs/benchmarks.md); the host's on the
// development machine's one core (AMD EPYC Zen 5), not yet on the GPU machine's 16.
#pragma once

#include <cstddef>

namespace warpnum::huge::thresholds {

/// Host: schoolbook below this, Karatsuba from it (64-bit word products; Karatsuba recurses down to it).
inline constexpr std::size_t host_karatsuba = 64;
/// Host: the three-prime transform (convolve_ntt) from this many limbs of the shorter operand. On the development
/// machine (one core, 2026-11-25) Karatsuba took 16.5 ms and the transform 14.1 ms at 20,000
/// limbs, 1.5 ms against 4.0 ms at 5,000.
inline constexpr std::size_t host_ntt = 16384;
/// Device: the tiled convolution (convolve_columns) while na * nb < device_ntt^2, the transform above. Equal
/// lengths on the H100 (convolution alone, 2026-11-25): 0.095 ms both at 5,000 limbs; columns 0.066 ms against
/// 0.088 at 1,661, 0.155 against 0.099 at 10,381 (the transform's floor is its five launches and the pool). The
/// product of the lengths, not the shorter one, because the tiled convolution's work is na * nb: 1 x 10^6 limbs
/// is cheap there, 4,000 x 10^6 is not.
inline constexpr std::size_t device_ntt = 5000;

}  // namespace warpnum::huge::thresholds

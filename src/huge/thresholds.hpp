// SPDX-License-Identifier: Apache-2.0
// src/huge/thresholds.hpp (private to warpnum::huge): where Integer's multiplication changes algorithm, in limbs
// (integer.cpp's mul_algorithm).
//
// Measured with `bench-huge-integer-mul --crossover` (Integer's whole product, carries included) on the H100 machine
// (its GPU, and its 16 CPU cores for the host's algorithms) and on the development machine (2 cores), 2026-11-25:
// docs/benchmarks.md.
#pragma once

#include <cstddef>

namespace warpnum::huge::thresholds {

/// Host: schoolbook below this, Karatsuba from it (64-bit word products; Karatsuba recurses down to it). Equal
/// between 54 and 81 limbs on both machines; with the assembly rows (mpn::addmul_1, after those runs) between 81
/// and 121 on the development machine, where Karatsuba at 81 limbs is 10% slower: not worth a change unmeasured on
/// the other.
inline constexpr std::size_t host_karatsuba = 64;
/// Host: Toom-3 (detail/mpn/toom3.hpp) from this many limbs of the shorter operand, and within its recursion;
/// Karatsuba below. On the development machine (2 cores, one for these) Toom-3 and Karatsuba are level from 121 to
/// 271 limbs, Toom-3 ahead by 5% at 406 limbs, 1.43x at 10,390 and 1.53x at 15,585 (2026-12-04).
inline constexpr std::size_t host_toom3 = 192;
/// Host: the three-prime transform (convolve_ntt) from this many limbs of the shorter operand where OpenMP gives
/// four threads or more, from host_ntt_few_threads limbs where it gives fewer: the transform runs on every core from
/// 2^15 points, Toom-3 on one. With 16 cores (the H100 machine's CPU) the transform took 1.57 ms at 15,585 limbs
/// against Karatsuba's 17.6 (2026-11-25), where Toom-3 would take about 12; with 2 cores it took 8.5 ms against
/// Toom-3's 5.6 at 15,585 limbs, 35.0-35.4 against 32.8-34.5 at 52,597 and 50.0 against 63.0 at 78,895 (development
/// machine, 2026-12-04).
inline constexpr std::size_t host_ntt = 12289;
inline constexpr std::size_t host_ntt_few_threads = 57000;
/// Device: the tiled convolution (convolve_columns) while na * nb < device_ntt^2, the transform above. Equal
/// lengths on the H100, whole products (16:58 UTC): tiled 0.085 ms against 0.084 at 4,618 limbs, 0.104 against
/// 0.092 at 6,927, 0.155 against 0.092 at 10,390 (the transform's floor, about 0.06 ms, is its launches and
/// synchronisation). The
/// product of the lengths, not the shorter one, because the tiled convolution's work is na * nb: 1 x 10^6 limbs
/// is cheap there, 4,000 x 10^6 is not.
inline constexpr std::size_t device_ntt = 5000;

}  // namespace warpnum::huge::thresholds

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
/// Host: Toom-3 (detail/mpn/toom3.hpp) from this many limbs of the shorter operand, and within its recursion; Karatsuba
/// below. Not yet measured on both machines: a first estimate.
inline constexpr std::size_t host_toom3 = 192;
/// Host: the three-prime transform (convolve_ntt) from this many limbs of the shorter operand. Karatsuba wins at
/// 10,390 limbs (7.3 against 9.9 ms on the H100 machine's CPU, 2.5 against 4.8 on the development machine), the
/// transform at 15,585 (1.6 against 17.6 ms; 2.9 against 4.8): from 12,289 limbs a product's transform is 2^15
/// long, the length from which it runs on all cores (convolve.cu).
inline constexpr std::size_t host_ntt = 12289;
/// Device: the tiled convolution (convolve_columns) while na * nb < device_ntt^2, the transform above. Equal
/// lengths on the H100, whole products (16:58 UTC): tiled 0.085 ms against 0.084 at 4,618 limbs, 0.104 against
/// 0.092 at 6,927, 0.155 against 0.092 at 10,390 (the transform's floor, about 0.06 ms, is its launches and
/// synchronisation). The
/// product of the lengths, not the shorter one, because the tiled convolution's work is na * nb: 1 x 10^6 limbs
/// is cheap there, 4,000 x 10^6 is not.
inline constexpr std::size_t device_ntt = 5000;

}  // namespace warpnum::huge::thresholds

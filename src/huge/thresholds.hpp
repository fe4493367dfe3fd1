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
/// Host: Toom-4 (detail/mpn/toom4.hpp) from this many limbs of the shorter operand, and within its recursion;
/// Toom-3 below. On the development machine (one thread, 2026-12-05) Toom-4 and Toom-3 are level at 406 limbs, and
/// Toom-4 ahead by 17% at 1,369 limbs, 11% at 10,390 and 24% at 78,895.
inline constexpr std::size_t host_toom4 = 300;
/// Host: with two OpenMP threads or more, the Toom-Cook levels from this many limbs of the shorter operand run their
/// products as tasks (toom_parallel.hpp), down to levels of this many limbs; one thread below. Measured with Toom-3
/// alone on the development machine (2 cores, 2026-12-05), ms with 300 / 600 / 1200 limbs, two rounds: a * b of
/// 10^5 digits 1.06-1.07 / 0.99 / 1.05-1.14, divmod_floor 2d by d 3.99-4.32 / 3.98-3.99 / 4.17-4.22 at 10^5 digits
/// and 16.5-18.3 / 16.1-16.2 / 16.9-17.0 at 3 10^5.
inline constexpr std::size_t host_toom_tasks = 600;
/// Host: the three-prime transform (convolve_ntt) from host_ntt_threshold(threads, vectorised) limbs of the shorter
/// operand, Toom-Cook below; `threads` is what OpenMP gives, `vectorised` whether the transform's levels run eight
/// words at a time (huge::host_ntt_is_vectorised: AVX2). The transform runs on every core from 2^15 points, Toom-3
/// on one.
/// - Four threads or more: host_ntt. With 16 cores (the H100 machine's CPU) the scalar transform took 1.57 ms at
///   15,585 limbs against Karatsuba's 17.6 (2026-11-25), where Toom-3 would take about 12.
/// - Fewer, on the development machine (AMD EPYC, 2 cores, 2026-12-04; docs/benchmarks.md): with AVX2 the transform
///   takes 3.9-5.5 ms at 15,585 limbs on two threads against Toom-3's 5.6-5.7, and 6.2-6.7 ms at 10,390 (a length
///   3 2^13, below 2^15 points: one thread, and the radix-3 step scalar) against 3.0-3.1; on one thread 25.0-25.6 ms
///   at 52,597 limbs against 33.6-34.0, and 22.4-24.3 at 35,065 against 18.1-19.0. The scalar transform on two
///   threads took 35.0-35.4 ms at 52,597 limbs against Toom-3's 32.8-34.5 and 50.0 at 78,895 against 63.0; on one
///   thread it was behind at every length measured, 148-149 ms at 118,342 limbs against 110-111.
/// - With Toom-4 (2026-12-05): on two threads Toom-4 and the transform are level at 23,377 and 35,065 limbs (3.52
///   against 3.54 ms, 6.37 against 6.47; Toom-4 ahead by 5-13% in a run before), the transform ahead at 15,585
///   (1.72 against 2.00) and 52,597 (7.97 against 15.2). On one thread Toom-4 takes 8.92 ms at 35,065 limbs against
///   10.5, and 15.7 at 52,597 against 11.4. The two-thread threshold stays at 15,585: it is on the shorter operand,
///   and where the other is longer (a division's quotient pieces times the divisor) the transform forms the whole
///   product at once. With 40,000 instead, divmod_floor of 2 10^6 by 10^6 digits took 90-92 ms against 48.
inline constexpr std::size_t host_ntt = 12289;
constexpr std::size_t host_ntt_threshold(int threads, bool vectorised) noexcept {
  if (threads >= 4) return host_ntt;
  if (vectorised) return threads >= 2 ? 15585 : 45000;
  return threads >= 2 ? 57000 : 131072;
}
/// Host: Integer's division takes its quotient in host_division_pieces(threads, divisor_limbs) pieces
/// (newton_division.hpp's divmod_by_reciprocal), each by a reciprocal of its length; `threads` is what OpenMP gives.
/// One piece has each remainder from a product modulo 2^(32 L) - 1 of about the divisor's length (a wrapped product,
/// NumberTraits<Integer>::difference_below) where the whole one is twice as long; four pieces have products a quarter
/// as long, which suit Toom-Cook, and their wrapped products save little (a quarter by the divisor's length).
/// - 16 threads or more: one piece, whose products are each as long as the divisor and keep every thread busy,
///   where a quarter piece's products kept 16 threads no busier than two. The H200 machine's 16 cores (2026-12-06),
///   ms at 10^5 / 3 10^5 / 10^6 digits: one piece 4.99 / 10.63 / 25.85, two 5.15 / 10.40 / 24.11, four 6.46 /
///   13.11 / 28.05 (GMP on one core 4.35-4.47 / 16.2 / 64.5-66.4).
/// - Fewer: four pieces below, one from host_division_one_piece_limbs(threads) limbs of divisor. The H100 machine's
///   CPU (Intel Xeon, 2026-12-06 05:44 UTC, bench-huge-integer-mul --division-variants), ms at 3 10^5 / 10^6 /
///   3 10^6 digits (31,144 / 103,811 / 311,431 limbs), one piece with wrapped remainders against four pieces: two
///   threads 14.14 / 63.28 / 197.8 against 13.61 / 56.74 / 210.3, one thread 27.21 / 103.4 / 355.8 against 23.18 /
///   125.4 / 365.5. Between 3 and 15 threads: not measured; they follow two.
/// - On the development machine (2 cores, 2026-12-05), one piece against four (before the wrapped remainders):
///   4.4-5.2 against 4.1-4.2 ms at 10^5 digits, 16.4-17.7 against 16.0-18.7 at 3 10^5, 59-64 against 50-52 at 10^6,
///   208-216 against 186-190 at 3 10^6; two, three, six and eight pieces were level or behind.
constexpr std::size_t host_division_one_piece_limbs(int threads) noexcept {
  if (threads >= 16) return 0;
  return threads >= 2 ? 200000 : 65536;
}
constexpr std::size_t host_division_pieces(int threads, std::size_t divisor_limbs) noexcept {
  return divisor_limbs >= host_division_one_piece_limbs(threads) ? 1 : 4;
}
/// Device: the tiled convolution (convolve_columns) while na * nb < device_ntt^2, the transform above. Equal
/// lengths on the H100, whole products (16:58 UTC): tiled 0.085 ms against 0.084 at 4,618 limbs, 0.104 against
/// 0.092 at 6,927, 0.155 against 0.092 at 10,390 (the transform's floor, about 0.06 ms, is its launches and
/// synchronisation). The
/// product of the lengths, not the shorter one, because the tiled convolution's work is na * nb: 1 x 10^6 limbs
/// is cheap there, 4,000 x 10^6 is not.
inline constexpr std::size_t device_ntt = 5000;
/// Device: the double-precision FFT (multiply_fft_device) is not chosen: the transform was faster at every size
/// measured on an H200 (2026-12-05): 0.32 against 3.3 ms at 10^7 digits, 2.85 against 55 at 10^8, and at 10^9
/// digits, past the longest transform, its blocks 207 ms against 472 (the FFT's roots then read from a table of the
/// top level's alone). MulAlgorithm::fft asks for it.
/// Device, over a list of two entries or more (multiply(devices, a, b)): a product within the longest transform and
/// of at least this many limbs (na + nb, about 2 10^7 digits) has its transform cut over the entries
/// (distributed_transform.cu); a shorter one runs whole on the list's first GPU. From the model in docs/scaling.md
/// (the passes' time shared, the transposes and the gathers over the links): at 2^21 limbs over 2 GPUs on NVLink the
/// copies take about as long as the passes save, and the saving grows with the length. Not yet measured on several
/// GPUs.
inline constexpr std::size_t device_distributed_transform = std::size_t{1} << 21;

}  // namespace warpnum::huge::thresholds

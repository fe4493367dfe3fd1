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
///   10.5, and 15.7 at 52,597 against 11.4. The two-thread threshold then stayed at 15,585: it was on the shorter
///   operand alone, and where the other is longer (a division's quotient pieces times the divisor) the transform
///   forms the whole product at once. With 40,000 instead, divmod_floor of 2 10^6 by 10^6 digits took 90-92 ms
///   against 48 (the unequal lengths' threshold below now covers those products).
/// - With the columns lane-wise (16 at a time) and the remainder step eight coefficients at a time (2026-12-06,
///   `--crossover`, ms): on one thread Toom-4 leads at 6,927 limbs (0.825 against 0.949 on the H100 machine's Xeon;
///   level, 0.94 against 0.94, on the development machine) and the transform from 10,390 (1.22 against 1.43); on two
///   and on sixteen, where the transform stays on one thread below 2^15 points, Toom-Cook's tasks lead at 10,390
///   limbs (Xeon: Toom-3 0.98 against 1.19 on two threads, 0.43 against 1.19 on sixteen) and the transform from
///   15,585 (1.14 against 1.79; 0.57 against 0.65).
inline constexpr std::size_t host_ntt = 12289;
constexpr std::size_t host_ntt_threshold(int threads, bool vectorised) noexcept {
  if (threads >= 2) return vectorised || threads >= 4 ? host_ntt : 57000;
  return vectorised ? 8000 : 131072;
}
/// Host: where the longer operand has at least twice the shorter's limbs, the transform from
/// host_ntt_unequal_threshold(threads, vectorised) limbs of the shorter: Toom-Cook takes such a product as several
/// of the shorter's length, the transform at once. n by 4n limbs (`--crossover`'s second table, Xeon, 2026-12-06,
/// Toom-4 against the transform, ms): one thread 0.56 against 0.66 at 2,053 limbs, 1.02 against 0.81 at 3,079; two
/// threads 0.94 against 1.24 at 4,618, 1.69 against 1.37 at 6,927; sixteen 0.70 against 1.23 at 4,618, 1.60 against
/// 0.55 at 6,927. Without AVX2: as equal lengths (not measured apart).
constexpr std::size_t host_ntt_unequal_threshold(int threads, bool vectorised) noexcept {
  if (!vectorised) return host_ntt_threshold(threads, vectorised);
  return threads >= 2 ? 6000 : 3000;
}
/// Whether the host multiplies operands of `shorter` and `longer` limbs by the transform (else by Toom-Cook or
/// below): the two thresholds above.
constexpr bool host_product_by_transform(std::size_t shorter, std::size_t longer, int threads,
                                         bool vectorised) noexcept {
  if (shorter >= host_ntt_threshold(threads, vectorised)) return true;
  return longer >= 2 * shorter && shorter >= host_ntt_unequal_threshold(threads, vectorised);
}
/// Host: the remainder a - q b of a division's step comes from q b modulo 2^(32 L) - 1, one cyclic transform of L
/// points just past the divisor's length (NumberTraits<Integer>::difference_below), where the whole product q b would
/// be a transform (host_product_by_transform), and on one thread with the vectorised transform also where it would
/// be Toom-Cook's, from host_wrapped_remainder_one_thread limbs of the shorter factor: the cyclic transform of the
/// divisor's length then takes less than Toom-Cook's product of a quotient piece by the divisor. One thread,
/// development machine (AMD EPYC), 2026-12-06, divisions of 2n by n limbs (two quotient pieces of n / 2 limbs),
/// ms, Toom-Cook's remainders against wrapped ones, two rounds: n = 1,500: 0.45-0.52 against 0.50 (the same);
/// 2,000: 0.73-0.74 against 0.66-0.67; 4,000: 1.12-1.20 against 0.93-0.96; 6,000: 2.15-2.19 against 1.65-1.73;
/// 10,382: 3.56-3.70 against 3.47-3.56 (there one piece's product was a transform already); 20,000: 7.38-7.49
/// against 6.59-6.64. With two threads or more Toom-Cook's products run on every thread and the thresholds of the
/// whole product stay (the Xeon's measurements of host_division_pieces).
inline constexpr std::size_t host_wrapped_remainder_one_thread = 800;
constexpr bool host_wrapped_remainder(std::size_t shorter, std::size_t longer, int threads, bool vectorised) noexcept {
  return host_product_by_transform(shorter, longer, threads, vectorised) ||
         (threads == 1 && vectorised && shorter >= host_wrapped_remainder_one_thread);
}
/// Host: Integer's division takes its quotient in host_division_pieces(threads, divisor_limbs) pieces
/// (newton_division.hpp's divmod_by_reciprocal), each by a reciprocal of its length; `threads` is what OpenMP gives.
/// Each remainder comes from the product q b modulo 2^(32 L) - 1 for an L just past the divisor's length (a wrapped
/// product, NumberTraits<Integer>::difference_below) where the whole product would be longer and a transform: it
/// saves half of one piece's product (the divisor's length by itself), a third of two pieces', little of four
/// pieces' (a quarter by the divisor's length, which Toom-Cook mostly takes).
/// Measured with bench-huge-integer-mul --division-variants (every variant in each round, the median of 5 rounds, ms)
/// on the H100 machines' CPUs (Intel Xeon, 16 cores, 2026-12-06), at 3 10^4 / 10^5 / 3 10^5 / 10^6 / 3 10^6 digits
/// (3,115 / 10,381 / 31,144 / 103,811 / 311,431 limbs), with wrapped remainders:
/// - 16 threads (05:48 UTC): one piece 1.09 / 4.78 / 10.21 / 26.17 / 66.35, two 1.09 / 5.18 / 10.26 / 23.57 / 61.52,
///   four 1.64 / 6.07 / 13.17 / 29.31 / 74.44. One piece's products, each as long as the divisor, keep 16 threads
///   busy, where a quarter piece's keep them no busier than two; two pieces win from 10^6 digits.
/// - 2 threads (05:48): one 1.65 / 8.47 / 27.71 / 103.8 / 301.3, two 1.31 / 7.32 / 27.43 / 80.91 / 267.7, four 1.42 /
///   6.54 / 28.06 / 89.01 / 304.0; at 05:44 on another machine of the kind, four pieces 13.61 and 56.74 against one
///   14.14 and 63.28 at 3 10^5 and 10^6 digits.
/// - 1 thread (05:48): one 2.22 / 12.15 / 55.88 / 113.3 / 440.9, two 1.81 / 9.66 / 43.33 / 87.20 / 353.9, four 2.00 /
///   10.36 / 47.54 / 139.6 / 445.9.
/// GMP's mpz_fdiv_qr on one core took 0.93-0.95 / 4.25-4.56 / 16.1-16.4 / 55.3-70.8 / 194-252 ms in the same runs.
/// Between 3 and 15 threads: not measured; they follow two.
constexpr std::size_t host_division_pieces(int threads, std::size_t divisor_limbs) noexcept {
  if (threads >= 16) return divisor_limbs < 65536 ? 1 : 2;
  if (threads >= 2) return divisor_limbs < 20000 ? 4 : 2;
  return 2;
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

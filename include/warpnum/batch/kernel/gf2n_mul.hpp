// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul.hpp: batch multiplication in GF(2^N) on the GPU, bit-sliced in chunks of 32
// elements (Ben-Sasson, Hamilis, Silberstein, Tromer, ICS '16), and its host launchers:
//
//   warpnum::batch::gf2n_mul<N, P>(d_a, d_b, d_c, n);            // n elements in the layout of GF2n<N>, transposed
//                                                                //   in and out inside the kernel ("end to end")
//   warpnum::batch::gf2n_mul_chunks<N, P>(d_a, d_b, d_c, chunks); // data already in chunk layout
//
// Chunk layout: chunk k is the N 32-bit rows at [k N, (k + 1) N); bit e of row i is the coefficient of x^i of
// element 32 k + e. Element layout: element i is gf2n_element_words32<N> 32-bit words (one up to N = 32, else
// ceil(N / 64) little-endian 64-bit words), bit j = the coefficient of x^j, bits N and up zero.
//
// Four kernels (GF2nMulKernel; `automatic` picks by N and P, see detail::gf2n_default_kernel):
//   thread          one thread a chunk, rows in registers (warp::sliced_mul): N <= 64;
//   register_cache  one warp a chunk, a row of each operand a lane, exchanged by shuffles (the paper's Sec. 7,
//                   warp::register_cache_mul): N <= 64;
//   lanes           N / 32 lanes a chunk (N = 64, 128, 256), blocks of 32 rows in registers exchanged by shuffles,
//                   the reduction by shuffles too (gf2n_mul_lanes): P's second exponent at most 16;
//   diagonal        shared memory, W = ceil(N / 32) blocks of 32 rows, after K levels of Karatsuba 3^K leaf
//                   products of W / 2^K blocks (Karatsuba as a transform: the leaf operands are sums of blocks,
//                   every leaf product lands at its offsets in the whole product); thread d of a leaf forms its
//                   diagonals d and d + W / 2^K (the paper's pairing of rows k and k + n, Sec. 6.2, on blocks:
//                   every thread does W / 2^K block products of 1024 LOP3 each, from its own registers), then the
//                   reduction rounds over shared memory: 33 <= N <= 4096. K = 0 unless asked for (Levels): on the
//                   H100 no level paid for itself yet (detail::gf2n_default_levels).
// Every launch is asynchronous on `stream` and does not synchronise. Needs nvcc.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul.hpp holds kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/kernel/gf2n_mul/common.hpp>
#include <warpnum/batch/kernel/gf2n_mul/diagonal.hpp>
#include <warpnum/batch/kernel/gf2n_mul/lanes.hpp>
#include <warpnum/batch/kernel/gf2n_mul/register_cache.hpp>
#include <warpnum/batch/kernel/gf2n_mul/thread.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_register_cache_mul.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace warpnum::WARPNUM_ABI::batch {

namespace detail {

/// The kernel `automatic` stands for at N: thread up to 32 bits, lanes where it takes N and P, else thread up to
/// 64 bits and diagonal above (the fastest at each N on an H100, 2026-11-25: docs/benchmarks.md, "Binary fields").
constexpr GF2nMulKernel gf2n_default_kernel(int n, int e1) {
  if (n <= 32) return GF2nMulKernel::thread;
  if (kernel::gf2n_lanes_fit(n, e1)) return GF2nMulKernel::lanes;
  return n <= 64 ? GF2nMulKernel::thread : GF2nMulKernel::diagonal;
}

/// Whether the diagonal kernel takes K Karatsuba levels at N (2^K divides the blocks, at most 512 threads a chunk).
constexpr bool gf2n_levels_fit(int n, int k) {
  const int w = (n + 31) / 32;
  return k >= 0 && k <= 6 && w % (1 << k) == 0 && kernel::pow3(k) * (w >> k) <= 512;
}
/// The diagonal kernel's default Karatsuba levels: none, since every level cost more than it saved on an H100
/// (2026-11-25; docs/results/2026-11-25/README.md).
constexpr int gf2n_default_levels(int) { return 0; }

inline void gf2n_check_launch(const char* what) {
  const cudaError_t e = cudaPeekAtLastError();
  if (e != cudaSuccess)
    warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum::batch::") + what + ": " +
                                                     cudaGetErrorString(e));
}

template <Poly P, GF2nLayout L, int Levels>
void gf2n_mul_launch(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c, std::size_t count, GF2nMulKernel which,
                     cudaStream_t stream, const char* what) {
  constexpr int n = P.degree();
  static_assert(n >= 2 && n <= Poly::max_degree, "warpnum: GF(2^N) for 2 <= N <= 4096");
  constexpr int levels = Levels < 0 ? gf2n_default_levels(n) : Levels;
  static_assert(n <= 32 || gf2n_levels_fit(n, levels), "warpnum: Levels needs 2^Levels | ceil(N / 32) and at most 512 threads a chunk");
  const std::size_t chunks = kernel::gf2n_chunks<L>(count);
  if (chunks == 0) return;
  if (which != GF2nMulKernel::automatic && which != GF2nMulKernel::thread && which != GF2nMulKernel::register_cache &&
      which != GF2nMulKernel::diagonal && which != GF2nMulKernel::lanes) {
    warpnum::detail::throw_error<std::invalid_argument>(
        std::string("warpnum::batch::") + what + ": GF2nMulKernel value " + std::to_string(static_cast<int>(which)) +
        " is not one of the enumeration's");
  }
  if (which == GF2nMulKernel::automatic) which = gf2n_default_kernel(n, P.exp(1));
  if (which == GF2nMulKernel::diagonal && n <= 32) which = GF2nMulKernel::thread;
  if (n > 64 && (which == GF2nMulKernel::thread || which == GF2nMulKernel::register_cache))
    warpnum::detail::throw_error<std::invalid_argument>(std::string("warpnum::batch::") + what +
                                                        ": the thread and register_cache kernels take N <= 64");
  if (which == GF2nMulKernel::lanes && !kernel::gf2n_lanes_fit(n, P.exp(1)))
    warpnum::detail::throw_error<std::invalid_argument>(std::string("warpnum::batch::") + what +
                                                        ": the lanes kernel takes N = 64, 128, 256 and e1 <= 16");
  kernel::for_poly_exps<P>([&](auto... e) {
    if constexpr (n <= 64) {
      constexpr unsigned threads = 128;
      if (which == GF2nMulKernel::thread) {
        kernel::gf2n_mul_thread<L, decltype(e)::value...>
            <<<static_cast<unsigned>((chunks + threads - 1) / threads), threads, 0, stream>>>(a, b, c, count);
        return;
      }
      if (which == GF2nMulKernel::register_cache) {
        kernel::gf2n_mul_register_cache<L, decltype(e)::value...>
            <<<static_cast<unsigned>((chunks * 32 + threads - 1) / threads), threads, 0, stream>>>(a, b, c, count);
        return;
      }
    }
    if constexpr (kernel::gf2n_lanes_fit(n, P.exp(1))) {
      if (which == GF2nMulKernel::lanes) {
        constexpr unsigned threads = 128;
        kernel::gf2n_mul_lanes<L, decltype(e)::value...>
            <<<static_cast<unsigned>((chunks * (n / 32) + threads - 1) / threads), threads, 0, stream>>>(a, b, c, count);
        return;
      }
    }
    if constexpr (n > 32) {
      using S = kernel::DiagonalShape<n, levels>;
      const auto k = kernel::gf2n_mul_diagonal<L, levels, decltype(e)::value...>;
      int device = 0;
      int allowed = 0;
      if (cudaGetDevice(&device) != cudaSuccess ||
          cudaDeviceGetAttribute(&allowed, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess)
        return;  // the error stays the last one: gf2n_check_launch throws it
      if (S::shared_bytes > static_cast<std::size_t>(allowed)) {
        warpnum::detail::throw_error<std::invalid_argument>(
            std::string("warpnum::batch::") + what + ": the diagonal kernel with " + std::to_string(levels) +
            " Karatsuba levels at N = " + std::to_string(n) + " needs " + std::to_string(S::shared_bytes) +
            " bytes of shared memory a block, and this GPU allows " + std::to_string(allowed) +
            ": ask for fewer levels (Levels = -1: the default)");
      }
      if (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(S::shared_bytes)) != cudaSuccess)
        return;
      k<<<static_cast<unsigned>((chunks + S::chunks - 1) / S::chunks), S::threads, S::shared_bytes, stream>>>(a, b, c, count);
    }
  });
  gf2n_check_launch(what);
}

}  // namespace detail

/// c[k] = a[k] * b[k] in GF(2^N) modulo P for `chunks` chunks in chunk layout (device pointers, 16-byte aligned when
/// N is a multiple of 4; c may alias neither). `Levels`: the diagonal kernel's Karatsuba levels (-1: its default for
/// N; 2^Levels must divide ceil(N / 32)). Throws std::invalid_argument for a kernel that does not take N, and
/// std::runtime_error when the launch fails.
template <int N, Poly P = default_poly(N), int Levels = -1>
void gf2n_mul_chunks(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c, std::size_t chunks,
                     GF2nMulKernel which = GF2nMulKernel::automatic, cudaStream_t stream = nullptr) {
  static_assert(P.degree() == N, "warpnum: gf2n_mul_chunks<N, P> needs a polynomial P of degree N");
  detail::gf2n_mul_launch<P, GF2nLayout::chunks, Levels>(a, b, c, chunks, which, stream, "gf2n_mul_chunks");
}

/// c[i] = a[i] * b[i] in GF(2^N) modulo P for n elements in element layout (device pointers; each element
/// gf2n_element_words32<N> 32-bit words, bits N and up zero), transposed to chunks and back inside the kernel.
/// Levels and errors as gf2n_mul_chunks.
template <int N, Poly P = default_poly(N), int Levels = -1>
void gf2n_mul(const warp::GF2nWord<N>* a, const warp::GF2nWord<N>* b, warp::GF2nWord<N>* c, std::size_t n,
              GF2nMulKernel which = GF2nMulKernel::automatic, cudaStream_t stream = nullptr) {
  static_assert(P.degree() == N, "warpnum: gf2n_mul<N, P> needs a polynomial P of degree N");
  // The kernels take every layout's buffers as addresses of 32-bit words; in element layout they touch them only
  // through warp::ConstElementWords and warp::ElementWords (4-byte copies), never as std::uint32_t objects.
  detail::gf2n_mul_launch<P, GF2nLayout::elements, Levels>(reinterpret_cast<const std::uint32_t*>(a),
                                                           reinterpret_cast<const std::uint32_t*>(b),
                                                           reinterpret_cast<std::uint32_t*>(c), n, which, stream, "gf2n_mul");
}

}  // namespace warpnum::WARPNUM_ABI::batch

// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul/common.hpp: what the GF(2^N) batch kernels share: the operands' layouts, the
// kernels' names, and the device helpers that move chunks of rows.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul/ holds kernels: compile this file with nvcc"
#endif

#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace warpnum::WARPNUM_ABI::batch {

/// How the operands lie in memory (see the file's comment).
enum class GF2nLayout { chunks, elements };

/// Which kernel multiplies; `automatic` picks the fastest measured for N (docs/benchmarks.md): thread up to 32 bits,
/// lanes at 64, 128 and 256 (where P allows), else thread up to 64 bits and diagonal above.
enum class GF2nMulKernel { automatic, thread, register_cache, diagonal, lanes };

namespace kernel {

using warp::gf2n_element_words32;

// The kernels take P as its exponents, a pack of ints (Exps...), not as a Poly: nvcc 13.0's host stub of a
// __global__ template with a Poly parameter names the class by its mangled name, which g++ cannot parse (a kernel
// templated on a GF2n type compiles: tests/host/gf2n/kernel_template_nvcc_test.cu). for_poly_exps calls
// f(std::integral_constant<int, e>...) with P's exponents.
template <Poly P, class F, int... K> void for_poly_exps(F&& f, std::integer_sequence<int, K...>) {
  f(std::integral_constant<int, P.exp(K)>{}...);
}
template <Poly P, class F> void for_poly_exps(F&& f) {
  for_poly_exps<P>(static_cast<F&&>(f), std::make_integer_sequence<int, P.num_terms()>{});
}

/// Chunks of `count` (chunks, or elements rounded up to whole chunks).
template <GF2nLayout L> __device__ __host__ constexpr std::size_t gf2n_chunks(std::size_t count) {
  return L == GF2nLayout::chunks ? count : (count + 31) / 32;
}

/// Elements of chunk k that exist (32 but in a partial last chunk).
__device__ WARPNUM_FORCEINLINE unsigned chunk_count(std::size_t k, std::size_t elements) {
  const std::size_t rest = elements - 32 * k;
  return rest < 32 ? static_cast<unsigned>(rest) : 32u;
}

/// N consecutive rows from device memory, in 16-byte loads where N allows.
template <int N> __device__ WARPNUM_FORCEINLINE void load_rows(const std::uint32_t* src, std::uint32_t (&rows)[N]) {
  if constexpr (N % 4 == 0) {
    const uint4* p = reinterpret_cast<const uint4*>(src);
    WARPNUM_UNROLL
    for (int k = 0; k < N / 4; ++k) {
      const uint4 v = p[k];
      rows[4 * k] = v.x;
      rows[4 * k + 1] = v.y;
      rows[4 * k + 2] = v.z;
      rows[4 * k + 3] = v.w;
    }
  } else {
    WARPNUM_UNROLL
    for (int k = 0; k < N; ++k) rows[k] = src[k];
  }
}
template <int N> __device__ WARPNUM_FORCEINLINE void store_rows(std::uint32_t* dst, const std::uint32_t (&rows)[N]) {
  if constexpr (N % 4 == 0) {
    uint4* p = reinterpret_cast<uint4*>(dst);
    WARPNUM_UNROLL
    for (int k = 0; k < N / 4; ++k) p[k] = make_uint4(rows[4 * k], rows[4 * k + 1], rows[4 * k + 2], rows[4 * k + 3]);
  } else {
    WARPNUM_UNROLL
    for (int k = 0; k < N; ++k) dst[k] = rows[k];
  }
}

}  // namespace kernel

}  // namespace warpnum::WARPNUM_ABI::batch

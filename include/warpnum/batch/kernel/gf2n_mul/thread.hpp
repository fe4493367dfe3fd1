// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul/thread.hpp: the GF(2^N) batch kernel of one thread a chunk (N <= 64).
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul/ holds kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/kernel/gf2n_mul/common.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// One thread a chunk: c = a * b for `count` chunks or elements (layout L), N = P.degree() <= 64.
template <GF2nLayout L, int... Exps>
__global__ __launch_bounds__(128) void gf2n_mul_thread(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c,
                                                       std::size_t count) {
  constexpr Poly P{Exps...};
  constexpr int n = P.degree();
  const std::size_t k = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= gf2n_chunks<L>(count)) return;
  std::uint32_t x[n];
  std::uint32_t y[n];
  std::uint32_t z[n];
  if constexpr (L == GF2nLayout::chunks) {
    load_rows<n>(a + k * n, x);
    load_rows<n>(b + k * n, y);
  } else {
    constexpr int stride = gf2n_element_words32<n>;
    const unsigned m = chunk_count(k, count);
    warp::elements_to_rows<n>(warp::ConstElementWords(a) + 32 * k * stride, m, x);
    warp::elements_to_rows<n>(warp::ConstElementWords(b) + 32 * k * stride, m, y);
  }
  warp::sliced_mul<P>(x, y, z);
  if constexpr (L == GF2nLayout::chunks) {
    store_rows<n>(c + k * n, z);
  } else {
    warp::rows_to_elements<n>(z, warp::ElementWords(c) + 32 * k * gf2n_element_words32<n>, chunk_count(k, count));
  }
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

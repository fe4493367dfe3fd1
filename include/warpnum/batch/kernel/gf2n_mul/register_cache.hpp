// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul/register_cache.hpp: the GF(2^N) batch kernel of one warp a chunk, rows exchanged
// by shuffles (the register cache, N <= 64).
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul/ holds kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/kernel/gf2n_mul/common.hpp>
#include <warpnum/warp/gf2n_register_cache_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// One warp a chunk (the register cache): c = a * b, N = P.degree() <= 64. Lane l holds rows l + 32 p.
/// In element layout the rows come from ballots (lane e holds element e).
template <GF2nLayout L, int... Exps>
__global__ __launch_bounds__(128) void gf2n_mul_register_cache(const std::uint32_t* a, const std::uint32_t* b,
                                                               std::uint32_t* c, std::size_t count) {
  constexpr Poly P{Exps...};
  constexpr int n = P.degree();
  constexpr int w = (n + 31) / 32;
  const std::size_t k = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  if (k >= gf2n_chunks<L>(count)) return;  // the whole warp
  std::uint32_t x[w];
  std::uint32_t y[w];
  std::uint32_t z[w];
  if constexpr (L == GF2nLayout::chunks) {
    WARPNUM_UNROLL
    for (int p = 0; p < w; ++p) {
      const unsigned row = lane + 32u * p;
      x[p] = row < static_cast<unsigned>(n) ? a[k * n + row] : 0u;
      y[p] = row < static_cast<unsigned>(n) ? b[k * n + row] : 0u;
    }
  } else {
    constexpr int stride = gf2n_element_words32<n>;
    const bool mine = lane < chunk_count(k, count);
    const std::size_t e = (32 * k + lane) * stride;
    WARPNUM_UNROLL
    for (int p = 0; p < w; ++p) {
      const std::uint32_t keep = 32 * p + 32 <= n ? ~0u : (1u << (n - 32 * p)) - 1u;
      const std::uint32_t wa = mine ? warp::ConstElementWords(a)[e + p] & keep : 0u;
      const std::uint32_t wb = mine ? warp::ConstElementWords(b)[e + p] & keep : 0u;
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) {
        const std::uint32_t ra = __ballot_sync(0xffffffffu, (wa >> r) & 1u);
        const std::uint32_t rb = __ballot_sync(0xffffffffu, (wb >> r) & 1u);
        if (lane == static_cast<unsigned>(r)) {
          x[p] = ra;
          y[p] = rb;
        }
      }
    }
  }
  warp::register_cache_mul<P>(x, y, z, lane);
  if constexpr (L == GF2nLayout::chunks) {
    WARPNUM_UNROLL
    for (int p = 0; p < w; ++p) {
      const unsigned row = lane + 32u * p;
      if (row < static_cast<unsigned>(n)) c[k * n + row] = z[p];
    }
  } else {
    constexpr int stride = gf2n_element_words32<n>;
    const bool mine = lane < chunk_count(k, count);
    const std::size_t e = (32 * k + lane) * stride;
    WARPNUM_UNROLL
    for (int p = 0; p < stride; ++p) {
      std::uint32_t word = 0;
      if (p < w) {
        WARPNUM_UNROLL
        for (int r = 0; r < 32; ++r) {
          const std::uint32_t v = __ballot_sync(0xffffffffu, (z[p < w ? p : 0] >> r) & 1u);
          if (lane == static_cast<unsigned>(r)) word = v;
        }
      }
      if (mine) warp::ElementWords(c).store(e + p, word);
    }
  }
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul/lanes.hpp: the GF(2^N) batch kernel of N / 32 lanes a chunk (N = 64, 128, 256),
// blocks of rows in registers exchanged by shuffles.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul/ holds kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/kernel/gf2n_mul/common.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// Whether the lane-group kernel takes N and P: N = 32 W with W = 2, 4 or 8 lanes a chunk, and P's second exponent
/// at most 16 (the reduction's two rounds then stay within a lane's block and the next).
WARPNUM_HD constexpr bool gf2n_lanes_fit(int n, int e1) {
  return n % 32 == 0 && (n == 64 || n == 128 || n == 256) && e1 <= 16;
}

/// W = N / 32 lanes a chunk (lane group), everything in registers: c = a * b. Lane d of a group holds blocks d
/// (rows 32 d .. 32 d + 31) of a and b and forms blocks d and d + W of the product, each the sum of the low halves
/// (rows 0 .. 31) of the 32 x 32 block products a_i b_j with i + j = q and the high halves of those with
/// i + j = q - 1 (the paper's pairing of rows k and k + n, Sec. 6.2, on blocks: every lane does W low and W high
/// halves, 1024 W LOP3). Step k receives a_k and the words of b_(d - k mod W) by shuffles (the register cache of
/// Sec. 7 on blocks: 64 shuffles per 1024 LOP3), adds the low half of a_k b_(d - k) and the high half of
/// a_(k - 1) b_(d - k); after step d the sum so far is block d and the rest goes to block d + W. The reduction
/// (Alg. 1, l. 2-3) shifts each lane's high block by P's exponents, the rows that cross a block boundary from the
/// lane below (lane 0's from lane W - 1: the second round's rows, which stay in lane 0).
template <GF2nLayout L, int... Exps>
__global__ __launch_bounds__(128) void gf2n_mul_lanes(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c,
                                                      std::size_t count) {
  constexpr Poly P{Exps...};
  constexpr int n = P.degree();
  constexpr int w = n / 32;
  constexpr int terms = P.num_terms();
  static_assert(gf2n_lanes_fit(n, P.exp(1)), "warpnum: the lane-group kernel takes N = 64, 128, 256 and e1 <= 16");
  const std::size_t thread = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t k_chunk = thread / w;
  const unsigned lane = threadIdx.x % 32;
  const unsigned base = lane & ~static_cast<unsigned>(w - 1);
  const int d = static_cast<int>(lane - base);
  const std::size_t total = gf2n_chunks<L>(count);
  const bool valid = k_chunk < total;  // lanes past the end compute on zeros: every lane shuffles
  std::uint32_t ao[32];
  std::uint32_t bo[32];
  if constexpr (L == GF2nLayout::chunks) {
    if (valid) {
      load_rows<32>(a + k_chunk * n + 32 * d, ao);
      load_rows<32>(b + k_chunk * n + 32 * d, bo);
    } else {
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) ao[r] = bo[r] = 0;
    }
  } else {
    const unsigned m = valid ? chunk_count(k_chunk, count) : 0u;
    const std::size_t at = valid ? 32 * k_chunk * w : 0;
    warp::load_column(warp::ConstElementWords(a) + at, w, d, m, ao);
    warp::load_column(warp::ConstElementWords(b) + at, w, d, m, bo);
  }

  std::uint32_t acc[32];
  std::uint32_t saved[32];
  std::uint32_t prev[32];
  WARPNUM_UNROLL
  for (int r = 0; r < 32; ++r) acc[r] = saved[r] = prev[r] = 0;
  WARPNUM_UNROLL
  for (int k = 0; k < w; ++k) {
    std::uint32_t cur[32];
    WARPNUM_UNROLL
    for (int r = 0; r < 32; ++r) cur[r] = __shfl_sync(0xffffffffu, ao[r], base + k);
    const unsigned from = base + ((d - k) & (w - 1));
    WARPNUM_UNROLL
    for (int j = 0; j < 32; ++j) {
      const std::uint32_t bj = __shfl_sync(0xffffffffu, bo[j], from);
      WARPNUM_UNROLL
      for (int i = 0; i + j < 32; ++i) acc[i + j] ^= cur[i] & bj;
      if (k >= 1) {
        WARPNUM_UNROLL
        for (int i = 32 - j; i < 32; ++i) acc[i + j - 32] ^= prev[i] & bj;
      }
    }
    const bool done = k == d;  // block d is complete: keep it, start block d + W
    WARPNUM_UNROLL
    for (int r = 0; r < 32; ++r) {
      saved[r] = done ? acc[r] : saved[r];
      acc[r] = done ? 0u : acc[r];
      prev[r] = cur[r];
    }
  }
  WARPNUM_UNROLL
  for (int j = 0; j < 32; ++j) {  // the high half of a_(W - 1) b_d, into block d + W
    WARPNUM_UNROLL
    for (int i = 32 - j; i < 32; ++i) acc[i + j - 32] ^= prev[i] & bo[j];
  }

  // reduction: low block d ^= high rows shifted up by e; the rows that cross into the next block come from the lane
  // below, and lane 0's (from lane W - 1, rows 2N and up) are the second round's
  std::uint32_t over[32];
  WARPNUM_UNROLL
  for (int r = 0; r < 32; ++r) over[r] = 0;
  const unsigned below = base + ((d - 1) & (w - 1));
  [&]<int... T>(std::integer_sequence<int, T...>) {
    ([&] {
      constexpr int e = P.exp(T + 1);
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) {
        if (r >= e) {
          saved[r] ^= acc[r - e];
        } else {
          const std::uint32_t v = __shfl_sync(0xffffffffu, acc[r - e + 32], below);
          saved[r] ^= d != 0 ? v : 0u;
          over[r] ^= d == 0 ? v : 0u;
        }
      }
    }(), ...);
  }(std::make_integer_sequence<int, terms - 1>{});
  WARPNUM_UNROLL
  for (int r = 0; r < 32; ++r) {
    WARPNUM_UNROLL
    for (int t = 1; t < terms; ++t) {
      if (r + P.exp(t) < 32) saved[r + P.exp(t)] ^= over[r];
    }
  }

  if (!valid) return;
  if constexpr (L == GF2nLayout::chunks) {
    store_rows<32>(c + k_chunk * n + 32 * d, saved);
  } else {
    warp::store_column(warp::ElementWords(c) + 32 * k_chunk * w, w, d, chunk_count(k_chunk, count), saved);
  }
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/gf2n_mul/diagonal.hpp: the GF(2^N) batch kernel in shared memory (33 <= N <= 4096):
// block diagonals, optionally after Karatsuba levels.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul/ holds kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/kernel/gf2n_mul/common.hpp>
#include <warpnum/gpu_architecture.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// 3^k.
constexpr int pow3(int k) {
  int p = 1;
  for (int i = 0; i < k; ++i) p *= 3;
  return p;
}

/// The diagonal kernel's shape for N and K Karatsuba levels: W = ceil(N / 32) blocks of 32 rows, split K times in
/// halves into 3^K leaf products of W / 2^K blocks (lo * lo, hi * hi, (lo + hi) * (lo + hi) at each level), each
/// formed by W / 2^K threads; 128 / (threads a chunk) chunks a block (at least one). In shared memory per chunk: the
/// leaf operands of a and of b, and the 2W-block product, each block of 32 rows padded to 33 words (the threads
/// of a leaf read different blocks of b at once, and the chunks and leaves of a warp lie a block's W words apart:
/// few bank conflicts).
template <int N, int K> struct DiagonalShape {
  static constexpr int w = (N + 31) / 32;
  static_assert(K >= 0 && w % (1 << K) == 0, "warpnum: K Karatsuba levels need 2^K | ceil(N / 32)");
  static constexpr int leaves = pow3(K);
  static constexpr int leaf_w = w >> K;
  static constexpr int leaf_rows = 32 * leaf_w;
  static constexpr int per_chunk = leaves * leaf_w;
  static_assert(per_chunk <= 512, "warpnum: too many Karatsuba levels for N (over 512 threads a chunk)");
  static constexpr int chunks = per_chunk >= 128 ? 1 : 128 / per_chunk;
  static constexpr int threads = chunks * per_chunk;
  static constexpr int leaf_words = 33 * leaf_w;
  static constexpr int operand_words = leaves * leaf_words;  // one operand's leaves
  static constexpr int product_words = 66 * w;
  static_assert(2 * operand_words >= product_words, "the leaf operands' space serves as the reduction's scratch");
  static constexpr std::size_t shared_bytes = 4 * static_cast<std::size_t>(chunks) * (2 * operand_words + product_words);
  // The default shape (no Karatsuba level) fits every architecture warpnum builds for; a shape with levels, asked
  // for through Levels, may need more than sm_86, sm_89 and sm_120 allow (2048 bits with 4 levels: 100 KiB), and
  // gf2n_mul_launch checks it against the GPU's allowance.
  static_assert(K > 0 || shared_bytes <= min_shared_bytes_per_block,
                "warpnum: the diagonal kernel's block must fit the shared memory of every GPU architecture warpnum builds for");
};

/// Where row `row` lies in a padded array.
__device__ WARPNUM_FORCEINLINE int padded(int row) { return row + row / 32; }

/// Digit l (1: the top level) of leaf s in base 3: 0 the low halves, 1 the high halves, 2 their sums.
template <int K> __device__ WARPNUM_FORCEINLINE int leaf_digit(int s, int l) {
  int d = s;
  for (int k = l; k < K; ++k) d /= 3;
  return d % 3;
}

/// Where leaf s's product goes in the whole product, for each choice m of K bits: the sum over the levels l of
/// 0 or W / 2^l blocks (digit 0), W / 2^l or 2 W / 2^l (digit 1), W / 2^l (digit 2, m's bit clear; -1: no such
/// choice). The Karatsuba interpolation H = P0 + x^M (P0 + P1 + P2) + x^2M P1 at every level; no two choices
/// of a leaf land on the same block.
template <int K, int W> __device__ WARPNUM_FORCEINLINE int leaf_offset(int s, int m) {
  int blocks = 0;
  WARPNUM_UNROLL
  for (int l = 1; l <= K; ++l) {
    const int digit = leaf_digit<K>(s, l);
    const int bit = (m >> (K - l)) & 1;
    const int half = W >> l;
    if (digit == 0) blocks += bit * half;
    else if (digit == 1) blocks += (1 + bit) * half;
    else if (bit != 0) return -1;
    else blocks += half;
  }
  return blocks;
}

/// dst[padded(32 (g + o) + r)] ^= acc[r] for the 63 rows of the diagonal g of leaf s, for each of its offsets o;
/// acc cleared.
template <int K, int W>
__device__ WARPNUM_FORCEINLINE void flush_diagonal(std::uint32_t* prod, int g, int s, std::uint32_t (&acc)[63]) {
#pragma unroll 1
  for (int m = 0; m < (1 << K); ++m) {
    const int o = leaf_offset<K, W>(s, m);
    if (o < 0) continue;
    std::uint32_t* const dst = prod + 33 * (g + o);
    WARPNUM_UNROLL
    for (int r = 0; r < 63; ++r) atomicXor(dst + r + (r >= 32 ? 1 : 0), acc[r]);
  }
  WARPNUM_UNROLL
  for (int r = 0; r < 63; ++r) acc[r] = 0;
}

/// Shared-memory chunks (DiagonalShape): c = a * b, 33 <= N = P.degree() <= 4096, with K levels of Karatsuba over
/// blocks of 32 rows (K = 0: the W^2 block products; each level leaves 3/4 of them). One block takes `chunks`
/// consecutive chunks; thread u of a chunk forms the diagonals d and d + W / 2^K of leaf u / (W / 2^K).
template <GF2nLayout L, int K, int... Exps>
__global__ __launch_bounds__(512) void gf2n_mul_diagonal(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c,
                                                         std::size_t count) {
  constexpr Poly P{Exps...};
  constexpr int n = P.degree();
  using S = DiagonalShape<n, K>;
  constexpr int w = S::w;
  extern __shared__ std::uint32_t shared[];
  std::uint32_t* const sa = shared;                                  // leaf operands of a
  std::uint32_t* const sb = sa + S::chunks * S::operand_words;       // of b
  std::uint32_t* const sp = sb + S::chunks * S::operand_words;       // the products
  const int tid = static_cast<int>(threadIdx.x);
  const int mine = tid / S::per_chunk;  // this thread's chunk in the block
  const int u = tid % S::per_chunk;
  const std::size_t total = gf2n_chunks<L>(count);
  const std::size_t first = static_cast<std::size_t>(blockIdx.x) * S::chunks;

  // 1. the operands (rows N and up zero) staged in the product's space: a at 0, b at 33 W
  if constexpr (L == GF2nLayout::chunks) {
    for (int idx = tid; idx < S::chunks * 32 * w; idx += S::threads) {
      const int k = idx / (32 * w);
      const int row = idx % (32 * w);
      const std::size_t chunk = first + k;
      const bool valid = row < n && chunk < total;
      sp[k * S::product_words + padded(row)] = valid ? a[chunk * n + row] : 0u;
      sp[k * S::product_words + 33 * w + padded(row)] = valid ? b[chunk * n + row] : 0u;
    }
  } else if (u < w) {  // thread u transposes column u
    constexpr int stride = gf2n_element_words32<n>;
    const std::size_t chunk = first + mine;
    const unsigned m = chunk < total ? chunk_count(chunk, count) : 0u;
    const std::size_t base = m != 0 ? 32 * chunk * stride : 0;
    std::uint32_t t[32];
    WARPNUM_UNROLL
    for (int op = 0; op < 2; ++op) {
      warp::load_column(warp::ConstElementWords(op == 0 ? a : b) + base, stride, u, m, t);
      std::uint32_t* dst = sp + mine * S::product_words + op * 33 * w + 33 * u;
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) dst[r] = 32 * u + r < n ? t[r] : 0u;
    }
  }
  __syncthreads();
  // the leaf operands: row x of leaf s is the sum of row x of the pieces (of W / 2^K blocks) its digits select
  for (int idx = tid; idx < S::chunks * S::leaves * S::leaf_rows; idx += S::threads) {
    const int k = idx / (S::leaves * S::leaf_rows);
    const int s = idx / S::leaf_rows % S::leaves;
    const int x = idx % S::leaf_rows;
    const std::uint32_t* const stage = sp + k * S::product_words;
    std::uint32_t va = 0;
    std::uint32_t vb = 0;
    WARPNUM_UNROLL
    for (int m = 0; m < (1 << K); ++m) {
      bool selected = true;
      WARPNUM_UNROLL
      for (int l = 1; l <= K; ++l) {
        const int digit = leaf_digit<K>(s, l);
        selected = selected && (digit == 2 || digit == ((m >> (K - l)) & 1));
      }
      if (selected) {
        va ^= stage[padded(m * S::leaf_rows + x)];
        vb ^= stage[33 * w + padded(m * S::leaf_rows + x)];
      }
    }
    sa[k * S::operand_words + s * S::leaf_words + padded(x)] = va;
    sb[k * S::operand_words + s * S::leaf_words + padded(x)] = vb;
  }
  __syncthreads();
  for (int idx = tid; idx < S::chunks * S::product_words; idx += S::threads) sp[idx] = 0;
  __syncthreads();

  // 2. leaf s, diagonals d (blocks i + j = d) and d + W' (i + j = d + W'), W' = W / 2^K: step i multiplies block i
  //    of a's leaf by block (d - i) mod W' of b's, into the whole product at each of the leaf's offsets
  std::uint32_t* const prod = sp + mine * S::product_words;
  {
    constexpr int lw = S::leaf_w;
    const int s = u / lw;
    const int d = u % lw;
    const std::uint32_t* const ca = sa + mine * S::operand_words + s * S::leaf_words;
    const std::uint32_t* const cb = sb + mine * S::operand_words + s * S::leaf_words;
    std::uint32_t acc[63];
    WARPNUM_UNROLL
    for (int r = 0; r < 63; ++r) acc[r] = 0;
#pragma unroll 1
    for (int i = 0; i < lw; ++i) {
      const int j = d - i < 0 ? d - i + lw : d - i;
      std::uint32_t av[32];
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) av[r] = ca[33 * i + r];
      warp::sliced_product<32, 32>(av, cb + 33 * j, acc);
      if (i == d) flush_diagonal<K, w>(prod, d, s, acc);
    }
    if (d != lw - 1) flush_diagonal<K, w>(prod, lw + d, s, acc);
  }
  __syncthreads();

  // 3. reduction rounds (Alg. 1, l. 2-3, for any P): new rows t = sum over e of row N + t - e, through a scratch copy
  {
    constexpr int terms = P.num_terms();
    constexpr int e1 = P.exp(1);
    constexpr int rounds = warp::gf2n_reduction_rounds(n, e1);
    std::uint32_t* const scratch = sa + mine * S::product_words;  // the leaf operands are no longer needed
#pragma unroll 1
    for (int round = 0; round < rounds; ++round) {
      const int top = warp::gf2n_reduction_top(n, e1, round);
      const int next = top - n + e1;
      for (int t = u; t <= next; t += S::per_chunk) {
        std::uint32_t v = 0;
        WARPNUM_UNROLL
        for (int k = 1; k < terms; ++k) {
          const int src = n + t - P.exp(k);
          if (src >= n && src <= top) v ^= prod[padded(src)];
        }
        scratch[padded(t)] = v;
      }
      __syncthreads();
      for (int t = u; t <= top; t += S::per_chunk) {
        if (t < n) {
          if (t <= next) prod[padded(t)] ^= scratch[padded(t)];
        } else {
          prod[padded(t)] = t <= next ? scratch[padded(t)] : 0u;
        }
      }
      __syncthreads();
    }
  }

  // 4. the result out
  if constexpr (L == GF2nLayout::chunks) {
    for (int idx = tid; idx < S::chunks * n; idx += S::threads) {
      const int k = idx / n;
      const int row = idx % n;
      if (first + k < total) c[(first + k) * n + row] = sp[k * S::product_words + padded(row)];
    }
  } else {
    constexpr int stride = gf2n_element_words32<n>;
    const std::size_t chunk = first + mine;
    if (chunk < total && u < w) {
      const unsigned m = chunk_count(chunk, count);
      const warp::ElementWords out = warp::ElementWords(c) + 32 * chunk * stride;
      std::uint32_t t[32];
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) t[r] = 32 * u + r < n ? prod[padded(32 * u + r)] : 0u;
      warp::store_column(out, stride, u, m, t);
      if (u == w - 1) {
        for (int col = w; col < stride; ++col) {
          for (unsigned e = 0; e < m; ++e) out.store(static_cast<std::size_t>(e) * stride + col, 0u);
        }
      }
    }
  }
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

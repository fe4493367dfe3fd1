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

#include <warpnum/detail/raise.hpp>
#include <warpnum/gpu_architecture.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_register_cache_mul.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
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

}  // namespace kernel

namespace detail {

/// The kernel `automatic` stands for at N (H100, 2026-11-25, docs/benchmarks.md): thread up to 32 bits (151 G/s
/// against 78 G/s for the register cache), lanes where it takes N and P (64: 79.9 G/s, and 43.6 G/s end to end
/// against the thread kernel's 27.0 G/s; 128: 24.0 G/s against 13.7 G/s; 256: 6.61 G/s against 4.73 G/s), else
/// thread up to 64 bits and diagonal above.
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
/// The diagonal kernel's default Karatsuba levels: none. On the H100 every level cost more than it saved
/// (2026-11-25: 2048 bits 115 M/s with none or two, 77.9 M/s with three; 512 bits 1.52 G/s, 1.40 G/s with one):
/// the leaf products' flushes to several offsets, by lanes of different leaves at once, issue about half as many
/// shared atomics as the block products issue LOP3 at three levels (docs/benchmarks.md).
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

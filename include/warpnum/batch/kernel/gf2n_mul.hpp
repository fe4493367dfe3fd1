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
// Three kernels (GF2nMulKernel):
//   thread          one thread a chunk, rows in registers (warp::sliced_mul): N <= 64;
//   register_cache  one warp a chunk, a row of each operand a lane, exchanged by shuffles (the paper's Sec. 7,
//                   warp::register_cache_mul): N <= 64;
//   diagonal        ceil(N / 32) threads a chunk in shared memory: thread d forms the diagonals d and d + W of the
//                   W x W products of 32-row blocks (the paper's pairing of rows k and k + n, Sec. 6.2, on blocks:
//                   every thread does W block products of 1024 LOP3 each, from its own registers), then the
//                   reduction rounds over shared memory: 33 <= N <= 4096.
// Every launch is asynchronous on `stream` and does not synchronise. Needs nvcc.
#pragma once

#if !defined(__CUDACC__)
#  error "warpnum/batch/kernel/gf2n_mul.hpp holds kernels: compile this file with nvcc"
#endif

#include <warpnum/config.hpp>
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

namespace warpnum::batch {

/// How the operands lie in memory (see the file's comment).
enum class GF2nLayout { chunks, elements };

/// Which kernel multiplies; `automatic` picks the fastest measured for N (docs/benchmarks.md).
enum class GF2nMulKernel { automatic, thread, register_cache, diagonal };

namespace kernel {

using warp::gf2n_element_words32;

// The kernels take P as its exponents, a pack of ints (Exps...), not as a Poly: nvcc 13.0 writes a class-type
// template argument of a __global__ template into its host stub as code g++ cannot parse ("parse error in template
// argument list"). for_poly_exps calls f(std::integral_constant<int, e>...) with P's exponents.
template <Poly P, class F, int... K> void for_poly_exps(F&& f, std::integer_sequence<int, K...>) {
  f(std::integral_constant<int, P.exps[K]>{}...);
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
  constexpr Poly P{{Exps...}};
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
    warp::elements_to_rows<n>(a + 32 * k * stride, m, x);
    warp::elements_to_rows<n>(b + 32 * k * stride, m, y);
  }
  warp::sliced_mul<P>(x, y, z);
  if constexpr (L == GF2nLayout::chunks) {
    store_rows<n>(c + k * n, z);
  } else {
    warp::rows_to_elements<n>(z, c + 32 * k * gf2n_element_words32<n>, chunk_count(k, count));
  }
}

/// One warp a chunk (the register cache): c = a * b, N = P.degree() <= 64. Lane l holds rows l + 32 p.
/// In element layout the rows come from ballots (lane e holds element e).
template <GF2nLayout L, int... Exps>
__global__ __launch_bounds__(128) void gf2n_mul_register_cache(const std::uint32_t* a, const std::uint32_t* b,
                                                               std::uint32_t* c, std::size_t count) {
  constexpr Poly P{{Exps...}};
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
      const std::uint32_t wa = mine ? a[e + p] & keep : 0u;
      const std::uint32_t wb = mine ? b[e + p] & keep : 0u;
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
      if (mine) c[e + p] = word;
    }
  }
}

/// The diagonal kernel's shape for N: W = ceil(N / 32) threads a chunk, 128 / W chunks a block, and in shared
/// memory per chunk both operands and the 2W-block product, each block of 32 rows padded to 33 words (the threads
/// of a chunk read different blocks of b at once, and the chunks of a warp lie W words apart: no bank conflicts).
template <int N> struct DiagonalShape {
  static constexpr int w = (N + 31) / 32;
  static constexpr int chunks = w >= 128 ? 1 : 128 / w;
  static constexpr int threads = chunks * w;
  static constexpr int operand_words = 33 * w;
  static constexpr int product_words = 66 * w;
  static constexpr std::size_t shared_bytes = 4 * static_cast<std::size_t>(chunks) * (2 * operand_words + product_words);
};

/// Where row `row` lies in a padded array.
__device__ WARPNUM_FORCEINLINE int padded(int row) { return row + row / 32; }

/// dst[padded(32 s + r)] ^= acc[r] for the 63 rows of a diagonal s (dst: block s), acc cleared.
__device__ WARPNUM_FORCEINLINE void flush_diagonal(std::uint32_t* dst, std::uint32_t (&acc)[63]) {
  WARPNUM_UNROLL
  for (int r = 0; r < 63; ++r) {
    atomicXor(dst + r + (r >= 32 ? 1 : 0), acc[r]);
    acc[r] = 0;
  }
}

/// Shared-memory chunks, W threads each (DiagonalShape): c = a * b, 33 <= N = P.degree() <= 4096. One block takes
/// `chunks` consecutive chunks.
template <GF2nLayout L, int... Exps>
__global__ __launch_bounds__(128) void gf2n_mul_diagonal(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c,
                                                         std::size_t count) {
  constexpr Poly P{{Exps...}};
  constexpr int n = P.degree();
  using S = DiagonalShape<n>;
  constexpr int w = S::w;
  extern __shared__ std::uint32_t shared[];
  std::uint32_t* const sa = shared;
  std::uint32_t* const sb = sa + S::chunks * S::operand_words;
  std::uint32_t* const sp = sb + S::chunks * S::operand_words;
  const int tid = static_cast<int>(threadIdx.x);
  const int mine = tid / w;  // this thread's chunk in the block
  const int d = tid % w;     // and its diagonals, d and d + W
  const std::size_t total = gf2n_chunks<L>(count);
  const std::size_t first = static_cast<std::size_t>(blockIdx.x) * S::chunks;

  // 1. operands into shared memory (rows N and up zero), the product cleared
  if constexpr (L == GF2nLayout::chunks) {
    for (int idx = tid; idx < S::chunks * 32 * w; idx += S::threads) {
      const int k = idx / (32 * w);
      const int row = idx % (32 * w);
      const std::size_t chunk = first + k;
      const bool valid = row < n && chunk < total;
      sa[k * S::operand_words + padded(row)] = valid ? a[chunk * n + row] : 0u;
      sb[k * S::operand_words + padded(row)] = valid ? b[chunk * n + row] : 0u;
    }
  } else {
    constexpr int stride = gf2n_element_words32<n>;
    const std::size_t chunk = first + mine;
    const unsigned m = chunk < total ? chunk_count(chunk, count) : 0u;
    const std::size_t base = m != 0 ? 32 * chunk * stride : 0;
    std::uint32_t t[32];
    WARPNUM_UNROLL
    for (int op = 0; op < 2; ++op) {
      warp::load_column((op == 0 ? a : b) + base, stride, d, m, t);
      std::uint32_t* dst = (op == 0 ? sa : sb) + mine * S::operand_words + 33 * d;
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) dst[r] = 32 * d + r < n ? t[r] : 0u;
    }
  }
  for (int idx = tid; idx < S::chunks * S::product_words; idx += S::threads) sp[idx] = 0;
  __syncthreads();

  // 2. diagonals d (blocks i + j = d) and d + W (i + j = d + W): step i multiplies block i of a by block (d - i) mod W of b
  std::uint32_t* const prod = sp + mine * S::product_words;
  {
    const std::uint32_t* const ca = sa + mine * S::operand_words;
    const std::uint32_t* const cb = sb + mine * S::operand_words;
    std::uint32_t acc[63];
    WARPNUM_UNROLL
    for (int r = 0; r < 63; ++r) acc[r] = 0;
#pragma unroll 1
    for (int i = 0; i < w; ++i) {
      const int j = d - i < 0 ? d - i + w : d - i;
      std::uint32_t av[32];
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) av[r] = ca[33 * i + r];
      warp::sliced_product<32, 32>(av, cb + 33 * j, acc);
      if (i == d) flush_diagonal(prod + 33 * d, acc);
    }
    if (d != w - 1) flush_diagonal(prod + 33 * (w + d), acc);
  }
  __syncthreads();

  // 3. reduction rounds (Alg. 1, l. 2-3, for any P): new rows t = sum over e of row N + t - e, through a scratch copy
  {
    constexpr int terms = P.num_terms();
    constexpr int e1 = P.exps[1];
    constexpr int rounds = warp::gf2n_reduction_rounds(n, e1);
    std::uint32_t* const scratch = sa + mine * S::product_words;  // the operands are no longer needed
#pragma unroll 1
    for (int round = 0; round < rounds; ++round) {
      const int top = warp::gf2n_reduction_top(n, e1, round);
      const int next = top - n + e1;
      for (int t = d; t <= next; t += w) {
        std::uint32_t v = 0;
        WARPNUM_UNROLL
        for (int k = 1; k < terms; ++k) {
          const int src = n + t - P.exps[k];
          if (src >= n && src <= top) v ^= prod[padded(src)];
        }
        scratch[padded(t)] = v;
      }
      __syncthreads();
      for (int t = d; t <= top; t += w) {
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
    if (chunk < total) {
      const unsigned m = chunk_count(chunk, count);
      std::uint32_t* const out = c + 32 * chunk * stride;
      std::uint32_t t[32];
      WARPNUM_UNROLL
      for (int r = 0; r < 32; ++r) t[r] = 32 * d + r < n ? prod[padded(32 * d + r)] : 0u;
      warp::store_column(out, stride, d, m, t);
      if (d == w - 1) {
        for (int col = w; col < stride; ++col) {
          for (unsigned e = 0; e < m; ++e) out[static_cast<std::size_t>(e) * stride + col] = 0u;
        }
      }
    }
  }
}

}  // namespace kernel

namespace detail {

/// The kernel `automatic` stands for at N (measured on an H100, docs/benchmarks.md).
constexpr GF2nMulKernel gf2n_default_kernel(int n) {
  return n <= 32 ? GF2nMulKernel::thread : GF2nMulKernel::diagonal;
}

inline void gf2n_check_launch(const char* what) {
  const cudaError_t e = cudaPeekAtLastError();
  if (e != cudaSuccess) throw std::runtime_error(std::string("warpnum::batch::") + what + ": " + cudaGetErrorString(e));
}

template <Poly P, GF2nLayout L>
void gf2n_mul_launch(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c, std::size_t count, GF2nMulKernel which,
                     cudaStream_t stream, const char* what) {
  constexpr int n = P.degree();
  static_assert(n >= 2 && n <= Poly::max_degree, "warpnum: GF(2^N) for 2 <= N <= 4096");
  const std::size_t chunks = kernel::gf2n_chunks<L>(count);
  if (chunks == 0) return;
  if (which == GF2nMulKernel::automatic) which = gf2n_default_kernel(n);
  if (which == GF2nMulKernel::diagonal && n <= 32) which = GF2nMulKernel::thread;
  if (n > 64 && which != GF2nMulKernel::diagonal)
    throw std::invalid_argument(std::string("warpnum::batch::") + what + ": the thread and register_cache kernels take N <= 64");
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
    if constexpr (n > 32) {
      using S = kernel::DiagonalShape<n>;
      const auto k = kernel::gf2n_mul_diagonal<L, decltype(e)::value...>;
      if (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(S::shared_bytes)) != cudaSuccess)
        return;
      k<<<static_cast<unsigned>((chunks + S::chunks - 1) / S::chunks), S::threads, S::shared_bytes, stream>>>(a, b, c, count);
    }
  });
  gf2n_check_launch(what);
}

}  // namespace detail

/// c[k] = a[k] * b[k] in GF(2^N) modulo P for `chunks` chunks in chunk layout (device pointers, 16-byte aligned when
/// N is a multiple of 4; c may alias neither). Throws std::invalid_argument for a kernel that does not take N, and
/// std::runtime_error when the launch fails.
template <int N, Poly P = default_poly(N)>
void gf2n_mul_chunks(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* c, std::size_t chunks,
                     GF2nMulKernel which = GF2nMulKernel::automatic, cudaStream_t stream = nullptr) {
  static_assert(P.degree() == N, "warpnum: gf2n_mul_chunks<N, P> needs a polynomial P of degree N");
  detail::gf2n_mul_launch<P, GF2nLayout::chunks>(a, b, c, chunks, which, stream, "gf2n_mul_chunks");
}

/// c[i] = a[i] * b[i] in GF(2^N) modulo P for n elements in element layout (device pointers; each element
/// gf2n_element_words32<N> 32-bit words, bits N and up zero), transposed to chunks and back inside the kernel.
/// Errors as gf2n_mul_chunks.
template <int N, Poly P = default_poly(N)>
void gf2n_mul(const warp::GF2nWord<N>* a, const warp::GF2nWord<N>* b, warp::GF2nWord<N>* c, std::size_t n,
              GF2nMulKernel which = GF2nMulKernel::automatic, cudaStream_t stream = nullptr) {
  static_assert(P.degree() == N, "warpnum: gf2n_mul<N, P> needs a polynomial P of degree N");
  detail::gf2n_mul_launch<P, GF2nLayout::elements>(reinterpret_cast<const std::uint32_t*>(a),
                                                   reinterpret_cast<const std::uint32_t*>(b),
                                                   reinterpret_cast<std::uint32_t*>(c), n, which, stream, "gf2n_mul");
}

}  // namespace warpnum::batch

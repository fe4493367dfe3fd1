// SPDX-License-Identifier: Apache-2.0
// src/huge/base_cases.cu: the smallest levels of Newton's reciprocal (include/warpnum/huge/newton_division.hpp) and
// square root (newton_sqrt.hpp) where the number is: floor(2^(2 n) / d) for d of at most newton_division_base_limbs
// limbs, and floor(sqrt(x)) for x of as many limbs. On the host, and for the square root on the device in a kernel
// of one thread, one body each: the limb core's long division (detail/mpn/div.hpp, Knuth's algorithm D on 32-bit
// words) and BigUInt's square root at the base's width (Zimmermann's). The reciprocal on the device is the faster
// variant beside it, the same algorithm D by one warp (reciprocal_base_warp): 15 us where a one-thread kernel took
// 110 us (H200, Nsight Compute). Above that and up to reciprocal_block_limbs limbs the device runs Newton's levels
// themselves in one block (reciprocal_block_kernel): the same steps as newton_division.hpp's, on shared memory,
// where each level as AsyncInteger operations is about fifteen kernels. On the device they read their operand and
// write the result in the stream's order, so that a reciprocal or root queued as AsyncIntegers
// (async_integer_traits.hpp) runs from its smallest level up without the host reading anything, in place of a copy
// to the host, the host's work and a copy back, each waiting.
#include "block_lookahead.hpp"
#include "engine.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/carry.hpp>
#include <warpnum/huge/newton_division.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum::huge {

namespace {

constexpr int base_limbs = static_cast<int>(newton_division_base_limbs);
constexpr int dividend_limbs = 2 * base_limbs + 1;  // 2^(2 n) for n <= 32 base_limbs

/// x[0, nx) = floor(2^(2 bits) / d) for d[0, nd) below 2^bits (bits <= 32 base_limbs; limbs of d past base_limbs
/// are not read); zero for a zero d.
WARPNUM_HD void reciprocal_base_run(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
  limb_t u[dividend_limbs];
  limb_t v[base_limbs];
  limb_t q[dividend_limbs];
  limb_t r[base_limbs];
  std::uint32_t un[dividend_limbs + 1];
  std::uint32_t vn[base_limbs];
  for (std::size_t k = 0; k < nx; ++k) x[k] = 0;
  int n = nd < static_cast<std::size_t>(base_limbs) ? static_cast<int>(nd) : base_limbs;
  while (n > 0 && d[n - 1] == 0) --n;
  const int m = static_cast<int>(2 * bits / 32) + 1;
  if (n == 0 || m < n) return;
  for (int k = 0; k < n; ++k) v[k] = d[k];
  for (int k = 0; k < m; ++k) u[k] = 0;
  u[m - 1] = limb_t{1} << (2 * bits % 32);
  warpnum::detail::mpn::divmod<std::uint32_t>(q, r, u, m, v, n, un, vn);
  const std::size_t nq = static_cast<std::size_t>(m - n + 1);
  for (std::size_t k = 0; k < nx && k < nq; ++k) x[k] = q[k];
}

/// y[0, ny) = floor(sqrt(x)) for x[0, nx) (limbs past base_limbs are not read), by BigUInt's square root at the
/// base's width (detail/bigint/sqrt.hpp: Zimmermann's, unrolled at that width). Not the limb core's mpn::sqrtrem:
/// its recursion has a depth known only at run time, so a kernel running it gets the device's default stack of
/// 1 KiB a thread unless something else raised it, and a base of 48 limbs overflowed that (a square root queued
/// before any division did; compute-sanitizer: "Stack overflow" in sqrtrem_normalised, H200, 2026-12-04).
WARPNUM_HD void isqrt_base_run(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx) {
  using Base = BigUInt<32 * base_limbs>;
  Base a{};
  const int n = nx < static_cast<std::size_t>(base_limbs) ? static_cast<int>(nx) : base_limbs;
  for (int k = 0; k < n; ++k) a.data()[k] = x[k];
  const Base root = warpnum::isqrt(a);
  for (std::size_t k = 0; k < ny; ++k) {
    y[k] = k < static_cast<std::size_t>(base_limbs) ? root.limb(static_cast<int>(k)) : 0u;
  }
}

#if WARPNUM_HAS_CUDA
__global__ void isqrt_base_kernel(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx) {
  isqrt_base_run(y, ny, x, nx);
}

/// reciprocal_base_run's result by one warp (the first of its block; d may be in shared memory): Knuth's
/// algorithm D (TAOCP 4.3.1) on the divisor shifted to a top bit set, v = d 2^s, and the dividend 2^(2 bits + s), in
/// shared memory. Every lane forms the same quotient digit estimate (step D3, with the second divisor limb's test);
/// the window's multiply-subtract (D4) and the rare add-back (D6) are spread over the warp, lane L holding window
/// limbs 2L and 2L + 1 as one 64-bit word (the window's at most 49 limbs fit 32 lanes), each with its carries between
/// lanes resolved by look-ahead on two ballots (carry.hpp's lookahead_carries). The one-thread kernel's
/// multiply-subtract was a chain of local-memory accesses, 49 by 48 of them: about 110 us on an H200, this one 15 us.
__device__ void reciprocal_base_warp(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
  __shared__ std::uint32_t v[base_limbs];
  __shared__ std::uint32_t u[dividend_limbs + 2];  // 2^(2 bits + s): at most dividend_limbs + 1 limbs, and a top 0
  __shared__ std::uint32_t q[dividend_limbs + 1];
  const int lane = static_cast<int>(threadIdx.x);
  int n = nd < static_cast<std::size_t>(base_limbs) ? static_cast<int>(nd) : base_limbs;
  while (n > 0 && d[n - 1] == 0) --n;  // the same on every lane
  const int m = static_cast<int>(2 * bits / 32) + 1;
  int nq = 0;
  if (n != 0 && m >= n) {
    const int s = __clz(d[n - 1]);
    for (int k = lane; k < n; k += 32) v[k] = (d[k] << s) | (k > 0 && s != 0 ? d[k - 1] >> (32 - s) : 0u);
    const std::size_t u_bits = 2 * bits + static_cast<std::size_t>(s);
    const int un = static_cast<int>(u_bits / 32) + 1;  // u[un] = 0 above the dividend's limbs
    for (int k = lane; k <= un; k += 32) u[k] = k == un - 1 ? 1u << (u_bits % 32) : 0u;
    nq = un - n + 1;
    __syncwarp();
    const std::uint32_t v1 = v[n - 1], v0 = n >= 2 ? v[n - 2] : 0u;
    const int p0 = 2 * lane, p1 = p0 + 1;  // this lane's window limbs
    const std::uint64_t v_block =
        (static_cast<std::uint64_t>(p1 < n ? v[p1] : 0u) << 32) | (p0 < n ? v[p0] : 0u);
    for (int j = nq - 1; j >= 0; --j) {
      // D3: q^ from the window's top two limbs and v1, lowered while the third limb and v0 show it too large.
      const std::uint64_t top = (static_cast<std::uint64_t>(u[j + n]) << 32) | u[j + n - 1];
      std::uint64_t qhat = top / v1;
      std::uint64_t rhat = top - qhat * v1;
      const std::uint32_t u0 = n >= 2 ? u[j + n - 2] : 0u;
      while ((qhat >> 32) != 0 || (n >= 2 && qhat * v0 > ((rhat << 32) | u0))) {
        --qhat;
        rhat += v1;
        if ((rhat >> 32) != 0) break;
      }
      // D4: the window u[j, j + n] minus q^ v (n + 1 limbs). Product limb k is lo(q^ v_k) + hi(q^ v_(k-1)) with
      // carries; the high word of limb 2L - 1's product comes from the lane below.
      const auto qv = static_cast<std::uint32_t>(qhat);
      const std::uint64_t t0 = static_cast<std::uint64_t>(qv) * static_cast<std::uint32_t>(v_block);
      const std::uint64_t t1 = static_cast<std::uint64_t>(qv) * static_cast<std::uint32_t>(v_block >> 32);
      std::uint32_t below_hi = __shfl_up_sync(~0u, static_cast<std::uint32_t>(t1 >> 32), 1);
      if (lane == 0) below_hi = 0;
      const std::uint64_t lows = (t1 << 32) | static_cast<std::uint32_t>(t0);
      std::uint64_t product = lows + (((t0 >> 32) << 32) | below_hi);
      std::uint64_t c = lookahead_carries(__ballot_sync(~0u, product < lows), __ballot_sync(~0u, product == ~0ull), 0);
      product += (c >> lane) & 1u;
      const std::uint64_t window = (static_cast<std::uint64_t>(p1 <= n ? u[j + p1] : 0u) << 32) |
                                   (p0 <= n ? u[j + p0] : 0u);
      std::uint64_t r = window - product;
      c = lookahead_carries(__ballot_sync(~0u, window < product), __ballot_sync(~0u, window == product), 0);
      r -= (c >> lane) & 1u;
      if (((c >> 32) & 1u) != 0) {  // D6: q^ was one too large (the same on every lane): add v back
        --qhat;
        const std::uint64_t sum = r + v_block;
        c = lookahead_carries(__ballot_sync(~0u, sum < r), __ballot_sync(~0u, sum == ~0ull), 0);
        r = sum + ((c >> lane) & 1u);
      }
      __syncwarp();  // every lane has read the window
      if (p0 <= n) u[j + p0] = static_cast<std::uint32_t>(r);
      if (p1 <= n) u[j + p1] = static_cast<std::uint32_t>(r >> 32);
      if (lane == 0) q[j] = static_cast<std::uint32_t>(qhat);
      __syncwarp();
    }
  }
  for (std::size_t k = static_cast<std::size_t>(lane); k < nx; k += 32) {
    x[k] = k < static_cast<std::size_t>(nq) ? q[k] : 0u;
  }
}

__global__ void __launch_bounds__(32)
    reciprocal_base_warp_kernel(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
  reciprocal_base_warp(x, nx, d, nd, bits);
}

// ---- Newton's levels in one block (reciprocal_block_kernel) ----

constexpr int block_threads = 512;
constexpr int block_warps = block_threads / 32;
constexpr int block_bits = 32 * static_cast<int>(reciprocal_block_limbs);
constexpr int guard_bits = static_cast<int>(newton_guard_bits);
/// The sizes of the levels' numbers, in limbs, for n <= block_bits: d's top n bits, X (n + 2 bits), xh = X_h - 4
/// (h + 2 bits, h = n/2 + guard + 1), f (n + 3 bits), f >> (h - 4) (n - h + 7 bits) and the larger product, d xh.
constexpr int half_bits = (block_bits + 1) / 2 + guard_bits + 1;
constexpr int d_limbs = block_bits / 32;
constexpr int x_limbs = (block_bits + 2 + 31) / 32;
constexpr int xh_limbs = (half_bits + 2 + 31) / 32;
constexpr int f_limbs = (block_bits + 3 + 31) / 32;
constexpr int g_limbs = (block_bits - half_bits + 7 + 31) / 32;
constexpr int product_limbs = d_limbs + xh_limbs;
constexpr int levels_max = 16;

/// out[0, n) = (a + b) mod 2^(32 n), where a(i) and b(i) give limb i of each operand and read nothing that out
/// writes but limb i itself, by the block: each thread a run of consecutive limbs, its digits (carry.hpp's add_digit)
/// summarised, the runs' carries by block_lookahead (warps: its shared summaries), then the run again with its
/// carry.
template <class A, class B> __device__ void block_add(std::uint32_t* out, int n, A a, B b, CarrySummary* warps) {
  const int per = (n + block_threads - 1) / block_threads;
  const int begin = min(n, static_cast<int>(threadIdx.x) * per), end = min(n, begin + per);
  CarrySummary mine{0, 1};
  for (int i = begin; i < end; ++i) {
    const CarryDigit digit = add_digit(a(i), b(i));
    mine = combine(mine, {digit.generate, digit.propagate});
  }
  std::uint32_t carry = block_lookahead<block_threads>(mine, 0, warps).thread_carry_in;
  for (int i = begin; i < end; ++i) {
    const CarryDigit digit = add_digit(a(i), b(i));
    out[i] = add_carry_in(digit.value, carry);
    carry = carry_out({digit.generate, digit.propagate}, carry);
  }
  __syncthreads();
}

/// p[0, na + nb) = a[0, na) b[0, nb) by the block (p apart from a and b): each thread sums whole columns, every
/// block_threads-th (a column of k products below 2^(64 + log2 k), kept in 96 bits by Comba's accumulator), then
/// folds a run of at least three consecutive columns into limbs, and the runs' leftovers (three limbs each, at the
/// next run's start) are added by block_add.
__device__ void block_mul(std::uint32_t* p, const std::uint32_t* a, int na, const std::uint32_t* b, int nb,
                          std::uint64_t* column_low, std::uint32_t* column_high, CarrySummary* warps) {
  const int np = na + nb;
  for (int c = static_cast<int>(threadIdx.x); c < np; c += block_threads) {
    // Four column sums over alternate products (Comba's three-word accumulator, ColumnSum: on the device one
    // IMAD.WIDE.U32 and one IADD3.X a product; two 64-bit adds and a compare ran at 8 products a cycle an SM, H200).
    warpnum::detail::ColumnSum<std::uint32_t> sum[4];
    const int last = min(c, na - 1);
    int i = max(0, c - nb + 1);
    for (; i + 3 <= last; i += 4) {
#pragma unroll
      for (int k = 0; k < 4; ++k) sum[k].add_product(a[i + k], b[c - i - k]);
    }
    for (; i <= last; ++i) sum[0].add_product(a[i], b[c - i]);
    std::uint64_t low[4];
    std::uint32_t high[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      low[k] = (static_cast<std::uint64_t>(sum[k].c1) << 32) | sum[k].c0;
      high[k] = sum[k].c2;
    }
#pragma unroll
    for (int k = 1; k < 4; ++k) {
      low[0] += low[k];
      high[0] += high[k] + (low[0] < low[k] ? 1u : 0u);
    }
    column_low[c] = low[0];
    column_high[c] = high[0];
  }
  __syncthreads();
  const int per = max(3, (np + block_threads - 1) / block_threads);
  const int begin = min(np, static_cast<int>(threadIdx.x) * per), end = min(np, begin + per);
  std::uint64_t acc = 0, acc_high = 0;  // acc_high 2^64 + acc, below 2^97
  for (int i = begin; i < end; ++i) {
    acc += column_low[i];
    acc_high += (acc < column_low[i] ? 1u : 0u) + column_high[i];
    p[i] = static_cast<std::uint32_t>(acc);
    acc = (acc >> 32) | (acc_high << 32);
    acc_high >>= 32;
  }
  __syncthreads();  // every column read: column_high now holds the leftovers, zero elsewhere
  for (int i = static_cast<int>(threadIdx.x); i < np; i += block_threads) column_high[i] = 0;
  __syncthreads();
  if (begin < end) {
    const std::uint32_t left[3] = {static_cast<std::uint32_t>(acc), static_cast<std::uint32_t>(acc >> 32),
                                   static_cast<std::uint32_t>(acc_high)};
    for (int k = 0; k < 3 && end + k < np; ++k) column_high[end + k] = left[k];
  }
  __syncthreads();
  block_add(p, np, [p](int i) { return p[i]; }, [column_high](int i) { return column_high[i]; }, warps);
}

/// For d[0, nd) of exactly `bits` bits, 32 base_limbs < bits <= block_bits: x[0, nx) = an X with X <= 2^(2 bits) /
/// d < X + 2, by one block of block_threads threads. The same recursion as newton_division.hpp's
/// reciprocal_from_below (Brent and Zimmermann, "Modern Computer Arithmetic", 3.4.1), on shared memory: level k's
/// divisor is d's top n_k bits, n_(k+1) = (n_k + 1) / 2 + guard + 1; the smallest level is reciprocal_base_warp's
/// exact floor by the first warp; each level up takes xh = X_h - 4, f = 2^(n+h) - d xh, and X = xh 2^(n-h) +
/// xh floor(f / 2^(h-4)) / 2^(h+4). Its proof there bounds f below 6 2^n, so f is the low n + 3 bits of -d xh.
__global__ void __launch_bounds__(block_threads)
    reciprocal_block_kernel(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
  __shared__ std::uint32_t dd[d_limbs], xx[x_limbs], xh[xh_limbs], pp[product_limbs], ff[f_limbs], gg[g_limbs];
  __shared__ std::uint64_t column_low[product_limbs];
  __shared__ std::uint32_t column_high[product_limbs];
  __shared__ CarrySummary warps[block_warps];
  const int t = static_cast<int>(threadIdx.x);
  const int top = static_cast<int>(bits), top_limbs = (top + 31) / 32;
  const auto d_top_limbs = static_cast<std::size_t>(top_limbs);
  for (int i = t; i < top_limbs; i += block_threads) dd[i] = static_cast<std::size_t>(i) < nd ? d[i] : 0u;
  int ns[levels_max];
  int levels = 0;
  ns[0] = top;
  while (ns[levels] > 32 * base_limbs && levels + 1 < levels_max) {
    ns[levels + 1] = (ns[levels] + 1) / 2 + guard_bits + 1;
    ++levels;
  }
  __syncthreads();
  const int nb = ns[levels];
  for (int i = t; i < (nb + 31) / 32; i += block_threads) ff[i] = ShiftedLimbs{dd, d_top_limbs, -(top - nb)}.limb(i);
  __syncthreads();
  int lx = (nb + 2 + 31) / 32;
  if (t < 32) reciprocal_base_warp(xx, lx, ff, (nb + 31) / 32, nb);
  __syncthreads();
  for (int k = levels - 1; k >= 0; --k) {
    const int n = ns[k], h = ns[k + 1];
    const int lxh = (h + 2 + 31) / 32, ln = (n + 31) / 32, lf = (n + 3 + 31) / 32;
    const int drop = h - 4, lg = (n + 3 - drop + 31) / 32, lp2 = lxh + lg;
    block_add(xh, lxh, [lx](int i) { return i < lx ? xx[i] : 0u; }, [](int i) { return i == 0 ? ~3u : ~0u; },
              warps);  // xh = X_h - 4
    for (int i = t; i < ln; i += block_threads) ff[i] = ShiftedLimbs{dd, d_top_limbs, -(top - n)}.limb(i);
    __syncthreads();
    block_mul(pp, ff, ln, xh, lxh, column_low, column_high, warps);  // d xh
    const int lp1 = ln + lxh;
    block_add(ff, lf, [lp1](int i) { return i < lp1 ? ~pp[i] : ~0u; }, [](int i) { return i == 0 ? 1u : 0u; },
              warps);  // -d xh mod 2^(32 lf)
    if (t == 0 && (n + 3) % 32 != 0) ff[lf - 1] &= (1u << ((n + 3) % 32)) - 1u;
    __syncthreads();
    for (int i = t; i < lg; i += block_threads) gg[i] = ShiftedLimbs{ff, static_cast<std::size_t>(lf), -drop}.limb(i);
    __syncthreads();
    block_mul(pp, xh, lxh, gg, lg, column_low, column_high, warps);  // xh floor(f / 2^(h-4))
    lx = (n + 2 + 31) / 32;
    block_add(
        xx, lx, [lxh, n, h](int i) { return ShiftedLimbs{xh, static_cast<std::size_t>(lxh), n - h}.limb(i); },
        [lp2, h](int i) { return ShiftedLimbs{pp, static_cast<std::size_t>(lp2), -(h + 4)}.limb(i); }, warps);
  }
  for (std::size_t k = static_cast<std::size_t>(t); k < nx; k += block_threads) {
    x[k] = k < static_cast<std::size_t>(lx) ? xx[k] : 0u;
  }
}
#endif

}  // namespace

void reciprocal_base(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits, Place place,
                     [[maybe_unused]] Queue queue) {
  if (bits > reciprocal_base_bits(place)) {
    warpnum::detail::throw_error<std::invalid_argument>(
        place == Place::device ? "warpnum: reciprocal_base: more than 32 reciprocal_block_limbs bits on the device"
                               : "warpnum: reciprocal_base: more than 32 newton_division_base_limbs bits on the host");
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    if (bits <= 32 * newton_division_base_limbs) {
      reciprocal_base_warp_kernel<<<1, 32, 0, queue.stream>>>(x, nx, d, nd, bits);
    } else {
      reciprocal_block_kernel<<<1, block_threads, 0, queue.stream>>>(x, nx, d, nd, bits);
    }
    cuda_check(cudaGetLastError(), "reciprocal_base");
    if (queue.wait) cuda_check(cudaStreamSynchronize(queue.stream), "reciprocal_base");
    return;
#else
    warpnum::detail::throw_error<std::logic_error>("warpnum: reciprocal_base on the device in a build without CUDA");
#endif
  }
  reciprocal_base_run(x, nx, d, nd, bits);
}

void isqrt_base(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx, Place place,
                [[maybe_unused]] Queue queue) {
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    isqrt_base_kernel<<<1, 1, 0, queue.stream>>>(y, ny, x, nx);
    cuda_check(cudaGetLastError(), "isqrt_base");
    if (queue.wait) cuda_check(cudaStreamSynchronize(queue.stream), "isqrt_base");
    return;
#else
    warpnum::detail::throw_error<std::logic_error>("warpnum: isqrt_base on the device in a build without CUDA");
#endif
  }
  isqrt_base_run(y, ny, x, nx);
}

}  // namespace warpnum::huge

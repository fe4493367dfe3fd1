// SPDX-License-Identifier: Apache-2.0
// src/huge/base_cases.cu: the smallest levels of Newton's reciprocal (include/warpnum/huge/newton_division.hpp) and
// square root (newton_sqrt.hpp) where the number is: floor(2^(2 n) / d) for d of at most newton_division_base_limbs
// limbs, and floor(sqrt(x)) for x of as many limbs. On the host, and for the square root on the device in a kernel
// of one thread, one body each: the limb core's long division (detail/mpn/div.hpp, Knuth's algorithm D on 32-bit
// words) and BigUInt's square root at the base's width (Zimmermann's). The reciprocal on the device is the faster
// variant beside it, the same algorithm D by one warp (reciprocal_base_warp_kernel): 15 us where a one-thread
// kernel took 110 us (H200, Nsight Compute). On the device they read their operand and write the result in the
// stream's order, so that a reciprocal or root queued as AsyncIntegers (async_integer_traits.hpp) runs from its
// smallest level up without the host reading anything, in place of a copy to the host, the host's work and a copy
// back, each waiting.
#include "engine.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
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

/// reciprocal_base_run's result by one warp (launched with 32 threads): Knuth's algorithm D (TAOCP 4.3.1) on the
/// divisor shifted to a top bit set, v = d 2^s, and the dividend 2^(2 bits + s), in shared memory. Every lane
/// forms the same quotient digit estimate (step D3, with the second divisor limb's test); the window's
/// multiply-subtract (D4) and the rare add-back (D6) are spread over the warp, lane L holding window limbs 2L and
/// 2L + 1 as one 64-bit word (the window's at most 49 limbs fit 32 lanes), each with its carries between lanes
/// resolved by look-ahead on two ballots (carry.hpp's lookahead_carries). The one-thread kernel's multiply-subtract
/// was a chain of local-memory accesses, 49 by 48 of them: about 110 us on an H200, this one 15 us.
__global__ void __launch_bounds__(32)
    reciprocal_base_warp_kernel(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
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
#endif

}  // namespace

void reciprocal_base(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits, Place place,
                     [[maybe_unused]] Queue queue) {
  if (bits > 32 * newton_division_base_limbs) {
    warpnum::detail::throw_error<std::invalid_argument>("warpnum: reciprocal_base: more than 1536 bits");
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    reciprocal_base_warp_kernel<<<1, 32, 0, queue.stream>>>(x, nx, d, nd, bits);
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

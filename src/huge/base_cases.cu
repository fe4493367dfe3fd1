// SPDX-License-Identifier: Apache-2.0
// src/huge/base_cases.cu: the smallest levels of Newton's reciprocal (include/warpnum/huge/newton_division.hpp) and
// square root (newton_sqrt.hpp) where the number is: floor(2^(2 n) / d) for d of at most newton_division_base_limbs
// limbs by the limb core's long division (detail/mpn/div.hpp, Knuth's algorithm D on 32-bit words), and floor(sqrt(x))
// for x of as many limbs by its square root (detail/mpn/sqrt.hpp, Zimmermann's), one body each for the host and for a
// kernel of one thread. On the device they read their operand and write the result in the stream's order, so that
// a reciprocal or root queued as AsyncIntegers (async_integer_traits.hpp) runs from its smallest level up without the
// host reading anything: at most about 2,400 word products on one GPU thread, in place of a copy to the host, the
// host's work and a copy back, each waiting.
#include "engine.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/sqrt.hpp>
#include <warpnum/detail/raise.hpp>
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

/// y[0, ny) = floor(sqrt(x)) for x[0, nx) (limbs past base_limbs are not read).
WARPNUM_HD void isqrt_base_run(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx) {
  constexpr int root_limbs = (base_limbs + 1) / 2;
  std::uint32_t a[base_limbs];
  std::uint32_t root[root_limbs];
  std::uint32_t rem[root_limbs + 1];
  std::uint32_t scratch[warpnum::detail::mpn::sqrtrem_scratch(base_limbs)];
  for (std::size_t k = 0; k < ny; ++k) y[k] = 0;
  const int n = nx < static_cast<std::size_t>(base_limbs) ? static_cast<int>(nx) : base_limbs;
  if (n == 0) return;
  for (int k = 0; k < n; ++k) a[k] = x[k];
  warpnum::detail::mpn::sqrtrem<std::uint32_t>(root, rem, a, n, scratch);
  const auto nr = static_cast<std::size_t>((n + 1) / 2);
  for (std::size_t k = 0; k < ny && k < nr; ++k) y[k] = root[k];
}

#if WARPNUM_HAS_CUDA
__global__ void isqrt_base_kernel(limb_t* y, std::size_t ny, const limb_t* x, std::size_t nx) {
  isqrt_base_run(y, ny, x, nx);
}

__global__ void reciprocal_base_kernel(limb_t* x, std::size_t nx, const limb_t* d, std::size_t nd, std::size_t bits) {
  reciprocal_base_run(x, nx, d, nd, bits);
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
    reciprocal_base_kernel<<<1, 1, 0, queue.stream>>>(x, nx, d, nd, bits);
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

// SPDX-License-Identifier: Apache-2.0
// bench/compile/user_kernel_1024.cu: what a user's first 1024-bit kernel looks like (products, a division, a
// modular exponentiation), compiled by scripts/compile-time.sh to measure how long warpnum's headers take. It is
// never run.
#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <cstddef>

using U = warpnum::BigUInt<1024>;

__global__ void user_kernel(const U* a, const U* b, const U* m, U* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
  const U x = a[i] * b[i] + a[i];
  const U q = x / (b[i] | U{1u});
  out[i] = warpnum::powm(q, b[i], m[i] | U{1u});
}

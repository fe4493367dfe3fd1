// SPDX-License-Identifier: Apache-2.0
// bench/compile/user_op.cu: one warpnum operation a thread in a user's kernel, at the width BITS and the operation
// OP (WARPNUM_OP_MUL, WARPNUM_OP_DIV, WARPNUM_OP_POWM, WARPNUM_OP_MODINV), compiled by
// scripts/user-kernel-cost.sh to measure what a per-thread choice costs: nvcc's time, registers, stack, spills.
// It is never run.
#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <cstddef>

#ifndef BITS
#define BITS 1024
#endif

using U = warpnum::BigUInt<BITS>;

__global__ void user_op(const U* a, const U* b, const U* m, U* out, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i >= n) return;
#if defined(WARPNUM_OP_MUL)
  out[i] = a[i] * b[i];
#elif defined(WARPNUM_OP_DIV)
  out[i] = a[i] / (b[i] | U{1u});
#elif defined(WARPNUM_OP_POWM)
  out[i] = warpnum::powm(a[i], b[i], m[0]);
#elif defined(WARPNUM_OP_MODINV)
  out[i] = warpnum::modinv_checked(a[i], m[0]).value;
#else
#error "define one of WARPNUM_OP_MUL, WARPNUM_OP_DIV, WARPNUM_OP_POWM, WARPNUM_OP_MODINV"
#endif
}

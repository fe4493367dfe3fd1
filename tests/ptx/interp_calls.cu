// SPDX-License-Identifier: Apache-2.0
// tests/ptx/interp_calls.cu: calls, frames and local memory, for the test of scripts/ptx_interpreter.py
// (tests/ptx/ptx_interpreter_test.py computes the expected results): a kernel whose parameter is a struct passed
// by value, a __noinline__ function taking and returning structs, a recursive __noinline__ function reading its
// caller's local array through a generic pointer, a local array indexed at run time, and a data-dependent loop.
//   nvcc -std=c++20 -O2 -arch=sm_90 -ptx interp_calls.cu -o interp_calls.ptx
#include <cstdint>

struct U256 {
  uint32_t w[8];
};
struct Params {  // passed by value
  uint32_t k;
  uint64_t mul;
  const uint32_t* in;  // 16 words per thread
  uint32_t* out;       // 20 words per thread
  int n;
};

// w[i] = a.w[i] * k + b.w[(i + k) % 8]
__device__ __noinline__ U256 mix(U256 a, U256 b, uint32_t k) {
  U256 r;
  for (int i = 0; i < 8; ++i) r.w[i] = a.w[i] * k + b.w[(i + k) % 8];
  return r;
}

// fold(v, n) = v[0] for n == 1, else fold(v, n / 2) * 31 + fold(v + n / 2, n - n / 2)
__device__ __noinline__ uint32_t fold(const uint32_t* v, int n) {
  if (n == 1) return v[0];
  return fold(v, n / 2) * 31u + fold(v + n / 2, n - n / 2);
}

__global__ void calls_kernel(Params p) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= p.n) return;
  const uint32_t* in = p.in + 16 * i;
  uint32_t* out = p.out + 20 * i;
  U256 a, b;
  for (int j = 0; j < 8; ++j) a.w[j] = in[j], b.w[j] = in[8 + j];
  const U256 r = mix(a, b, p.k + static_cast<uint32_t>(i));
  for (int j = 0; j < 8; ++j) out[j] = r.w[j];
  // A local array indexed at run time.
  uint32_t buf[16];
  for (int j = 0; j < 16; ++j) buf[j] = in[j] ^ static_cast<uint32_t>(j * 0x01010101);
  buf[in[0] & 15] += static_cast<uint32_t>(p.mul);
  out[8] = buf[in[1] & 15];
  out[9] = fold(buf, 3 + static_cast<int>(in[2] % 14));
  // A loop with data-dependent branches: the Collatz steps of a 64-bit value.
  uint64_t x = (static_cast<uint64_t>(in[3]) << 32 | in[4]) % 1000003u + 1u;
  uint32_t steps = 0;
  while (x != 1 && steps < 1000) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  out[10] = steps;
  out[11] = static_cast<uint32_t>(p.mul >> 32) * static_cast<uint32_t>(i);
}

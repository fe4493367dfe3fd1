// SPDX-License-Identifier: Apache-2.0
// tests/packaging/consumer/kernel.cu: BigUInt in a user's __global__ kernel. Its target only links warpnum::warpnum,
// which must make nvcc compile it as C++20 (as C++17 the headers do not compile); squares on the GPU where there
// is one, checked against the host, and exits 0 when every square matches.
#include <warpnum/bigint.hpp>

#include <cuda_runtime.h>

#include <cstdio>

static_assert(__cplusplus >= 202002L, "warpnum::warpnum must make nvcc compile this file as C++20");

using warpnum::BigUInt;

__global__ void square(const BigUInt<256>* in, BigUInt<512>* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = warpnum::mul_wide(in[i], in[i]);
}

int main() {
  constexpr int n = 64;
  const BigUInt<256> base{"0xfedcba9876543210fedcba9876543210fedcba9876543210fedcba98765432"};
  BigUInt<256> in[n];
  BigUInt<512> expected[n];
  for (int i = 0; i < n; ++i) {
    in[i] = base + BigUInt<256>{static_cast<unsigned>(i)};
    expected[i] = warpnum::mul_wide(in[i], in[i]);
    if (expected[i] / BigUInt<512>{in[i]} != BigUInt<512>{in[i]}) {
      std::puts("consumer kernel: FAILED (host square)");
      return 1;
    }
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("consumer kernel: ok (host part; no GPU, so the kernel was not launched)");
    return 0;
  }
  BigUInt<256>* d_in = nullptr;
  BigUInt<512>* d_out = nullptr;
  BigUInt<512> out[n];
  bool ok = cudaMalloc(&d_in, sizeof in) == cudaSuccess && cudaMalloc(&d_out, sizeof out) == cudaSuccess &&
            cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice) == cudaSuccess;
  if (ok) {
    square<<<1, n>>>(d_in, d_out, n);
    ok = cudaGetLastError() == cudaSuccess && cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost) == cudaSuccess;
  }
  for (int i = 0; ok && i < n; ++i) ok = out[i] == expected[i];
  cudaFree(d_in);
  cudaFree(d_out);
  std::puts(ok ? "consumer kernel: ok (GPU)" : "consumer kernel: FAILED (GPU squares differ from the host's)");
  return ok ? 0 : 1;
}

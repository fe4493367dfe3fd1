// SPDX-License-Identifier: Apache-2.0
// tests/compiler/repro.hpp: the harness of the compiler-fault reproducers: one functor over inputs on the GPU (one
// thread each) and on the host, the results compared byte for byte, one line "RESULT <name> PASS|FAIL ..." printed.
#pragma once

#include <warpnum/bigint.hpp>

#include "repro_inputs.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

namespace warpnum::repro {

template <class Op, class In, class Out> __global__ void apply_kernel(const In* in, Out* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = Op{}(in[i]);
}

/// Runs Op over in on the device and the host, prints the result line; returns 0 on PASS, 1 on FAIL, 2 when no
/// kernel could run (no GPU, launch error: printed as ERROR).
template <class Op, class In> int check(const char* name, const std::vector<In>& in, int threads = 64) {
  using Out = decltype(Op{}(in[0]));
  // Results are compared byte for byte: padding would hold whatever each side left there.
  static_assert(std::has_unique_object_representations_v<Out>, "a reproducer's result type must have no padding");
  const int n = static_cast<int>(in.size());
  std::vector<Out> host(in.size()), dev(in.size());
  for (int i = 0; i < n; ++i) host[i] = Op{}(in[i]);
  In* d_in = nullptr;
  Out* d_out = nullptr;
  cudaError_t e = cudaMalloc(&d_in, sizeof(In) * in.size());
  if (e == cudaSuccess) e = cudaMalloc(&d_out, sizeof(Out) * in.size());
  if (e == cudaSuccess) e = cudaMemcpy(d_in, in.data(), sizeof(In) * in.size(), cudaMemcpyHostToDevice);
  if (e == cudaSuccess) e = cudaMemset(d_out, 0xa5, sizeof(Out) * in.size());
  if (e == cudaSuccess) {
    apply_kernel<Op><<<(n + threads - 1) / threads, threads>>>(d_in, d_out, n);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e == cudaSuccess) e = cudaMemcpy(dev.data(), d_out, sizeof(Out) * in.size(), cudaMemcpyDeviceToHost);
  cudaFree(d_in);
  cudaFree(d_out);
  if (e != cudaSuccess) {
    std::printf("RESULT %s ERROR %s\n", name, cudaGetErrorString(e));
    return 2;
  }
  int wrong = 0, first = -1;
  for (int i = 0; i < n; ++i) {
    if (std::memcmp(&host[i], &dev[i], sizeof(Out)) != 0) {
      if (first < 0) first = i;
      ++wrong;
    }
  }
  std::printf("RESULT %s %s %d of %d wrong", name, wrong ? "FAIL" : "PASS", wrong, n);
  if (first >= 0) {  // the first differing result's words, device against host
    const auto* h = reinterpret_cast<const std::uint32_t*>(&host[first]);
    const auto* d = reinterpret_cast<const std::uint32_t*>(&dev[first]);
    for (std::size_t w = 0; w < sizeof(Out) / 4; ++w) {
      if (h[w] != d[w]) {
        std::printf(" (input %d, word %zu: device 0x%08x, host 0x%08x)", first, w, d[w], h[w]);
        break;
      }
    }
  }
  std::printf("\n");
  return wrong ? 1 : 0;
}

}  // namespace warpnum::repro

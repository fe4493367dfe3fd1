// SPDX-License-Identifier: Apache-2.0
// examples/common.hpp: what the examples share and is not warpnum: running a function over [0, n) on every CPU
// core (with progress for long runs), and, under nvcc, checking CUDA calls and naming GPU 0.
#pragma once

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace examples {

/// Calls f(i) for every i < n on `threads` host threads (contiguous slices) and returns the milliseconds taken.
/// With a `progress` label, a run longer than a second shows "label: done of n" on stderr.
template <class F> double for_each_on_cores(std::size_t n, unsigned threads, F&& f, const char* progress = nullptr) {
  std::atomic<std::size_t> done{0};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  const std::size_t slice = (n + threads - 1) / threads;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      const std::size_t end = std::min(n, (t + 1) * slice);
      for (std::size_t i = t * slice; i < end; ++i) {
        f(i);
        done.fetch_add(1, std::memory_order_relaxed);
      }
    });
  }
  if (progress != nullptr) {
    bool shown = false;
    auto next_report = start + std::chrono::seconds(1);
    while (done.load() < n) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      if (std::chrono::steady_clock::now() < next_report) continue;
      std::fprintf(stderr, "\r  %s: %zu of %zu", progress, done.load(), n);
      next_report += std::chrono::milliseconds(500);
      shown = true;
    }
    if (shown) std::fprintf(stderr, "\r  %s: %zu of %zu\n", progress, n, n);
  }
  for (auto& th : pool) th.join();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

#if defined(__CUDACC__)
/// Exits with status 2 and "program: call: CUDA's reason" on stderr when a CUDA call failed.
inline void cuda_check(const char* program, cudaError_t e, const char* call) {
  if (e == cudaSuccess) return;
  std::fprintf(stderr, "%s: %s: %s\n", program, call, cudaGetErrorString(e));
  std::exit(2);
}

/// The name of GPU 0, or "" (and why not, on stdout) when there is none.
inline std::string gpu_name(const char* program) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    std::printf("no CUDA device (cudaGetDeviceCount: %s); running on the CPU\n",
                e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return "";
  }
  cudaDeviceProp prop{};
  cuda_check(program, cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  return prop.name;
}
#endif

}  // namespace examples

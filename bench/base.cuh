// SPDX-License-Identifier: Apache-2.0
// bench/base.cuh: what every case of warpnum-bench shares: the case registry, the timing of kernels by CUDA
// events, operand generation, and the widths. A case file (bench/cases/<family>.cu) registers one entry per
// (operation, strategy, width) with a function for each mode it supports.
#pragma once

#include <warpnum/bigint.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace warpnum::bench {

/// Aborts with the failing call named: a benchmark has nothing sensible to continue with.
inline void cuda_check(cudaError_t e, const char* call, const char* file, int line) {
  if (e == cudaSuccess) return;
  std::fprintf(stderr, "warpnum-bench: %s:%d: %s: %s (%s)\n", file, line, call, cudaGetErrorName(e), cudaGetErrorString(e));
  std::exit(1);
}
#define WARPNUM_BENCH_CUDA(call) ::warpnum::bench::cuda_check((call), #call, __FILE__, __LINE__)

/// Settings every case reads.
struct Params {
  std::size_t instances = 200000;  // compute mode: CGBN's perf_tests use 200,000
  std::size_t batch = 10000000;    // batch mode: products, capped by batch_bytes
  std::size_t batch_bytes = std::size_t{24} << 30;  // device memory a batch may take (operands and results)
  int runs = 5;                    // timed runs after one warm-up
};

/// What a run measured: the mean over the timed runs, and how much work one run does.
struct Measurement {
  double seconds = 0;   // mean time of one run
  double ops = 0;       // multiplications (or other operations) in one run
  double bytes = 0;     // device-memory bytes one run must move at least (batch mode), else 0
  bool correct = true;  // the spot check of the results against the host passed
  std::string note;     // what the spot check found, when it failed
};

/// One benchmark: an operation at a width by a strategy, with a function per mode (null: not offered).
struct Case {
  std::string op;        // "mul"
  std::string strategy;  // "thread", "lanes4", ...
  int bits = 0;
  unsigned lanes = 1;    // lanes per instance
  double reference = 0;  // compute mode: the peer's (CGBN's) H100 figure in operations a second, 0 if none
  std::function<Measurement(const Params&)> compute;
  std::function<Measurement(const Params&)> batch;
};

inline std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

/// Widths every family runs: 256 to 32768 bits.
inline constexpr int all_widths[] = {256, 512, 1024, 2048, 4096, 8192, 16384, 32768};

/// CGBN's loop count for the compute mode: 100 * 8192 / Bits products per instance.
constexpr int compute_loops(std::size_t bits) { return static_cast<int>(100 * 8192 / bits); }

/// Times launch() by CUDA events: one warm-up run, then `runs` timed runs; returns each run's seconds.
template <class Launch> std::vector<double> run_times(int runs, Launch&& launch) {
  cudaEvent_t start;
  cudaEvent_t stop;
  WARPNUM_BENCH_CUDA(cudaEventCreate(&start));
  WARPNUM_BENCH_CUDA(cudaEventCreate(&stop));
  launch();
  WARPNUM_BENCH_CUDA(cudaGetLastError());
  WARPNUM_BENCH_CUDA(cudaDeviceSynchronize());
  std::vector<double> seconds;
  for (int r = 0; r < runs; ++r) {
    WARPNUM_BENCH_CUDA(cudaEventRecord(start));
    launch();
    WARPNUM_BENCH_CUDA(cudaEventRecord(stop));
    WARPNUM_BENCH_CUDA(cudaEventSynchronize(stop));
    WARPNUM_BENCH_CUDA(cudaGetLastError());
    float ms = 0;
    WARPNUM_BENCH_CUDA(cudaEventElapsedTime(&ms, start, stop));
    seconds.push_back(ms / 1000.0);
  }
  WARPNUM_BENCH_CUDA(cudaEventDestroy(start));
  WARPNUM_BENCH_CUDA(cudaEventDestroy(stop));
  return seconds;
}

/// Times launch() by CUDA events: one warm-up run, then `runs` timed runs; returns the mean in seconds.
template <class Launch> double time_runs(int runs, Launch&& launch) {
  double total = 0;
  for (const double s : run_times(runs, launch)) total += s;
  return total / runs;
}

/// splitmix64's output function: the limb generator of the operands.
__host__ __device__ inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// Limb k of operand i of the stream `salt`: random-looking, the same on host and device.
__host__ __device__ inline std::uint32_t operand_limb(std::uint64_t salt, std::size_t i, int k) {
  return static_cast<std::uint32_t>(splitmix64((salt << 48) ^ (static_cast<std::uint64_t>(i) << 16) ^ static_cast<std::uint64_t>(k)) >> 16);
}

/// Operand i of the stream `salt`, on the host.
template <class T> T operand(std::uint64_t salt, std::size_t i) {
  T x;
  for (int k = 0; k < T::num_limbs; ++k) x.limbs_[k] = operand_limb(salt, i, k);
  return x;
}

template <class T> __global__ void fill_operands(T* out, std::size_t n, std::uint64_t salt) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = 0; k < T::num_limbs; ++k) out[i].limbs_[k] = operand_limb(salt, i, k);
}

/// A cudaMalloc'ed array, freed on scope exit.
template <class T> class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) { WARPNUM_BENCH_CUDA(cudaMalloc(&p_, bytes())); }
  /// n operands of the stream `salt` (see operand), generated on the device.
  DeviceBuffer(std::size_t n, std::uint64_t salt) : DeviceBuffer(n) {
    fill_operands<<<static_cast<unsigned>((n + 255) / 256), 256>>>(p_, n, salt);
    WARPNUM_BENCH_CUDA(cudaGetLastError());
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { (void)cudaFree(p_); }
  T* get() const { return p_; }
  std::size_t bytes() const { return n_ * sizeof(T); }
  T at(std::size_t i) const {
    T v;
    WARPNUM_BENCH_CUDA(cudaMemcpy(&v, p_ + i, sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_;
};

/// The streaming multiprocessors of device 0.
inline int sm_count() {
  int sms = 0;
  WARPNUM_BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return sms;
}

/// Blocks of `threads` threads that cover `n` work items of `lanes` threads each.
inline unsigned blocks_for(std::size_t n, unsigned lanes, unsigned threads) {
  return static_cast<unsigned>((n * lanes + threads - 1) / threads);
}

/// Compares 16 spread-out results of `got` with `want(i)` (which the host computes), filling m's note.
template <class T, class Want> void spot_check(Measurement& m, const DeviceBuffer<T>& got, Want&& want) {
  const std::size_t n = got.size();
  for (std::size_t k = 0; k < 16 && k < n; ++k) {
    const std::size_t i = (k * (n / 16) + k) % n;
    if (!(got.at(i) == want(i))) {
      m.correct = false;
      m.note = "result " + std::to_string(i) + " differs from the host's";
      return;
    }
  }
}

}  // namespace warpnum::bench

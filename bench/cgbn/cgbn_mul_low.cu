// SPDX-License-Identifier: Apache-2.0
// bench/cgbn/cgbn_mul_low.cu: cgbn-mul-low, CGBN's low-half product (cgbn_mul) timed the way CGBN's own
// perf_tests time their products, so that warpnum-bench's `mul` (r = low(r * x0)) meets the same operation.
// CGBN's perf_tests measure `mul` as cgbn_mul_wide, the full 2 Bits-bit product, of which they keep the low
// half: twice the work of a low-half product at small widths. This program uses CGBN's public API only, built
// against a CGBN checkout (WARPNUM_CGBN_SOURCE, scripts/fetch-cgbn.sh) as CGBN builds itself: C++17, none of
// warpnum's headers or flags, so its few lines of error checks and event timing are its own, not bench/base.cuh's.
//
// The harness of perf_tests: 200,000 instances, each loads r = x0 and repeats r = low(r * x0) 100 * 8192 / Bits
// times in registers; 128 threads a block; CUDA-event time of the kernel, one warm-up and five timed runs;
// throughput = instances x loops / mean time; every threads-per-instance count perf_tests supports at the width.
// Each instance's result is checked against GMP (x0^(loops + 1) mod 2^Bits).
//
//   cgbn-mul-low [--bits N,N,..] [--csv FILE]     (default 256,1024,2048,4096)
// clang-format off: CGBN's header needs GMP's first.
#include <gmp.h>
#include <cgbn/cgbn.h>
// clang-format on
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr std::uint32_t instances = 200000;
constexpr int runs = 5;

#define CHECK_CUDA(call)                                                                        \
  do {                                                                                          \
    const cudaError_t e_ = (call);                                                              \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "cgbn-mul-low: %s: %s\n", #call, cudaGetErrorString(e_));            \
      std::exit(1);                                                                             \
    }                                                                                           \
  } while (0)

__host__ __device__ constexpr int loops_for(std::uint32_t bits) { return static_cast<int>(100 * 8192 / bits); }

template <std::uint32_t TPI, std::uint32_t Bits>
__global__ void mul_low_kernel(const cgbn_mem_t<Bits>* x0s, cgbn_mem_t<Bits>* out, std::uint32_t count) {
  using context_t = cgbn_context_t<TPI>;
  using env_t = cgbn_env_t<context_t, Bits>;
  const std::uint32_t instance = (blockIdx.x * blockDim.x + threadIdx.x) / TPI;
  if (instance >= count) return;
  context_t context(cgbn_no_checks);
  env_t env(context.template env<env_t>());
  typename env_t::cgbn_t x0, r;
  cgbn_load(env, x0, const_cast<cgbn_mem_t<Bits>*>(x0s + instance));
  cgbn_set(env, r, x0);
  const int loops = loops_for(Bits);
#pragma unroll 4
  for (int loop = 0; loop < loops; ++loop) cgbn_mul(env, r, r, x0);
  cgbn_store(env, out + instance, r);
}

struct Row {
  std::uint32_t bits, tpi;
  double ops_per_s;
  bool correct;
};

template <std::uint32_t TPI, std::uint32_t Bits> Row run(const std::vector<cgbn_mem_t<Bits>>& x0) {
  cgbn_mem_t<Bits>* d_x0 = nullptr;
  cgbn_mem_t<Bits>* d_out = nullptr;
  const std::size_t bytes = sizeof(cgbn_mem_t<Bits>) * instances;
  CHECK_CUDA(cudaMalloc(&d_x0, bytes));
  CHECK_CUDA(cudaMalloc(&d_out, bytes));
  CHECK_CUDA(cudaMemcpy(d_x0, x0.data(), bytes, cudaMemcpyHostToDevice));
  const std::uint32_t threads = 128, per_block = threads / TPI;
  const std::uint32_t blocks = (instances + per_block - 1) / per_block;
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  mul_low_kernel<TPI, Bits><<<blocks, threads>>>(d_x0, d_out, instances);  // warm-up
  CHECK_CUDA(cudaGetLastError());
  double total = 0;
  for (int i = 0; i < runs; ++i) {
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaEventRecord(start));
    mul_low_kernel<TPI, Bits><<<blocks, threads>>>(d_x0, d_out, instances);
    CHECK_CUDA(cudaEventRecord(stop));
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
    total += ms / 1e3;
  }
  std::vector<cgbn_mem_t<Bits>> got(instances);
  CHECK_CUDA(cudaMemcpy(got.data(), d_out, bytes, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_x0));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  // x0^(loops + 1) mod 2^Bits, by GMP.
  constexpr std::size_t limbs = (Bits + 31) / 32;
  bool correct = true;
  mpz_t x, want, have, mod;
  mpz_inits(x, want, have, mod, nullptr);
  mpz_ui_pow_ui(mod, 2, Bits);
  for (std::uint32_t i = 0; i < instances && correct; ++i) {
    mpz_import(x, limbs, -1, sizeof(std::uint32_t), 0, 0, x0[i]._limbs);
    mpz_powm_ui(want, x, static_cast<unsigned long>(loops_for(Bits) + 1), mod);
    mpz_import(have, limbs, -1, sizeof(std::uint32_t), 0, 0, got[i]._limbs);
    if (mpz_cmp(want, have) != 0) {
      std::fprintf(stderr, "cgbn-mul-low: %u bits, %u threads an instance: instance %u differs from GMP\n", Bits,
                   TPI, i);
      correct = false;
    }
  }
  mpz_clears(x, want, have, mod, nullptr);
  const double rate = static_cast<double>(instances) * loops_for(Bits) / (total / runs);
  std::printf("mul_low %5u bits, %2u threads an instance: %10.4g products/s  %s\n", Bits, TPI, rate,
              correct ? "ok" : "WRONG");
  std::fflush(stdout);
  return {Bits, TPI, rate, correct};
}

template <std::uint32_t Bits> std::vector<cgbn_mem_t<Bits>> random_instances() {
  std::mt19937 gen(Bits);
  std::vector<cgbn_mem_t<Bits>> x(instances);
  for (auto& v : x)
    for (auto& l : v._limbs) l = static_cast<std::uint32_t>(gen());
  return x;
}

template <std::uint32_t Bits, std::uint32_t... TPIs> void run_width(std::vector<Row>& rows) {
  const std::vector<cgbn_mem_t<Bits>> x0 = random_instances<Bits>();
  (rows.push_back(run<TPIs, Bits>(x0)), ...);
}

}  // namespace

int main(int argc, char** argv) {
  std::string bits_arg = "256,1024,2048,4096", csv_path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--bits" && i + 1 < argc) {
      bits_arg = argv[++i];
    } else if (arg == "--csv" && i + 1 < argc) {
      csv_path = argv[++i];
    } else {
      std::fprintf(stderr, "usage: cgbn-mul-low [--bits N,N,.. (256, 1024, 2048, 4096)] [--csv FILE]\n");
      return arg == "--help" ? 0 : 2;
    }
  }
  std::vector<Row> rows;
  std::stringstream list(bits_arg);
  for (std::string item; std::getline(list, item, ',');) {
    const int bits = std::atoi(item.c_str());
    // The threads per instance perf_tests supports at each width.
    if (bits == 256) {
      run_width<256, 4, 8>(rows);
    } else if (bits == 1024) {
      run_width<1024, 8, 16, 32>(rows);
    } else if (bits == 2048) {
      run_width<2048, 8, 16, 32>(rows);
    } else if (bits == 4096) {
      run_width<4096, 16, 32>(rows);
    } else {
      std::fprintf(stderr, "cgbn-mul-low: %d bits is not one of 256, 1024, 2048, 4096\n", bits);
      return 2;
    }
  }
  bool all = true;
  for (const Row& r : rows) all = all && r.correct;
  if (!csv_path.empty()) {
    std::ofstream csv(csv_path);
    csv << "op,bits,tpi,ops_per_s,correct\n";
    for (const Row& r : rows) {
      csv << "mul_low," << r.bits << ',' << r.tpi << ',' << r.ops_per_s << ',' << (r.correct ? 1 : 0) << '\n';
    }
  }
  return all ? 0 : 1;
}

// SPDX-License-Identifier: Apache-2.0
// examples/demo.cu: multiplies and divides random 1024-bit numbers with warpnum on the GPU (or, without one, on
// all CPU cores), checks every result against GMP and prints a table. Builds under nvcc and, as C++, under g++.
//
//   warpnum-demo [--count N] [--seed S] [--cpu]
//
// What to take from it:
//  - A warpnum operation written once, in a __host__ __device__ functor (WARPNUM_HD), runs unchanged in a CUDA
//    kernel, one thread per number, and in ordinary host threads.
//  - BigUInt<Bits> is a plain array of 32-bit limbs, so arrays of them move with cudaMemcpy and convert to and
//    from GMP with mpz_import (limbs least significant first).
#include "common.hpp"

#include <warpnum/bigint.hpp>

#include <gmp.h>

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using U1024 = warpnum::BigUInt<1024>;
using U2048 = warpnum::BigUInt<2048>;

/// One work item: a and b (b != 0), and c, which is added to the product before the wide division.
struct Pair {
  U1024 a;
  U1024 b;
  U1024 c;
};

// ---- GMP, the reference ----

/// An mpz_t that clears itself.
struct Mpz {
  mpz_t z;
  Mpz() { mpz_init(z); }
  template <std::size_t Bits> explicit Mpz(const warpnum::BigUInt<Bits>& x) {
    mpz_init(z);
    mpz_import(z, warpnum::BigUInt<Bits>::num_limbs, -1, sizeof(std::uint32_t), 0, 0, x.data());
  }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  ~Mpz() { mpz_clear(z); }
};

template <std::size_t Bits> bool same(const Mpz& expected, const warpnum::BigUInt<Bits>& x) {
  return mpz_cmp(expected.z, Mpz(x).z) == 0;
}

// ---- the operations: each is a functor for host and device, with a check against GMP ----

struct MulWide {
  static constexpr const char* name = "a * b, full 2048-bit product";
  WARPNUM_HD U2048 operator()(const Pair& p) const { return warpnum::mul_wide(p.a, p.b); }
  static bool check(const Pair& p, const U2048& r) {
    Mpz e;
    mpz_mul(e.z, Mpz(p.a).z, Mpz(p.b).z);
    return same(e, r);
  }
};

struct MulLow {
  static constexpr const char* name = "a * b mod 2^1024";
  WARPNUM_HD U1024 operator()(const Pair& p) const { return p.a * p.b; }
  static bool check(const Pair& p, const U1024& r) {
    Mpz e;
    mpz_mul(e.z, Mpz(p.a).z, Mpz(p.b).z);
    mpz_fdiv_r_2exp(e.z, e.z, 1024);
    return same(e, r);
  }
};

struct DivWide {
  static constexpr const char* name = "(a * b + c) / b and % b, 2048 / 1024 bits";
  WARPNUM_HD warpnum::DivResult<U2048> operator()(const Pair& p) const {
    return warpnum::divmod(warpnum::mul_wide(p.a, p.b) + U2048{p.c}, U2048{p.b});
  }
  static bool check(const Pair& p, const warpnum::DivResult<U2048>& r) {
    Mpz n, q, m;
    mpz_mul(n.z, Mpz(p.a).z, Mpz(p.b).z);
    mpz_add(n.z, n.z, Mpz(p.c).z);
    mpz_tdiv_qr(q.z, m.z, n.z, Mpz(p.b).z);
    return same(q, r.quot) && same(m, r.rem);
  }
};

struct Div {
  static constexpr const char* name = "a / b and a % b, 1024 bits";
  WARPNUM_HD warpnum::DivResult<U1024> operator()(const Pair& p) const { return warpnum::divmod(p.a, p.b); }
  static bool check(const Pair& p, const warpnum::DivResult<U1024>& r) {
    Mpz q, m;
    mpz_tdiv_qr(q.z, m.z, Mpz(p.a).z, Mpz(p.b).z);
    return same(q, r.quot) && same(m, r.rem);
  }
};

template <class Op> using ResultOf = decltype(Op{}(Pair{}));

/// One line of the table; copies_ms < 0 where there are no copies (CPU).
struct Row {
  std::string device;
  const char* op;
  std::size_t count;
  double ms;
  double copies_ms;
  std::size_t wrong;
};

// ---- CPU: the functor over contiguous slices of the input, one std::thread per core ----

template <class Op> std::vector<ResultOf<Op>> run_cpu(const std::vector<Pair>& in, unsigned threads, double& ms) {
  std::vector<ResultOf<Op>> out(in.size());
  ms = examples::for_each_on_cores(in.size(), threads, [&](std::size_t i) { out[i] = Op{}(in[i]); });
  return out;
}

// ---- GPU: the same functor in a kernel, one thread per pair ----

#if defined(__CUDACC__)
#define CUDA_CHECK(call) examples::cuda_check("warpnum-demo", (call), #call)

template <class Op, class R> __global__ void for_each_pair(Op op, const Pair* in, R* out, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

/// Runs Op on the GPU: copies in, kernel, copies out. `kernel_ms` times the kernel alone, `total_ms` all three.
template <class Op>
std::vector<ResultOf<Op>> run_gpu(const std::vector<Pair>& in, double& kernel_ms, double& total_ms) {
  using R = ResultOf<Op>;
  const std::size_t n = in.size();
  Pair* d_in = nullptr;
  R* d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(Pair)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(R)));
  const unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n + threads - 1) / threads);

  // Warm-up: the first launch of a kernel also loads it; keep that out of the timing.
  for_each_pair<<<blocks, threads>>>(Op{}, d_in, d_out, 0);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  cudaEvent_t ev[4];
  for (auto& e : ev) CUDA_CHECK(cudaEventCreate(&e));
  std::vector<R> out(n);
  CUDA_CHECK(cudaEventRecord(ev[0]));
  CUDA_CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(Pair), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaEventRecord(ev[1]));
  for_each_pair<<<blocks, threads>>>(Op{}, d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(ev[2]));
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(R), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaEventRecord(ev[3]));
  CUDA_CHECK(cudaEventSynchronize(ev[3]));
  float k = 0, t = 0;
  CUDA_CHECK(cudaEventElapsedTime(&k, ev[1], ev[2]));
  CUDA_CHECK(cudaEventElapsedTime(&t, ev[0], ev[3]));
  kernel_ms = k;
  total_ms = t;
  for (auto& e : ev) CUDA_CHECK(cudaEventDestroy(e));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  return out;
}

#endif

/// Runs Op where asked, checks each result against GMP, and returns the table row.
template <class Op> Row measure(const std::vector<Pair>& in, const std::string& gpu, unsigned threads) {
  Row row{gpu.empty() ? "CPU (" + std::to_string(threads) + " cores)" : gpu, Op::name, in.size(), 0, -1, 0};
  std::vector<ResultOf<Op>> out;
#if defined(__CUDACC__)
  if (!gpu.empty()) out = run_gpu<Op>(in, row.ms, row.copies_ms);
#endif
  if (gpu.empty()) out = run_cpu<Op>(in, threads, row.ms);
  for (std::size_t i = 0; i < in.size(); ++i) row.wrong += Op::check(in[i], out[i]) ? 0 : 1;
  return row;
}

U1024 random_u1024(std::mt19937_64& rng) {
  U1024 x;
  for (int i = 0; i < U1024::num_limbs; i += 2) {
    const std::uint64_t r = rng();
    x.data()[i] = static_cast<std::uint32_t>(r);
    x.data()[i + 1] = static_cast<std::uint32_t>(r >> 32);
  }
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t count = 8192;
  std::uint64_t seed = 1;
  bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--count" && i + 1 < argc) {
      count = std::max<std::size_t>(1, std::strtoull(argv[++i], nullptr, 0));
    } else if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 0);
    } else if (arg == "--cpu") {
      force_cpu = true;
    } else {
      std::fprintf(stderr, "usage: %s [--count N] [--seed S] [--cpu]\n", argv[0]);
      return 2;
    }
  }

  std::mt19937_64 rng(seed);
  std::vector<Pair> pairs(count);
  for (auto& p : pairs) {
    p = {random_u1024(rng), random_u1024(rng), random_u1024(rng)};
    if (p.b.is_zero()) p.b = U1024{1};
    p.c %= p.b;  // c < b, so the wide division's quotient is a and its remainder c
  }

  std::string gpu;
#if defined(__CUDACC__)
  if (!force_cpu) gpu = examples::gpu_name("warpnum-demo");
#else
  (void)force_cpu;
  std::printf("built without CUDA; running on the CPU\n");
#endif
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());

  const Row rows[] = {measure<MulWide>(pairs, gpu, threads), measure<MulLow>(pairs, gpu, threads),
                      measure<DivWide>(pairs, gpu, threads), measure<Div>(pairs, gpu, threads)};

  std::printf("\n%zu random 1024-bit pairs, seed %llu\n\n", count, static_cast<unsigned long long>(seed));
  std::printf("| %-24s | %-42s | %6s | %9s | %17s | %18s | %7s |\n", "device", "op", "count", "time (ms)",
              "with copies (ms)", "throughput (ops/s)", "correct");
  std::printf("|%s|%s|%s|%s|%s|%s|%s|\n", std::string(26, '-').c_str(), std::string(44, '-').c_str(),
              std::string(8, '-').c_str(), std::string(11, '-').c_str(), std::string(19, '-').c_str(),
              std::string(20, '-').c_str(), std::string(9, '-').c_str());
  std::size_t total = 0;
  std::size_t wrong = 0;
  for (const Row& r : rows) {
    char copies[32] = "-";
    if (r.copies_ms >= 0) std::snprintf(copies, sizeof copies, "%.3f", r.copies_ms);
    std::printf("| %-24.24s | %-42s | %6zu | %9.3f | %17s | %18.0f | %7s |\n", r.device.c_str(), r.op, r.count, r.ms,
                copies, r.ms > 0 ? r.count / (r.ms / 1000.0) : 0.0, r.wrong == 0 ? "yes" : "NO");
    total += r.count;
    wrong += r.wrong;
  }
  std::printf("\ntime: the kernel alone on a GPU (cudaEvent), the threads' wall time on the CPU; with copies: copy in,\n"
              "kernel, copy out. Every result was compared with GMP (mpz_mul, mpz_tdiv_qr).\n");
  if (wrong == 0) {
    std::printf("\nall %zu results correct\n", total);
  } else {
    std::printf("\n%zu of %zu results WRONG\n", wrong, total);
  }
  return wrong == 0 ? 0 : 1;
}

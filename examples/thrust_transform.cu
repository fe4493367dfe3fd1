// SPDX-License-Identifier: Apache-2.0
// examples/thrust_transform.cu: warpnum-thrust-transform, element-wise products of BigUInt<1024> three ways:
//   1. `a * b` in a user's own __global__ kernel, one thread an element;
//   2. thrust::transform over thrust::device_vector<BigUInt<1024>>, with thrust::multiplies<> and with a
//      `__device__` lambda;
//   3. warpnum::Batch expressions, `Batch<U> r = x * y;` (one fused kernel, or OpenMP over the CPU cores), and
//      warpnum::transform with warpnum::multiplies, which runs the same batch kernel.
// Every product is checked against GMP on the host; the timings and the device are printed. Without a GPU (or with
// --cpu) part 1 runs its per-element function on the CPU cores and part 2 runs Thrust's host system. Built by
// g++ (no CUDA: CMake compiles this file as C++ with -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP), part 2's
// thrust::device is Thrust's OpenMP system, on every core.
//   warpnum-thrust-transform [--count N] [--seed S] [--cpu]
#include <warpnum/algorithm.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/thrust.hpp>

#include "cli.hpp"
#include "common.hpp"

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>

#include <gmp.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

using U = warpnum::BigUInt<1024>;

// ---- 1. a * b in a user's own kernel ------------------------------------------------------------------------

#if defined(__CUDACC__)
/// r[i] = a[i] * b[i] (mod 2^1024): BigUInt's operators are host and device code, so a kernel just uses them.
__global__ void multiply_kernel(U* r, const U* a, const U* b, std::size_t n) {
  const std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (i < n) r[i] = a[i] * b[i];
}

/// Part 1 on the GPU; ms: the kernel's time (CUDA events).
std::vector<U> multiply_on_gpu(const std::vector<U>& a, const std::vector<U>& b, double& ms) {
  auto check = [](cudaError_t e, const char* call) { examples::cuda_check("warpnum-thrust-transform", e, call); };
  const std::size_t n = a.size();
  U *d_a = nullptr, *d_b = nullptr, *d_r = nullptr;
  for (U** p : {&d_a, &d_b, &d_r}) check(cudaMalloc(p, n * sizeof(U)), "cudaMalloc");
  check(cudaMemcpy(d_a, a.data(), n * sizeof(U), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaMemcpy(d_b, b.data(), n * sizeof(U), cudaMemcpyHostToDevice), "cudaMemcpy");
  const unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n + threads - 1) / threads);
  multiply_kernel<<<blocks, threads>>>(d_r, d_a, d_b, n);  // warm-up
  check(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t e0, e1;
  check(cudaEventCreate(&e0), "cudaEventCreate");
  check(cudaEventCreate(&e1), "cudaEventCreate");
  check(cudaEventRecord(e0), "cudaEventRecord");
  multiply_kernel<<<blocks, threads>>>(d_r, d_a, d_b, n);
  check(cudaGetLastError(), "multiply_kernel launch");
  check(cudaEventRecord(e1), "cudaEventRecord");
  check(cudaEventSynchronize(e1), "cudaEventSynchronize");
  float k = 0;
  check(cudaEventElapsedTime(&k, e0, e1), "cudaEventElapsedTime");
  ms = k;
  std::vector<U> r(n);
  check(cudaMemcpy(r.data(), d_r, n * sizeof(U), cudaMemcpyDeviceToHost), "cudaMemcpy");
  for (U* p : {d_a, d_b, d_r}) check(cudaFree(p), "cudaFree");
  return r;
}
#endif

/// Part 1 without a GPU: the kernel's per-element work on every CPU core; ms: the time taken.
std::vector<U> multiply_on_cores(const std::vector<U>& a, const std::vector<U>& b, unsigned threads, double& ms) {
  std::vector<U> r(a.size());
  ms = examples::for_each_on_cores(a.size(), threads, [&](std::size_t i) { r[i] = a[i] * b[i]; });
  return r;
}

// ---- 2. thrust::transform -----------------------------------------------------------------------------------

/// The wall time of f() in milliseconds, after one untimed call (a warm-up: Thrust's first call sets up its
/// kernels and, on the GPU, the context).
template <class F> double time_ms(F&& f) {
  f();
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct ThrustResults {
  std::vector<U> by_multiplies;  // thrust::multiplies<>
  std::vector<U> by_lambda;      // the lambda
  double multiplies_ms = 0;
  double lambda_ms = 0;
};

/// Part 2 on one of Thrust's systems: Vector is its vector type, policy its execution policy; `lambda` computes
/// x * y (on the GPU a `__device__` lambda). The inputs are copied in before the timed calls; each call
/// returns when its products are done (thrust::transform with thrust::device synchronises).
template <class Vector, class Policy, class Lambda>
ThrustResults thrust_products(const Policy& policy, const std::vector<U>& a, const std::vector<U>& b, Lambda lambda) {
  Vector da(a.begin(), a.end());
  Vector db(b.begin(), b.end());
  Vector dr(a.size());
  ThrustResults out;
  out.by_multiplies.resize(a.size());
  out.by_lambda.resize(a.size());
  out.multiplies_ms =
      time_ms([&] { thrust::transform(policy, da.begin(), da.end(), db.begin(), dr.begin(), thrust::multiplies<>()); });
  thrust::copy(dr.begin(), dr.end(), out.by_multiplies.begin());
  thrust::fill(dr.begin(), dr.end(), U{});
  out.lambda_ms = time_ms([&] { thrust::transform(policy, da.begin(), da.end(), db.begin(), dr.begin(), lambda); });
  thrust::copy(dr.begin(), dr.end(), out.by_lambda.begin());
  return out;
}

// ---- 3. batch expressions -----------------------------------------------------------------------------------

struct BatchResults {
  std::vector<U> products;    // Batch<U> r = x * y
  std::vector<U> fused;       // Batch<U> f = x * y + x
  std::vector<U> by_transform;  // warpnum::transform(..., warpnum::multiplies{})
  double products_ms = 0;
  double fused_ms = 0;
  double transform_ms = 0;
};

/// Part 3: the products as a warpnum::Batch expression, evaluated in one kernel (device memory where there is a
/// GPU, else host memory and OpenMP); a fused a * b + a; and warpnum::transform with warpnum::multiplies over
/// Vector (thrust::device_vector: on a GPU the batch kernel again).
template <class Vector, class Policy>
BatchResults batch_expressions(const Policy& policy, const std::vector<U>& a, const std::vector<U>& b, warpnum::Place place) {
  BatchResults out;
  const warpnum::Batch<U> x(a, place), y(b, place);
  warpnum::Batch<U> r(a.size(), place);
  // Assignments return at once (the kernel runs on r's stream); synchronize() waits, so the time is the kernel's.
  out.products_ms = time_ms([&] {
    r = x * y;
    r.synchronize();
  });
  out.products = r.to_vector();
  out.fused_ms = time_ms([&] {
    r = x * y + x;
    r.synchronize();
  });
  out.fused = r.to_vector();
  Vector da(a.begin(), a.end()), db(b.begin(), b.end()), dr(a.size());
  out.transform_ms = time_ms([&] { warpnum::transform(policy, da.begin(), da.end(), db.begin(), dr.begin(), warpnum::multiplies{}); });
  out.by_transform.resize(a.size());
  thrust::copy(dr.begin(), dr.end(), out.by_transform.begin());
  return out;
}

// ---- the check ----------------------------------------------------------------------------------------------

/// a[i] * b[i] mod 2^1024 by GMP, independent of warpnum: the limbs in and out by mpz_import and mpz_export.
std::vector<U> gmp_products(const std::vector<U>& a, const std::vector<U>& b) {
  std::vector<U> r(a.size());
  mpz_t x, y, p;
  mpz_inits(x, y, p, nullptr);
  for (std::size_t i = 0; i < a.size(); ++i) {
    mpz_import(x, U::num_limbs, -1, sizeof(std::uint32_t), 0, 0, a[i].data());
    mpz_import(y, U::num_limbs, -1, sizeof(std::uint32_t), 0, 0, b[i].data());
    mpz_mul(p, x, y);
    mpz_fdiv_r_2exp(p, p, 1024);
    r[i] = U{};
    mpz_export(r[i].data(), nullptr, -1, sizeof(std::uint32_t), 0, 0, p);
  }
  mpz_clears(x, y, p, nullptr);
  return r;
}

std::size_t count_wrong(const std::vector<U>& got, const std::vector<U>& want) {
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < want.size(); ++i) wrong += std::memcmp(&got[i], &want[i], sizeof(U)) != 0 ? 1 : 0;
  return wrong;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "warpnum-thrust-transform: %s\nusage: warpnum-thrust-transform [--count N] [--seed S] [--cpu]\n", why);
  std::exit(2);
}

int main(int argc, char** argv) {
  std::size_t count = 1 << 18;
  unsigned long seed = 2026;
  [[maybe_unused]] bool force_cpu = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--cpu") {
      force_cpu = true;
    } else if ((arg == "--count" || arg == "--seed") && i + 1 < argc) {
      const unsigned long long v = warpnum::examples::number_argument(argv[++i], usage);
      if (arg == "--count") {
        count = static_cast<std::size_t>(v);
      } else {
        seed = static_cast<unsigned long>(v);
      }
    } else {
      usage(("unknown argument: " + arg).c_str());
    }
  }
  if (count == 0) usage("--count must be at least 1");

  std::printf("generating %zu pairs of 1024-bit numbers...\n", count);
  std::mt19937_64 rng(seed);
  std::vector<U> a(count), b(count);
  for (std::size_t i = 0; i < count; ++i) {
    for (int j = 0; j < U::num_limbs; ++j) {
      a[i].data()[j] = static_cast<std::uint32_t>(rng());
      b[i].data()[j] = static_cast<std::uint32_t>(rng() >> 32);
    }
  }
  // The edges first: 0, 1, all ones, the top bit alone.
  const U edges[] = {U{}, U{1u}, ~U{}, U{1u} << 1023};
  for (std::size_t i = 0; i < 16 && i < count; ++i) {
    a[i] = edges[i % 4];
    b[i] = edges[i / 4];
  }

  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string device;
  double kernel_ms = 0;
  std::vector<U> by_kernel;
  ThrustResults by_thrust;
  BatchResults by_batch;
#if defined(__CUDACC__)
  if (!force_cpu) device = examples::gpu_name("warpnum-thrust-transform");
  if (!device.empty()) {
    std::printf("multiplying on %s...\n", device.c_str());
    by_kernel = multiply_on_gpu(a, b, kernel_ms);
    by_thrust = thrust_products<thrust::device_vector<U>>(thrust::device, a, b,
                                                          [] __device__(const U& x, const U& y) { return x * y; });
    by_batch = batch_expressions<thrust::device_vector<U>>(thrust::device, a, b, warpnum::Place::device);
  } else {
    device = "CPU, " + std::to_string(threads) + " threads (Thrust: its host system)";
    std::printf("multiplying on the CPU...\n");
    by_kernel = multiply_on_cores(a, b, threads, kernel_ms);
    // A __device__ lambda cannot run on the host: the host-device form of the same lambda.
    by_thrust = thrust_products<thrust::host_vector<U>>(thrust::host, a, b,
                                                        [] __host__ __device__(const U& x, const U& y) { return x * y; });
    by_batch = batch_expressions<thrust::host_vector<U>>(thrust::host, a, b, warpnum::Place::host);
  }
#else
  device = "CPU, " + std::to_string(threads) + " threads (Thrust: its OpenMP system)";
  std::printf("multiplying on the CPU...\n");
  by_kernel = multiply_on_cores(a, b, threads, kernel_ms);
  by_thrust = thrust_products<thrust::device_vector<U>>(thrust::device, a, b, [](const U& x, const U& y) { return x * y; });
  by_batch = batch_expressions<thrust::device_vector<U>>(thrust::device, a, b, warpnum::Place::host);
#endif

  std::printf("checking every product against GMP...\n");
  const std::vector<U> want = gmp_products(a, b);
  const std::size_t wrong_kernel = count_wrong(by_kernel, want);
  const std::size_t wrong_multiplies = count_wrong(by_thrust.by_multiplies, want);
  const std::size_t wrong_lambda = count_wrong(by_thrust.by_lambda, want);
  const std::size_t wrong_batch = count_wrong(by_batch.products, want);
  const std::size_t wrong_transform = count_wrong(by_batch.by_transform, want);
  std::vector<U> want_fused(count);
  for (std::size_t i = 0; i < count; ++i) want_fused[i] = want[i] + a[i];  // the product by GMP, plus a (mod 2^1024)
  const std::size_t wrong_fused = count_wrong(by_batch.fused, want_fused);

  std::printf("\ndevice: %s\n%-52s %12s %16s %8s\n", device.c_str(), "1024-bit products a * b", "ms", "products/s", "wrong");
  const auto row = [&](const char* what, double ms, std::size_t wrong) {
    std::printf("%-52s %12.3f %16.4g %8zu\n", what, ms, static_cast<double>(count) / (ms / 1e3), wrong);
  };
  row("1. a * b in a __global__ kernel (or CPU cores)", kernel_ms, wrong_kernel);
  row("2. thrust::transform, thrust::multiplies<>", by_thrust.multiplies_ms, wrong_multiplies);
  row("2. thrust::transform, a lambda (__device__ on GPUs)", by_thrust.lambda_ms, wrong_lambda);
  row("3. Batch<U> r = x * y (one kernel, or OpenMP)", by_batch.products_ms, wrong_batch);
  row("3. Batch<U> r = x * y + x (fused, one kernel)", by_batch.fused_ms, wrong_fused);
  row("3. warpnum::transform, warpnum::multiplies", by_batch.transform_ms, wrong_transform);

  const bool ok = wrong_kernel == 0 && wrong_multiplies == 0 && wrong_lambda == 0 && wrong_batch == 0 && wrong_fused == 0 &&
                  wrong_transform == 0;
  std::printf("\n%s\n", ok ? "all products correct" : "SOME PRODUCTS ARE WRONG");
  return ok ? 0 : 1;
}

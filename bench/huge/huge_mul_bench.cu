// SPDX-License-Identifier: Apache-2.0
// bench/huge/huge_mul_bench.cu: bench-huge-mul, the convolutions behind Integer's multiply (src/huge/convolve.cu)
// over operand sizes: convolve_ntt and convolve_columns on the GPU (operands already in device memory, CUDA
// events around each call, median of the timed calls after warm-up) and on the host's cores, where the
// double-precision FFT's product (multiply_fft_host, carries included) is timed too, up to half of --host-max.
//   bench-huge-mul [--target gpu|host|both] [--sizes n1,n2,...] [--columns-max LIMBS] [--reps N] [--csv]
//                  [--ceilings]
// Sizes are limbs per operand (both operands the same length); the defaults run 10^3 to 10^8 decimal digits.
// --ceilings first measures the GPU's ceilings that bound a transform: 32-bit integer multiply-adds and FP64 fused
// multiply-adds a second (8 independent chains a thread, every SM full) and the device-to-device copy bandwidth.
#include "engine.hpp"

#include <warpnum/huge/ntt.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using warpnum::Place;
using warpnum::huge::Coef96;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

template <class F>
double median_ms_gpu(F&& f, int reps) {
  f();  // warm-up (and the pool's first allocation)
  f();
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    check(cudaEventRecord(start, 0), "cudaEventRecord");
    f();
    check(cudaEventRecord(stop, 0), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    t.push_back(ms);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F>
double median_ms_host(F&& f, int reps) {
  f();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// Radix-2 butterflies of one product's 9 transforms (3 primes x 2 forward + 1 inverse) of length L.
/// Multiply-adds a second, 8 independent chains a thread: T = std::uint32_t runs mad.lo.u32 (IMAD, the pipe a
/// Montgomery product and the modular sums share), T = double runs fma.rn.f64 (DFMA).
template <class T> __global__ void peak_kernel(T* out, int iterations, T m) {
  T acc[8];
  for (int k = 0; k < 8; ++k) acc[k] = static_cast<T>(threadIdx.x + k);
#pragma unroll 1
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (sizeof(T) == 4) {
        asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(acc[k]) : "r"(m), "r"(k + 1));
      } else {
        asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(acc[k]) : "d"(m), "d"(static_cast<double>(k + 1)));
      }
    }
  }
  T s = 0;
  for (int k = 0; k < 8; ++k) s += acc[k];
  if (s == static_cast<T>(12345)) out[0] = s;  // keeps the chains alive
}

/// One instruction's rate, 8 independent chains a thread: mul.hi.u32 (IMAD.HI.U32) and mul.wide.u32 (both halves of
/// a 64-bit product: IMAD.WIDE.U32; the chain continues from the low half, the high half is folded in by an xor, on
/// the ALU pipe), the multiplies a modular product is made of.
enum class Multiply { hi, wide };

template <Multiply Op> __global__ void multiply_kernel(std::uint32_t* out, int iterations, std::uint32_t m) {
  std::uint32_t acc[8], high[8];
  for (int k = 0; k < 8; ++k) acc[k] = threadIdx.x + k, high[k] = 0;
#pragma unroll 1
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (Op == Multiply::hi) {
        asm volatile("mul.hi.u32 %0, %0, %1;" : "+r"(acc[k]) : "r"(m));
      } else {
        asm volatile("{ .reg .u64 t; .reg .u32 h; mul.wide.u32 t, %0, %2; mov.b64 {%0, h}, t; xor.b32 %1, %1, h; }"
                     : "+r"(acc[k]), "+r"(high[k]) : "r"(m));
      }
    }
  }
  std::uint32_t s = 0;
  for (int k = 0; k < 8; ++k) s += acc[k] ^ high[k];
  if (s == 12345u) out[0] = s;
}

enum class Butterfly { forward, inverse, forward_shoup, inverse_shoup };

/// Radix-2 butterflies in registers, 8 independent pairs a thread, each pair's output its next input: the
/// transform's arithmetic with no memory, addressing or twiddle loads (ntt::butterfly_forward and butterfly_inverse
/// with Montgomery's product, as the column kernels take them, and with Shoup's, as the row kernel does).
template <Butterfly B>
__global__ void butterfly_kernel(std::uint32_t* out, int iterations, warpnum::huge::ntt::Mod m) {
  namespace ntt = warpnum::huge::ntt;
  std::uint32_t u[8], v[8];
  ntt::ShoupTwiddle w[8];
  for (int k = 0; k < 8; ++k) {
    u[k] = (threadIdx.x * 7919u + k) % m.p;
    v[k] = (threadIdx.x * 104729u + 3u * k) % m.p;
    w[k].w = (blockIdx.x * 31u + k * 1000003u + 1u) % m.p;
    w[k].quotient = ntt::shoup_quotient(w[k].w, m.p);
  }
#pragma unroll 1
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (B == Butterfly::forward) {
        ntt::butterfly_forward(u[k], v[k], w[k].w, m);
      } else if constexpr (B == Butterfly::inverse) {
        ntt::butterfly_inverse(u[k], v[k], w[k].w, m);
      } else if constexpr (B == Butterfly::forward_shoup) {
        ntt::butterfly_forward(u[k], v[k], w[k], m);
      } else {
        ntt::butterfly_inverse(u[k], v[k], w[k], m);
      }
    }
  }
  std::uint32_t s = 0;
  for (int k = 0; k < 8; ++k) s += u[k] ^ v[k];
  if (s == 12345u) out[0] = s;
}

/// Operations a second of one of the kernels above (out, iterations, argument): 8 a thread an iteration, 16 blocks of
/// 256 threads an SM.
template <class Out, class Arg>
double rate(void (*kernel)(Out*, int, Arg), Arg arg, int iterations = 1 << 12) {
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  Out* out;
  check(cudaMalloc(&out, sizeof(Out)), "cudaMalloc");
  const int blocks = prop.multiProcessorCount * 16;
  const int threads = 256;
  const double ms = median_ms_gpu([&] { kernel<<<blocks, threads>>>(out, iterations, arg); }, 5);
  check(cudaGetLastError(), "rate kernel");
  cudaFree(out);
  return double(blocks) * threads * iterations * 8 / (ms * 1e-3);
}

/// Bytes read plus bytes written a second by a 2 GiB device-to-device copy.
double copy_rate() {
  const std::size_t bytes = std::size_t{1} << 31;
  char *src, *dst;
  check(cudaMalloc(&src, bytes), "cudaMalloc");
  check(cudaMalloc(&dst, bytes), "cudaMalloc");
  check(cudaMemset(src, 1, bytes), "cudaMemset");
  const double ms = median_ms_gpu(
      [&] { check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpyAsync"); }, 5);
  cudaFree(dst);
  cudaFree(src);
  return 2.0 * double(bytes) / (ms * 1e-3);
}

double butterflies(std::size_t n) {
  const auto plan = warpnum::huge::ntt::make_plan(2 * n - 1);
  return 9.0 * plan.length / 2 * std::log2(double(plan.length));
}

}  // namespace

int main(int argc, char** argv) {
  std::string target = "both";
  std::vector<std::size_t> sizes = {104,    208,    415,    831,    1661,    3322,    6644,    10381,   20762,
                                    41524,  103810, 207620, 519045, 1038090, 2076180, 5190445, 10380890};
  std::size_t columns_max = 200000;
  std::size_t host_max = 2100000;
  int reps = 10;
  bool csv = false;
  bool ceilings = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--target") {
      target = value();
    } else if (arg == "--sizes") {
      sizes.clear();
      const std::string list = value();
      for (std::size_t p = 0; p < list.size();) {
        const std::size_t q = list.find(',', p);
        sizes.push_back(std::stoull(list.substr(p, q - p)));
        p = q == std::string::npos ? list.size() : q + 1;
      }
    } else if (arg == "--columns-max") {
      columns_max = std::stoull(value());
    } else if (arg == "--host-max") {
      host_max = std::stoull(value());
    } else if (arg == "--reps") {
      reps = std::stoi(value());
    } else if (arg == "--csv") {
      csv = true;
    } else if (arg == "--ceilings") {
      ceilings = true;
    } else {
      std::fprintf(stderr, "usage: %s [--target gpu|host|both] [--sizes n,...] [--columns-max n] [--host-max n] "
                           "[--reps n] [--csv] [--ceilings]\n", argv[0]);
      return 2;
    }
  }
  const bool gpu = target != "host";
  const bool host = target != "gpu";
  if (gpu) {
    cudaDeviceProp prop{};
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    std::printf("# device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
    if (ceilings) {
      std::printf("# ceilings: %.2f T mad.lo.u32/s, %.2f T fma.rn.f64/s, %.0f GB/s device copy (read + write)\n",
                  rate(peak_kernel<std::uint32_t>, 0x9e3779b9u, 1 << 13) * 1e-12,
                  rate(peak_kernel<double>, 1.0000001, 1 << 13) * 1e-12,
                  copy_rate() * 1e-9);
      const auto m = warpnum::huge::ntt::make_mod(2013265921u);
      std::printf("# ceilings: %.2f T mul.hi.u32/s, %.2f T mad.wide.u32/s\n",
                  rate(multiply_kernel<Multiply::hi>, 0x9e3779b9u) * 1e-12,
                  rate(multiply_kernel<Multiply::wide>, 0x9e3779b9u) * 1e-12);
      std::printf("# ceilings: radix-2 butterflies in registers, G/s: forward %.0f, inverse %.0f (Montgomery's "
                  "product); forward %.0f, inverse %.0f (Shoup's)\n",
                  rate(butterfly_kernel<Butterfly::forward>, m) * 1e-9,
                  rate(butterfly_kernel<Butterfly::inverse>, m) * 1e-9,
                  rate(butterfly_kernel<Butterfly::forward_shoup>, m) * 1e-9,
                  rate(butterfly_kernel<Butterfly::inverse_shoup>, m) * 1e-9);
    }
  }
  std::printf(csv ? "limbs,digits,L,place,ntt_ms,ntt_square_ms,columns_ms,gbfly_s,fft_product_ms\n"
                  : "%9s %10s %9s %5s %10s %10s %10s %8s %10s\n",
              "limbs", "digits", "L", "place", "ntt_ms", "square_ms", "columns_ms", "Gbfly/s", "fft_ms");
  for (std::size_t n : sizes) {
    std::vector<std::uint32_t> a(n), b(n);
    std::uint64_t s = 12345 + n;
    for (std::size_t i = 0; i < n; ++i) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      a[i] = static_cast<std::uint32_t>(s >> 32);
      b[i] = static_cast<std::uint32_t>(s >> 7);
    }
    const std::size_t nc = 2 * n - 1;
    const double digits = n * 32 * std::log10(2.0);
    const unsigned length = warpnum::huge::ntt::make_plan(nc).length;
    const auto print = [&](const char* place, double ntt, double sq, double col, double fft) {
      std::printf(csv ? "%zu,%.0f,%u,%s,%.4f,%.4f,%.4f,%.1f,%.4f\n"
                      : "%9zu %10.0f %9u %5s %10.4f %10.4f %10.4f %8.1f %10.4f\n",
                  n, digits, length, place, ntt, sq, col, butterflies(n) / (ntt * 1e6), fft);
      std::fflush(stdout);
    };
    if (gpu) {
      std::uint32_t *da, *db;
      Coef96* dc;
      check(cudaMalloc(&da, n * 4), "cudaMalloc");
      check(cudaMalloc(&db, n * 4), "cudaMalloc");
      check(cudaMalloc(&dc, nc * sizeof(Coef96)), "cudaMalloc");
      check(cudaMemcpy(da, a.data(), n * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
      check(cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
      const int r = n > 2000000 ? std::max(3, reps / 2) : reps;
      const double ntt = median_ms_gpu([&] { warpnum::huge::convolve_ntt(dc, da, n, db, n, Place::device); }, r);
      const double sq = median_ms_gpu([&] { warpnum::huge::convolve_ntt(dc, da, n, da, n, Place::device); }, r);
      const double col = n <= columns_max
          ? median_ms_gpu([&] { warpnum::huge::convolve_columns(dc, da, n, db, n, Place::device); }, r)
          : NAN;
      print("gpu", ntt, sq, col, NAN);  // the FFT has no device transform yet
      cudaFree(dc);
      cudaFree(db);
      cudaFree(da);
    }
    if (host && n <= host_max) {
      std::vector<Coef96> c(nc);
      const int r_host = n > 200000 ? 2 : std::max(3, reps / 2);
      const double ntt =
          median_ms_host([&] { warpnum::huge::convolve_ntt(c.data(), a.data(), n, b.data(), n, Place::host); }, r_host);
      const double sq =
          median_ms_host([&] { warpnum::huge::convolve_ntt(c.data(), a.data(), n, a.data(), n, Place::host); }, r_host);
      const double col = n <= columns_max / 8
          ? median_ms_host([&] { warpnum::huge::convolve_columns(c.data(), a.data(), n, b.data(), n, Place::host); },
                           r_host)
          : NAN;
      // The double-precision FFT's whole product (its carries included, which convolve_ntt's time leaves out);
      // nan where its check refused.
      std::vector<std::uint32_t> r(2 * n);
      bool fft_ok = true;
      warpnum::huge::FftReport report{};
      const double fft = n <= host_max / 2 ? median_ms_host([&] {
        fft_ok = warpnum::huge::multiply_fft_host(r.data(), a.data(), n, b.data(), n, &report) && fft_ok;
      }, r_host) : NAN;
      if (!csv && !std::isnan(fft)) {
        std::printf("# fft: %u-bit digits, 2^%u points, proven bound %.3g, largest distance from an integer %.3g\n",
                    report.bits, report.log2_n, report.bound, report.max_error);
      }
      print("host", ntt, sq, col, fft_ok ? fft : NAN);
    }
  }
  return 0;
}

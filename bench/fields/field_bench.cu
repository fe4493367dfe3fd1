// SPDX-License-Identifier: Apache-2.0
// bench/fields/field_bench.cu: warpnum-field-bench, prime-field products on the GPU beside sppark's, shaped like
// the comparison users make: 2^20 elements (--elements), each thread chaining 128 operations (--chain) in registers,
// each result feeding the next (mul: x <- x y; sqr: x <- x^2), in BN254's and BLS12-381's base fields (254 and 381
// bits, 8 and 12 limbs). Kernel time by CUDA events, the median of --runs timed launches after a warm-up, at 128 and
// 256 threads a block; a field's figure is the better block size, in operations a second.
//
// Correctness: every warpnum result against the host's PrimeField (all elements, on every host core), the first
// 256 elements' canonical values against GMP's mpz arithmetic modulo p, and sppark's results (reduced mod p)
// against warpnum's. A mismatch fails the run (exit 1). With WARPNUM_SPPARK_SOURCE unset sppark is left out.
//
// Output: a table on stdout and, with --json FILE, the figures as JSON.
#include "base.cuh"
#include "field_chain.cuh"

#include <warpnum/fields.hpp>

#include <cuda_runtime.h>
#include <gmp.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace warpnum::bench::fields {
namespace {

struct Settings {
  std::size_t elements = std::size_t{1} << 20;
  int chain = 128;
  int runs = 5;
  std::string json;
};

template <class F> __global__ void warpnum_mul_chain(const F* a, const F* b, F* out, std::size_t n, int chain) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  F x = a[i];
  const F y = b[i];
  for (int k = 0; k < chain; ++k) x = x * y;
  out[i] = x;
}

template <class F> __global__ void warpnum_sqr_chain(const F* a, F* out, std::size_t n, int chain) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  F x = a[i];
  for (int k = 0; k < chain; ++k) x = square(x);
  out[i] = x;
}

/// The chain on the host, over every core.
template <class F> std::vector<F> host_chain(Op op, const std::vector<F>& a, const std::vector<F>& b, int chain) {
  std::vector<F> out(a.size());
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w) {
    pool.emplace_back([&, w] {
      for (std::size_t i = w; i < a.size(); i += workers) {
        F x = a[i];
        for (int k = 0; k < chain; ++k) x = op == Op::mul ? x * b[i] : square(x);
        out[i] = x;
      }
    });
  }
  for (auto& t : pool) t.join();
  return out;
}

template <class U> void to_mpz(mpz_t z, const U& x) {
  mpz_import(z, static_cast<std::size_t>(U::num_limbs), -1, sizeof(std::uint32_t), 0, 0, x.data());
}

/// The first `count` canonical results against GMP: x <- x b mod p or x^2 mod p, `chain` times.
template <class F> bool gmp_sample(Op op, const std::vector<F>& a, const std::vector<F>& b,
                                   const std::vector<F>& got, int chain, std::size_t count) {
  mpz_t p, x, y, g;
  mpz_inits(p, x, y, g, nullptr);
  to_mpz(p, F::modulus());
  bool ok = true;
  for (std::size_t i = 0; i < std::min(count, a.size()) && ok; ++i) {
    to_mpz(x, a[i].value());
    to_mpz(y, b[i].value());
    for (int k = 0; k < chain; ++k) {
      mpz_mul(x, x, op == Op::mul ? y : x);
      mpz_mod(x, x, p);
    }
    to_mpz(g, got[i].value());
    ok = mpz_cmp(x, g) == 0;
    if (!ok) std::fprintf(stderr, "warpnum-field-bench: element %zu differs from GMP's\n", i);
  }
  mpz_clears(p, x, y, g, nullptr);
  return ok;
}

struct Row {
  std::string field, op, library;
  unsigned threads = 0;
  double seconds = 0, rate = 0;
  bool correct = true;
};

/// Median kernel time of `runs` launches (after one warm-up) of `launch` (base.cuh's run_times).
template <class L> double median_seconds(int runs, const L& launch) {
  std::vector<double> t = run_times(runs, launch);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class F> void run_field(Field field, const Settings& s, std::vector<Row>& rows) {
  using U = typename F::value_type;
  static_assert(sizeof(F) == sizeof(U));
  if (U::num_limbs != field_limbs(field)) std::abort();
  const std::size_t n = s.elements;
  std::mt19937_64 gen(0xf1e1d000 + static_cast<unsigned>(field));
  std::vector<F> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    U x, y;
    for (int j = 0; j < U::num_limbs; ++j) {
      x.data()[j] = static_cast<std::uint32_t>(gen());
      y.data()[j] = static_cast<std::uint32_t>(gen());
    }
    a[i] = F(x);  // reduced mod p, then into Montgomery form
    b[i] = F(y);
  }
  const DeviceBuffer<F> buf_a(n), buf_b(n), buf_out(n);
  F* d_a = buf_a.get();
  F* d_b = buf_b.get();
  F* d_out = buf_out.get();
  WARPNUM_BENCH_CUDA(cudaMemcpy(d_a, a.data(), n * sizeof(F), cudaMemcpyHostToDevice));
  WARPNUM_BENCH_CUDA(cudaMemcpy(d_b, b.data(), n * sizeof(F), cudaMemcpyHostToDevice));
  const auto* ra = reinterpret_cast<const std::uint32_t*>(d_a);
  const auto* rb = reinterpret_cast<const std::uint32_t*>(d_b);
  auto* rout = reinterpret_cast<std::uint32_t*>(d_out);
  std::vector<F> got(n);
  for (const Op op : {Op::mul, Op::sqr}) {
    std::fprintf(stderr, "warpnum-field-bench: %s %s: host reference on %u threads...\n", field_name(field),
                 op_name(op), std::max(1u, std::thread::hardware_concurrency()));
    const std::vector<F> want = host_chain(op, a, b, s.chain);
    for (const bool sppark : {false, true}) {
      if (sppark && !have_sppark()) continue;
      for (const unsigned threads : {128u, 256u}) {
        const unsigned blocks = static_cast<unsigned>((n + threads - 1) / threads);
        WARPNUM_BENCH_CUDA(cudaMemset(d_out, 0xa5, n * sizeof(F)));
        const double sec = median_seconds(s.runs, [&] {
          if (sppark) {
            launch_sppark(field, op, ra, rb, rout, n, s.chain, threads);
          } else if (op == Op::mul) {
            warpnum_mul_chain<F><<<blocks, threads>>>(d_a, d_b, d_out, n, s.chain);
          } else {
            warpnum_sqr_chain<F><<<blocks, threads>>>(d_a, d_out, n, s.chain);
          }
        });
        WARPNUM_BENCH_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(F), cudaMemcpyDeviceToHost));
        std::size_t bad = 0;
        for (std::size_t i = 0; i < n; ++i) {
          // sppark may leave a result in [p, 2^Bits); compare the reduced value.
          const bool same = sppark ? (got[i].montgomery() % F::modulus()) == want[i].montgomery()
                                   : std::memcmp(&got[i], &want[i], sizeof(F)) == 0;
          if (!same && bad++ < 3) std::fprintf(stderr, "warpnum-field-bench: element %zu differs from the host\n", i);
        }
        const bool ok = bad == 0 && (sppark || gmp_sample(op, a, b, got, s.chain, 256));
        Row r{field_name(field), op_name(op), sppark ? "sppark" : "warpnum", threads, sec,
              static_cast<double>(n) * s.chain / sec, ok};
        std::printf("%-13s %-4s %-8s %4u threads  %9.3f ms  %7.2f G/s  %s\n", r.field.c_str(), r.op.c_str(),
                    r.library.c_str(), threads, sec * 1e3, r.rate * 1e-9, ok ? "ok" : "WRONG");
        std::fflush(stdout);
        rows.push_back(r);
      }
    }
  }
}

int main_(int argc, char** argv) {
  Settings s;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "warpnum-field-bench: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--elements") {
      s.elements = std::stoull(value());
    } else if (arg == "--chain") {
      s.chain = std::stoi(value());
    } else if (arg == "--runs") {
      s.runs = std::stoi(value());
    } else if (arg == "--json") {
      s.json = value();
    } else {
      std::fprintf(stderr,
                   "usage: warpnum-field-bench [--elements N (2^20)] [--chain K (128)] [--runs R (5)] [--json FILE]\n");
      return arg == "--help" ? 0 : 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "warpnum-field-bench: no GPU (cudaGetDeviceCount); nothing to measure\n");
    return 1;
  }
  cudaDeviceProp prop{};
  WARPNUM_BENCH_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %zu elements x %d chained operations, median of %d runs; sppark %s\n", prop.name, s.elements,
              s.chain, s.runs, have_sppark() ? "built in" : "not built (WARPNUM_SPPARK_SOURCE unset)");
  std::vector<Row> rows;
  run_field<BN254Fp>(Field::bn254_fp, s, rows);
  run_field<BLS12381Fp>(Field::bls12_381_fp, s, rows);
  bool all_ok = true;
  for (const Row& r : rows) all_ok = all_ok && r.correct;
  // The summary: each library's better block size, and warpnum / sppark.
  std::printf("# best of 128 and 256 threads a block, G operations a second\n");
  for (const char* field : {"BN254 Fp", "BLS12-381 Fp"}) {
    for (const char* op : {"mul", "sqr"}) {
      double best[2] = {0, 0};
      for (const Row& r : rows) {
        if (r.field == field && r.op == op) {
          double& b = best[r.library == "sppark" ? 1 : 0];
          b = std::max(b, r.rate);
        }
      }
      std::printf("%-13s %-4s warpnum %7.2f  sppark %7.2f  ratio %5.3f\n", field, op, best[0] * 1e-9, best[1] * 1e-9,
                  best[1] > 0 ? best[0] / best[1] : 0.0);
    }
  }
  if (!s.json.empty()) {
    std::ofstream out(s.json);
    out << "{\"device\": \"" << prop.name << "\", \"elements\": " << s.elements << ", \"chain\": " << s.chain
        << ", \"runs\": " << s.runs << ", \"rows\": [\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      out << "  {\"field\": \"" << r.field << "\", \"op\": \"" << r.op << "\", \"library\": \"" << r.library
          << "\", \"threads\": " << r.threads << ", \"seconds\": " << r.seconds << ", \"rate\": " << r.rate
          << ", \"correct\": " << (r.correct ? "true" : "false") << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
    }
    out << "]}\n";
  }
  if (!all_ok) std::fprintf(stderr, "warpnum-field-bench: WRONG results (above)\n");
  return all_ok ? 0 : 1;
}

}  // namespace
}  // namespace warpnum::bench::fields

int main(int argc, char** argv) { return warpnum::bench::fields::main_(argc, argv); }

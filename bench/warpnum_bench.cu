// SPDX-License-Identifier: Apache-2.0
// bench/warpnum_bench.cu: warpnum-bench, the benchmark driver. Runs the registered cases (bench/cases/) in compute
// mode (CGBN's perf_tests method) and batch mode, prints a table with each figure beside its ceiling (the card's
// measured IMAD and IMAD.WIDE rates for compute mode, its measured copy bandwidth for batch mode) and beside CGBN's published
// H100 figures, and writes CSV.
//
//   warpnum-bench [--op mul|fma2|powm|div_qr|sqrt|gcd|modinv|gf2n_mul] [--bits N,N,..|all] [--strategy S,S,..|all] [--mode compute|batch|both]
//                 [--instances N] [--batch N] [--runs N] [--csv FILE]
#include "base.cuh"

#include <warpnum/mul_strategy.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace warpnum::bench {
void register_mul_cases();
void register_modular_cases();
void register_gf2n_cases();
void register_batch_cases();
}

namespace {

using namespace warpnum::bench;

/// CGBN's low-half product (cgbn_mul) in perf_tests' harness (bench/cgbn/cgbn_mul_low.cu), compute mode, best
/// threads per instance, in products per second: H200 (the H100's SMs and clocks), nvcc 13.0, 2026-11-28.
/// perf_tests' own `mul` is the full product (cgbn_mul_wide): 29.3 G, 4.00 G, 1.40 G and 354 M/s.
double cgbn_h100(int bits) {
  switch (bits) {
    case 256: return 74.0e9;
    case 1024: return 4.71e9;
    case 2048: return 1.51e9;
    case 4096: return 378e6;
    default: return 0;
  }
}

/// Multiply-adds per second, 8 independent chains a thread: Acc = std::uint32_t runs mad.lo.u32 (IMAD),
/// Acc = std::uint64_t runs mad.wide.u32 (a whole 32 x 32 + 64-bit product: what the rows are made of). ptxas
/// compiles the wide kernel's product by the small constant k + 1 partly as IMAD.WIDE, partly as shifts and adds
/// (sm_90, CUDA 13), so its rate is an estimate of the IMAD.WIDE peak, not a clean measurement; a run-time factor
/// gets hoisted out of the loop instead.
template <class Acc> __global__ void peak_kernel(std::uint32_t* out, int iterations, std::uint32_t m) {
  Acc acc[8];
  for (int k = 0; k < 8; ++k) acc[k] = threadIdx.x + k;
#pragma unroll 1
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (sizeof(Acc) == 4) {
        asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(acc[k]) : "r"(m), "r"(k + 1));
      } else {
        asm volatile("mad.wide.u32 %0, %1, %2, %0;" : "+l"(acc[k]) : "r"(m), "r"(k + 1));
      }
    }
  }
  Acc s = 0;
  for (int k = 0; k < 8; ++k) s ^= acc[k];
  if (s == 0x12345678u) out[0] = static_cast<std::uint32_t>(s);  // keeps the chains alive
}

/// Instructions a second of a peak kernel (8 a thread an iteration).
template <class Kernel> double measure_peak(Kernel kernel) {
  DeviceBuffer<std::uint32_t> out(1);
  const int blocks = sm_count() * 16;
  const int threads = 256;
  const int iterations = 1 << 14;
  const double seconds = time_runs(3, [&] { kernel<<<blocks, threads>>>(out.get(), iterations, 0x9e3779b9u); });
  return static_cast<double>(blocks) * threads * iterations * 8 / seconds;
}

/// The name of the bench strategy that runs the library's default for a width (warpnum/mul_strategy.hpp).
std::string default_strategy_name(std::size_t bits, bool batch) {
  const warpnum::MulStrategy s = warpnum::default_mul_strategy(bits);
  switch (s.algorithm) {
    case warpnum::MulAlgorithm::thread_rows: return batch && s.staged ? "thread-st" : "thread";
    case warpnum::MulAlgorithm::paired_columns: return "pair" + std::to_string(s.lanes);
    case warpnum::MulAlgorithm::paired_karatsuba: return "kpair" + std::to_string(s.lanes);
  }
  return "?";
}

/// Device-to-device copy bandwidth (bytes read plus bytes written per second) of a 2 GiB copy.
double measure_copy_bandwidth() {
  const std::size_t bytes = std::size_t{1} << 31;
  DeviceBuffer<char> src(bytes);
  DeviceBuffer<char> dst(bytes);
  WARPNUM_BENCH_CUDA(cudaMemset(src.get(), 1, bytes));
  const double seconds =
      time_runs(5, [&] { WARPNUM_BENCH_CUDA(cudaMemcpyAsync(dst.get(), src.get(), bytes, cudaMemcpyDeviceToDevice)); });
  return 2.0 * static_cast<double>(bytes) / seconds;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> parts;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, ',')) parts.push_back(part);
  return parts;
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "warpnum-bench: %s\n"
               "usage: warpnum-bench [--op mul|fma2|powm|div_qr|sqrt|gcd|modinv|gf2n_mul] [--bits N,N,..|all] [--strategy S,S,..|all]\n"
               "                     [--mode compute|batch|both]\n"
               "                     [--instances N] [--batch N] [--runs N] [--csv FILE]\n",
               why);
  std::exit(2);
}

std::string si(double v) {
  char buf[32];
  if (v >= 1e9) std::snprintf(buf, sizeof buf, "%.3g G", v / 1e9);
  else if (v >= 1e6) std::snprintf(buf, sizeof buf, "%.3g M", v / 1e6);
  else if (v >= 1e3) std::snprintf(buf, sizeof buf, "%.3g k", v / 1e3);
  else std::snprintf(buf, sizeof buf, "%.3g ", v);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  Params params;
  std::string op = "mul";
  std::string bits_arg = "all";
  std::string strategy_arg = "all";
  std::string mode = "both";
  std::string csv_path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
      return argv[++i];
    };
    if (arg == "--op") op = value();
    else if (arg == "--bits") bits_arg = value();
    else if (arg == "--strategy") strategy_arg = value();
    else if (arg == "--mode") mode = value();
    else if (arg == "--instances") params.instances = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--batch") params.batch = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--runs") params.runs = std::atoi(value().c_str());
    else if (arg == "--csv") csv_path = value();
    else if (arg == "--help" || arg == "-h") usage("help");
    else usage(("unknown argument " + arg).c_str());
  }
  if (mode != "compute" && mode != "batch" && mode != "both") usage("--mode is compute, batch or both");
  if (params.runs < 1 || params.instances < 1) usage("--runs and --instances must be positive");

  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::fprintf(stderr, "warpnum-bench: no GPU found (cudaGetDeviceCount); the GPU benchmarks need one. "
                         "The host benchmarks are bench-host-*.\n");
    return 1;
  }
  cudaDeviceProp prop{};
  WARPNUM_BENCH_CUDA(cudaGetDeviceProperties(&prop, 0));
  int clock_khz = 0;
  WARPNUM_BENCH_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  const double imad_peak = measure_peak(peak_kernel<std::uint32_t>);
  const double wide_peak = measure_peak(peak_kernel<std::uint64_t>);
  const double copy_bw = measure_copy_bandwidth();
  std::printf("device: %s, %d SMs, sm_%d%d, %.0f MHz max clock\n", prop.name, prop.multiProcessorCount, prop.major,
              prop.minor, clock_khz / 1e3);
  std::printf("measured: %s IMAD/s (mad.lo.u32), %s IMAD.WIDE/s (mad.wide.u32), %s B/s device copy (read + write)\n\n",
              si(imad_peak).c_str(), si(wide_peak).c_str(), si(copy_bw).c_str());

  register_mul_cases();
  register_modular_cases();
  register_gf2n_cases();
  register_batch_cases();
  std::vector<int> widths;
  if (bits_arg != "all") {
    for (const auto& b : split(bits_arg)) widths.push_back(std::atoi(b.c_str()));
  }
  const std::vector<std::string> strategies = strategy_arg == "all" ? std::vector<std::string>{} : split(strategy_arg);
  const auto wanted = [&](const Case& c) {
    if (c.op != op) return false;
    if (!widths.empty() && std::find(widths.begin(), widths.end(), c.bits) == widths.end()) return false;
    if (!strategies.empty() && std::find(strategies.begin(), strategies.end(), c.strategy) == strategies.end()) return false;
    return true;
  };

  std::ofstream csv;
  if (!csv_path.empty()) {
    csv.open(csv_path);
    if (!csv) usage(("cannot write " + csv_path).c_str());
    csv << "device,op,mode,bits,strategy,lanes,ops,seconds,ops_per_s,ceiling_ops_per_s,fraction_of_ceiling,cgbn_h100_ops_per_s,"
           "ratio_to_cgbn,correct\n";
  }
  struct Best {
    double rate = 0;
    std::string strategy;
    double reference = 0;
  };
  std::map<std::pair<std::string, int>, Best> best;                        // (mode, bits) -> fastest strategy
  std::map<std::pair<std::string, int>, std::map<std::string, double>> rates;  // (mode, bits) -> strategy -> rate
  bool all_correct = true;
  for (const std::string m : {"compute", "batch"}) {
    if (mode != "both" && mode != m) continue;
    const bool is_mul = op == "mul";
    std::printf("%s mode, %s%s\n", m.c_str(), op.c_str(),
                op == "fma2" ? " (e[i] = a[i] * b[i] + c[i] * d[i]: one warpnum::Batch expression, fused, against three)"
                : op == "gf2n_mul"
                    ? (m == "compute" ? " (the paper's harness: chunk layout, kernel time, 5 runs, mean of the middle 3)"
                                      : " (end to end: elements in and out, the transposes in the kernel)")
                : m == "compute" ? (is_mul ? " (r = low(r * x0), 100*8192/Bits times, CUDA events, 1 warm-up + runs timed)"
                                         : " (chained in registers, bench/cases/modular.cu; CUDA events, 1 warm-up + runs timed)")
                               : (is_mul ? " (c[i] = a[i] * b[i] from and to device memory)"
                                         : " (out[i] = a[i]^e[i] mod m, e[i] and m of Bits bits, warpnum::powm_n)"));
    std::printf("%6s  %-8s  %10s  %10s  %12s  %9s  %8s  %s\n", "bits", "strategy", "ops/run", "ms/run", "ops/s",
                m == "compute" ? "% ceiling" : "% memory", op == "gf2n_mul" ? "x paper" : "x CGBN", "check");
    std::fflush(stdout);
    for (const Case& c : registry()) {
      if (!wanted(c)) continue;
      const auto& run = m == "compute" ? c.compute : c.batch;
      if (!run) continue;
      const Measurement r = run(params);
      const double rate = r.ops / r.seconds;
      const double n = c.bits / 32.0;
      // Compute: a low half needs n (n + 1) / 2 products, each an IMAD.WIDE, or two IMADs (n^2 in all), whichever
      // the card runs faster. Batch: the bytes a product moves at the copy bandwidth.
      // Other operations have no simple ceiling yet (0: not shown).
      const double ceiling = m == "compute" ? (is_mul ? std::max(imad_peak / (n * n), wide_peak / (n * (n + 1) / 2)) : 0)
                                            : copy_bw / (r.bytes / r.ops);
      const double cgbn = m == "compute" ? (is_mul ? cgbn_h100(c.bits) : c.reference) : 0;
      all_correct = all_correct && r.correct;
      char ratio[16] = "";
      if (cgbn > 0) std::snprintf(ratio, sizeof ratio, "%.2f", rate / cgbn);
      char share[16] = "-";
      if (ceiling > 0) std::snprintf(share, sizeof share, "%.1f%%", 100 * rate / ceiling);
      std::printf("%6d  %-8s  %10s  %10.3f  %12s  %9s  %8s  %s\n", c.bits, c.strategy.c_str(), si(r.ops).c_str(),
                  r.seconds * 1e3, si(rate).c_str(), share, ratio, r.correct ? "ok" : ("WRONG: " + r.note).c_str());
      std::fflush(stdout);
      if (csv) {
        csv << '"' << prop.name << "\"," << c.op << ',' << m << ',' << c.bits << ',' << c.strategy << ',' << c.lanes << ','
            << r.ops << ',' << r.seconds << ',' << rate << ',' << ceiling << ',' << (ceiling > 0 ? rate / ceiling : 0) << ','
            << cgbn << ','
            << (cgbn > 0 ? rate / cgbn : 0) << ',' << (r.correct ? 1 : 0) << '\n';
      }
      if (r.correct) rates[{m, c.bits}][c.strategy] = rate;
      Best& b = best[{m, c.bits}];
      if (r.correct && rate > b.rate) b = {rate, c.strategy, cgbn};
    }
    std::printf("\n");
  }
  std::printf(op == "mul" ? "fastest strategy per width, and the library's default (warpnum/mul_strategy.hpp) against it:\n"
                          : "fastest strategy per width:\n");
  for (const auto& [key, b] : best) {
    const double cgbn = b.reference;
    std::printf("  %-7s %6d  %-8s %12s/s", key.first.c_str(), key.second, b.strategy.c_str(), si(b.rate).c_str());
    if (cgbn > 0) std::printf("  (%.2f x %s on an H100)", b.rate / cgbn, op == "gf2n_mul" ? "the paper's code" : "CGBN");
    if (op != "mul") {
      std::printf("\n");
      continue;
    }
    const std::string d = default_strategy_name(static_cast<std::size_t>(key.second), key.first == "batch");
    const auto& measured = rates[key];
    if (const auto it = measured.find(d); it != measured.end()) {
      std::printf("  default %s: %.2f of the fastest", d.c_str(), it->second / b.rate);
    } else {
      std::printf("  default %s: not measured", d.c_str());
    }
    std::printf("\n");
  }
  if (!all_correct) {
    std::fprintf(stderr, "warpnum-bench: some results were WRONG (see the check column)\n");
    return 1;
  }
  return 0;
}

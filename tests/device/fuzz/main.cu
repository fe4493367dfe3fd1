// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/main.cu: device-fuzz, the device differential run: every operation of BigUInt/BigInt, the
// modular functions and contexts, Fp and GF2n, at every width class, in three kernel shapes (each operation alone,
// all in one kernel, chained), over seeded random and edge inputs, each device result compared bit for bit with the
// host's for the same functor and inputs (the host's results are checked against GMP and NTL by the host suites).
//   device-fuzz [--seed S] [--ops N | --quick] [--only TEXT]... [--list] [--report N] [--emulate] [--plant]
// Exits 1 on a mismatch (each printed with its operation, width, shape, inputs and both results in hex), 2 on an
// error; without a GPU it says so and exits 0 (--emulate runs the host's functors in place of the kernels).
#include "device/fuzz/fuzz.hpp"

#include <cuda_runtime.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace warpnum::fuzz;

void usage() {
  std::cout << "device-fuzz: every device operation against the host's, over seeded random and edge inputs\n"
               "  --seed S      the run's seed (decimal or 0x hex; default: drawn and printed)\n"
               "  --ops N       about N operations in all (default 12000000)\n"
               "  --quick       a short run: about 300000 operations\n"
               "  --only TEXT   only the tasks whose label (e.g. BigInt<256>/fused/all) contains TEXT; repeatable\n"
               "  --list        list the tasks with their input counts, run nothing\n"
               "  --report N    mismatches printed in full per task (default 3)\n"
               "  --emulate     no GPU: the host's functors stand in for the kernels (checks this program)\n"
               "  --plant       flip bit 0 of every device result of the tasks of shape alone in BigUInt/BigInt\n"
               "                (a planted fault: the run must report mismatches and exit 1)\n";
}

std::uint64_t parse_u64(const char* s) {
  char* end = nullptr;
  const std::uint64_t v = std::strtoull(s, &end, 0);
  if (end == s || *end != '\0') {
    std::cerr << "device-fuzz: not a number: " << s << '\n';
    std::exit(2);
  }
  return v;
}

struct Key {
  std::string type;
  int bits;
  int shape;
  bool operator<(const Key& o) const { return std::tie(type, bits, shape) < std::tie(o.type, o.bits, o.shape); }
};

int run(int argc, char** argv) {
  Options opt;
  opt.seed = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}() ^
             static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  double target_ops = 12e6;
  std::size_t min_inputs = 128;
  std::vector<std::string> only;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::cerr << "device-fuzz: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--seed") opt.seed = parse_u64(value());
    else if (a == "--ops") target_ops = static_cast<double>(parse_u64(value()));
    else if (a == "--quick") {
      target_ops = 3e5;
      min_inputs = 32;
    } else if (a == "--only") only.emplace_back(value());
    else if (a == "--list") list = true;
    else if (a == "--report") opt.report = static_cast<int>(parse_u64(value()));
    else if (a == "--emulate") opt.emulate = true;
    else if (a == "--plant") opt.plant = true;
    else if (a == "--help" || a == "-h") {
      usage();
      return 0;
    } else {
      std::cerr << "device-fuzz: unknown argument " << a << '\n';
      usage();
      return 2;
    }
  }

  Tasks all;
  register_bigint_small(all);
  register_bigint_mid(all);
  register_bigint_1024(all);
  register_bigint_2048(all);
  register_bigint_4096_unsigned(all);
  register_bigint_4096_signed(all);
  register_modular_small(all);
  register_modular_1024(all);
  register_modular_2048_alone(all);
  register_modular_2048_fused(all);
  register_fp(all);
  register_gf2n_small(all);
  register_gf2n_large(all);
  Tasks tasks;
  for (auto& t : all) {
    const std::string label = t.label();
    const bool wanted = only.empty() || std::any_of(only.begin(), only.end(), [&](const std::string& s) {
                          return label.find(s) != std::string::npos;
                        });
    if (wanted) tasks.push_back(std::move(t));
  }
  if (tasks.empty()) {
    std::cerr << "device-fuzz: no task matches --only\n";
    return 2;
  }

  // Inputs per task: weight * scale, at least min_inputs, the scale chosen so that the operations add up to
  // about target_ops.
  std::vector<std::size_t> inputs(tasks.size());
  double scale = 1;
  {
    double weighted = 0;
    for (const auto& t : tasks) weighted += t.weight * t.ops_per_input;
    scale = target_ops / weighted;
    for (int round = 0; round < 4; ++round) {
      double floor_ops = 0;
      double scaled = 0;
      for (const auto& t : tasks) {
        if (t.weight * scale < static_cast<double>(min_inputs)) floor_ops += static_cast<double>(min_inputs) * t.ops_per_input;
        else scaled += t.weight * t.ops_per_input;
      }
      if (scaled > 0 && target_ops > floor_ops) scale = (target_ops - floor_ops) / scaled;
    }
    for (std::size_t i = 0; i < tasks.size(); ++i)
      inputs[i] = std::max(min_inputs, static_cast<std::size_t>(std::llround(tasks[i].weight * scale)));
  }
  std::size_t planned_ops = 0;
  for (std::size_t i = 0; i < tasks.size(); ++i) planned_ops += inputs[i] * static_cast<std::size_t>(tasks[i].ops_per_input);

  if (list) {
    for (std::size_t i = 0; i < tasks.size(); ++i)
      std::printf("%-64s %9zu inputs x %2d = %10zu ops\n", tasks[i].label().c_str(), inputs[i], tasks[i].ops_per_input,
                  inputs[i] * static_cast<std::size_t>(tasks[i].ops_per_input));
    std::printf("%zu tasks, %zu operations\n", tasks.size(), planned_ops);
    return 0;
  }

  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  std::printf("device-fuzz: seed 0x%016llx (repeat with --seed 0x%016llx), %zu tasks, %zu operations planned, host "
              "checks on %d threads\n",
              static_cast<unsigned long long>(opt.seed), static_cast<unsigned long long>(opt.seed), tasks.size(),
              planned_ops, threads);
  if (opt.emulate) {
    std::printf("device-fuzz: --emulate: the host's functors stand in for the kernels\n");
  } else {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
      std::printf("device-fuzz: no GPU (%s); nothing checked (--emulate runs the host side alone)\n",
                  e != cudaSuccess ? cudaGetErrorString(e) : "no devices");
      return 0;
    }
    cudaDeviceProp p{};
    WARPNUM_FUZZ_CUDA(cudaGetDeviceProperties(&p, 0));
    int driver = 0;
    (void)cudaDriverGetVersion(&driver);
    std::printf("device-fuzz: %s, sm_%d%d, %d SMs, driver API %d.%d\n", p.name, p.major, p.minor, p.multiProcessorCount,
                driver / 1000, driver % 1000 / 10);
  }
  if (opt.plant) std::printf("device-fuzz: --plant: bit 0 of each device result of the plantable tasks is flipped\n");
  std::fflush(stdout);

  const auto t0 = std::chrono::steady_clock::now();
  std::map<Key, Record> table;
  std::size_t mismatches = 0;
  std::size_t failed_tasks = 0;
  std::size_t done_ops = 0;
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const Task& t = tasks[i];
    const std::uint64_t seed = task_seed(opt.seed, t.label());
    Options task_opt = opt;
    task_opt.plant = opt.plant && t.plantable;
    const Record r = t.run(t, inputs[i], seed, task_opt);
    done_ops += r.ops;
    mismatches += r.mismatches;
    failed_tasks += r.mismatches != 0 ? 1 : 0;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("[%4zu/%4zu %5.1f%% %7.1f s] %-58s %8zu inputs %10zu ops  device %8.4f s  host %8.4f s  %s\n", i + 1,
                tasks.size(), 100.0 * static_cast<double>(done_ops) / static_cast<double>(planned_ops), elapsed,
                t.label().c_str(), r.inputs, r.ops, r.device_s, r.host_s,
                r.mismatches == 0 ? "ok" : (std::to_string(r.mismatches) + " MISMATCHES").c_str());
    std::fflush(stdout);
    Record& row = table[{t.type, t.bits, static_cast<int>(t.shape)}];
    row.type = t.type;
    row.bits = t.bits;
    row.shape = t.shape;
    row.inputs += r.inputs;
    row.ops += r.ops;
    row.mismatches += r.mismatches;
    row.device_s += r.device_s;
    row.host_s += r.host_s;
    row.wall_s += r.wall_s;
    ++row.tasks;
  }
  const double total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  std::printf("\n%-8s %5s %-8s %6s %10s %12s %10s %10s %10s %10s\n", "type", "bits", "shape", "tasks", "inputs",
              "operations", "mismatch", "device s", "host s", "wall s");
  Record total;
  for (const auto& [key, row] : table) {
    std::printf("%-8s %5d %-8s %6zu %10zu %12zu %10zu %10.3f %10.3f %10.3f\n", row.type.c_str(), row.bits,
                shape_name(row.shape), row.tasks, row.inputs, row.ops, row.mismatches, row.device_s, row.host_s,
                row.wall_s);
    total.inputs += row.inputs;
    total.ops += row.ops;
    total.mismatches += row.mismatches;
    total.device_s += row.device_s;
    total.host_s += row.host_s;
  }
  std::printf("%-8s %5s %-8s %6zu %10zu %12zu %10zu %10.3f %10.3f %10.3f\n", "total", "", "", tasks.size(), total.inputs,
              total.ops, total.mismatches, total.device_s, total.host_s, total_s);
  std::printf("device-fuzz: %s: %zu operations in %zu tasks, %zu mismatches in %zu tasks, %.1f s, seed 0x%016llx\n",
              mismatches == 0 ? "PASSED" : "FAILED", total.ops, tasks.size(), mismatches, failed_tasks, total_s,
              static_cast<unsigned long long>(opt.seed));
  return mismatches == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cout << std::flush;
    std::cerr << "device-fuzz: error: " << e.what() << '\n';
    return 2;
  }
}

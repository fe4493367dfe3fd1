// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/fuzz.hpp: the engine of device-fuzz, the device differential run: a task runs one functor
// over seeded inputs in a kernel (one thread per input) and on the host (every core, OpenMP, while the kernel
// runs), compares the results bit for bit and prints every mismatch with its inputs and both results in hex.
#pragma once

#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace warpnum::fuzz {

using test::mix_seed;
using test::or_documented;
using test::Rng;

/// The kernel shapes: each operation alone in its own kernel, every operation of a type and width in one kernel
/// body (the shape in which nvcc 13.0's miscompilations showed), and chains whose results feed later divisions,
/// moduli and contexts.
enum class Shape : int { alone = 0, fused = 1, chained = 2 };
inline const char* shape_name(Shape s) { return s == Shape::alone ? "alone" : s == Shape::fused ? "fused" : "chained"; }

struct Options {
  std::uint64_t seed = 0;
  bool emulate = false;  // no GPU: the host's functor stands in for the kernel (checks this program itself)
  bool plant = false;    // the tasks that support it flip one bit of every device result (checks the checker)
  int report = 3;        // mismatches printed in full per task
};

/// What one task did.
struct Record {
  std::string type;
  int bits = 0;
  Shape shape = Shape::alone;
  std::string op;
  std::size_t inputs = 0;
  std::size_t ops = 0;
  std::size_t mismatches = 0;
  double device_s = 0;  // kernel time (events)
  double host_s = 0;    // the host's reference results, on every core
  double wall_s = 0;
  std::size_t tasks = 0;  // in the summary's rows: the tasks added up
};

/// One functor at one width and shape; `run` draws `inputs` inputs from `seed` and checks them.
struct Task {
  std::string type;  // BigUInt, BigInt, Modular, Fp, GF2n
  int bits = 0;
  Shape shape = Shape::alone;
  std::string op;
  int ops_per_input = 1;  // operations one input's functor performs (what the counts add up)
  double weight = 1;      // inputs relative to other tasks, before scaling to the requested operation count
  bool plantable = false;
  std::function<Record(const Task&, std::size_t inputs, std::uint64_t seed, const Options&)> run;

  std::string label() const { return type + "<" + std::to_string(bits) + ">/" + shape_name(shape) + "/" + op; }
};
using Tasks = std::vector<Task>;

// The registration functions, one per translation unit (main.cu calls them all).
void register_bigint_small(Tasks&);
void register_bigint_mid(Tasks&);
void register_bigint_1024(Tasks&);
void register_bigint_2048(Tasks&);
void register_bigint_4096_unsigned(Tasks&);
void register_bigint_4096_signed(Tasks&);
void register_modular_small(Tasks&);
void register_modular_1024(Tasks&);
void register_modular_2048_alone(Tasks&);
void register_modular_2048_fused(Tasks&);
void register_fp(Tasks&);
void register_gf2n_small(Tasks&);
void register_gf2n_large(Tasks&);

/// The seed of one task: the run's seed mixed with the task's label (FNV-1a), so that a task draws the same
/// inputs whichever other tasks run.
inline std::uint64_t task_seed(std::uint64_t seed, const std::string& label) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : label) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return mix_seed(seed ^ mix_seed(h));
}

/// The object's 32-bit words in hex, word 0 (least significant) first, eight to a group.
template <class Out> std::string hex_words(const Out& x) {
  static_assert(sizeof(Out) % 4 == 0, "results are compared as 32-bit words");
  constexpr std::size_t n = sizeof(Out) / 4;
  std::vector<std::uint32_t> w(n);
  std::memcpy(w.data(), &x, sizeof(Out));
  std::ostringstream os;
  os << std::hex;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % 8 == 0) os << (i == 0 ? "" : " |") << " [" << std::dec << i << std::hex << "]";
    char buf[12];
    std::snprintf(buf, sizeof buf, " %08x", w[i]);
    os << buf;
  }
  return os.str();
}

/// An object's bytes in hex, lowest address first: what a PTX replay of a mismatch passes to the kernel
/// (tests/device/fuzz/replay_ptx.py).
template <class X> std::string hex_bytes(const X& x) {
  unsigned char b[sizeof(X)] = {};
  if constexpr (!std::is_empty_v<X>) std::memcpy(b, &x, sizeof(X));  // an empty class's byte holds nothing: 00
  std::string s;
  s.reserve(2 * sizeof(X));
  constexpr char digits[] = "0123456789abcdef";
  for (const unsigned char c : b) {
    s += digits[c >> 4];
    s += digits[c & 15];
  }
  return s;
}

/// One thread per input, grid-stride: out[i] = op(in[i]).
template <class Op, class In, class Out> __global__ void fuzz_kernel(const Op op, const In* in, Out* out, std::size_t n) {
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    out[i] = op(in[i]);
}

#define WARPNUM_FUZZ_CUDA(call) ::warpnum::test::cuda_check((call), #call, __FILE__, __LINE__)

/// Runs device_op over `in` in a kernel and host_op on the host (the two differ only where a bit is planted),
/// compares bitwise, prints up to opt.report mismatches. In must print itself (operator<<).
template <class Op, class In>
Record check(const Task& task, const Op& host_op, const Op& device_op, const std::vector<In>& in, std::uint64_t seed,
             const Options& opt) {
  using Out = std::invoke_result_t<const Op&, const In&>;
  static_assert(std::has_unique_object_representations_v<Out>,
                "a result must have no padding and no floating-point members, so that it compares bitwise");
  const auto t0 = std::chrono::steady_clock::now();
  const std::size_t n = in.size();
  Record rec{task.type, task.bits, task.shape, task.op, n, n * static_cast<std::size_t>(task.ops_per_input), 0, 0, 0, 0};
  std::vector<Out> expected(n);
  std::vector<Out> actual(n);
  In* d_in = nullptr;
  Out* d_out = nullptr;
  cudaEvent_t start{}, stop{};
  if (!opt.emulate && n != 0) {
    WARPNUM_FUZZ_CUDA(cudaMalloc(&d_in, n * sizeof(In)));
    WARPNUM_FUZZ_CUDA(cudaMalloc(&d_out, n * sizeof(Out)));
    WARPNUM_FUZZ_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(In), cudaMemcpyHostToDevice));
    WARPNUM_FUZZ_CUDA(cudaMemset(d_out, 0xa5, n * sizeof(Out)));  // a result never written compares unequal
    WARPNUM_FUZZ_CUDA(cudaEventCreate(&start));
    WARPNUM_FUZZ_CUDA(cudaEventCreate(&stop));
    constexpr unsigned threads = 128;
    const auto blocks = static_cast<unsigned>(std::min<std::size_t>((n + threads - 1) / threads, 65535));
    WARPNUM_FUZZ_CUDA(cudaEventRecord(start));
    fuzz_kernel<<<blocks, threads>>>(device_op, d_in, d_out, n);
    WARPNUM_FUZZ_CUDA(cudaGetLastError());
    WARPNUM_FUZZ_CUDA(cudaEventRecord(stop));
  }
  // The host's results while the kernel runs.
  const auto h0 = std::chrono::steady_clock::now();
  const auto count = static_cast<long long>(n);
#pragma omp parallel for schedule(dynamic, 16)
  for (long long i = 0; i < count; ++i) expected[static_cast<std::size_t>(i)] = host_op(in[static_cast<std::size_t>(i)]);
  rec.host_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - h0).count();
  if (opt.emulate) {
#pragma omp parallel for schedule(dynamic, 16)
    for (long long i = 0; i < count; ++i) actual[static_cast<std::size_t>(i)] = device_op(in[static_cast<std::size_t>(i)]);
  } else if (n != 0) {
    WARPNUM_FUZZ_CUDA(cudaEventSynchronize(stop));
    WARPNUM_FUZZ_CUDA(cudaGetLastError());
    float ms = 0;
    WARPNUM_FUZZ_CUDA(cudaEventElapsedTime(&ms, start, stop));
    rec.device_s = ms / 1000.0;
    WARPNUM_FUZZ_CUDA(cudaMemcpy(actual.data(), d_out, n * sizeof(Out), cudaMemcpyDeviceToHost));
    (void)cudaEventDestroy(start);
    (void)cudaEventDestroy(stop);
    (void)cudaFree(d_in);
    (void)cudaFree(d_out);
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (std::memcmp(&expected[i], &actual[i], sizeof(Out)) == 0) continue;
    if (++rec.mismatches > static_cast<std::size_t>(opt.report)) continue;
    std::ostringstream os;
    os << "MISMATCH " << task.label() << " (type " << task.type << ", width " << task.bits << " bits, shape "
       << shape_name(task.shape) << ", operation " << task.op << "): input " << i << " of " << n << ", run seed 0x"
       << std::hex << opt.seed << ", task seed 0x" << seed << std::dec << "\n  inputs: " << in[i]
       << "\n  host   result (32-bit words, least significant first):" << hex_words(expected[i])
       << "\n  device result (32-bit words, least significant first):" << hex_words(actual[i])
       << test::word_diff(expected[i], actual[i], 16);
    if (!opt.emulate) {
      cudaFuncAttributes a{};
      (void)cudaFuncGetAttributes(&a, fuzz_kernel<Op, In, Out>);
      os << "\n  kernel: " << a.numRegs << " registers, " << a.localSizeBytes << " bytes of local memory a thread, "
         << n << " threads of 128 a block";
    }
    // For a replay of this one thread in the PTX interpreter: the kernel's name and its arguments' bytes.
    const char* kernel_name = nullptr;
    if (opt.emulate || cudaFuncGetName(&kernel_name, fuzz_kernel<Op, In, Out>) != cudaSuccess) kernel_name = "?";
    os << "\n  replay: kernel " << kernel_name << " functor " << hex_bytes(device_op) << " input " << hex_bytes(in[i])
       << " expected " << hex_bytes(expected[i]) << " device " << hex_bytes(actual[i]);
    std::cout << os.str() << std::endl;
  }
  rec.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rec;
}

/// A task whose functor and inputs are made by `make_op(rng)` and `make_in(rng, i, n, op)` (op: the functor, whose
/// contexts the inputs may need); a plantable task's functor has a member `flip`, set in the device's copy under
/// --plant.
template <class MakeOp, class MakeIn>
Task make_task(std::string type, int bits, Shape shape, std::string op, int ops_per_input, double weight, MakeOp make_op,
               MakeIn make_in, bool plantable = false) {
  Task t;
  t.type = std::move(type);
  t.bits = bits;
  t.shape = shape;
  t.op = std::move(op);
  t.ops_per_input = ops_per_input;
  t.weight = weight;
  t.plantable = plantable;
  t.run = [make_op, make_in](const Task& task, std::size_t n, std::uint64_t seed, const Options& opt) {
    Rng rng(seed);
    const auto host_op = make_op(rng);
    auto device_op = host_op;
    if constexpr (requires { device_op.flip; }) device_op.flip = opt.plant;
    using In = std::decay_t<decltype(make_in(rng, std::size_t{0}, n, host_op))>;
    std::vector<In> in;
    in.reserve(n);
    for (std::size_t i = 0; i < n; ++i) in.push_back(make_in(rng, i, n, host_op));
    return check(task, host_op, device_op, in, seed, opt);
  };
  return t;
}

/// The words of a result after its numbers: statuses and flags, 64 bytes so that no result has padding.
using Words = std::uint32_t[16];

/// Flips bit 0 of a result's first word: the fault --plant puts into the device's copy of a functor.
template <class R> WARPNUM_HD void flip_first_bit(R& r) {
  static_assert(sizeof(R) >= 4);
  std::uint32_t w;
  std::memcpy(&w, &r, 4);
  w ^= 1u;
  std::memcpy(&r, &w, 4);
}

}  // namespace warpnum::fuzz

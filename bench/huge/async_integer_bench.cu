// SPDX-License-Identifier: Apache-2.0
// bench/huge/async_integer_bench.cu: bench-huge-async, the same chain of Integer operations three ways on the GPU:
// Integer (every operation returns complete: a synchronisation each), AsyncInteger on a stream (all queued, one
// wait at get()), and the AsyncInteger chain captured once into a CUDA graph and replayed. The chain is K steps of
// y = ((y * b) >> 32 n) + a on n-limb a and b (a product, a shift and a sum: a Newton-like step that keeps its
// length), so its work is K products of n by n limbs. Every way's result is checked against Integer's before
// timing.
//   bench-huge-async [--digits d1,d2,...] [--steps K] [--reps N] [--csv FILE] [--api-costs] [--division [--nodes]]
// Defaults: 10^3, 10^4, 10^5, 10^6, 10^7 digits, K = 16, N = 9 (median). Also prints the host's time to queue the
// chain (it returns before the GPU is done) and one product's time, for the chain's ceiling (K products).
// --api-costs instead prints the host's time to queue each kind of call an operation is made of (an empty kernel, a
// stream-ordered allocation and its free, a 4-byte memset) and each AsyncInteger operation at a few sizes, each
// queued 200 times in a row behind nothing: what a chain of small operations costs the host; and the device's time
// for each kind of graph node, replayed 200 in a chain (an empty kernel, an allocation, kernel and free, a memset):
// what a captured chain costs the device. --division instead
// times divmod_floor of 2d by d digits as Integer, as AsyncInteger and from a CUDA graph, and isqrt of the 2d-digit
// number as Integer and as AsyncInteger (division_rows); with --nodes it also prints what the division's graph is
// made of: its nodes by kind (kernels, allocations, frees, copies, sets) and its kernels by name.
#include "division_graphs.hpp"
#include "host_timing.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/integer.hpp>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gmpxx.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

using warpnum::AsyncInteger;
using warpnum::Integer;
using warpnum::Place;
using clock_type = std::chrono::steady_clock;

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "bench-huge-async: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

using warpnum::bench::median_ms;

std::vector<std::size_t> parse_list(const char* s) {
  return warpnum::bench::parse_number_list(s, "bench-huge-async");
}

Integer chain(const Integer& a, const Integer& b, int steps) {
  Integer y = a;
  for (int k = 0; k < steps; ++k) y = ((y * b) >> (32 * b.size())) + a;
  return y;
}

AsyncInteger chain(const AsyncInteger& a, const AsyncInteger& b, std::size_t shift, int steps) {
  AsyncInteger y = a;
  for (int k = 0; k < steps; ++k) y = ((y * b) >> shift) + a;
  return y;
}

/// Median milliseconds of a graph's launch and completion on s.
double replay_ms(cudaGraphExec_t exec, cudaStream_t s, int reps) {
  return median_ms(
      [&] {
        check(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
        check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
      },
      reps);
}

__global__ void empty_kernel() {}
__global__ void store_kernel(std::uint32_t* p) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *p = 1;
}

/// Device microseconds a chain element takes when replayed from a CUDA graph: `queue` is captured `count` times in a
/// row on s, and the graph's replay time (median of 9) is divided by count. What a graph node of each kind costs.
template <class F> double replay_us(cudaStream_t s, int count, F&& queue) {
  cudaGraph_t graph{};
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  check(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), "cudaStreamBeginCapture");
  for (int i = 0; i < count; ++i) queue();
  check(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
  cudaGraphExec_t exec{};
  check(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
  check(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  const double us = 1000 * replay_ms(exec, s, 9) / count;
  check(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  check(cudaGraphDestroy(graph), "cudaGraphDestroy");
  return us;
}

/// Host microseconds a call of `queue` takes, over `count` calls in a row (the stream is drained before and after).
template <class F> double host_us(cudaStream_t s, int count, F&& queue) {
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  const auto t0 = clock_type::now();
  for (int i = 0; i < count; ++i) queue();
  const double us = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / count;
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  return us;
}

/// --api-costs: the host's time to queue the calls and operations a Newton level is made of.
int api_costs(cudaStream_t s) {
  constexpr int count = 200;
  cudaMemPool_t pool{};
  check(cudaDeviceGetDefaultMemPool(&pool, 0), "cudaDeviceGetDefaultMemPool");
  void* flag = nullptr;
  check(cudaMalloc(&flag, 4), "cudaMalloc");
  std::printf("bench-huge-async --api-costs: host microseconds a call, %d calls in a row, median of 5\n", count);
  const auto row = [&](const char* what, auto&& queue) {
    std::vector<double> t;
    for (int k = 0; k < 5; ++k) t.push_back(host_us(s, count, queue));
    std::sort(t.begin(), t.end());
    std::printf("%-44s %8.2f\n", what, t[2]);
    std::fflush(stdout);
  };
  row("empty kernel, own stream", [&] { empty_kernel<<<1, 32, 0, s>>>(); });
  row("empty kernel, legacy default stream", [&] { empty_kernel<<<1, 32>>>(); });
  row("cudaMallocFromPoolAsync + cudaFreeAsync, 4 KiB", [&] {
    void* p = nullptr;
    check(cudaMallocFromPoolAsync(&p, 4096, pool, s), "cudaMallocFromPoolAsync");
    check(cudaFreeAsync(p, s), "cudaFreeAsync");
  });
  row("cudaMemsetAsync, 4 bytes", [&] { check(cudaMemsetAsync(flag, 0, 4, s), "cudaMemsetAsync"); });
  row("cudaGetLastError", [&] { static_cast<void>(cudaGetLastError()); });
  std::printf("replayed from a CUDA graph: device microseconds an element, %d in a chain, median of 9\n", count);
  int sms = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "cudaDeviceGetAttribute");
  const auto replayed = [&](const char* what, auto&& queue) {
    std::printf("%-44s %8.2f\n", what, replay_us(s, count, queue));
    std::fflush(stdout);
  };
  auto* word = static_cast<std::uint32_t*>(flag);
  replayed("empty kernel, 1 block of 32", [&] { empty_kernel<<<1, 32, 0, s>>>(); });
  replayed("empty kernel, a block of 256 an SM", [&] { empty_kernel<<<sms, 256, 0, s>>>(); });
  replayed("kernel storing a word", [&] { store_kernel<<<1, 32, 0, s>>>(word); });
  replayed("cudaMemsetAsync, 4 bytes", [&] { check(cudaMemsetAsync(flag, 0, 4, s), "cudaMemsetAsync"); });
  for (const std::size_t bytes : {std::size_t{4096}, std::size_t{4} << 20}) {
    const std::string at = bytes == 4096 ? "4 KiB" : "4 MiB";
    replayed(("allocation, kernel storing a word, free, " + at).c_str(), [&] {
      void* p = nullptr;
      check(cudaMallocAsync(&p, bytes, s), "cudaMallocAsync");
      store_kernel<<<1, 32, 0, s>>>(static_cast<std::uint32_t*>(p));
      check(cudaFreeAsync(p, s), "cudaFreeAsync");
    });
  }
  check(cudaFree(flag), "cudaFree");
  gmp_randclass rng(gmp_randinit_mt);
  rng.seed(2027);
  for (const std::size_t limbs : {std::size_t{1000}, std::size_t{10000}, std::size_t{100000}}) {
    const mpz_class top = mpz_class(1) << (32 * limbs);
    const AsyncInteger a(warpnum::from_mpz(rng.get_z_range(top), Place::device), s);
    const AsyncInteger b(warpnum::from_mpz(rng.get_z_range(top) + top, Place::device), s);  // b > a
    const std::string at = " (" + std::to_string(limbs) + " limbs)";
    row(("AsyncInteger a << 7" + at).c_str(), [&] { static_cast<void>(a << 7); });
    row(("AsyncInteger a + b" + at).c_str(), [&] { static_cast<void>(a + b); });
    row(("AsyncInteger b - a (a status of its own)" + at).c_str(), [&] { static_cast<void>(b - a); });
    row(("AsyncInteger a * b" + at).c_str(), [&] { static_cast<void>(a * b); });
  }
  return 0;
}

/// isqrt of x (2d digits) as Integer (its small levels on the host) and as AsyncInteger (every level queued),
/// checked against GMP: a line under division_rows' table, in its Integer, AsyncInteger and queue columns.
int isqrt_rows(const mpz_class& zx, int reps, cudaStream_t s) {
  mpz_class root;
  mpz_sqrt(root.get_mpz_t(), zx.get_mpz_t());
  const Integer x = warpnum::from_mpz(zx, Place::device);
  const AsyncInteger qx(x, s);
  if (warpnum::to_mpz_class(warpnum::isqrt(x)) != root || warpnum::to_mpz_class(isqrt(qx).get()) != root) {
    std::fprintf(stderr, "bench-huge-async: a square root differs from GMP's\n");
    return 1;
  }
  const double integer_ms = median_ms([&] { static_cast<void>(warpnum::isqrt(x)); }, reps);
  double queue_ms = 0;
  const double async_ms = median_ms(
      [&] {
        const auto t0 = clock_type::now();
        AsyncInteger y = isqrt(qx);
        queue_ms = std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
        static_cast<void>(std::move(y).get());
      },
      reps);
  std::printf("%10s %8s %10s %12.4f %12s %12.4f %12s %12.4f   (isqrt of the 2d-digit a)\n", "", "", "", integer_ms, "",
              async_ms, "", queue_ms);
  std::fflush(stdout);
  return 0;
}

/// The nodes of a captured graph by kind, and its kernel nodes by kernel name, most first: where a graph's nodes
/// come from.
void print_nodes(cudaGraph_t graph) {
  std::size_t n = 0;
  check(cudaGraphGetNodes(graph, nullptr, &n), "cudaGraphGetNodes");
  std::vector<cudaGraphNode_t> nodes(n);
  check(cudaGraphGetNodes(graph, nodes.data(), &n), "cudaGraphGetNodes");
  std::vector<std::pair<std::string, int>> kinds, kernels;
  const auto count = [](std::vector<std::pair<std::string, int>>& v, const std::string& key) {
    const auto it = std::find_if(v.begin(), v.end(), [&](const auto& e) { return e.first == key; });
    if (it == v.end()) {
      v.emplace_back(key, 1);
    } else {
      ++it->second;
    }
  };
  for (cudaGraphNode_t node : nodes) {
    cudaGraphNodeType type{};
    check(cudaGraphNodeGetType(node, &type), "cudaGraphNodeGetType");
    switch (type) {
      case cudaGraphNodeTypeKernel: {
        count(kinds, "kernel");
        cudaKernelNodeParams params{};
        check(cudaGraphKernelNodeGetParams(node, &params), "cudaGraphKernelNodeGetParams");
        const char* name = nullptr;
        count(kernels, cudaFuncGetName(&name, params.func) == cudaSuccess && name != nullptr ? name : "?");
        break;
      }
      case cudaGraphNodeTypeMemAlloc: count(kinds, "allocation"); break;
      case cudaGraphNodeTypeMemFree: count(kinds, "free"); break;
      case cudaGraphNodeTypeMemcpy: count(kinds, "copy"); break;
      case cudaGraphNodeTypeMemset: count(kinds, "set"); break;
      default: count(kinds, "other"); break;
    }
  }
  const auto by_count = [](const auto& x, const auto& y) { return x.second > y.second; };
  std::sort(kinds.begin(), kinds.end(), by_count);
  std::sort(kernels.begin(), kernels.end(), by_count);
  std::printf("    graph nodes:");
  for (const auto& [kind, k] : kinds) std::printf(" %d %s", k, kind.c_str());
  std::printf("\n");
  for (const auto& [name, k] : kernels) std::printf("    %6d  %.110s\n", k, name.c_str());
}

/// --division: divmod_floor of a 2d-digit a by a d-digit b four ways: Integer (after its first division of a pair of
/// limb counts, replayed from the graph captured for them), Integer with those graphs turned off (every operation
/// queued, one wait for each result), AsyncInteger (every level queued: one wait, at get()), and the AsyncInteger
/// division captured into a CUDA graph by this program and replayed; and the time of one product of two d-digit
/// numbers, the unit the division's time is counted in. Each way is checked against GMP first.
int division_rows(const std::vector<std::size_t>& digits, int reps, bool show_nodes, cudaStream_t s) {
  std::printf("bench-huge-async --division: divmod_floor of 2d by d digits; median of %d\n", reps);
  std::printf("%10s %8s %10s %12s %12s %12s %12s %12s %10s %10s\n", "d digits", "b limbs", "product", "Integer",
              "no graphs", "AsyncInteger", "graph", "queue (host)", "Integer/pr", "graph/prod");
  gmp_randclass rng(gmp_randinit_mt);
  rng.seed(2028);
  for (const std::size_t d : digits) {
    mpz_class top_b, top_a;
    mpz_ui_pow_ui(top_b.get_mpz_t(), 10, d);
    mpz_ui_pow_ui(top_a.get_mpz_t(), 10, 2 * d);
    const mpz_class za = rng.get_z_range(top_a), zb = rng.get_z_range(top_b) + 1, zc = rng.get_z_range(top_b);
    mpz_class eq, er;
    mpz_fdiv_qr(eq.get_mpz_t(), er.get_mpz_t(), za.get_mpz_t(), zb.get_mpz_t());
    const Integer a = warpnum::from_mpz(za, Place::device), b = warpnum::from_mpz(zb, Place::device);
    const Integer c = warpnum::from_mpz(zc, Place::device);
    const AsyncInteger qa(a, s), qb(b, s);
    const warpnum::IntegerDivResult by_integer = divmod_floor(a, b);
    const warpnum::AsyncIntegerDivResult queued = divmod_floor(qa, qb);
    if (warpnum::to_mpz_class(by_integer.quot) != eq || warpnum::to_mpz_class(by_integer.rem) != er ||
        warpnum::to_mpz_class(queued.quot.get()) != eq || warpnum::to_mpz_class(queued.rem.get()) != er) {
      std::fprintf(stderr, "bench-huge-async: a division differs from GMP's at %zu digits\n", d);
      return 1;
    }
    const std::size_t nq = queued.quot.limb_bound(), nr = queued.rem.limb_bound();
    std::uint32_t* graph_out = nullptr;
    check(cudaMalloc(&graph_out, (nq + nr) * sizeof(std::uint32_t)), "cudaMalloc");
    check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    cudaGraph_t graph{};
    check(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), "cudaStreamBeginCapture");
    {
      const warpnum::AsyncIntegerDivResult y = divmod_floor(qa, qb);
      check(cudaMemcpyAsync(graph_out, y.quot.data(), nq * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice, s),
            "cudaMemcpyAsync");
      check(cudaMemcpyAsync(graph_out + nq, y.rem.data(), nr * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice, s),
            "cudaMemcpyAsync");
    }  // the results' memory is freed inside the graph, so the graph can run again
    check(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
    std::size_t nodes = 0;
    check(cudaGraphGetNodes(graph, nullptr, &nodes), "cudaGraphGetNodes");
    if (show_nodes) print_nodes(graph);
    cudaGraphExec_t exec{};
    check(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
    check(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
    check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    std::vector<std::uint32_t> limbs(nq + nr);
    check(cudaMemcpy(limbs.data(), graph_out, limbs.size() * sizeof(std::uint32_t), cudaMemcpyDeviceToHost),
          "cudaMemcpy");
    const std::span<const std::uint32_t> all(limbs);
    if (warpnum::to_mpz_class(Integer::from_limbs(all.first(nq), false, Place::host)) != eq ||
        warpnum::to_mpz_class(Integer::from_limbs(all.subspan(nq), false, Place::host)) != er) {
      std::fprintf(stderr, "bench-huge-async: the graph's division differs from GMP's at %zu digits\n", d);
      return 1;
    }
    const int r = d >= 10000000 ? std::max(3, reps / 3) : reps;
    const double product_ms = median_ms([&] { static_cast<void>(c * b); }, r);
    const double integer_ms = median_ms([&] { static_cast<void>(divmod_floor(a, b)); }, r);
    warpnum::huge::division_graphs_enabled = false;
    const double queued_integer_ms = median_ms([&] { static_cast<void>(divmod_floor(a, b)); }, r);
    warpnum::huge::division_graphs_enabled = true;
    double queue_ms = 0;
    const double async_ms = median_ms(
        [&] {
          const auto t0 = clock_type::now();
          warpnum::AsyncIntegerDivResult y = divmod_floor(qa, qb);
          queue_ms = std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
          static_cast<void>(std::move(y.quot).get());
          static_cast<void>(std::move(y.rem).get());
        },
        r);
    const double graph_ms = replay_ms(exec, s, r);
    std::size_t reserved = 0;
    check(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemCurrent, &reserved),
          "cudaDeviceGetGraphMemAttribute");
    std::printf("%10zu %8zu %10.4f %12.4f %12.4f %12.4f %12.4f %12.4f %10.2f %10.2f   (%zu graph nodes; graphs "
                "reserve %.1f MB)\n",
                d, b.size(), product_ms, integer_ms, queued_integer_ms, async_ms, graph_ms, queue_ms,
                integer_ms / product_ms, graph_ms / product_ms, nodes, static_cast<double>(reserved) / 1e6);
    std::fflush(stdout);
    check(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
    check(cudaGraphDestroy(graph), "cudaGraphDestroy");
    check(cudaFree(graph_out), "cudaFree");
    if (isqrt_rows(za, r, s) != 0) return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> digits = {1000, 10000, 100000, 1000000, 10000000};
  int steps = 16;
  int reps = 9;
  std::string csv;
  bool costs = false;
  bool division = false;
  bool show_nodes = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--digits" && has_value) {
      digits = parse_list(argv[++i]);
    } else if (arg == "--steps" && has_value) {
      steps = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--reps" && has_value) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--csv" && has_value) {
      csv = argv[++i];
    } else if (arg == "--api-costs") {
      costs = true;
    } else if (arg == "--division") {
      division = true;
    } else if (arg == "--nodes") {
      show_nodes = true;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--digits d1,d2,...] [--steps K] [--reps N] [--csv FILE] [--api-costs] "
                   "[--division [--nodes]]\n",
                   argv[0]);
      return arg == "--help" ? 0 : 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "bench-huge-async: no GPU (this benchmark measures the device's queue)\n");
    return 1;
  }
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  if (costs) {
    cudaStream_t own{};
    check(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    std::printf("bench-huge-async: %s\n", prop.name);
    return api_costs(own);
  }
  if (division) {
    std::printf("bench-huge-async: %s\n", prop.name);
    cudaStream_t own{};
    check(cudaStreamCreateWithFlags(&own, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    return division_rows(digits, reps, show_nodes, own);
  }
  std::printf("bench-huge-async: %s; chain of %d steps y = ((y * b) >> 32n) + a; median of %d\n", prop.name, steps,
              reps);
  std::printf("%10s %8s %10s %12s %12s %12s %12s %10s\n", "digits", "limbs", "product", "Integer", "AsyncInteger",
              "graph", "queue (host)", "sync/graph");
  FILE* out = csv.empty() ? nullptr : std::fopen(csv.c_str(), "w");
  if (out != nullptr) {
    std::fprintf(out, "digits,limbs,steps,product_ms,integer_ms,async_ms,graph_ms,queue_ms\n");
  }
  cudaStream_t s{};
  check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  gmp_randclass rng(gmp_randinit_mt);
  rng.seed(2026);
  for (const std::size_t d : digits) {
    mpz_class top;
    mpz_ui_pow_ui(top.get_mpz_t(), 10, d);
    const Integer a = warpnum::from_mpz(rng.get_z_range(top), Place::device);
    const Integer b = warpnum::from_mpz(rng.get_z_range(top), Place::device);
    const std::size_t shift = 32 * b.size();
    const AsyncInteger qa(a, s), qb(b, s);
    // Checks: the three ways give Integer's result.
    const Integer expected = chain(a, b, steps);
    if (!(chain(qa, qb, shift, steps).get() == expected)) {
      std::fprintf(stderr, "bench-huge-async: AsyncInteger's chain differs from Integer's at %zu digits\n", d);
      return 1;
    }
    AsyncInteger probe = chain(qa, qb, shift, steps);
    const std::size_t bound = probe.limb_bound();
    probe = AsyncInteger();
    std::uint32_t* graph_out = nullptr;
    check(cudaMalloc(&graph_out, bound * sizeof(std::uint32_t)), "cudaMalloc");
    check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    cudaGraph_t graph{};
    check(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), "cudaStreamBeginCapture");
    {
      const AsyncInteger y = chain(qa, qb, shift, steps);
      check(cudaMemcpyAsync(graph_out, y.data(), bound * sizeof(std::uint32_t), cudaMemcpyDeviceToDevice, s),
            "cudaMemcpyAsync");
    }  // y's memory is freed inside the graph, so the graph can run again
    check(cudaStreamEndCapture(s, &graph), "cudaStreamEndCapture");
    cudaGraphExec_t exec{};
    check(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
    check(cudaGraphLaunch(exec, s), "cudaGraphLaunch");
    check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    std::vector<std::uint32_t> limbs(bound);
    check(cudaMemcpy(limbs.data(), graph_out, bound * sizeof(std::uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    if (!(Integer::from_limbs(limbs, false, Place::host) == expected.to(Place::host))) {
      std::fprintf(stderr, "bench-huge-async: the graph's chain differs from Integer's at %zu digits\n", d);
      return 1;
    }
    const int r = d >= 10000000 ? std::max(3, reps / 3) : reps;
    const double product_ms = median_ms([&] { static_cast<void>(a * b); }, r);
    const double integer_ms = median_ms([&] { static_cast<void>(chain(a, b, steps)); }, r);
    double queue_ms = 0;
    const double async_ms = median_ms(
        [&] {
          const auto t0 = clock_type::now();
          AsyncInteger y = chain(qa, qb, shift, steps);
          queue_ms = std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
          static_cast<void>(std::move(y).get());
        },
        r);
    const double graph_ms = replay_ms(exec, s, r);
    std::printf("%10zu %8zu %10.4f %12.4f %12.4f %12.4f %12.4f %10.2f\n", d, a.size(), product_ms, integer_ms,
                async_ms, graph_ms, queue_ms, integer_ms / graph_ms);
    std::fflush(stdout);
    if (out != nullptr) {
      std::fprintf(out, "%zu,%zu,%d,%.5f,%.5f,%.5f,%.5f,%.5f\n", d, a.size(), steps, product_ms, integer_ms, async_ms,
                   graph_ms, queue_ms);
    }
    check(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
    check(cudaGraphDestroy(graph), "cudaGraphDestroy");
    check(cudaFree(graph_out), "cudaFree");
  }
  check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  if (out != nullptr) std::fclose(out);
  return 0;
}

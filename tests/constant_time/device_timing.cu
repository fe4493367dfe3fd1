// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/device_timing.cu: dudect's statistical timing test (tests/constant_time/timing.cpp) of the
// constant-time functions on the GPU. Each warp takes one input class, chosen at random (a fixed input: zero or
// one; or random inputs), since a warp's lanes run in step and a lane's time is its warp's; each thread times its
// call with clock64 and stores the cycles and the result. The slowest tenth of each class is dropped, then Welch's
// t of the two classes' means: |t| > 10 fails. The variable-time powm runs as a control and must be flagged. At
// 2048 bits the lane-group form (warp::ct::Montgomery, 4 lanes an element, a class a warp), with warp::Montgomery's
// exponentiation as its control.
//   ct-device-timing [--rounds N]   (N launches a function, default 20; exit 77 where there is no GPU)
#include "constant_time/random_values.hpp"
#include "constant_time/welch_t.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/warp/ct/montgomery.hpp>
#include <warpnum/warp/montgomery.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace warpnum;
using ct_checks::generator;
using ct_checks::random_uint;
using ct_checks::welch_t;

constexpr int block_threads = 128;

#define CT_CUDA(call)                                                                                     \
  do {                                                                                                     \
    const cudaError_t e_ = (call);                                                                         \
    if (e_ != cudaSuccess) {                                                                               \
      std::fprintf(stderr, "ct-device-timing: %s: %s\n", #call, cudaGetErrorString(e_));                  \
      std::exit(1);                                                                                        \
    }                                                                                                      \
  } while (0)

template <std::size_t Bits> struct Input {
  BigUInt<Bits> x, e;
};

/// Times f(in[i]) on each thread: cycles[i] and out[i].
template <class F, class In, class Out>
__global__ void timed(F f, const In* in, Out* out, long long* cycles, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const In v = in[i];
  const long long t0 = clock64();
  const Out r = f(v);
  const long long t1 = clock64();
  out[i] = r;
  cycles[i] = t1 - t0;
}

template <std::size_t Bits> struct CtPow {
  ct::Montgomery<Bits> ctx;
  __device__ BigUInt<Bits> operator()(const Input<Bits>& in) const { return ctx.pow(in.x, in.e); }
};
template <std::size_t Bits> struct CtMul {
  ct::Montgomery<Bits> ctx;
  __device__ BigUInt<Bits> operator()(const Input<Bits>& in) const { return ctx.mul(ctx.mul(in.x, in.e), in.x); }
};
template <std::size_t Bits> struct CtInverse {
  ct::Montgomery<Bits> ctx;
  __device__ BigUInt<Bits> operator()(const Input<Bits>& in) const { return ctx.inverse_prime(in.x); }
};
template <std::size_t Bits> struct VtPow {  // the control
  Montgomery<Bits> ctx;
  __device__ BigUInt<Bits> operator()(const Input<Bits>& in) const { return ctx.pow(in.x, in.e); }
};

/// Times ctx.pow on each lane group of G lanes (warp::ct::Montgomery or, as a control, warp::Montgomery, built from
/// the host's context): cycles[i] and out[i] for element i.
template <template <std::size_t, unsigned> class LaneCtx, unsigned G, std::size_t Bits, class HostCtx>
__global__ void timed_lane_pow(HostCtx host, const Input<Bits>* in, BigUInt<Bits>* out, long long* cycles,
                               std::size_t n) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;
  const LaneCtx<Bits, G> ctx(tile, host);
  const auto x = warp::load(tile, in[i].x);
  const BigUInt<Bits> e = in[i].e;
  const long long t0 = clock64();
  const auto r = ctx.pow(tile, x, e);
  const long long t1 = clock64();
  warp::store(tile, out[i], r);
  if (tile.thread_rank() == 0) cycles[i] = t1 - t0;
}

/// Runs `rounds` launches over warps of random classes, G threads an element (make(cls) gives an input of the
/// class; launch(in, out, cycles, elements) starts the kernel); returns |t|.
template <std::size_t Bits, unsigned G = 1, class Launch, class Make>
double measure(const Launch& launch, const Make& make, int rounds, std::size_t& samples) {
  using In = Input<Bits>;
  using Out = BigUInt<Bits>;
  constexpr std::size_t per_warp = 32 / G;  // elements a warp
  int sms = 0;
  CT_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const std::size_t n = static_cast<std::size_t>(sms) * 4 * block_threads / G;
  In* d_in = nullptr;
  Out* d_out = nullptr;
  long long* d_cycles = nullptr;
  CT_CUDA(cudaMalloc(&d_in, n * sizeof(In)));
  CT_CUDA(cudaMalloc(&d_out, n * sizeof(Out)));
  CT_CUDA(cudaMalloc(&d_cycles, n * sizeof(long long)));
  std::vector<In> in(n);
  std::vector<int> cls(n / per_warp);
  std::vector<long long> cycles(n);
  std::vector<double> times[2];
  for (int round = 0; round <= rounds; ++round) {  // round 0 warms up
    for (std::size_t w = 0; w < n / per_warp; ++w) {
      cls[w] = static_cast<int>(generator()() & 1u);
      for (std::size_t l = 0; l < per_warp; ++l) in[w * per_warp + l] = make(cls[w]);
    }
    CT_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(In), cudaMemcpyHostToDevice));
    launch(d_in, d_out, d_cycles, n);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaMemcpy(cycles.data(), d_cycles, n * sizeof(long long), cudaMemcpyDeviceToHost));
    if (round == 0) continue;
    for (std::size_t w = 0; w < n / per_warp; ++w) times[cls[w]].push_back(static_cast<double>(cycles[w * per_warp]));
  }
  CT_CUDA(cudaFree(d_in));
  CT_CUDA(cudaFree(d_out));
  CT_CUDA(cudaFree(d_cycles));
  samples = times[0].size() + times[1].size();
  return welch_t(times[0], times[1]);
}

/// measure() of a functor f run by one thread an element (the kernel `timed`).
template <std::size_t Bits, class F, class Make>
double measure_thread(const F& f, const Make& make, int rounds, std::size_t& samples) {
  const auto launch = [&](const Input<Bits>* in, BigUInt<Bits>* out, long long* cycles, std::size_t n) {
    timed<<<static_cast<unsigned>(n / block_threads), block_threads>>>(f, in, out, cycles, n);
  };
  return measure<Bits>(launch, make, rounds, samples);
}

/// measure() of LaneCtx<Bits, G>::pow, the context from the host's.
template <template <std::size_t, unsigned> class LaneCtx, unsigned G, std::size_t Bits, class HostCtx, class Make>
double measure_lane_pow(const HostCtx& host, const Make& make, int rounds, std::size_t& samples) {
  const auto launch = [&](const Input<Bits>* in, BigUInt<Bits>* out, long long* cycles, std::size_t n) {
    timed_lane_pow<LaneCtx, G, Bits><<<static_cast<unsigned>(n * G / block_threads), block_threads>>>(host, in, out,
                                                                                                      cycles, n);
  };
  return measure<Bits, G>(launch, make, rounds, samples);
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 20;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--rounds" && i + 1 < argc) rounds = std::max(1, std::atoi(argv[++i]));
  }
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::puts("ct-device-timing: no GPU");
    return 77;
  }
  cudaDeviceProp prop{};
  CT_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("ct-device-timing: %s, %d rounds a function\n", prop.name, rounds);
  constexpr double threshold = 10.0;
  int failed = 0;
  auto report = [&](const char* name, double t, std::size_t samples, bool leaky) {
    const bool flagged = t > threshold;
    std::printf("%-52s %9zu warps %10.2f  %s\n", name, samples, t,
                leaky ? (flagged ? "flagged, as a variable-time control must be"
                                 : "NOT flagged: the test cannot see a leak")
                      : (flagged ? "LEAKS: time depends on the input class" : "no leak seen"));
    failed += flagged != leaky;
  };
  std::size_t samples = 0;
  {
    BigUInt<256> m = random_uint<256>();
    m.set_bit(0);
    m.set_bit(255);
    const ct::Montgomery<256> c(m);
    const Montgomery<256> v(m);
    const BigUInt<256> x = c.to_montgomery(random_uint<256>());
    auto zero_or_random = [&](int cls) { return Input<256>{x, cls == 0 ? BigUInt<256>{} : random_uint<256>()}; };
    auto one_or_random = [&](int cls) { return Input<256>{x, cls == 0 ? BigUInt<256>{1u} : random_uint<256>()}; };
    auto operands = [&](int cls) {
      return Input<256>{cls == 0 ? BigUInt<256>{} : c.to_montgomery(random_uint<256>()),
                        cls == 0 ? BigUInt<256>{} : c.to_montgomery(random_uint<256>())};
    };
    double t = measure_thread<256>(CtPow<256>{c}, zero_or_random, rounds, samples);
    report("ct::Montgomery<256>::pow (exponent 0 / random)", t, samples, false);
    t = measure_thread<256>(CtMul<256>{c}, operands, rounds, samples);
    report("ct::Montgomery<256>::mul (0 / random)", t, samples, false);
    t = measure_thread<256>(VtPow<256>{v}, one_or_random, rounds, samples);
    report("Montgomery<256>::pow (variable-time control)", t, samples, true);
  }
  {
    BigUInt<256> p{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};
    const ct::Montgomery<256> c(p);
    auto one_or_random = [&](int cls) {
      return Input<256>{cls == 0 ? c.one() : c.to_montgomery(random_uint<256>()), BigUInt<256>{}};
    };
    const double t = measure_thread<256>(CtInverse<256>{c}, one_or_random, rounds, samples);
    report("ct::Montgomery<256>::inverse_prime (1 / random)", t, samples, false);
  }
  {
    BigUInt<1024> m = random_uint<1024>();
    m.set_bit(0);
    m.set_bit(1023);
    const ct::Montgomery<1024> c(m);
    const BigUInt<1024> x = c.to_montgomery(random_uint<1024>());
    auto zero_or_random = [&](int cls) { return Input<1024>{x, cls == 0 ? BigUInt<1024>{} : random_uint<1024>()}; };
    const double t = measure_thread<1024>(CtPow<1024>{c}, zero_or_random, std::max(1, rounds / 4), samples);
    report("ct::Montgomery<1024>::pow (exponent 0 / random)", t, samples, false);
  }
  {
    // A lane group of 4 an element at 2048 bits (ct::powm_n's form), and the variable-time lane-group form.
    BigUInt<2048> m = random_uint<2048>();
    m.set_bit(0);
    m.set_bit(2047);
    const ct::Montgomery<2048> c(m);
    const Montgomery<2048> v(m);
    const BigUInt<2048> x = c.to_montgomery(random_uint<2048>());
    auto zero_or_random = [&](int cls) { return Input<2048>{x, cls == 0 ? BigUInt<2048>{} : random_uint<2048>()}; };
    auto one_or_random = [&](int cls) { return Input<2048>{x, cls == 0 ? BigUInt<2048>{1u} : random_uint<2048>()}; };
    const int lane_rounds = std::max(1, rounds / 4);
    double t = measure_lane_pow<warp::ct::Montgomery, 4, 2048>(c, zero_or_random, lane_rounds, samples);
    report("warp::ct::Montgomery<2048, 4>::pow (exponent 0 / random)", t, samples, false);
    t = measure_lane_pow<warp::Montgomery, 4, 2048>(v, one_or_random, lane_rounds, samples);
    report("warp::Montgomery<2048, 4>::pow (variable-time control)", t, samples, true);
  }
  return failed == 0 ? 0 : 1;
}

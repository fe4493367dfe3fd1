// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/device_timing.cu: dudect's statistical timing test (tests/constant_time/timing.cpp) of the
// constant-time functions on the GPU. Each warp takes one input class, chosen at random (a fixed input: zero or
// one; or random inputs), since a warp's lanes run in step and a lane's time is its warp's; each thread times its
// call with clock64 and stores the cycles and the result. The slowest tenth of each class is dropped, then Welch's
// t of the two classes' means: |t| > 10 fails. The variable-time powm runs as a control and must be flagged.
//   ct-device-timing [--rounds N]   (N launches a function, default 20; exit 77 where there is no GPU)
#include "constant_time/random_values.hpp"
#include "constant_time/welch_t.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>

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

/// Runs f over `rounds` launches of warps of random classes (make(cls) gives an input of the class); returns |t|.
template <std::size_t Bits, class F, class Make>
double measure(const F& f, const Make& make, int rounds, std::size_t& samples) {
  using In = Input<Bits>;
  using Out = BigUInt<Bits>;
  int sms = 0;
  CT_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const std::size_t n = static_cast<std::size_t>(sms) * 4 * block_threads;
  In* d_in = nullptr;
  Out* d_out = nullptr;
  long long* d_cycles = nullptr;
  CT_CUDA(cudaMalloc(&d_in, n * sizeof(In)));
  CT_CUDA(cudaMalloc(&d_out, n * sizeof(Out)));
  CT_CUDA(cudaMalloc(&d_cycles, n * sizeof(long long)));
  std::vector<In> in(n);
  std::vector<int> cls(n / 32);
  std::vector<long long> cycles(n);
  std::vector<double> times[2];
  for (int round = 0; round <= rounds; ++round) {  // round 0 warms up
    for (std::size_t w = 0; w < n / 32; ++w) {
      cls[w] = static_cast<int>(generator()() & 1u);
      for (int l = 0; l < 32; ++l) in[w * 32 + l] = make(cls[w]);
    }
    CT_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(In), cudaMemcpyHostToDevice));
    timed<<<static_cast<unsigned>(n / block_threads), block_threads>>>(f, d_in, d_out, d_cycles, n);
    CT_CUDA(cudaGetLastError());
    CT_CUDA(cudaMemcpy(cycles.data(), d_cycles, n * sizeof(long long), cudaMemcpyDeviceToHost));
    if (round == 0) continue;
    for (std::size_t w = 0; w < n / 32; ++w) times[cls[w]].push_back(static_cast<double>(cycles[w * 32]));
  }
  CT_CUDA(cudaFree(d_in));
  CT_CUDA(cudaFree(d_out));
  CT_CUDA(cudaFree(d_cycles));
  samples = times[0].size() + times[1].size();
  return welch_t(times[0], times[1]);
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
    double t = measure<256>(CtPow<256>{c}, zero_or_random, rounds, samples);
    report("ct::Montgomery<256>::pow (exponent 0 / random)", t, samples, false);
    t = measure<256>(CtMul<256>{c}, operands, rounds, samples);
    report("ct::Montgomery<256>::mul (0 / random)", t, samples, false);
    t = measure<256>(VtPow<256>{v}, one_or_random, rounds, samples);
    report("Montgomery<256>::pow (variable-time control)", t, samples, true);
  }
  {
    BigUInt<256> p{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};
    const ct::Montgomery<256> c(p);
    auto one_or_random = [&](int cls) {
      return Input<256>{cls == 0 ? c.one() : c.to_montgomery(random_uint<256>()), BigUInt<256>{}};
    };
    const double t = measure<256>(CtInverse<256>{c}, one_or_random, rounds, samples);
    report("ct::Montgomery<256>::inverse_prime (1 / random)", t, samples, false);
  }
  {
    BigUInt<1024> m = random_uint<1024>();
    m.set_bit(0);
    m.set_bit(1023);
    const ct::Montgomery<1024> c(m);
    const BigUInt<1024> x = c.to_montgomery(random_uint<1024>());
    auto zero_or_random = [&](int cls) { return Input<1024>{x, cls == 0 ? BigUInt<1024>{} : random_uint<1024>()}; };
    const double t = measure<1024>(CtPow<1024>{c}, zero_or_random, std::max(1, rounds / 4), samples);
    report("ct::Montgomery<1024>::pow (exponent 0 / random)", t, samples, false);
  }
  return failed == 0 ? 0 : 1;
}

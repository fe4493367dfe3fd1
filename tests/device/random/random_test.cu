// SPDX-License-Identifier: Apache-2.0
// tests/device/random/random_test.cu: <warpnum/random.hpp> in kernels. Each thread builds Philox4x32(seed, thread)
// and draws raw numbers, random<T> of 96, 256 and 1024 bits, random_below and random_below_checked (bounds of every
// shape, zero among them), uniform_int_distribution (ranges of every shape, a > b among them, and a param_type),
// then discard; the results must equal the host's bit for bit (kernel_check.hpp), where the host throws the device's
// documented result stands in (docs/errors.md: 0 for an empty bound). The fixed-value cases of
// tests/cases/random_checks.hpp (known answers, discard, pinned draws) run in a kernel, and Philox4x32 is
// compared with cuRAND's own device generator (curand_init(seed, thread, offset) and curand). Skips without a GPU.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "cases/random_checks.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/random.hpp>
#include <warpnum/status.hpp>

#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

namespace warpnum::test {
namespace {

/// One thread's inputs: its generator's seed and stream, a bound, a range [a, b] (a > b in some) and a jump.
struct Input {
  BigUInt<256> bound;
  BigInt<256> a;
  BigInt<256> b;
  std::uint64_t seed;
  std::uint64_t stream;
  std::uint64_t skip;
  std::uint64_t pad;
  friend std::ostream& operator<<(std::ostream& os, const Input& in) {
    return os << "seed 0x" << std::hex << in.seed << " stream 0x" << in.stream << " skip 0x" << in.skip << std::dec
              << ", bound " << to_string(in.bound, 16) << ", [a, b] = [" << to_string(in.a, 16) << ", "
              << to_string(in.b, 16) << "]";
  }
};

/// One thread's draws, in the order drawn.
struct Draws {
  BigUInt<256> uniform;
  BigUInt<1024> wide;
  BigUInt<256> below;
  BigUInt<256> below_checked;
  BigInt<256> dist;
  BigInt<256> dist_param;
  BigInt<96> uniform_signed;
  std::uint32_t raw[6];
  std::uint32_t after_discard;
  std::uint32_t below_status;
  std::uint32_t dist_status;
};

struct DrawOp {
  WARPNUM_HD Draws operator()(const Input& in) const {
    using D = uniform_int_distribution<BigInt<256>>;
    Draws r{};
    Philox4x32 g(in.seed, in.stream);
    for (std::uint32_t& w : r.raw) w = g();
    r.uniform = random<BigUInt<256>>(g);
    r.uniform_signed = random<BigInt<96>>(g);
    r.wide = random<BigUInt<1024>>(g);
    r.below = or_documented([&] { return random_below(g, in.bound); }, BigUInt<256>{});  // bound 0: 0, nothing drawn
    const ModResult<BigUInt<256>> checked = random_below_checked(g, in.bound);
    r.below_checked = checked.value;
    r.below_status = static_cast<std::uint32_t>(checked.status);
    const D d = D::checked(in.a, in.b);
    r.dist = d(g);
    r.dist_status = static_cast<std::uint32_t>(d.status());
    r.dist_param = D()(g, D::param_type::checked(in.b, in.a));
    g.discard(in.skip);
    r.after_discard = g();
    return r;
  }
};

class RandomDevice : public DeviceTest {};

TEST_F(RandomDevice, DrawsMatchHost) {
  const std::uint64_t seed = mix_seed(base_seed() ^ 0x7261'6e64'6f6d'0001ull);
  Rng rng(seed);
  std::vector<Input> in(1024);
  for (std::size_t i = 0; i < in.size(); ++i) {
    Input& x = in[i];
    x.seed = rng.chance(1, 8) ? 0 : rng.next();
    x.stream = i;  // one stream a thread, as in a user's kernel
    x.bound = rng.chance(1, 16) ? BigUInt<256>{} : random_value<BigUInt<256>>(rng);
    x.a = random_value<BigInt<256>>(rng);
    x.b = rng.chance(1, 8) ? x.a : random_value<BigInt<256>>(rng);
    x.skip = rng.chance(1, 2) ? rng.below(9) : rng.next();
    x.pad = 0;
  }
  const std::vector<Draws> out = expect_device_matches_host(DrawOp{}, in, seed);
  // What the documentation promises the device for the empty ranges, on the device's own results.
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i].bound.is_zero()) {
      EXPECT_EQ(out[i].below, BigUInt<256>{}) << in[i];
      EXPECT_EQ(out[i].below_status, static_cast<std::uint32_t>(Status::invalid_argument)) << in[i];
    } else {
      EXPECT_TRUE(out[i].below < in[i].bound && out[i].below_checked < in[i].bound) << in[i];
    }
    if (in[i].b < in[i].a) {
      EXPECT_EQ(out[i].dist, in[i].a) << in[i];
      EXPECT_EQ(out[i].dist_status, static_cast<std::uint32_t>(Status::invalid_argument)) << in[i];
    } else {
      EXPECT_TRUE(in[i].a <= out[i].dist && out[i].dist <= in[i].b) << in[i];
    }
  }
}

/// The constexpr cases (static_asserted by tests/host/random/random_test.cpp), run in a kernel.
struct CasesOp {
  WARPNUM_HD std::uint32_t operator()(const std::uint32_t&) const {
    return (philox_known_answers() ? 1u : 0u) | (philox_discard() ? 2u : 0u) | (pinned_draws() ? 4u : 0u);
  }
};

TEST_F(RandomDevice, FixedValueCases) {
  const std::vector<std::uint32_t> out = expect_device_matches_host(CasesOp{}, std::vector<std::uint32_t>(32, 0u), 0);
  for (std::uint32_t v : out) EXPECT_EQ(v, 7u) << "bit 1: known answers, 2: discard, 4: pinned draws";
}

/// Per thread t: cuRAND's curand_init(seed, t, offset(t)) and Philox4x32(seed, t) with discard(offset(t)), `count`
/// numbers each.
__global__ void philox_and_curand(std::uint64_t seed, std::uint32_t* ours, std::uint32_t* theirs, int count,
                                  unsigned threads) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  const unsigned long long offset = (t % 3 == 0) ? 0ull : 0x9e3779b97f4a7c15ull * t;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, t, offset, &state);
  Philox4x32 g(seed, t);
  g.discard(offset);
  for (int i = 0; i < count; ++i) {
    ours[static_cast<std::size_t>(t) * count + i] = g();
    theirs[static_cast<std::size_t>(t) * count + i] = curand(&state);
  }
}

TEST_F(RandomDevice, MatchesCurandDeviceGenerator) {
  constexpr unsigned threads = 4096;
  constexpr int count = 37;
  DeviceArray<std::uint32_t> ours(threads * count);
  DeviceArray<std::uint32_t> theirs(threads * count);
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{20111115}, mix_seed(base_seed())}) {
    philox_and_curand<<<threads / 128, 128>>>(seed, ours.get(), theirs.get(), count, threads);
    WARPNUM_TEST_CUDA(cudaGetLastError());
    WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
    std::vector<std::uint32_t> a(threads * count);
    std::vector<std::uint32_t> b(threads * count);
    WARPNUM_TEST_CUDA(cudaMemcpy(a.data(), ours.get(), ours.bytes(), cudaMemcpyDeviceToHost));
    WARPNUM_TEST_CUDA(cudaMemcpy(b.data(), theirs.get(), theirs.bytes(), cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i], b[i]) << "seed " << seed << " thread " << i / count << " number " << i % count;
    }
    // And the host's generator gives the device's numbers.
    for (unsigned t = 0; t < threads; t += 97) {
      Philox4x32 g(seed, t);
      g.discard((t % 3 == 0) ? 0ull : 0x9e3779b97f4a7c15ull * t);
      for (int i = 0; i < count; ++i) ASSERT_EQ(g(), a[static_cast<std::size_t>(t) * count + i]) << "seed " << seed << " thread " << t;
    }
  }
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/carry_resolve_test.cu: the lane-group addition and subtraction of warp/carry_resolve.hpp (over the
// carry look-ahead of huge/carry.hpp).
// add_with_carry and sub_with_borrow (and through them resolve_carries) on BigUInt<Bits> held by groups of G = 2,
// 4, 8, 16 and 32 lanes, at 256 to 4096 bits, against the host's a + b and a - b. Every lane's carry or borrow out
// must equal the host's. The operands: carry runs across lanes (all ones + 1, a block of all-ones lanes, the same
// block with one zero bit, 0 - 1, a borrow through a block of zero lanes, equal operands), the shared edge values,
// lane blocks mixed to generate or propagate, and random values. carry_lookahead runs in a kernel against a ripple
// loop on every (generate, propagate) pair of 10 lanes and on random pairs of 32 lanes. The host cannot call it,
// so a host model of its formula is checked against the loop instead, by static_assert and in a host test.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/warp/carry_resolve.hpp>

#include <gtest/gtest.h>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

namespace cg = cooperative_groups;

/// This test's seed, from WARPNUM_TEST_SEED (base_seed) and the test's name. seed_for mixes WARPNUM_TEST_SEED in as
/// well, so it is mixed once more before the two meet: base_seed() ^ seed_for(what) would cancel it out.
std::uint64_t test_seed(const std::string& what) { return mix_seed(base_seed() ^ mix_seed(seed_for(what))); }

/// The oracle: bit t is the carry into lane t, rippled lane by lane (a lane passes on g_t | (p_t & carry)).
constexpr std::uint64_t ripple_carries(std::uint64_t g, std::uint64_t p) {
  std::uint64_t carries = 0;
  std::uint64_t c = 0;
  for (int t = 0; t < 64; ++t) {
    carries |= c << t;
    c = ((g >> t) & 1u) | ((p >> t) & c);
  }
  return carries;
}

/// carry_lookahead's formula as its documentation gives it (the carries of (g | p) + g), for the host.
constexpr std::uint64_t lookahead_model(std::uint64_t g, std::uint64_t p) { return ((g | p) + g) ^ (g | p) ^ g; }

/// Every (generate, propagate) pair of `lanes` lanes, no lane doing both (3^lanes pairs); calls f(g, p).
template <class F> constexpr void for_each_lane_pair(int lanes, F&& f) {
  std::uint64_t states = 1;
  for (int t = 0; t < lanes; ++t) states *= 3;
  for (std::uint64_t s = 0; s < states; ++s) {
    std::uint64_t g = 0;
    std::uint64_t p = 0;
    for (std::uint64_t x = s, t = 0; t < static_cast<std::uint64_t>(lanes); ++t, x /= 3) {
      g |= std::uint64_t{x % 3 == 1} << t;
      p |= std::uint64_t{x % 3 == 2} << t;
    }
    f(g, p);
  }
}

constexpr bool model_matches_ripple(int lanes) {
  bool ok = true;
  for_each_lane_pair(lanes, [&](std::uint64_t g, std::uint64_t p) {
    ok = ok && lookahead_model(g, p) == ripple_carries(g, p);
  });
  return ok;
}
static_assert(model_matches_ripple(6));

struct LanePair {
  std::uint64_t g;
  std::uint64_t p;
};
std::ostream& operator<<(std::ostream& os, const LanePair& x) {
  return os << std::hex << "generate 0x" << x.g << ", propagate 0x" << x.p << std::dec;
}

/// Exhaustive pairs of 10 lanes (every G <= 8), then 32-lane pairs: a carry through all 32 lanes and out, and
/// random ones, propagating runs from the shared generator's shapes and generating lanes outside them.
std::vector<LanePair> lane_pairs(std::uint64_t seed) {
  std::vector<LanePair> v;
  for_each_lane_pair(10, [&](std::uint64_t g, std::uint64_t p) { v.push_back({g, p}); });
  v.push_back({1, 0xfffffffeu});
  v.push_back({0, 0xffffffffu});
  v.push_back({0x80000000u, 0x7fffffffu});
  Rng rng(seed);
  for (int i = 0; i < 20000; ++i) {
    std::uint32_t p = 0;
    random_words(rng, &p, 1);
    const std::uint32_t g = (rng.chance(1, 2) ? rng.u32() : rng.u32() & rng.u32() & rng.u32()) & ~p;
    v.push_back({g, p});
  }
  return v;
}

TEST(CarryLookaheadModel, Host) {
  for_each_lane_pair(12, [](std::uint64_t g, std::uint64_t p) {
    if (lookahead_model(g, p) != ripple_carries(g, p)) ADD_FAILURE() << LanePair{g, p};
  });
  for (const LanePair& x : lane_pairs(test_seed("carry_lookahead host")))
    EXPECT_EQ(lookahead_model(x.g, x.p), ripple_carries(x.g, x.p)) << x;
}

struct Lookahead {
  __device__ std::uint64_t operator()(const LanePair& x) const { return warp::carry_lookahead(x.g, x.p); }
};

class LaneGroupCarry : public DeviceTest {};

TEST_F(LaneGroupCarry, Lookahead) {
  const std::uint64_t seed = test_seed("carry_lookahead");
  const std::vector<LanePair> in = lane_pairs(seed);
  const std::vector<std::uint64_t> out = run_on_device(Lookahead{}, in);
  int failures = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::uint64_t want = ripple_carries(in[i].g, in[i].p);
    if (out[i] == want || ++failures > 5) continue;
    ADD_FAILURE() << "carry_lookahead(" << in[i] << ") = 0x" << std::hex << out[i] << ", the ripple loop 0x" << want
                  << " (seed 0x" << seed << ", WARPNUM_TEST_SEED=0x" << base_seed() << std::dec << ")";
  }
  EXPECT_EQ(failures, 0) << "wrong carries out of " << in.size() << " pairs";
}

/// What a group computes from a and b: a + b, a - b and each lane's carry and borrow out.
template <std::size_t Bits, unsigned G> struct Sums {
  BigUInt<Bits> sum;
  BigUInt<Bits> diff;
  std::uint32_t carry[G];
  std::uint32_t borrow[G];
};

/// One instance per G lanes.
template <std::size_t Bits, unsigned G>
__global__ void add_sub_kernel(const BigUInt<Bits>* a, const BigUInt<Bits>* b, Sums<Bits, G>* out, std::size_t n) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;  // whole tiles leave together
  auto sum = warp::load(tile, a[i]);
  auto diff = sum;
  const auto y = warp::load(tile, b[i]);
  const std::uint32_t carry = warp::add_with_carry(tile, sum, y);
  const std::uint32_t borrow = warp::sub_with_borrow(tile, diff, y);
  warp::store(tile, out[i].sum, sum);
  warp::store(tile, out[i].diff, diff);
  out[i].carry[tile.thread_rank()] = carry;
  out[i].borrow[tile.thread_rank()] = borrow;
}

/// Operand pairs whose carries and borrows run across lane blocks of K limbs (lane r holds limbs [rK, rK + K)).
template <std::size_t Bits, unsigned G>
void lane_edges(std::vector<BigUInt<Bits>>& a, std::vector<BigUInt<Bits>>& b, Rng& rng) {
  using T = BigUInt<Bits>;
  constexpr int K = warp::Slice<Bits, G>::limbs;
  const T ones = ~T{};
  const auto lane_bit = [](unsigned r) { return r < G ? T{1u} << (32 * K * r) : T{}; };  // the low bit of lane r
  const auto pair = [&](const T& x, const T& y) {
    a.push_back(x);
    b.push_back(y);
  };
  pair(ones, T{1u});  // a carry from lane 0 through every lane and out
  pair(ones, ones);
  pair(T{}, T{1u});   // a borrow through every lane and out
  pair(T{}, ones);
  for (unsigned lo = 0; lo < G; ++lo) {
    for (unsigned hi = lo + 1; hi <= G; ++hi) {
      T block{};  // lanes [lo, hi) all ones
      for (int l = static_cast<int>(lo) * K; l < static_cast<int>(hi) * K; ++l) block.data()[l] = ~0u;
      pair(block, lane_bit(lo));         // lane lo generates, lanes lo + 1 .. hi - 1 propagate into lane hi
      pair(lane_bit(hi), lane_bit(lo));  // lane lo borrows, the zero lanes above it pass the borrow on to hi
      if (hi - lo >= 2) {                // one zero bit in the top limb of a middle lane stops the carry there
        T holed = block;
        holed.data()[((lo + hi) / 2) * K + K - 1] ^= 1u << rng.below(32);
        pair(holed, lane_bit(lo));
      }
    }
  }
  // Lane blocks mixed: b's block the complement of a's (the lane propagates), that plus one at its bottom (it
  // generates), a's own block (a - b: zero, the borrow propagates), zero, or random.
  for (int i = 0; i < 1024; ++i) {
    const T x = random_value<T>(rng);
    T y{};
    for (unsigned r = 0; r < G; ++r) {
      const std::uint64_t kind = rng.below(5);
      for (int k = 0; k < K; ++k) {
        const std::uint32_t xl = x.limb(static_cast<int>(r) * K + k);
        const std::uint32_t kinds[5] = {~xl, ~xl + (k == 0 ? 1u : 0u), xl, 0u, rng.u32()};
        y.data()[r * K + k] = kinds[kind];
      }
      if (kind == 1 && K > 1) {  // ~x + 1 within the block: propagate the +1's carry up the block's limbs
        for (int k = 0; k + 1 < K && y.data()[r * K + k] == 0; ++k) y.data()[r * K + k + 1] += 1u;
      }
    }
    pair(x, y);
  }
  for (const T& x : {ones, T{}, T{1u}, lane_bit(G / 2), random_value<T>(rng)}) pair(x, x);  // equal operands
}

template <std::size_t Bits, unsigned G> void check_group() {
  using T = BigUInt<Bits>;
  const std::string what = "add_with_carry/sub_with_borrow " + std::to_string(Bits) + " G=" + std::to_string(G);
  const std::uint64_t seed = test_seed(what);
  Rng rng(seed);
  std::vector<T> a;
  std::vector<T> b;
  lane_edges<Bits, G>(a, b, rng);
  const std::vector<T> edges = edge_values<T>();
  for (const T& x : edges) {
    for (const T& y : edges) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  for (int i = 0; i < 1024; ++i) {
    a.push_back(random_value<T>(rng));
    b.push_back(random_value<T>(rng));
  }
  const std::size_t n = a.size();
  DeviceArray<T> d_a(n);
  DeviceArray<T> d_b(n);
  DeviceArray<Sums<Bits, G>> d_out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_a.get(), a.data(), d_a.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_b.get(), b.data(), d_b.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  add_sub_kernel<Bits, G><<<static_cast<unsigned>((n * G + threads - 1) / threads), threads>>>(d_a.get(), d_b.get(),
                                                                                               d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<Sums<Bits, G>> out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i) {
    Sums<Bits, G> want{a[i] + b[i], a[i] - b[i], {}, {}};
    for (unsigned r = 0; r < G; ++r) {
      want.carry[r] = want.sum < a[i] ? 1u : 0u;
      want.borrow[r] = a[i] < b[i] ? 1u : 0u;
    }
    if (std::memcmp(&want, &out[i], sizeof(want)) == 0) continue;
    if (++mismatches > 5) continue;
    ADD_FAILURE() << what << ": pair " << i << " differs from the host's a + b, a - b, carry and borrow (seed 0x"
                  << std::hex << seed << ", WARPNUM_TEST_SEED=0x" << base_seed() << std::dec << ")\n    a = " << a[i]
                  << "\n    b = " << b[i] << word_diff(want, out[i]);
  }
  EXPECT_EQ(mismatches, 0u) << what << ": mismatches out of " << n << " pairs";
}

template <std::size_t Bits> void check_groups() {  // every G of 2 to 32 lanes with whole limbs a lane
  check_group<Bits, 2>();
  check_group<Bits, 4>();
  check_group<Bits, 8>();
  if constexpr (Bits % (32 * 16) == 0) check_group<Bits, 16>();
  if constexpr (Bits % (32 * 32) == 0) check_group<Bits, 32>();
}

TEST_F(LaneGroupCarry, Bits256) { check_groups<256>(); }
TEST_F(LaneGroupCarry, Bits1024) { check_groups<1024>(); }
TEST_F(LaneGroupCarry, Bits2048) { check_groups<2048>(); }
TEST_F(LaneGroupCarry, Bits4096) { check_groups<4096>(); }

}  // namespace
}  // namespace warpnum::test

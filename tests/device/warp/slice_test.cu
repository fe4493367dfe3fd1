// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/slice_test.cu: warp/slice.hpp's Slice, load, store, WideSlices and Tile. The layouts are
// checked by static_assert. In kernels, for groups of G = 1 to 32 lanes (the Tile alias) at 96 to 4096 bits, and
// once for a signed type: lane r's slice from load must hold limbs [rK, rK + K) of the number, least significant
// first; store(load(x)) must give x back; slices filled by lane and position must land at limb rK + k; a store
// by one lane alone must write its K limbs and nothing else; a WideSlices must keep its two halves. The numbers
// are the shared edge values and random ones.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/warp/slice.hpp>

#include <gtest/gtest.h>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::test {
namespace {

namespace cg = cooperative_groups;

/// This test's seed, from WARPNUM_TEST_SEED (base_seed) and the test's name. seed_for mixes WARPNUM_TEST_SEED in as
/// well, so it is mixed once more before the two meet: base_seed() ^ seed_for(what) would cancel it out.
std::uint64_t test_seed(const std::string& what) { return mix_seed(base_seed() ^ mix_seed(seed_for(what))); }

template <std::size_t Bits, unsigned G> constexpr bool layout_ok() {
  using S = warp::Slice<Bits, G>;
  using W = warp::WideSlices<Bits, G>;
  return S::limbs == static_cast<int>(Bits / 32 / G) && sizeof(S) == 4 * Bits / 32 / G &&
         std::is_trivially_copyable_v<S> && std::is_standard_layout_v<S> && sizeof(W) == 2 * sizeof(S) &&
         offsetof(W, lo) == 0 && offsetof(W, hi) == sizeof(S) && std::is_trivially_copyable_v<W> &&
         std::is_same_v<warp::Tile<G>, cg::thread_block_tile<G>>;
}
static_assert(layout_ok<32, 1>() && layout_ok<96, 1>() && layout_ok<256, 8>() && layout_ok<1024, 32>() &&
              layout_ok<4096, 2>() && layout_ok<65536, 32>());

/// The value a test slice holds at lane r, position k of instance i: distinct for every (r, k).
__host__ __device__ constexpr std::uint32_t pattern(std::size_t i, unsigned r, int k) {
  return static_cast<std::uint32_t>(i * 0x9e3779b1u) ^ (r << 16) ^ static_cast<std::uint32_t>(k) ^ 0x5a000000u;
}

/// What one group writes for its number x.
template <std::size_t Bits, bool Signed> struct SliceOut {
  using T = BasicInt<Bits, Signed>;
  std::uint32_t held[Bits / 32];  // limb k of lane r's load(x), at r K + k
  T round_trip;                   // store(load(x))
  T pattern;                      // store of slices holding pattern(i, r, k)
  T lone;                         // store(load(x)) by lane i % G alone
  T wide_lo;                      // a WideSlices {load(x), ~load(x)}, stored half by half
  T wide_hi;
};

/// One instance per G lanes, the tile taken as a warp::Tile<G>.
template <std::size_t Bits, unsigned G, bool Signed>
__global__ void slice_kernel(const BasicInt<Bits, Signed>* x, SliceOut<Bits, Signed>* out, std::size_t n) {
  constexpr int K = warp::Slice<Bits, G>::limbs;
  const warp::Tile<G> tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;  // whole tiles leave together
  const unsigned r = tile.thread_rank();
  const warp::Slice<Bits, G> s = warp::load(tile, x[i]);
  for (int k = 0; k < K; ++k) out[i].held[r * K + k] = s.limb[k];
  warp::store(tile, out[i].round_trip, s);
  warp::Slice<Bits, G> p;
  for (int k = 0; k < K; ++k) p.limb[k] = pattern(i, r, k);
  warp::store(tile, out[i].pattern, p);
  if (r == i % G) warp::store(tile, out[i].lone, s);
  warp::WideSlices<Bits, G> w{s, s};
  for (int k = 0; k < K; ++k) w.hi.limb[k] = ~w.hi.limb[k];
  const warp::WideSlices<Bits, G> v = w;
  warp::store(tile, out[i].wide_lo, v.lo);
  warp::store(tile, out[i].wide_hi, v.hi);
}

/// Expects got == want word by word, naming the first differing words.
template <class V>
::testing::AssertionResult same_words(const char* field, const V& want, const V& got) {
  if (std::memcmp(&want, &got, sizeof(V)) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << field << " differs" << word_diff(want, got, 4);
}

template <std::size_t Bits, unsigned G, bool Signed = false> void check_slices() {
  using T = BasicInt<Bits, Signed>;
  using Out = SliceOut<Bits, Signed>;
  constexpr int K = warp::Slice<Bits, G>::limbs;
  const std::string what = std::string("slice load/store ") + (Signed ? "signed " : "") + std::to_string(Bits) +
                           " G=" + std::to_string(G);
  const std::uint64_t seed = test_seed(what);
  Rng rng(seed);
  std::vector<T> x = edge_values<T>();
  for (int i = 0; i < 512; ++i) x.push_back(random_value<T>(rng));
  const std::size_t n = x.size();
  constexpr std::size_t guard = 2;  // instances past the end: nothing may be written there
  DeviceArray<T> d_x(n);
  DeviceArray<Out> d_out(n + guard);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_x.get(), x.data(), d_x.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  slice_kernel<Bits, G, Signed><<<static_cast<unsigned>((n * G + threads - 1) / threads), threads>>>(d_x.get(),
                                                                                                    d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<Out> out(n + guard);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));
  Out poison;
  std::memset(&poison, 0xa5, sizeof(Out));
  int failures = 0;
  for (std::size_t i = 0; i < n + guard; ++i) {
    Out want = poison;
    if (i < n) {
      for (unsigned r = 0; r < G; ++r) {
        for (int k = 0; k < K; ++k) {
          const int l = static_cast<int>(r) * K + k;
          want.held[l] = x[i].limb(l);
          want.pattern.data()[l] = pattern(i, r, k);
          if (r == i % G) want.lone.data()[l] = x[i].limb(l);
        }
      }
      want.round_trip = x[i];
      want.wide_lo = x[i];
      want.wide_hi = ~x[i];
    }
    for (const ::testing::AssertionResult& r :
         {same_words("held (lane r's limb k at rK + k)", want.held, out[i].held),
          same_words("round trip", want.round_trip, out[i].round_trip),
          same_words("pattern", want.pattern, out[i].pattern), same_words("lone lane's store", want.lone, out[i].lone),
          same_words("WideSlices lo", want.wide_lo, out[i].wide_lo),
          same_words("WideSlices hi", want.wide_hi, out[i].wide_hi)}) {
      if (r || ++failures > 5) continue;
      ADD_FAILURE() << what << (i < n ? ": number " : ": past the end, instance ") << i << ": " << r.message()
                    << "\n    (seed 0x" << std::hex << seed << ", WARPNUM_TEST_SEED=0x" << base_seed() << std::dec
                    << ")";
    }
  }
  EXPECT_EQ(failures, 0) << what << ": failed checks over " << n << " numbers";
}

class WarpSlice : public DeviceTest {};

TEST_F(WarpSlice, Bits96) { check_slices<96, 1>(); }
TEST_F(WarpSlice, Bits256) {
  check_slices<256, 1>();
  check_slices<256, 2>();
  check_slices<256, 4>();
  check_slices<256, 8>();
}
TEST_F(WarpSlice, Bits1024) {
  check_slices<1024, 1>();
  check_slices<1024, 2>();
  check_slices<1024, 4>();
  check_slices<1024, 8>();
  check_slices<1024, 16>();
  check_slices<1024, 32>();
}
TEST_F(WarpSlice, Bits4096) {
  check_slices<4096, 2>();
  check_slices<4096, 32>();
}
TEST_F(WarpSlice, Signed512) { check_slices<512, 4, true>(); }

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/stage_test.cu: warp::Stage moves whole tiles of 32 numbers between device and shared memory
// (stage_async, read_staged, write_staged, unstage). Each warp stages a[] and b[], lane l multiplies its own pair
// and writes the product back through a stage; the results must equal the host's products, for counts that
// leave a partial last tile, with the grid walking several tiles a warp, and nothing past the end may be written.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/warp/stage.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

constexpr unsigned threads = 64;  // two warps a block

/// c[i] = a[i] * b[i] through stages, each warp of the grid taking the tiles t, t + warps, ...
template <std::size_t Bits>
__global__ void staged_mul(const BigUInt<Bits>* a, const BigUInt<Bits>* b, BigUInt<Bits>* c, std::size_t n) {
  using T = BigUInt<Bits>;
  __shared__ warp::Stage<T> stages[threads / 32][3];
  const unsigned lane = threadIdx.x % 32;
  auto& s = stages[threadIdx.x / 32];
  const std::size_t tiles = (n + 31) / 32;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * (threads / 32);
  for (std::size_t t = blockIdx.x * (threads / 32) + threadIdx.x / 32; t < tiles; t += stride) {
    const auto count = static_cast<unsigned>(n - 32 * t < 32 ? n - 32 * t : 32);
    warp::stage_async(s[0], a + 32 * t, count, lane);
    warp::stage_async(s[1], b + 32 * t, count, lane);
    warp::wait_staged();
    const T x = warp::read_staged(s[0], lane);
    const T y = warp::read_staged(s[1], lane);
    warp::write_staged(s[2], lane, x * y);
    warp::unstage(c + 32 * t, s[2], count, lane);
    __syncwarp();  // this tile's stages are read before the next tile lands in them
  }
}

template <std::size_t Bits> void check_stage(std::size_t n, unsigned blocks) {
  using T = BigUInt<Bits>;
  const std::string what = "stage " + std::to_string(Bits) + " n=" + std::to_string(n);
  const std::uint64_t seed = mix_seed(base_seed() ^ mix_seed(seed_for(what)));  // both mix in WARPNUM_TEST_SEED
  Rng rng(seed);
  std::vector<T> a(n);
  std::vector<T> b(n);
  const std::vector<T> edges = edge_values<T>();
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = i < edges.size() ? edges[i] : random_value<T>(rng);
    b[i] = random_value<T>(rng);
  }
  constexpr std::size_t guard = 40;  // results past the end must stay as poisoned
  DeviceArray<T> d_a(n);
  DeviceArray<T> d_b(n);
  DeviceArray<T> d_c(n + guard);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_a.get(), a.data(), d_a.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_b.get(), b.data(), d_b.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_c.get(), 0xa5, d_c.bytes()));
  staged_mul<Bits><<<blocks, threads>>>(d_a.get(), d_b.get(), d_c.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<T> c(n + guard);
  WARPNUM_TEST_CUDA(cudaMemcpy(c.data(), d_c.get(), d_c.bytes(), cudaMemcpyDeviceToHost));
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const T want = a[i] * b[i];
    if (std::memcmp(&want, &c[i], sizeof(T)) == 0) continue;
    if (++mismatches > 5) continue;
    ADD_FAILURE() << what << ": product " << i << " differs (seed 0x" << std::hex << seed << std::dec << ")"
                  << word_diff(want, c[i]);
  }
  EXPECT_EQ(mismatches, 0u) << what;
  T poison;
  std::memset(&poison, 0xa5, sizeof(T));
  for (std::size_t i = n; i < n + guard; ++i) {
    EXPECT_EQ(std::memcmp(&poison, &c[i], sizeof(T)), 0) << what << ": wrote past the end, at " << i;
  }
}

template <std::size_t Bits> void check_counts() {
  // One partial tile, exactly one tile, a tile and a bit, and enough tiles that each warp takes several.
  for (const std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{32}, std::size_t{33}, std::size_t{1000}}) {
    check_stage<Bits>(n, 3);
  }
}

class WarpStage : public DeviceTest {};

TEST_F(WarpStage, Bits128) { check_counts<128>(); }
TEST_F(WarpStage, Bits256) { check_counts<256>(); }
TEST_F(WarpStage, Bits512) { check_counts<512>(); }
TEST_F(WarpStage, Bits1024) { check_counts<1024>(); }
TEST_F(WarpStage, Bits2048) { check_counts<2048>(); }

}  // namespace
}  // namespace warpnum::test

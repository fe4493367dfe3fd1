// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/mul_test.cu: the lane-group multiplies (warp/mul.hpp, warp/sum_rotate_mul.hpp,
// warp/paired_column_mul.hpp), warp::sum_rotate_mul (shuffles and shared memory),
// sum_rotate_mul_wide, warp::paired_column_mul (block products by rows and by a Karatsuba step) and the warp::mul
// front, at lane-group sizes that fit (at most 32 limbs a lane) from 256 to 32768 bits, against the host's product
// of the same operands: random ones and carry-heavy edge values (all ones, powers of two and their neighbours, max,
// ...).
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/warp/mul.hpp>
#include <warpnum/warp/paired_column_mul.hpp>
#include <warpnum/warp/sum_rotate_mul.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

namespace cg = cooperative_groups;

template <std::size_t Bits> struct Products {
  BigUInt<Bits> low;        // sum_rotate_mul
  BigUInt<Bits> paired;     // paired_column_mul (G >= 2), else the low product again
  BigUInt<Bits> karatsuba;  // paired_column_mul with Karatsuba block products (G >= 2, even K), else the low product
  BigUInt<Bits> shared;     // sum_rotate_mul_shared
  BigUInt<Bits> front;      // warp::mul(b, a), the front that picks an algorithm
  BigUInt<2 * Bits> wide;
};

/// One instance per G lanes: the low product and the full product of a[i] and b[i].
template <std::size_t Bits, unsigned G>
__global__ void mul_kernel(const BigUInt<Bits>* a, const BigUInt<Bits>* b, Products<Bits>* out, std::size_t n) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;  // whole tiles leave together: n instances fill ceil(n * G / blockDim) blocks of full tiles
  const auto x = warp::load(tile, a[i]);
  const auto y = warp::load(tile, b[i]);
  const auto low = warp::sum_rotate_mul(tile, x, y);
  const auto wide = warp::sum_rotate_mul_wide(tile, x, y);
  warp::store(tile, out[i].low, low);
  __shared__ std::uint32_t scratch[128];  // a word a lane (blocks of 128 threads)
  warp::store(tile, out[i].shared, warp::sum_rotate_mul_shared(tile, x, y, scratch + (threadIdx.x / G) * G));
  warp::store(tile, out[i].front, warp::mul(tile, y, x));
  if constexpr (G >= 2) {
    warp::store(tile, out[i].paired, warp::paired_column_mul(tile, x, y));
    if constexpr (warp::Slice<Bits, G>::limbs % 2 == 0) {
      warp::store(tile, out[i].karatsuba, warp::paired_column_mul<warp::BlockProduct::karatsuba>(tile, x, y));
    } else {
      warp::store(tile, out[i].karatsuba, low);
    }
  } else {
    warp::store(tile, out[i].paired, low);
    warp::store(tile, out[i].karatsuba, low);
  }
  // The wide product's halves are two Bits-bit numbers: slice r of the low half, then of the high half.
  BigUInt<Bits> hi;
  warp::store(tile, hi, wide.hi);
  BigUInt<Bits> lo;
  warp::store(tile, lo, wide.lo);
  constexpr int K = warp::Slice<Bits, G>::limbs;
  const int first = static_cast<int>(tile.thread_rank()) * K;
  for (int k = 0; k < K; ++k) {
    out[i].wide.limbs_[first + k] = lo.limbs_[first + k];
    out[i].wide.limbs_[BigUInt<Bits>::num_limbs + first + k] = hi.limbs_[first + k];
  }
}

template <std::size_t Bits, unsigned G> void check_group() {
  using T = BigUInt<Bits>;
  const std::string what = "sum_rotate_mul " + std::to_string(Bits) + " G=" + std::to_string(G);
  const std::uint64_t seed = mix_seed(base_seed() ^ mix_seed(seed_for(what)));  // both mix in WARPNUM_TEST_SEED
  Rng rng(seed);
  std::vector<T> a;
  std::vector<T> b;
  const std::vector<T> edges = edge_values<T>();
  for (const T& x : edges) {
    for (const T& y : edges) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  const std::size_t random_pairs = Bits >= 8192 ? 256 : 2048;
  for (std::size_t i = 0; i < random_pairs; ++i) {
    a.push_back(random_value<T>(rng));
    b.push_back(random_value<T>(rng));
  }
  const std::size_t n = a.size();
  DeviceArray<T> d_a(n);
  DeviceArray<T> d_b(n);
  DeviceArray<Products<Bits>> d_out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_a.get(), a.data(), d_a.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_b.get(), b.data(), d_b.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  const auto blocks = static_cast<unsigned>((n * G + threads - 1) / threads);
  mul_kernel<Bits, G><<<blocks, threads>>>(d_a.get(), d_b.get(), d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<Products<Bits>> out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Products<Bits> want{a[i] * b[i], a[i] * b[i], a[i] * b[i], a[i] * b[i], a[i] * b[i], mul_wide(a[i], b[i])};
    if (std::memcmp(&want, &out[i], sizeof(want)) == 0) continue;
    if (++mismatches > 5) continue;
    ADD_FAILURE() << what << ": device product differs from host for pair " << i << " (seed 0x" << std::hex << seed
                  << std::dec << ")\n    a = " << a[i] << "\n    b = " << b[i] << word_diff(want, out[i]);
  }
  EXPECT_EQ(mismatches, 0u) << what << ": mismatches out of " << n << " pairs";
}

class LaneGroupMul : public DeviceTest {};

TEST_F(LaneGroupMul, Bits256) {
  check_group<256, 1>();
  check_group<256, 2>();
  check_group<256, 4>();
  check_group<256, 8>();
}
TEST_F(LaneGroupMul, Bits1024) {
  check_group<1024, 2>();
  check_group<1024, 4>();
  check_group<1024, 8>();
  check_group<1024, 16>();
  check_group<1024, 32>();
}
TEST_F(LaneGroupMul, Bits2048) {
  check_group<2048, 4>();
  check_group<2048, 8>();
  check_group<2048, 32>();
}
TEST_F(LaneGroupMul, Bits4096) {
  check_group<4096, 8>();
  check_group<4096, 16>();
  check_group<4096, 32>();
}
TEST_F(LaneGroupMul, Bits8192) {
  check_group<8192, 16>();
  check_group<8192, 32>();
}
TEST_F(LaneGroupMul, Bits32768) { check_group<32768, 32>(); }

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/convolve_test.cu: convolve_ntt and convolve_columns on the device (src/huge/convolve.cu)
// against a quadratic reference, and at 10^6, 10^7 and 10^8 decimal digits the carried product against GMP.
#include "cases/convolution_cases.hpp"
#include "device/kernel_check.hpp"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

using namespace warpnum::test;
using warpnum::Place;
using warpnum::huge::Coef96;

template <class T>
T* to_device(const std::vector<T>& v) {
  T* p = nullptr;
  WARPNUM_TEST_CUDA(cudaMalloc(&p, v.size() * sizeof(T)));
  WARPNUM_TEST_CUDA(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return p;
}

enum class Method { ntt, columns };

std::vector<Coef96> on_device(const Limbs& a, const Limbs& b, Method method, bool square = false) {
  std::uint32_t* da = to_device(a);
  std::uint32_t* db = square ? da : to_device(b);
  Coef96* dc = nullptr;
  const std::size_t nc = a.size() + b.size() - 1;
  WARPNUM_TEST_CUDA(cudaMalloc(&dc, nc * sizeof(Coef96)));
  if (method == Method::ntt) {
    warpnum::huge::convolve_ntt(dc, da, a.size(), db, b.size(), Place::device);
  } else {
    warpnum::huge::convolve_columns(dc, da, a.size(), db, b.size(), Place::device);
  }
  std::vector<Coef96> c(nc);
  WARPNUM_TEST_CUDA(cudaMemcpy(c.data(), dc, nc * sizeof(Coef96), cudaMemcpyDeviceToHost));
  WARPNUM_TEST_CUDA(cudaFree(dc));
  if (!square) WARPNUM_TEST_CUDA(cudaFree(db));
  WARPNUM_TEST_CUDA(cudaFree(da));
  return c;
}

void expect_both_match_reference(std::size_t na, std::size_t nb, Shape sa, Shape sb, std::uint64_t seed) {
  const Limbs a = make_limbs(na, sa, seed);
  const Limbs b = make_limbs(nb, sb, seed ^ 0xabcdefull);
  const auto want = reference_columns(a, b);
  EXPECT_EQ(first_difference(on_device(a, b, Method::ntt), want), -1) << "ntt " << describe(na, nb, sa, sb, seed);
  EXPECT_EQ(first_difference(on_device(a, b, Method::columns), want), -1)
      << "columns " << describe(na, nb, sa, sb, seed);
}

class HugeConvolveDevice : public DeviceTest {};

TEST_F(HugeConvolveDevice, SmallSizes) {
  std::uint64_t seed = 1;
  for (std::size_t na = 1; na <= 20; ++na) {
    for (std::size_t nb = 1; nb <= 20; nb += 3) expect_both_match_reference(na, nb, Shape::random, Shape::carries, seed++);
  }
  for (std::size_t n : {1u, 255u, 256u, 257u, 1000u, 4096u}) {
    expect_both_match_reference(n, n, Shape::ones, Shape::ones, seed++);
    expect_both_match_reference(n, n + 300, Shape::sparse, Shape::random, seed++);
  }
}

TEST_F(HugeConvolveDevice, AroundEveryTransformLength) {
  std::uint64_t seed = 1000;
  for (std::size_t len : transform_lengths(5 << 11)) {
    for (std::size_t nc : {len - 1, len, len + 1}) {
      if (nc < 1) continue;
      const std::size_t na = (nc + 1) / 2;
      expect_both_match_reference(na, nc + 1 - na, Shape::random, Shape::random, seed++);
    }
  }
  // Longer ones against GMP: every radix and split up to 3 2^20.
  for (std::size_t len : transform_lengths(3 << 20)) {
    if (len < (1u << 14)) continue;
    for (std::size_t nc : {len, len + 1}) {
      const Limbs a = make_limbs(nc / 2, Shape::random, nc);
      const Limbs b = make_limbs(nc + 1 - nc / 2, Shape::carries, nc + 1);
      EXPECT_TRUE(product_matches_gmp(a, b, on_device(a, b, Method::ntt))) << nc;
    }
  }
}

TEST_F(HugeConvolveDevice, WorstCasePowersAndUnbalanced) {
  const Limbs b = make_limbs(5000, Shape::random, 5);
  for (std::size_t i : {0u, 1u, 255u, 256u, 3000u}) {
    Limbs a(i + 1, 0);
    a[i] = 1;
    const auto want = reference_columns(a, b);
    EXPECT_EQ(first_difference(on_device(a, b, Method::ntt), want), -1) << i;
    EXPECT_EQ(first_difference(on_device(b, a, Method::columns), reference_columns(b, a)), -1) << i;
  }
  const Limbs one = make_limbs(1, Shape::ones, 0);
  const Limbs big = make_limbs(1 << 20, Shape::ones, 0);
  const auto want = reference_columns(one, big);
  EXPECT_EQ(first_difference(on_device(one, big, Method::ntt), want), -1);
  EXPECT_EQ(first_difference(on_device(big, one, Method::ntt), want), -1);
  EXPECT_EQ(first_difference(on_device(big, one, Method::columns), want), -1);
  const Limbs ones = make_limbs(20000, Shape::ones, 0);
  const auto square = on_device(ones, ones, Method::ntt, true);
  EXPECT_EQ(first_difference(square, on_device(ones, ones, Method::columns)), -1);
  EXPECT_TRUE(product_matches_gmp(ones, ones, square));
}

TEST_F(HugeConvolveDevice, DecimalDigitTargetsAgainstGmp) {
  // 10^6, 10^7 and 10^8 decimal digits (103,810, 1,038,090 and 10,380,890 limbs); the last all ones: the
  // coefficient bound's worst case at the longest transform the issue needs (5 2^22).
  struct Case {
    std::size_t n;
    Shape shape;
  };
  for (const Case& cs : {Case{103810, Shape::random}, Case{1038090, Shape::carries}, Case{10380890, Shape::ones},
                         Case{10380890, Shape::random}}) {
    const Limbs a = make_limbs(cs.n, cs.shape, cs.n);
    const Limbs b = make_limbs(cs.n, cs.shape, cs.n + 1);
    EXPECT_TRUE(product_matches_gmp(a, b, on_device(a, b, Method::ntt))) << cs.n;
  }
  const Limbs a = make_limbs(10380890, Shape::ones, 1);
  EXPECT_TRUE(product_matches_gmp(a, a, on_device(a, a, Method::ntt, true)));
}

TEST_F(HugeConvolveDevice, OperandPastHalfTheLength) {
  // The columns' first step skips the columns' upper half, zero, for an operand of at most half the transform's
  // length (every factor of a balanced product, as above); a longer operand takes the general step. At the
  // 10^8-digit length (5 2^22: the joined radix-5 step), each operand past half the length in turn, against GMP.
  const Limbs a = make_limbs(12000000, Shape::random, 7);
  const Limbs b = make_limbs(8000000, Shape::carries, 8);
  EXPECT_TRUE(product_matches_gmp(a, b, on_device(a, b, Method::ntt)));
  EXPECT_TRUE(product_matches_gmp(b, a, on_device(b, a, Method::ntt)));
}

TEST_F(HugeConvolveDevice, LongestTransform) {
  // na + nb = ntt_max_product(): L = 5 2^23, all ones (min(na, nb) (2^32 - 1)^2 close to the bound's limit).
  const std::size_t total = warpnum::huge::ntt_max_product();
  const Limbs a = make_limbs(total / 2, Shape::ones, 0);
  const Limbs b = make_limbs(total - total / 2, Shape::ones, 0);
  EXPECT_TRUE(product_matches_gmp(a, b, on_device(a, b, Method::ntt)));
}

}  // namespace

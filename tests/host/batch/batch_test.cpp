// SPDX-License-Identifier: Apache-2.0
// tests/host/batch/batch_test.cpp: batch expressions evaluated on the host's cores (OpenMP), against GMP.
#include "cases/batch_cases.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace warpnum;
using namespace warpnum::test::batch_cases;

TEST(HostBatch, Operators256) { check_operators<BigUInt<256>>(Place::host, 3000, "BigUInt<256>"); }
TEST(HostBatch, OperatorsSigned256) { check_operators<BigInt<256>>(Place::host, 3000, "BigInt<256>"); }
TEST(HostBatch, Operators1024) { check_operators<BigUInt<1024>>(Place::host, 1000, "BigUInt<1024>"); }
TEST(HostBatch, Operators96) { check_operators<BigInt<96>>(Place::host, 2000, "BigInt<96>"); }
TEST(HostBatch, Modular256) { check_modular<256>(Place::host, 1000, "256"); }
TEST(HostBatch, Modular1024) { check_modular<1024>(Place::host, 200, "1024"); }
TEST(HostBatch, Sliced) {
  check_sliced<GF2n<64>>(Place::host, 1000, "GF2n<64>");
  check_sliced<GF2n<163>>(Place::host, 777, "GF2n<163>");
}
TEST(HostBatch, Errors) { check_errors<BigUInt<256>>(Place::host); }

TEST(HostBatch, AutomaticPlaceIsTheHostWithoutAGpu) {
  Batch<BigUInt<64>> a(std::vector<BigUInt<64>>{1u, 2u, 3u});
  EXPECT_EQ(a.place(), gpu_available() ? Place::device : Place::host);
  EXPECT_THROW(Batch<BigUInt<64>>(3, gpu_available() ? Place::host : Place::device).size(), std::runtime_error);
}

// Field elements: GF(2^128) and a prime field, their products against the value types' own (which their own
// suites check against NTL and GMP), and division by zero raising the flag.
TEST(HostBatch, FieldElements) {
  using F = GF2n<128>;
  std::mt19937_64 gen(7);
  warpnum::test::Rng rng(7);
  std::vector<F> va(500), vb(500);
  for (std::size_t i = 0; i < va.size(); ++i) {
    va[i] = F::random(gen);
    vb[i] = i % 50 == 0 ? F{} : F::random(gen);
  }
  Batch<F> a(va, Place::host), b(vb, Place::host);
  Batch<F> c = a * b + a;
  Batch<F> q = a / b;
  const std::vector<F> got = c.to_vector();
  const std::vector<F> quo = q.to_vector();
  for (std::size_t i = 0; i < va.size(); ++i) {
    ASSERT_EQ(got[i], va[i] * vb[i] + va[i]) << i;
    ASSERT_EQ(quo[i], vb[i] == F{} ? F{} : va[i] * inverse(vb[i])) << i;
  }
  EXPECT_EQ(q.status(), Status::division_by_zero);

  static constexpr BigUInt<256> p{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};
  using P = Fp<256, p>;
  std::vector<P> pa(300), pb(300);
  for (std::size_t i = 0; i < pa.size(); ++i) {
    pa[i] = i % 37 == 0 ? P{} : P(warpnum::test::random_value<BigUInt<256>>(rng) % p);
    pb[i] = P(static_cast<std::uint64_t>(i));
  }
  Batch<P> x(pa, Place::host), y(pb, Place::host);
  Batch<P> z = x * y - y / x;
  const std::vector<P> pz = z.to_vector();
  for (std::size_t i = 0; i < pa.size(); ++i) {
    const P quotient = pa[i].is_zero() ? P{} : pb[i] / pa[i];  // a zero divisor: 0 and the flag
    ASSERT_EQ(pz[i], pa[i] * pb[i] - quotient) << i;
  }
  EXPECT_EQ(z.status(), Status::division_by_zero);  // a zero divisor, for Fp as for GF2n and the integers
}

}  // namespace

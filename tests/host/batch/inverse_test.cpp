// SPDX-License-Identifier: Apache-2.0
// tests/host/batch/inverse_test.cpp: `inverse` over host batches (batch/inverse.hpp; Montgomery's trick by chunks,
// batch/ops/inverse_chunk.hpp) on the host's cores: the shared cases (tests/cases/batch_inverse_cases.hpp) against
// the elements' own inverse_checked, and each prime field's inverses against GMP's mpz_invert (a GF2n's by x x^-1 = 1),
// for BN254 Fr, BLS12-381 Fp, an Fp of composite modulus (non-units present) and GF(2^163).
#include "cases/batch_inverse_cases.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/fields.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using namespace warpnum;
using namespace warpnum::test::batch_inverse_cases;
using warpnum::oracle::Mpz;
using CompositeFp = Fp<64, composite_modulus>;

}  // namespace

// The Fp form of the composite modulus (host only: nvcc 13.0 cannot take it as a kernel's template argument) gets
// the shared cases' non-units too.
template <> inline constexpr bool warpnum::test::batch_inverse_cases::composite<CompositeFp> = true;

namespace {

/// got[i] against GMP: x^-1 mod p where it exists, else 0; stops after 5 mismatches.
template <class F> void expect_gmp(const std::vector<F>& v, const std::vector<F>& got, const std::string& what) {
  const Mpz p = oracle::to_mpz(F::modulus());
  int bad = 0;
  for (std::size_t i = 0; i < v.size() && bad < 5; ++i) {
    const Mpz x = oracle::to_mpz(v[i].value());
    Mpz want;
    if (mpz_invert(want, x, p) == 0) mpz_set_ui(want, 0);
    const Mpz have = oracle::to_mpz(got[i].value());
    if (mpz_cmp(want, have) != 0) {
      ++bad;
      ADD_FAILURE() << what << ": element " << i << ": got " << oracle::to_text(have.get()) << ", GMP "
                    << oracle::to_text(want.get());
    }
  }
}

/// got[i] x[i] = 1 for a nonzero x[i], got[i] = 0 for a zero one.
template <class F> void expect_products(const std::vector<F>& v, const std::vector<F>& got, const std::string& what) {
  int bad = 0;
  for (std::size_t i = 0; i < v.size() && bad < 5; ++i) {
    if (v[i].is_zero() ? !got[i].is_zero() : !(v[i] * got[i] == F::one())) {
      ++bad;
      ADD_FAILURE() << what << ": element " << i << ": x x^-1 != 1 (or the inverse of 0 is not 0)";
    }
  }
}

TEST(HostBatchInverse, BN254Fr) {
  check_inverse<BN254Fr>(Place::host, "BN254Fr", [](auto&... a) { expect_gmp(a...); });
}
TEST(HostBatchInverse, BLS12381Fp) {
  check_inverse<BLS12381Fp>(Place::host, "BLS12381Fp", [](auto&... a) { expect_gmp(a...); });
}
TEST(HostBatchInverse, CompositeModulus) {
  check_inverse<CompositeFp>(Place::host, "Fp<64, 998244353 * 1000000007>", [](auto&... a) { expect_gmp(a...); });
  check_inverse<Composite>(Place::host, "PrimeField<CompositeParams>", [](auto&... a) { expect_gmp(a...); });
}
TEST(HostBatchInverse, GF2n163) {
  check_inverse<GF2n<163>>(Place::host, "GF2n<163>", [](auto&... a) { expect_products(a...); });
}

/// BN254 Fr that counts its inversions, to show how many a batch's inverse takes.
struct CountedFr {
  BN254Fr x;
  static std::atomic<std::size_t>& inversions() {
    static std::atomic<std::size_t> count{0};
    return count;
  }
  bool is_zero() const { return x.is_zero(); }
  friend CountedFr operator*(const CountedFr& a, const CountedFr& b) { return {a.x * b.x}; }
  friend bool operator==(const CountedFr& a, const CountedFr& b) { return a.x == b.x; }
  friend Checked<CountedFr> inverse_checked(const CountedFr& a) {
    inversions().fetch_add(1, std::memory_order_relaxed);
    const Checked<BN254Fr> r = inverse_checked(a.x);
    return {{r.value}, r.status};
  }
};

// One inversion a chunk that holds a nonzero element, none for a chunk of zeros: the zeros are left out of the
// products, not inverted element by element.
TEST(HostBatchInverse, OneInversionAChunk) {
  for (const std::size_t n : sizes()) {
    for (const Pattern pattern : {Pattern::units, Pattern::zeros}) {
      const std::uint64_t seed = test::seed_for(std::string("batch inverse counted ") + name(pattern), n);
      const std::vector<BN254Fr> fr = operands<BN254Fr>(n, pattern, seed);
      std::vector<CountedFr> v(n);
      std::size_t chunks = 0;
      for (std::size_t i = 0; i < n; ++i) v[i].x = fr[i];
      for (std::size_t first = 0; first < n; first += chunk) {
        bool nonzero = false;
        for (std::size_t i = first; i < n && i < first + chunk; ++i) nonzero = nonzero || !fr[i].is_zero();
        chunks += nonzero ? 1 : 0;
      }
      const Batch<CountedFr> x(v, Place::host);
      CountedFr::inversions() = 0;
      const Batch<CountedFr> y = inverse(x);
      EXPECT_EQ(CountedFr::inversions().load(), chunks) << "n = " << n << ", " << name(pattern);
      const std::vector<CountedFr> got = y.to_vector();
      for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(got[i].x == inverse_checked(fr[i]).value) << i;
      EXPECT_EQ(y.status(), pattern == Pattern::units || n == 0 ? Status::ok : Status::not_invertible);
    }
  }
}

// A chunk whose only non-unit sits among units and zeros is inverted element by element: its units still get their
// inverses, its zeros and its non-unit 0, and the flag is raised once for all of them.
TEST(HostBatchInverse, NonUnitAmongUnitsAndZeros) {
  std::vector<CompositeFp> v(2 * chunk + 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = CompositeFp(static_cast<std::uint64_t>(i + 2));
  v[0] = CompositeFp{};
  v[chunk - 1] = CompositeFp{};
  v[5] = CompositeFp(prime_b * 7);
  const Batch<CompositeFp> x(v, Place::host);
  const Batch<CompositeFp> y = inverse(x);
  const std::vector<CompositeFp> got = y.to_vector();
  expect_elementwise("non-unit", v, got);
  expect_gmp(v, got, "non-unit");
  EXPECT_TRUE(got[5].is_zero());
  EXPECT_FALSE(got[6].is_zero());
  EXPECT_EQ(y.status(), Status::not_invertible);
  EXPECT_EQ(y.status_flags(), 1u << static_cast<unsigned>(Status::not_invertible));
}

}  // namespace

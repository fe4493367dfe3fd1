// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/division_test.cpp: Integer's divmod_floor, / and % on the host against GMP (mpz_fdiv_qr,
// mpz_tdiv_q, mpz_tdiv_r): every sign, Knuth D and Newton sizes, divisors near powers of 2^32, exact divisions;
// and isqrt against mpz_sqrt.
#include "cases/huge_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/integer.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace warpnum::test {
namespace {

::testing::AssertionResult check_division(const mpz_class& a, const mpz_class& b) {
  return warpnum::test::check_division(a, b, Place::host);
}

/// The four sign combinations of |a| / |b|.
::testing::AssertionResult check_signs(const mpz_class& a, const mpz_class& b) {
  for (int s = 0; s < 4; ++s) {
    const mpz_class sa = (s & 1) != 0 ? mpz_class(-a) : a;
    const mpz_class sb = (s & 2) != 0 ? mpz_class(-b) : b;
    if (::testing::AssertionResult r = check_division(sa, sb); !r) return r;
  }
  return ::testing::AssertionSuccess();
}

TEST(IntegerDivision, ByZeroThrows) {
  const Integer a(12345, Place::host);
  const Integer zero(Place::host);
  EXPECT_THROW(divmod_floor(a, zero), std::domain_error);
  EXPECT_THROW(a / zero, std::domain_error);
  EXPECT_THROW(a % zero, std::domain_error);
  EXPECT_THROW(zero / zero, std::domain_error);
}

TEST(IntegerDivision, SmallValues) {
  for (int a = -20; a <= 20; ++a) {
    for (int b = -7; b <= 7; ++b) {
      if (b != 0) {
        ASSERT_TRUE(check_division(a, b)) << a << " / " << b;
      }
    }
  }
}

TEST(IntegerDivision, EdgeCases) {
  const mpz_class one = 1;
  std::vector<mpz_class> divisors{1, 2, 3, 0xffffffffu, mpz_class(0xffffffffu) + 1, mpz_class(0xffffffffu) + 2};
  for (std::size_t limbs : {1u, 2u, 3u, 47u, 48u, 49u, 64u, 200u, 1000u}) {
    const mpz_class p = one << (32 * limbs);
    for (const mpz_class& d :
         {mpz_class(p - 1), p, mpz_class(p + 1), mpz_class((p >> 1) + 1), mpz_class(p - (p >> 2))}) {
      divisors.push_back(d);
    }
  }
  for (const mpz_class& b : divisors) {
    const std::size_t bbits = mpz_sizeinbase(b.get_mpz_t(), 2);
    for (std::size_t abits : {std::size_t{1}, bbits - 1 + (bbits == 1), bbits, bbits + 1, 2 * bbits, 2 * bbits + 33,
                              3 * bbits + 100}) {
      const mpz_class pa = one << abits;
      for (const mpz_class& a : {mpz_class(0), mpz_class(1), mpz_class(pa - 1), pa, b, mpz_class(b - 1),
                                 mpz_class(b + 1), mpz_class(b * b), mpz_class(b * b - 1), mpz_class(b * (pa - 1))}) {
        ASSERT_TRUE(check_signs(a, b)) << "b bits " << bbits << ", a bits " << abits;
      }
    }
  }
}

TEST(IntegerDivision, RandomShapes) {
  const std::uint64_t seed = seed_for("Integer division");
  Rng rng(seed);
  for (int i = 0; i < 300; ++i) {
    const std::size_t nb = random_limbs(rng, 800);
    const std::size_t na = rng.chance(1, 3) ? random_limbs(rng, 3000) : nb + rng.below(2 * nb + 2);
    const mpz_class b = random_huge(rng, nb);
    const mpz_class a = random_huge(rng, na);
    ASSERT_TRUE(check_signs(a, b)) << "seed " << seed << ", case " << i;
    const mpz_class q = random_huge(rng, random_limbs(rng, 2 * nb + 2));
    ASSERT_TRUE(check_signs(q * b, b)) << "seed " << seed << ", exact case " << i;
    ASSERT_TRUE(check_signs(q * b + b - 1, b)) << "seed " << seed << ", b - 1 case " << i;
  }
}

TEST(IntegerDivision, QuotientsOfVeryDifferentLengths) {
  const std::uint64_t seed = seed_for("Integer division lengths");
  Rng rng(seed);
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {20000, 1}, {20000, 2}, {20000, 60}, {20000, 300}, {20000, 10000}, {20000, 19990}, {20000, 20000}}) {
    const mpz_class a = random_huge(rng, na);
    const mpz_class b = random_huge(rng, nb);
    ASSERT_TRUE(check_division(a, b)) << "seed " << seed << ", " << na << " / " << nb << " limbs";
    ASSERT_TRUE(check_division(-a, b)) << "seed " << seed << ", " << na << " / " << nb << " limbs";
  }
}

TEST(IntegerDivision, LargeBalanced) {
  const std::uint64_t seed = seed_for("Integer division large");
  Rng rng(seed);
  const mpz_class b = random_huge(rng, 60000);
  const mpz_class a = random_huge(rng, 120000);
  ASSERT_TRUE(check_division(a, b)) << "seed " << seed;
}

/// isqrt(Integer) against mpz_sqrt: small values, Zimmermann's and Newton's sizes, squares and their neighbours; a
/// negative throws.
TEST(IntegerIsqrt, AgainstGmp) {
  const std::uint64_t seed = seed_for("Integer isqrt host");
  Rng rng(seed);
  for (const std::size_t limbs : {std::size_t{1}, std::size_t{3}, std::size_t{300}, std::size_t{9000}}) {
    const mpz_class x = random_huge(rng, limbs);
    mpz_class s;
    mpz_sqrt(s.get_mpz_t(), x.get_mpz_t());
    for (const mpz_class& v : {x, mpz_class(s * s), mpz_class(s * s - 1), mpz_class(0), mpz_class(1)}) {
      mpz_class root;
      mpz_sqrt(root.get_mpz_t(), v.get_mpz_t());
      EXPECT_TRUE(to_mpz_class(isqrt(from_mpz(v, Place::host))) == root) << "seed " << seed << ", " << limbs;
    }
  }
  EXPECT_THROW(static_cast<void>(isqrt(Integer(-4, Place::host))), std::domain_error);
}

}  // namespace
}  // namespace warpnum::test

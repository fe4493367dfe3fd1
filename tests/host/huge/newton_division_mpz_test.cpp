// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/newton_division_mpz_test.cpp: the algorithms of include/warpnum/huge/ (huge/detail/limb_vectors.hpp,
// huge/newton_division.hpp, huge/newton_sqrt.hpp) instantiated for mpz_class, against GMP's own division and square root.
#include "cases/huge_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/huge/detail/limb_vectors.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/newton_sqrt.hpp>
#include <warpnum/huge/number_traits.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using Traits = huge::NumberTraits<mpz_class>;

::testing::AssertionResult check_divmod(const mpz_class& a, const mpz_class& b) {
  mpz_class q, r;
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  const huge::DivResult<mpz_class> got = huge::divmod_nonnegative(a, b);
  if (got.quot == q && got.rem == r) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "divmod of " << Traits::bit_width(a) << " by " << Traits::bit_width(b)
                                       << " bits: a = 0x" << a.get_str(16) << ", b = 0x" << b.get_str(16);
}

::testing::AssertionResult check_limbs(const mpz_class& a, const mpz_class& b) {
  mpz_class q, r;
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  const huge::detail::LimbDivResult got = huge::detail::divmod_limbs(Traits::limbs(a), Traits::limbs(b));
  if (got.quot == Traits::limbs(q) && got.rem == Traits::limbs(r)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "Knuth D: a = 0x" << a.get_str(16) << ", b = 0x" << b.get_str(16);
}

TEST(LimbDivision, RandomAgainstGmp) {
  const std::uint64_t seed = seed_for("huge limb division");
  Rng rng(seed);
  for (int i = 0; i < 3000; ++i) {
    const mpz_class b = random_huge(rng, random_limbs(rng, 40));
    const mpz_class a = random_huge(rng, random_limbs(rng, 80));
    ASSERT_TRUE(check_limbs(a, b)) << "seed " << seed << ", case " << i;
    ASSERT_TRUE(check_limbs(a * b + b - 1, b)) << "seed " << seed << ", case " << i;
  }
}

TEST(LimbDivision, ByZeroThrows) {
  const std::vector<std::uint32_t> a{1, 2}, zero{0, 0};
  EXPECT_THROW(huge::detail::divmod_limbs(a, zero), std::domain_error);
}

// x <= 2^(2n)/d < x + 2 (from below: the Newton steps start under the reciprocal, so that f >= 0) means
// floor - 1 <= x <= floor.
::testing::AssertionResult check_reciprocal(const mpz_class& d) {
  const std::size_t n = Traits::bit_width(d);
  const mpz_class x = huge::reciprocal(d, n);
  mpz_class exact = mpz_class(1) << (2 * n);
  mpz_fdiv_q(exact.get_mpz_t(), exact.get_mpz_t(), d.get_mpz_t());
  if (x <= exact && x >= exact - 1) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "reciprocal of " << n << " bits: floor(2^(2n)/d) - x = " << mpz_class(exact - x).get_str()
                                       << ", d = 0x" << d.get_str(16);
}

TEST(Reciprocal, FromBelowWithinTwoUnits) {
  const std::uint64_t seed = seed_for("huge reciprocal");
  Rng rng(seed);
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(check_reciprocal(random_huge(rng, 1 + rng.below(600)))) << "seed " << seed << ", case " << i;
  }
  // The edges of the start from below: a power of two, one more, one less, and a power of two with every bit below
  // a level's top h set (the most its reciprocal of the top bits can exceed the level's).
  const mpz_class one = 1;
  for (std::size_t bits : {1537u, 1600u, 3100u, 6000u, 20000u}) {
    const mpz_class p = one << (bits - 1);
    for (std::size_t low : {std::size_t{0}, bits / 2 - 9, bits / 2 - 8, bits / 2 + 8, bits / 2 + 9, bits / 4}) {
      ASSERT_TRUE(check_reciprocal(p + (one << low) - 1)) << bits << " bits, low " << low;
    }
    ASSERT_TRUE(check_reciprocal(p + 1)) << bits << " bits";
    ASSERT_TRUE(check_reciprocal(2 * p - 1)) << bits << " bits";
  }
}

// A prepared divisor's reciprocal is from below and within 6 units, R <= 2^(n+p)/b < R + 6, for quotients longer and
// shorter than the divisor (p > n: b shifted up, exact; p <= n: b's top p bits, 4 taken off), which is what lets a
// quotient estimate be q or q - 1 and one correction finish.
::testing::AssertionResult check_prepared(const mpz_class& b, std::size_t quot_bits) {
  const huge::NewtonDivisor<mpz_class> d = huge::make_newton_divisor(b, quot_bits);
  const mpz_class scaled = mpz_class(1) << (d.bits + d.precision);
  const mpz_class r = d.reciprocal;
  if (r * b <= scaled && scaled < (r + 6) * b) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "divisor of " << d.bits << " bits, quotients of " << quot_bits
                                       << " bits: 2^(n+p) - R b = " << mpz_class(scaled - r * b).get_str()
                                       << ", b = 0x" << b.get_str(16);
}

TEST(NewtonDivision, PreparedReciprocalFromBelow) {
  const std::uint64_t seed = seed_for("huge newton prepared divisor");
  Rng rng(seed);
  const mpz_class one = 1;
  for (int i = 0; i < 200; ++i) {
    const mpz_class b = random_huge(rng, random_limbs(rng, 300)) + 1;
    const std::size_t n = Traits::bit_width(b);
    for (std::size_t quot_bits : {std::size_t{1}, n / 3, n - 9, n - 8, n - 7, n, n + 1, 2 * n}) {
      if (quot_bits >= 1 && quot_bits <= 2 * n) {
        ASSERT_TRUE(check_prepared(b, quot_bits)) << "seed " << seed << ", case " << i;
      }
    }
  }
  for (std::size_t bits : {1600u, 3100u, 20000u}) {  // the reciprocal of the top bits at its largest: bt = 2^(p-1)
    const mpz_class p = one << (bits - 1);
    for (const mpz_class& b : {p, mpz_class(p + (one << (bits / 2)) - 1), mpz_class(2 * p - 1), mpz_class(p + 1)}) {
      for (std::size_t quot_bits : {bits / 2 - 8, bits / 2, bits - 8, bits + 7}) {
        ASSERT_TRUE(check_prepared(b, quot_bits)) << bits << " bits";
      }
    }
  }
}

TEST(NewtonDivision, EdgeCases) {
  const mpz_class one = 1;
  for (std::size_t bits : {1u, 31u, 32u, 33u, 63u, 64u, 65u, 1535u, 1536u, 1537u, 3000u, 6000u, 20000u}) {
    const mpz_class p = one << bits;
    for (const mpz_class& b : {mpz_class(p - 1), p, mpz_class(p + 1), mpz_class(1), mpz_class(3)}) {
      for (std::size_t abits : {bits / 2, bits, bits + 1, 2 * bits, 2 * bits + 64, 5 * bits + 7}) {
        const mpz_class pa = one << abits;
        for (const mpz_class& a : {mpz_class(0), mpz_class(pa - 1), pa, mpz_class(pa + 1), b, mpz_class(b * b),
                                   mpz_class(b * b - 1), mpz_class(b * (pa - 1))}) {
          ASSERT_TRUE(check_divmod(a, b)) << "bits " << bits << ", abits " << abits;
        }
      }
    }
  }
  EXPECT_THROW(huge::divmod_nonnegative(mpz_class(5), mpz_class(0)), std::domain_error);
}

TEST(NewtonDivision, RandomShapes) {
  const std::uint64_t seed = seed_for("huge newton division");
  Rng rng(seed);
  for (int i = 0; i < 600; ++i) {
    const std::size_t nb = random_limbs(rng, 1500);
    const std::size_t na = rng.chance(1, 4) ? random_limbs(rng, 6000) : nb + rng.below(2 * nb + 2);
    const mpz_class b = random_huge(rng, nb);
    const mpz_class a = random_huge(rng, na);
    ASSERT_TRUE(check_divmod(a, b)) << "seed " << seed << ", case " << i;
    // Exact divisions and remainders b - 1: the estimate's neighbours.
    const mpz_class q = random_huge(rng, random_limbs(rng, 2 * nb + 2));
    ASSERT_TRUE(check_divmod(q * b, b)) << "seed " << seed << ", exact case " << i;
    ASSERT_TRUE(check_divmod(q * b + b - 1, b)) << "seed " << seed << ", b - 1 case " << i;
    ASSERT_TRUE(check_divmod(q * b - 1, b)) << "seed " << seed << ", -1 case " << i;
  }
}

TEST(NewtonDivision, QuotientInPieces) {
  // The quotient taken in 1 to 5 pieces, each by a reciprocal of its length (Integer's host division takes one, two
  // or four by its threads and the divisor's length): random operands, exact quotients and remainders b - 1, a
  // quotient as long as the divisor and others.
  const std::uint64_t seed = seed_for("huge newton division in pieces");
  Rng rng(seed);
  for (int i = 0; i < 120; ++i) {
    const std::size_t nb = 49 + random_limbs(rng, 900);
    const mpz_class b = random_huge(rng, nb);
    const mpz_class q = random_huge(rng, rng.chance(1, 2) ? nb : random_limbs(rng, 3 * nb));
    for (const mpz_class& a : {mpz_class(q * b), mpz_class(q * b + b - 1), random_huge(rng, 2 * nb)}) {
      mpz_class want_q, want_r;
      mpz_fdiv_qr(want_q.get_mpz_t(), want_r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
      const std::size_t m = Traits::bit_width(a), n = Traits::bit_width(b);
      for (std::size_t pieces = 1; pieces <= 5; ++pieces) {
        const huge::DivResult<mpz_class> got = huge::divmod_by_reciprocal(a, m, b, n, 0, pieces);
        ASSERT_TRUE(got.quot == want_q && got.rem == want_r)
            << "seed " << seed << ", case " << i << ", " << pieces << " pieces, " << m << " by " << n << " bits";
      }
    }
  }
}

TEST(NewtonDivision, LongQuotients) {
  const std::uint64_t seed = seed_for("huge newton long quotients");
  Rng rng(seed);
  for (int i = 0; i < 20; ++i) {
    const mpz_class b = random_huge(rng, 49 + rng.below(200));
    const mpz_class a = random_huge(rng, 2000 + rng.below(20000));
    ASSERT_TRUE(check_divmod(a, b)) << "seed " << seed << ", case " << i;
  }
}

TEST(NewtonDivision, ReusedDivisor) {
  const std::uint64_t seed = seed_for("huge newton divisor reuse");
  Rng rng(seed);
  const mpz_class b = random_huge(rng, 700);
  const huge::NewtonDivisor<mpz_class> d = huge::make_newton_divisor(b, Traits::bit_width(b) + 1);
  for (int i = 0; i < 100; ++i) {
    const mpz_class a = random_huge(rng, random_limbs(rng, 3000));
    mpz_class q, r;
    mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
    const huge::DivResult<mpz_class> got = huge::divmod_newton(a, d);
    ASSERT_TRUE(got.quot == q) << "seed " << seed << ", case " << i;
    ASSERT_TRUE(got.rem == r) << "seed " << seed << ", case " << i;
  }
}

TEST(NewtonSqrt, AgainstGmp) {
  const std::uint64_t seed = seed_for("huge isqrt");
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    const mpz_class x = random_huge(rng, random_limbs(rng, 5000));
    for (const mpz_class& v : {x, mpz_class(x * x), mpz_class(x * x - 1), mpz_class(x * x + 2 * x)}) {
      mpz_class s;
      mpz_sqrt(s.get_mpz_t(), v.get_mpz_t());
      ASSERT_TRUE(huge::isqrt(v) == s) << "seed " << seed << ", case " << i;
    }
  }
  for (std::uint64_t v : {0ull, 1ull, 2ull, 3ull, 4ull, 0xffffffffffffffffull, 0xfffffffe00000001ull}) {
    mpz_class s, z = Traits::from_uint(v, mpz_class());
    mpz_sqrt(s.get_mpz_t(), z.get_mpz_t());
    EXPECT_TRUE(huge::isqrt(z) == s) << v;
  }
  EXPECT_THROW(huge::isqrt(mpz_class(-4)), std::domain_error);
}

/// isqrt_normalised, every width given (the form AsyncInteger queues): for even m from the smallest level's bound up,
/// x at both ends of [2^(m-2), 2^m), random, and squares and their neighbours in it, where the estimate's one step
/// back up is taken or not.
TEST(NewtonSqrt, NormalisedAgainstGmp) {
  const std::uint64_t seed = seed_for("huge isqrt_normalised");
  Rng rng(seed);
  const mpz_class one = 1;
  for (const std::size_t m : {std::size_t{64}, std::size_t{1536}, std::size_t{1538}, std::size_t{3072},
                              std::size_t{20000}, std::size_t{131072}}) {
    const mpz_class low = one << (m - 2), high = one << m;
    std::vector<mpz_class> xs = {low, mpz_class(low + 1), mpz_class(high - 1), mpz_class(2 * low - 1)};
    for (int i = 0; i < 6; ++i) {
      const mpz_class x = low + random_huge(rng, m / 32 + 1) % (high - low);
      mpz_class s;
      mpz_sqrt(s.get_mpz_t(), x.get_mpz_t());
      for (const mpz_class& v : {x, mpz_class(s * s), mpz_class(s * s - 1), mpz_class(s * s + 2 * s)}) {
        if (v >= low && v < high) xs.push_back(v);
      }
    }
    for (const mpz_class& x : xs) {
      mpz_class s;
      mpz_sqrt(s.get_mpz_t(), x.get_mpz_t());
      ASSERT_TRUE(huge::isqrt_normalised(x, m) == s) << "seed " << seed << ", m " << m << ", x = 0x" << x.get_str(16);
    }
  }
}

}  // namespace
}  // namespace warpnum::test

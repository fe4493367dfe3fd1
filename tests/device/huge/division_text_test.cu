// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/division_text_test.cu: the algorithms above multiplication on the GPU: Integer's divmod_floor,
// / and %, huge::isqrt, to_string and the text constructor with Place::device operands, against GMP, up to 10^7
// decimal digits; results stay in device memory. Each check divides one pair three ways (divmod_floor, / and %), so
// the second and third replay the CUDA graph captured for the pair's limb counts (src/huge/division_graphs.cu), and
// a test counts the replays. Skips where there is no GPU. WARPNUM_TEST_SEED overrides seeds.
#include "../kernel_check.hpp"
#include "cases/huge_operands.hpp"
#include "cases/random.hpp"

#include "../../../src/huge/division_graphs.hpp"

#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_sqrt.hpp>
#include <warpnum/integer.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

class HugeDivisionDevice : public DeviceTest {};

::testing::AssertionResult check_division(const mpz_class& a, const mpz_class& b) {
  return warpnum::test::check_division(a, b, Place::device);
}

TEST_F(HugeDivisionDevice, RandomShapes) {
  const std::uint64_t seed = seed_for("Integer division device");
  Rng rng(seed);
  for (int i = 0; i < 60; ++i) {
    const std::size_t nb = random_limbs(rng, 40000);
    const std::size_t na = rng.chance(1, 3) ? random_limbs(rng, 100000) : nb + rng.below(2 * nb + 2);
    const mpz_class b = random_huge(rng, nb);
    const mpz_class a = random_huge(rng, na);
    ASSERT_TRUE(check_division(rng.chance(1, 2) ? mpz_class(-a) : a, rng.chance(1, 2) ? mpz_class(-b) : b))
        << "seed " << seed << ", case " << i;
    const mpz_class q = random_huge(rng, random_limbs(rng, 2 * nb + 2));
    ASSERT_TRUE(check_division(q * b, b)) << "seed " << seed << ", exact case " << i;
    ASSERT_TRUE(check_division(q * b - 1, b)) << "seed " << seed << ", -1 case " << i;
  }
}

// A pair of limb counts divided before replays the graph captured at its second sight: many operands of the same
// counts (every shape of random_huge: special words, all ones, powers of two), both signs, the shortest and the
// longest top limbs, against GMP; every division after the first of a pair is a replay (quotients of more than 64
// bits: shorter ones divide by Knuth D on the host).
TEST_F(HugeDivisionDevice, RepeatedShapesFromGraphs) {
  const std::uint64_t seed = seed_for("Integer division graphs");
  Rng rng(seed);
  const mpz_class one = 1;
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {100, 50}, {120, 100}, {6001, 3000}, {40000, 20000}, {20003, 20000}}) {
    const std::size_t before = huge::division_graph_replays.load();
    for (int i = 0; i < 6; ++i) {
      mpz_class a = random_huge(rng, na), b = random_huge(rng, nb);
      if (i == 0) {  // a top limb of 1 (the longest normalising shift) under a dividend of all ones
        a = (one << (32 * na)) - 1;
        b = (one << (32 * (nb - 1))) + random_huge(rng, nb - 1);
      }
      ASSERT_TRUE(check_division(rng.chance(1, 2) ? mpz_class(-a) : a, rng.chance(1, 2) ? mpz_class(-b) : b))
          << "seed " << seed << ", " << na << "/" << nb << " limbs, case " << i;
    }
    EXPECT_GE(huge::division_graph_replays.load() - before, 6u * 3u - 1u) << na << "/" << nb << " limbs";
  }
}

TEST_F(HugeDivisionDevice, Large) {
  const std::uint64_t seed = seed_for("Integer division device large");
  Rng rng(seed);
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {2000000, 1000000}, {2000000, 1999000}, {2000000, 3000}, {1000000, 7}}) {
    ASSERT_TRUE(check_division(random_huge(rng, na), random_huge(rng, nb)))
        << "seed " << seed << ", " << na << "/" << nb;
  }
}

// Divisors at the edges of Newton's start from below (huge/newton_division.hpp): a power of two, one more, one less,
// and a power of two with every bit below its top h set, where a level's reciprocal of the top bits exceeds the
// next level's by the most. Long enough that the levels queue on the device (NumberTraits<Integer>::reciprocal).
TEST_F(HugeDivisionDevice, NewtonStartEdges) {
  const mpz_class one = 1;
  for (std::size_t limbs : {1024u, 1025u, 5000u, 40000u}) {
    const std::size_t bits = 32 * limbs;
    const mpz_class p = one << (bits - 1);
    const mpz_class a = (one << (2 * bits + 5)) - 1;
    for (const mpz_class& b : {p, mpz_class(p + 1), mpz_class(2 * p - 1), mpz_class(p + (one << (bits / 2 - 9)) - 1),
                               mpz_class(p + (one << (bits / 2 + 9)) - 1)}) {
      ASSERT_TRUE(check_division(a, b)) << limbs << " limbs";
      ASSERT_TRUE(check_division(b * b - 1, b)) << limbs << " limbs";
    }
  }
}

TEST_F(HugeDivisionDevice, Isqrt) {
  const std::uint64_t seed = seed_for("Integer isqrt device");
  Rng rng(seed);
  for (std::size_t limbs : {100u, 5000u, 100000u, 2000000u}) {
    const mpz_class x = random_huge(rng, limbs);
    mpz_class s;
    mpz_sqrt(s.get_mpz_t(), x.get_mpz_t());
    const Integer got = huge::isqrt(from_mpz(x, Place::device));
    ASSERT_TRUE(to_mpz_class(got) == s) << "seed " << seed << ", " << limbs << " limbs";
    ASSERT_EQ(got.place(), Place::device);
  }
}

TEST_F(HugeDivisionDevice, TenMillionDigits) {
  const std::uint64_t seed = seed_for("Integer text device");
  Rng rng(seed);
  const mpz_class z = random_huge(rng, 1038100);  // about 10^7 decimal digits
  const Integer x = from_mpz(z, Place::device);
  const std::string text = to_string(x);
  ASSERT_TRUE(text == z.get_str(10)) << "seed " << seed;
  ASSERT_TRUE(to_string(-x, 16) == mpz_class(-z).get_str(16)) << "seed " << seed;
  const Integer back(text, 10, Place::device);
  ASSERT_EQ(back.place(), Place::device);
  ASSERT_TRUE(to_mpz_class(back) == z) << "seed " << seed;
}

TEST_F(HugeDivisionDevice, TextEveryBase) {
  const std::uint64_t seed = seed_for("Integer text device bases");
  Rng rng(seed);
  for (int base = 2; base <= 36; ++base) {
    const mpz_class z = random_huge(rng, random_limbs(rng, 30000));
    const Integer x = from_mpz(z, Place::device);
    ASSERT_TRUE(to_string(x, base) == z.get_str(base)) << "seed " << seed << ", base " << base;
    ASSERT_TRUE(to_mpz_class(Integer(z.get_str(base), base, Place::device)) == z)
        << "seed " << seed << ", base " << base;
  }
}

}  // namespace
}  // namespace warpnum::test

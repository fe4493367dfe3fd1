// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/radix_conversion_mpz_test.cpp: include/warpnum/huge/radix_conversion.hpp instantiated for
// mpz_class, against mpz_get_str and mpz_set_str in every base from 2 to 36.
#include "cases/huge_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/huge/number_traits.hpp>
#include <warpnum/huge/radix_conversion.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

/// An mpz_class that pretends to live in host or device memory, as warpnum::Integer does: an operation's result
/// lives where its left operand lives. It checks that the algorithms move numbers between places as they should
/// (levels below host_limbs on the host, subtrees there converted as host jobs) on machines without a GPU.
struct Placed {
  mpz_class v;
  bool host = true;
  friend Placed operator+(const Placed& a, const Placed& b) { return {a.v + b.v, a.host}; }
  friend Placed operator-(const Placed& a, const Placed& b) { return {a.v - b.v, a.host}; }
  friend Placed operator*(const Placed& a, const Placed& b) { return {a.v * b.v, a.host}; }
  friend Placed operator-(const Placed& a) { return {-a.v, a.host}; }
  friend Placed operator<<(const Placed& a, std::size_t s) { return {a.v << s, a.host}; }
  friend Placed operator>>(const Placed& a, std::size_t s) { return {a.v >> s, a.host}; }
  friend bool operator==(const Placed& a, const Placed& b) { return a.v == b.v; }
  friend bool operator<(const Placed& a, const Placed& b) { return a.v < b.v; }
};

}  // namespace
}  // namespace warpnum::test

template <> struct warpnum::huge::NumberTraits<warpnum::test::Placed> {
  using P = warpnum::test::Placed;
  using M = NumberTraits<mpz_class>;
  static std::size_t bit_width(const P& x) { return M::bit_width(x.v); }
  static int sign(const P& x) { return M::sign(x.v); }
  static std::vector<std::uint32_t> limbs(const P& x) { return M::limbs(x.v); }
  static P from_limbs(std::span<const std::uint32_t> l, const P& like) { return {M::from_limbs(l, like.v), like.host}; }
  static P from_uint(std::uint64_t v, const P& like) { return {M::from_uint(v, like.v), like.host}; }
  static P sqr(const P& x) { return {x.v * x.v, x.host}; }
  static bool on_host(const P& x) { return x.host; }
  static P to_host(const P& x) { return {x.v, true}; }
  static P to_place_of(const P& x, const P& like) { return {x.v, like.host}; }
  static constexpr std::size_t host_limbs = 64;
};

namespace warpnum::test {
namespace {

::testing::AssertionResult check_round_trip(const mpz_class& x, int base) {
  const std::string expected = x.get_str(base);
  const std::string got = huge::to_text_nonnegative(x, base);
  if (got != expected) {
    return ::testing::AssertionFailure() << "to_text base " << base << " of 0x" << x.get_str(16) << ": " << got;
  }
  const mpz_class back = huge::from_text_nonnegative(expected, base, mpz_class());
  if (back != x) return ::testing::AssertionFailure() << "from_text base " << base << ": " << expected;
  return ::testing::AssertionSuccess();
}

TEST(RadixConversion, EveryBaseRandom) {
  const std::uint64_t seed = seed_for("huge radix conversion");
  Rng rng(seed);
  for (int base = 2; base <= 36; ++base) {
    for (int i = 0; i < 60; ++i) {
      const mpz_class x = random_huge(rng, random_limbs(rng, 600));
      ASSERT_TRUE(check_round_trip(x, base)) << "seed " << seed << ", case " << i;
    }
  }
}

TEST(RadixConversion, EdgeValues) {
  const mpz_class one = 1;
  for (int base = 2; base <= 36; ++base) {
    ASSERT_TRUE(check_round_trip(0, base));
    ASSERT_TRUE(check_round_trip(1, base));
    ASSERT_TRUE(check_round_trip(base - 1, base));
    mpz_class p = 1;
    for (int e = 0; e < 1200; e += 37) {
      mpz_pow_ui(p.get_mpz_t(), mpz_class(base).get_mpz_t(), static_cast<unsigned long>(e));
      ASSERT_TRUE(check_round_trip(p, base)) << "base^" << e;
      ASSERT_TRUE(check_round_trip(p - 1, base)) << "base^" << e << " - 1";
      ASSERT_TRUE(check_round_trip(p + 1, base)) << "base^" << e << " + 1";
    }
    for (std::size_t bits : {31u, 32u, 64u, 1000u, 4096u}) ASSERT_TRUE(check_round_trip((one << bits) - 1, base));
  }
  // Leading zeros are digits like any other.
  EXPECT_TRUE(huge::from_text_nonnegative("000000000000000000000000000000000000123", 10, mpz_class()) == 123);
  EXPECT_TRUE(huge::from_text_nonnegative("00000", 10, mpz_class()) == 0);
}

TEST(RadixConversion, MillionDecimalDigits) {
  const std::uint64_t seed = seed_for("huge radix million digits");
  Rng rng(seed);
  const mpz_class x = random_huge(rng, 103810);  // about 10^6 decimal digits
  ASSERT_TRUE(check_round_trip(x, 10)) << "seed " << seed;
  ASSERT_TRUE(check_round_trip(x, 7)) << "seed " << seed;
}

}  // namespace
}  // namespace warpnum::test

namespace warpnum::test {
namespace {

TEST(RadixConversion, DeviceLevelsAndHostJobs) {
  const std::uint64_t seed = seed_for("huge radix placed");
  Rng rng(seed);
  for (int i = 0; i < 12; ++i) {
    const mpz_class x = random_huge(rng, 1 + rng.below(20000));
    const Placed device_x{x, false};
    for (int base : {10, 3, 16}) {
      ASSERT_EQ(huge::to_text_nonnegative(device_x, base), x.get_str(base)) << "seed " << seed << ", case " << i;
      const Placed back = huge::from_text_nonnegative(x.get_str(base), base, Placed{0, false});
      ASSERT_TRUE(back.v == x && !back.host) << "seed " << seed << ", case " << i;
    }
    const huge::DivResult<Placed> qr = huge::divmod_nonnegative(Placed{x * x + 5, false}, device_x);
    ASSERT_TRUE(qr.quot.v == x && qr.rem.v == 5 && !qr.quot.host && !qr.rem.host) << "seed " << seed;
  }
}

}  // namespace
}  // namespace warpnum::test

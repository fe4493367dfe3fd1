// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/text_test.cpp: Integer's to_string, text constructor and operator<< on the host against GMP
// (mpz_get_str, mpz_set_str): every base from 2 to 36, prefixes, signs, bad text, up to 10^6 decimal digits.
#include "cases/huge_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/integer.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

namespace warpnum::test {
namespace {

::testing::AssertionResult check_text(const mpz_class& z, int base) {
  const Integer x = from_mpz(z, Place::host);
  const std::string expected = z.get_str(base);
  const std::string got = to_string(x, base);
  if (got != expected) {
    return ::testing::AssertionFailure() << "to_string base " << base << ": " << got << ", expected " << expected;
  }
  const Integer back(expected, base, Place::host);
  if (to_mpz_class(back) != z || back.place() != Place::host) {
    return ::testing::AssertionFailure() << "Integer(text, " << base << "): " << expected;
  }
  return ::testing::AssertionSuccess();
}

long parse(const char* text, int base = 0) { return to_mpz_class(Integer(text, base, Place::host)).get_si(); }

TEST(IntegerText, EveryBase) {
  const std::uint64_t seed = seed_for("Integer text");
  Rng rng(seed);
  for (int base = 2; base <= 36; ++base) {
    ASSERT_TRUE(check_text(0, base));
    ASSERT_TRUE(check_text(1, base));
    ASSERT_TRUE(check_text(-1, base));
    ASSERT_TRUE(check_text(base, base));
    for (int i = 0; i < 25; ++i) {
      const mpz_class z = random_huge(rng, random_limbs(rng, 400));
      ASSERT_TRUE(check_text(rng.chance(1, 2) ? mpz_class(-z) : z, base)) << "seed " << seed << ", case " << i;
    }
    mpz_class p;
    mpz_pow_ui(p.get_mpz_t(), mpz_class(base).get_mpz_t(), 700);
    ASSERT_TRUE(check_text(p, base));
    ASSERT_TRUE(check_text(p - 1, base));
    ASSERT_TRUE(check_text(-p - 1, base));
  }
}

TEST(IntegerText, Prefixes) {
  EXPECT_EQ(parse("0x1F"), 31);
  EXPECT_EQ(parse("0X1f"), 31);
  EXPECT_EQ(parse("-0x10"), -16);
  EXPECT_EQ(parse("+0x10"), 16);
  EXPECT_EQ(parse("0b101"), 5);
  EXPECT_EQ(parse("-0B11"), -3);
  EXPECT_EQ(parse("017"), 15);
  EXPECT_EQ(parse("-017"), -15);
  EXPECT_EQ(parse("0"), 0);
  EXPECT_EQ(parse("00"), 0);
  EXPECT_EQ(parse("123"), 123);
  EXPECT_EQ(parse("+123"), 123);
  EXPECT_EQ(parse("-123"), -123);
  // An explicit base takes no prefix: "0b1" is a hexadecimal number.
  EXPECT_EQ(parse("0b1", 16), 0xb1);
  EXPECT_EQ(parse("ZZ", 36), 36 * 36 - 1);
  EXPECT_EQ(parse("zz", 36), 36 * 36 - 1);
  EXPECT_EQ(parse("0000000000000000000000000000000000000000000000000000000000000001", 10), 1);
}

TEST(IntegerText, MinusZeroIsZero) {
  for (const char* text : {"-0", "+0", "-00", "-0x0", "-0b0", "-000000000000000000000000000000000000000000000"}) {
    const Integer x(text, 0, Place::host);
    EXPECT_TRUE(x.is_zero()) << text;
    EXPECT_FALSE(x.is_negative()) << text;
    EXPECT_EQ(to_string(x), "0") << text;
  }
}

TEST(IntegerText, BadTextThrows) {
  for (const char* text : {"", "-", "+", "0x", "-0x", "0b", "12a", "1 2", " 12", "12 ", "--1", "+-1", "0x1g", "08",
                           "0b102", "1.5", "1e5", "\xff"}) {
    EXPECT_THROW(Integer(text, 0, Place::host), std::invalid_argument) << "base 0: '" << text << "'";
  }
  EXPECT_THROW(Integer("12a", 10, Place::host), std::invalid_argument);
  EXPECT_THROW(Integer("2", 2, Place::host), std::invalid_argument);
  EXPECT_THROW(Integer("0x10", 16, Place::host), std::invalid_argument);
  EXPECT_THROW(Integer("z", 35, Place::host), std::invalid_argument);
  for (int base : {-1, 1, 37, 100}) {
    EXPECT_THROW(Integer("1", base, Place::host), std::invalid_argument) << base;
    EXPECT_THROW(to_string(Integer(1, Place::host), base), std::invalid_argument) << base;
  }
}

TEST(IntegerText, Stream) {
  const Integer x(-255, Place::host);
  std::ostringstream os;
  os << x << ' ' << std::hex << x << ' ' << std::showbase << std::uppercase << x << ' ' << std::oct << x << ' '
     << std::dec << std::showpos << Integer(7, Place::host);
  EXPECT_EQ(os.str(), "-255 -ff -0XFF -0377 +7");
}

TEST(IntegerText, MillionDigits) {
  const std::uint64_t seed = seed_for("Integer text million digits");
  Rng rng(seed);
  const mpz_class z = random_huge(rng, 103810);  // about 10^6 decimal digits
  ASSERT_TRUE(check_text(z, 10)) << "seed " << seed;
  ASSERT_TRUE(check_text(-z, 16)) << "seed " << seed;
  mpz_class p;
  mpz_ui_pow_ui(p.get_mpz_t(), 10, 100000);
  ASSERT_TRUE(check_text(p - 1, 10));
  ASSERT_TRUE(check_text(-p, 10));
}

}  // namespace
}  // namespace warpnum::test

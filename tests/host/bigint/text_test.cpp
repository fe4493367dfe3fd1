// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/text_test.cpp: text conversion of BigUInt/BigInt (bigint/text.hpp, detail/bigint/text.hpp,
// detail/bigint/parse_text.hpp) at every tested width against GMP's
// mpz_get_str: to_string/from_string round trips in every base from 2 to 36 (bases 2, 8, 10, 16 and 36 most), and
// to_chars/from_chars and the string constructor with its prefixes. Malformed text is in errors_test.cpp.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <charconv>
#include <string>
#include <system_error>
#include <tuple>

namespace warpnum::test {
namespace {

constexpr int random_cases = 20000;

template <class T> class Text : public ::testing::Test {};
TYPED_TEST_SUITE(Text, AllTypeList, TypeNames);

// Each case picks one base; a round trip costs O(Bits^2), so one case in four also runs the full check_text
// (to_chars with exact, short and upper-case buffers, from_chars, the string constructor with prefixes).
TYPED_TEST(Text, RoundTrip) {
  using T = TypeParam;
  const std::string what = type_name<T>() + " text";
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int i) {
    constexpr int main_bases[] = {2, 8, 10, 16, 36};
    const int base = i % 2 == 0 ? main_bases[(i / 2) % 5] : 2 + static_cast<int>(rng.below(35));
    const T a = random_value<T>(rng);
    return i % 4 == 3 ? check_text(a, base) : check_round_trip(a, base);
  });
  // Edge values in every base up to 1024 bits; above, in the main bases (2, 8, 10, 16, 36) and 3.
  for (int base = 2; base <= 36; ++base) {
    if (T::bits > 1024 && base != 2 && base != 3 && base != 8 && base != 10 && base != 16 && base != 36) continue;
    run_edge_cases(what + " base " + std::to_string(base), edge_values<T>(), [base](const T& a) { return check_text(a, base); });
  }
}

TEST(Text, Examples) {
  const BigUInt<256> p{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};
  EXPECT_EQ(to_string(p), "115792089237316195423570985008687907853269984665640564039457584007908834671663");
  EXPECT_EQ(to_string(p, 16), "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
  EXPECT_EQ(to_string(BigUInt<64>{}, 2), "0");
  EXPECT_EQ(to_string(BigInt<64>{-255}, 16), "-ff");
  EXPECT_EQ(to_string(BigInt<64>::min(), 8), "-1000000000000000000000");
  EXPECT_EQ(to_string(BigUInt<32>{35u}, 36), "z");
  EXPECT_EQ(to_string(BigInt<96>{-36}, 36), "-10");
  EXPECT_EQ(BigInt<128>{"-0X7fFF"}, BigInt<128>{-0x7fff});
  EXPECT_EQ(BigInt<128>{"-0b101"}, BigInt<128>{-5});
  EXPECT_EQ(BigUInt<128>{"0O777"}, BigUInt<128>{0777u});
  EXPECT_EQ(BigUInt<128>{"000123"}, BigUInt<128>{123u});  // leading zeros: decimal, not octal
  EXPECT_EQ(BigInt<128>{"-0"}, BigInt<128>{});
  EXPECT_EQ(BigInt<128>{"-0x0"}, BigInt<128>{});
  EXPECT_EQ(BigUInt<32>{"0x00000000000000000000000000000000ffffffff"}, BigUInt<32>::max());  // zeros never overflow
  EXPECT_EQ(from_string<BigUInt<32>>(std::string(10000, '0') + "7"), BigUInt<32>{7u});
  EXPECT_EQ(from_string<BigInt<64>>("-zz", 36), BigInt<64>{-1295});
  EXPECT_EQ(from_string<BigInt<64>>("ZZ", 36), BigInt<64>{1295});
  EXPECT_EQ(from_string<BigUInt<64>>("0x1f"), BigUInt<64>{31u});  // base 0: the constructor's rules

  // Extremes: MIN and MAX of each signedness, and one past them out of range (errors_test checks the throw).
  EXPECT_EQ(BigInt<64>{"-9223372036854775808"}, BigInt<64>::min());
  EXPECT_EQ(BigInt<64>{"9223372036854775807"}, BigInt<64>::max());
  EXPECT_EQ(BigUInt<64>{"18446744073709551615"}, BigUInt<64>::max());
  EXPECT_EQ(BigInt<32>{"-0x80000000"}, BigInt<32>::min());
}

TEST(Text, FromCharsStopsAtTheFirstNonDigit) {
  BigInt<128> v{42};
  const std::string s = "-123abc";
  auto r = from_chars(s.data(), s.data() + s.size(), v);
  EXPECT_EQ(r.ec, std::errc{});
  EXPECT_EQ(r.ptr, s.data() + 4);
  EXPECT_EQ(v, BigInt<128>{-123});
  r = from_chars(s.data(), s.data() + s.size(), v, 16);  // abc are hex digits
  EXPECT_EQ(r.ptr, s.data() + s.size());
  EXPECT_EQ(v, BigInt<128>{-0x123abc});
  const std::string prefixed = "0x10";  // no prefix in from_chars: 0, then stop at 'x'
  BigUInt<64> u{9u};
  r = from_chars(prefixed.data(), prefixed.data() + prefixed.size(), u, 16);
  EXPECT_EQ(r.ec, std::errc{});
  EXPECT_EQ(r.ptr, prefixed.data() + 1);
  EXPECT_EQ(u, BigUInt<64>{});
}

TEST(Text, ToCharsUppercaseAndSign) {
  char buf[64];
  const auto r = to_chars(buf, buf + sizeof buf, BigInt<128>{-0xabcdef}, 16, true);
  ASSERT_EQ(r.ec, std::errc{});
  EXPECT_EQ(std::string(buf, r.ptr), "-ABCDEF");
  // The '-' needs room too.
  char small[6];
  const auto r2 = to_chars(small, small + sizeof small, BigInt<128>{-0xabcdef}, 16);
  EXPECT_EQ(r2.ec, std::errc::value_too_large);
  EXPECT_EQ(r2.ptr, small + sizeof small);
}

}  // namespace
}  // namespace warpnum::test

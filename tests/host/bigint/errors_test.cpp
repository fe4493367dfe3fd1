// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/errors_test.cpp: every error of BigUInt/BigInt on the host: division by zero (and
// divmod_checked's defined result), isqrt of a negative, malformed and out-of-range text (the constructor,
// from_string, from_chars, operator>>), bases outside 2 to 36, and from_bytes with bytes that do not fit.
#include "cases/bigint_checks.hpp"
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

namespace warpnum {
namespace {

using test::thrown_message;

template <class T> class Errors : public ::testing::Test {};
using ErrorTypes = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<96>, BigInt<96>, BigUInt<256>, BigInt<256>,
                                    BigUInt<8192>, BigInt<8192>>;
TYPED_TEST_SUITE(Errors, ErrorTypes, test::TypeNames);

/// 2^k as text in base 10 (via the library's own shift and to_string: the values are checked against GMP
/// elsewhere).
template <std::size_t Bits> std::string power_of_two(std::size_t k) {
  return to_string(BigUInt<Bits + 32>{1u} << k);
}

TYPED_TEST(Errors, DivisionByZero) {
  using T = TypeParam;
  for (const T& a : {T{}, T{1}, T{-1}, T::max(), T::min(), T{12345}}) {
    EXPECT_THROW((void)(a / T{}), std::domain_error);
    EXPECT_THROW((void)(a % T{}), std::domain_error);
    EXPECT_THROW((void)(a / 0), std::domain_error);
    EXPECT_THROW((void)(a % 0), std::domain_error);
    EXPECT_THROW((void)divmod(a, T{}), std::domain_error);
    T x = a;
    EXPECT_THROW(x /= T{}, std::domain_error);
    x = a;
    EXPECT_THROW(x %= T{}, std::domain_error);
    // The defined result that device code gets, with its status.
    const auto r = divmod_checked(a, T{});
    EXPECT_EQ(r.status, Status::division_by_zero);
    EXPECT_EQ(r.quot, ~T{});
    EXPECT_EQ(r.rem, a);
    EXPECT_EQ(divmod_checked(a, T{1}).status, Status::ok);
  }
  EXPECT_NE(thrown_message<std::domain_error>([] { (void)(T{1} / T{}); }).find("division by zero"), std::string::npos);
}

TYPED_TEST(Errors, IsqrtOfNegative) {
  using T = TypeParam;
  if constexpr (T::is_signed) {
    EXPECT_THROW((void)isqrt(T{-1}), std::domain_error);
    EXPECT_THROW((void)isqrt(T::min()), std::domain_error);
    EXPECT_THROW((void)isqrt(-T::max()), std::domain_error);
  }
  EXPECT_EQ(isqrt(T{}), T{});
  EXPECT_EQ(isqrt(T{1}), T{1});
}

/// T(text) throws std::invalid_argument whose message names the character and its position.
template <class T> void expect_bad_character(const std::string& text, char c, std::size_t position) {
  const std::string what = thrown_message<std::invalid_argument>([&] { (void)T(text); });
  // Characters other than printable ASCII, quote marks and backslashes show as \xHH (text_messages_test.cpp).
  const std::string shown = detail::escape_text(std::string_view(&c, 1));
  const std::string expected = "'" + shown + "' at position " + std::to_string(position);
  EXPECT_NE(what.find(expected), std::string::npos) << "T(\"" << text << "\") threw \"" << what << "\", expected \"" << expected << "\"";
  const std::string what2 = thrown_message<std::invalid_argument>([&] { (void)from_string<T>(text); });
  EXPECT_NE(what2.find(expected), std::string::npos) << "from_string(\"" << text << "\") threw \"" << what2 << "\"";
}

TYPED_TEST(Errors, MalformedText) {
  using T = TypeParam;
  expect_bad_character<T>("12a4", 'a', 2);
  expect_bad_character<T>("0x12g", 'g', 4);
  expect_bad_character<T>("0X1G", 'G', 3);
  expect_bad_character<T>("0b102", '2', 4);
  expect_bad_character<T>("0o78", '8', 3);
  expect_bad_character<T>(" 12", ' ', 0);
  expect_bad_character<T>("12 ", ' ', 2);
  expect_bad_character<T>("+12", '+', 0);
  expect_bad_character<T>("1_000", '_', 1);
  expect_bad_character<T>("1,000", ',', 1);
  expect_bad_character<T>("1-", '-', 1);
  expect_bad_character<T>("0x-1", '-', 2);
  expect_bad_character<T>("00x1", 'x', 2);
  expect_bad_character<T>("12\n", '\n', 2);
  expect_bad_character<T>("1.5", '.', 1);
  expect_bad_character<T>("1e5", 'e', 1);
  if constexpr (T::is_signed) {
    expect_bad_character<T>("-12z", 'z', 3);
    expect_bad_character<T>("--1", '-', 1);
    expect_bad_character<T>("-+1", '+', 1);
    expect_bad_character<T>("-0xq", 'q', 3);
  } else {
    // '-' is invalid for an unsigned type, even before zero.
    expect_bad_character<T>("-1", '-', 0);
    expect_bad_character<T>("-0", '-', 0);
    expect_bad_character<T>("-0x5", '-', 0);
  }
  // No digits at all.
  for (const char* text : {"", "0x", "0X", "0b", "0o", "-", "-0x"}) {
    EXPECT_THROW((void)T(std::string_view(text)), std::invalid_argument) << '"' << text << '"';
    EXPECT_THROW((void)from_string<T>(text), std::invalid_argument) << '"' << text << '"';
  }
}

TYPED_TEST(Errors, TextOutOfRange) {
  using T = TypeParam;
  constexpr std::size_t bits = T::bits;
  const std::size_t limit = T::is_signed ? bits - 1 : bits;  // 2^limit is the first value that does not fit
  const std::string too_big = power_of_two<bits>(limit);
  EXPECT_THROW((void)T(too_big), std::out_of_range) << too_big;
  EXPECT_THROW((void)from_string<T>(too_big), std::out_of_range);
  EXPECT_THROW((void)from_string<T>(too_big, 10), std::out_of_range);
  EXPECT_THROW((void)T("0x1" + std::string(bits / 4, '0')), std::out_of_range);  // 2^Bits
  EXPECT_THROW((void)T("0b1" + std::string(bits, '0')), std::out_of_range);
  EXPECT_THROW((void)T(std::string(bits, '9')), std::out_of_range);
  const std::string what = thrown_message<std::out_of_range>([&] { (void)T(too_big); });
  EXPECT_NE(what.find(std::to_string(bits)), std::string::npos) << what;  // names the type's width
  // The largest value still fits.
  EXPECT_EQ(T(to_string(T::max())), T::max());
  if constexpr (T::is_signed) {
    EXPECT_EQ(T("-" + too_big), T::min());
    const std::string below_min = "-" + to_string(BigUInt<bits + 32>{1u} << limit | BigUInt<bits + 32>{1u});
    EXPECT_THROW((void)T(below_min), std::out_of_range) << below_min;
    EXPECT_THROW((void)from_string<T>(below_min, 10), std::out_of_range);
    EXPECT_THROW((void)T("-0x8" + std::string(bits / 4 - 1, '0') + "1"), std::out_of_range);
  }
}

TYPED_TEST(Errors, BaseOutOfRange) {
  using T = TypeParam;
  for (const int base : {-1, 0, 1, 37, 100}) {
    const std::string what = thrown_message<std::invalid_argument>([&] { (void)to_string(T{5}, base); });
    EXPECT_NE(what.find("base"), std::string::npos) << "to_string base " << base << ": " << what;
    char buf[16];
    EXPECT_EQ(to_chars(buf, buf + sizeof buf, T{5}, base).ec, std::errc::invalid_argument) << base;
    T v{7};
    const std::string text = "5";
    const auto r = from_chars(text.data(), text.data() + text.size(), v, base);
    EXPECT_EQ(r.ec, std::errc::invalid_argument) << base;
    EXPECT_EQ(r.ptr, text.data());
    EXPECT_EQ(v, T{7});
    if (base != 0) {
      EXPECT_THROW((void)from_string<T>("5", base), std::invalid_argument) << base;
    }
  }
}

TYPED_TEST(Errors, FromStringWithBase) {
  using T = TypeParam;
  const std::string what = thrown_message<std::invalid_argument>([] { (void)from_string<T>("12a", 10); });
  EXPECT_NE(what.find("'a' at position 2"), std::string::npos) << what;
  const std::string what16 = thrown_message<std::invalid_argument>([] { (void)from_string<T>("ffg1", 16); });
  EXPECT_NE(what16.find("'g' at position 2"), std::string::npos) << what16;
  EXPECT_THROW((void)from_string<T>("", 10), std::invalid_argument);
  EXPECT_THROW((void)from_string<T>("0x10", 16), std::invalid_argument);  // no prefix with an explicit base
  EXPECT_THROW((void)from_string<T>("2", 2), std::invalid_argument);
  if constexpr (T::is_signed) {
    EXPECT_THROW((void)from_string<T>("-", 10), std::invalid_argument);
    const std::string w = thrown_message<std::invalid_argument>([] { (void)from_string<T>("-x", 10); });
    EXPECT_NE(w.find("'x' at position 1"), std::string::npos) << w;
  } else {
    const std::string w = thrown_message<std::invalid_argument>([] { (void)from_string<T>("-5", 10); });
    EXPECT_NE(w.find("'-' at position 0"), std::string::npos) << w;
  }
}

TYPED_TEST(Errors, FromChars) {
  using T = TypeParam;
  const auto parse = [](const std::string& text, T& v, int base = 10) {
    return from_chars(text.data(), text.data() + text.size(), v, base);
  };
  T v{42};
  for (const std::string text : {"", "x", " 1", "+1", "-", "--1"}) {
    const auto r = parse(text, v);
    EXPECT_EQ(r.ec, std::errc::invalid_argument) << '"' << text << '"';
    EXPECT_EQ(r.ptr, text.data()) << '"' << text << '"';
    EXPECT_EQ(v, T{42}) << "the value is left unchanged";
  }
  if constexpr (!T::is_signed) {
    const std::string text = "-1";
    EXPECT_EQ(parse(text, v).ec, std::errc::invalid_argument);
    EXPECT_EQ(v, T{42});
  }
  const std::size_t limit = T::is_signed ? T::bits - 1 : T::bits;
  const std::string too_big = power_of_two<T::bits>(limit) + "xyz";
  const auto r = parse(too_big, v);
  EXPECT_EQ(r.ec, std::errc::result_out_of_range);
  EXPECT_EQ(r.ptr, too_big.data() + too_big.size() - 3) << "ptr is past the digits";
  EXPECT_EQ(v, T{42});
  const std::string hex_too_big = "1" + std::string(T::bits / 4, '0');
  EXPECT_EQ(parse(hex_too_big, v, 16).ec, std::errc::result_out_of_range);
  EXPECT_EQ(v, T{42});
  if constexpr (T::is_signed) {
    const std::string min_text = "-" + power_of_two<T::bits>(limit);
    EXPECT_EQ(parse(min_text, v).ec, std::errc{});
    EXPECT_EQ(v, T::min());
    v = T{42};
    const std::string below_min = "-8" + std::string(T::bits / 4 - 1, '0') + "1";
    EXPECT_EQ(parse(below_min, v, 16).ec, std::errc::result_out_of_range);
    EXPECT_EQ(v, T{42});
  }
}

TYPED_TEST(Errors, StreamFailbit) {
  using T = TypeParam;
  const auto read = [](const std::string& text, T& v, std::ios_base& (*base)(std::ios_base&) = std::dec) {
    std::istringstream in(text);
    in >> base >> v;
    return in.fail();
  };
  T v{42};
  for (const char* text : {"", "   ", "x12", "-", "--5", "z", ".5"}) {
    EXPECT_TRUE(read(text, v)) << '"' << text << '"';
    EXPECT_EQ(v, T{42}) << '"' << text << '"' << ": the value is left unchanged";
  }
  EXPECT_TRUE(read("g", v, std::hex));
  EXPECT_TRUE(read("0x", v, std::hex));
  EXPECT_TRUE(read("0xg", v, std::hex));
  EXPECT_TRUE(read("9", v, std::oct));
  if constexpr (!T::is_signed) {
    EXPECT_TRUE(read("-1", v));
  }
  const std::size_t limit = T::is_signed ? T::bits - 1 : T::bits;
  EXPECT_TRUE(read(power_of_two<T::bits>(limit), v));
  EXPECT_TRUE(read("1" + std::string(T::bits / 4, '0'), v, std::hex));
  EXPECT_EQ(v, T{42});
  {
    std::istringstream in("0b");
    in.unsetf(std::ios_base::basefield);
    in >> v;
    EXPECT_TRUE(in.fail());
  }
}

// The rows of docs/errors.md that are not errors: wrapping, large shift counts, the minimum's magnitude.
TYPED_TEST(Errors, NotErrors) {
  using T = TypeParam;
  if constexpr (T::is_signed) {
    EXPECT_EQ(T::min() / T{-1}, T::min());
    EXPECT_EQ(T::min() % T{-1}, T{});
    EXPECT_EQ(divmod_checked(T::min(), T{-1}).status, Status::ok);
    EXPECT_EQ(gcd(T::min(), T{}), T::min());
    EXPECT_EQ(gcd(T{}, T::min()), T::min());
    EXPECT_EQ(gcd(T::min(), T::min()), T::min());
    EXPECT_EQ(abs(T::min()), T::min());
    EXPECT_EQ(-T::min(), T::min());
    EXPECT_EQ(T::max() + T{1}, T::min());
    EXPECT_EQ(T::min() - T{1}, T::max());
    EXPECT_EQ(T{-1} >> T::bits, T{-1});
    EXPECT_EQ(T{-1} >> ~std::uint64_t{0}, T{-1});
    EXPECT_EQ(T::min() >> (T::bits - 1), T{-1});
  }
  T x = T::max();
  EXPECT_EQ(++x, T::min());
  EXPECT_EQ(--x, T::max());
  EXPECT_EQ(T::max() * T::max(), T{1});  // (2^k - 1)^2 = 1 modulo 2^k, and for 2^(Bits-1) - 1 modulo 2^Bits
  EXPECT_EQ(T{1} << T::bits, T{});
  EXPECT_EQ(T{-1} << ~std::uint64_t{0}, T{});
  EXPECT_EQ(T::max() >> T::bits, T{});
  EXPECT_EQ(pow(T{2}, T::bits), T{});
  EXPECT_EQ(pow(T{3}, std::uint64_t{1} << 62), pow(T{3}, BigUInt<64>{1u} << 62));  // wraps, no error
  EXPECT_EQ(lcm(T{1} << (T::bits - 2), T{3}), T{3} << (T::bits - 2));           // wraps modulo 2^Bits
}

// The rows of docs/errors.md that do not compile: implicit narrowing and sign-changing conversions. (Bits that
// are not a multiple of 32, and malformed consteval literals, are hard errors that only a compile-fail test can
// show.)
static_assert(!std::is_convertible_v<BigUInt<256>, BigInt<256>> && !std::is_convertible_v<BigInt<256>, BigUInt<256>>);
static_assert(!std::is_convertible_v<BigUInt<256>, BigUInt<128>> && !std::is_convertible_v<BigInt<256>, BigInt<128>>);
static_assert(std::is_constructible_v<BigInt<256>, BigUInt<256>> && std::is_constructible_v<BigUInt<128>, BigUInt<256>>);

TYPED_TEST(Errors, FromBytesExcess) {
  using T = TypeParam;
  constexpr std::size_t n = T::bits / 8;
  std::vector<std::uint8_t> bytes(n + 3, 0);
  bytes[0] = 1;
  for (const std::endian order : {std::endian::little, std::endian::big}) {
    // The excess is on the most significant side: the end for little endian, the start for big endian.
    std::vector<std::uint8_t> b = bytes;
    if (order == std::endian::big) b.assign(bytes.rbegin(), bytes.rend());
    EXPECT_EQ(from_bytes<T>(b.data(), b.size(), order), T{1});  // zero excess is fine
    for (const std::size_t excess : {n, n + 2, n + 1}) {  // 0x80, and 0x01: any non-zero bit of excess
      std::vector<std::uint8_t> bad = bytes;
      bad[excess] = excess == n + 1 ? 0x01 : 0x80;
      if (order == std::endian::big) bad.assign(bad.rbegin(), bad.rend());
      EXPECT_THROW((void)from_bytes<T>(bad.data(), bad.size(), order), std::out_of_range)
          << (order == std::endian::little ? "little" : "big") << " endian, byte " << excess;
    }
  }
}

}  // namespace
}  // namespace warpnum

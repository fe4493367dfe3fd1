// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/text_messages_test.cpp: the exact error messages of the text parsers (BasicInt's constructor,
// from_string, GF2n's constructor) for characters that are not printable ASCII (NUL, 0x01, 0x7f, 0xff), quote marks
// and backslashes, which the messages show as \xHH; and operator>> on bytes 0x80 and up, which are characters, not
// the end of the stream.
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>

#include <gtest/gtest.h>

#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpnum {
namespace {

using test::thrown_message;

struct Odd {
  char c;
  const char* shown;
};
constexpr Odd odd_characters[] = {{'\0', "\\x00"}, {'\x01', "\\x01"}, {'\x7f', "\\x7f"}, {'\xff', "\\xff"},
                                  {'\x80', "\\x80"}, {'\'', "\\x27"},  {'"', "\\x22"},    {'\\', "\\x5c"}};

/// "1<c> 2": the bad character at position 1, four characters in all (NUL included).
std::string text_with(char c) { return std::string("1") + c + " 2"; }
std::string shown_with(const Odd& o) { return std::string("1") + o.shown + " 2"; }

TEST(TextMessages, BasicIntConstructor) {
  for (const Odd& o : odd_characters) {
    const std::string text = text_with(o.c);
    const std::string want = "warpnum: invalid character '" + std::string(o.shown) + "' at position 1 in \"" + shown_with(o) + "\"";
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)BigUInt<256>(std::string_view(text)); }), want);
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)BigInt<256>(std::string_view(text)); }), want);
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)BigUInt<64>(std::string_view(text)); }), want);
  }
  // The example the tester sent, and text that is all odd characters.
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)BigInt<256>(std::string_view("1\0 2", 4)); }),
            "warpnum: invalid character '\\x00' at position 1 in \"1\\x00 2\"");
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)BigUInt<128>(std::string_view("\xff\0", 2)); }),
            "warpnum: invalid character '\\xff' at position 0 in \"\\xff\\x00\"");
}

TEST(TextMessages, FromString) {
  for (const Odd& o : odd_characters) {
    const std::string text = text_with(o.c);
    const std::string want =
        "warpnum: invalid character '" + std::string(o.shown) + "' at position 1 in \"" + shown_with(o) + "\" (base 10)";
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)from_string<BigUInt<256>>(text, 10); }), want);
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)from_string<BigInt<256>>(text, 10); }), want);
    // Base 0 is the constructor's rules and message.
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)from_string<BigUInt<256>>(text); }),
              "warpnum: invalid character '" + std::string(o.shown) + "' at position 1 in \"" + shown_with(o) + "\"");
  }
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)from_string<BigUInt<64>>(std::string_view("\0", 1), 16); }),
            "warpnum: invalid character '\\x00' at position 0 in \"\\x00\" (base 16)");
  // A bad character after more digits than fit: the bad character is reported, not the overflow (GMP, too, rejects
  // the text rather than reading a prefix of it).
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)from_string<BigUInt<32>>("ffffffffff\x7f", 16); }),
            "warpnum: invalid character '\\x7f' at position 10 in \"ffffffffff\\x7f\" (base 16)");
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_string<BigUInt<32>>("ffffffffff", 16); }),
            "warpnum: \"ffffffffff\" does not fit in the type");
}

TEST(TextMessages, GF2nConstructor) {
  for (const Odd& o : odd_characters) {
    const std::string text = std::string("a") + o.c + "b";
    const std::string want = "warpnum: invalid character '" + std::string(o.shown) + "' at position 1 in \"a" + o.shown +
                             "b\" (hexadecimal coefficients)";
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)GF2n<64>(std::string_view(text)); }), want);
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)GF2n<163>(std::string_view(text)); }), want);
  }
  // A bad character and a coefficient beyond the field: the bad character is reported, the first one if several.
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)GF2n<8>(std::string_view("\x01" "100", 4)); }),
            "warpnum: invalid character '\\x01' at position 0 in \"\\x01100\" (hexadecimal coefficients)");
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)GF2n<8>(std::string_view("1g0h", 4)); }),
            "warpnum: invalid character 'g' at position 1 in \"1g0h\" (hexadecimal coefficients)");
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)GF2n<8>(std::string_view("100", 3)); }),
            "warpnum: \"100\" has a coefficient at x^8, beyond GF2n<8>");
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)GF2n<8>(std::string_view("0x", 2)); }), "warpnum: no digits in \"0x\"");
}

/// Reads one T from `text`; returns the value, the stream's state and the characters left.
template <class T> void check_stops_at(const std::string& text, const T& want, const std::string& left) {
  std::istringstream in(text);
  T x{};
  in >> x;
  EXPECT_FALSE(in.fail()) << text;
  EXPECT_FALSE(in.eof()) << "eofbit with " << left.size() << " characters left";
  EXPECT_EQ(x, want) << text;
  const std::string rest{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_EQ(rest, left);
}

TEST(TextMessages, StreamsReadHighBytesAsCharacters) {
  for (const char high : {'\x80', '\xa0', '\xfe', '\xff'}) {
    const std::string tail = std::string(1, high) + "34";
    check_stops_at<BigUInt<256>>("12" + tail, BigUInt<256>{12u}, tail);
    check_stops_at<BigUInt<64>>("12" + tail, BigUInt<64>{12u}, tail);
    check_stops_at<BigInt<256>>("-12" + tail, BigInt<256>{-12}, tail);
    check_stops_at<BigInt<128>>("-7" + tail, BigInt<128>{-7}, tail);
    // A high byte first: no digit, failbit, the byte left in the stream (not eofbit).
    std::istringstream in(tail);
    BigUInt<256> x{7u};
    in >> x;
    EXPECT_TRUE(in.fail());
    EXPECT_FALSE(in.eof());
    EXPECT_EQ(x, BigUInt<256>{7u});
    in.clear();
    const std::string rest{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    EXPECT_EQ(rest, tail);
  }
  // The real end of the stream still sets eofbit.
  std::istringstream in("12");
  BigUInt<256> x{};
  in >> x;
  EXPECT_TRUE(in.eof());
  EXPECT_FALSE(in.fail());
  EXPECT_EQ(x, BigUInt<256>{12u});
}

}  // namespace
}  // namespace warpnum

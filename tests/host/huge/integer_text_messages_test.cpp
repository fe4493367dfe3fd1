// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/integer_text_messages_test.cpp: the exact messages of Integer's text constructor for characters
// that are not printable ASCII (NUL, 0x01, 0x7f, 0xff), quote marks and backslashes (shown as \xHH, with the
// position), and for Place values outside the enumeration.
#include "cases/thrown.hpp"

#include <warpnum/integer.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace warpnum {
namespace {

using test::thrown_message;

TEST(IntegerTextMessages, OddCharacters) {
  struct Odd {
    char c;
    const char* shown;
  };
  constexpr Odd odd[] = {{'\0', "\\x00"}, {'\x01', "\\x01"}, {'\x7f', "\\x7f"}, {'\xff', "\\xff"},
                         {'\x80', "\\x80"}, {'\'', "\\x27"},  {'"', "\\x22"},    {'\\', "\\x5c"}};
  for (const Odd& o : odd) {
    const std::string text = std::string("1") + o.c + " 2";
    const std::string shown = std::string("1") + o.shown + " 2";
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(std::string_view(text), 10, Place::host); }),
              "warpnum::Integer: \"" + shown + "\" is not a number: invalid character '" + o.shown +
                  "' at position 1 (base 10)");
    // Base 0 with a sign and a prefix: the position counts them.
    const std::string hex = std::string("-0x1") + o.c;
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(std::string_view(hex), 0, Place::host); }),
              "warpnum::Integer: \"-0x1" + std::string(o.shown) + "\" is not a number: invalid character '" + o.shown +
                  "' at position 4 (base 16)");
  }
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { (void)Integer(std::string_view("1\0 2", 4)); }),
            "warpnum::Integer: \"1\\x00 2\" is not a number: invalid character '\\x00' at position 1 (base 10)");
  // Long text is shortened to 40 characters before escaping.
  const std::string longer = std::string(45, '7') + '\xff';
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(longer); }),
            "warpnum::Integer: \"" + std::string(40, '7') + "...\" is not a number: invalid character '\\xff' at position 45 (base 10)");
}

TEST(IntegerTextMessages, PlaceOutsideTheEnumeration) {
  const auto bad = static_cast<Place>(9);
  const std::string want = "warpnum: Integer: Place value 9 is not Place::automatic, host or device";
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(bad); }), want);
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(5, bad); }), want);
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer("123", 10, bad); }), want);
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer(7, Place::host).to(bad); }), want);
  const Integer::limb_type limbs[] = {1, 2};
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)Integer::from_limbs(limbs, false, bad); }), want);
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)mul_algorithm(10, 10, bad); }), want);
}

}  // namespace
}  // namespace warpnum

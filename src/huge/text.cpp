// SPDX-License-Identifier: Apache-2.0
// src/huge/text.cpp: Integer's text: to_string, operator<< and the text constructor. Power-of-two bases regroup the
// limbs' bits; other bases divide and conquer on the fast multiply (include/warpnum/huge/radix_conversion.hpp), by
// whole levels for numbers on the device (radix_tree.cpp).
#include "engine.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/radix_conversion.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstddef>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace warpnum {
namespace {

void check_base(int base) {
  if (base < 2 || base > 36) {
    detail::throw_error<std::invalid_argument>("warpnum::Integer: base " + std::to_string(base) + " is not in 2 to 36");
  }
}

[[noreturn]] void throw_bad_text(std::string_view text, const std::string& why) {
  constexpr std::size_t shown = 40;
  std::string quoted = detail::escape_text(text.substr(0, shown));
  if (text.size() > shown) quoted += "...";
  detail::throw_error<std::invalid_argument>("warpnum::Integer: \"" + quoted + "\" is not a number: " + why);
}

/// Whether a number of about `limbs` limbs converts by whole levels (radix_tree.cpp): on the device from host_limbs
/// limbs (about 10^4 decimal digits), in bases that are not powers of two. Smaller numbers convert on the host,
/// where an operation costs no launch.
bool use_tree(Place place, std::size_t limbs, int base) {
  return place == Place::device && !std::has_single_bit(static_cast<unsigned>(base)) &&
         limbs >= huge::NumberTraits<Integer>::host_limbs;
}

}  // namespace

Integer::Integer(std::string_view text, int base, Place place) {
  if (base != 0) check_base(base);
  std::size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) {
    negative = text[pos] == '-';
    ++pos;
  }
  if (base == 0) {
    const std::string_view rest = text.substr(pos);
    if (rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X')) {
      base = 16;
      pos += 2;
    } else if (rest.size() >= 2 && rest[0] == '0' && (rest[1] == 'b' || rest[1] == 'B')) {
      base = 2;
      pos += 2;
    } else if (rest.size() >= 2 && rest[0] == '0') {
      base = 8;
      pos += 1;
    } else {
      base = 10;
    }
  }
  const std::string_view digits = text.substr(pos);
  if (digits.empty()) throw_bad_text(text, "no digits");
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const int v = huge::radix_digit_value(digits[i]);
    if (v < 0 || v >= base) {
      throw_bad_text(text, detail::invalid_character_text(text, pos + i) + " (base " + std::to_string(base) + ")");
    }
  }
  // digits * bits of the base / 32: the limbs of the value, within a limb a digit.
  const std::size_t limbs = digits.size() * static_cast<std::size_t>(std::bit_width(static_cast<unsigned>(base))) / 32;
  const Integer like(place);  // the resolved place, and where the value will live
  Integer value = use_tree(like.place(), limbs, base) ? huge::from_text_tree(digits, base, like.place())
                                                       : huge::from_text_nonnegative(digits, base, like);
  if (negative && !value.is_zero()) value = -value;
  *this = std::move(value);
}

std::string to_string(const Integer& x, int base) {
  check_base(base);
  if (x.is_zero()) return "0";
  if (use_tree(x.place(), x.size(), base)) return huge::to_text_tree(x, base);
  if (!x.is_negative()) return huge::to_text_nonnegative(x, base);
  return "-" + huge::to_text_nonnegative(-x, base);
}

std::ostream& operator<<(std::ostream& os, const Integer& x) {
  const std::ios_base::fmtflags flags = os.flags();
  const std::ios_base::fmtflags basefield = flags & std::ios_base::basefield;
  const int base = basefield == std::ios_base::hex ? 16 : basefield == std::ios_base::oct ? 8 : 10;
  std::string text = to_string(x, base);
  if ((flags & std::ios_base::uppercase) != 0) {
    std::transform(text.begin(), text.end(), text.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
  }
  if ((flags & std::ios_base::showbase) != 0 && base != 10 && !x.is_zero()) {
    const std::size_t at = x.is_negative() ? 1 : 0;
    text.insert(at, base == 16 ? ((flags & std::ios_base::uppercase) != 0 ? "0X" : "0x") : "0");
  }
  if ((flags & std::ios_base::showpos) != 0 && !x.is_negative()) text.insert(0, "+");
  return os << text;
}

}  // namespace warpnum

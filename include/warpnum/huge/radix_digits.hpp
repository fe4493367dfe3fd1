// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/radix_digits.hpp: the digits of bases 2 to 36 and their characters (0-9, then a-z; upper case read as
// lower), for the text of huge integers on the host (radix_conversion.hpp) and the device (radix_tree.hpp).
// Compiles with plain g++.
#pragma once

#include <warpnum/config.hpp>

namespace warpnum::huge {

/// The value of a digit character (0-9, a-z, A-Z: 0 to 35), or -1.
WARPNUM_HD constexpr int radix_digit_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

/// The character of digit value v (0 to 35).
WARPNUM_HD constexpr char radix_digit_char(unsigned v) noexcept {
  return static_cast<char>(v < 10 ? '0' + v : 'a' + (v - 10));
}

}  // namespace warpnum::huge

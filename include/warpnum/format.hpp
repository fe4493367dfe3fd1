// SPDX-License-Identifier: Apache-2.0
// warpnum/format.hpp: std::formatter for BigUInt/BigInt, where the standard library has <format>.
// Kept out of bigint.hpp because <format> is one of the slowest standard headers to compile.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>

#include <version>

#if defined(__cpp_lib_format)
#  include <cstddef>
#  include <format>
#  include <string>

/// Formats like a built-in integer: `{:[[fill]align][sign][#][0][width][type]}` with type d (default), x, X,
/// o, b or B; `#` adds 0x, 0X, 0 or 0b/0B. A nested width (`{:{}}`) and `L` are not supported
/// (std::format_error).
template <std::size_t Bits, bool Signed, class CharT> struct std::formatter<warpnum::BasicInt<Bits, Signed>, CharT> {
  CharT fill = CharT(' ');
  char align = 0;  // '<', '>', '^' or 0 (numbers align right, zero padding after the sign and prefix)
  char sign = '-';
  bool alternate = false;
  bool zero_pad = false;
  std::size_t width = 0;
  char type = 'd';

  constexpr auto parse(std::basic_format_parse_context<CharT>& ctx) {
    auto it = ctx.begin();
    const auto end = ctx.end();
    auto is_align = [](CharT c) { return c == CharT('<') || c == CharT('>') || c == CharT('^'); };
    if (it != end && it + 1 != end && is_align(*(it + 1)) && *it != CharT('}')) {
      fill = *it;
      align = static_cast<char>(*(it + 1));
      it += 2;
    } else if (it != end && is_align(*it)) {
      align = static_cast<char>(*it++);
    }
    if (it != end && (*it == CharT('+') || *it == CharT('-') || *it == CharT(' '))) sign = static_cast<char>(*it++);
    if (it != end && *it == CharT('#')) {
      alternate = true;
      ++it;
    }
    if (it != end && *it == CharT('0')) {
      zero_pad = true;
      ++it;
    }
    while (it != end && *it >= CharT('0') && *it <= CharT('9')) width = width * 10 + static_cast<std::size_t>(*it++ - CharT('0'));
    if (it != end && *it != CharT('}')) {
      const char t = static_cast<char>(*it);
      if (t != 'd' && t != 'x' && t != 'X' && t != 'o' && t != 'b' && t != 'B')
        warpnum::detail::throw_error<std::format_error>(
            "warpnum: unsupported format type for BigUInt/BigInt (use d, x, X, o, b or B)");
      type = t;
      ++it;
    }
    if (it != end && *it != CharT('}'))
      warpnum::detail::throw_error<std::format_error>("warpnum: malformed format spec for BigUInt/BigInt");
    return it;
  }

  template <class Out> auto format(const warpnum::BasicInt<Bits, Signed>& x, std::basic_format_context<Out, CharT>& ctx) const {
    const int base = type == 'x' || type == 'X' ? 16 : type == 'o' ? 8 : type == 'b' || type == 'B' ? 2 : 10;
    std::string digits = warpnum::to_string(warpnum::BasicInt<Bits, false>{x.is_negative() ? -x : x}, base);
    if (type == 'X') {
      for (char& c : digits)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    std::string prefix = x.is_negative() ? "-" : (sign == '+' ? "+" : (sign == ' ' ? " " : ""));
    if (alternate) {
      if (base == 16) prefix += type == 'X' ? "0X" : "0x";
      if (base == 2) prefix += type == 'B' ? "0B" : "0b";
      if (base == 8 && digits != "0") prefix += "0";
    }
    const std::size_t len = prefix.size() + digits.size();
    const std::size_t pad = width > len ? width - len : 0;
    auto out = ctx.out();
    auto put = [&out](const std::string& s) {
      for (char c : s) *out++ = static_cast<CharT>(c);
    };
    if (zero_pad && align == 0) {
      put(prefix);
      for (std::size_t i = 0; i < pad; ++i) *out++ = CharT('0');
      put(digits);
      return out;
    }
    const std::size_t before = align == '<' ? 0 : (align == '^' ? pad / 2 : pad);
    for (std::size_t i = 0; i < before; ++i) *out++ = fill;
    put(prefix);
    put(digits);
    for (std::size_t i = before; i < pad; ++i) *out++ = fill;
    return out;
  }
};
#endif

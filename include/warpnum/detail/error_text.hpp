// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/error_text.hpp: how error messages quote the text a parser was given.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace warpnum::detail {

/// `text` as an error message quotes it: printable ASCII as it is; every other byte (control characters, NUL,
/// DEL, bytes 0x80 and above) and the quote marks ' and " and the backslash as `\xHH` (two lower-case hex
/// digits), so that the message is one C string that shows every byte. Every parser's message (BasicInt,
/// from_string, GF2n, Integer) quotes through this function.
inline std::string escape_text(std::string_view text) {
  constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u < 0x7f && ch != '\'' && ch != '"' && ch != '\\') {
      out.push_back(ch);
    } else {
      out += "\\x";
      out.push_back(hex[u >> 4]);
      out.push_back(hex[u & 15]);
    }
  }
  return out;
}

/// "invalid character 'c' at position p", the character escaped as escape_text does; position < text.size().
inline std::string invalid_character_text(std::string_view text, std::size_t position) {
  return "invalid character '" + escape_text(text.substr(position, 1)) + "' at position " + std::to_string(position);
}

/// `"text"`, escaped as escape_text does.
inline std::string quoted_text(std::string_view text) { return "\"" + escape_text(text) + "\""; }

}  // namespace warpnum::detail

// SPDX-License-Identifier: Apache-2.0
// tests/fuzz/fuzz_check.hpp: what the libFuzzer harnesses share: a failed check prints the input and why, then
// aborts (libFuzzer saves the input as a crash file); a GMP integer that frees itself; the documented message
// checks (a position, "no digits").
#pragma once

#include <gmp.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

namespace warpnum::fuzz {

/// The bytes of `text` as a C string literal would show them (for the failure report).
inline std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\') {
      out.push_back(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    }
  }
  return out;
}

/// Prints what failed, the case (parser, type, base) and the text, and aborts.
[[noreturn]] inline void fail(const std::string& what, const std::string& context, std::string_view text) {
  std::fprintf(stderr, "\nwarpnum fuzz check failed: %s\n  case: %s\n  text: \"%s\" (%zu bytes)\n", what.c_str(),
               context.c_str(), shown(text).c_str(), text.size());
  std::fflush(stderr);
  std::abort();
}

inline void check(bool ok, const std::string& what, const std::string& context, std::string_view text) {
  if (!ok) fail(what, context, text);
}

/// An mpz_t that clears itself.
struct Mpz {
  mpz_t z;
  Mpz() { mpz_init(z); }
  ~Mpz() { mpz_clear(z); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  std::string str(int base) const {
    std::string s(mpz_sizeinbase(z, base) + 2, '\0');
    mpz_get_str(s.data(), base, z);
    s.resize(std::char_traits<char>::length(s.c_str()));
    return s;
  }
};

/// GMP's reading of `digits` in `base` (2 to 36) into z: true when every character is a digit of the base. The
/// caller has already taken off warpnum's sign and prefix. mpz_set_str skips white space and takes a leading '-'
/// and stops at a NUL, none of which is a digit in warpnum's syntax: those are refused here before GMP reads.
inline bool gmp_read_digits(mpz_t z, std::string_view digits, int base) {
  if (digits.empty() || digits[0] == '-' || digits[0] == '+') return false;
  for (const char c : digits) {
    if (c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r') return false;
  }
  return mpz_set_str(z, std::string(digits).c_str(), base) == 0;
}

/// The value of c as a digit (0-9, then a-z or A-Z for 10 to 35), or 99: the documented digits of every parser.
inline int digit_of(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/// The position of the first character of digits[from, ...) that is not a digit of `base`, or npos.
inline std::size_t first_bad_digit(std::string_view text, std::size_t from, int base) {
  for (std::size_t i = from; i < text.size(); ++i) {
    if (digit_of(text[i]) >= base) return i;
  }
  return std::string_view::npos;
}

/// The documented message of a bad character: "invalid character 'c' at position <p>" for that position (the
/// quote mark before " at" is never part of the quoted text, which shows ' as \x27).
inline bool names_position(const char* message, std::size_t position) {
  const std::string_view m(message);
  const std::string key = "' at position " + std::to_string(position);
  const std::size_t at = m.find(key);
  return at != std::string_view::npos && (at + key.size() == m.size() || digit_of(m[at + key.size()]) >= 10);
}
inline bool says_no_digits(const char* message) {
  return std::string_view(message).find("no digits") != std::string_view::npos;
}

/// A parser refused text with std::invalid_argument: right only if the syntax refuses it too, with the documented
/// message: "no digits" where it has none, else the position of its first bad character `bad` (npos: the syntax
/// takes the text, and the refusal is the failure, named by `what`, e.g. "a number").
inline void check_refusal(const std::invalid_argument& e, bool no_digits, std::size_t bad, const char* what,
                          const std::string& context, std::string_view text) {
  if (no_digits) {
    check(says_no_digits(e.what()), std::string("expected \"no digits\": ") + e.what(), context, text);
  } else if (bad != std::string_view::npos) {
    check(names_position(e.what(), bad), "expected the bad character at position " + std::to_string(bad) + ": " + e.what(),
          context, text);
  } else {
    fail(std::string("refused ") + what + ": " + e.what(), context, text);
  }
}

}  // namespace warpnum::fuzz

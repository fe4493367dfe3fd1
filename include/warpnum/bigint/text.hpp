// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/text.hpp: BigUInt and BigInt as text: the string constructor, from_chars, to_chars, to_string,
// from_string and the stream operators (<iosfwd> only: a program that streams has included <ostream>/<istream>).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/bigint/parse_text.hpp>
#include <warpnum/detail/bigint/text.hpp>
#include <warpnum/detail/error_text.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <charconv>
#include <cstddef>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace warpnum {

template <std::size_t Bits, bool Signed> BasicInt<Bits, Signed>::BasicInt(std::string_view text) : limbs_{} {
  const auto [status, position] = detail::parse_text<Signed>(limbs_, num_limbs, text.data(), text.size());
  if (status == Status::ok) return;
  const std::string quoted = detail::quoted_text(text);
  if (status == Status::out_of_range) {
    detail::throw_error<std::out_of_range>("warpnum: " + quoted + " does not fit in " +
                                           (Signed ? "BigInt<" : "BigUInt<") + std::to_string(Bits) + ">");
  }
  if (position >= text.size()) detail::throw_error<std::invalid_argument>("warpnum: no digits in " + quoted);
  std::string what = "warpnum: " + detail::invalid_character_text(text, position) + " in " + quoted;
  if (text[position] == '-' && position == 0) what += ": a negative number for an unsigned type";
  detail::throw_error<std::invalid_argument>(what);
}

/// std::from_chars for BasicInt: parses digits in `base` (2 to 36, no prefix) with a leading '-' for signed
/// types only; stops at the first non-digit. errc::invalid_argument when no digit is found (value unchanged),
/// errc::out_of_range when the number does not fit (value unchanged, ptr past the digits).
template <class T>
constexpr std::from_chars_result from_chars(const char* first, const char* last, T& value, int base = 10) {
  static_assert(detail::is_basic_int<T>, "warpnum::from_chars takes a BigUInt or BigInt");
  if (base < 2 || base > 36) return {first, std::errc::invalid_argument};
  const char* p = first;
  bool negative = false;
  if (T::is_signed && p != last && *p == '-') {
    negative = true;
    ++p;
  }
  const char* digits_end = p;
  while (digits_end != last && detail::digit_value(*digits_end) < static_cast<unsigned>(base)) ++digits_end;
  if (digits_end == p) return {first, std::errc::invalid_argument};
  T r;
  const auto res = detail::parse_digits(r.limbs_, T::num_limbs, p, static_cast<std::size_t>(digits_end - p),
                                        static_cast<unsigned>(base));
  if (res.status != Status::ok || !detail::fits_magnitude<T::is_signed>(r.limbs_, T::num_limbs, negative)) return {digits_end, std::errc::result_out_of_range};
  value = negative ? -r : r;
  return {digits_end, std::errc{}};
}

/// std::to_chars for BasicInt in `base` (2 to 36): lower-case digits, '-' for negative signed values, no
/// prefix. errc::value_too_large (and ptr == last) when [first, last) is too small.
template <std::size_t Bits, bool Signed>
constexpr std::to_chars_result to_chars(char* first, char* last, const BasicInt<Bits, Signed>& x, int base = 10,
                                        bool uppercase = false) {
  if (base < 2 || base > 36) return {last, std::errc::invalid_argument};
  BasicInt<Bits, false> mag{x.is_negative() ? -x : x};
  char digits[detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2)];
  const std::size_t count =
      detail::format_digits_reversed(digits, mag.limbs_, BasicInt<Bits, Signed>::num_limbs, static_cast<unsigned>(base), uppercase);
  const std::size_t need = count + (x.is_negative() ? 1 : 0);
  if (static_cast<std::size_t>(last - first) < need) return {last, std::errc::value_too_large};
  if (x.is_negative()) *first++ = '-';
  for (std::size_t i = 0; i < count; ++i) *first++ = digits[count - 1 - i];
  return {first, std::errc{}};
}

/// The text of x in `base` (2 to 36): lower-case digits, no prefix, '-' for negative signed values.
/// Throws std::invalid_argument for a base outside 2 to 36.
template <std::size_t Bits, bool Signed> std::string to_string(const BasicInt<Bits, Signed>& x, int base = 10) {
  if (base < 2 || base > 36)
    detail::throw_error<std::invalid_argument>("warpnum: to_string: base must be from 2 to 36, got " +
                                               std::to_string(base));
  std::string s(detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2) + 1, '\0');
  const auto res = to_chars(s.data(), s.data() + s.size(), x, base);
  s.resize(static_cast<std::size_t>(res.ptr - s.data()));
  return s;
}

/// Parses text by the string_view constructor's rules when base == 0, or as digits of the given base
/// (2 to 36, an optional '-' for signed types, no prefix) otherwise. Throws std::invalid_argument or
/// std::out_of_range like the constructor.
template <class T> T from_string(std::string_view text, int base = 0) {
  static_assert(detail::is_basic_int<T>, "warpnum::from_string makes a BigUInt or BigInt");
  if (base == 0) return T(text);
  if (base < 2 || base > 36)
    detail::throw_error<std::invalid_argument>("warpnum: from_string: base must be 0 or from 2 to 36, got " +
                                               std::to_string(base));
  T value{};
  const auto res = from_chars(text.data(), text.data() + text.size(), value, base);
  // A bad character comes first, as in the constructor: digits too many for the type, then a non-digit, are
  // malformed text (std::invalid_argument), not std::out_of_range.
  const bool whole = res.ptr == text.data() + text.size();
  if (res.ec == std::errc::result_out_of_range && whole)
    detail::throw_error<std::out_of_range>("warpnum: " + detail::quoted_text(text) + " does not fit in the type");
  if (res.ec != std::errc{} || !whole) {
    const std::size_t pos = res.ec != std::errc::invalid_argument ? static_cast<std::size_t>(res.ptr - text.data())
                                                                  : (text.empty() || text[0] != '-' || !T::is_signed ? 0 : 1);
    if (pos >= text.size())
      detail::throw_error<std::invalid_argument>("warpnum: no digits in " + detail::quoted_text(text));
    detail::throw_error<std::invalid_argument>("warpnum: " + detail::invalid_character_text(text, pos) + " in " +
                                               detail::quoted_text(text) + " (base " + std::to_string(base) + ")");
  }
  return value;
}

// ---- streams (<iosfwd> only: a program that streams has included <ostream>/<istream>) ----

/// Writes x in the stream's base (std::dec, std::hex, std::oct), honouring showbase, uppercase, showpos
/// and width/fill/adjustfield.
template <class CharT, class Traits, std::size_t Bits, bool Signed>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const BasicInt<Bits, Signed>& x) {
  using ios = std::basic_ios<CharT, Traits>;
  const auto flags = os.flags();
  const auto basefield = flags & ios::basefield;
  const int base = basefield == ios::hex ? 16 : (basefield == ios::oct ? 8 : 10);
  const bool upper = (flags & ios::uppercase) != 0;
  BasicInt<Bits, false> mag{x.is_negative() ? -x : x};
  const bool zero = mag.is_zero();  // format_digits_reversed consumes mag
  std::string digits(detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2), '\0');
  const std::size_t count = detail::format_digits_reversed(digits.data(), mag.limbs_, BasicInt<Bits, Signed>::num_limbs,
                                                           static_cast<unsigned>(base), upper);
  // As for built-in integers: '+' only for signed decimal output; internal padding goes after the sign and
  // after 0x, while octal's leading 0 is part of the number.
  std::string prefix;
  if (x.is_negative()) {
    prefix = "-";
  } else if (Signed && (flags & ios::showpos) != 0 && base == 10) {
    prefix = "+";
  }
  std::string body(digits.rend() - static_cast<std::ptrdiff_t>(count), digits.rend());
  if ((flags & ios::showbase) != 0 && !zero) {
    if (base == 16) prefix += upper ? "0X" : "0x";
    if (base == 8) body.insert(body.begin(), '0');
  }
  std::basic_string<CharT, Traits> out;
  const std::size_t len = prefix.size() + body.size();
  const std::size_t width = os.width() > 0 ? static_cast<std::size_t>(os.width()) : 0;
  const std::size_t pad = width > len ? width - len : 0;
  const auto adjust = flags & ios::adjustfield;
  const CharT fill = os.fill();
  if (adjust != ios::left && adjust != ios::internal) out.append(pad, fill);
  for (char c : prefix) out.push_back(os.widen(c));
  if (adjust == ios::internal) out.append(pad, fill);
  for (char c : body) out.push_back(os.widen(c));
  if (adjust == ios::left) out.append(pad, fill);
  os.width(0);
  return os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

/// Reads x in the stream's base: std::dec, std::hex (an optional 0x prefix), std::oct, or, with the base
/// flags cleared, by prefix (0x, 0b, 0o, else decimal). A '-' is read for signed types. Sets failbit (x
/// unchanged) when no digit is found or the value does not fit.
template <class CharT, class Traits, std::size_t Bits, bool Signed>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, BasicInt<Bits, Signed>& x) {
  using ios = std::basic_ios<CharT, Traits>;
  typename std::basic_istream<CharT, Traits>::sentry sentry(is);
  if (!sentry) return is;
  const auto basefield = is.flags() & ios::basefield;
  int base = basefield == ios::hex ? 16 : (basefield == ios::oct ? 8 : (basefield == ios::dec ? 10 : 0));
  std::string text;
  auto peek = [&]() -> int {
    const auto c = is.rdbuf()->sgetc();
    // 0 to 255 for a character, -1 only at the end: a char such as '\xff' must not read as the end.
    return Traits::eq_int_type(c, Traits::eof()) ? -1
                                                 : static_cast<int>(static_cast<unsigned char>(is.narrow(Traits::to_char_type(c), '\0')));
  };
  auto take = [&]() { text.push_back(static_cast<char>(peek())); is.rdbuf()->sbumpc(); };
  bool eof = false;
  if (Signed && peek() == '-') take();
  const std::size_t sign_len = text.size();
  if ((base == 0 || base == 16) && peek() == '0') {
    take();
    const int p = peek();
    const bool hex = p == 'x' || p == 'X';
    const bool other = base == 0 && (p == 'b' || p == 'B' || p == 'o' || p == 'O');
    if (hex || other) {
      text.pop_back();
      base = hex ? 16 : ((p == 'b' || p == 'B') ? 2 : 8);
      is.rdbuf()->sbumpc();
    }
  }
  if (base == 0) base = 10;
  for (int c = peek(); c >= 0 && detail::digit_value(static_cast<char>(c)) < static_cast<unsigned>(base); c = peek()) take();
  eof = peek() < 0;
  BasicInt<Bits, Signed> value{};
  typename ios::iostate state = eof ? ios::eofbit : ios::goodbit;
  if (text.size() == sign_len) {
    state |= ios::failbit;
  } else {
    const auto res = from_chars(text.data(), text.data() + text.size(), value, base);
    if (res.ec != std::errc{}) {
      state |= ios::failbit;
    } else {
      x = value;
    }
  }
  is.setstate(state);
  return is;
}

}  // namespace warpnum

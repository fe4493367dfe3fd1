// SPDX-License-Identifier: Apache-2.0
// tests/fuzz/bigint_text_fuzz.cpp: libFuzzer harness of BigUInt/BigInt text (the string_view constructor and
// from_string in every base) at 64, 256 and 4096 bits, against GMP's mpz_set_str and the syntax of docs/errors.md.
//
// Input: byte 0 picks the type (byte % 6) and the parser ((byte / 6) % 40: 0 the constructor, 1 from_string base 0,
// 2 to 36 from_string in that base, 37 to 39 a base from_string refuses); the rest is the text.
#include "fuzz_check.hpp"

#include <warpnum/bigint.hpp>

#include <gmp.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

using warpnum::fuzz::check;
using warpnum::fuzz::fail;
using warpnum::fuzz::Mpz;

/// x as an integer: its limbs, less 2^Bits where a signed x is negative.
template <class T> void limbs_to_mpz(mpz_t z, const T& x) {
  mpz_import(z, T::num_limbs, -1, sizeof(x.limbs_[0]), 0, 0, x.limbs_);
  if (x.is_negative()) {
    Mpz m;
    mpz_setbit(m.z, T::bits);
    mpz_sub(z, z, m.z);
  }
}

/// What the documented syntax makes of `text`.
struct Expected {
  enum Kind { value, bad_character, no_digits } kind;
  std::size_t position = 0;  // bad_character: the first bad character
  bool negative = false;
  std::size_t digits_at = 0;
  int base = 10;
};

/// The syntax of docs/errors.md: an optional '-' (signed types only; for an unsigned type a '-' is the bad character
/// at position 0), then, for the constructor and base 0, an optional 0x, 0b or 0o in either case; then at least one
/// digit of the base. No spaces, no '+', no separators.
template <class T> Expected expect(std::string_view text, int base) {
  Expected e;
  std::size_t pos = 0;
  if (!text.empty() && text[0] == '-') {
    if (!T::is_signed) return {Expected::bad_character, 0};
    e.negative = true;
    pos = 1;
  }
  e.base = base == 0 ? 10 : base;
  if (base == 0 && text.size() - pos >= 2 && text[pos] == '0') {
    const char p = text[pos + 1];
    const int prefixed = (p == 'x' || p == 'X') ? 16 : (p == 'b' || p == 'B') ? 2 : (p == 'o' || p == 'O') ? 8 : 0;
    if (prefixed != 0) {
      e.base = prefixed;
      pos += 2;
    }
  }
  e.digits_at = pos;
  if (pos == text.size()) {
    e.kind = Expected::no_digits;
    return e;
  }
  const std::size_t bad = warpnum::fuzz::first_bad_digit(text, pos, e.base);
  if (bad != std::string_view::npos) {
    e.kind = Expected::bad_character;
    e.position = bad;
    return e;
  }
  e.kind = Expected::value;
  return e;
}

template <class T> T parse(std::string_view text, int mode) {
  if (mode == 0) return T(text);
  return warpnum::from_string<T>(text, mode == 1 ? 0 : mode);
}

template <class T> void round_trip(const T& x, const std::string& context, std::string_view text) {
  for (const int base : {2, 10, 16, 36}) {
    const std::string s = warpnum::to_string(x, base);
    check(warpnum::from_string<T>(s, base) == x, "to_string -> from_string (base " + std::to_string(base) + ") changed the value",
          context, text);
  }
  // |x| as the unsigned type of the same width: -min() wraps to min(), whose bits are |min()|.
  const warpnum::BasicInt<T::bits, false> magnitude{x.is_negative() ? T(-x) : x};
  const std::string prefixed = std::string(x.is_negative() ? "-" : "") + "0X" + warpnum::to_string(magnitude, 16);
  check(T(prefixed) == x, "the constructor does not read back " + prefixed, context, text);
}

template <class T> void run(std::string_view text, int mode) {
  const std::string context = std::string(T::is_signed ? "BigInt<" : "BigUInt<") + std::to_string(T::bits) + ">, " +
                              (mode == 0 ? std::string("constructor") : "from_string base " + std::to_string(mode == 1 ? 0 : mode));
  if (mode >= 37) {  // a base from_string refuses, before reading the text
    const int base = mode == 37 ? 1 : mode == 38 ? 37 : -1;
    try {
      (void)warpnum::from_string<T>(text, base);
    } catch (const std::invalid_argument& e) {
      check(std::string_view(e.what()).find("base") != std::string_view::npos, std::string("the message does not name the base: ") + e.what(),
            context + " (base " + std::to_string(base) + ")", text);
      return;
    }
    fail("from_string took base " + std::to_string(base), context, text);
  }
  const Expected e = expect<T>(text, mode <= 1 ? 0 : mode);
  Mpz want;
  bool fits = false;
  if (e.kind == Expected::value) {
    check(warpnum::fuzz::gmp_read_digits(want.z, text.substr(e.digits_at), e.base), "GMP refuses digits the syntax takes", context, text);
    if (e.negative) mpz_neg(want.z, want.z);
    Mpz low, high;  // [low, high]: the type's range
    if (T::is_signed) {
      mpz_setbit(high.z, T::bits - 1);
      mpz_neg(low.z, high.z);
      mpz_sub_ui(high.z, high.z, 1);
    } else {
      mpz_setbit(high.z, T::bits);
      mpz_sub_ui(high.z, high.z, 1);
    }
    fits = mpz_cmp(want.z, low.z) >= 0 && mpz_cmp(want.z, high.z) <= 0;
  } else if (e.kind == Expected::bad_character) {
    // GMP agrees that the text past the sign and prefix is not a number in the base.
    Mpz ignored;
    check(!warpnum::fuzz::gmp_read_digits(ignored.z, text.substr(e.digits_at), e.base), "GMP reads digits the syntax refuses",
          context, text);
  }
  T x{};
  try {
    x = parse<T>(text, mode);
  } catch (const std::invalid_argument& err) {
    if (e.kind == Expected::no_digits) {
      check(warpnum::fuzz::says_no_digits(err.what()), std::string("expected \"no digits\": ") + err.what(), context, text);
    } else if (e.kind == Expected::bad_character) {
      check(warpnum::fuzz::names_position(err.what(), e.position),
            "expected the bad character at position " + std::to_string(e.position) + ": " + err.what(), context, text);
    } else {
      fail(std::string("refused a number: ") + err.what(), context, text);
    }
    return;
  } catch (const std::out_of_range& err) {
    check(e.kind == Expected::value && !fits,
          std::string(e.kind == Expected::value ? "out_of_range for a value in range: " : "out_of_range for malformed text: ") + err.what(),
          context, text);
    return;
  } catch (const std::exception& err) {
    fail(std::string("an undocumented exception: ") + err.what(), context, text);
  }
  check(e.kind == Expected::value, "took text the syntax refuses", context, text);
  check(fits, "took a value out of range (expected std::out_of_range)", context, text);
  Mpz got;
  limbs_to_mpz(got.z, x);
  check(mpz_cmp(got.z, want.z) == 0, "value " + got.str(10) + ", GMP reads " + want.str(10), context, text);
  check(warpnum::to_string(x, 10) == want.str(10), "to_string " + warpnum::to_string(x, 10) + ", GMP " + want.str(10), context, text);
  round_trip(x, context, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const int mode = (data[0] / 6) % 40;
  switch (data[0] % 6) {
    case 0: run<warpnum::BigUInt<64>>(text, mode); break;
    case 1: run<warpnum::BigInt<64>>(text, mode); break;
    case 2: run<warpnum::BigUInt<256>>(text, mode); break;
    case 3: run<warpnum::BigInt<256>>(text, mode); break;
    case 4: run<warpnum::BigUInt<4096>>(text, mode); break;
    default: run<warpnum::BigInt<4096>>(text, mode); break;
  }
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// tests/fuzz/integer_text_fuzz.cpp: libFuzzer harness of Integer's text constructor (library warpnum::huge) in
// base 0 (C prefixes) and every base from 2 to 36, against GMP's mpz_set_str and the syntax of docs/errors.md.
//
// Input: byte 0 picks the base (byte % 40: 0 is base 0, 1 to 36 that base, where 1 is base 0 too, 37 to 39 a base
// the constructor refuses); the rest is the text.
#include "fuzz_check.hpp"

#include <warpnum/integer.hpp>

#include <gmp.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

using warpnum::Integer;
using warpnum::Place;
using warpnum::fuzz::check;
using warpnum::fuzz::fail;
using warpnum::fuzz::Mpz;

void limbs_to_mpz(mpz_t z, const Integer& x) {
  const std::vector<Integer::limb_type> limbs = x.limbs();
  mpz_import(z, limbs.size(), -1, sizeof(Integer::limb_type), 0, 0, limbs.data());
  if (x.is_negative()) mpz_neg(z, z);
}

/// The syntax of docs/errors.md: an optional '-' or '+'; in base 0, then 0x/0X (hex), 0b/0B (binary) or a
/// leading 0 followed by more (octal), else decimal; then at least one digit of the base, either case. No spaces.
void run(std::string_view text, int base) {
  const std::string context = "Integer, base " + std::to_string(base);
  if (base == 1 || base > 36 || base < 0) {
    try {
      (void)Integer(text, base, Place::host);
    } catch (const std::invalid_argument& e) {
      check(std::string_view(e.what()).find("base " + std::to_string(base) + " is not in 2 to 36") != std::string_view::npos,
            std::string("the message does not name the base: ") + e.what(), context, text);
      return;
    }
    fail("took base " + std::to_string(base), context, text);
  }
  std::size_t pos = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) pos = 1;
  int digits_base = base;
  if (base == 0) {
    const std::string_view rest = text.substr(pos);
    digits_base = 10;
    if (rest.size() >= 2 && rest[0] == '0') {
      const char p = rest[1];
      digits_base = (p == 'x' || p == 'X') ? 16 : (p == 'b' || p == 'B') ? 2 : 8;
      pos += digits_base == 8 ? 1 : 2;
    }
  }
  const bool no_digits = pos == text.size();
  const std::size_t bad = warpnum::fuzz::first_bad_digit(text, pos, digits_base);
  Mpz want;
  if (!no_digits && bad == std::string_view::npos) {
    check(warpnum::fuzz::gmp_read_digits(want.z, text.substr(pos), digits_base), "GMP refuses digits the syntax takes", context, text);
    if (negative) mpz_neg(want.z, want.z);
  } else if (!no_digits) {
    Mpz ignored;
    check(!warpnum::fuzz::gmp_read_digits(ignored.z, text.substr(pos), digits_base), "GMP reads digits the syntax refuses", context,
          text);
  }
  Integer x(Place::host);
  try {
    x = Integer(text, base, Place::host);
  } catch (const std::invalid_argument& e) {
    warpnum::fuzz::check_refusal(e, no_digits, bad, "a number", context, text);
    return;
  } catch (const std::exception& e) {
    fail(std::string("an undocumented exception: ") + e.what(), context, text);
  }
  check(!no_digits && bad == std::string_view::npos, "took text the syntax refuses", context, text);
  Mpz got;
  limbs_to_mpz(got.z, x);
  check(mpz_cmp(got.z, want.z) == 0, "value " + got.str(10) + ", GMP reads " + want.str(10), context, text);
  for (const int b : {10, 16, 2, 7, 36}) {
    const std::string s = warpnum::to_string(x, b);
    check(s == want.str(b), "to_string(base " + std::to_string(b) + ") " + s + ", GMP " + want.str(b), context, text);
    check(Integer(s, b, Place::host) == x, "to_string -> constructor (base " + std::to_string(b) + ") changed the value", context,
          text);
  }
  const std::string hex = warpnum::to_string(x.is_negative() ? -x : x, 16);
  check(Integer(std::string(x.is_negative() ? "-" : "+") + "0X" + hex, 0, Place::host) == x,
        "the constructor (base 0) does not read back 0X" + hex, context, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const int pick = data[0] % 40;
  const int base = pick == 0 ? 0 : pick == 37 ? 37 : pick == 38 ? -1 : pick == 39 ? 1 : pick == 1 ? 0 : pick;
  run(text, base);
  return 0;
}

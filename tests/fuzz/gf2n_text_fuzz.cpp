// SPDX-License-Identifier: Apache-2.0
// tests/fuzz/gf2n_text_fuzz.cpp: libFuzzer harness of GF2n's text constructor (hexadecimal coefficients) for
// GF(2^8), GF(2^64), GF(2^233) and GF(2^571), against GMP's mpz_set_str in base 16 and the syntax of
// docs/errors.md.
//
// Input: byte 0 picks the field (byte % 4); the rest is the text.
#include "fuzz_check.hpp"

#include <warpnum/gf2n.hpp>

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

template <class F> void limbs_to_mpz(mpz_t z, const F& x) {
  mpz_set_ui(z, 0);
  for (int i = 0; i < F::degree; ++i) {
    if (x.coefficient(i)) mpz_setbit(z, static_cast<mp_bitcnt_t>(i));
  }
}

/// The syntax of docs/errors.md: an optional 0x or 0X, then at least one hex digit (either case; leading zeros
/// are fine). A bad character is named with its position, the first one (as BigUInt's constructor does); a
/// coefficient at x^N or above, in well-formed text, is std::out_of_range naming that exponent.
template <class F> void run(std::string_view text) {
  constexpr int n = F::degree;
  const std::string context = "GF2n<" + std::to_string(n) + ">";
  const std::size_t start = text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? 2 : 0;
  const bool no_digits = start == text.size();
  const std::size_t bad = warpnum::fuzz::first_bad_digit(text, start, 16);
  Mpz want;
  bool fits = false;
  if (!no_digits && bad == std::string_view::npos) {
    check(warpnum::fuzz::gmp_read_digits(want.z, text.substr(start), 16), "GMP refuses digits the syntax takes", context, text);
    fits = mpz_sizeinbase(want.z, 2) <= static_cast<std::size_t>(n) || mpz_sgn(want.z) == 0;
  } else if (!no_digits) {
    Mpz ignored;
    check(!warpnum::fuzz::gmp_read_digits(ignored.z, text.substr(start), 16), "GMP reads digits the syntax refuses", context, text);
  }
  F x{};
  try {
    x = F(text);
  } catch (const std::invalid_argument& e) {
    warpnum::fuzz::check_refusal(e, no_digits, bad, "a polynomial", context, text);
    return;
  } catch (const std::out_of_range& e) {
    check(!no_digits && bad == std::string_view::npos && !fits,
          std::string(fits ? "out_of_range for a polynomial of degree below N: " : "out_of_range for malformed text: ") + e.what(),
          context, text);
    // The message names an exponent at N or above whose coefficient is set.
    const std::string_view m(e.what());
    const std::size_t at = m.find("x^");
    check(at != std::string_view::npos, std::string("the message names no exponent: ") + e.what(), context, text);
    const unsigned long exponent = std::stoul(std::string(m.substr(at + 2)));
    check(exponent >= static_cast<unsigned long>(n) && mpz_tstbit(want.z, exponent) == 1,
          std::string("the message names a wrong exponent: ") + e.what(), context, text);
    return;
  } catch (const std::exception& e) {
    fail(std::string("an undocumented exception: ") + e.what(), context, text);
  }
  check(!no_digits && bad == std::string_view::npos, "took text the syntax refuses", context, text);
  check(fits, "took a coefficient at x^N or above (expected std::out_of_range)", context, text);
  Mpz got;
  limbs_to_mpz(got.z, x);
  check(mpz_cmp(got.z, want.z) == 0, "coefficients 0x" + got.str(16) + ", GMP reads 0x" + want.str(16), context, text);
  const std::string hex = warpnum::to_string(x, 16);
  check(hex == want.str(16), "to_string " + hex + ", GMP " + want.str(16), context, text);
  check(F(hex) == x && F("0X" + hex) == x, "to_string -> constructor changed the value", context, text);
  check(warpnum::to_string(x, 2) == want.str(2), "to_string(base 2) differs from GMP's", context, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: run<warpnum::GF2n<8>>(text); break;
    case 1: run<warpnum::GF2n<64>>(text); break;
    case 2: run<warpnum::GF2n<233>>(text); break;
    default: run<warpnum::GF2n<571>>(text); break;
  }
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// tests/fuzz/boost_text_fuzz.cpp: libFuzzer harness of the Boost.Multiprecision backend's text (boost_int and
// boost_uint from a C string, <warpnum/boost.hpp>) at 64, 256 and 1024 bits, against GMP's mpz_set_str reduced
// modulo 2^Bits and the syntax of docs/errors.md.
//
// Input: byte 0 picks the type (byte % 6); the rest is the text, up to its first NUL (the backend reads a C string).
#include "fuzz_check.hpp"

#include <warpnum/boost.hpp>

#include <gmp.h>

#include <cstddef>
#include <cstdint>
#include <ios>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

using warpnum::fuzz::check;
using warpnum::fuzz::fail;
using warpnum::fuzz::Mpz;

/// The backend's bits as an integer in [0, 2^Bits).
template <class N> void bits_to_mpz(mpz_t z, const N& x) {
  const auto& v = x.backend().value();
  mpz_import(z, v.num_limbs, -1, sizeof(v.limbs_[0]), 0, 0, v.limbs_);
}

/// Boost's syntax (docs/errors.md): an optional '-', then "0x"/"0X" and hex digits, or a leading '0' and octal
/// digits, or decimal digits; hex digits a-f in either case and nothing else; no digits at all is 0 ("", "-",
/// "0x"). Anything else is std::runtime_error("Unexpected content found while parsing character string."). The
/// value is taken modulo 2^Bits, and a '-' negates it modulo 2^Bits.
template <class N> void run(const std::string& text) {
  constexpr std::size_t bits = N::backend_type::value_type::bits;
  constexpr bool is_signed = N::backend_type::value_type::is_signed;
  const std::string context = std::string(is_signed ? "boost_int<" : "boost_uint<") + std::to_string(bits) + ">";
  std::string_view rest(text);
  const bool negative = !rest.empty() && rest[0] == '-';
  if (negative) rest.remove_prefix(1);
  int base = 10;
  if (!rest.empty() && rest[0] == '0') {
    base = rest.size() > 1 && (rest[1] == 'x' || rest[1] == 'X') ? 16 : 8;
    rest.remove_prefix(base == 16 ? 2 : 1);
  }
  bool ok = true;
  for (const char c : rest) {
    const int d = (c >= 'g' && c <= 'z') || (c >= 'G' && c <= 'Z') ? 99 : warpnum::fuzz::digit_of(c);
    if (d >= base) ok = false;
  }
  Mpz want;
  if (ok && !rest.empty()) {
    check(warpnum::fuzz::gmp_read_digits(want.z, rest, base), "GMP refuses digits the syntax takes", context, text);
  } else if (!rest.empty()) {
    Mpz ignored;
    check(!warpnum::fuzz::gmp_read_digits(ignored.z, rest, base), "GMP reads digits the syntax refuses", context, text);
  }
  if (negative) mpz_neg(want.z, want.z);
  mpz_fdiv_r_2exp(want.z, want.z, bits);  // two's complement modulo 2^Bits
  N x;
  try {
    x = N(text.c_str());  // number(const char*): the backend's operator=(const char*)
  } catch (const std::runtime_error& e) {
    check(!ok, std::string("refused a number: ") + e.what(), context, text);
    check(std::string_view(e.what()) == "Unexpected content found while parsing character string.",
          std::string("not Boost's message: ") + e.what(), context, text);
    return;
  } catch (const std::exception& e) {
    fail(std::string("an undocumented exception: ") + e.what(), context, text);
  }
  check(ok, "took text the syntax refuses", context, text);
  Mpz got;
  bits_to_mpz(got.z, x);
  check(mpz_cmp(got.z, want.z) == 0, "bits " + got.str(16) + ", GMP reads " + want.str(16) + " (hex, modulo 2^Bits)", context, text);
  // Round trips through str(): decimal, and hex with showbase for a non-negative value.
  const std::string dec = x.str();
  check(N(dec.c_str()) == x, "str() -> text changed the value: " + dec, context, text);
  if (x >= 0) {
    const std::string hex = x.str(0, std::ios_base::hex | std::ios_base::showbase | std::ios_base::uppercase);
    check(N(hex.c_str()) == x, "str(hex) -> text changed the value: " + hex, context, text);
    const std::string oct = x.str(0, std::ios_base::oct | std::ios_base::showbase);
    check(N(oct.c_str()) == x, "str(oct) -> text changed the value: " + oct, context, text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  text.resize(std::char_traits<char>::length(text.c_str()));  // a C string ends at its first NUL
  switch (data[0] % 6) {
    case 0: run<warpnum::boost_uint<64>>(text); break;
    case 1: run<warpnum::boost_int<64>>(text); break;
    case 2: run<warpnum::boost_uint<256>>(text); break;
    case 3: run<warpnum::boost_int<256>>(text); break;
    case 4: run<warpnum::boost_uint<1024>>(text); break;
    default: run<warpnum::boost_int<1024>>(text); break;
  }
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// tests/packaging/consumer/gmp.cpp: a program on warpnum::gmp, which must bring GMP's C++ interface (<gmpxx.h>,
// libgmpxx) along with warpnum's headers; compiles <warpnum/gmp.hpp> where it exists. Exits 0 when a BigUInt
// product equals GMP's, compared as decimal text.
#include <warpnum/bigint.hpp>
#if __has_include(<warpnum/gmp.hpp>)
#  include <warpnum/gmp.hpp>
#endif

#include <gmpxx.h>

#include <cstdio>
#include <sstream>
#include <string>

int main() {
  const char* a_text = "340282366920938463463374607431768211297";  // a prime below 2^128
  const warpnum::BigUInt<256> a{a_text};
  const mpz_class z{a_text};
  std::ostringstream gmp_text;
  gmp_text << z * z;  // operator<< for mpz_class expressions lives in libgmpxx
  const bool ok = warpnum::to_string(a * a, 10) == gmp_text.str();
  std::puts(ok ? "consumer gmp: ok" : "consumer gmp: FAILED (the square differs from GMP's)");
  return ok ? 0 : 1;
}

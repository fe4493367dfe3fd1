// SPDX-License-Identifier: Apache-2.0
// expect: odd modulus above 1
// tests/compile_fail/prime_field_even_modulus.cpp: must not compile with WARPNUM_COMPILE_FAIL defined (a parameter
// type whose modulus is even names no prime field); must compile without it (the same type with an odd modulus).
#include <warpnum/fp.hpp>

struct Params {
#ifdef WARPNUM_COMPILE_FAIL
  static constexpr warpnum::BigUInt<256> modulus{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30"};
#else
  static constexpr warpnum::BigUInt<256> modulus{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};
#endif
};

int main() {
  warpnum::PrimeField<Params> x{};
  return x.is_zero() ? 0 : 1;
}

// SPDX-License-Identifier: Apache-2.0
// expect: Bits must be a multiple of 32
// tests/compile_fail/bits_not_multiple_of_32.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  warpnum::BigUInt<33> x{}; (void)x;
#else
  warpnum::BigUInt<64> x{}; (void)x;
#endif
  return 0;
}

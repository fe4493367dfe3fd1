// SPDX-License-Identifier: Apache-2.0
// expect: degree
// tests/compile_fail/gf2n_degree_mismatch.cpp: must not compile with WARPNUM_COMPILE_FAIL defined (a polynomial of
// degree 7 for GF2n<8>); must compile without it.
#include <warpnum/gf2n.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  warpnum::GF2n<8, warpnum::Poly{7, 1, 0}> x{}; (void)x;
#else
  warpnum::GF2n<7, warpnum::Poly{7, 1, 0}> x{}; (void)x;
#endif
  return 0;
}

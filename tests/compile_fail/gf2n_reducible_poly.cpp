// SPDX-License-Identifier: Apache-2.0
// expect: irreducible
// tests/compile_fail/gf2n_reducible_poly.cpp: must not compile with WARPNUM_COMPILE_FAIL defined (x^4 + x^2 + 1 =
// (x^2 + x + 1)^2 is reducible, so GF(2)[x]/P is not a field); must compile without it (x^4 + x + 1 is irreducible).
#include <warpnum/gf2n.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  warpnum::GF2n<4, warpnum::Poly{4, 2, 0}> x{}; (void)x;
#else
  warpnum::GF2n<4, warpnum::Poly{4, 1, 0}> x{}; (void)x;
#endif
  return 0;
}

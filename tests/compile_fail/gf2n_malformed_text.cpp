// SPDX-License-Identifier: Apache-2.0
// expect: invalid_gf2n_text_see_docs_errors_md
// tests/compile_fail/gf2n_malformed_text.cpp: must not compile with WARPNUM_COMPILE_FAIL defined (a constexpr GF2n
// from text with a character that is not a hex digit); must compile without it.
#include <warpnum/gf2n.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  constexpr warpnum::GF2n<8> x{"0x1g"}; (void)x;
#else
  constexpr warpnum::GF2n<8> x{"0x1f"}; (void)x;
#endif
  return 0;
}

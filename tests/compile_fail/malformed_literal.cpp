// SPDX-License-Identifier: Apache-2.0
// expect: invalid_warpnum_literal_see_docs_errors_md
// tests/compile_fail/malformed_literal.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  constexpr warpnum::BigUInt<64> x{"0x12g"}; (void)x;
#else
  constexpr warpnum::BigUInt<64> x{"0x12f"}; static_assert(x == 0x12f);
#endif
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// expect: invalid_warpnum_literal_see_docs_errors_md
// tests/compile_fail/negative_unsigned_literal.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  constexpr warpnum::BigUInt<64> x{"-5"}; (void)x;
#else
  constexpr warpnum::BigInt<64> x{"-5"}; static_assert(x == -5);
#endif
  return 0;
}

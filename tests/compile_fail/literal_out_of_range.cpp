// SPDX-License-Identifier: Apache-2.0
// expect: invalid_warpnum_literal_see_docs_errors_md
// tests/compile_fail/literal_out_of_range.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  constexpr warpnum::BigUInt<32> x{"0x100000000"}; (void)x;
#else
  constexpr warpnum::BigUInt<32> x{"0xffffffff"}; (void)x;
#endif
  return 0;
}

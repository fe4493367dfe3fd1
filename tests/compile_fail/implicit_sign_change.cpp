// SPDX-License-Identifier: Apache-2.0
// expect: conversion from|could not convert|no suitable|cannot convert
// tests/compile_fail/implicit_sign_change.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  warpnum::BigInt<256> y = warpnum::BigUInt<256>{}; (void)y;
#else
  warpnum::BigInt<256> y{warpnum::BigUInt<256>{}}; (void)y;
#endif
  return 0;
}

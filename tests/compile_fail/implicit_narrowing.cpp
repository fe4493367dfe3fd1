// SPDX-License-Identifier: Apache-2.0
// expect: conversion from|could not convert|no suitable|cannot convert
// tests/compile_fail/implicit_narrowing.cpp: must not compile with WARPNUM_COMPILE_FAIL defined; must compile without it.
#include <warpnum/bigint.hpp>

int main() {
#ifdef WARPNUM_COMPILE_FAIL
  warpnum::BigUInt<128> y = warpnum::BigUInt<256>{}; (void)y;
#else
  warpnum::BigUInt<128> y{warpnum::BigUInt<256>{}}; (void)y;
#endif
  return 0;
}

// SPDX-License-Identifier: Apache-2.0
// tests/packaging/consumer/bigint.cpp: a C++ program on warpnum::warpnum alone; exits 0 when a*a divides back to a.
#include <warpnum/bigint.hpp>

#include <cstdio>
#include <string>

int main() {
  const warpnum::BigUInt<256> a{"0x1234567890abcdef1234567890abcdef"};
  const auto b = a * a;
  const bool ok = warpnum::to_string(b % a, 10) == "0" && b / a == a;
  std::puts(ok ? "consumer bigint: ok" : "consumer bigint: FAILED (a * a does not divide back to a)");
  return ok ? 0 : 1;
}

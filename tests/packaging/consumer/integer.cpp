// SPDX-License-Identifier: Apache-2.0
// tests/packaging/consumer/integer.cpp: Integer through warpnum::huge; exits 0 when (10^600 + 7)^2 reads as the
// decimal text written out by hand below (10^1200 + 14 10^600 + 49), on the GPU where warpnum::huge has CUDA and
// there is one, in host memory otherwise.
#include <warpnum/integer.hpp>

#include <cstdio>
#include <string>

int main() {
  const warpnum::Integer a("1" + std::string(599, '0') + "7");
  const std::string expected = "1" + std::string(598, '0') + "14" + std::string(598, '0') + "49";
  const bool ok = warpnum::to_string(a * a) == expected;
  std::puts(ok ? "consumer integer: ok" : "consumer integer: FAILED ((10^600 + 7)^2)");
  return ok ? 0 : 1;
}

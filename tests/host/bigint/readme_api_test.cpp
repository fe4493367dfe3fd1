// tests/host/bigint/readme_api_test.cpp: the README's example, run as a test (tests/docs/check_snippets.cmake
// checks that README.md shows exactly this code).
#include <gtest/gtest.h>

#include <sstream>
#include <string>

// example-begin readme
#include <warpnum/bigint.hpp>

#include <iostream>

using warpnum::BigInt;
using warpnum::BigUInt;

// secp256k1's prime, parsed at compile time.
constexpr BigUInt<256> p{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};

std::string example() {
  std::ostringstream out;
  BigUInt<256> a{"123456789012345678901234567890123456789"};  // like unsigned: wraps modulo 2^256
  BigUInt<512> full = warpnum::mul_wide(a, a);                 // the whole 512-bit product
  auto [q, r] = warpnum::divmod(full, BigUInt<512>{p});         // Knuth division
  BigInt<128> s = -5;                                           // like int: two's complement
  out << std::hex << std::showbase << (a * a) % p << '\n'       // streams honour std::hex, std::showbase
      << std::dec << warpnum::to_string(r, 10) << '\n'
      << s / 2 << ' ' << (s >> 1) << ' ' << warpnum::isqrt(q) << '\n';
  return out.str();
}
// example-end readme

TEST(Readme, ExampleComputesWhatItSays) {
  const std::string text = example();
  std::istringstream lines(text);
  std::string l1, l2, l3;
  std::getline(lines, l1);
  std::getline(lines, l2);
  std::getline(lines, l3);
  const BigUInt<512> a{"123456789012345678901234567890123456789"};
  const BigUInt<512> p512{p};
  EXPECT_EQ(l1, "0x" + warpnum::to_string((a * a) % p512, 16));
  EXPECT_EQ(l2, warpnum::to_string((a * a) % p512, 10));
  EXPECT_EQ(l3, "-2 -3 " + warpnum::to_string(warpnum::isqrt((a * a) / p512), 10));
}

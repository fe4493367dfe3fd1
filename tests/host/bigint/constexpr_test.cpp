// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/constexpr_test.cpp: the fixed-value checks of cases/bigint_constexpr.hpp, static_asserted
// (constant evaluation: the 32-bit word algorithms) and run on the host (the 64-bit word fast paths); and the
// consteval string-literal constructor.
#include "cases/bigint_constexpr.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <limits>

namespace warpnum::test {
namespace {

static_assert(cx::add_sub_mul_256());
static_assert(cx::div_256());
static_assert(cx::signed_256());
static_assert(cx::bits_256());
static_assert(cx::number_theory_256());
static_assert(cx::arith_512());
static_assert(cx::arith_96());
static_assert(cx::conversions());
static_assert(cx::text());

TEST(Constexpr, SameChecksAtRunTime) {
  EXPECT_TRUE(cx::add_sub_mul_256());
  EXPECT_TRUE(cx::div_256());
  EXPECT_TRUE(cx::signed_256());
  EXPECT_TRUE(cx::bits_256());
  EXPECT_TRUE(cx::number_theory_256());
  EXPECT_TRUE(cx::arith_512());
  EXPECT_TRUE(cx::arith_96());
  EXPECT_TRUE(cx::conversions());
  EXPECT_TRUE(cx::text());
}

// The consteval constructor: every prefix spelling, a sign for signed types, the extremes.
constexpr BigUInt<256> secp256k1_p{"0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F"};
static_assert(secp256k1_p == cx::p());
static_assert(secp256k1_p == BigUInt<256>{"115792089237316195423570985008687907853269984665640564039457584007908834671663"});
static_assert(BigUInt<64>{"0b1010"} == BigUInt<64>{10} && BigUInt<64>{"0B1010"} == BigUInt<64>{10});
static_assert(BigUInt<64>{"0o777"} == BigUInt<64>{511} && BigUInt<64>{"0O777"} == BigUInt<64>{511});
static_assert(BigUInt<64>{"0X1f"} == BigUInt<64>{31} && BigUInt<64>{"0"} == BigUInt<64>{});
static_assert(BigInt<128>{"-1"} == BigInt<128>{-1} && BigInt<128>{"-0x80"} == BigInt<128>{-128});
static_assert(BigInt<96>{"-0x800000000000000000000000"} == BigInt<96>::min());
static_assert(BigInt<96>{"0x7fffffffffffffffffffffff"} == BigInt<96>::max());
static_assert(BigUInt<96>{"0xffffffffffffffffffffffff"} == BigUInt<96>::max());
static_assert(BigUInt<32>{"4294967295"} == BigUInt<32>::max() && BigInt<32>{"-2147483648"} == BigInt<32>::min());
static_assert(BigInt<512>{"-0b1"} == BigInt<512>{-1});

// numeric_limits and the value helpers are usable in constant expressions.
static_assert(std::numeric_limits<BigInt<256>>::max() == BigInt<256>{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"});
static_assert(std::numeric_limits<BigUInt<256>>::digits == 256 && std::numeric_limits<BigInt<256>>::digits == 255);
static_assert(std::numeric_limits<BigUInt<256>>::digits10 == 77 && std::numeric_limits<BigInt<512>>::digits10 == 153);

TEST(Constexpr, LiteralConstructor) {
  // The same literals through the run-time constructor.
  EXPECT_EQ(BigUInt<256>(std::string_view("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F")), secp256k1_p);
  EXPECT_EQ(BigInt<96>(std::string_view("-0x800000000000000000000000")), BigInt<96>::min());
}

}  // namespace
}  // namespace warpnum::test

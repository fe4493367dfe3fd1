// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_huge_gcd_test.cpp: gcd and lcm of the differential suite (arith_suite.hpp) at 8192 bits.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using HugeTypes = ::testing::Types<BigUInt<8192>, BigInt<8192>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Huge, ArithGcd, HugeTypes, TypeNames);
}  // namespace
// The other suite of arith_suite.hpp runs in arith_huge_test.cpp.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Arith);
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_huge_test.cpp: the differential suite (arith_suite.hpp) at 8192 bits, except gcd and lcm
// (arith_huge_gcd_test.cpp), so that ctest -j2 runs the two slowest parts side by side.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using HugeTypes = ::testing::Types<BigUInt<8192>, BigInt<8192>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Huge, Arith, HugeTypes, TypeNames);
}  // namespace
// The other suite of arith_suite.hpp runs in arith_huge_gcd_test.cpp.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ArithGcd);
}  // namespace warpnum::test

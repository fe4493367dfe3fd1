// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_large_test.cpp: the differential suite (arith_suite.hpp) at 2048 and 4096 bits.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using LargeTypes = ::testing::Types<BigUInt<2048>, BigInt<2048>, BigUInt<4096>, BigInt<4096>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Large, Arith, LargeTypes, TypeNames);
INSTANTIATE_TYPED_TEST_SUITE_P(Large, ArithGcd, LargeTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

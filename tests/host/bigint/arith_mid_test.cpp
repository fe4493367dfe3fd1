// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_mid_test.cpp: the differential suite (arith_suite.hpp) at 512 and 1024 bits.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using MidTypes = ::testing::Types<BigUInt<512>, BigInt<512>, BigUInt<1024>, BigInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Mid, Arith, MidTypes, TypeNames);
INSTANTIATE_TYPED_TEST_SUITE_P(Mid, ArithGcd, MidTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

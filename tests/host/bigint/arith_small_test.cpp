// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_small_test.cpp: the differential suite (arith_suite.hpp) at 32, 64 and 96 bits; 96 bits
// (3 limbs) exercises the host's padding of 32-bit limbs into 64-bit words, 32 bits the 32-bit word path.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using SmallTypes = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<64>, BigInt<64>, BigUInt<96>, BigInt<96>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Small, Arith, SmallTypes, TypeNames);
INSTANTIATE_TYPED_TEST_SUITE_P(Small, ArithGcd, SmallTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

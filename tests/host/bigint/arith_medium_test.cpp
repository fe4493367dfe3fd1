// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_medium_test.cpp: the differential suite (arith_suite.hpp) at 128, 160 and 256 bits;
// 160 bits (5 limbs) is an odd limb count above 3.
#include "host/bigint/arith_suite.hpp"

namespace warpnum::test {
namespace {
using MediumTypes = ::testing::Types<BigUInt<128>, BigInt<128>, BigUInt<160>, BigInt<160>, BigUInt<256>, BigInt<256>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Medium, Arith, MediumTypes, TypeNames);
INSTANTIATE_TYPED_TEST_SUITE_P(Medium, ArithGcd, MediumTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/modular_small_test.cpp: the modular suite (modular_suite.hpp) at 32, 64, 96 and 128 bits.
// 32 and 96 bits (an odd number of limbs) take the 32-bit word paths on the host (Montgomery by mul_full_limbs
// and REDC on 32-bit limbs); 64 and 128 bits the 64-bit column paths.
#include "host/modular/modular_suite.hpp"

namespace warpnum::test {
namespace {
using SmallTypes = ::testing::Types<BigUInt<32>, BigUInt<64>, BigUInt<96>, BigUInt<128>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Small, Modular, SmallTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

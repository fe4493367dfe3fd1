// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/modular_mid_test.cpp: the modular suite (modular_suite.hpp) at 256, 512 and 1024 bits.
#include "host/modular/modular_suite.hpp"

namespace warpnum::test {
namespace {
using MidTypes = ::testing::Types<BigUInt<256>, BigUInt<512>, BigUInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Mid, Modular, MidTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/modular_large_test.cpp: the modular suite (modular_suite.hpp) at 2048 and 4096 bits. At
// 2048 bits (32 words) Montgomery multiplication is the last width by columns on the host; 4096 bits takes the
// full product and REDC by addmul_1 rows.
#include "host/modular/modular_suite.hpp"

namespace warpnum::test {
namespace {
using LargeTypes = ::testing::Types<BigUInt<2048>, BigUInt<4096>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Large, Modular, LargeTypes, TypeNames);
}  // namespace
}  // namespace warpnum::test

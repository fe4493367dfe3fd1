// SPDX-License-Identifier: Apache-2.0
// tests/device/modular/modular_2048_number_theory_test.cu: the inverse, multi-exponentiation and primality suite
// of modular_ops.hpp at 2048 bits (modular_2048_test.cu has the other).
#include "device/modular/modular_ops.hpp"

namespace warpnum::test {
namespace {
using Widths = ::testing::Types<BigUInt<2048>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, ModularDeviceNumberTheory, Widths, ModularWidthName);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/modular/modular_1024_test.cu: the suites of modular_ops.hpp at 1024 bits (a file of its own, so
// that the widths compile in parallel).
#include "device/modular/modular_ops.hpp"

namespace warpnum::test {
namespace {
using Widths = ::testing::Types<BigUInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, ModularDevice, Widths, ModularWidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, ModularDeviceNumberTheory, Widths, ModularWidthName);
}  // namespace
}  // namespace warpnum::test

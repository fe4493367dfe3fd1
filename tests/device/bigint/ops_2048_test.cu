// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops_2048_test.cu: the suites of ops.hpp at 2048 bits.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<2048>, warpnum::BigInt<2048>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDevice, Widths, WidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDeviceDivision, Widths, WidthName);
}  // namespace warpnum::test

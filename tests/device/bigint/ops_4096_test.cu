// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops_4096_test.cu: the suites of ops.hpp at 4096 bits.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<4096>, warpnum::BigInt<4096>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDevice, Widths, WidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDeviceDivision, Widths, WidthName);
}  // namespace warpnum::test

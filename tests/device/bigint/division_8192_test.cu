// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/division_8192_test.cu: BigIntDeviceDivision (ops.hpp) at 8192 bits, apart because long division
// is slow to compile there.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<8192>, warpnum::BigInt<8192>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDeviceDivision, Widths, WidthName);
}  // namespace warpnum::test

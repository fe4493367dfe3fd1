// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops_8192_test.cu: BigIntDevice (ops.hpp) at 8192 bits; division_8192_test.cu has the rest.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<8192>, warpnum::BigInt<8192>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDevice, Widths, WidthName);
}  // namespace warpnum::test

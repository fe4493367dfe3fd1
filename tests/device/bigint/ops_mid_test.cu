// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops_mid_test.cu: the suites of ops.hpp at 256, 512 and 1024 bits.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<256>, warpnum::BigInt<256>, warpnum::BigUInt<512>,
                                warpnum::BigInt<512>, warpnum::BigUInt<1024>, warpnum::BigInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDevice, Widths, WidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDeviceDivision, Widths, WidthName);
}  // namespace warpnum::test

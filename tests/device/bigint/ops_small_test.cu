// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops_small_test.cu: the suites of ops.hpp at 32, 64, 96 and 128 bits.
#include "device/bigint/ops.hpp"

namespace warpnum::test {
using Widths = ::testing::Types<warpnum::BigUInt<32>, warpnum::BigInt<32>, warpnum::BigUInt<64>, warpnum::BigInt<64>,
                                warpnum::BigUInt<96>, warpnum::BigInt<96>, warpnum::BigUInt<128>, warpnum::BigInt<128>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDevice, Widths, WidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Ops, BigIntDeviceDivision, Widths, WidthName);
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/powm_2048_test.cu: powm_suite.hpp at 2048 bits (a file of its own, so that it compiles in
// parallel with the narrower widths).
#include "device/batch/powm_suite.hpp"

namespace warpnum::test {
namespace {
using Widths = ::testing::Types<BigUInt<2048>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Batch, BatchPowm, Widths, BatchWidthName);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/powm_test.cu: powm_suite.hpp at 64, 256 and 1024 bits, and the argument checks that need no GPU.
#include "device/batch/powm_suite.hpp"

#include <stdexcept>

namespace warpnum::test {
namespace {
using Widths = ::testing::Types<BigUInt<64>, BigUInt<256>, BigUInt<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Batch, BatchPowm, Widths, BatchWidthName);

// A shared zero modulus throws before anything is launched (so this runs without a GPU); n == 0 launches nothing.
TEST(BatchPowmArguments, ZeroModulusThrowsEmptyBatchLaunchesNothing) {
  using T = BigUInt<256>;
  EXPECT_THROW(powm_n(static_cast<const T*>(nullptr), static_cast<const T*>(nullptr), T{}, static_cast<T*>(nullptr), 10),
               std::domain_error);
  EXPECT_THROW(powm_n(static_cast<const T*>(nullptr), T{3u}, T{}, static_cast<T*>(nullptr), 10), std::domain_error);
  EXPECT_NO_THROW(powm_n(static_cast<const T*>(nullptr), static_cast<const T*>(nullptr), T{7u}, static_cast<T*>(nullptr), 0));
  EXPECT_NO_THROW(powm_n(static_cast<const T*>(nullptr), static_cast<const T*>(nullptr), static_cast<const T*>(nullptr),
                         static_cast<T*>(nullptr), 0));
}

// ct::powm_n: a zero or even shared modulus throws before anything is launched; n == 0 launches nothing.
TEST(BatchPowmArguments, ConstantTimeZeroOrEvenModulusThrows) {
  using T = BigUInt<256>;
  const T* none = nullptr;
  EXPECT_THROW(ct::powm_n(none, none, T{}, static_cast<T*>(nullptr), 10), std::domain_error);
  EXPECT_THROW(ct::powm_n(none, none, T{10u}, static_cast<T*>(nullptr), 10), std::domain_error);
  EXPECT_THROW(ct::powm_n(none, T{3u}, T{4u}, static_cast<T*>(nullptr), 10), std::domain_error);
  EXPECT_NO_THROW(ct::powm_n(none, none, T{7u}, static_cast<T*>(nullptr), 0));
}
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/modular/modular_test.cu: the suites of modular_ops.hpp at 64 and 256 bits, and the fixed-value
// checks of cases/modular_constexpr.hpp (static_asserted in tests/host/modular/constexpr_test.cpp) in a kernel.
#include "cases/modular_constexpr.hpp"
#include "device/modular/modular_ops.hpp"

#include <cstdint>
#include <vector>

namespace warpnum::test {
namespace {

using Widths = ::testing::Types<BigUInt<64>, BigUInt<256>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, ModularDevice, Widths, ModularWidthName);
INSTANTIATE_TYPED_TEST_SUITE_P(Modular, ModularDeviceNumberTheory, Widths, ModularWidthName);

/// The constexpr checks, one flag each (1: passed).
struct ConstexprChecks {
  struct Out {
    std::uint32_t ok[10];
  };
  WARPNUM_HD Out operator()(const int&) const {
    return {{cx_mod::powm_64(), cx_mod::powm_256(), cx_mod::modinv_64(), cx_mod::modinv_256(), cx_mod::montgomery_64(),
             cx_mod::montgomery_256(), cx_mod::barrett_64(), cx_mod::barrett_256(), cx_mod::prime_64(),
             cx_mod::prime_256()}};
  }
};

// Failed (check 8, prime_64) until the PTX chains' outputs became early-clobber (see the top of modular_ops.hpp).
class ModularDeviceConstexpr : public DeviceTest {};

TEST_F(ModularDeviceConstexpr, SameChecksInAKernel) {
  const auto out = expect_device_matches_host(ConstexprChecks{}, std::vector<int>(1), 0);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(out[0].ok[i], 1u) << "check " << i << " (in the order of constexpr_test.cpp)";
}

}  // namespace
}  // namespace warpnum::test

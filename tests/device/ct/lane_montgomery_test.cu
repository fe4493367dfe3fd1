// SPDX-License-Identifier: Apache-2.0
// tests/device/ct/lane_montgomery_test.cu: the constant-time lane-group Montgomery context, warp/ct/montgomery.hpp
// (warp::ct::Montgomery<Bits, G>), against GMP by warp/montgomery_suite.hpp: the context built in the kernel from
// each modulus (no division; even and zero moduli give their statuses and results 0), its constants, mul, sqr, add,
// sub and powm with exponents 0, 1, 2, short, all ones and of random length, at 1024 to 4096 bits.
#include "device/warp/montgomery_suite.hpp"

#include <warpnum/warp/ct/montgomery.hpp>

namespace warpnum::test {
namespace {

constexpr const char* name = "warp::ct::Montgomery";

class ConstantTimeLaneGroupMontgomery : public DeviceTest {};

TEST_F(ConstantTimeLaneGroupMontgomery, Bits1024) { check_group<warp::ct::Montgomery, 1024, 4>(name); }
TEST_F(ConstantTimeLaneGroupMontgomery, Bits2048) {
  check_group<warp::ct::Montgomery, 2048, 4>(name);
  check_group<warp::ct::Montgomery, 2048, 8>(name);
}
TEST_F(ConstantTimeLaneGroupMontgomery, Bits4096) { check_group<warp::ct::Montgomery, 4096, 8>(name); }

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/warp/montgomery_test.cu: the lane-group Montgomery context, warp::Montgomery<Bits, G>, against GMP
// (warp/montgomery_suite.hpp: constants, mul, sqr, add, sub, powm, the errors) at 256 to 4096 bits and the
// lane-group sizes that fit (up to 32 limbs a lane).
#include "device/warp/montgomery_suite.hpp"

#include <warpnum/warp/montgomery.hpp>

namespace warpnum::test {
namespace {

constexpr const char* name = "warp::Montgomery";

class LaneGroupMontgomery : public DeviceTest {};

TEST_F(LaneGroupMontgomery, Bits256) {
  check_group<warp::Montgomery, 256, 1>(name);
  check_group<warp::Montgomery, 256, 2>(name);
  check_group<warp::Montgomery, 256, 8>(name);
}
TEST_F(LaneGroupMontgomery, Bits1024) {
  check_group<warp::Montgomery, 1024, 2>(name);
  check_group<warp::Montgomery, 1024, 4>(name);
  check_group<warp::Montgomery, 1024, 32>(name);
}
TEST_F(LaneGroupMontgomery, Bits2048) {
  check_group<warp::Montgomery, 2048, 2>(name);
  check_group<warp::Montgomery, 2048, 4>(name);
  check_group<warp::Montgomery, 2048, 8>(name);
}
TEST_F(LaneGroupMontgomery, Bits4096) {
  check_group<warp::Montgomery, 4096, 4>(name);
  check_group<warp::Montgomery, 4096, 8>(name);
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/powm_4096_test.cu: powm_n and ct::powm_n at 4096 bits with an odd shared modulus (the lane-group
// paths) against mpz_powm: an exponent each, then one exponent for all in place. The even and
// per-element forms take one thread an element, too slow at this width for a test (they are the code the
// narrower widths test).
#include "device/batch/powm_suite.hpp"

namespace warpnum::test {
namespace {

using T = BigUInt<4096>;

// powm_suite.hpp's typed suite is not instantiated here (its even and per-element forms are too slow at 4096 bits).
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BatchPowm);

class BatchPowm4096 : public DeviceTest {};

TEST_F(BatchPowm4096, OddSharedModulus) { check_shared_modulus<T>("batch powm shared modulus", 200, false); }

TEST_F(BatchPowm4096, SharedExponentInPlace) { check_shared_exponent_in_place<T>("batch powm shared exponent", 200); }

TEST_F(BatchPowm4096, ConstantTimeOddSharedModulus) {
  check_shared_modulus<T, true>("batch ct::powm shared modulus", 200, false);
}

TEST_F(BatchPowm4096, ConstantTimeSharedExponentInPlace) {
  check_shared_exponent_in_place<T, true>("batch ct::powm shared exponent", 200);
}

}  // namespace
}  // namespace warpnum::test

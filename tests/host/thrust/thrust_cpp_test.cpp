// SPDX-License-Identifier: Apache-2.0
// tests/host/thrust/thrust_cpp_test.cpp: tests/cases/thrust_interop.hpp with Thrust's CPP device system (g++,
// -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_CPP: thrust::device is sequential host code), and division by zero
// through Thrust there, where the exception reaches the caller.
#include "cases/thrust_interop.hpp"

#include <stdexcept>

static_assert(THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CPP, "built with Thrust's CPP device system");

namespace warpnum::test {
namespace {

#define WARPNUM_THRUST_TEST(Name, check) \
  TEST(ThrustCpp, Name) { check<DeviceSystem>(seed_for("thrust_interop " #check)); }
WARPNUM_THRUST_INTEROP_CHECKS(WARPNUM_THRUST_TEST)
#undef WARPNUM_THRUST_TEST

// Sequential Thrust lets the host's std::domain_error through to the caller (the GPU gives divmod_checked's
// values instead: tests/device/thrust/thrust_test.cu).
TEST(ThrustCpp, DivisionByZeroThrowsThroughThrust) {
  thrust::device_vector<U256> a(3, U256{5u}), b(3), r(3);
  b[0] = U256{1u};
  EXPECT_THROW(warpnum::transform(thrust::device, a.begin(), a.end(), b.begin(), r.begin(), warpnum::divides{}),
               std::domain_error);
  EXPECT_THROW(thrust::transform(thrust::device, a.begin(), a.end(), b.begin(), r.begin(), warpnum::modulus{}),
               std::domain_error);
}

}  // namespace
}  // namespace warpnum::test

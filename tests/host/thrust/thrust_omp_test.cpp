// SPDX-License-Identifier: Apache-2.0
// tests/host/thrust/thrust_omp_test.cpp: tests/cases/thrust_interop.hpp with Thrust's OMP device system (g++,
// -DTHRUST_DEVICE_SYSTEM=THRUST_DEVICE_SYSTEM_OMP, OpenMP on: thrust::device runs on every core), and the host's
// side of division by zero in the function objects.
#include "cases/thrust_interop.hpp"

#include <stdexcept>

static_assert(THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_OMP, "built with Thrust's OMP device system");

namespace warpnum::test {
namespace {

#define WARPNUM_THRUST_TEST(Name, check) \
  TEST(ThrustOmp, Name) { check<DeviceSystem>(seed_for("thrust_interop " #check)); }
WARPNUM_THRUST_INTEROP_CHECKS(WARPNUM_THRUST_TEST)
#undef WARPNUM_THRUST_TEST

// On the host the function objects throw as the operators do (called directly: an exception must not leave an
// OpenMP region, so no Thrust call here divides by zero).
TEST(ThrustOmp, DivisionByZeroThrowsOnTheHost) {
  EXPECT_THROW(warpnum::divides{}(U256{5u}, U256{}), std::domain_error);
  EXPECT_THROW(warpnum::modulus{}(I256{-5}, I256{}), std::domain_error);
  EXPECT_THROW(warpnum::powm_fn<256>(U256{}), std::domain_error);
  EXPECT_THROW(warpnum::multiplies_mod<256>(U256{}), std::domain_error);
  EXPECT_THROW(warpnum::plus_mod<256>(U256{}), std::domain_error);
  EXPECT_EQ(warpnum::powm_fn<256>::checked(U256{}).status(), Status::division_by_zero);
  EXPECT_EQ(warpnum::powm_fn<256>::checked(U256{}).operator()(U256{5u}, 3), U256{});
}

// The algorithms check their range before anything runs.
TEST(ThrustOmp, AlgorithmsRejectReversedRanges) {
  thrust::device_vector<U256> v(4);
  EXPECT_THROW(warpnum::transform(thrust::device, v.end(), v.begin(), v.begin(), warpnum::negate{}), std::invalid_argument);
  EXPECT_THROW(warpnum::reduce(thrust::device, v.end(), v.begin()), std::invalid_argument);
  EXPECT_THROW(warpnum::sort(thrust::device, v.end(), v.begin()), std::invalid_argument);
  const U256* null = nullptr;
  EXPECT_THROW(warpnum::count_if(thrust::host, null, null + 1, [](const U256&) { return true; }), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/constexpr_test.cpp: the fixed-value checks of cases/modular_constexpr.hpp, static_asserted
// (constant evaluation: powm, modinv, Montgomery, Barrett and is_probable_prime on 32-bit limbs) and run on the
// host (the 64-bit word bodies). The expected values come from Python 3, not from warpnum.
#include "cases/modular_constexpr.hpp"

#include <warpnum/modular.hpp>

#include <gtest/gtest.h>

namespace warpnum::test {
namespace {

static_assert(cx_mod::powm_64());
static_assert(cx_mod::powm_256());
static_assert(cx_mod::modinv_64());
static_assert(cx_mod::modinv_256());
static_assert(cx_mod::montgomery_64());
static_assert(cx_mod::montgomery_256());
static_assert(cx_mod::barrett_64());
static_assert(cx_mod::barrett_256());
static_assert(cx_mod::prime_64());
static_assert(cx_mod::prime_256());

// A context built in constant evaluation is a constant: its values are usable where a constant is required.
constexpr Montgomery<64> ctx64(cx_mod::p64());
static_assert(ctx64.from_montgomery(ctx64.one()) == BigUInt<64>{1u});
static_assert(ctx64.from_montgomery(ctx64.r_squared()) == ctx64.one());

TEST(ModularConstexpr, SameChecksAtRunTime) {
  EXPECT_TRUE(cx_mod::powm_64());
  EXPECT_TRUE(cx_mod::powm_256());
  EXPECT_TRUE(cx_mod::modinv_64());
  EXPECT_TRUE(cx_mod::modinv_256());
  EXPECT_TRUE(cx_mod::montgomery_64());
  EXPECT_TRUE(cx_mod::montgomery_256());
  EXPECT_TRUE(cx_mod::barrett_64());
  EXPECT_TRUE(cx_mod::barrett_256());
  EXPECT_TRUE(cx_mod::prime_64());
  EXPECT_TRUE(cx_mod::prime_256());
}

}  // namespace
}  // namespace warpnum::test

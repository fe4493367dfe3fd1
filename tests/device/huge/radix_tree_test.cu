// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/radix_tree_test.cu: radix conversion by whole levels on the GPU (src/huge/radix_tree.cpp and
// the kernels of packed_slots.cu): to_text_tree and from_text_tree of Integers in device memory against GMP, the
// cases of tests/cases/radix_tree_cases.hpp, and Integer's to_string and text constructor at 10^6 digits (which
// take this path on the device). Skips where there is no GPU.
#include "../kernel_check.hpp"
#include "cases/radix_tree_cases.hpp"

#include <warpnum/integer.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <string>

namespace {

using warpnum::Integer;
using warpnum::Place;
namespace cases = warpnum::test::radix_tree_cases;

class RadixTreeDevice : public warpnum::test::DeviceTest {};

TEST_F(RadixTreeDevice, SmallAndEdgeValues) { cases::small_and_edge_values(Place::device); }
TEST_F(RadixTreeDevice, PowersOfTheBaseAndNeighbours) { cases::powers_of_the_base(Place::device); }
TEST_F(RadixTreeDevice, RandomValuesAndDigitRuns) { cases::random_values_and_digit_runs(Place::device); }
TEST_F(RadixTreeDevice, EveryLeafShape) { cases::every_leaf_shape(Place::device); }
TEST_F(RadixTreeDevice, EstimatesOffByUpToTwo) { cases::estimates_off_by_up_to_two(Place::device); }

TEST_F(RadixTreeDevice, IntegerTextAtAMillionDigits) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed() + 2));
  const mpz_class z = cases::random_in_base(r, 10, 1000000);
  const std::string expected = z.get_str();
  const Integer x = warpnum::from_mpz(z, Place::device);
  EXPECT_EQ(to_string(x), expected);
  EXPECT_EQ(to_string(-x), "-" + expected);
  const Integer back(expected, 10, Place::device);
  EXPECT_EQ(back.place(), Place::device);
  EXPECT_TRUE(warpnum::to_mpz_class(back) == z);
}

}  // namespace

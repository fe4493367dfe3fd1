// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/packed_integers_test.cpp: PackedIntegers, multiply_each and add_each
// (<warpnum/packed_integers.hpp>) on the host against GMP: the cases of tests/cases/packed_integers_cases.hpp with
// host memory, where every operation is complete on return, and operands in two places refused.
#include "cases/packed_integers_cases.hpp"

#include <warpnum/integer.hpp>
#include <warpnum/packed_integers.hpp>

#include <gtest/gtest.h>

namespace {

using warpnum::Place;
namespace cases = warpnum::test::packed_integers_cases;

TEST(PackedIntegersHost, PackAndUnpack) { cases::pack_and_unpack(Place::host, nullptr); }
TEST(PackedIntegersHost, ProductsOfPairs) { cases::products_of_pairs(Place::host, nullptr); }
TEST(PackedIntegersHost, ProductTree) { cases::product_tree(Place::host, nullptr); }
TEST(PackedIntegersHost, SumsOfPairs) { cases::sums_of_pairs(Place::host, nullptr); }
TEST(PackedIntegersHost, Errors) { cases::errors(Place::host, nullptr); }

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/irreducible_nvcc_test.cu: detail::is_irreducible in nvcc's host pass, where the front end (EDG)
// and then g++ each evaluate the static_asserts; and the default table's degrees to 300 at run time.
#include <warpnum/detail/gf2n/irreducible.hpp>
#include <warpnum/poly.hpp>

#include <gtest/gtest.h>

namespace warpnum::test {
namespace {

using detail::is_irreducible;

static_assert(is_irreducible(Poly{2, 1, 0}));
static_assert(!is_irreducible(Poly{4, 2, 0}));
static_assert(is_irreducible(Poly{8, 4, 3, 1, 0}));
static_assert(!is_irreducible(Poly{8, 6, 4, 2, 0}));
static_assert(is_irreducible(Poly{128, 7, 2, 1, 0}));
static_assert(!is_irreducible(Poly{254, 2, 0}));
static_assert(is_irreducible(Poly{163, 7, 6, 3, 0}));

TEST(IsIrreducibleNvcc, DefaultPolysTo300) {
  for (int n = 2; n <= 300; ++n) EXPECT_TRUE(is_irreducible(default_poly(n))) << n;
  EXPECT_FALSE(is_irreducible(Poly{300, 2, 0}));
}

}  // namespace
}  // namespace warpnum::test

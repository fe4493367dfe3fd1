// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/arith_large_ntl_test.cpp: the NTL suite (ntl_suite.hpp) for N = 409, 512, 571 and 1024 with the
// default polynomials (409 and 571: the largest NIST binary-curve degrees).
#include "host/gf2n/ntl_suite.hpp"

namespace warpnum::test {
namespace {
using LargeFields = ::testing::Types<GF2n<409>, GF2n<512>, GF2n<571>, GF2n<1024>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Large, GF2nNtl, LargeFields, GF2nNames);
}  // namespace
}  // namespace warpnum::test

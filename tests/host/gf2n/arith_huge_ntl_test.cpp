// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/arith_huge_ntl_test.cpp: the NTL suite (ntl_suite.hpp) for N = 2048 and 4096 (the largest degree)
// with the default polynomials.
#include "host/gf2n/ntl_suite.hpp"

namespace warpnum::test {
namespace {
using HugeFields = ::testing::Types<GF2n<2048>, GF2n<4096>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Huge, GF2nNtl, HugeFields, GF2nNames);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/arith_small_ntl_test.cpp: the NTL suite (ntl_suite.hpp) for N from 2 to 65 with the default
// polynomials: one and two 32-bit words (N <= 32), one and two 64-bit words, N at and around the word sizes.
#include "host/gf2n/ntl_suite.hpp"

namespace warpnum::test {
namespace {
using SmallFields = ::testing::Types<GF2n<2>, GF2n<3>, GF2n<7>, GF2n<8>, GF2n<16>, GF2n<31>, GF2n<32>, GF2n<33>, GF2n<63>,
                                     GF2n<64>, GF2n<65>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Small, GF2nNtl, SmallFields, GF2nNames);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/arith_mid_ntl_test.cpp: the NTL suite (ntl_suite.hpp) for N from 96 to 283 with the default
// polynomials, among them the NIST binary-curve degrees 163, 233 and 283 and the trinomial x^127 + x + 1.
#include "host/gf2n/ntl_suite.hpp"

namespace warpnum::test {
namespace {
using MidFields = ::testing::Types<GF2n<96>, GF2n<113>, GF2n<127>, GF2n<128>, GF2n<163>, GF2n<233>, GF2n<255>, GF2n<256>,
                                   GF2n<283>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Mid, GF2nNtl, MidFields, GF2nNames);
}  // namespace
}  // namespace warpnum::test

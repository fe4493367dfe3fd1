// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/poly_ntl_test.cpp: the NTL suite (ntl_suite.hpp) with explicit polynomials other than the
// defaults: ones that are not 2-gapped (the second exponent above N / 2, so a product needs more than two reduction
// rounds), a 7-term one, the reciprocals of default trinomials, and x^127 + x^63 + 1 (the second
// exponent exactly floor(N / 2)), non-default pentanomials at 571, 1024 and 2048 (above 1024 GF2n proves
// irreducibility at run time), and the reciprocal of the default pentanomial of degree 571, x^571 + x^569 + x^566 +
// x^561 + 1 (not 2-gapped: proved at run time; at compile time it exceeded g++'s -fconstexpr-ops-limit). NTL's
// irreducibility test checks each (GF2nNtl.Polynomial).
#include "host/gf2n/ntl_suite.hpp"

namespace warpnum::test {
namespace {
using ExplicitFields = ::testing::Types<GF2n<7, Poly{7, 6, 5, 4, 3, 2, 0}>, GF2n<8, Poly{8, 7, 6, 5, 4, 2, 0}>,
                                        GF2n<16, Poly{16, 15, 13, 4, 0}>, GF2n<64, Poly{64, 63, 61, 60, 0}>,
                                        GF2n<127, Poly{127, 63, 0}>, GF2n<127, Poly{127, 126, 0}>,
                                        GF2n<233, Poly{233, 159, 0}>, GF2n<571, Poly{571, 16, 7, 6, 0}>,
                                        GF2n<571, Poly{571, 565, 564, 555, 0}>, GF2n<571, Poly{571, 569, 566, 561, 0}>,
                                        GF2n<1024, Poly{1024, 23, 22, 9, 0}>,
                                        GF2n<2048, Poly{2048, 23, 16, 9, 0}>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Explicit, GF2nNtl, ExplicitFields, GF2nNames);
}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/poly_table_ntl_test.cpp: default_poly (the generated table) against NTL's BuildSparseIrred,
// and detail::is_irreducible against NTL's IterIrredTest on seeded random sparse polynomials, products and
// fixed cases.
#include "cases/random.hpp"

#include <warpnum/detail/gf2n/irreducible.hpp>
#include <warpnum/poly.hpp>

#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

NTL::GF2X gf2x_of(const Poly& p) {
  NTL::GF2X f;
  for (int i = 0; i < p.num_terms(); ++i) NTL::SetCoeff(f, p.exp(i));
  return f;
}

/// The exponents of f, highest first, as text: "8 4 3 1 0".
std::string exponents(const NTL::GF2X& f) {
  std::string s;
  for (long e = NTL::deg(f); e >= 0; --e) {
    if (NTL::IsOne(NTL::coeff(f, e))) s += (s.empty() ? "" : " ") + std::to_string(e);
  }
  return s;
}

bool ntl_irreducible(const Poly& p) { return NTL::IterIrredTest(gf2x_of(p)) != 0; }

TEST(PolyTable, IsNtlBuildSparseIrred) {
  // NTL reads its own table up to degree 2048 (fast) and searches above it (about 1 s a degree near 4096): every
  // degree to 2048, and above it a fixed sample.
  std::vector<int> degrees;
  for (int n = 2; n <= 2048; ++n) degrees.push_back(n);
  for (int n : {2049, 2053, 2203, 2500, 2719, 3000, 3217, 3500, 3851, 4000, 4095, 4096}) degrees.push_back(n);
  for (int n : degrees) {
    NTL::GF2X f;
    NTL::BuildSparseIrred(f, n);
    EXPECT_EQ(exponents(gf2x_of(default_poly(n))), exponents(f)) << "degree " << n;
  }
}

TEST(PolyTable, NamedDefaults) {
  EXPECT_EQ(default_poly(8), (Poly{8, 4, 3, 1, 0}));
  EXPECT_EQ(default_poly(64), (Poly{64, 4, 3, 1, 0}));
  EXPECT_EQ(default_poly(128), (Poly{128, 7, 2, 1, 0}));
  for (int n : {8, 64, 128}) {
    NTL::GF2X f;
    NTL::BuildSparseIrred(f, n);
    EXPECT_EQ(exponents(gf2x_of(default_poly(n))), exponents(f)) << "degree " << n;
  }
}

TEST(IsIrreducible, FixedCasesAgreeWithNtl) {
  const Poly cases[] = {
      Poly{4, 2, 0},           Poly{8, 4, 3, 1, 0},  Poly{128, 7, 2, 1, 0}, Poly{64, 4, 3, 1, 0},
      Poly{8, 6, 4, 2, 0},     Poly{254, 2, 0},      Poly{571, 10, 5, 2, 0}, Poly{4096, 27, 15, 1, 0},
      Poly{4096, 27, 15, 2, 0}, Poly{3, 2, 1, 0},    Poly{2, 1, 0},
  };
  for (const Poly& p : cases) EXPECT_EQ(detail::is_irreducible(p), ntl_irreducible(p)) << exponents(gf2x_of(p));
  EXPECT_FALSE(detail::is_irreducible(Poly{4, 2, 0}));
  EXPECT_TRUE(detail::is_irreducible(Poly{8, 4, 3, 1, 0}));
  EXPECT_TRUE(detail::is_irreducible(Poly{128, 7, 2, 1, 0}));
  EXPECT_TRUE(detail::is_irreducible(Poly{64, 4, 3, 1, 0}));
}

/// A sparse polynomial of degree n with `terms` terms (the leading one and 1 among them) at random exponents.
Poly random_sparse(Rng& rng, int n, int terms) {
  std::vector<int> middle;
  while (static_cast<int>(middle.size()) < terms - 2) {
    const int e = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(n - 1)));
    if (std::find(middle.begin(), middle.end(), e) == middle.end()) middle.push_back(e);
  }
  std::sort(middle.begin(), middle.end(), [](int a, int b) { return a > b; });
  Poly p{};
  p.set_exp(0, n);
  for (std::size_t i = 0; i < middle.size(); ++i) p.set_exp(static_cast<int>(i) + 1, middle[i]);
  p.set_exp(static_cast<int>(middle.size()) + 1, 0);
  return p;
}

/// The Poly of f, or {0} where f has more than 16 terms, a degree above 4096 or no constant term.
Poly poly_of(const NTL::GF2X& f) {
  Poly p{};
  int t = 0;
  for (long e = NTL::deg(f); e >= 0; --e) {
    if (!NTL::IsOne(NTL::coeff(f, e))) continue;
    if (t == Poly::max_terms) return Poly{};
    p.set_exp(t++, static_cast<int>(e));
  }
  if (p.check() != nullptr) return Poly{};
  return p;
}

TEST(IsIrreducible, RandomSparseAgreesWithNtl) {
  const std::uint64_t seed = seed_for("IsIrreducible.RandomSparse");
  SCOPED_TRACE("seed " + std::to_string(seed));
  Rng rng(seed);
  int irreducible = 0;
  for (int i = 0; i < 20000; ++i) {
    // Mostly trinomials and pentanomials, of which about 1 in n is irreducible; some up to 16 terms.
    const int n = 2 + static_cast<int>(rng.below(599));
    const int shape = static_cast<int>(rng.below(8));
    int terms = shape < 3 ? 3 : shape < 6 ? 5 : 2 + static_cast<int>(rng.below(15));
    terms = std::min(terms, n + 1);
    const Poly p = random_sparse(rng, n, terms);
    const bool expected = ntl_irreducible(p);
    ASSERT_EQ(detail::is_irreducible(p), expected) << exponents(gf2x_of(p));
    irreducible += expected;
  }
  EXPECT_GE(irreducible, 200);  // both answers were seen often
}

TEST(IsIrreducible, ProductsAgreeWithNtl) {
  // Products of two random trinomials or pentanomials: reducible, most without a factor small enough for the
  // quick search; and the irreducible factors found among them, which must come back irreducible.
  const std::uint64_t seed = seed_for("IsIrreducible.Products");
  SCOPED_TRACE("seed " + std::to_string(seed));
  Rng rng(seed);
  int products = 0;
  for (int i = 0; i < 5000; ++i) {
    const int na = 2 + static_cast<int>(rng.below(299));
    const int nb = 2 + static_cast<int>(rng.below(299));
    const Poly a = random_sparse(rng, na, std::min(rng.below(2) == 0 ? 3 : 5, na + 1));
    const Poly b = random_sparse(rng, nb, std::min(rng.below(2) == 0 ? 3 : 5, nb + 1));
    const Poly ab = poly_of(gf2x_of(a) * gf2x_of(b));
    if (ab.exp(0) == 0) continue;
    ASSERT_FALSE(detail::is_irreducible(ab)) << exponents(gf2x_of(ab));
    ASSERT_EQ(detail::is_irreducible(a), ntl_irreducible(a)) << exponents(gf2x_of(a));
    ++products;
  }
  EXPECT_GE(products, 2000);
}

}  // namespace
}  // namespace warpnum::test

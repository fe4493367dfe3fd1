// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/irreducible_test.cpp: detail::is_irreducible against trial division for every polynomial of
// degree 2 to 16 (with at most 16 terms), on squares and products of larger irreducibles (which no small factor
// gives away), on bad Polys, and static_asserted on a few fixed cases. NTL checks it on larger random polynomials
// in poly_table_ntl_test.cpp.
#include <warpnum/detail/gf2n/irreducible.hpp>
#include <warpnum/poly.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace warpnum::test {
namespace {

using detail::is_irreducible;

static_assert(is_irreducible(Poly{2, 1, 0}));
static_assert(!is_irreducible(Poly{4, 2, 0}));  // (x^2 + x + 1)^2
static_assert(is_irreducible(Poly{8, 4, 3, 1, 0}));
static_assert(is_irreducible(Poly{8, 4, 3, 2, 0}));
static_assert(!is_irreducible(Poly{8, 6, 4, 2, 0}));  // (x^4 + x^3 + x^2 + x + 1)^2
static_assert(is_irreducible(Poly{64, 4, 3, 1, 0}));
static_assert(is_irreducible(Poly{127, 1, 0}));
static_assert(is_irreducible(Poly{128, 7, 2, 1, 0}));
static_assert(!is_irreducible(Poly{254, 2, 0}));  // (x^127 + x + 1)^2
static_assert(is_irreducible(Poly{163, 7, 6, 3, 0}));
static_assert(!is_irreducible(Poly{5, 7, 0}));  // not a valid Poly: exponents out of order

/// The polynomial of the bits of `f` (bit i: x^i) as a Poly, or {0} with more than 16 terms.
Poly poly_of_bits(std::uint32_t f) {
  Poly p{};
  int t = 0;
  for (int e = 31; e >= 0; --e) {
    if ((f >> e & 1) == 0) continue;
    if (t == Poly::max_terms) return Poly{};
    p.set_exp(t++, e);
  }
  return p;
}

int degree_of(std::uint32_t f) {
  int d = -1;
  while (d < 31 && (f >> (d + 1)) != 0) ++d;
  return d;
}

/// f mod g over GF(2), g != 0.
std::uint32_t mod(std::uint32_t f, std::uint32_t g) {
  const int dg = degree_of(g);
  for (int df = degree_of(f); df >= dg; df = degree_of(f)) f ^= g << (df - dg);
  return f;
}

/// Irreducible by trial division by every polynomial of degree 1 to deg f / 2.
bool irreducible_by_trial_division(std::uint32_t f) {
  const int n = degree_of(f);
  for (std::uint32_t g = 2; degree_of(g) <= n / 2; ++g) {
    if (mod(f, g) == 0) return false;
  }
  return true;
}

TEST(IsIrreducible, AgreesWithTrialDivisionUpToDegree16) {
  int checked = 0;
  int irreducible = 0;
  for (int n = 2; n <= 16; ++n) {
    for (std::uint32_t middle = 0; middle < (1u << (n - 1)); ++middle) {
      const std::uint32_t f = (1u << n) | (middle << 1) | 1u;  // a Poly always has the constant term
      const Poly p = poly_of_bits(f);
      if (p.exp(0) == 0) continue;  // 17 terms
      const bool expected = irreducible_by_trial_division(f);
      ASSERT_EQ(is_irreducible(p), expected) << "f = 0x" << std::hex << f;
      ++checked;
      irreducible += expected;
    }
  }
  EXPECT_EQ(checked, (1 << 16) - 2 - 1);  // 2^(n-1) of each degree n, less the one of 17 terms (reducible)
  EXPECT_EQ(irreducible, 8800 - 2);       // the irreducibles of degree 1 to 16 (OEIS A001037), less x and x + 1
}

/// The product of two sparse polynomials, or {0} with more than 16 terms.
Poly product(const Poly& a, const Poly& b) {
  std::vector<bool> bits(2 * Poly::max_degree + 1, false);
  for (int i = 0; i < a.num_terms(); ++i) {
    for (int j = 0; j < b.num_terms(); ++j) bits[a.exp(i) + b.exp(j)] = !bits[a.exp(i) + b.exp(j)];
  }
  Poly p{};
  int t = 0;
  for (int e = static_cast<int>(bits.size()) - 1; e >= 0; --e) {
    if (!bits[e]) continue;
    if (t == Poly::max_terms) return Poly{};
    p.set_exp(t++, e);
  }
  return p;
}

TEST(IsIrreducible, ProductsOfLargeIrreduciblesAreReducible) {
  // Irreducible factors of degree above 10, which the quick search for small factors does not see.
  const Poly factors[] = {
      Poly{11, 2, 0},         Poly{17, 3, 0},          Poly{89, 38, 0},         Poly{127, 1, 0},
      Poly{128, 7, 2, 1, 0},  Poly{233, 74, 0},        Poly{409, 87, 0},        Poly{1279, 216, 0},
      Poly{2048, 19, 14, 13, 0},
  };
  int products = 0;
  for (const Poly& a : factors) {
    ASSERT_TRUE(is_irreducible(a)) << a.exp(0);
    for (const Poly& b : factors) {
      const Poly ab = product(a, b);
      if (ab.exp(0) == 0 || ab.check() != nullptr) continue;  // too many terms or above degree 4096
      EXPECT_FALSE(is_irreducible(ab)) << a.exp(0) << " * " << b.exp(0);
      ++products;
    }
  }
  EXPECT_GE(products, 40);
}

TEST(IsIrreducible, BadPolysAreNot) {
  EXPECT_FALSE(is_irreducible(Poly{1, 0}));
  EXPECT_FALSE(is_irreducible(Poly{4097, 1, 0}));
  EXPECT_FALSE(is_irreducible(Poly{3, 3, 0}));
  EXPECT_FALSE(is_irreducible(Poly{5, 7, 0}));
  EXPECT_FALSE(is_irreducible(Poly{3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}));  // no constant term
}

TEST(IsIrreducible, DefaultPolysAre) {
  for (int n = 2; n <= Poly::max_degree; n += n < 300 ? 1 : 97) {
    EXPECT_TRUE(is_irreducible(default_poly(n))) << n;
  }
  EXPECT_TRUE(is_irreducible(default_poly(4096)));
}

}  // namespace
}  // namespace warpnum::test

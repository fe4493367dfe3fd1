// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/convolve_test.cpp: convolve_ntt and convolve_columns on the host (src/huge/convolve.cu) against
// a quadratic reference, and at sizes beyond it the carried product against GMP; convolve_batch's regions carried
// in one pass; the wrapped product modulo 2^(32 L) - 1 (multiply_mod_bnm1_host) against GMP.
#include "cases/convolution_cases.hpp"

#include <warpnum/huge/ntt.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

using namespace warpnum::test;
using warpnum::Place;
using warpnum::huge::Coef96;

std::vector<Coef96> by_ntt(const Limbs& a, const Limbs& b) {
  std::vector<Coef96> c(a.size() + b.size() - 1);
  warpnum::huge::convolve_ntt(c.data(), a.data(), a.size(), b.data(), b.size(), Place::host);
  return c;
}

std::vector<Coef96> square_by_ntt(const Limbs& a) {
  std::vector<Coef96> c(2 * a.size() - 1);
  warpnum::huge::convolve_ntt(c.data(), a.data(), a.size(), a.data(), a.size(), Place::host);
  return c;
}

std::vector<Coef96> by_columns(const Limbs& a, const Limbs& b) {
  std::vector<Coef96> c(a.size() + b.size() - 1);
  warpnum::huge::convolve_columns(c.data(), a.data(), a.size(), b.data(), b.size(), Place::host);
  return c;
}

void expect_both_match_reference(std::size_t na, std::size_t nb, Shape sa, Shape sb, std::uint64_t seed) {
  const Limbs a = make_limbs(na, sa, seed);
  const Limbs b = make_limbs(nb, sb, seed ^ 0xabcdefull);
  const auto want = reference_columns(a, b);
  EXPECT_EQ(first_difference(by_ntt(a, b), want), -1) << "ntt " << describe(na, nb, sa, sb, seed);
  EXPECT_EQ(first_difference(by_columns(a, b), want), -1) << "columns " << describe(na, nb, sa, sb, seed);
}

TEST(HugeConvolveHost, PlanPicksSmallestLength) {
  for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 9u, 11u, 13u, 17u, 100u, 4097u, 20971520u, 20971521u}) {
    const auto plan = warpnum::huge::ntt::make_plan(n);
    std::size_t best = 0;
    for (std::size_t len : transform_lengths(n * 2 + 8)) {
      if (len >= n) {
        best = len;
        break;
      }
    }
    EXPECT_EQ(plan.length, best) << n;
    EXPECT_EQ(std::size_t{plan.n1} * plan.n2, plan.length);
  }
  EXPECT_EQ(warpnum::huge::ntt::make_plan(20'800'000).length, 5u << 22);  // 10^8 decimal digits
  EXPECT_EQ(warpnum::huge::ntt_max_product(), (std::size_t{5} << 23) + 1);
}

TEST(HugeConvolveHost, SmallSizesAllShapes) {
  std::uint64_t seed = 1;
  for (std::size_t na = 1; na <= 24; ++na) {
    for (std::size_t nb = 1; nb <= 24; ++nb) {
      expect_both_match_reference(na, nb, Shape::random, Shape::carries, seed++);
    }
  }
  for (std::size_t n : {1u, 2u, 3u, 7u, 64u, 100u, 257u, 1000u}) {
    expect_both_match_reference(n, n, Shape::ones, Shape::ones, seed++);
    expect_both_match_reference(n, n + 3, Shape::sparse, Shape::random, seed++);
  }
}

TEST(HugeConvolveHost, AroundEveryTransformLength) {
  // Product lengths L - 1, L, L + 1 for every transform length L up to 3 2^11: each split of n1 x n2 and each
  // radix, with operands of equal and unequal lengths.
  std::uint64_t seed = 1000;
  for (std::size_t len : transform_lengths(3 << 11)) {
    for (std::size_t nc : {len - 1, len, len + 1}) {
      if (nc < 1) continue;
      const std::size_t na = (nc + 1) / 2;
      const std::size_t nb = nc + 1 - na;
      expect_both_match_reference(na, nb, Shape::random, Shape::random, seed++);
      if (nc > 4) expect_both_match_reference(nc - 2, 3, Shape::ones, Shape::random, seed++);
    }
  }
}

TEST(HugeConvolveHost, WorstCaseAndPowersOfTheBase) {
  const Limbs ones = make_limbs(3000, Shape::ones, 0);
  EXPECT_EQ(first_difference(by_ntt(ones, ones), reference_columns(ones, ones)), -1);
  EXPECT_EQ(first_difference(square_by_ntt(ones), reference_columns(ones, ones)), -1);
  // 2^(32 i) times b: b shifted by i limbs.
  const Limbs b = make_limbs(777, Shape::random, 5);
  for (std::size_t i : {0u, 1u, 31u, 500u}) {
    Limbs a(i + 1, 0);
    a[i] = 1;
    EXPECT_EQ(first_difference(by_ntt(a, b), reference_columns(a, b)), -1) << i;
    EXPECT_EQ(first_difference(by_ntt(b, a), reference_columns(b, a)), -1) << i;
  }
}

TEST(HugeConvolveHost, VeryDifferentLengths) {
  for (std::size_t nb : {100000u, 65535u, 65537u}) {
    const Limbs a = make_limbs(1, Shape::ones, 7);
    const Limbs b = make_limbs(nb, Shape::random, 8);
    const auto want = reference_columns(a, b);
    EXPECT_EQ(first_difference(by_ntt(a, b), want), -1) << nb;
    EXPECT_EQ(first_difference(by_ntt(b, a), want), -1) << nb;
    EXPECT_EQ(first_difference(by_columns(b, a), want), -1) << nb;
  }
  expect_both_match_reference(5, 40000, Shape::ones, Shape::ones, 9);
}

TEST(HugeConvolveHost, SquaresMatchProducts) {
  for (std::size_t n : {1u, 2u, 5u, 96u, 1023u, 1025u, 2500u}) {
    const Limbs a = make_limbs(n, Shape::carries, n);
    EXPECT_EQ(first_difference(square_by_ntt(a), reference_columns(a, a)), -1) << n;
  }
}

TEST(HugeConvolveHost, LargeProductsAgainstGmp) {
  // Beyond the quadratic reference: the carried coefficients against mpz_mul (about 2.4 million decimal digits).
  struct Case {
    std::size_t na, nb;
    Shape sa, sb;
  };
  for (const Case& cs : {Case{250000, 250000, Shape::random, Shape::random}, Case{262144, 262145, Shape::ones, Shape::ones},
                         Case{1, 1000000, Shape::ones, Shape::ones}, Case{100000, 300001, Shape::carries, Shape::random}}) {
    const Limbs a = make_limbs(cs.na, cs.sa, cs.na);
    const Limbs b = make_limbs(cs.nb, cs.sb, cs.nb);
    EXPECT_TRUE(product_matches_gmp(a, b, by_ntt(a, b))) << describe(cs.na, cs.nb, cs.sa, cs.sb, cs.na);
  }
  const Limbs a = make_limbs(200000, Shape::ones, 3);
  EXPECT_TRUE(product_matches_gmp(a, a, square_by_ntt(a)));
  for (std::size_t len : {std::size_t{5} << 16, std::size_t{3} << 17}) {  // beside two long transform lengths
    for (std::size_t nc : {len, len + 1}) {
      const Limbs x = make_limbs(nc / 2, Shape::random, nc);
      const Limbs y = make_limbs(nc + 1 - nc / 2, Shape::carries, nc + 1);
      EXPECT_TRUE(product_matches_gmp(x, y, by_ntt(x, y))) << nc;
    }
  }
}

/// Whether multiply_mod_bnm1_host gives a * b modulo 2^(32 len) - 1 (GMP's remainder; 2^(32 len) - 1 stands for 0).
bool wrapped_matches_gmp(const Limbs& a, const Limbs& b, std::size_t len) {
  Limbs r(len);
  warpnum::huge::multiply_mod_bnm1_host(r.data(), len, a.data(), a.size(), b.data(), b.size());
  Mpz x(a), y(b), got(r), modulus, want;
  mpz_set_ui(modulus.get(), 1);
  mpz_mul_2exp(modulus.get(), modulus.get(), 32 * len);
  mpz_sub_ui(modulus.get(), modulus.get(), 1);
  mpz_mul(want.get(), x.get(), y.get());
  mpz_mod(want.get(), want.get(), modulus.get());
  if (mpz_cmp(got.get(), modulus.get()) == 0) mpz_set_ui(got.get(), 0);
  return mpz_cmp(want.get(), got.get()) == 0;
}

TEST(HugeConvolveHost, WrappedProductsModuloTwoToTheLengthMinusOne) {
  // multiply_mod_bnm1_host: a * b modulo 2^(32 L) - 1 by one cyclic transform of L points, against GMP's remainder
  // (2^(32 L) - 1 standing for 0), at every transform length up to 80 and beside longer ones, operands up to L limbs.
  std::vector<std::size_t> lengths = transform_lengths(80);
  for (std::size_t len : {std::size_t{4096}, std::size_t{3} << 12, std::size_t{5} << 14, std::size_t{1} << 17}) {
    lengths.push_back(len);
  }
  for (const std::size_t len : lengths) {
    for (const auto& [na, nb] : {std::pair<std::size_t, std::size_t>{len, len}, {len, 1}, {len / 2 + 1, len},
                                 {(len + 2) / 3, (len + 1) / 2}}) {
      for (const Shape shape : {Shape::random, Shape::ones, Shape::carries}) {
        const Limbs a = make_limbs(na, shape, len + na), b = make_limbs(nb, shape, 3 * len + nb);
        EXPECT_TRUE(wrapped_matches_gmp(a, b, len)) << describe(na, nb, shape, shape, len) << " L=" << len;
      }
    }
  }
  // Limbs a little below 2^32 - 1 (2^32 - 4 to 2^32 - 1): sums whose low L limbs and the few above them add past
  // 2^(32 L), the fold's carry out, in about half the products at L = 1, 13 % at 2, 2 % at 3.
  std::uint64_t seed = 1;
  const auto near_max = [&seed](std::size_t n) {
    Limbs v(n);
    for (auto& x : v) x = 0xffffffffu - static_cast<std::uint32_t>((seed = seed * 6364136223846793005u + 1) >> 62);
    return v;
  };
  for (const std::size_t len : transform_lengths(16)) {
    for (int trial = 0; trial < 200; ++trial) {
      EXPECT_TRUE(wrapped_matches_gmp(near_max(len), near_max(len), len)) << "near 2^32 - 1, L=" << len << " trial "
                                                                           << trial;
    }
  }
  Limbs r(5);
  const Limbs one = {1};
  EXPECT_THROW(warpnum::huge::multiply_mod_bnm1_host(r.data(), 7, one.data(), 1, one.data(), 1),  // not a length
               std::invalid_argument);
}

// A batch's coefficients at their regions, then one carry pass over the whole output: each region holds exactly
// its product (the largest limbs everywhere, so every carry runs to the top of its region and must stop there);
// zero-length operands leave their region zero; products of both kinds (columns and transform) side by side.
TEST(HugeConvolveHost, BatchInOneCarryPass) {
  struct Pair {
    std::size_t na, nb;
    Shape shape;
  };
  const std::vector<Pair> pairs = {{1, 1, Shape::ones},       {3, 700, Shape::ones},    {0, 9, Shape::ones},
                                   {256, 257, Shape::ones},   {90, 90, Shape::carries}, {6000, 6000, Shape::ones},
                                   {2, 13000, Shape::random}, {40, 0, Shape::random},   {5, 5, Shape::sparse}};
  std::vector<Limbs> as, bs;
  std::vector<warpnum::huge::ProductJob> jobs;
  std::size_t total = 0;
  for (const Pair& p : pairs) {
    as.push_back(make_limbs(p.na, p.shape, p.na + 1));
    bs.push_back(make_limbs(p.nb, p.shape, p.nb + 2));
  }
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    jobs.push_back({as[k].data(), pairs[k].na, bs[k].data(), pairs[k].nb, total});
    total += pairs[k].na + pairs[k].nb;
  }
  std::vector<Coef96> c(total);
  warpnum::huge::convolve_batch(c.data(), total, jobs, Place::host);
  std::vector<std::uint32_t> out(total, 0xdeadbeefu);
  warpnum::huge::normalise(out.data(), total, c.data(), total, Place::host);
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const std::size_t n = pairs[k].na + pairs[k].nb;
    if (pairs[k].na == 0 || pairs[k].nb == 0) {
      for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[jobs[k].out + i], 0u) << "pair " << k;
      continue;
    }
    const Limbs region(out.begin() + static_cast<std::ptrdiff_t>(jobs[k].out),
                       out.begin() + static_cast<std::ptrdiff_t>(jobs[k].out + n));
    const Limbs expected = carry_sequential(reference_columns(as[k], bs[k]));
    Limbs got = region;
    got.resize(expected.size(), 0);
    EXPECT_EQ(got, expected) << "pair " << k << ": " << pairs[k].na << " x " << pairs[k].nb;
  }
}

}  // namespace

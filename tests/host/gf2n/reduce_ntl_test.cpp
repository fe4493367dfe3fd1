// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/reduce_ntl_test.cpp: detail/gf2n/reduce.hpp's reduction modulo a sparse polynomial against NTL's
// remainder: the table polynomials of degrees 2 to 4096 (among them 163, 233, 283, 409, 571) and others for each
// path: 2-gapped trinomials and pentanomials (PCLMULQDQ where the processor has it, shifts where the low part has
// degree 64 or more), many terms, and not 2-gapped (the chunked reduction). Products, any polynomial of degree up to
// 2N - 2 and edge polynomials (x^k at N and the folds' boundaries, runs of ones), with guard words; the reduction in
// constant evaluation (the shift path); get_bits, xor_bits and low_word against bit-by-bit references.
#include "cases/random.hpp"
#include "oracle/ntl.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/reduce.hpp>
#include <warpnum/poly.hpp>

#include <NTL/GF2X.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

namespace gf2x = detail::gf2x;
using oracle::gf2x_from_words;
using oracle::gf2x_to_words;
using oracle::to_gf2x;

std::string hex(const NTL::GF2X& f) { return "0x" + oracle::to_hex(f); }

std::string poly_name(const Poly& p) {
  std::string s = "N" + std::to_string(p.degree());
  for (int i = 1; i < p.num_terms() - 1; ++i) s += "_" + std::to_string(p.exp(i));
  return s;
}

template <Poly P> struct PolyCase {
  static constexpr Poly poly = P;
  static constexpr int degree = P.degree();
  static constexpr int words = (P.degree() + 63) / 64;  // W
};
struct PolyNames {
  template <class C> static std::string GetName(int) { return poly_name(C::poly); }
};

// The library's polynomials: one and two words, at and around word sizes, the NIST degrees, the largest.
using TablePolys = ::testing::Types<
    PolyCase<default_poly(2)>, PolyCase<default_poly(3)>, PolyCase<default_poly(8)>, PolyCase<default_poly(31)>,
    PolyCase<default_poly(32)>, PolyCase<default_poly(33)>, PolyCase<default_poly(63)>, PolyCase<default_poly(64)>,
    PolyCase<default_poly(65)>, PolyCase<default_poly(113)>, PolyCase<default_poly(127)>, PolyCase<default_poly(128)>,
    PolyCase<default_poly(163)>, PolyCase<default_poly(233)>, PolyCase<default_poly(283)>, PolyCase<default_poly(409)>,
    PolyCase<default_poly(571)>, PolyCase<default_poly(1024)>, PolyCase<default_poly(4096)>>;

// Polynomials outside the table (reduce needs no irreducibility): 2-gapped with a low part of degree 64 or more
// (shifts, never PCLMULQDQ), with exactly N / 2 (the largest 2-gapped), of many terms below x^64 (one PCLMULQDQ a
// word), four terms; and not 2-gapped (chunks of N - e1 bits, down to one bit at a time).
using OtherPolys =
    ::testing::Types<PolyCase<Poly{64, 32, 0}>, PolyCase<Poly{128, 64, 0}>, PolyCase<Poly{256, 100, 50, 3, 0}>,
                     PolyCase<Poly{300, 130, 70, 9, 1, 0}>, PolyCase<Poly{192, 7, 2, 1, 0}>,
                     PolyCase<Poly{200, 60, 50, 40, 33, 20, 10, 5, 0}>, PolyCase<Poly{163, 63, 62, 61, 0}>,
                     PolyCase<Poly{7, 4, 0}>, PolyCase<Poly{64, 63, 0}>, PolyCase<Poly{127, 97, 0}>,
                     PolyCase<Poly{128, 127, 2, 1, 0}>, PolyCase<Poly{571, 300, 10, 5, 0}>,
                     PolyCase<Poly{100, 99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 0}>>;

/// The polynomial of degree below 2N - 1 in t's T = 2W words: bits from 2N - 1 up cleared.
template <class C> void clear_above_product(std::uint64_t* t) {
  constexpr int top = 2 * C::degree - 1;
  for (int i = 0; i < 2 * C::words; ++i) {
    const int lo = 64 * i;
    if (lo >= top) {
      t[i] = 0;
    } else if (top - lo < 64) {
      t[i] &= (std::uint64_t{1} << (top - lo)) - 1;
    }
  }
}

constexpr int guard_words = 2;
constexpr std::uint64_t guard = 0xa5a55a5ac3c33c3cull;

/// reduce<P, W> of the product t (2W words, degree at most 2N - 2) against NTL's rem.
template <class C>::testing::AssertionResult check_reduce(const std::uint64_t* t_in) {
  constexpr Poly P = C::poly;
  constexpr int W = C::words;
  std::uint64_t t[2 * W];
  for (int i = 0; i < 2 * W; ++i) t[i] = t_in[i];
  const NTL::GF2X ft = gf2x_from_words(t, 2 * W);
  const NTL::GF2X want = ft % to_gf2x(P);
  std::uint64_t buffer[W + 2 * guard_words];
  for (std::uint64_t& w : buffer) w = guard;
  gf2x::reduce<P, W>(buffer + guard_words, t);
  const NTL::GF2X got = gf2x_from_words(buffer + guard_words, W);
  if (got != want) {
    return ::testing::AssertionFailure() << "reduce<" << poly_name(P) << ">(" << hex(ft) << "): got " << hex(got)
                                         << ", expected " << hex(want);
  }
  for (int i = 0; i < guard_words; ++i) {
    if (buffer[i] != guard || buffer[W + guard_words + i] != guard)
      return ::testing::AssertionFailure() << "reduce<" << poly_name(P) << "> wrote outside its W words";
  }
  return ::testing::AssertionSuccess();
}

/// Products a b of random elements (degree below N), and random polynomials of degree up to 2N - 2.
template <class C> void run_random(int cases) {
  constexpr int N = C::degree;
  constexpr int W = C::words;
  const std::string what = "reduce " + poly_name(C::poly);
  run_random_cases(what, seed_for(what), cases, [](Rng& rng, int i) {
    std::uint64_t t[2 * W] = {};
    if (i % 2 == 0) {
      std::uint64_t a[W], b[W];
      random_words(rng, a, W);
      random_words(rng, b, W);
      NTL::GF2X fa = gf2x_from_words(a, W), fb = gf2x_from_words(b, W);
      NTL::trunc(fa, fa, N);
      NTL::trunc(fb, fb, N);
      gf2x_to_words(t, i % 8 == 0 ? NTL::GF2X(fa * fa) : NTL::GF2X(fa * fb), 2 * W);
    } else {
      random_words(rng, t, 2 * W);
      clear_above_product<C>(t);
    }
    return check_reduce<C>(t);
  });
}

/// 0, 1, x^k for k at N - 1, N, N + 1, the first fold's boundary 3N/2 and its neighbours, 2N - 2; all ones up to 2N -
/// 2, up to N - 1 (already reduced), from N up; a run of ones across the first fold's boundary; the square of all ones.
template <class C> std::vector<std::vector<std::uint64_t>> edge_products() {
  constexpr int N = C::degree;
  constexpr int T = 2 * C::words;
  std::vector<std::vector<std::uint64_t>> v;
  const auto of = [&](const NTL::GF2X& f) {
    std::vector<std::uint64_t> t(T);
    gf2x_to_words(t.data(), f, T);
    v.push_back(t);
  };
  const auto ones = [](int lo, int hi) {  // x^lo + ... + x^hi
    NTL::GF2X f;
    for (int k = lo; k <= hi; ++k) NTL::SetCoeff(f, k);
    return f;
  };
  of(NTL::GF2X{});
  of(ones(0, 0));
  for (const int k : {N - 1, N, N + 1, N + N / 2 - 1, N + N / 2, N + N / 2 + 1, 2 * N - 3, 2 * N - 2}) {
    if (k >= 0 && k <= 2 * N - 2) of(ones(k, k));
  }
  of(ones(0, 2 * N - 2));
  of(ones(0, N - 1));
  of(ones(N, 2 * N - 2));
  of(ones(N + N / 4, N + 3 * N / 4 < 2 * N - 2 ? N + 3 * N / 4 : 2 * N - 2));
  const NTL::GF2X all = ones(0, N - 1);
  of(all * all);
  NTL::GF2X tail = to_gf2x(C::poly);  // P itself reduces to 0, and P x^(N-2) too
  of(tail);
  if (N >= 2) of(NTL::LeftShift(tail, N - 2));
  return v;
}

template <class C> void run_edges() {
  for (const std::vector<std::uint64_t>& t : edge_products<C>()) {
    ASSERT_TRUE(check_reduce<C>(t.data())) << poly_name(C::poly);
  }
}

template <class C> class GF2xReduceTable : public ::testing::Test {};
TYPED_TEST_SUITE(GF2xReduceTable, TablePolys, PolyNames);

TYPED_TEST(GF2xReduceTable, RandomAgainstNtl) { run_random<TypeParam>(TypeParam::degree >= 1024 ? 300 : 2000); }
TYPED_TEST(GF2xReduceTable, EdgeAgainstNtl) { run_edges<TypeParam>(); }
template <class C> class GF2xReduceOther : public ::testing::Test {};
TYPED_TEST_SUITE(GF2xReduceOther, OtherPolys, PolyNames);

TYPED_TEST(GF2xReduceOther, RandomAgainstNtl) { run_random<TypeParam>(2000); }
TYPED_TEST(GF2xReduceOther, EdgeAgainstNtl) { run_edges<TypeParam>(); }

// low_word<P>: the polynomial less its leading term, as one word.
TYPED_TEST(GF2xReduceOther, LowWord) {
  constexpr Poly P = TypeParam::poly;
  if constexpr (P.second_degree() < 64) {
    NTL::GF2X tail = to_gf2x(P);
    NTL::SetCoeff(tail, P.degree(), 0);
    const std::uint64_t w = gf2x::low_word<P>();
    EXPECT_EQ(gf2x_from_words(&w, 1), tail) << poly_name(P);
  } else {
    GTEST_SKIP() << "low part of degree 64 or more: no single word";
  }
}

// ---- constant evaluation: the shift path of every polynomial kind, compared with NTL at run time ----------------

template <Poly P> struct ConstexprReduction {
  static constexpr int W = (P.degree() + 63) / 64;
  std::uint64_t t[2 * W] = {}, r[W] = {};
};

template <Poly P> constexpr ConstexprReduction<P> constexpr_reduction() {
  ConstexprReduction<P> c;
  constexpr int N = P.degree();
  constexpr int W = ConstexprReduction<P>::W;
  std::uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 2 * W; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    c.t[i] = x;
  }
  // Degree 2N - 2 exactly: bits from 2N - 1 up cleared, bit 2N - 2 set.
  for (int k = 2 * N - 1; k < 128 * W; ++k) c.t[k / 64] &= ~(std::uint64_t{1} << (k % 64));
  c.t[(2 * N - 2) / 64] |= std::uint64_t{1} << ((2 * N - 2) % 64);
  std::uint64_t scratch[2 * W] = {};
  for (int i = 0; i < 2 * W; ++i) scratch[i] = c.t[i];
  gf2x::reduce<P, W>(c.r, scratch);
  return c;
}

template <Poly P> void expect_constexpr_reduction() {
  constexpr int W = ConstexprReduction<P>::W;
  static constexpr ConstexprReduction<P> c = constexpr_reduction<P>();
  EXPECT_EQ(gf2x_from_words(c.r, W), gf2x_from_words(c.t, 2 * W) % to_gf2x(P)) << poly_name(P);
}

TEST(GF2xReduce, ConstantEvaluationAgainstNtl) {
  expect_constexpr_reduction<default_poly(163)>();  // pentanomials: PCLMULQDQ at run time, shifts here
  expect_constexpr_reduction<default_poly(283)>();
  expect_constexpr_reduction<default_poly(571)>();
  expect_constexpr_reduction<default_poly(233)>();  // a trinomial
  expect_constexpr_reduction<default_poly(64)>();
  expect_constexpr_reduction<Poly{200, 60, 50, 40, 33, 20, 10, 5, 0}>();
  expect_constexpr_reduction<Poly{128, 127, 2, 1, 0}>();  // not 2-gapped
}

// ---- get_bits and xor_bits against a bit-by-bit reference ---------------------------------------------------

TEST(GF2xReduce, BitFields) {
  constexpr int n = 5;
  const std::string what = "gf2x get_bits/xor_bits";
  run_random_cases(what, seed_for(what), 20000, [](Rng& rng, int) -> ::testing::AssertionResult {
    std::uint64_t t[n];
    random_words(rng, t, n);
    const int len = 1 + static_cast<int>(rng.below(64));
    const int pos = static_cast<int>(rng.below(static_cast<std::uint64_t>(64 * n - len + 1)));
    const auto bit = [](const std::uint64_t* w, int k) { return (w[k / 64] >> (k % 64)) & 1; };
    std::uint64_t want = 0;
    for (int k = 0; k < len; ++k) want |= bit(t, pos + k) << k;
    const std::uint64_t got = gf2x::get_bits(t, n, pos, len);
    if (got != want) {
      return ::testing::AssertionFailure()
             << "get_bits(pos " << pos << ", len " << len << ") = " << got << ", expected " << want;
    }
    // xor_bits of a value of len bits at pos (within the n words).
    const std::uint64_t v = rng.next() & (len == 64 ? ~0ull : (std::uint64_t{1} << len) - 1);
    std::uint64_t x[n], y[n];
    for (int i = 0; i < n; ++i) x[i] = y[i] = t[i];
    gf2x::xor_bits(x, n, pos, v);
    for (int k = 0; k < len; ++k) y[(pos + k) / 64] ^= ((v >> k) & 1) << ((pos + k) % 64);
    for (int i = 0; i < n; ++i) {
      if (x[i] != y[i])
        return ::testing::AssertionFailure() << "xor_bits(pos " << pos << ", len " << len << ") word " << i;
    }
    return ::testing::AssertionSuccess();
  });
}

}  // namespace
}  // namespace warpnum::test

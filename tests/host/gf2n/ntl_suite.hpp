// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/ntl_suite.hpp: the typed differential suite of GF2n<N, Poly> against NTL's GF2X and GF2E, one test
// per operation; *_ntl_test.cpp instantiate it for their width groups and polynomials. Each test runs seeded
// random cases (fewer as N grows) plus the edge elements of cases/gf2n_operands.hpp (every ordered pair of them for
// binary operations). A failure prints the type, the seed and case index, and the operands as hex integers
// (bit i the coefficient of x^i: the form GF2n's string constructor reads), written by the oracle, not by the
// library's to_string.
#pragma once

#include "cases/gf2n_operands.hpp"
#include "cases/random.hpp"
#include "oracle/ntl.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/status.hpp>

#include <NTL/GF2E.h>
#include <NTL/GF2X.h>
#include <NTL/ZZ.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <compare>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef WARPNUM_GF2N_TEST_SCALE
/// A multiplier on every random case count of this suite.
#  define WARPNUM_GF2N_TEST_SCALE 1
#endif

namespace warpnum::test {

using oracle::to_gf2e;
using oracle::to_gf2x;

/// The number of random cases of a test that runs `at_128` cases at N <= 128: fewer in proportion above (a product
/// costs about N^2 / 64 word operations, NTL's a little less), never fewer than `at_least`.
template <class F> constexpr int gf2n_cases(int at_128, int at_least = 4) {
  const long n = static_cast<long>(at_128) * WARPNUM_GF2N_TEST_SCALE * 128 / std::max(F::degree, 128);
  return static_cast<int>(n < at_least ? at_least : n);
}

template <class F> std::string gf2n_what(const char* op) { return gf2n_name<F>() + " " + op; }
template <class F> std::uint64_t gf2n_seed(const char* op) { return seed_for(gf2n_what<F>(op)); }

/// x as a hex integer, "0x..." (by the oracle).
inline std::string hex(const NTL::GF2X& f) { return "0x" + oracle::to_hex(f); }
template <class F> std::string hex(const F& x) { return hex(to_gf2x(x)); }

/// Success when `got` has the coefficients of `want`; else a failure naming the expression and the operands.
template <class F, class Describe>
::testing::AssertionResult same(const char* expr, const NTL::GF2X& want, const F& got, Describe&& operands) {
  const NTL::GF2X g = to_gf2x(got);
  if (g == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << " with " << operands() << ": expected " << hex(want) << ", got "
                                       << hex(g);
}
template <class F, class Describe>
::testing::AssertionResult same(const char* expr, const NTL::GF2E& want, const F& got, Describe&& operands) {
  return same(expr, NTL::rep(want), got, operands);
}

template <class Describe> ::testing::AssertionResult wrong(const std::string& what, Describe&& operands) {
  return ::testing::AssertionFailure() << what << " with " << operands();
}

/// Whether f() throws E.
template <class E, class Fn> bool throws(Fn&& f) {
  try {
    f();
  } catch (const E&) {
    return true;
  } catch (...) {
    return false;
  }
  return false;
}

#define WARPNUM_GF2N_CHECK(r)                    \
  do {                                           \
    const ::testing::AssertionResult check_r = r; \
    if (!check_r) return check_r;                \
  } while (false)

// ---- the checks: one operation (and its compound and aliased forms) on given operands --------------------------

template <class F> ::testing::AssertionResult check_add(const F& a, const F& b) {
  const auto ops = [&] { return "a = " + hex(a) + ", b = " + hex(b); };
  const NTL::GF2X want = to_gf2x(a) + to_gf2x(b);
  WARPNUM_GF2N_CHECK(same("a + b", want, a + b, ops));
  WARPNUM_GF2N_CHECK(same("a - b", want, a - b, ops));
  F c = a;
  c += b;
  WARPNUM_GF2N_CHECK(same("a += b", want, c, ops));
  c = a;
  c -= b;
  WARPNUM_GF2N_CHECK(same("a -= b", want, c, ops));
  WARPNUM_GF2N_CHECK(same("-a", to_gf2x(a), -a, ops));
  c = a;
  c += c;
  return same("a += a", NTL::GF2X{}, c, ops);
}

template <class F> ::testing::AssertionResult check_mul(const F& a, const F& b) {
  const auto ops = [&] { return "a = " + hex(a) + ", b = " + hex(b); };
  const NTL::GF2E want = to_gf2e(a) * to_gf2e(b);
  WARPNUM_GF2N_CHECK(same("a * b", want, a * b, ops));
  F c = a;
  c *= b;
  WARPNUM_GF2N_CHECK(same("a *= b", want, c, ops));
  c = a;
  c *= c;
  return same("a *= a", NTL::sqr(to_gf2e(a)), c, ops);
}

template <class F> ::testing::AssertionResult check_square(const F& a) {
  const auto ops = [&] { return "a = " + hex(a); };
  const NTL::GF2E want = NTL::sqr(to_gf2e(a));
  WARPNUM_GF2N_CHECK(same("square(a)", want, square(a), ops));
  return same("a * a", want, a * a, ops);
}

template <class F> ::testing::AssertionResult check_inverse(const F& a) {
  const auto ops = [&] { return "a = " + hex(a); };
  const ModResult<F> checked = inverse_checked(a);
  if (a.is_zero()) {
    if (!throws<std::domain_error>([&] { (void)inverse(a); })) return wrong("inverse(0) did not throw domain_error", ops);
    if (checked.status != Status::not_invertible || !checked.value.is_zero())
      return wrong("inverse_checked(0) is not {0, not_invertible}", ops);
    return ::testing::AssertionSuccess();
  }
  const NTL::GF2E want = NTL::inv(to_gf2e(a));
  WARPNUM_GF2N_CHECK(same("inverse(a)", want, inverse(a), ops));
  if (checked.status != Status::ok) return wrong("inverse_checked(a): status not ok", ops);
  return same("inverse_checked(a).value", want, checked.value, ops);
}

template <class F> ::testing::AssertionResult check_div(const F& a, const F& b) {
  const auto ops = [&] { return "a = " + hex(a) + ", b = " + hex(b); };
  if (b.is_zero()) {
    if (!throws<std::domain_error>([&] { (void)(a / b); })) return wrong("a / 0 did not throw domain_error", ops);
    if (!throws<std::domain_error>([&] {
          F c = a;
          c /= b;
        }))
      return wrong("a /= 0 did not throw domain_error", ops);
    return ::testing::AssertionSuccess();
  }
  const NTL::GF2E want = to_gf2e(a) / to_gf2e(b);
  WARPNUM_GF2N_CHECK(same("a / b", want, a / b, ops));
  F c = a;
  c /= b;
  WARPNUM_GF2N_CHECK(same("a /= b", want, c, ops));
  c = b;
  c /= c;
  return same("b /= b", NTL::conv<NTL::GF2X>(1), c, ops);
}

template <class F> ::testing::AssertionResult check_pow(const F& a, std::uint64_t e) {
  const auto ops = [&] { return "a = " + hex(a) + ", e = " + std::to_string(e); };
  return same("pow(a, e)", NTL::power(to_gf2e(a), NTL::conv<NTL::ZZ>(e)), pow(a, e), ops);
}

template <class F, std::size_t B> ::testing::AssertionResult check_pow(const F& a, const BigUInt<B>& e) {
  const auto ops = [&] { return "a = " + hex(a) + ", e = " + hex(oracle::to_gf2x(e)) + " (BigUInt<" + std::to_string(B) + ">)"; };
  return same("pow(a, e)", NTL::power(to_gf2e(a), oracle::to_zz(e)), pow(a, e), ops);
}

/// sqrt(a) squares to a; with `by_power`, it is also a^(2^(N-1)) computed by NTL.
template <class F> ::testing::AssertionResult check_sqrt(const F& a, bool by_power) {
  const auto ops = [&] { return "a = " + hex(a); };
  const F r = sqrt(a);
  WARPNUM_GF2N_CHECK(same("square(sqrt(a)) (by NTL's sqr)", to_gf2x(a), oracle::from_gf2e<F>(NTL::sqr(to_gf2e(r))), ops));
  if (!by_power) return ::testing::AssertionSuccess();
  NTL::ZZ e;
  NTL::power2(e, F::degree - 1);
  return same("sqrt(a)", NTL::power(to_gf2e(a), e), r, ops);
}

template <class F> ::testing::AssertionResult check_trace(const F& a) {
  const int want = NTL::IsOne(NTL::trace(to_gf2e(a))) ? 1 : 0;
  const int got = trace(a);
  if (got == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "trace(a) with a = " << hex(a) << ": expected " << want << ", got " << got;
}

/// half_trace(a) against its definition, the sum of a^(4^i) for 0 <= i <= (N-1)/2, in NTL.
template <class F> ::testing::AssertionResult check_half_trace(const F& a) {
  const auto ops = [&] { return "a = " + hex(a); };
  NTL::GF2E sum, y = to_gf2e(a);
  for (int i = 0; i <= (F::degree - 1) / 2; ++i) {
    sum += y;
    y = NTL::sqr(NTL::sqr(y));
  }
  return same("half_trace(a)", sum, half_trace(a), ops);
}

/// z^2 + z = c: a root exactly when NTL's trace(c) is 0, and then root^2 + root == c by NTL; {0, false} otherwise.
template <class F> ::testing::AssertionResult check_quadratic(const F& c) {
  const auto ops = [&] { return "c = " + hex(c); };
  const bool solvable = NTL::IsZero(NTL::trace(to_gf2e(c)));
  const QuadraticRoot<F> r = solve_quadratic(c);
  if (!solvable) {
    if (r.exists || !r.root.is_zero()) return wrong("solve_quadratic(c) with trace 1 is not {0, false}", ops);
    return ::testing::AssertionSuccess();
  }
  if (!r.exists) return wrong("solve_quadratic(c) with trace 0 found no root", ops);
  const NTL::GF2E z = to_gf2e(r.root);
  if (NTL::sqr(z) + z == to_gf2e(c)) return ::testing::AssertionSuccess();
  return wrong("solve_quadratic(c): root^2 + root != c for root = " + hex(r.root), ops);
}

/// to_string in bases 16 and 2 against the coefficients, and the string constructor on that text with a prefix,
/// in upper case and with leading zeros.
template <class F> ::testing::AssertionResult check_text(const F& a) {
  const auto ops = [&] { return "a = " + hex(a); };
  const NTL::GF2X f = to_gf2x(a);
  const std::string h = oracle::to_hex(f);
  const std::string got16 = to_string(a);
  if (got16 != h) return wrong("to_string(a) is \"" + got16 + "\", expected \"" + h + "\"", ops);
  const std::string got2 = to_string(a, 2);
  if (got2 != oracle::to_binary(f)) return wrong("to_string(a, 2) is \"" + got2 + "\"", ops);
  std::string upper = h;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  for (const std::string& text : {h, "0x" + h, "0X" + upper, upper, "000" + h, "0x00" + h}) {
    try {
      if (!(F{text} == a)) return wrong("F{\"" + text + "\"} != a", ops);
    } catch (const std::exception& e) {
      return wrong("F{\"" + text + "\"} threw " + e.what(), ops);
    }
  }
  return ::testing::AssertionSuccess();
}

/// to_biguint (default and a wider width), the BigUInt and uint64 constructors, coefficient, word and monomial.
template <class F> ::testing::AssertionResult check_conversions(const F& a, int i) {
  const auto ops = [&] { return "a = " + hex(a) + ", i = " + std::to_string(i); };
  const NTL::GF2X f = to_gf2x(a);
  constexpr std::size_t b = (F::degree + 31) / 32 * 32;
  const auto u = a.to_biguint();
  static_assert(std::is_same_v<decltype(u), const BigUInt<b>>);
  if (oracle::to_gf2x(u) != f) return wrong("a.to_biguint() is " + hex(oracle::to_gf2x(u)), ops);
  const auto wide = a.template to_biguint<b + 64>();
  if (oracle::to_gf2x(wide) != f) return wrong("a.to_biguint<B + 64>() is " + hex(oracle::to_gf2x(wide)), ops);
  if (!(F{u} == a) || !(F{wide} == a)) return wrong("F{a.to_biguint()} != a", ops);
  if (F::degree >= 64 || NTL::deg(f) < 64) {
    std::uint64_t low = 0;
    for (int k = 0; k < 64 && k < F::degree; ++k) low |= static_cast<std::uint64_t>(NTL::IsOne(NTL::coeff(f, k))) << k;
    NTL::GF2X low_f = f;
    NTL::trunc(low_f, low_f, 64);
    WARPNUM_GF2N_CHECK(same("F{low 64 bits of a}", low_f, F{low}, ops));
  }
  if (a.coefficient(i) != NTL::IsOne(NTL::coeff(f, i))) return wrong("a.coefficient(i) is wrong", ops);
  const int w = i / F::word_bits;
  typename F::word_type want_word{};
  oracle::gf2x_to_words(&want_word, NTL::RightShift(f, w * F::word_bits), 1);
  if (a.word(w) != want_word || a.data()[w] != want_word) return wrong("a.word(i / word_bits) is wrong", ops);
  NTL::GF2X mono;
  NTL::SetCoeff(mono, i);
  WARPNUM_GF2N_CHECK(same("F::monomial(i)", mono, F::monomial(i), ops));
  if (a.is_zero() != NTL::IsZero(f) || static_cast<bool>(a) == NTL::IsZero(f)) return wrong("a.is_zero() is wrong", ops);
  return ::testing::AssertionSuccess();
}

template <class F> ::testing::AssertionResult check_compare(const F& a, const F& b) {
  const auto ops = [&] { return "a = " + hex(a) + ", b = " + hex(b); };
  const int want = oracle::compare(to_gf2x(a), to_gf2x(b));
  const std::strong_ordering got = a <=> b;
  const int g = got < 0 ? -1 : got > 0 ? 1 : 0;
  if (g != want) return wrong("a <=> b is " + std::to_string(g) + ", expected " + std::to_string(want), ops);
  if ((a == b) != (want == 0) || (a != b) != (want != 0)) return wrong("a == b is wrong", ops);
  if ((a < b) != (want < 0) || (a >= b) != (want >= 0)) return wrong("a < b is wrong", ops);
  return ::testing::AssertionSuccess();
}

// ---- the suite ----------------------------------------------------------------------------------------------

template <class F> void run_gf2n_pairs(const char* op, int cases, const auto& check) {
  run_random_cases(gf2n_what<F>(op), gf2n_seed<F>(op), cases,
                   [&](Rng& rng, int) { return check(random_element<F>(rng), random_element<F>(rng)); });
  run_edge_pairs(gf2n_what<F>(op), edge_elements<F>(), check);
}
template <class F> void run_gf2n_values(const char* op, int cases, const auto& check) {
  run_random_cases(gf2n_what<F>(op), gf2n_seed<F>(op), cases, [&](Rng& rng, int) { return check(random_element<F>(rng)); });
  run_edge_cases(gf2n_what<F>(op), edge_elements<F>(), check);
}

template <class F> class GF2nNtl : public ::testing::Test {
 protected:
  oracle::FieldScope<F> field_;  // GF2E's modulus is F's polynomial for the test
};
TYPED_TEST_SUITE_P(GF2nNtl);

// The type's polynomial is what it says and irreducible (NTL), so the other tests compare in the same field.
TYPED_TEST_P(GF2nNtl, Polynomial) {
  using F = TypeParam;
  EXPECT_EQ(F::degree, F::poly.degree());
  EXPECT_EQ(F::poly.check(), nullptr);
  EXPECT_TRUE(oracle::is_irreducible(F::poly)) << poly_text(F::poly);
  EXPECT_EQ(F::num_words, (F::degree + F::word_bits - 1) / F::word_bits);
  EXPECT_EQ(F::word_bits, F::degree <= 32 ? 32 : 64);
  // x^(N-1) * x = x^N = the polynomial's lower terms.
  NTL::GF2X tail = oracle::to_gf2x(F::poly);
  NTL::SetCoeff(tail, F::degree, 0);
  EXPECT_TRUE(same("x^(N-1) * x", tail, F::monomial(F::degree - 1) * F::monomial(1), [] { return std::string("-"); }));
}

TYPED_TEST_P(GF2nNtl, AddSub) {
  run_gf2n_pairs<TypeParam>("add", gf2n_cases<TypeParam>(1000), [](const auto& a, const auto& b) { return check_add(a, b); });
}
TYPED_TEST_P(GF2nNtl, Mul) {
  run_gf2n_pairs<TypeParam>("mul", gf2n_cases<TypeParam>(4000), [](const auto& a, const auto& b) { return check_mul(a, b); });
}
TYPED_TEST_P(GF2nNtl, Square) {
  run_gf2n_values<TypeParam>("square", gf2n_cases<TypeParam>(4000), [](const auto& a) { return check_square(a); });
}
TYPED_TEST_P(GF2nNtl, Inverse) {
  run_gf2n_values<TypeParam>("inverse", gf2n_cases<TypeParam>(1000), [](const auto& a) { return check_inverse(a); });
}
TYPED_TEST_P(GF2nNtl, Div) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("div"), gf2n_seed<F>("div"), gf2n_cases<F>(1000), [](Rng& rng, int) {
    const F a = random_element<F>(rng);
    return check_div(a, rng.chance(1, 32) ? F{} : random_element<F>(rng));
  });
  // Every edge element divided by every edge element, and a random one by each.
  run_edge_pairs(gf2n_what<F>("div"), edge_elements<F>(), [](const F& a, const F& b) { return check_div(a, b); });
}

// pow with a built-in exponent: small ones, full 64-bit ones, and the exponents at the group order's edges.
TYPED_TEST_P(GF2nNtl, Pow) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("pow"), gf2n_seed<F>("pow"), gf2n_cases<F>(1000), [](Rng& rng, int) {
    std::uint64_t e = rng.next();
    if (rng.chance(3, 4)) e &= (std::uint64_t{1} << rng.below(17)) - 1;
    return check_pow(random_element<F>(rng), e);
  });
  constexpr std::uint64_t n = F::degree;
  std::vector<std::uint64_t> exponents = {0, 1, 2, 3, 4, n - 1, n, ~std::uint64_t{0}, std::uint64_t{1} << 63};
  if (n < 64) exponents.insert(exponents.end(), {(std::uint64_t{1} << n) - 2, (std::uint64_t{1} << n) - 1, std::uint64_t{1} << n,
                                                 (std::uint64_t{1} << n) + 1});
  for (const std::uint64_t e : exponents) {
    run_edge_cases(gf2n_what<F>("pow") + " e = " + std::to_string(e), edge_elements<F>(),
                   [e](const F& a) { return check_pow(a, e); });
  }
}

// pow with BigUInt exponents of 64 bits, of N bits (rounded up to 32) and of N + 64: random ones and
// 2^N - 2 (the inverse), 2^N - 1 (1 for a != 0), 2^N (a itself), 2^(N+63) + 5.
TYPED_TEST_P(GF2nNtl, PowBigExponent) {
  using F = TypeParam;
  constexpr std::size_t b = (F::degree + 31) / 32 * 32;
  using E = BigUInt<b>;
  using Wide = BigUInt<b + 64>;
  run_random_cases(gf2n_what<F>("pow (BigUInt exponent)"), gf2n_seed<F>("pow (BigUInt exponent)"), gf2n_cases<F>(300, 3),
                   [](Rng& rng, int i) {
                     const F a = random_element<F>(rng);
                     if (i % 3 == 0) return check_pow(a, BigUInt<64>{rng.next()});
                     E e{};
                     random_words(rng, e.data(), E::num_limbs);
                     if (i % 3 == 1) return check_pow(a, e);
                     return check_pow(a, Wide{e} << 40);
                   });
  const Wide one{1u};
  const Wide order = (one << F::degree) - one;
  for (const Wide& e : {Wide{}, one, order - one, order, order + one, (one << (F::degree + 63)) + Wide{5u}}) {
    run_edge_cases(gf2n_what<F>("pow (BigUInt exponent)"), edge_elements<F>(), [&e](const F& a) { return check_pow(a, e); });
  }
  EXPECT_TRUE(check_pow(F{}, BigUInt<32>{}));  // pow(0, 0) == 1
  EXPECT_TRUE(pow(F{}, E{}) == F::one());
  EXPECT_TRUE(pow(F{}, std::uint64_t{0}) == F::one());
}

TYPED_TEST_P(GF2nNtl, Sqrt) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("sqrt"), gf2n_seed<F>("sqrt"), gf2n_cases<F>(1000),
                   [](Rng& rng, int i) { return check_sqrt(random_element<F>(rng), i % 16 == 0); });
  run_edge_cases(gf2n_what<F>("sqrt"), edge_elements<F>(), [](const F& a) { return check_sqrt(a, true); });
}

TYPED_TEST_P(GF2nNtl, Trace) {
  run_gf2n_values<TypeParam>("trace", gf2n_cases<TypeParam>(1000), [](const auto& a) { return check_trace(a); });
}

TYPED_TEST_P(GF2nNtl, HalfTrace) {
  using F = TypeParam;
  if constexpr (F::degree % 2 == 1) {
    run_gf2n_values<F>("half_trace", gf2n_cases<F>(300), [](const F& a) { return check_half_trace(a); });
  } else {
    GTEST_SKIP() << "half_trace exists for odd N only";
  }
}

TYPED_TEST_P(GF2nNtl, SolveQuadratic) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("solve_quadratic"), gf2n_seed<F>("solve_quadratic"), gf2n_cases<F>(300),
                   [](Rng& rng, int i) {
                     const F z = random_element<F>(rng);
                     // Half the cases c = z^2 + z, which always has a root.
                     return check_quadratic(i % 2 == 0 ? z : z * z + z);
                   });
  run_edge_cases(gf2n_what<F>("solve_quadratic"), edge_elements<F>(), [](const F& c) { return check_quadratic(c); });
}

TYPED_TEST_P(GF2nNtl, Text) {
  run_gf2n_values<TypeParam>("text", gf2n_cases<TypeParam>(500), [](const auto& a) { return check_text(a); });
}

TYPED_TEST_P(GF2nNtl, Conversions) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("conversions"), gf2n_seed<F>("conversions"), gf2n_cases<F>(500), [](Rng& rng, int) {
    return check_conversions(random_element<F>(rng), static_cast<int>(rng.below(F::degree)));
  });
  for (const int i : {0, 1, F::degree / 2, F::degree - 1}) {
    run_edge_cases(gf2n_what<F>("conversions"), edge_elements<F>(), [i](const F& a) { return check_conversions(a, i); });
  }
}

TYPED_TEST_P(GF2nNtl, Compare) {
  using F = TypeParam;
  run_random_cases(gf2n_what<F>("compare"), gf2n_seed<F>("compare"), gf2n_cases<F>(1000), [](Rng& rng, int) {
    const F a = random_element<F>(rng);
    F b = rng.chance(1, 4) ? a : random_element<F>(rng);
    if (rng.chance(1, 4)) b += F::monomial(static_cast<int>(rng.below(F::degree)));  // a one-coefficient difference
    return check_compare(a, b);
  });
  run_edge_pairs(gf2n_what<F>("compare"), edge_elements<F>(), [](const F& a, const F& b) { return check_compare(a, b); });
}

REGISTER_TYPED_TEST_SUITE_P(GF2nNtl, Polynomial, AddSub, Mul, Square, Inverse, Div, Pow, PowBigExponent, Sqrt, Trace,
                            HalfTrace, SolveQuadratic, Text, Conversions, Compare);

}  // namespace warpnum::test

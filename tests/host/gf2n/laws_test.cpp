// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/laws_test.cpp: the field laws on seeded random elements and the edge elements, at every width
// group and some explicit polynomials, with no oracle: + and * commute and associate, * distributes over +,
// a * inverse(a) == 1 and (a / b) * b == a, squaring is additive (Frobenius) and sqrt undoes it, pow(a, 2^N) == a and
// pow(a, 2^N - 1) == 1 for a != 0, pow adds exponents, trace is additive and 0 or 1, half_trace and solve_quadratic
// give roots of z^2 + z = c.
#include "cases/gf2n_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace warpnum::test {
namespace {

/// Random cases at N <= 128, fewer in proportion above (at least 3).
template <class F> constexpr int law_cases(int at_128) {
  const int n = at_128 * 128 / (F::degree > 128 ? F::degree : 128);
  return n < 3 ? 3 : n;
}

template <class F> std::string show(const F& x) { return to_string(x); }

template <class F> ::testing::AssertionResult check_laws(const F& a, const F& b, const F& c) {
  const auto fail = [&](const char* law) {
    return ::testing::AssertionFailure() << law << " fails with a = 0x" << show(a) << ", b = 0x" << show(b) << ", c = 0x"
                                         << show(c);
  };
  const F one = F::one();
  if (!(a + b == b + a) || !(a * b == b * a)) return fail("commutativity");
  if (!((a + b) + c == a + (b + c)) || !((a * b) * c == a * (b * c))) return fail("associativity");
  if (!((a + b) * c == a * c + b * c)) return fail("distributivity");
  if (!(a * one == a) || !(a * F{} == F{}) || !(a + F{} == a) || !(a + a == F{}) || !(a - b == a + b)) return fail("identities");
  if (!(square(a) == a * a) || !(square(a + b) == square(a) + square(b))) return fail("Frobenius: square is additive");
  if (!(sqrt(square(a)) == a) || !(square(sqrt(a)) == a) || !(sqrt(a + b) == sqrt(a) + sqrt(b))) return fail("sqrt");
  if (!(pow(a, std::uint64_t{3}) == a * a * a) || !(pow(a, std::uint64_t{5}) * pow(a, std::uint64_t{7}) == pow(a, std::uint64_t{12})))
    return fail("pow adds exponents");
  const int ta = trace(a), tb = trace(b);
  if ((ta != 0 && ta != 1) || trace(a + b) != (ta ^ tb) || trace(square(a)) != ta) return fail("trace");
  if (!a.is_zero()) {
    if (!(a * inverse(a) == one) || !(inverse(inverse(a)) == a)) return fail("a * inverse(a) == 1");
    if (!((b / a) * a == b) || !(b / a == b * inverse(a))) return fail("(b / a) * a == b");
    if (!(inverse(square(a)) == square(inverse(a)))) return fail("inverse(a^2) == inverse(a)^2");
  }
  const QuadraticRoot<F> q = solve_quadratic(c);
  if (q.exists != (trace(c) == 0)) return fail("solve_quadratic: a root exists iff trace(c) == 0");
  if (q.exists && !(square(q.root) + q.root == c)) return fail("solve_quadratic: root^2 + root == c");
  if (!q.exists && !q.root.is_zero()) return fail("solve_quadratic: no root gives 0");
  const QuadraticRoot<F> q2 = solve_quadratic(square(a) + a);  // always solvable: a and a + 1 are the roots
  if (!q2.exists || !(q2.root == a || q2.root == a + one)) return fail("solve_quadratic(a^2 + a) is a or a + 1");
  if constexpr (F::degree % 2 == 1) {
    const F h = half_trace(c);
    if (!(square(h) + h == c + (trace(c) == 1 ? one : F{}))) return fail("half_trace(c)^2 + half_trace(c) == c + trace(c)");
  }
  return ::testing::AssertionSuccess();
}

/// pow(a, 2^N) == a (N squarings: the Frobenius map has order N), pow(a, 2^N - 1) == 1 for a != 0 (the group order),
/// pow(a, 2^N - 2) == inverse(a), with BigUInt exponents.
template <class F> ::testing::AssertionResult check_orders(const F& a) {
  constexpr std::size_t b = (F::degree + 31) / 32 * 32 + 32;
  using E = BigUInt<b>;
  const E two_n = E{1u} << F::degree;
  const auto fail = [&](const char* law) { return ::testing::AssertionFailure() << law << " fails with a = 0x" << show(a); };
  if (!(pow(a, two_n) == a)) return fail("pow(a, 2^N) == a");
  if (!a.is_zero()) {
    if (!(pow(a, two_n - E{1u}) == F::one())) return fail("pow(a, 2^N - 1) == 1");
    if (!(pow(a, two_n - E{2u}) == inverse(a))) return fail("pow(a, 2^N - 2) == inverse(a)");
  }
  return ::testing::AssertionSuccess();
}

template <class F> class GF2nLaws : public ::testing::Test {};
TYPED_TEST_SUITE_P(GF2nLaws);

TYPED_TEST_P(GF2nLaws, FieldLaws) {
  using F = TypeParam;
  const std::string what = gf2n_name<F>() + " laws";
  run_random_cases(what, seed_for(what), law_cases<F>(2000), [](Rng& rng, int) {
    return check_laws(random_element<F>(rng), random_element<F>(rng), random_element<F>(rng));
  });
  Rng rng(seed_for(what, 1));
  // Every pair of edge elements up to 1024 bits; above, where a case costs milliseconds (three inversions), each
  // edge element with random ones.
  if constexpr (F::degree <= 1024) {
    run_edge_pairs(what, edge_elements<F>(), [&rng](const F& a, const F& b) { return check_laws(a, b, random_element<F>(rng)); });
  } else {
    run_edge_cases(what, edge_elements<F>(), [&rng](const F& a) { return check_laws(a, random_element<F>(rng), random_element<F>(rng)); });
    run_edge_cases(what, edge_elements<F>(), [&rng](const F& c) { return check_laws(random_element<F>(rng), c, c); });
  }
}

TYPED_TEST_P(GF2nLaws, Orders) {
  using F = TypeParam;
  const std::string what = gf2n_name<F>() + " orders";
  run_random_cases(what, seed_for(what), law_cases<F>(200), [](Rng& rng, int) { return check_orders(random_element<F>(rng)); });
  run_edge_cases(what, edge_elements<F>(), [](const F& a) { return check_orders(a); });
}

REGISTER_TYPED_TEST_SUITE_P(GF2nLaws, FieldLaws, Orders);

using Fields = ::testing::Types<GF2n<2>, GF2n<3>, GF2n<8>, GF2n<31>, GF2n<32>, GF2n<33>, GF2n<64>, GF2n<65>, GF2n<127>,
                                GF2n<128>, GF2n<163>, GF2n<256>, GF2n<571>, GF2n<1024>, GF2n<2048>, GF2n<4095>, GF2n<4096>,
                                GF2n<8, Poly{8, 7, 6, 5, 4, 2, 0}>, GF2n<127, Poly{127, 126, 0}>>;
INSTANTIATE_TYPED_TEST_SUITE_P(All, GF2nLaws, Fields, GF2nNames);

}  // namespace
}  // namespace warpnum::test

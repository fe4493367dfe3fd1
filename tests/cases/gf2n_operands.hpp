// SPDX-License-Identifier: Apache-2.0
// tests/cases/gf2n_operands.hpp: operands for the GF2n tests (host, NTL and device): seeded random elements in the
// shapes of random.hpp (runs of ones, single words, powers of x) cut to N bits, the edge elements, and the names
// of GF2n types in messages and typed-test names.
#pragma once

#include "cases/random.hpp"

#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace warpnum::test {

/// "x^8 + x^4 + x^3 + x + 1".
inline std::string poly_text(const Poly& p) {
  std::string s;
  for (int i = 0; i < p.num_terms(); ++i) {
    if (i != 0) s += " + ";
    const int e = p.exp(i);
    s += e == 0 ? "1" : e == 1 ? "x" : "x^" + std::to_string(e);
  }
  return s;
}

/// "GF2n<163>" for the default polynomial, else "GF2n<8, x^8 + x^7 + ...>".
template <class F> std::string gf2n_name() {
  std::string s = "GF2n<" + std::to_string(F::degree);
  if (!(F::poly == default_poly(F::degree))) s += ", " + poly_text(F::poly);
  return s + ">";
}

/// Names typed tests after the type: GF2n163, GF2n8_8_7_6_5_4_2_0 (an explicit polynomial's exponents).
struct GF2nNames {
  template <class F> static std::string GetName(int) {
    std::string s = "GF2n" + std::to_string(F::degree);
    if (!(F::poly == default_poly(F::degree))) {
      for (int i = 0; i < F::poly.num_terms(); ++i) s += "_" + std::to_string(F::poly.exp(i));
    }
    return s;
  }
};

/// x with its words set from random.hpp's shapes, the bits at x^N and above cleared.
template <class F> F random_element(Rng& rng) {
  F x{};
  random_words(rng, x.data(), F::num_words);
  constexpr int top_bits = F::degree % F::word_bits;
  if constexpr (top_bits != 0) x.data()[F::num_words - 1] &= (typename F::word_type{1} << top_bits) - 1;
  return x;
}

/// A random element other than 0.
template <class F> F random_nonzero(Rng& rng) {
  F x = random_element<F>(rng);
  while (x.is_zero()) x = random_element<F>(rng);
  return x;
}

/// The sum of x^i over i in [lo, hi] (hi < N).
template <class F> F run_of_ones(int lo, int hi) {
  F x{};
  for (int i = lo; i <= hi; ++i) x += F::monomial(i);
  return x;
}

/// The edge elements: 0, 1, x, x + 1, x^(N-1), x^(N-1) + 1, x^(N-1) + x, all ones and all but the lowest one,
/// alternating coefficients, x^k at word boundaries, the reduction's tail (x^N mod P = P - x^N) and its complement,
/// the upper and the lower half all ones.
template <class F> std::vector<F> edge_elements() {
  constexpr int n = F::degree;
  const F one = F::one();
  const F x = F::monomial(1);
  const F top = F::monomial(n - 1);
  const F ones = run_of_ones<F>(0, n - 1);
  F alternating{};
  for (int i = 0; i < n; i += 2) alternating += F::monomial(i);
  F tail{};  // x^N reduced: the polynomial's terms below x^N
  for (int i = 1; i < F::poly.num_terms(); ++i) tail += F::monomial(F::poly.exp(i));
  std::vector<F> v = {F{}, one, x, x + one, top, top + one, top + x, ones, ones - one, alternating, alternating + ones,
                      tail, ones - tail, run_of_ones<F>(n / 2, n - 1), run_of_ones<F>(0, n / 2)};
  for (int k : {2, 31, 32, 33, 63, 64, 65, n / 2, n - 2}) {
    if (k > 1 && k < n - 1) v.push_back(F::monomial(k));
  }
  return v;
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/cases/field_chain.hpp: a computation over any prime field written as a user writes one, a function template
// on the field type, run by the host tests under g++ and by the device tests in a kernel templated on the field:
// products, squares, sums, differences, negation, a power and an inverse, each feeding the next.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/fp.hpp>

namespace warpnum::test {

template <class F> struct FieldChainOut {
  F product;     // a * b
  F square;      // a^2
  F sum;         // a + b
  F difference;  // a - b
  F negation;    // -a
  F power;       // a^(2^64 - 1)
  F inverse;     // a^-1, zero for a == 0 (the device's documented result)
  F chain;       // ((a b + b^2 - a) / (a + 1))^3, zero where a + 1 == 0
};

/// The chain over field F; host, device and constexpr alike. The inverse of zero is zero here on both sides
/// (inverse_checked), so the host and the device agree without an exception.
template <class F> WARPNUM_HD constexpr FieldChainOut<F> field_chain(const F& a, const F& b) {
  FieldChainOut<F> r{};
  r.product = a * b;
  r.square = square(a);
  r.sum = a + b;
  r.difference = a - b;
  r.negation = -a;
  r.power = pow(a, ~std::uint64_t{0});
  r.inverse = inverse_checked(a).value;
  F t = r.product + square(b) - a;
  t *= inverse_checked(a + F::one()).value;
  r.chain = t * t * t;
  return r;
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// warpnum/poly.hpp: Poly, a sparse polynomial over GF(2) written as a compile-time value (its exponents), which
// names the field of GF2n<N, Poly>; and default_poly(n), the irreducible trinomial or pentanomial of lowest weight
// that Seroussi's table (and NTL's BuildSparseIrred) gives for each degree 2 to 4096.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/poly_table.hpp>
#include <warpnum/detail/raise.hpp>

#include <stdexcept>

namespace warpnum {

/// A polynomial over GF(2) with at most `max_terms` terms, given by its exponents from the highest down to 0:
/// `Poly{128, 7, 2, 1, 0}` is x^128 + x^7 + x^2 + x + 1. An aggregate of 16 exponents (those after the last, 0,
/// are 0 too), so that it is a structural type and can be a template argument: `GF2n<128, Poly{128, 7, 2, 1, 0}>`.
///
/// Bad input (exponents that do not strictly decrease to 0, a degree below 2 or above 4096) is caught where the
/// polynomial is used: GF2n does not compile with one, nor with a reducible one, and `check()` says what is wrong.
struct Poly {
  static constexpr int max_terms = 16;
  static constexpr int max_degree = 4096;

  // The exponents, highest first, ending in 0 (the rest 0 too); public so that Poly is structural. One member each,
  // not an array: nvcc 13.0 writes an array member of a class-type template argument into its host stub as
  // `int [16]{...}`, which g++ cannot parse, so no kernel template over GF2n<N, P> would compile.
  int e0 = 0, e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0, e7 = 0, e8 = 0, e9 = 0, e10 = 0, e11 = 0, e12 = 0, e13 = 0,
      e14 = 0, e15 = 0;

  /// Exponent i (0 <= i < max_terms).
  WARPNUM_HD constexpr int exp(int i) const noexcept {
    const int e[max_terms] = {e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15};
    return e[i];
  }
  /// Sets exponent i (0 <= i < max_terms), for code that builds a Poly term by term.
  constexpr void set_exp(int i, int v) noexcept {
    int* e[max_terms] = {&e0, &e1, &e2, &e3, &e4, &e5, &e6, &e7, &e8, &e9, &e10, &e11, &e12, &e13, &e14, &e15};
    *e[i] = v;
  }

  /// The number of terms: the exponents up to and including the first 0.
  WARPNUM_HD constexpr int num_terms() const noexcept {
    for (int i = 0; i < max_terms; ++i) {
      if (exp(i) == 0) return i + 1;
    }
    return max_terms + 1;  // no 0 among the exponents: not a valid Poly
  }
  /// What is wrong with the exponents, or nullptr: a degree outside 2..4096, exponents that do not strictly
  /// decrease, no constant term.
  constexpr const char* check() const noexcept {
    const int n = num_terms();
    if (n > max_terms) return "warpnum::Poly: the last exponent must be 0 (the constant term 1), within 16 terms";
    if (e0 < 2 || e0 > max_degree) return "warpnum::Poly: the degree must be from 2 to 4096";
    for (int i = 1; i < n; ++i) {
      if (exp(i) >= exp(i - 1)) return "warpnum::Poly: the exponents must strictly decrease";
    }
    return nullptr;
  }

  /// The degree (the first exponent).
  WARPNUM_HD constexpr int degree() const noexcept { return e0; }
  /// The degree of the polynomial without its leading term: r1 in P = x^N + r1.
  WARPNUM_HD constexpr int second_degree() const noexcept { return e1; }
  /// Whether the coefficient of x^e is 1.
  WARPNUM_HD constexpr bool has_term(int e) const noexcept {
    for (int i = 0; i < num_terms(); ++i) {
      if (exp(i) == e) return true;
    }
    return false;
  }
  /// 2-gapped (Ben-Sasson, Hamilis, Silberstein, Tromer, Def. 1): deg r1 <= floor(N / 2), so a product of two
  /// elements reduces in two rounds (their Alg. 1).
  WARPNUM_HD constexpr bool is_two_gapped() const noexcept { return second_degree() <= degree() / 2; }

  friend constexpr bool operator==(const Poly&, const Poly&) = default;
};

/// The default irreducible polynomial of degree n, 2 <= n <= 4096: the trinomial x^n + x^k + 1 with the smallest k
/// if there is one, else the pentanomial x^n + x^k3 + x^k2 + x^k1 + 1 with the smallest k3, then k2, then k1
/// (Seroussi's table, and what NTL's BuildSparseIrred gives). Bad input: std::invalid_argument, which makes a
/// constant expression (a template argument) fail to compile.
constexpr Poly default_poly(int n) {
  if (n < 2 || n > Poly::max_degree)
    detail::throw_error<std::invalid_argument>("warpnum::default_poly: the degree must be from 2 to 4096");
  const auto& e = detail::gf2n_default_poly_table[n];
  if (e[1] == 0) return Poly{n, e[0], 0};
  return Poly{n, e[0], e[1], e[2], 0};
}

}  // namespace warpnum

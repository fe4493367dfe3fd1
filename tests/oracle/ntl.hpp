// SPDX-License-Identifier: Apache-2.0
// tests/oracle/ntl.hpp: NTL as the reference for GF2n: conversions between GF2n (and BigUInt) and NTL's GF2X, GF2E
// and ZZ, a Poly as a GF2X, the field scope that sets GF2E's modulus for a GF2n type, and GF2X as text in the
// form GF2n's string constructor reads back.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>

#include <NTL/GF2E.h>
#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>

#include <cstddef>
#include <cstring>
#include <string>

namespace warpnum::oracle {

/// The polynomial `p` as a GF2X.
inline NTL::GF2X to_gf2x(const Poly& p) {
  NTL::GF2X f;
  for (int i = 0; i < p.num_terms(); ++i) NTL::SetCoeff(f, p.exp(i));
  return f;
}

/// Whether `p` is irreducible over GF(2) (NTL's iterated irreducibility test).
inline bool is_irreducible(const Poly& p) { return NTL::IterIrredTest(to_gf2x(p)) != 0; }

/// The polynomial of `n` little-endian words, bit i the coefficient of x^i (the layout of GF2n and BigUInt on
/// a little-endian host).
template <class Word> NTL::GF2X gf2x_from_words(const Word* words, std::size_t n) {
  return NTL::GF2XFromBytes(reinterpret_cast<const unsigned char*>(words), static_cast<long>(n * sizeof(Word)));
}

/// Writes f into n little-endian words; the coefficients at x^(n * word bits) and above are dropped.
template <class Word> void gf2x_to_words(Word* out, const NTL::GF2X& f, std::size_t n) {
  std::memset(out, 0, n * sizeof(Word));
  NTL::BytesFromGF2X(reinterpret_cast<unsigned char*>(out), f, static_cast<long>(n * sizeof(Word)));
}

template <int N, Poly P> NTL::GF2X to_gf2x(const GF2n<N, P>& x) {
  return gf2x_from_words(x.data(), static_cast<std::size_t>(GF2n<N, P>::num_words));
}
template <int N, Poly P> NTL::GF2E to_gf2e(const GF2n<N, P>& x) { return NTL::conv<NTL::GF2E>(to_gf2x(x)); }

/// The GF2n with f's coefficients; f must have degree below N (not checked: the caller reduced it).
template <class F> F from_gf2x(const NTL::GF2X& f) {
  F x{};
  gf2x_to_words(x.data(), f, static_cast<std::size_t>(F::num_words));
  return x;
}
template <class F> F from_gf2e(const NTL::GF2E& e) { return from_gf2x<F>(NTL::rep(e)); }

template <std::size_t Bits> NTL::GF2X to_gf2x(const BigUInt<Bits>& v) {
  return gf2x_from_words(v.data(), static_cast<std::size_t>(BigUInt<Bits>::num_limbs));
}
template <std::size_t Bits> NTL::ZZ to_zz(const BigUInt<Bits>& v) {
  return NTL::ZZFromBytes(reinterpret_cast<const unsigned char*>(v.data()), static_cast<long>(Bits / 8));
}

/// f's coefficients as a hexadecimal integer, most significant digit first, lowercase, no prefix, no leading
/// zeros, "0" for 0: what to_string(x, 16) should print and the string constructor reads.
inline std::string to_hex(const NTL::GF2X& f) {
  const long d = NTL::deg(f);
  if (d < 0) return "0";
  std::string s;
  for (long nibble = d / 4; nibble >= 0; --nibble) {
    int v = 0;
    for (int k = 0; k < 4; ++k) v |= (NTL::IsOne(NTL::coeff(f, 4 * nibble + k)) ? 1 : 0) << k;
    s += "0123456789abcdef"[v];
  }
  return s;
}

/// f's coefficients from x^deg down to x^0 ("0" for 0): what to_string(x, 2) should print.
inline std::string to_binary(const NTL::GF2X& f) {
  const long d = NTL::deg(f);
  if (d < 0) return "0";
  std::string s;
  for (long i = d; i >= 0; --i) s += NTL::IsOne(NTL::coeff(f, i)) ? '1' : '0';
  return s;
}

/// -1, 0 or 1 as the integers whose bits are f's and g's coefficients compare.
inline int compare(const NTL::GF2X& f, const NTL::GF2X& g) {
  const long df = NTL::deg(f), dg = NTL::deg(g);
  if (df != dg) return df < dg ? -1 : 1;
  for (long i = df; i >= 0; --i) {
    const bool a = NTL::IsOne(NTL::coeff(f, i)), b = NTL::IsOne(NTL::coeff(g, i));
    if (a != b) return a ? 1 : -1;
  }
  return 0;
}

/// While alive, GF2E's modulus (thread-local in NTL) is F's polynomial; the previous modulus comes back on exit.
template <class F> class FieldScope {
 public:
  FieldScope() : saved_(to_gf2x(F::poly)) {}
  FieldScope(const FieldScope&) = delete;
  FieldScope& operator=(const FieldScope&) = delete;

 private:
  NTL::GF2EPush saved_;
};

}  // namespace warpnum::oracle

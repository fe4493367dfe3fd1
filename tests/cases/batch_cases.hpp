// SPDX-License-Identifier: Apache-2.0
// tests/cases/batch_cases.hpp: batch expressions against GMP, element by element, on a given Place: the host
// test runs them on the host's cores (OpenMP), the device test on the GPU. Inputs: edge values (0, 1, all ones,
// powers of two, the extremes) beside seeded random operands of every shape in random.hpp. A failure names the
// expression, the element and the seed.
#pragma once

#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test::batch_cases {

using oracle::Mpz;
using oracle::to_mpz;

/// n operands: the edge values first (rotated by `rotate`, so that two operand vectors pair them differently),
/// then random ones.
template <class T> std::vector<T> operands(std::size_t n, std::uint64_t seed, std::size_t rotate = 0) {
  const std::vector<T> edges = edge_values<T>();
  Rng rng(seed);
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i < edges.size() ? edges[(i + rotate) % edges.size()] : random_value<T>(rng);
  return v;
}

/// Compares got[i] with want(i) for every i; stops after 5 mismatches.
template <class T, class Want> void expect_each(const std::string& what, const std::vector<T>& got, Want&& want, std::uint64_t seed) {
  int bad = 0;
  for (std::size_t i = 0; i < got.size() && bad < 5; ++i) {
    const T w = want(i);
    if (!(got[i] == w)) {
      ++bad;
      if constexpr (requires { to_string(w, 16); }) {
        ADD_FAILURE() << what << ": element " << i << " (seed " << seed << "): got " << to_string(got[i], 16) << ", want "
                      << to_string(w, 16);
      } else {
        ADD_FAILURE() << what << ": element " << i << " (seed " << seed << ")";
      }
    }
  }
}

/// z reduced to T (modulo 2^Bits, two's complement for BigInt).
template <class T> T wrap(mpz_srcptr z) { return oracle::from_mpz<T>(oracle::reduce<T>(z)); }

template <class T> T gmp_binary(char op, const T& x, const T& y) {
  const Mpz a = to_mpz(x);
  const Mpz b = to_mpz(y);
  Mpz r;
  switch (op) {
    case '+': mpz_add(r, a, b); break;
    case '-': mpz_sub(r, a, b); break;
    case '*': mpz_mul(r, a, b); break;
    case '&': mpz_and(r, a, b); break;
    case '|': mpz_ior(r, a, b); break;
    case '^': mpz_xor(r, a, b); break;
    case '/':  // a zero divisor: every bit set (docs/errors.md)
      if (mpz_sgn(b.get()) == 0) return ~T{};
      mpz_tdiv_q(r, a, b);
      break;
    case '%':  // a zero divisor: the dividend
      if (mpz_sgn(b.get()) == 0) return x;
      mpz_tdiv_r(r, a, b);
      break;
    default: throw std::logic_error("gmp_binary: unknown op");
  }
  return wrap<T>(r);
}

/// Every operator and function on one width, the results against GMP.
template <class T> void check_operators(Place place, std::size_t n, const std::string& name) {
  const std::uint64_t seed = seed_for("batch operators " + name, T::bits);
  const std::vector<T> va = operands<T>(n, seed, 0);
  const std::vector<T> vb = operands<T>(n, seed + 1, 7);
  const std::vector<T> vc = operands<T>(n, seed + 2, 13);
  Batch<T> a(va, place), b(vb, place), c(vc, place);
  ASSERT_EQ(a.place(), place);

  // One launch each, whatever the tree.
  const std::uint64_t before = batch::evaluations();
  Batch<T> d = a * b + c;
  EXPECT_EQ(batch::evaluations() - before, 1u) << "a * b + c must be one evaluation";
  expect_each(name + ": a * b + c", d.to_vector(),
              [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), vc[i]); }, seed);

  const std::uint64_t before2 = batch::evaluations();
  Batch<T> e = a * b + c * d;
  EXPECT_EQ(batch::evaluations() - before2, 1u) << "a * b + c * d must be one evaluation";
  const std::vector<T> vd = d.to_vector();
  expect_each(name + ": a * b + c * d", e.to_vector(),
              [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), gmp_binary('*', vc[i], vd[i])); }, seed);

  for (const char op : {'+', '-', '*', '&', '|', '^', '/', '%'}) {
    Batch<T> r;
    switch (op) {
      case '+': r = a + b; break;
      case '-': r = a - b; break;
      case '*': r = a * b; break;
      case '&': r = a & b; break;
      case '|': r = a | b; break;
      case '^': r = a ^ b; break;
      case '/': r = a / b; break;
      case '%': r = a % b; break;
    }
    expect_each(name + ": a " + op + " b", r.to_vector(), [&](std::size_t i) { return gmp_binary(op, va[i], vb[i]); }, seed);
    if (op == '/' || op == '%') {
      // b holds zeros (the edge values start with 0): the defined results above, and the flag.
      EXPECT_EQ(r.status(), Status::division_by_zero) << name << ": a " << op << " b with zeros in b";
      r.clear_status();
      EXPECT_EQ(r.status(), Status::ok);
    } else {
      EXPECT_EQ(r.status(), Status::ok) << name << ": a " << op << " b";
    }
  }

  // Scalars, broadcast on either side; unary operators; shifts by one count.
  const T k = T(12345u);
  Batch<T> s = a * k + T(7u) - (k ^ b);
  expect_each(name + ": a * k + 7 - (k ^ b)", s.to_vector(),
              [&](std::size_t i) { return gmp_binary('-', gmp_binary('+', gmp_binary('*', va[i], k), T(7u)), gmp_binary('^', k, vb[i])); },
              seed);
  Batch<T> u = -a + ~b;
  expect_each(name + ": -a + ~b", u.to_vector(), [&](std::size_t i) { return gmp_binary('+', gmp_binary('-', T{}, va[i]), ~vb[i]); },
              seed);
  for (const unsigned shift : {0u, 1u, 31u, 32u, 33u, static_cast<unsigned>(T::bits) - 1, static_cast<unsigned>(T::bits)}) {
    Batch<T> l = a << shift;
    Batch<T> r = a >> shift;
    expect_each(name + ": a << " + std::to_string(shift), l.to_vector(),
                [&](std::size_t i) {
                  Mpz z;
                  mpz_mul_2exp(z, to_mpz(va[i]), shift);
                  return wrap<T>(z);
                },
                seed);
    expect_each(name + ": a >> " + std::to_string(shift), r.to_vector(),
                [&](std::size_t i) {
                  Mpz z;
                  mpz_fdiv_q_2exp(z, to_mpz(va[i]), shift);  // arithmetic for BigInt: rounds toward -infinity
                  return wrap<T>(z);
                },
                seed);
  }

  // Comparisons, min, max, select.
  Batch<bool> lt = a < b;
  Batch<bool> eq = a == c;
  const std::vector<bool> want_lt = [&] {
    std::vector<bool> w(n);
    for (std::size_t i = 0; i < n; ++i) w[i] = mpz_cmp(to_mpz(va[i]), to_mpz(vb[i])) < 0;
    return w;
  }();
  {
    const std::vector<bool> got = lt.to_vector();
    const std::vector<bool> got_eq = eq.to_vector();
    int bad = 0;
    for (std::size_t i = 0; i < n; ++i) {
      bad += got[i] != want_lt[i];
      bad += got_eq[i] != (mpz_cmp(to_mpz(va[i]), to_mpz(vc[i])) == 0);
    }
    EXPECT_EQ(bad, 0) << name << ": comparisons (seed " << seed << ")";
  }
  Batch<T> mn = min(a, b) + max(a, c);
  expect_each(name + ": min(a, b) + max(a, c)", mn.to_vector(),
              [&](std::size_t i) {
                const T lo = want_lt[i] ? va[i] : vb[i];
                const T hi = mpz_cmp(to_mpz(va[i]), to_mpz(vc[i])) < 0 ? vc[i] : va[i];
                return gmp_binary('+', lo, hi);
              },
              seed);
  Batch<T> sel = select(a < b, a * c, b);
  expect_each(name + ": select(a < b, a * c, b)", sel.to_vector(),
              [&](std::size_t i) { return want_lt[i] ? gmp_binary('*', va[i], vc[i]) : vb[i]; }, seed);

  // An operand that is also the destination: each element is read before it is written.
  Batch<T> x = a;
  x = x * b + x;
  expect_each(name + ": x = x * b + x", x.to_vector(), [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), va[i]); },
              seed);

  // The interleaved layout, as a destination and as an operand beside contiguous ones.
  Batch<T, Layout::interleaved> ai(a);
  Batch<T, Layout::interleaved> pi = ai * b + c;
  expect_each(name + ": interleaved a * b + c", pi.to_vector(),
              [&](std::size_t i) { return gmp_binary('+', gmp_binary('*', va[i], vb[i]), vc[i]); }, seed);
  Batch<T> back = pi - c;
  expect_each(name + ": interleaved (a * b + c) - c", back.to_vector(), [&](std::size_t i) { return gmp_binary('*', va[i], vb[i]); },
              seed);
}

/// mul_wide, powm (one odd modulus, one even modulus, a modulus an element), the context's mod operations and
/// convert, on an unsigned width, against GMP.
template <std::size_t Bits> void check_modular(Place place, std::size_t n, const std::string& name) {
  using T = BigUInt<Bits>;
  using W = BigUInt<2 * Bits>;
  const std::uint64_t seed = seed_for("batch modular " + name, Bits);
  const std::vector<T> va = operands<T>(n, seed, 0);
  const std::vector<T> vb = operands<T>(n, seed + 1, 5);
  Batch<T> a(va, place), b(vb, place);

  Batch<W> w = mul_wide(a, b);
  expect_each(name + ": mul_wide(a, b)", w.to_vector(),
              [&](std::size_t i) {
                Mpz z;
                mpz_mul(z, to_mpz(va[i]), to_mpz(vb[i]));
                return oracle::from_mpz<W>(z);
              },
              seed);

  Rng rng(seed + 3);
  T m_odd = random_value<T>(rng);
  m_odd.data()[T::num_limbs - 1] |= 0x80000000u;
  m_odd.data()[0] |= 1u;
  T m_even = m_odd;
  m_even.data()[0] &= ~1u;
  const std::vector<T> ve = operands<T>(n, seed + 4, 3);
  Batch<T> e(ve, place);
  for (const T& m : {m_odd, m_even}) {
    const std::string which = m.bit(0) ? "odd" : "even";
    Batch<T> p = powm(a, e, m);
    expect_each(name + ": powm(a, e, " + which + " m)", p.to_vector(),
                [&](std::size_t i) {
                  Mpz z;
                  mpz_powm(z, to_mpz(va[i]), to_mpz(ve[i]), to_mpz(m));
                  return oracle::from_mpz<T>(z);
                },
                seed);
    Batch<T> q = powm(a, 65537u, m);
    expect_each(name + ": powm(a, 65537, " + which + " m)", q.to_vector(),
                [&](std::size_t i) {
                  Mpz z;
                  mpz_powm_ui(z, to_mpz(va[i]), 65537ul, to_mpz(m));
                  return oracle::from_mpz<T>(z);
                },
                seed);
  }
  EXPECT_THROW((void)powm(a, e, T{}), std::domain_error);

  // A modulus an element; b's zeros give 0 and the flag.
  Batch<T> pe = powm(a, e, b);
  expect_each(name + ": powm(a, e, b)", pe.to_vector(),
              [&](std::size_t i) {
                if (vb[i].is_zero()) return T{};
                Mpz z;
                mpz_powm(z, to_mpz(va[i]), to_mpz(ve[i]), to_mpz(vb[i]));
                return oracle::from_mpz<T>(z);
              },
              seed);
  EXPECT_EQ(pe.status(), Status::division_by_zero);

  // Barrett's residues: (a mod m) (b mod m) mod m, and add/sub mod m.
  const Barrett<Bits> ctx(m_even);
  Batch<T> ar = a % m_even;
  Batch<T> br = b % m_even;
  Batch<T> mm = add_mod(mul_mod(ar, br, ctx), br, ctx);
  expect_each(name + ": add_mod(mul_mod(a, b), b) mod even m", mm.to_vector(),
              [&](std::size_t i) {
                Mpz z;
                mpz_mul(z, to_mpz(va[i]), to_mpz(vb[i]));
                mpz_add(z, z, to_mpz(vb[i]));
                mpz_mod(z, z, to_mpz(m_even));
                return oracle::from_mpz<T>(z);
              },
              seed);
  // Montgomery forms: from(to(a) * to(b)) = a b mod m.
  const Montgomery<Bits> mont(m_odd);
  Batch<T> am = a % m_odd;
  Batch<T> mp = from_montgomery(mul_mod(to_montgomery(am, mont), to_montgomery(b % m_odd, mont), mont), mont);
  expect_each(name + ": Montgomery a b mod odd m", mp.to_vector(),
              [&](std::size_t i) {
                Mpz z;
                mpz_mul(z, to_mpz(va[i]), to_mpz(vb[i]));
                mpz_mod(z, z, to_mpz(m_odd));
                return oracle::from_mpz<T>(z);
              },
              seed);

  Batch<BigUInt<Bits / 2>> narrow = convert<BigUInt<Bits / 2>>(a * b);
  expect_each(name + ": convert<BigUInt<Bits / 2>>(a * b)", narrow.to_vector(),
              [&](std::size_t i) {
                Mpz z;
                mpz_mul(z, to_mpz(va[i]), to_mpz(vb[i]));
                return oracle::from_mpz<BigUInt<Bits / 2>>(oracle::reduce<BigUInt<Bits / 2>>(z));
              },
              seed);
}

/// GF(2^N) batches in the bit-sliced layout: conversions both ways, a product of two sliced batches (the
/// bit-sliced kernels on the GPU), an expression over sliced and contiguous operands into a sliced destination,
/// and a sliced operand into a contiguous destination, against the value type's own arithmetic (which the GF2n
/// suites check against NTL). n not a multiple of 32: the last chunk is partial.
template <class F> void check_sliced(Place place, std::size_t n, const std::string& name) {
  std::mt19937_64 gen(seed_for("batch sliced " + name, F::degree));
  std::vector<F> va(n), vb(n);
  for (std::size_t i = 0; i < n; ++i) {
    va[i] = i % 97 == 0 ? F{} : F::random(gen);
    vb[i] = i % 89 == 1 ? F::one() : F::random(gen);
  }
  Batch<F, Layout::sliced> a(va, place), b(vb, place);
  Batch<F> bc(vb, place);
  EXPECT_TRUE(a.to_vector() == va) << name << ": sliced round trip";
  Batch<F, Layout::sliced> c = a * b;
  Batch<F, Layout::sliced> d = a * bc + c * c;
  Batch<F> e = d + a;
  const std::vector<F> vc = c.to_vector(), vd = d.to_vector(), ve = e.to_vector();
  int bad = 0;
  for (std::size_t i = 0; i < n && bad < 5; ++i) {
    const F p = va[i] * vb[i];
    const F q = p + p * p;
    if (vc[i] != p || vd[i] != q || ve[i] != q + va[i]) {
      ++bad;
      ADD_FAILURE() << name << ": sliced element " << i;
    }
  }
  Batch<F, Layout::sliced> alias = a;
  alias = alias * b;  // the destination is an operand: the generic evaluation, not the product kernels
  EXPECT_TRUE(alias.to_vector() == vc) << name << ": a = a * b on sliced batches";
}

/// Bad input: operands of different sizes, host and device mixed, an empty batch.
template <class T> void check_errors(Place place) {
  Batch<T> a(std::vector<T>(10, T(3u)), place);
  Batch<T> b(std::vector<T>(11, T(4u)), place);
  Batch<T> d;
  EXPECT_THROW(d = a * b, std::invalid_argument);
  if (place == Place::device) {
    Batch<T> h(std::vector<T>(10, T(4u)), Place::host);
    EXPECT_THROW(d = a * h, std::invalid_argument);
  }
  Batch<T> empty(0, place);
  Batch<T> e = empty * empty + T(1u);
  EXPECT_EQ(e.size(), 0u);
  EXPECT_TRUE(e.to_vector().empty());
  // Scalars only: the destination's size.
  Batch<T> f(5, place);
  f = batch::Scalar<T>{T(9u)} * T(2u);
  const std::vector<T> got = f.to_vector();
  ASSERT_EQ(got.size(), 5u);
  for (const T& x : got) EXPECT_EQ(x, T(18u));
  // n copies of a value.
  Batch<T> g(4, T(6u), place);
  for (const T& x : g.to_vector()) EXPECT_EQ(x, T(6u));
}

}  // namespace warpnum::test::batch_cases

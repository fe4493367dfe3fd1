// SPDX-License-Identifier: Apache-2.0
// tests/cases/thrust_interop.hpp: one body of checks for warpnum's integers in plain Thrust and for warpnum's
// algorithms and function objects (<warpnum/algorithm.hpp>: algorithm/transform.hpp, algorithm/reduce.hpp,
// algorithm/transform_reduce.hpp, algorithm/inner_product.hpp, algorithm/count_if.hpp, algorithm/sort.hpp;
// functional.hpp), run by tests/host/thrust/ (Thrust's OMP and CPP
// device systems, g++) and tests/device/thrust/ (its CUDA system on the GPU, and its host system there).
//
// Every check is a template on a System (DeviceSystem: thrust::device with thrust::device_vector, whatever
// THRUST_DEVICE_SYSTEM is; HostSystem: thrust::host with thrust::host_vector), compares each result with GMP
// (tests/oracle/gmp.hpp) or, for GF(2^128), with a bit-serial product written here, and returns its results so
// that the device test can compare a GPU run with a host run bitwise. Operands: random.hpp's edge values (0, 1,
// all ones, 2^k +- 1, top bit set, ...) first, then seeded random shapes; a failure prints the seed (seed_for:
// WARPNUM_TEST_SEED explores others).
//
// The lambdas are `[] WARPNUM_HD (...)`: under nvcc (--extended-lambda) host-device lambdas, under g++ plain
// ones. They stay in these namespace-scope functions: nvcc refuses extended lambdas in a private member function,
// which a GoogleTest body is.
//
// Kept few for compile time (CI: 2 cores): 1024 bits where the headline use is (products, powm, the product
// modulo m), 256 bits for the rest, and one Thrust kernel per (algorithm, type, operation).
#pragma once

#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/algorithm.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/thrust.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {

using U256 = BigUInt<256>;
using I256 = BigInt<256>;
using U1024 = BigUInt<1024>;
using F128 = GF2n<128>;  // x^128 + x^7 + x^2 + x + 1

/// Thrust's device system as this translation unit was built (CUDA under nvcc, OMP or CPP under g++).
struct DeviceSystem {
  static constexpr const char* name = "device";
  static auto policy() { return thrust::device; }
  template <class T> using vector = thrust::device_vector<T>;
};

/// Thrust's host system (sequential host code).
struct HostSystem {
  static constexpr const char* name = "host";
  static auto policy() { return thrust::host; }
  template <class T> using vector = thrust::host_vector<T>;
};

// ---- operands and comparison ----------------------------------------------------------------------------------

/// n operands of T: the edge values first (reversed when `reversed`, so that two operand vectors pair different
/// edges), then random_value shapes from seed.
template <class T> std::vector<T> operands(std::uint64_t seed, std::size_t n, bool reversed = false) {
  std::vector<T> edges = edge_values<T>();
  if (reversed) std::reverse(edges.begin(), edges.end());
  Rng rng(seed);
  std::vector<T> v;
  v.reserve(n);
  for (std::size_t i = 0; i < n; ++i) v.push_back(i < edges.size() ? edges[i] : random_value<T>(rng));
  return v;
}

/// A System's vector as a std::vector (a copy from the device where the System's memory is there).
template <class V> auto to_std(const V& v) {
  std::vector<typename V::value_type> h(v.size());
  thrust::copy(v.begin(), v.end(), h.begin());
  return h;
}

/// Success when x is `want` reduced to T's width (and sign); else the failure names both in hex.
template <class T> ::testing::AssertionResult equals_mpz(const T& x, mpz_srcptr want) {
  const oracle::Mpz expected = oracle::reduce<T>(want);
  const oracle::Mpz got = oracle::to_mpz(x);
  if (expected == got) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected " << oracle::to_text(expected) << ", got " << oracle::to_text(got);
}

/// Expects got[i] to be want(i) reduced to T for every i; a failure names the check, the system, the seed, the
/// index and describe(i) (the operands); stops after 5.
template <class System, class T, class Want, class Describe>
void expect_elements(const std::string& what, std::uint64_t seed, const std::vector<T>& got, Want&& want,
                     Describe&& describe) {
  int failures = 0;
  for (std::size_t i = 0; i < got.size() && failures < 5; ++i) {
    const oracle::Mpz w = want(i);
    const ::testing::AssertionResult r = equals_mpz(got[i], w);
    if (r) continue;
    ADD_FAILURE() << what << " (" << System::name << "): seed 0x" << std::hex << seed << std::dec << ", element " << i
                  << " of " << got.size() << " (" << describe(i) << "): " << r.message();
    ++failures;
  }
}

/// Expects the scalar got to be want reduced to T.
template <class System, class T> void expect_scalar(const std::string& what, std::uint64_t seed, const T& got, mpz_srcptr want) {
  const ::testing::AssertionResult r = equals_mpz(got, want);
  EXPECT_TRUE(r) << what << " (" << System::name << "): seed 0x" << std::hex << seed << std::dec;
}

template <class T> std::string hex(const T& x) { return oracle::to_text(oracle::to_mpz(x)); }

// ---- plain Thrust ---------------------------------------------------------------------------------------------

/// thrust::transform(thrust::device, ...) with thrust::multiplies<>: a b mod 2^1024.
template <class System> std::vector<U1024> thrust_transform_multiplies(std::uint64_t seed) {
  const std::vector<U1024> a = operands<U1024>(seed, 600);
  const std::vector<U1024> b = operands<U1024>(seed + 1, 600, true);
  typename System::template vector<U1024> da(a.begin(), a.end()), db(b.begin(), b.end()), dr(a.size());
  thrust::transform(System::policy(), da.begin(), da.end(), db.begin(), dr.begin(), thrust::multiplies<>());
  const std::vector<U1024> r = to_std(dr);
  expect_elements<System>(
      "thrust::transform multiplies<> 1024", seed, r,
      [&](std::size_t i) {
        oracle::Mpz p;
        mpz_mul(p, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
        return p;
      },
      [&](std::size_t i) { return hex(a[i]) + " * " + hex(b[i]); });
  return r;
}

/// x^2 - x + 1 by GMP (the exact value; expect_elements reduces it): the oracle of the lambda tests.
inline oracle::Mpz gmp_square_minus_plus_one(const U1024& value) {
  const oracle::Mpz x = oracle::to_mpz(value);
  oracle::Mpz p;
  mpz_mul(p, x, x);
  mpz_sub(p, p, x);
  mpz_add_ui(p, p, 1);
  return p;
}

/// thrust::transform with a host-device lambda (a plain lambda under g++): x^2 - x + 1 mod 2^1024.
template <class System> std::vector<U1024> thrust_transform_lambda(std::uint64_t seed) {
  const std::vector<U1024> a = operands<U1024>(seed, 600);
  typename System::template vector<U1024> da(a.begin(), a.end()), dr(a.size());
  thrust::transform(System::policy(), da.begin(), da.end(), dr.begin(),
                    [] WARPNUM_HD(const U1024& x) -> U1024 { return x * x - x + U1024{1u}; });
  const std::vector<U1024> r = to_std(dr);
  expect_elements<System>(
      "thrust::transform lambda x^2 - x + 1, 1024", seed, r, [&](std::size_t i) { return gmp_square_minus_plus_one(a[i]); },
      [&](std::size_t i) { return hex(a[i]); });
  return r;
}

/// thrust::reduce with warpnum::plus over signed values: the sum modulo 2^1024, as a signed value.
template <class System> BigInt<1024> thrust_reduce_plus(std::uint64_t seed) {
  using T = BigInt<1024>;
  const std::vector<T> a = operands<T>(seed, 5000);
  typename System::template vector<T> da(a.begin(), a.end());
  const T sum = thrust::reduce(System::policy(), da.begin(), da.end(), T{-5}, warpnum::plus{});
  oracle::Mpz want(-5);
  for (const T& x : a) mpz_add(want, want, oracle::to_mpz(x));
  expect_scalar<System>("thrust::reduce warpnum::plus BigInt<1024>", seed, sum, want);
  return sum;
}

/// thrust::transform with thrust::multiplies<> over GF(2^128), against the bit-serial product.
template <class System> std::vector<F128> thrust_transform_gf2n(std::uint64_t seed) {
  Rng rng(seed);
  const std::size_t n = 1000;
  std::vector<F128> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    // Edge shapes first: 0, 1, x^127, all ones.
    const std::uint64_t edge[4][2] = {{0, 0}, {1, 0}, {0, 1ull << 63}, {~0ull, ~0ull}};
    for (int w = 0; w < 2; ++w) {
      a[i].words_[w] = i < 16 ? edge[i % 4][w] : rng.next();
      b[i].words_[w] = i < 16 ? edge[i / 4][w] : rng.next();
    }
  }
  typename System::template vector<F128> da(a.begin(), a.end()), db(b.begin(), b.end()), dr(n);
  thrust::transform(System::policy(), da.begin(), da.end(), db.begin(), dr.begin(), thrust::multiplies<>());
  const std::vector<F128> r = to_std(dr);
  int failures = 0;
  for (std::size_t i = 0; i < n && failures < 5; ++i) {
    // x^128 = x^7 + x^2 + x + 1: Horner over a's bits from the top, b added where a has a one.
    std::uint64_t p[2] = {0, 0};
    for (int bit = 127; bit >= 0; --bit) {
      const bool carry = (p[1] >> 63) != 0;
      p[1] = (p[1] << 1) | (p[0] >> 63);
      p[0] <<= 1;
      if (carry) p[0] ^= 0x87;
      if (((a[i].words_[bit / 64] >> (bit % 64)) & 1) != 0) {
        p[0] ^= b[i].words_[0];
        p[1] ^= b[i].words_[1];
      }
    }
    if (r[i].words_[0] == p[0] && r[i].words_[1] == p[1]) continue;
    ADD_FAILURE() << "thrust::transform multiplies<> GF2n<128> (" << System::name << "): seed 0x" << std::hex << seed
                  << ", element " << std::dec << i << ": got words " << std::hex << r[i].words_[1] << ' '
                  << r[i].words_[0] << ", expected " << p[1] << ' ' << p[0] << std::dec;
    ++failures;
  }
  return r;
}

// ---- warpnum's algorithms and function objects ------------------------------------------------------------------

/// 1024-bit moduli: odd and even random ones (bit 1023, bit 1000 set), all ones, an even one below 2^64, and 1.
inline std::vector<U1024> moduli_1024(std::uint64_t seed) {
  Rng rng(seed);
  U1024 odd = random_value<U1024>(rng);
  odd.set_bit(1023);
  odd.set_bit(0);
  U1024 even = random_value<U1024>(rng);
  even.set_bit(1000);
  even.set_bit(0, false);
  U1024 small_even{rng.next()};
  small_even.set_bit(63);
  small_even.set_bit(0, false);
  return {odd, even, ~U1024{}, small_even, U1024{1u}};
}

/// warpnum::reduce with multiplies_mod<1024>: the product of 10,000 numbers modulo m, for each modulus of
/// moduli_1024 (init 1). No factor is zero (the edge value 0 becomes 2^1023 + 1), so that the products are not.
template <class System> std::vector<U1024> product_mod(std::uint64_t seed) {
  std::vector<U1024> a = operands<U1024>(seed, 10000);
  for (U1024& x : a) {
    if (x.is_zero()) x = (U1024{1u} << 1023) + 1u;
  }
  typename System::template vector<U1024> da(a.begin(), a.end());
  std::vector<U1024> results;
  for (const U1024& m : moduli_1024(seed + 1)) {
    const U1024 p = warpnum::reduce(System::policy(), da.begin(), da.end(), U1024{1u}, warpnum::multiplies_mod<1024>(m));
    oracle::Mpz want(1);
    const oracle::Mpz mm = oracle::to_mpz(m);
    for (const U1024& x : a) {
      mpz_mul(want, want, oracle::to_mpz(x));
      mpz_mod(want, want, mm);
    }
    expect_scalar<System>("warpnum::reduce multiplies_mod<1024> modulo " + hex(m), seed, p, want);
    results.push_back(p);
  }
  return results;
}

/// warpnum::transform with powm_fn<1024>: a^e mod m for an odd and an even m against mpz_powm; exponents of
/// every length (0, 1, 2, all ones, random).
template <class System> std::vector<U1024> transform_powm(std::uint64_t seed) {
  const std::size_t n = 40;
  const std::vector<U1024> a = operands<U1024>(seed, n);
  std::vector<U1024> e = operands<U1024>(seed + 1, n, true);
  e[0] = U1024{};
  e[1] = U1024{1u};
  e[2] = U1024{2u};
  e[3] = ~U1024{};
  typename System::template vector<U1024> da(a.begin(), a.end()), de(e.begin(), e.end()), dr(n);
  std::vector<U1024> results;
  const std::vector<U1024> moduli = moduli_1024(seed + 2);
  for (const U1024& m : {moduli[0], moduli[1]}) {
    warpnum::transform(System::policy(), da.begin(), da.end(), de.begin(), dr.begin(), warpnum::powm_fn<1024>(m));
    const std::vector<U1024> r = to_std(dr);
    const oracle::Mpz mm = oracle::to_mpz(m);
    expect_elements<System>(
        "warpnum::transform powm_fn<1024> modulo " + hex(m), seed, r,
        [&](std::size_t i) {
          oracle::Mpz p;
          mpz_powm(p, oracle::to_mpz(a[i]), oracle::to_mpz(e[i]), mm);
          return p;
        },
        [&](std::size_t i) { return hex(a[i]) + " ^ " + hex(e[i]); });
    results.insert(results.end(), r.begin(), r.end());
  }
  return results;
}

/// warpnum::transform with warpnum::divides and warpnum::modulus (binary) and warpnum::negate (unary) at 256
/// bits; divisors are not zero here (see the device test for zero).
template <class System> std::vector<U256> transform_divides(std::uint64_t seed) {
  const std::vector<U256> a = operands<U256>(seed, 2000);
  std::vector<U256> b = operands<U256>(seed + 1, 2000, true);
  for (U256& x : b) {
    if (x.is_zero()) x = U256{7u};
  }
  typename System::template vector<U256> da(a.begin(), a.end()), db(b.begin(), b.end()), dq(a.size()), dr(a.size()),
      dn(a.size());
  warpnum::transform(System::policy(), da.begin(), da.end(), db.begin(), dq.begin(), warpnum::divides{});
  warpnum::transform(System::policy(), da.begin(), da.end(), db.begin(), dr.begin(), warpnum::modulus{});
  warpnum::transform(System::policy(), da.begin(), da.end(), dn.begin(), warpnum::negate{});
  const std::vector<U256> q = to_std(dq);
  const std::vector<U256> r = to_std(dr);
  const std::vector<U256> neg = to_std(dn);
  const auto operands_text = [&](std::size_t i) { return hex(a[i]) + ", " + hex(b[i]); };
  expect_elements<System>(
      "warpnum::transform divides 256", seed, q,
      [&](std::size_t i) {
        oracle::Mpz x;
        mpz_tdiv_q(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
        return x;
      },
      operands_text);
  expect_elements<System>(
      "warpnum::transform modulus 256", seed, r,
      [&](std::size_t i) {
        oracle::Mpz x;
        mpz_tdiv_r(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
        return x;
      },
      operands_text);
  expect_elements<System>(
      "warpnum::transform negate 256", seed, neg,
      [&](std::size_t i) {
        oracle::Mpz x;
        mpz_neg(x, oracle::to_mpz(a[i]));
        return x;
      },
      [&](std::size_t i) { return hex(a[i]); });
  std::vector<U256> all = q;
  all.insert(all.end(), r.begin(), r.end());
  all.insert(all.end(), neg.begin(), neg.end());
  return all;
}

/// 256-bit moduli: large odd and even ones (top bit set), small odd and even ones (below 2^96, so that products
/// of unreduced operands exceed m 2^256), 1 and 2.
inline std::vector<U256> moduli_256(std::uint64_t seed) {
  Rng rng(seed);
  std::vector<U256> m;
  for (bool odd : {true, false}) {
    U256 big = random_value<U256>(rng);
    big.set_bit(255);
    big.set_bit(0, odd);
    U256 small = (U256{rng.next()} << 32) | U256{rng.u32()};  // uniform bits: random_value's shapes are often powers of two
    small.set_bit(95);
    small.set_bit(0, odd);
    m.push_back(big);
    m.push_back(small);
  }
  m.push_back(U256{1u});
  m.push_back(U256{2u});
  return m;
}

/// warpnum::transform with multiplies_mod<256> and plus_mod<256> on unreduced operands (edge values and random
/// shapes, mostly above m) for each modulus of moduli_256.
template <class System> std::vector<U256> transform_mod(std::uint64_t seed) {
  const std::vector<U256> a = operands<U256>(seed, 1000);
  const std::vector<U256> b = operands<U256>(seed + 1, 1000, true);
  typename System::template vector<U256> da(a.begin(), a.end()), db(b.begin(), b.end()), dp(a.size()), ds(a.size());
  std::vector<U256> results;
  for (const U256& m : moduli_256(seed + 2)) {
    warpnum::transform(System::policy(), da.begin(), da.end(), db.begin(), dp.begin(), warpnum::multiplies_mod<256>(m));
    warpnum::transform(System::policy(), da.begin(), da.end(), db.begin(), ds.begin(), warpnum::plus_mod<256>(m));
    const std::vector<U256> p = to_std(dp);
    const std::vector<U256> s = to_std(ds);
    const oracle::Mpz mm = oracle::to_mpz(m);
    const auto describe = [&](std::size_t i) { return hex(a[i]) + ", " + hex(b[i]) + " modulo " + hex(m); };
    expect_elements<System>(
        "warpnum::transform multiplies_mod<256>", seed, p,
        [&](std::size_t i) {
          oracle::Mpz x;
          mpz_mul(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
          mpz_mod(x, x, mm);
          return x;
        },
        describe);
    expect_elements<System>(
        "warpnum::transform plus_mod<256>", seed, s,
        [&](std::size_t i) {
          oracle::Mpz x;
          mpz_add(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
          mpz_mod(x, x, mm);
          return x;
        },
        describe);
    results.insert(results.end(), p.begin(), p.end());
    results.insert(results.end(), s.begin(), s.end());
  }
  return results;
}

/// The three forms of warpnum::reduce at 256 bits: (first, last) over signed values, (first, last, init), and
/// (first, last, init, op) with warpnum::maximum (signed order) and with plus_mod<256>. Results in that order.
template <class System> std::vector<U256> reduce_forms(std::uint64_t seed) {
  const std::vector<I256> s = operands<I256>(seed, 3000);
  const std::vector<U256> u = operands<U256>(seed + 1, 3000, true);
  typename System::template vector<I256> ds(s.begin(), s.end());
  typename System::template vector<U256> du(u.begin(), u.end());

  const I256 sum = warpnum::reduce(System::policy(), ds.begin(), ds.end());
  const U256 sum_init = warpnum::reduce(System::policy(), du.begin(), du.end(), U256{12345u});
  const I256 max = warpnum::reduce(System::policy(), ds.begin(), ds.end(), I256::min(), warpnum::maximum{});
  Rng rng(seed + 2);
  U256 m = random_value<U256>(rng);
  m.set_bit(255);
  const U256 sum_mod = warpnum::reduce(System::policy(), du.begin(), du.end(), U256{}, warpnum::plus_mod<256>(m));

  oracle::Mpz want_sum, want_sum_u, want_sum_init, want_max, want_sum_mod;
  mpz_set(want_max, oracle::to_mpz(I256::min()));
  for (const I256& x : s) {
    const oracle::Mpz v = oracle::to_mpz(x);
    mpz_add(want_sum, want_sum, v);
    if (mpz_cmp(v, want_max) > 0) mpz_set(want_max, v);
  }
  for (const U256& x : u) mpz_add(want_sum_u, want_sum_u, oracle::to_mpz(x));
  mpz_add_ui(want_sum_init, want_sum_u, 12345);
  mpz_mod(want_sum_mod, want_sum_u, oracle::to_mpz(m));
  expect_scalar<System>("warpnum::reduce(first, last) BigInt<256>", seed, sum, want_sum);
  expect_scalar<System>("warpnum::reduce(first, last, init) BigUInt<256>", seed, sum_init, want_sum_init);
  expect_scalar<System>("warpnum::reduce maximum BigInt<256>", seed, max, want_max);
  expect_scalar<System>("warpnum::reduce plus_mod<256>", seed, sum_mod, want_sum_mod);
  return {U256{sum}, sum_init, U256{max}, sum_mod};
}

/// warpnum::inner_product at 256 bits: the plain form (the sum of products modulo 2^256) and with plus_mod and
/// multiplies_mod (the dot product modulo m, for each modulus of moduli_256).
template <class System> std::vector<U256> inner_products(std::uint64_t seed) {
  const std::vector<U256> a = operands<U256>(seed, 3000);
  const std::vector<U256> b = operands<U256>(seed + 1, 3000, true);
  typename System::template vector<U256> da(a.begin(), a.end()), db(b.begin(), b.end());
  std::vector<U256> results;
  const U256 plain = warpnum::inner_product(System::policy(), da.begin(), da.end(), db.begin(), U256{3u});
  oracle::Mpz want(3);
  for (std::size_t i = 0; i < a.size(); ++i) mpz_addmul(want, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
  expect_scalar<System>("warpnum::inner_product 256", seed, plain, want);
  results.push_back(plain);
  for (const U256& m : moduli_256(seed + 2)) {
    const U256 dot = warpnum::inner_product(System::policy(), da.begin(), da.end(), db.begin(), U256{},
                                            warpnum::plus_mod<256>(m), warpnum::multiplies_mod<256>(m));
    oracle::Mpz want_mod;
    mpz_sub_ui(want_mod, want, 3);
    mpz_mod(want_mod, want_mod, oracle::to_mpz(m));
    expect_scalar<System>("warpnum::inner_product plus_mod, multiplies_mod modulo " + hex(m), seed, dot, want_mod);
    results.push_back(dot);
  }
  return results;
}

/// warpnum::transform_reduce (the sum of squares modulo 2^256, a lambda and warpnum::plus) and warpnum::count_if
/// (odd elements above a threshold, a lambda capturing it) at 256 bits.
template <class System> std::vector<U256> transform_reduce_count(std::uint64_t seed) {
  const std::vector<U256> a = operands<U256>(seed, 4000);
  typename System::template vector<U256> da(a.begin(), a.end());
  const U256 squares = warpnum::transform_reduce(
      System::policy(), da.begin(), da.end(), [] WARPNUM_HD(const U256& x) -> U256 { return x * x; }, U256{},
      warpnum::plus{});
  const U256 threshold = U256{1u} << 200;
  const auto count = warpnum::count_if(System::policy(), da.begin(), da.end(),
                                       [threshold] WARPNUM_HD(const U256& x) -> bool { return x.bit(0) && threshold < x; });
  oracle::Mpz want;
  long want_count = 0;
  const oracle::Mpz t = oracle::to_mpz(threshold);
  for (const U256& x : a) {
    const oracle::Mpz v = oracle::to_mpz(x);
    mpz_addmul(want, v, v);
    if (mpz_odd_p(v.get()) && mpz_cmp(v, t) > 0) ++want_count;
  }
  expect_scalar<System>("warpnum::transform_reduce x^2, plus 256", seed, squares, want);
  EXPECT_EQ(static_cast<long>(count), want_count) << "warpnum::count_if 256 (" << System::name << "): seed 0x" << std::hex << seed;
  return {squares, U256{static_cast<std::uint64_t>(count)}};
}

/// warpnum::sort: BigUInt<256> ascending by `<` (the comparator-free form), BigInt<256> descending by
/// warpnum::greater (the signed order); and thrust::max_element over the sorted signed values. Against the
/// values sorted as mpz. Results: the unsigned ones, then the signed ones' patterns.
template <class System> std::vector<U256> sorts(std::uint64_t seed) {
  const std::vector<U256> u = operands<U256>(seed, 5000);
  const std::vector<I256> s = operands<I256>(seed + 1, 5000, true);
  typename System::template vector<U256> du(u.begin(), u.end());
  typename System::template vector<I256> ds(s.begin(), s.end());
  warpnum::sort(System::policy(), du.begin(), du.end());
  warpnum::sort(System::policy(), ds.begin(), ds.end(), warpnum::greater{});
  const auto top = thrust::max_element(System::policy(), ds.begin(), ds.end(), warpnum::less{});
  const std::vector<U256> ru = to_std(du);
  const std::vector<I256> rs = to_std(ds);
  EXPECT_EQ(top - ds.begin(), 0) << "thrust::max_element of values sorted in descending order";

  const auto sorted_mpz = [](const auto& values, bool descending) {
    std::vector<oracle::Mpz> z;
    for (const auto& x : values) z.push_back(oracle::to_mpz(x));
    std::sort(z.begin(), z.end(), [&](const oracle::Mpz& p, const oracle::Mpz& q) {
      return descending ? mpz_cmp(p, q) > 0 : mpz_cmp(p, q) < 0;
    });
    return z;
  };
  const std::vector<oracle::Mpz> want_u = sorted_mpz(u, false);
  const std::vector<oracle::Mpz> want_s = sorted_mpz(s, true);
  expect_elements<System>("warpnum::sort BigUInt<256>", seed, ru, [&](std::size_t i) { return want_u[i]; },
                          [](std::size_t) { return std::string("ascending"); });
  expect_elements<System>("warpnum::sort greater BigInt<256>", seed, rs, [&](std::size_t i) { return want_s[i]; },
                          [](std::size_t) { return std::string("descending"); });
  std::vector<U256> all = ru;
  for (const I256& x : rs) all.push_back(U256{x});
  return all;
}

/// The checks every system runs: X(test name, check function).
#define WARPNUM_THRUST_INTEROP_CHECKS(X)                      \
  X(ThrustTransformMultiplies, thrust_transform_multiplies) \
  X(ThrustTransformLambda, thrust_transform_lambda)         \
  X(ThrustReducePlus, thrust_reduce_plus)                   \
  X(ThrustTransformGF2n, thrust_transform_gf2n)             \
  X(ReduceProductMod, product_mod)                          \
  X(TransformPowm, transform_powm)                          \
  X(TransformDivides, transform_divides)                    \
  X(TransformMod, transform_mod)                            \
  X(ReduceForms, reduce_forms)                              \
  X(InnerProduct, inner_products)                           \
  X(TransformReduceCountIf, transform_reduce_count)         \
  X(Sort, sorts)

}  // namespace warpnum::test

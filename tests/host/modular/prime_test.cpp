// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/prime_test.cpp: modular/prime.hpp's miller_rabin_round and is_probable_prime against
// mpz_probab_prime_p and the strong probable prime test written from its definition on mpz (modular_suite.hpp's
// check bodies): Carmichael numbers (561, 1105, ..., 825265, OEIS A002997), strong pseudoprimes to base 2 (2047,
// 3277, 4033, ..., OEIS A001262; those without a factor below 100 pass one round, the base 2, and fail two) and
// to the first k prime bases (A014233), known primes (Mersenne 2^61 - 1 to 2^607 - 1, 2^64 - 59, 2^128 - 159,
// 2^255 - 19, the field and group orders of secp256k1, BN254 and BLS12-381), whose every base below 100 and
// random bases are non-witnesses, products of two large primes, p (2p - 1) (the most strong liars), squares of
// primes above 100 (past the trial division), 0, 1, 2, 3, even numbers, the numbers around 100 and 128 (the ends
// of the small-number paths), round counts below 1, and fixed values in constant evaluation. At 64, 128, 384 and
// 1024 bits.
#include "host/modular/modular_suite.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/modular/prime.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation ------------------------------------------------------------------------------------

constexpr bool fixed_primality() {
  using U = BigUInt<64>;
  bool ok = is_probable_prime(U{0x1fffffffffffffffull}, 3) && is_probable_prime(U{0xffffffffffffffc5ull}, 2);  // 2^61 - 1, 2^64 - 59
  ok = ok && !is_probable_prime(U{561u}) && !is_probable_prime(U{10201u}) && !is_probable_prime(U{0xffffffffffffffffull});
  ok = ok && is_probable_prime(U{2u}) && is_probable_prime(U{97u}) && !is_probable_prime(U{1u}) && !is_probable_prime(U{});
  // 42799 = 127 337 is a strong pseudoprime to base 2 (no factor below 100): one round passes it, two do not.
  ok = ok && is_probable_prime(U{42799u}, 1) && !is_probable_prime(U{42799u}, 2);
  const Montgomery<64> ctx(U{2047u});
  return ok && miller_rabin_round(ctx, U{2u}) && !miller_rabin_round(ctx, U{3u});
}
static_assert(fixed_primality());

TEST(PrimeConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_primality()); }

// ---- against GMP ------------------------------------------------------------------------------------------------

template <class T> class Prime : public ::testing::Test {};
using PrimeTypes = ::testing::Types<BigUInt<64>, BigUInt<128>, BigUInt<384>, BigUInt<1024>>;
TYPED_TEST_SUITE(Prime, PrimeTypes, TypeNames);

/// Carmichael numbers: every one below 520000 (OEIS A002997), and 825265 = 5 7 17 19 73, the smallest with five
/// prime factors.
constexpr unsigned carmichael[] = {561,    1105,   1729,   2465,   2821,   6601,   8911,   10585,  15841,  29341,
                                   41041,  46657,  52633,  62745,  63973,  75361,  101101, 115921, 126217, 162401,
                                   172081, 188461, 252601, 278545, 294409, 314821, 334153, 340561, 399001, 410041,
                                   449065, 488881, 512461, 825265};

/// Strong pseudoprimes to base 2 below 500000 (OEIS A001262).
constexpr unsigned strong_pseudoprimes_2[] = {2047,   3277,   4033,   4681,   8321,   15841,  29341,  42799,
                                              49141,  52633,  65281,  74665,  80581,  85489,  88357,  90751,
                                              104653, 130561, 196093, 220729, 233017, 252601, 253241, 256999,
                                              271951, 280601, 314821, 357761, 390937, 458989, 476971, 486737};

/// n a composite: is_probable_prime(n) (25 rounds) rejects it, and each round count up to 12, which uses only
/// the fixed bases, agrees with the strong probable prime tests to those bases; miller_rabin_round agrees with
/// the definition for the bases 0 to `bases` and n - 1, n, n + 1.
template <class T> ::testing::AssertionResult check_composite(const T& n, unsigned bases) {
  const auto describe = [&] { return "n = " + show(n); };
  if (mpz_probab_prime_p(to_mpz(n), 30) != 0) return fail("the oracle: mpz_probab_prime_p says prime, the test expects a composite", describe);
  if (is_probable_prime(n)) return fail("is_probable_prime(n) is true for a composite", describe);
  for (int rounds = 1; rounds <= 12; ++rounds) WARPNUM_TEST_CHECK(check_probable_prime(n, rounds));
  if (n > T{3u} && n.bit(0)) {
    const Montgomery<T::bits> ctx(n);
    for (unsigned b = 0; b <= bases; ++b) WARPNUM_TEST_CHECK(check_miller_rabin_round(ctx, n, T{b}));
    for (const T& b : {T{n - 1u}, n, T{n + 1u}}) WARPNUM_TEST_CHECK(check_miller_rabin_round(ctx, n, b));
  }
  return pass();
}

/// n a prime: is_probable_prime(n) and with 1 and 40 rounds; every base from 1 to `bases`, n - 1 and random
/// bases below n are non-witnesses, and 0 and n are witnesses (x = 0 is neither 1 nor -1), as the definition says.
template <class T> ::testing::AssertionResult check_prime(const T& n, unsigned bases, Rng& rng) {
  const auto describe = [&] { return "n = " + show(n); };
  if (mpz_probab_prime_p(to_mpz(n), 30) == 0) return fail("the oracle: mpz_probab_prime_p says composite, the test expects a prime", describe);
  if (!is_probable_prime(n)) return fail("is_probable_prime(n) is false for a prime", describe);
  if (!is_probable_prime(n, 1) || !is_probable_prime(n, 40)) return fail("is_probable_prime(n, 1 or 40 rounds) is false for a prime", describe);
  if (n <= T{97u}) return pass();
  const Montgomery<T::bits> ctx(n);
  for (unsigned b = 1; b <= bases; ++b) {
    if (!miller_rabin_round(ctx, T{b})) return fail("miller_rabin_round(n, " + std::to_string(b) + ") is false for a prime", describe);
  }
  for (int k = 0; k < 4; ++k) {
    T b = below(rng, n);
    if (b.is_zero()) b = T{1u};
    if (!miller_rabin_round(ctx, b)) return fail("miller_rabin_round(n, " + show(b) + ") is false for a prime", describe);
  }
  if (!miller_rabin_round(ctx, T{n - 1u})) return fail("miller_rabin_round(n, n - 1) is false for a prime", describe);
  WARPNUM_TEST_CHECK(check_miller_rabin_round(ctx, n, T{}));
  return check_miller_rabin_round(ctx, n, n);
}

// Every n below 140 (the table of small primes ends at 97, the short path at 128) and around 2^k, for 1, 2 and
// 25 rounds, against mpz_probab_prime_p; even numbers are composite except 2.
TYPED_TEST(Prime, SmallAndEven) {
  using T = TypeParam;
  for (unsigned n = 0; n < 140; ++n) {
    const bool want = mpz_probab_prime_p(to_mpz(T{n}), 30) != 0;
    for (const int rounds : {1, 2, 25}) EXPECT_EQ(is_probable_prime(T{n}, rounds), want) << n << ", " << rounds << " rounds";
  }
  Rng rng(seed_for("prime even", T::bits));
  for (std::size_t k = 1; k < T::bits; ++k) {
    const T p = T{1u} << k;
    EXPECT_EQ(is_probable_prime(p), k == 1) << "2^" << k;
    EXPECT_FALSE(is_probable_prime(T{p + 2u})) << "2^" << k << " + 2";
    EXPECT_TRUE(check_probable_prime(T{p + 1u}, 25)) << "2^" << k << " + 1";
    EXPECT_TRUE(check_probable_prime(T{p - 1u}, 25)) << "2^" << k << " - 1";
    const T even = random_value<T>(rng) & ~T{1u};
    EXPECT_EQ(is_probable_prime(even), even == T{2u}) << show(even);
  }
  EXPECT_FALSE(is_probable_prime(T{~T{} - 1u}));
  EXPECT_TRUE(check_probable_prime(~T{}, 25));
}

// Carmichael numbers fool the Fermat test to every coprime base; the strong test catches them.
TYPED_TEST(Prime, CarmichaelNumbers) {
  using T = TypeParam;
  for (const unsigned c : carmichael) EXPECT_TRUE(check_composite(T{c}, 100)) << c;
}

// Strong pseudoprimes to base 2: miller_rabin_round(n, 2) passes each; those without a factor below 100 pass
// is_probable_prime with one round (the base 2 alone) and fail with two (base 3 is a witness for each here).
TYPED_TEST(Prime, StrongPseudoprimesToBaseTwo) {
  using T = TypeParam;
  int past_trial_division = 0;
  for (const unsigned n : strong_pseudoprimes_2) {
    EXPECT_TRUE(check_composite(T{n}, 100)) << n;
    EXPECT_TRUE(miller_rabin_round(Montgomery<T::bits>(T{n}), T{2u})) << n << " is a strong pseudoprime to base 2";
    if (expected_probable_prime(to_mpz(T{n}), 1)) {
      ++past_trial_division;
      EXPECT_TRUE(is_probable_prime(T{n}, 1)) << n;
      EXPECT_TRUE(is_probable_prime(T{n}, 0)) << n << ": rounds < 1 counts as 1";
      EXPECT_TRUE(is_probable_prime(T{n}, -5)) << n << ": rounds < 1 counts as 1";
      EXPECT_FALSE(is_probable_prime(T{n}, 2)) << n;
    }
  }
  EXPECT_GE(past_trial_division, 10) << "the list has 16 with no factor below 100";
  // The smallest strong pseudoprimes to the first k prime bases (modular_suite.hpp's A014233 list): each passes
  // k rounds and fails k + 1.
  for (const auto& sp : strong_pseudoprimes) {
    const Mpz nz(sp.n, 10);
    if (mpz_sizeinbase(nz, 2) > T::bits || sp.bases >= 13) continue;
    const T n = oracle::from_mpz<T>(nz);
    EXPECT_TRUE(check_composite(n, 50)) << sp.n;
    if (expected_probable_prime(nz, 1)) {
      EXPECT_TRUE(is_probable_prime(n, sp.bases)) << sp.n << " passes the first " << sp.bases << " prime bases";
      EXPECT_FALSE(is_probable_prime(n, sp.bases + 1)) << sp.n << " fails base " << primes_below_100[sp.bases];
    }
  }
}

// Primes of cryptography and Mersenne primes that fit, and their neighbours p - 2, p + 2 against the oracle.
TYPED_TEST(Prime, KnownPrimes) {
  using T = TypeParam;
  std::vector<Mpz> primes;
  for (const char* p : {"0x1fffffffffffffff",                  // 2^61 - 1
                        "0xffffffffffffffc5",                  // 2^64 - 59, the largest prime below 2^64
                        "0x1ffffffffffffffffffffff",           // 2^89 - 1
                        "0x7ffffffffffffffffffffffffff",       // 2^107 - 1
                        "0x7fffffffffffffffffffffffffffffff",  // 2^127 - 1
                        "0xffffffffffffffffffffffffffffff61",  // 2^128 - 159, the largest prime below 2^128
                        // 2^255 - 19 (Curve25519)
                        "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
                        // secp256k1: the field prime and the group order
                        "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
                        "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
                        // BN254: the field prime and the group order
                        "21888242871839275222246405745257275088696311157297823662689037894645226208583",
                        "21888242871839275222246405745257275088548364400416034343698204186575808495617",
                        // BLS12-381: the field prime (381 bits) and the group order
                        "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
                        "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"}) {
    primes.emplace_back(p, 0);
  }
  for (const unsigned e : {521u, 607u}) {
    Mpz m;
    mpz_setbit(m, e);
    mpz_sub_ui(m, m, 1);
    primes.push_back(m);
  }
  Rng rng(seed_for("known primes", T::bits));
  int tried = 0;
  for (const Mpz& pz : primes) {
    if (mpz_sizeinbase(pz, 2) > T::bits) continue;
    ++tried;
    const T p = oracle::from_mpz<T>(pz);
    EXPECT_TRUE(check_prime(p, 100, rng)) << show(p);
    EXPECT_TRUE(check_probable_prime(T{p - 2u}, 25)) << show(p) << " - 2";
    if (mpz_sizeinbase(pz, 2) < T::bits) {
      EXPECT_TRUE(check_probable_prime(T{p + 2u}, 25)) << show(p) << " + 2";
    }
  }
  EXPECT_GE(tried, 2);
}

// Composites that trial division by the primes below 100 cannot find: p^2 and p q for primes p, q from 101 on;
// products of two random primes of about half the width; p (2p - 1) with both prime (up to a quarter of the
// bases are strong liars: the hardest case for a round).
TYPED_TEST(Prime, ProductsOfPrimes) {
  using T = TypeParam;
  const unsigned above_100[] = {101, 103, 107, 109, 113, 127, 131, 211, 251, 65521, 65537};
  for (const unsigned p : above_100) {
    for (const unsigned q : above_100) {
      if (q < p || std::uint64_t{p} * q > 0xffffffffull) continue;
      EXPECT_TRUE(check_composite(T{p * q}, q == p ? 60 : 20)) << p << " * " << q;
      // Rounds below 1 count as 1: base 2 still runs (none of these is a strong pseudoprime to it).
      EXPECT_EQ(is_probable_prime(T{p * q}, 0), is_probable_prime(T{p * q}, 1)) << p << " * " << q;
      EXPECT_FALSE(is_probable_prime(T{p * q}, -3)) << p << " * " << q;
    }
  }
  Rng rng(seed_for("prime products", T::bits));
  const int cases = T::bits >= 1024 ? 6 : 20;
  for (int c = 0; c < cases; ++c) {
    const Mpz p = random_prime<T>(rng, T::bits / 2);
    const Mpz q = random_prime<T>(rng, T::bits - mpz_sizeinbase(p, 2));
    Mpz n;
    mpz_mul(n, p, q);
    EXPECT_TRUE(check_composite(oracle::from_mpz<T>(n), 30)) << "p = " << oracle::to_text(p) << ", q = " << oracle::to_text(q);
  }
  // p (2p - 1): p from mpz_nextprime of a random value of up to min(Bits / 2, 48) bits, the next p whose 2p - 1
  // is prime too.
  for (int c = 0; c < 6; ++c) {
    const std::size_t bits = 8 + rng.below(std::min<std::size_t>(T::bits / 2, 48) - 8);
    Mpz p = to_mpz(exact_bits<BigUInt<64>>(rng, bits));
    Mpz q;
    do {
      mpz_nextprime(p, p);
      mpz_mul_2exp(q, p, 1);
      mpz_sub_ui(q, q, 1);
    } while (mpz_probab_prime_p(q, 30) == 0);
    Mpz n;
    mpz_mul(n, p, q);
    const T nt = oracle::from_mpz<T>(n);
    EXPECT_TRUE(check_composite(nt, 100)) << oracle::to_text(p) << " (2p - 1)";
    const Montgomery<T::bits> ctx(nt);
    for (int k = 0; k < 40; ++k) EXPECT_TRUE(check_miller_rabin_round(ctx, nt, below(rng, nt)));
  }
}

// The answer depends on n alone: the bases after the 13th come from n, so two calls agree, and the answer
// agrees with mpz_probab_prime_p for random odd values and random primes.
TYPED_TEST(Prime, RandomAgainstGmp) {
  using T = TypeParam;
  const int cases = T::bits >= 1024 ? 40 : 300;
  run_random_cases(type_name<T>() + " is_probable_prime", seed_for("is_probable_prime random", T::bits), cases, [](Rng& rng, int i) {
    const T n = i % 3 == 0 ? oracle::from_mpz<T>(random_prime<T>(rng, T::bits)) : T{random_value<T>(rng) | T{1u}};
    const bool first = is_probable_prime(n, 20);
    if (first != is_probable_prime(n, 20)) return fail("is_probable_prime(n, 20) changed between calls", [&] { return "n = " + show(n); });
    return check_probable_prime(n, 20);
  });
}

}  // namespace
// The typed suite of modular_suite.hpp runs in modular_*_test.cpp; this file shares its check bodies only.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Modular);
}  // namespace warpnum::test

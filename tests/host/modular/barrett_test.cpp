// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/barrett_test.cpp: modular/barrett.hpp's Barrett context against mpz_mod: moduli of every
// bit length (so every normalisation shift: 2^(k - 1), 2^k - 1, 2^(k - 1) + 1 and random k-bit ones), one-word
// moduli and other small ones in a wide type, the top bit set, the modulus 1; inputs of reduce up to its
// documented bound m 2^Bits - 1, at and next to multiples of m with the largest quotients (where the quotient
// estimate needs its corrections), 0, 1, m - 1, m, m + 1 and (m - 1)^2; the products, sums and powers of the
// edge values 0, 1 and m - 1 and of the largest reduced values; and fixed values in constant evaluation. At 32
// (one limb), 96 (the 32-bit word paths), 256 and 4096 bits. The random differential cases of every width are
// modular_suite.hpp's, whose check bodies this file shares.
#include "host/modular/modular_suite.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular/barrett.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation ------------------------------------------------------------------------------------

/// reduce(q m + r) == r for fixed q and r < m, and the products of m - 1.
template <std::size_t Bits> constexpr bool quotient_and_remainder(const BigUInt<Bits>& m, const BigUInt<Bits>& q, const BigUInt<Bits>& r) {
  using T = BigUInt<Bits>;
  const Barrett<Bits> ctx(m);
  const BigUInt<2 * Bits> x = mul_wide(m, q) + BigUInt<2 * Bits>(r);
  const T one = ctx.one();
  return ctx.reduce(x) == r && ctx.mul(m - 1u, m - 1u) == one && ctx.sqr(m - 1u) == one && ctx.neg(one) == m - 1u &&
         ctx.add(m - 1u, m - 1u) == ctx.sub(m - 1u, one) && ctx.reduce(T{}) == T{} && ctx.reduce(m) == T{};
}
static_assert(quotient_and_remainder(BigUInt<32>{3u}, BigUInt<32>{0xffffffffu}, BigUInt<32>{2u}));
static_assert(quotient_and_remainder(BigUInt<64>{0xffffffffffffffc5ull}, ~BigUInt<64>{}, BigUInt<64>{0xffffffffffffffc4ull}));
static_assert(quotient_and_remainder(BigUInt<256>{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"},
                                     BigUInt<256>{"0x123456789abcdef0fedcba9876543210"}, BigUInt<256>{12345u}));
static_assert(quotient_and_remainder(BigUInt<96>{1u} << 95, ~BigUInt<96>{}, (BigUInt<96>{1u} << 95) - 1u));

TEST(BarrettConstexpr, SameValuesAtRunTime) {
  EXPECT_TRUE(quotient_and_remainder(BigUInt<32>{3u}, BigUInt<32>{0xffffffffu}, BigUInt<32>{2u}));
  EXPECT_TRUE(quotient_and_remainder(BigUInt<64>{0xffffffffffffffc5ull}, ~BigUInt<64>{}, BigUInt<64>{0xffffffffffffffc4ull}));
  EXPECT_TRUE(quotient_and_remainder(BigUInt<96>{1u} << 95, ~BigUInt<96>{}, (BigUInt<96>{1u} << 95) - 1u));
}

// ---- against GMP ------------------------------------------------------------------------------------------------

template <class T> class BarrettTest : public ::testing::Test {};
using BarrettTypes = ::testing::Types<BigUInt<32>, BigUInt<96>, BigUInt<256>, BigUInt<4096>>;
TYPED_TEST_SUITE(BarrettTest, BarrettTypes, TypeNames);

/// reduce(x) of a double-width x against mpz_mod.
template <class T>
::testing::AssertionResult check_reduce(const Barrett<T::bits>& ctx, const T& m, const BigUInt<2 * T::bits>& x, const char* what) {
  return same_value(what, mod(to_mpz(x), to_mpz(m)), ctx.reduce(x), [&] { return "m = " + show(m) + ", x = " + show(x); });
}

/// The inputs of reduce that stress its quotient estimate, for a modulus m: 0, 1, m - 1, m, m + 1, (m - 1)^2, the
/// bound m 2^Bits - 1, q m and q m + m - 1 for the largest quotients q (2^Bits - 1 and 2^Bits - 2) and for a random
/// one, and q m + r with r just above 0 and just below m.
template <class T> ::testing::AssertionResult check_reduce_inputs(const Barrett<T::bits>& ctx, const T& m, Rng& rng) {
  using W = BigUInt<2 * T::bits>;
  const W wm{m};
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, W{}, "reduce(0)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, W{1u}, "reduce(1)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, W{m - 1u}, "reduce(m - 1)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, wm, "reduce(m)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, wm + 1u, "reduce(m + 1)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, sqr_wide(T{m - 1u}), "reduce((m - 1)^2)"));
  WARPNUM_TEST_CHECK(check_reduce(ctx, m, (wm << T::bits) - 1u, "reduce(m 2^Bits - 1)"));
  const T r_top = m - 1u;
  const T r_low = m > T{1u} ? T{1u} : T{};
  for (const T& q : {~T{}, T{~T{} - 1u}, random_value<T>(rng), T{1u} << (T::bits - 1)}) {
    const W qm = mul_wide(m, q);
    WARPNUM_TEST_CHECK(check_reduce(ctx, m, qm, "reduce(q m)"));
    WARPNUM_TEST_CHECK(check_reduce(ctx, m, qm + W{r_top}, "reduce(q m + m - 1)"));
    WARPNUM_TEST_CHECK(check_reduce(ctx, m, qm + W{r_low}, "reduce(q m + 1)"));
    WARPNUM_TEST_CHECK(check_reduce(ctx, m, qm + W{below(rng, m)}, "reduce(q m + r)"));
  }
  // One-width inputs: reduce(BigUInt<Bits>) takes any value.
  for (const T& x : {~T{}, m, T{m + 1u}, random_value<T>(rng)})
    WARPNUM_TEST_CHECK(same_value("reduce(x)", mod(to_mpz(x), to_mpz(m)), ctx.reduce(x), [&] { return "m = " + show(m) + ", x = " + show(x); }));
  return pass();
}

/// The bit lengths of the moduli: every one up to 256 bits; above, those next to limb and word boundaries and
/// a spread of the others.
template <class T> std::vector<std::size_t> modulus_lengths() {
  std::vector<std::size_t> ks;
  for (std::size_t k = 1; k <= T::bits; ++k) {
    const std::size_t r = k % 32;
    if (T::bits <= 256 || r <= 1 || r == 31 || k % 61 == 0 || k <= 66 || k + 2 >= T::bits) ks.push_back(k);
  }
  return ks;
}

// Moduli of every bit length k (each normalisation shift Bits - k), of four shapes, with the inputs of
// check_reduce_inputs; the context from the constructor and from checked.
TYPED_TEST(BarrettTest, EveryModulusLength) {
  using T = TypeParam;
  Rng rng(seed_for("Barrett lengths", T::bits));
  for (const std::size_t k : modulus_lengths<T>()) {
    const T top = T{1u} << (k - 1);
    for (const T& m : {top, T{(top - 1u) + top}, T{top + 1u}, exact_bits<T>(rng, k)}) {
      const Barrett<T::bits> ctx(m);
      ASSERT_TRUE(check_barrett_context(ctx, m)) << k << " bits";
      ASSERT_TRUE(check_reduce_inputs(ctx, m, rng)) << k << " bits";
    }
  }
}

// Moduli of one or two words and other small ones in the wide type (the shift is most of the width): 1 to 10,
// primes and powers of two around 2^31, 2^32, 2^63 and 2^64; reduce of random values up to the bound, and the
// products of m - 1.
TYPED_TEST(BarrettTest, SmallModuliInAWideType) {
  using T = TypeParam;
  std::vector<T> moduli;
  for (unsigned v = 1; v <= 10; ++v) moduli.push_back(T{v});
  for (const std::uint64_t v : {0x7fffffffull, 0x80000000ull, 0xfffffffbull, 0xffffffffull, 0x100000000ull, 0x100000001ull,
                                0x7fffffffffffffffull, 0x8000000000000000ull, 0xffffffffffffffc5ull, 0xffffffffffffffffull}) {
    const T m{BigUInt<64>{v}};  // truncated to 32 bits at 32 bits: repeats are harmless
    if (!m.is_zero()) moduli.push_back(m);
  }
  Rng rng(seed_for("Barrett small moduli", T::bits));
  run_edge_cases(type_name<T>() + " Barrett small moduli", moduli, [&](const T& m) {
    const Barrett<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_barrett_context(ctx, m));
    WARPNUM_TEST_CHECK(check_reduce_inputs(ctx, m, rng));
    for (int c = 0; c < 20; ++c) WARPNUM_TEST_CHECK(check_reduce(ctx, m, random_reducible(rng, m), "reduce(random below m 2^Bits)"));
    const T x = m - 1u;
    const BigUInt<T::bits> ones = T::bits <= 256 ? ~BigUInt<T::bits>{} : BigUInt<T::bits>{~BigUInt<64>{}};
    WARPNUM_TEST_CHECK(check_barrett(ctx, m, x, x, ~T{}, (BigUInt<2 * T::bits>{m} << T::bits) - 1u, ones));
    return pass();
  });
}

// Random moduli of any parity and length (modular_suite.hpp's mix) with inputs next to multiples of m: q m + r
// for random q (often the largest) and r in {0, 1, m - 2, m - 1, random}.
TYPED_TEST(BarrettTest, NearMultiples) {
  using T = TypeParam;
  using W = BigUInt<2 * T::bits>;
  const int cases = T::bits >= 4096 ? 150 : 1500;
  run_random_cases(type_name<T>() + " Barrett near multiples", seed_for("Barrett near multiples", T::bits), cases, [](Rng& rng, int) {
    const T m = random_modulus<T>(rng, Parity::any);
    const Barrett<T::bits> ctx = Barrett<T::bits>::checked(m);
    for (int k = 0; k < 4; ++k) {
      const T q = rng.chance(1, 3) ? T{~T{} - T{static_cast<std::uint32_t>(rng.below(3))}} : random_value<T>(rng);
      T r;
      switch (rng.below(5)) {
        case 0: r = T{}; break;
        case 1: r = T{1u} % m; break;
        case 2: r = m > T{1u} ? T{m - 2u} : T{}; break;
        case 3: r = m - 1u; break;
        default: r = below(rng, m); break;
      }
      WARPNUM_TEST_CHECK(check_reduce(ctx, m, mul_wide(m, q) + W{r}, "reduce(q m + r)"));
    }
    return pass();
  });
}

// The largest reduced values and the top bit set: m = 2^Bits - 1, 2^Bits - 2, 2^(Bits - 1), 2^(Bits - 1) + 1 and
// a random value with the top bit (shift 0), with x and y in {0, 1, m - 1, m - 2, (m + 1) / 2, random}: mul, sqr,
// add, sub, neg, pow and powm of a >= m against mpz.
TYPED_TEST(BarrettTest, TopBitSetAndEdgeOperands) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  Rng rng(seed_for("Barrett top bit", T::bits));
  const T half = T{1u} << (T::bits - 1);
  const std::vector<T> moduli = {~T{}, T{~T{} - 1u}, half, T{half + 1u}, T{random_value<T>(rng) | half}};
  run_edge_cases(type_name<T>() + " Barrett top bit", moduli, [&](const T& m) {
    const Barrett<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_reduce_inputs(ctx, m, rng));
    const std::vector<T> xs = {T{}, T{1u}, T{m - 1u}, T{m - 2u}, T{(m >> 1) + 1u}, below(rng, m)};
    for (const T& x : xs) {
      for (const T& y : xs) WARPNUM_TEST_CHECK(check_barrett(ctx, m, x, y, ~T{}, random_reducible(rng, m), E{3u}));
    }
    // powm takes any a, pow an a below m: a >= m, exponents 0, 1 and all ones (of 64 bits above 256-bit widths,
    // where a full-width exponent costs Bits Barrett products).
    const E ones = T::bits <= 256 ? ~E{} : E{~BigUInt<64>{}};
    for (const T& a : {m, T{m + 1u}, ~T{}}) {
      for (const E& e : {E{}, E{1u}, ones}) {
        Mpz want;
        mpz_powm(want, to_mpz(a), to_mpz(e), to_mpz(m));
        WARPNUM_TEST_CHECK(same_value("Barrett(m).powm(a, e)", want, ctx.powm(a, e), [&] { return "m = " + show(m) + ", a = " + show(a) + ", e = " + show(e); }));
      }
    }
    return pass();
  });
}

// The modulus 1 is not an error: every result is 0, one() too; the modulus 2 gives parities.
TYPED_TEST(BarrettTest, ModuliOneAndTwo) {
  using T = TypeParam;
  using W = BigUInt<2 * T::bits>;
  const Barrett<T::bits> one(T{1u});
  EXPECT_EQ(one.status(), Status::ok);
  EXPECT_EQ(one.one(), T{});
  EXPECT_EQ(one.reduce((W{1u} << T::bits) - 1u), T{});
  for (const T& x : {T{}, T{1u}, T{2u}, ~T{}}) {
    EXPECT_EQ(one.reduce(x), T{}) << show(x);
    EXPECT_EQ(one.powm(x, BigUInt<64>{}), T{}) << show(x);
  }
  EXPECT_EQ(one.mul(T{}, T{}), T{});
  const Barrett<T::bits> two(T{2u});
  EXPECT_EQ(two.one(), T{1u});
  EXPECT_EQ(two.reduce((W{2u} << T::bits) - 1u), T{1u});
  EXPECT_EQ(two.reduce(~T{}), T{1u});
  EXPECT_EQ(two.reduce(~T{} - 1u), T{});
  EXPECT_EQ(two.mul(T{1u}, T{1u}), T{1u});
  EXPECT_EQ(two.add(T{1u}, T{1u}), T{});
  EXPECT_EQ(two.neg(T{1u}), T{1u});
}

}  // namespace
// The typed suite of modular_suite.hpp runs in modular_*_test.cpp; this file shares its check bodies only.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Modular);
}  // namespace warpnum::test

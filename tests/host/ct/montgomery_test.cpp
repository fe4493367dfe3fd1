// SPDX-License-Identifier: Apache-2.0
// tests/host/ct/montgomery_test.cpp: ct/montgomery.hpp's ct::Montgomery and ct/modular.hpp's one-call functions
// against GMP and against warpnum::Montgomery: the context built without a division (R mod m, R^2 mod m, -m^-1
// mod 2^64 equal to the variable-time context's), products, squares, sums, differences and negations, powers by
// detail/ct/window_pow.hpp's fixed windows (exponents 0, 1, all ones, powers of two, random, of 64 bits, Bits and
// 2 Bits; bases 0, 1, m - 1, m and above), inverses modulo primes by Fermat, and the errors of even and zero
// moduli. Moduli 1, 3, all ones, 2^k + 1, random odd ones with and without the top bit, at 64, 96 (32-bit limbs),
// 256 (the host's generated assembly), 1024 (columns), 2048 and 4096 bits (rows, where the variable-time context
// takes Karatsuba blocks); and fixed values in constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct/modular.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/modular.hpp>  // beside ct/: every ct:: call must stay unambiguous (argument-dependent lookup)
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;

/// Fermat modulo 2^61 - 1, a product and an inverse checked by multiplication, in constant evaluation.
constexpr bool fixed_values() {
  using U = BigUInt<128>;
  const U p{0x1fffffffffffffffull};
  const U a{0x123456789abcdefull};
  const ct::Montgomery<128> ctx(p);
  const U x = ctx.to_montgomery(a);
  const U inv = ctx.from_montgomery(ctx.inverse_prime(x));
  return ct::powm(a, U{p - 2u}, p) == inv && ct::mul_mod(a, inv, p) == U{1u} &&
         ctx.from_montgomery(ctx.pow(x, BigUInt<64>{0u})) == U{1u} && ct::add_mod(U{p - 1u}, U{5u}, p) == U{4u} &&
         ct::sub_mod(U{3u}, U{5u}, p) == U{p - 2u};
}
static_assert(fixed_values());

TEST(CtMontgomeryConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_values()); }

template <class T>
class CtMontgomery : public ::testing::Test {};
using Widths = ::testing::Types<BigUInt<64>, BigUInt<96>, BigUInt<256>, BigUInt<1024>, BigUInt<2048>, BigUInt<4096>>;
TYPED_TEST_SUITE(CtMontgomery, Widths);

template <class T>
std::vector<T> odd_moduli(Rng& rng, int random_count) {
  std::vector<T> v = {T{1u}, T{3u}, ~T{}, T{(T{1u} << (T::bits / 2)) + T{1u}}, T{(T{1u} << (T::bits - 1)) + T{1u}}};
  for (int i = 0; i < random_count; ++i) {
    T m = random_value<T>(rng);
    m.set_bit(0, true);
    if (i % 2 == 0) m.set_bit(T::bits - 1, true);
    v.push_back(m);
  }
  return v;
}

/// x mod m.
template <class T>
T reduced(const T& x, const T& m) {
  Mpz r;
  mpz_mod(r, oracle::to_mpz(x), oracle::to_mpz(m));
  return oracle::from_mpz<T>(r);
}

TYPED_TEST(CtMontgomery, ContextMatchesVariableTime) {
  using T = TypeParam;
  Rng rng(seed_for("ct/ContextMatchesVariableTime", T::bits));
  for (const T& m : odd_moduli<T>(rng, 12)) {
    const ct::Montgomery<T::bits> c(m);
    const Montgomery<T::bits> v(m);
    ASSERT_EQ(c.status(), Status::ok);
    EXPECT_EQ(c.one(), v.one()) << oracle::to_text(oracle::to_mpz(m));
    EXPECT_EQ(c.r_squared(), v.r_squared()) << oracle::to_text(oracle::to_mpz(m));
    EXPECT_EQ(c.neg_inverse(), v.neg_inverse());
  }
}

TYPED_TEST(CtMontgomery, ArithmeticAgainstGmp) {
  using T = TypeParam;
  Rng rng(seed_for("ct/ArithmeticAgainstGmp", T::bits));
  for (const T& m : odd_moduli<T>(rng, 8)) {
    const ct::Montgomery<T::bits> c(m);
    const Mpz zm = oracle::to_mpz(m);
    for (int i = 0; i < 12; ++i) {
      const T a = reduced(random_value<T>(rng), m);
      const T b = i == 0 ? T{} : i == 1 ? reduced(T{m - 1u}, m) : reduced(random_value<T>(rng), m);
      Mpz want;
      mpz_add(want, oracle::to_mpz(a), oracle::to_mpz(b));
      mpz_mod(want, want, zm);
      EXPECT_EQ(oracle::to_mpz(c.add(a, b)), want);
      EXPECT_EQ(oracle::to_mpz(ct::add_mod(a, b, m)), want);
      mpz_sub(want, oracle::to_mpz(a), oracle::to_mpz(b));
      mpz_mod(want, want, zm);
      EXPECT_EQ(oracle::to_mpz(c.sub(a, b)), want);
      EXPECT_EQ(oracle::to_mpz(ct::sub_mod(a, b, m)), want);
      mpz_neg(want, oracle::to_mpz(a));
      mpz_mod(want, want, zm);
      EXPECT_EQ(oracle::to_mpz(c.neg(a)), want);
      // products of any values (also >= m) through the Montgomery forms
      const T x = random_value<T>(rng);
      const T y = random_value<T>(rng);
      mpz_mul(want, oracle::to_mpz(x), oracle::to_mpz(y));
      mpz_mod(want, want, zm);
      EXPECT_EQ(oracle::to_mpz(c.from_montgomery(c.mul(c.to_montgomery(x), c.to_montgomery(y)))), want);
      EXPECT_EQ(oracle::to_mpz(ct::mul_mod(x, y, m)), want);
      mpz_mul(want, oracle::to_mpz(x), oracle::to_mpz(x));
      mpz_mod(want, want, zm);
      EXPECT_EQ(oracle::to_mpz(c.from_montgomery(c.sqr(c.to_montgomery(x)))), want);
    }
  }
}

template <class T, class E>
void check_powers(Rng& rng, const T& m, int count) {
  const ct::Montgomery<T::bits> c(m);
  const Mpz zm = oracle::to_mpz(m);
  const bool wide = T::bits >= 2048 && E::bits >= 2048;  // fewer of the longest powers (a third of a second each)
  std::vector<E> exponents = {E{}, E{1u}, ~E{}, E{E{1u} << (E::bits - 1)}};
  if (!wide) exponents.insert(exponents.end(), {E{2u}, E{(E{1u} << (E::bits / 3)) + 1u}});
  for (int i = 0; i < count; ++i) exponents.push_back(random_value<E>(rng));
  std::vector<T> bases = {T{}, T{m - 1u}, random_value<T>(rng)};
  if (!wide) bases.insert(bases.end(), {T{1u}, m, ~T{}});
  for (const E& e : exponents) {
    for (const T& a : bases) {
      Mpz want;
      mpz_powm(want, oracle::to_mpz(a), oracle::to_mpz(e), zm);
      ASSERT_EQ(oracle::to_mpz(c.powm(a, e)), want)
          << "a " << oracle::to_text(oracle::to_mpz(a)) << " e " << oracle::to_text(oracle::to_mpz(e)) << " m "
          << oracle::to_text(zm);
      ASSERT_EQ(oracle::to_mpz(ct::powm(a, e, m)), want);
    }
  }
}

TYPED_TEST(CtMontgomery, PowersAgainstGmp) {
  using T = TypeParam;
  Rng rng(seed_for("ct/PowersAgainstGmp", T::bits));
  const int count = T::bits >= 2048 ? 1 : 4;
  for (const T& m : odd_moduli<T>(rng, T::bits >= 1024 ? 1 : 4)) {
    check_powers<T, BigUInt<64>>(rng, m, count);
    check_powers<T, T>(rng, m, count);
    if constexpr (T::bits <= 1024) check_powers<T, BigUInt<2 * T::bits>>(rng, m, count);
  }
}

TYPED_TEST(CtMontgomery, InversesModuloPrimes) {
  using T = TypeParam;
  Rng rng(seed_for("ct/InversesModuloPrimes", T::bits));
  for (int i = 0; i < (T::bits >= 2048 ? 2 : 6); ++i) {
    Mpz p = oracle::to_mpz(random_value<T>(rng));
    mpz_setbit(p, T::bits - 1 - static_cast<std::size_t>(i % 2) * (T::bits / 2));
    mpz_nextprime(p, p);
    if (mpz_sizeinbase(p, 2) > T::bits) continue;
    const T m = oracle::from_mpz<T>(p);
    for (const T& a : {T{1u}, T{m - 1u}, random_value<T>(rng), T{m + 5u}}) {
      Mpz want;
      Mpz za = oracle::to_mpz(a);
      mpz_mod(za, za, p);
      if (mpz_sgn(za.get()) == 0) continue;
      mpz_invert(want, za, p);
      EXPECT_EQ(oracle::to_mpz(ct::inverse_mod_prime(a, m)), want) << oracle::to_text(p);
    }
    EXPECT_EQ(ct::inverse_mod_prime(m, m), T{});  // 0 mod p: no inverse, 0
  }
}

TYPED_TEST(CtMontgomery, EvenAndZeroModuli) {
  using T = TypeParam;
  for (const T& m : {T{}, T{2u}, T{~T{} - 1u}}) {
    const auto c = ct::Montgomery<T::bits>::checked(m);
    EXPECT_EQ(c.status(), m.is_zero() ? Status::division_by_zero : Status::invalid_argument);
    EXPECT_EQ(c.modulus(), T{1u});
    EXPECT_EQ(c.powm(T{5u}, T{7u}), T{});
    EXPECT_THROW(ct::Montgomery<T::bits>{m}, std::domain_error);
    EXPECT_THROW(ct::powm(T{5u}, T{7u}, m), std::domain_error);
    EXPECT_THROW(ct::mul_mod(T{5u}, T{7u}, m), std::domain_error);
    EXPECT_THROW(ct::inverse_mod_prime(T{5u}, m), std::domain_error);
    const auto r = ct::powm_checked(T{5u}, T{7u}, m);
    EXPECT_EQ(r.status, c.status());
    EXPECT_EQ(r.value, T{});
    EXPECT_EQ(ct::mul_mod_checked(T{5u}, T{7u}, m).value, T{});
  }
}

}  // namespace
}  // namespace warpnum::test

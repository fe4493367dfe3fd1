// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/fp_test.cpp: fp.hpp, the prime field Fp<Bits, p>, against GMP's arithmetic modulo p: +, -, *, /,
// negation, square, pow (64-bit and wide exponents), inverse and inverse_checked, the constructors (a BigUInt of any
// size, built-in integers of both signs), value(), ordering of zero and one, for the primes 2^64 - 59, P-256, BN254's
// base field and BLS12-381's (in 384 bits), over the edge values (0, 1, p - 1, p, p + 1, all ones) and seeded random
// ones, and the same for the group orders of the named fields (PrimeField<Params>: BN254's and BLS12-381's scalar
// fields, secp256k1's and Ed25519's orders); the inverse of zero's outcome (docs/errors.md); and a field computation
// in constant evaluation. Fp<Bits, p> and PrimeField<Params> name one class template.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/fields.hpp>
#include <warpnum/fp.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;

inline constexpr BigUInt<64> p64{0xffffffffffffffc5ull};  // 2^64 - 59
inline constexpr BigUInt<256> p256{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};
inline constexpr BigUInt<256> bn254{"0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"};
inline constexpr BigUInt<384> bls381{
    "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"};

template <class F> struct Field {
  using type = F;
};
/// Fp<Bits, p> for values of p, and PrimeField<Params> for the named fields of the scalar sides (fields.hpp).
using Fields = ::testing::Types<Field<Fp<64, p64>>, Field<Fp<256, p256>>, Field<Fp<256, bn254>>, Field<Fp<384, bls381>>,
                                Field<BN254Fr>, Field<BLS12381Fr>, Field<Secp256k1Fn>, Field<Ed25519Fn>>;

template <class C> class FpAgainstGmp : public ::testing::Test {};
TYPED_TEST_SUITE(FpAgainstGmp, Fields);

/// Operands: the edge values of the integers (which include values at and above p) and p - 1, p, p + 1, then random.
template <class U> std::vector<U> operands(Rng& rng, const U& p) {
  std::vector<U> v = edge_values<U>();
  v.push_back(p - U{1u});
  v.push_back(p);
  v.push_back(p + U{1u});
  for (int i = 0; i < 60; ++i) v.push_back(random_value<U>(rng));
  return v;
}

template <class U> std::string text(const U& x) { return oracle::to_text(oracle::to_mpz(x).get()); }

TYPED_TEST(FpAgainstGmp, ArithmeticAgainstGmp) {
  using F = typename TypeParam::type;
  using U = typename F::value_type;
  const U p = F::modulus();
  const Mpz zp = oracle::to_mpz(p);
  const std::string what = "Fp<" + std::to_string(F::bits) + "> " + text(p);
  Rng rng(seed_for(what));
  const std::vector<U> xs = operands(rng, p);
  const auto mod = [&](Mpz z) {
    mpz_mod(z, z, zp);
    return oracle::to_text(z.get());
  };
  for (const U& a : xs) {
    const F fa(a);
    const Mpz za = oracle::to_mpz(a);
    ASSERT_EQ(mod(za), text(fa.value())) << what << ": Fp(" << text(a) << ")";
    Mpz t;
    mpz_neg(t, za);
    ASSERT_EQ(mod(t), text((-fa).value())) << what << ": -" << text(a);
    mpz_mul(t, za, za);
    ASSERT_EQ(mod(t), text(square(fa).value())) << what << ": square " << text(a);
    const std::uint64_t e = rng.next();
    mpz_powm(t, za, Mpz(std::to_string(e).c_str()), zp);
    ASSERT_EQ(oracle::to_text(t.get()), text(pow(fa, e).value())) << what << ": pow " << text(a) << " " << e;
    const U ew = random_value<U>(rng);
    mpz_powm(t, za, oracle::to_mpz(ew), zp);
    ASSERT_EQ(oracle::to_text(t.get()), text(pow(fa, ew).value())) << what << ": pow wide " << text(a);
    const auto inv = inverse_checked(fa);
    Mpz zr;
    mpz_mod(zr, za, zp);
    if (mpz_sgn(zr.get()) == 0) {
      ASSERT_EQ(inv.status, Status::not_invertible) << what;
      ASSERT_TRUE(inv.value.is_zero()) << what;
      EXPECT_THROW((void)inverse(fa), std::domain_error) << what;
    } else {
      ASSERT_EQ(inv.status, Status::ok) << what;
      ASSERT_NE(mpz_invert(t, za, zp), 0);
      ASSERT_EQ(oracle::to_text(t.get()), text(inv.value.value())) << what << ": inverse " << text(a);
      ASSERT_EQ(oracle::to_text(t.get()), text(inverse(fa).value())) << what;
    }
    for (int k = 0; k < 8; ++k) {
      const U b = xs[rng.below(xs.size())];
      const F fb(b);
      const Mpz zb = oracle::to_mpz(b);
      const std::string ops = text(a) + ", " + text(b);
      mpz_add(t, za, zb);
      ASSERT_EQ(mod(t), text((fa + fb).value())) << what << ": + " << ops;
      mpz_sub(t, za, zb);
      ASSERT_EQ(mod(t), text((fa - fb).value())) << what << ": - " << ops;
      mpz_mul(t, za, zb);
      ASSERT_EQ(mod(t), text((fa * fb).value())) << what << ": * " << ops;
      Mpz zbr;
      mpz_mod(zbr, zb, zp);
      if (mpz_sgn(zbr.get()) != 0) {
        ASSERT_NE(mpz_invert(t, zb, zp), 0);
        mpz_mul(t, t, za);
        ASSERT_EQ(mod(t), text((fa / fb).value())) << what << ": / " << ops;
      }
      ASSERT_EQ(mod(za) == mod(zb), fa == fb) << what << ": == " << ops;
    }
  }
}

TYPED_TEST(FpAgainstGmp, BuiltinConstructors) {
  using F = typename TypeParam::type;
  const Mpz zp = oracle::to_mpz(F::modulus());
  for (const long long x : {0LL, 1LL, -1LL, 59LL, -59LL, 0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1}) {
    Mpz want(std::to_string(x).c_str());
    mpz_mod(want, want, zp);
    ASSERT_EQ(oracle::to_text(want.get()), text(F(x).value())) << x;
  }
  const unsigned long long u = 0xffffffffffffffffull;
  Mpz want(std::to_string(u).c_str());
  mpz_mod(want, want, zp);
  ASSERT_EQ(oracle::to_text(want.get()), text(F(u).value()));
  EXPECT_TRUE(F{}.is_zero());
  EXPECT_EQ(F::one().value(), typename F::value_type{1u});
  EXPECT_EQ(F::zero() + F::one(), F::one());
}

// In constant evaluation: (p - 1)^2 = 1, x * x^-1 = 1, Fermat's x^(p-1) = 1 for BN254's field.
using Bn = Fp<256, bn254>;
static_assert(square(Bn(-1)) == Bn::one());
static_assert(Bn(12345) * inverse(Bn(12345)) == Bn::one());
static_assert(pow(Bn(7), bn254 - BigUInt<256>{1u}) == Bn::one());
// Fp<Bits, p> is PrimeField of a parameter type: the same value gives the same field as BN254Fp's.
static_assert(std::is_same_v<Bn::value_type, BN254Fp::value_type> && Bn::modulus() == BN254Fp::modulus());
static_assert(Bn(7).montgomery() == BN254Fp(7).montgomery());

}  // namespace
}  // namespace warpnum::test

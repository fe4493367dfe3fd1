// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/fields_test.cpp: fields.hpp, the named prime fields. Each modulus against its definition,
// computed by GMP from the curve's parameter (BN254's u, BLS12-381's x, the sums of powers of two of secp256k1,
// P-256 and Curve25519, Ed25519's 2^252 + c), each prime by GMP; each field type the size of its BigUInt and
// trivially copyable; and a function template over the field type (tests/cases/field_chain.hpp, the computation the
// device test runs in a kernel templated on each field) against GMP's arithmetic modulo p.
#include "cases/field_chain.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/fields.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;

Mpz from_text(const char* s) { return Mpz(s); }

/// BN254's p (base) or r (scalar) from u: 36u^4 + 36u^3 + (24 or 18)u^2 + 6u + 1.
Mpz bn254(unsigned long c2) {
  const Mpz u = from_text("4965661367192848881");
  Mpz r, t;
  mpz_pow_ui(t, u, 4);
  mpz_mul_ui(r, t, 36);
  mpz_pow_ui(t, u, 3);
  mpz_addmul_ui(r, t, 36);
  mpz_pow_ui(t, u, 2);
  mpz_addmul_ui(r, t, c2);
  mpz_addmul_ui(r, u, 6);
  mpz_add_ui(r, r, 1);
  return r;
}

/// BLS12-381's r = x^4 - x^2 + 1 and p = (x - 1)^2 r / 3 + x, x = -0xd201000000010000.
Mpz bls12_381_r() {
  const Mpz x = from_text("-0xd201000000010000");
  Mpz r, t;
  mpz_pow_ui(r, x, 4);
  mpz_pow_ui(t, x, 2);
  mpz_sub(r, r, t);
  mpz_add_ui(r, r, 1);
  return r;
}
Mpz bls12_381_p() {
  const Mpz x = from_text("-0xd201000000010000");
  Mpz p, t;
  mpz_sub_ui(t, x, 1);
  mpz_mul(p, t, t);
  mpz_mul(p, p, bls12_381_r());
  mpz_divexact_ui(p, p, 3);
  mpz_add(p, p, x);
  return p;
}

/// Sum of signed powers of two: {+256, -32} is 2^256 - 2^32; `add` is added at the end.
Mpz powers_of_two(std::vector<int> signed_exponents, long add) {
  Mpz r, t;
  for (const int e : signed_exponents) {
    mpz_set_ui(t, 1);
    mpz_mul_2exp(t, t, static_cast<unsigned long>(e < 0 ? -e : e));
    if (e < 0) {
      mpz_sub(r, r, t);
    } else {
      mpz_add(r, r, t);
    }
  }
  if (add < 0) {
    mpz_sub_ui(r, r, static_cast<unsigned long>(-add));
  } else {
    mpz_add_ui(r, r, static_cast<unsigned long>(add));
  }
  return r;
}

template <class F> std::string modulus_text() { return oracle::to_text(oracle::to_mpz(F::modulus()).get()); }

TEST(NamedFields, ModuliMatchTheirDefinitions) {
  EXPECT_EQ(modulus_text<BN254Fr>(), oracle::to_text(bn254(18).get()));
  EXPECT_EQ(modulus_text<BN254Fp>(), oracle::to_text(bn254(24).get()));
  EXPECT_EQ(modulus_text<BLS12381Fr>(), oracle::to_text(bls12_381_r().get()));
  EXPECT_EQ(modulus_text<BLS12381Fp>(), oracle::to_text(bls12_381_p().get()));
  EXPECT_EQ(modulus_text<Secp256k1Fp>(), oracle::to_text(powers_of_two({256, -32}, -977).get()));
  EXPECT_EQ(modulus_text<P256Fp>(), oracle::to_text(powers_of_two({256, -224, 192, 96}, -1).get()));
  EXPECT_EQ(modulus_text<Ed25519Fp>(), oracle::to_text(powers_of_two({255}, -19).get()));
  Mpz l = powers_of_two({252}, 0);
  mpz_add(l, l, from_text("27742317777372353535851937790883648493"));
  EXPECT_EQ(modulus_text<Ed25519Fn>(), oracle::to_text(l.get()));
  // The group orders of secp256k1 and P-256 have no short formula: their hex is SEC 2's and FIPS 186-5's; the
  // primality check below and the bit lengths are what can be checked here.
  EXPECT_EQ(bit_width(Secp256k1Fn::modulus()), 256);
  EXPECT_EQ(bit_width(P256Fn::modulus()), 256);
}

template <class F> struct Field {
  using type = F;
};
using Fields = ::testing::Types<Field<BN254Fr>, Field<BN254Fp>, Field<BLS12381Fr>, Field<BLS12381Fp>,
                                Field<Secp256k1Fp>, Field<Secp256k1Fn>, Field<P256Fp>, Field<P256Fn>,
                                Field<Ed25519Fp>, Field<Ed25519Fn>>;

template <class C> class NamedField : public ::testing::Test {};
TYPED_TEST_SUITE(NamedField, Fields);

TYPED_TEST(NamedField, IsPrimeAndAValueType) {
  using F = typename TypeParam::type;
  using U = typename F::value_type;
  static_assert(sizeof(F) == sizeof(U) && std::is_trivially_copyable_v<F> && std::is_standard_layout_v<F>);
  static_assert(prime_field_params<typename F::params_type>);
  EXPECT_GT(mpz_probab_prime_p(oracle::to_mpz(F::modulus()), 50), 0) << modulus_text<F>();
}

template <class U> std::string text(const U& x) { return oracle::to_text(oracle::to_mpz(x).get()); }

TYPED_TEST(NamedField, ChainAgainstGmp) {
  using F = typename TypeParam::type;
  using U = typename F::value_type;
  const U p = F::modulus();
  const Mpz zp = oracle::to_mpz(p);
  Rng rng(seed_for("named field " + modulus_text<F>()));
  std::vector<U> xs = {U{0u}, U{1u}, U{2u}, p - U{1u}, p - U{2u}, p >> 1, (p >> 1) + U{1u}, U::max() % p};
  for (int i = 0; i < 40; ++i) xs.push_back(random_value<U>(rng) % p);
  const auto mod = [&](Mpz z) {
    mpz_mod(z, z, zp);
    return oracle::to_text(z.get());
  };
  for (const U& a : xs) {
    for (int k = 0; k < 6; ++k) {
      const U b = xs[rng.below(xs.size())];
      const FieldChainOut<F> r = field_chain(F(a), F(b));
      const Mpz za = oracle::to_mpz(a);
      const Mpz zb = oracle::to_mpz(b);
      const std::string ops = text(a) + ", " + text(b);
      Mpz t;
      mpz_mul(t, za, zb);
      ASSERT_EQ(mod(t), text(r.product.value())) << ops;
      mpz_mul(t, za, za);
      ASSERT_EQ(mod(t), text(r.square.value())) << ops;
      mpz_add(t, za, zb);
      ASSERT_EQ(mod(t), text(r.sum.value())) << ops;
      mpz_sub(t, za, zb);
      ASSERT_EQ(mod(t), text(r.difference.value())) << ops;
      mpz_neg(t, za);
      ASSERT_EQ(mod(t), text(r.negation.value())) << ops;
      mpz_powm(t, za, Mpz("18446744073709551615"), zp);
      ASSERT_EQ(oracle::to_text(t.get()), text(r.power.value())) << ops;
      if (mpz_sgn(za.get()) == 0) {
        ASSERT_TRUE(r.inverse.is_zero());
      } else {
        ASSERT_NE(mpz_invert(t, za, zp), 0);
        ASSERT_EQ(oracle::to_text(t.get()), text(r.inverse.value())) << ops;
      }
      // ((a b + b^2 - a) / (a + 1))^3
      Mpz c, d;
      mpz_mul(c, za, zb);
      mpz_addmul(c, zb, zb);
      mpz_sub(c, c, za);
      mpz_add_ui(d, za, 1);
      mpz_mod(d, d, zp);
      if (mpz_sgn(d.get()) == 0) {
        mpz_set_ui(c, 0);
      } else {
        ASSERT_NE(mpz_invert(d, d, zp), 0);
        mpz_mul(c, c, d);
        mpz_mod(c, c, zp);
        mpz_powm_ui(c, c, 3, zp);
      }
      ASSERT_EQ(mod(c), text(r.chain.value())) << ops;
    }
  }
}

// The chain in constant evaluation, on BLS12-381's 384-bit field: (-1)^2 = 1 through the chain's square.
static_assert(field_chain(BLS12381Fp(-1), BLS12381Fp(5)).square == BLS12381Fp::one());
static_assert(field_chain(BN254Fr(3), BN254Fr(0)).inverse * BN254Fr(3) == BN254Fr::one());

}  // namespace
}  // namespace warpnum::test

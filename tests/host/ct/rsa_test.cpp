// SPDX-License-Identifier: Apache-2.0
// tests/host/ct/rsa_test.cpp: ct/rsa.hpp's blinded RSA-CRT private operation against mpz_powm(c, d, n): keys of
// 512, 1024 and 2048 bits from GMP's primes (seeded), ciphertexts 0, 1, n - 1 and random ones, each key's blinding
// advanced over several calls (r squared each time), make_blinding's r^e and r^-1 against GMP, r sharing a factor
// with n (not invertible), and keys with an even or zero modulus.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct/rsa.hpp>
#include <warpnum/modular.hpp>  // beside ct/: every ct:: call must stay unambiguous (argument-dependent lookup)
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>

namespace warpnum::test {
namespace {

using oracle::Mpz;

template <std::size_t Bits>
struct GmpKey {
  Mpz n, p, q, d, dp, dq, qinv;
  ct::RsaKey<Bits> key;
};

/// A key of two primes of exactly Bits / 2 bits each (top two bits set, so n has Bits bits), e = 65537.
template <std::size_t Bits>
GmpKey<Bits> make_key(gmp_randstate_t state) {
  using H = BigUInt<Bits / 2>;
  GmpKey<Bits> k;
  Mpz e(65537);
  for (;;) {
    for (Mpz* x : {&k.p, &k.q}) {
      mpz_urandomb(*x, state, Bits / 2);
      mpz_setbit(*x, Bits / 2 - 1);
      mpz_setbit(*x, Bits / 2 - 2);
      mpz_nextprime(*x, *x);
    }
    Mpz p1, q1, phi, g;
    mpz_sub_ui(p1, k.p, 1);
    mpz_sub_ui(q1, k.q, 1);
    mpz_mul(phi, p1, q1);
    mpz_gcd(g, e, phi);
    if (mpz_sizeinbase(k.p, 2) != Bits / 2 || mpz_sizeinbase(k.q, 2) != Bits / 2 || mpz_cmp(k.p, k.q) == 0 ||
        mpz_cmp_ui(g.get(), 1) != 0) {
      continue;
    }
    mpz_mul(k.n, k.p, k.q);
    mpz_invert(k.d, e, phi);
    mpz_mod(k.dp, k.d, p1);
    mpz_mod(k.dq, k.d, q1);
    mpz_invert(k.qinv, k.q, k.p);
    k.key = ct::RsaKey<Bits>(oracle::from_mpz<BigUInt<Bits>>(k.n), 65537, oracle::from_mpz<H>(k.p),
                             oracle::from_mpz<H>(k.q), oracle::from_mpz<H>(k.dp), oracle::from_mpz<H>(k.dq),
                             oracle::from_mpz<H>(k.qinv));
    return k;
  }
}

template <class T>
class CtRsa : public ::testing::Test {};
template <std::size_t B>
struct Width {
  static constexpr std::size_t bits = B;
};
using Widths = ::testing::Types<Width<512>, Width<1024>, Width<2048>>;
TYPED_TEST_SUITE(CtRsa, Widths);

TYPED_TEST(CtRsa, PrivateOperationAgainstGmp) {
  constexpr std::size_t bits = TypeParam::bits;
  using T = BigUInt<bits>;
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, static_cast<unsigned long>(seed_for("ct/RsaAgainstGmp", bits)));
  for (int k = 0; k < (bits >= 2048 ? 1 : 3); ++k) {
    GmpKey<bits> g = make_key<bits>(state);
    ASSERT_EQ(g.key.status(), Status::ok);
    Mpz r;
    mpz_urandomm(r, state, g.n);
    auto blinding = ct::make_blinding(g.key, oracle::from_mpz<T>(r));
    Mpz want;
    mpz_powm_ui(want, r, 65537, g.n);
    EXPECT_EQ(oracle::to_mpz(blinding.r_e), want);
    mpz_invert(want, r, g.n);
    EXPECT_EQ(oracle::to_mpz(blinding.r_inv), want);
    Mpz n1;
    mpz_sub_ui(n1, g.n, 1);
    for (int i = 0; i < 6; ++i) {
      Mpz c;
      if (i == 0) {
        mpz_set_ui(c, 0);
      } else if (i == 1) {
        mpz_set_ui(c, 1);
      } else if (i == 2) {
        mpz_set(c, n1);
      } else {
        mpz_urandomm(c, state, g.n);
      }
      mpz_powm(want, c, g.d, g.n);
      ASSERT_EQ(oracle::to_mpz(ct::rsa_private(g.key, oracle::from_mpz<T>(c), blinding)), want)
          << "call " << i << " c " << oracle::to_text(c) << " n " << oracle::to_text(g.n);
    }
    // after six calls r has become r^64
    Mpz r64;
    mpz_powm_ui(r64, r, 64, g.n);
    mpz_invert(want, r64, g.n);
    EXPECT_EQ(oracle::to_mpz(blinding.r_inv), want);
  }
  gmp_randclear(state);
}

TYPED_TEST(CtRsa, BlindingNotInvertible) {
  constexpr std::size_t bits = TypeParam::bits;
  using T = BigUInt<bits>;
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, static_cast<unsigned long>(seed_for("ct/RsaBlinding", bits)));
  GmpKey<bits> g = make_key<bits>(state);
  Mpz r;
  mpz_mul_ui(r, g.p, 3);  // shares the factor p with n
  EXPECT_EQ(ct::make_blinding_checked(g.key, oracle::from_mpz<T>(r)).status, Status::not_invertible);
  EXPECT_THROW(ct::make_blinding(g.key, oracle::from_mpz<T>(r)), std::domain_error);
  EXPECT_EQ(ct::make_blinding_checked(g.key, T{}).status, Status::not_invertible);
  gmp_randclear(state);
}

TEST(CtRsaKey, EvenOrZeroModuli) {
  using T = BigUInt<512>;
  using H = BigUInt<256>;
  const T n{0xc5u};
  const H odd{0x0du};
  const H even{0x0eu};
  EXPECT_EQ(ct::RsaKey<512>::checked(n, 65537, odd, odd, odd, odd, odd).status(), Status::ok);
  EXPECT_EQ(ct::RsaKey<512>::checked(n, 65537, even, odd, odd, odd, odd).status(), Status::invalid_argument);
  EXPECT_EQ(ct::RsaKey<512>::checked(n, 65537, odd, H{}, odd, odd, odd).status(), Status::division_by_zero);
  EXPECT_EQ(ct::RsaKey<512>::checked(T{}, 65537, odd, odd, odd, odd, odd).status(), Status::division_by_zero);
  EXPECT_THROW((ct::RsaKey<512>(n, 65537, odd, even, odd, odd, odd)), std::domain_error);
}

}  // namespace
}  // namespace warpnum::test

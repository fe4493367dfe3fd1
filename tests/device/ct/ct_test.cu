// SPDX-License-Identifier: Apache-2.0
// tests/device/ct/ct_test.cu: the constant-time functions (ct/choice.hpp, ct/compare.hpp, ct/montgomery.hpp,
// ct/modular.hpp, ct/inverse.hpp, ct/rsa.hpp) in kernels against the same functions on the host (which
// tests/host/ct/ checks against GMP): comparisons and selection, the context built in the kernel from a secret
// modulus, products, powers with full-width exponents, inverses modulo a prime and, by division steps, modulo the
// odd m, at 256, 1024 and 2048 bits, and the blinded RSA-CRT private operation of a 1024-bit key, each thread with
// its own blinding. Inputs include 0, 1, m - 1 and all-ones exponents.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

template <class T>
struct CtIn {
  T a, b, e, m;  // m odd; a, b below m
};
template <class T>
std::ostream& operator<<(std::ostream& os, const CtIn<T>& in) {
  return os << "BigUInt<" << T::bits << ">: a = 0x" << to_string(in.a, 16) << ", b = 0x" << to_string(in.b, 16)
            << ", e = 0x" << to_string(in.e, 16) << ", m = 0x" << to_string(in.m, 16);
}

template <class T>
struct CtOp {
  T prime;      // for inverse_prime
  struct Out {  // the masks last, four words: BigUInt's alignment (16 bytes) leaves no padding
    T select, mul, powm, inverse, modinv;
    std::uint32_t less, equal, greater, is_zero;
  };
  WARPNUM_HD Out operator()(const CtIn<T>& in) const {
    const auto ctx = ct::Montgomery<T::bits>::checked(in.m);  // built in the kernel, the modulus secret
    const ct::Choice lt = ct::less(in.a, in.b);
    const auto p = ct::Montgomery<T::bits>::checked(prime);
    return {ct::select(lt, in.a, in.b),
            ctx.from_montgomery(ctx.mul(ctx.to_montgomery(in.a), ctx.to_montgomery(in.b))),
            ctx.powm(in.a, in.e),
            p.from_montgomery(p.inverse_prime(p.to_montgomery(in.a))),
            ct::modinv_checked(in.a, in.m).value,
            lt.mask(),
            ct::equal(in.a, in.b).mask(),
            ct::greater(in.a, in.b).mask(),
            ct::is_zero(in.a).mask()};
  }
};

template <class T>
class CtDevice : public DeviceTest {};
TYPED_TEST_SUITE_P(CtDevice);

TYPED_TEST_P(CtDevice, MatchesHost) {
  using T = TypeParam;
  const std::uint64_t seed = mix_seed(base_seed() ^ (0xc7ull + T::bits));
  Rng rng(seed);
  oracle::Mpz prime = oracle::to_mpz(random_value<T>(rng));
  mpz_setbit(prime, T::bits - 2);
  mpz_nextprime(prime, prime);
  const CtOp<T> op{oracle::from_mpz<T>(prime)};
  std::vector<CtIn<T>> in(T::bits >= 2048 ? 64 : 256);
  for (std::size_t i = 0; i < in.size(); ++i) {
    T m = random_value<T>(rng);
    m.set_bit(0);
    if (i % 2 == 0) m.set_bit(T::bits - 1);
    if (m == T{1u}) m = T{3u};
    T a = random_value<T>(rng) % m;
    T b = i % 5 == 0 ? a : random_value<T>(rng) % m;
    T e = i % 7 == 0 ? ~T{} : i % 7 == 1 ? T{} : random_value<T>(rng);
    if (i % 11 == 0) a = m - 1u;
    in[i] = {a, b, e, m};
  }
  const auto out = expect_device_matches_host(op, in, seed);
  for (std::size_t i = 0; i < in.size(); ++i) {  // and the host's values are the variable-time functions'
    EXPECT_EQ(out[i].powm, powm(in[i].a, in[i].e, in[i].m)) << "input " << i << ": " << in[i];
    const auto inv = modinv_checked(in[i].a, in[i].m);
    EXPECT_EQ(out[i].modinv, inv.status == Status::ok ? inv.value : T{}) << "input " << i << ": " << in[i];
  }
}

REGISTER_TYPED_TEST_SUITE_P(CtDevice, MatchesHost);
struct WidthName {
  template <class T>
  static std::string GetName(int) {
    return std::to_string(T::bits);
  }
};
using Widths = ::testing::Types<BigUInt<256>, BigUInt<1024>, BigUInt<2048>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Ct, CtDevice, Widths, WidthName);

/// The blinded RSA-CRT private operation of one 1024-bit key, a ciphertext and a blinding a thread.
struct RsaIn {
  BigUInt<1024> c;
  ct::RsaBlinding<1024> blinding;
};
std::ostream& operator<<(std::ostream& os, const RsaIn& in) { return os << "c = 0x" << to_string(in.c, 16); }
struct RsaOp {
  ct::RsaKey<1024> key;
  struct Out {
    BigUInt<1024> m1, m2;  // two calls: the second with the advanced blinding
  };
  WARPNUM_HD Out operator()(const RsaIn& in) const {
    ct::RsaBlinding<1024> b = in.blinding;
    const BigUInt<1024> m1 = ct::rsa_private(key, in.c, b);
    return {m1, ct::rsa_private(key, in.c, b)};
  }
};

class CtRsaDevice : public DeviceTest {};

TEST_F(CtRsaDevice, MatchesHostAndGmp) {
  using oracle::Mpz;
  using H = BigUInt<512>;
  const std::uint64_t seed = mix_seed(base_seed() ^ 0x45a1ull);
  gmp_randstate_t state;
  gmp_randinit_default(state);
  gmp_randseed_ui(state, static_cast<unsigned long>(seed));
  Mpz p, q, e(65537), d, qinv, phi, p1, q1, n;
  for (;;) {
    for (Mpz* x : {&p, &q}) {
      mpz_urandomb(*x, state, 512);
      mpz_setbit(*x, 511);
      mpz_setbit(*x, 510);
      mpz_nextprime(*x, *x);
    }
    mpz_sub_ui(p1, p, 1);
    mpz_sub_ui(q1, q, 1);
    mpz_mul(phi, p1, q1);
    if (mpz_sizeinbase(p, 2) == 512 && mpz_sizeinbase(q, 2) == 512 && mpz_cmp(p, q) != 0 &&
        mpz_invert(d, e, phi) != 0) {
      break;
    }
  }
  mpz_invert(qinv, q, p);
  mpz_mul(n, p, q);
  Mpz dp, dq;
  mpz_mod(dp, d, p1);
  mpz_mod(dq, d, q1);
  const RsaOp op{ct::RsaKey<1024>(oracle::from_mpz<BigUInt<1024>>(n), 65537, oracle::from_mpz<H>(p),
                                  oracle::from_mpz<H>(q), oracle::from_mpz<H>(dp), oracle::from_mpz<H>(dq),
                                  oracle::from_mpz<H>(qinv))};
  std::vector<RsaIn> in(128);
  for (auto& x : in) {
    Mpz c, r;
    mpz_urandomm(c, state, n);
    mpz_urandomm(r, state, n);
    x.c = oracle::from_mpz<BigUInt<1024>>(c);
    x.blinding = ct::make_blinding(op.key, oracle::from_mpz<BigUInt<1024>>(r));
  }
  const auto out = expect_device_matches_host(op, in, seed);
  for (std::size_t i = 0; i < in.size(); ++i) {
    Mpz want;
    mpz_powm(want, oracle::to_mpz(in[i].c), d, n);
    EXPECT_EQ(oracle::to_mpz(out[i].m1), want) << "input " << i;
    EXPECT_EQ(oracle::to_mpz(out[i].m2), want) << "input " << i;
  }
  gmp_randclear(state);
}

}  // namespace
}  // namespace warpnum::test

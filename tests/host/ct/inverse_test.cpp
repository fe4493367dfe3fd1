// SPDX-License-Identifier: Apache-2.0
// tests/host/ct/inverse_test.cpp: ct/inverse.hpp's ct::modinv and ct::modinv_checked, over detail/ct/divsteps.hpp's
// division steps, against mpz_invert: odd moduli prime and composite (random, with leading zero limbs, 1, 3, all
// ones, 2^k + 1, products of two primes), values 0, 1, m - 1, m, above m, random, and multiples of a factor of m (no
// inverse), at 64, 96, 256, 1024 and 2048 bits; the errors of even and zero moduli; the step count's values (2 bits
// steps instead of the bound's 2.9 were seen to fail); and fixed values in constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct/inverse.hpp>
#include <warpnum/detail/ct/divsteps.hpp>
#include <warpnum/modular.hpp>  // beside ct/: every ct:: call must stay unambiguous (argument-dependent lookup)
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;

constexpr bool fixed_inverses() {
  using U = BigUInt<64>;
  return ct::modinv(U{3u}, U{1000001u}) == U{333334u} && ct::modinv(U{10u}, U{21u}) == U{19u} &&
         ct::modinv_checked(U{6u}, U{21u}).status == Status::not_invertible &&
         ct::modinv_checked(U{6u}, U{22u}).status == Status::invalid_argument;
}
static_assert(fixed_inverses());

TEST(CtInverseConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_inverses()); }

TEST(CtInverse, StepCountBound) {
  EXPECT_EQ(detail::ct::divstep_count(256), 741);
  EXPECT_EQ(detail::ct::divstep_count(2048), 5906);
  EXPECT_EQ(detail::ct::divstep_count(32), 96);
}

template <class T> class CtInverseWidths : public ::testing::Test {};
using Widths = ::testing::Types<BigUInt<64>, BigUInt<96>, BigUInt<256>, BigUInt<1024>, BigUInt<2048>>;
TYPED_TEST_SUITE(CtInverseWidths, Widths);

TYPED_TEST(CtInverseWidths, AgainstGmp) {
  using T = TypeParam;
  Rng rng(seed_for("ct/InverseAgainstGmp", T::bits));
  std::vector<T> moduli = {T{1u}, T{3u}, ~T{}, T{(T{1u} << (T::bits / 2)) + T{1u}}};
  const int random_count = T::bits >= 1024 ? 3 : 12;
  for (int i = 0; i < random_count; ++i) {
    T m = random_value<T>(rng);
    m.set_bit(0);
    moduli.push_back(m);
  }
  {  // a product of two primes of half the width
    Mpz p = oracle::to_mpz(random_value<T>(rng) >> (T::bits / 2));
    Mpz q = oracle::to_mpz(random_value<T>(rng) >> (T::bits / 2));
    mpz_setbit(p, T::bits / 2 - 2);  // odd primes of about half the width (never 2)
    mpz_setbit(q, T::bits / 2 - 2);
    mpz_nextprime(p, p);
    mpz_nextprime(q, q);
    Mpz n;
    mpz_mul(n, p, q);
    if (mpz_sizeinbase(n, 2) <= T::bits) moduli.push_back(oracle::from_mpz<T>(n));
  }
  for (const T& m : moduli) {
    const Mpz zm = oracle::to_mpz(m);
    std::vector<T> values = {T{}, T{1u}, T{m - 1u}, m, ~T{}, T{3u} * (m / T{3u})};
    for (int i = 0; i < (T::bits >= 1024 ? 2 : 6); ++i) values.push_back(random_value<T>(rng));
    for (const T& a : values) {
      Mpz want;
      const bool exists = mpz_invert(want, oracle::to_mpz(a), zm) != 0 || mpz_cmp_ui(zm.get(), 1) == 0;
      if (mpz_cmp_ui(zm.get(), 1) == 0) mpz_set_ui(want, 0);
      const auto r = ct::modinv_checked(a, m);
      ASSERT_EQ(r.status, exists ? Status::ok : Status::not_invertible)
          << "a " << oracle::to_text(oracle::to_mpz(a)) << " m " << oracle::to_text(zm);
      ASSERT_EQ(oracle::to_mpz(r.value), exists ? want : Mpz(0L))
          << "a " << oracle::to_text(oracle::to_mpz(a)) << " m " << oracle::to_text(zm);
      if (!exists) {
        EXPECT_THROW(ct::modinv(a, m), std::domain_error);
      }
    }
  }
}

TYPED_TEST(CtInverseWidths, EvenAndZeroModuli) {
  using T = TypeParam;
  for (const T& m : {T{}, T{2u}, T{~T{} - 1u}}) {
    const auto r = ct::modinv_checked(T{5u}, m);
    EXPECT_EQ(r.status, m.is_zero() ? Status::division_by_zero : Status::invalid_argument);
    EXPECT_EQ(r.value, T{});
    EXPECT_THROW(ct::modinv(T{5u}, m), std::domain_error);
  }
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/mont_rows_test.cpp: the Montgomery square and product at every limb count from 1 to 16 against
// GMP (x y 2^(-32 N) mod m), for moduli with the top bit clear and set: 3, the largest odd value below 2^(32 N - 1),
// 2^(32 N - 1) + 1, all ones, random odd ones of both kinds; operands 0, 1, 2, m - 1, m - 2, values of all-ones
// limbs and random ones, all below m. Built as it is, it checks the host's products; in the emulated build
// (tests/emulation, WARPNUM_EMULATE_DEVICE) it runs the device's rows of detail/modular/mont_rows.hpp: mont_mul_rows,
// and mont_sqr_rows, the square with each cross product once (2 to 15 limbs; its last step adds 2a's top bit, set
// only where m's is).
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;

template <class T> class MontRows : public ::testing::Test {};
using Widths = ::testing::Types<BigUInt<32>, BigUInt<64>, BigUInt<96>, BigUInt<128>, BigUInt<160>, BigUInt<192>,
                                BigUInt<224>, BigUInt<256>, BigUInt<288>, BigUInt<320>, BigUInt<352>, BigUInt<384>,
                                BigUInt<416>, BigUInt<448>, BigUInt<480>, BigUInt<512>>;
TYPED_TEST_SUITE(MontRows, Widths);

/// The moduli: odd, above 1, with the top bit clear and set.
template <class T> std::vector<T> moduli(Rng& rng) {
  T top{1u};
  top <<= T::bits - 1;
  std::vector<T> m = {T{3u}, top - T{1u}, top + T{1u}, ~T{}};
  for (int i = 0; i < 6; ++i) {
    T x = random_value<T>(rng);
    x.set_bit(0);
    if (i % 2 == 0) x = (x >> 1) | T{1u};  // top bit clear
    if (x > T{1u}) m.push_back(x);
  }
  return m;
}

/// Operands below m.
template <class T> std::vector<T> operands(Rng& rng, const T& m) {
  std::vector<T> v = {T{0u}, T{1u}, T{2u} % m, m - T{1u}, m - T{2u}};
  for (const T& e : edge_values<T>()) v.push_back(e % m);
  for (int i = 0; i < 24; ++i) v.push_back(random_value<T>(rng) % m);
  return v;
}

TYPED_TEST(MontRows, SquareAndProductAgainstGmp) {
  using T = TypeParam;
  Rng rng(seed_for("MontRows", T::bits));
  int failures = 0;
  for (const T& m : moduli<T>(rng)) {
    const auto ctx = Montgomery<T::bits>::checked(m);
    ASSERT_EQ(ctx.status(), Status::ok);
    const Mpz mz = oracle::to_mpz(m);
    Mpz r_inv, r;
    mpz_setbit(r.get(), T::bits);
    ASSERT_NE(mpz_invert(r_inv.get(), r.get(), mz.get()), 0);
    // x y R^-1 mod m
    const auto want = [&](const T& x, const T& y) {
      Mpz z;
      mpz_mul(z.get(), oracle::to_mpz(x).get(), oracle::to_mpz(y).get());
      mpz_mul(z.get(), z.get(), r_inv.get());
      mpz_mod(z.get(), z.get(), mz.get());
      return z;
    };
    const std::vector<T> v = operands<T>(rng, m);
    for (std::size_t i = 0; i < v.size() && failures < 5; ++i) {
      const T sq = ctx.sqr(v[i]);
      const Mpz sq_want = want(v[i], v[i]);
      if (oracle::to_mpz(sq) != sq_want) {
        ADD_FAILURE() << T::bits << " bits, m = 0x" << to_string(m, 16) << ": sqr(0x" << to_string(v[i], 16)
                      << ") = 0x" << to_string(sq, 16) << ", GMP 0x" << oracle::to_text(sq_want.get());
        ++failures;
      }
      const T& w = v[(i * 7 + 3) % v.size()];
      if (oracle::to_mpz(ctx.mul(v[i], w)) != want(v[i], w)) {
        ADD_FAILURE() << T::bits << " bits, m = 0x" << to_string(m, 16) << ": mul(0x" << to_string(v[i], 16)
                      << ", 0x" << to_string(w, 16) << ") differs from GMP";
        ++failures;
      }
    }
  }
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/o3_test.cpp: division and modinv chains built at -O3 (CMake's default for Release; the
// project builds at -O2), against GMP. At -O3 GCC 12 hoisted reciprocal_word's divq, then a plain asm, above the
// test that picks a two-word divisor, so x % m of 2048-bit numbers died of SIGFPE inside this very chain (found
// 2026-11-25; the asm is volatile now). tests/CMakeLists.txt gives this file -O3.
#include "oracle/gmp.hpp"

#include <warpnum/modular.hpp>

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
using oracle::to_mpz;

/// The same chain as the test's loop, in GMP (the inverse 0 where there is none, as modinv_checked gives).
inline Mpz chain_gmp(const Mpz& x0, const Mpz& m) {
  Mpz x = x0;
  for (int l = 0; l < 4; ++l) {
    Mpz y;
    mpz_mod(y, x, m);
    Mpz inv;
    if (mpz_invert(inv, y, m) == 0) mpz_set_ui(inv, 0);
    mpz_xor(x, x, inv);
  }
  return x;
}

/// x <- x xor modinv(x mod m, m), four times, for 32 pairs of 2048-bit x and odd m (top bit set), 64 values x and
/// then 64 moduli from one std::mt19937_64, the loop with nothing else in it: the shape and the data of the
/// program that crashed (the shaped values of random_value, a loop in a function of its own, or GMP's checks in
/// the loop each hid the fault). Then each result against GMP.
TEST(ModularAtO3, DivisionAndInverseChain2048) {
  using T = BigUInt<2048>;
  std::mt19937_64 gen(1);
  std::vector<T> xs(64);
  std::vector<T> ms(64);
  for (auto* values : {&xs, &ms}) {
    for (T& v : *values) {
      for (int w = 0; w < 32; ++w) v |= T{gen()} << (64 * w);
    }
  }
  std::vector<T> out(32);
  for (int i = 0; i < 32; ++i) {
    T x = xs[i];
    T m = ms[i];
    m.set_bit(0);
    m.set_bit(2047);
    for (int l = 0; l < 4; ++l) x ^= modinv_checked(x % m, m).value;
    out[i] = x;
  }
  for (int i = 0; i < 32; ++i) {
    T m = ms[i];
    m.set_bit(0);
    m.set_bit(2047);
    EXPECT_EQ(to_mpz(out[i]), chain_gmp(to_mpz(xs[i]), to_mpz(m))) << "pair " << i;
  }
}

}  // namespace
}  // namespace warpnum::test

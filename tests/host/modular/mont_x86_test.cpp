// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/mont_x86_test.cpp: the host's 4-word Montgomery assembly (detail/x86/mont_4_adx.hpp:
// mont_mul_4_adx, mont_sqr_4_adx, mont_sqr_4_adx_n) and its fallback (mont_mul_columns<4>, mont_sqr_columns<4>),
// called directly, against mpz arithmetic: r = a b 2^-256 mod m. The modular suite reaches only the path this
// processor takes; here both run (the assembly where the processor has BMI2 and ADX, else it is skipped).
// Moduli: random odd 4-word values of every shape of random_words (short ones included), 2^256 - 1, 2^255 + 1,
// top word 1; operands below m, plus a >= m with a b < m 2^256 (the functions' contract).
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/x86/mont_4_adx.hpp>
#include <warpnum/detail/modular/montgomery.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

namespace warpnum::test {
namespace {

using W4 = std::array<std::uint64_t, 4>;
using oracle::Mpz;

Mpz to_z(const W4& x) {
  Mpz z;
  oracle::from_words(z, x.data(), 4);
  return z;
}

std::string hex(const W4& x) { return oracle::to_text(to_z(x), 16); }

/// 2^-256 mod m.
Mpz r_inverse(const W4& m) {
  Mpz r_inv;
  mpz_setbit(r_inv, 256);
  mpz_invert(r_inv, r_inv, to_z(m));
  return r_inv;
}

/// a b 2^-256 mod m.
Mpz reference(const W4& a, const W4& b, const W4& m) {
  Mpz r;
  mpz_mul(r, to_z(a), to_z(b));
  mpz_mul(r, r, r_inverse(m));
  mpz_mod(r, r, to_z(m));
  return r;
}

/// A random odd modulus: every shape of random_words (so also short ones and runs of ones), at least 3.
W4 random_modulus(Rng& rng) {
  W4 m{};
  random_words(rng, m.data(), 4);
  m[0] |= 1;
  if (m[1] == 0 && m[2] == 0 && m[3] == 0 && m[0] < 3) m[0] = 3;
  return m;
}

/// x mod m.
W4 reduced(const W4& x, const W4& m) {
  Mpz z;
  mpz_mod(z, to_z(x), to_z(m));
  W4 out{};
  oracle::to_words(out.data(), z, 4);
  return out;
}

W4 random_below(Rng& rng, const W4& m) {
  W4 x{};
  random_words(rng, x.data(), 4);
  return reduced(x, m);
}

::testing::AssertionResult same(const char* what, const Mpz& want, const W4& got, const W4& a, const W4& b,
                                const W4& m) {
  if (to_z(got) == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": a = " << hex(a) << ", b = " << hex(b) << ", m = " << hex(m)
                                       << ": want " << oracle::to_text(want, 16) << ", got " << hex(got);
}

/// Every function on (a, b, m): the products against the reference, the squares of a, and 1 to 5 squarings in a
/// row.
::testing::AssertionResult check_all(const W4& a, const W4& b, const W4& m) {
  const std::uint64_t minv = detail::neg_inverse_mod_2_64(m[0]);
  W4 r{};
  detail::mont_mul_columns<4>(r.data(), a.data(), b.data(), m.data(), minv);
  if (auto c = same("mont_mul_columns<4>", reference(a, b, m), r, a, b, m); !c) return c;
  const bool square_ok = mpz_cmp(to_z(a), to_z(m)) < 0;  // a a < m 2^256
  if (square_ok) {
    detail::mont_sqr_columns<4>(r.data(), a.data(), m.data(), minv);
    if (auto c = same("mont_sqr_columns<4>", reference(a, a, m), r, a, a, m); !c) return c;
  }
#if WARPNUM_DETAIL_X86_64_ASM
  if (detail::host_has_mulx_adx) {
    detail::mont_mul_4_adx(r.data(), a.data(), b.data(), m.data(), minv);
    if (auto c = same("mont_mul_4_adx", reference(a, b, m), r, a, b, m); !c) return c;
    W4 in_place = a;  // r aliasing a
    detail::mont_mul_4_adx(in_place.data(), in_place.data(), b.data(), m.data(), minv);
    if (auto c = same("mont_mul_4_adx in place", reference(a, b, m), in_place, a, b, m); !c) return c;
    if (square_ok) {
      detail::mont_sqr_4_adx(r.data(), a.data(), m.data(), minv);
      if (auto c = same("mont_sqr_4_adx", reference(a, a, m), r, a, a, m); !c) return c;
      Mpz want = to_z(a);
      const Mpz r_inv = r_inverse(m);
      for (int n = 1; n <= 5; ++n) {  // x_n = x_(n-1)^2 R^-1
        mpz_mul(want, want, want);
        mpz_mul(want, want, r_inv);
        mpz_mod(want, want, to_z(m));
        W4 x = a;
        detail::mont_sqr_4_adx_n(x.data(), x.data(), m.data(), minv, n);
        if (auto c = same(("mont_sqr_4_adx_n, n = " + std::to_string(n)).c_str(), want, x, a, a, m); !c) return c;
      }
    }
  }
#endif
  return ::testing::AssertionSuccess();
}

TEST(MontX86, RandomOperandsBelowModulus) {
  run_random_cases("mont 4 words, a, b < m", seed_for("mont_x86 below"), 20000, [](Rng& rng, int) {
    const W4 m = random_modulus(rng);
    return check_all(random_below(rng, m), random_below(rng, m), m);
  });
}

TEST(MontX86, OperandAboveModulus) {
  // a up to 2^256 - 1 and b < m / a-ish: a b < m 2^256 holds for b < m whenever a < 2^256.
  run_random_cases("mont 4 words, a >= m", seed_for("mont_x86 above"), 5000, [](Rng& rng, int) {
    const W4 m = random_modulus(rng);
    W4 a{};
    random_words(rng, a.data(), 4);
    return check_all(a, random_below(rng, m), m);
  });
}

TEST(MontX86, EdgeModuli) {
  constexpr std::uint64_t ones = ~std::uint64_t{0};
  const W4 moduli[] = {
      {ones, ones, ones, ones},                     // 2^256 - 1: every carry ripples
      {1, 0, 0, std::uint64_t{1} << 63},            // 2^255 + 1
      {ones, ones, ones, 1},                        // top word 1
      {0xfffffffefffffc2full, ones, ones, ones},    // secp256k1's p
      {ones, 0xffffffffull, 0, 0xffffffff00000001ull},  // P-256's p
      {3, 0, 0, 0},
  };
  Rng rng(seed_for("mont_x86 edge"));
  for (const W4& m : moduli) {
    W4 m_minus_1 = m;
    m_minus_1[0] -= 1;  // m odd: no borrow
    const W4 values[] = {W4{}, W4{1, 0, 0, 0}, m_minus_1, reduced(W4{ones, ones, ones, ones}, m),
                         random_below(rng, m), random_below(rng, m)};
    for (const W4& a : values) {
      for (const W4& b : values) EXPECT_TRUE(check_all(a, b, m));
    }
  }
}

}  // namespace
}  // namespace warpnum::test

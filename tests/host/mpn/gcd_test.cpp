// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/gcd_test.cpp: detail/mpn/gcd.hpp at run-time lengths, Pornin's binary GCD as the limb core offers
// it: mpn::gcd with scratch from the caller (every length from 1 to 40 words, operands shorter than the length,
// zero, equal operands, powers of two, one dividing the other, r in place of x) and mpn::inverse_odd_rounds (the
// cofactor reduced by GMP here, so that the rounds alone are checked), with 32- and 64-bit words, against GMP. The
// fixed widths' forms with their scratch on the stack (detail/bigint/gcd.hpp: gcd_n, inverse_odd_n, and the device's
// unrolled passes) are tests/host/bigint/words32_test.cpp's.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/mpn/gcd.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

/// An operand of n words in one of several shapes: random, shorter, a power of two, all ones, zero.
template <class Word> std::vector<Word> operand(Rng& rng, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n), 0);
  switch (rng.below(8)) {
    case 0: break;  // zero
    case 1:  // a power of two
      w[rng.below(static_cast<std::uint64_t>(n))] = static_cast<Word>(Word{1} << rng.below(sizeof(Word) * 8));
      break;
    case 2:
      for (auto& x : w) x = static_cast<Word>(~Word{0});
      break;
    default: {
      random_words(rng, w.data(), n);
      const int len = static_cast<int>(rng.below(static_cast<std::uint64_t>(n))) + 1;
      for (int i = len; i < n; ++i) w[static_cast<std::size_t>(i)] = 0;
    }
  }
  return w;
}

template <class Word> class MpnGcd : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnGcd, WordTypes);

TYPED_TEST(MpnGcd, GcdAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn::gcd " + std::to_string(sizeof(Word) * 8);
  Rng rng(seed_for(what));
  for (int n = 1; n <= 40; ++n) {
    for (int c = 0; c < 150; ++c) {
      std::vector<Word> x = operand<Word>(rng, n);
      std::vector<Word> y = operand<Word>(rng, n);
      if (c % 10 == 1) y = x;  // equal
      Mpz zx = value(x.data(), n);
      Mpz zy = value(y.data(), n);
      if (c % 10 == 2 && mpz_sgn(zx.get()) != 0) {  // x divides y: y = x * k, k of a word, where it fits
        Mpz k;
        mpz_set_ui(k, static_cast<unsigned long>(rng.below(1000) + 1));
        Mpz p;
        mpz_mul(p, zx, k);
        if (mpz_sizeinbase(p.get(), 2) <= static_cast<std::size_t>(n) * sizeof(Word) * 8) {
          zy = p;
          y.assign(static_cast<std::size_t>(n), 0);
          mpz_export(y.data(), nullptr, -1, sizeof(Word), 0, 0, zy.get());
        }
      }
      Mpz want;
      mpz_gcd(want, zx, zy);
      std::vector<Word> r(static_cast<std::size_t>(n) + 1, 0x5a), a(static_cast<std::size_t>(n) + 1, 0x5a),
          b(static_cast<std::size_t>(n) + 1, 0x5a);
      const int rounds = mpn::gcd(r.data(), x.data(), y.data(), n, a.data(), b.data());
      const std::string ops = "x = " + oracle::to_text(zx.get()) + ", y = " + oracle::to_text(zy.get());
      ASSERT_EQ(oracle::to_text(want.get()), oracle::to_text(value(r.data(), n).get()))
          << what << " n " << n << ": " << ops;
      ASSERT_LE(rounds, mpn::bgcd_max_rounds(n * static_cast<int>(sizeof(Word)) * 8)) << ops;
      ASSERT_EQ(r[static_cast<std::size_t>(n)], Word{0x5a}) << "r overrun";
      ASSERT_EQ(a[static_cast<std::size_t>(n)], Word{0x5a}) << "scratch a overrun";
      ASSERT_EQ(b[static_cast<std::size_t>(n)], Word{0x5a}) << "scratch b overrun";
      mpn::gcd(x.data(), x.data(), y.data(), n, a.data(), b.data());  // r may alias x
      ASSERT_EQ(oracle::to_text(want.get()), oracle::to_text(value(x.data(), n).get())) << what << " in place: " << ops;
    }
  }
}

TYPED_TEST(MpnGcd, InverseRoundsAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn::inverse_odd_rounds " + std::to_string(sizeof(Word) * 8);
  Rng rng(seed_for(what));
  for (int n = 1; n <= 40; ++n) {
    for (int c = 0; c < 150; ++c) {
      std::vector<Word> m = operand<Word>(rng, n);
      m[0] |= 1;
      Mpz zm = value(m.data(), n);
      if (mpz_cmp_ui(zm.get(), 1) <= 0) continue;
      std::vector<Word> x = operand<Word>(rng, n);
      Mpz zx = value(x.data(), n);
      mpz_mod(zx, zx, zm);
      if (c % 5 == 0) mpz_sub_ui(zx, zm, 1);  // m - 1, next to the modulus
      x.assign(static_cast<std::size_t>(n), 0);
      mpz_export(x.data(), nullptr, -1, sizeof(Word), 0, 0, zx.get());
      Mpz want;
      const bool invertible = mpz_invert(want, zx, zm) != 0;
      const auto un = static_cast<std::size_t>(n);
      std::vector<Word> a(un), b(un), u(un + 1), v(un + 1);
      const mpn::InverseRounds got =
          mpn::inverse_odd_rounds(x.data(), m.data(), n, a.data(), b.data(), u.data(), v.data());
      const std::string ops = "x = " + oracle::to_text(zx.get()) + ", m = " + oracle::to_text(zm.get());
      ASSERT_EQ(invertible, got.invertible) << what << ": " << ops;
      ASSERT_LE(got.rounds, mpn::bgcd_max_rounds(n * static_cast<int>(sizeof(Word)) * 8)) << ops;
      if (!invertible) continue;
      // v, nm + 1 words, signed: its value modulo m is the inverse.
      Mpz cof = value(v.data(), got.nm + 1);
      if (static_cast<std::make_signed_t<Word>>(v[static_cast<std::size_t>(got.nm)]) < 0) {
        Mpz base;
        mpz_setbit(base, static_cast<mp_bitcnt_t>(got.nm + 1) * sizeof(Word) * 8);
        mpz_sub(cof, cof, base);
      }
      mpz_mod(cof, cof, zm);
      ASSERT_EQ(oracle::to_text(want.get()), oracle::to_text(cof.get())) << what << ": " << ops;
    }
  }
}

}  // namespace
}  // namespace warpnum::test

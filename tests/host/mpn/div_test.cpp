// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/div_test.cpp: detail/mpn/div.hpp's divmod (one word, two words, equal lengths, Knuth's algorithm D)
// with 32-bit words, with 64-bit words, and with 64-bit words stored as 32-bit limbs (the host's way with the value
// types), against GMP: dividends of 1 to 120 words, divisors of every length up to them, carry-heavy operands and
// remainders whose top words equal the divisor's (the quotient word b - 1 without a 3-by-2 division). Also in
// constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/div.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

// ---- constant evaluation: 10 by 4 words of 32 bits (algorithm D), checked by multiplying back ---------------

constexpr bool constexpr_division() {
  std::uint32_t u[10] = {};
  std::uint32_t v[4] = {0x12345678u, 0x9abcdef0u, 0x0fedcba9u, 0x00000777u};
  for (int i = 0; i < 10; ++i) u[i] = 0xdeadbeefu * static_cast<std::uint32_t>(i + 3);
  std::uint32_t q[7] = {};
  std::uint32_t r[4] = {};
  std::uint32_t un[11] = {};
  std::uint32_t vn[4] = {};
  mpn::divmod(q, r, u, 10, v, 4, un, vn);
  // q v + r == u, and r < v.
  std::uint32_t back[11] = {};
  for (int j = 0; j < 4; ++j) {
    std::uint64_t carry = 0;
    for (int i = 0; i < 7; ++i) {
      const std::uint64_t t = static_cast<std::uint64_t>(q[i]) * v[j] + back[i + j] + carry;
      back[i + j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    back[7 + j] = static_cast<std::uint32_t>(carry);
  }
  if (mpn::add_n(back, back, r, 4) != 0 && mpn::add_1(back + 4, back + 4, 7, 1u) != 0) return false;
  for (int i = 0; i < 10; ++i) {
    if (back[i] != u[i]) return false;
  }
  return back[10] == 0 && mpn::cmp_n(r, v, 4) < 0;
}
static_assert(constexpr_division());

// ---- against GMP ----------------------------------------------------------------------------------------------

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

/// u / v and u % v by mpn::divmod on Words stored as Limbs (m and n in Words; u[m - 1], v[n - 1] non-zero),
/// against GMP; the results are written into arrays longer than they need, whose extra limbs must stay untouched.
template <class Word, class Limb>
::testing::AssertionResult check_divmod(const std::vector<Word>& uw, const std::vector<Word>& vw) {
  constexpr int lpw = detail::limbs_per_word<Word, Limb>;
  const int m = static_cast<int>(uw.size());
  const int n = static_cast<int>(vw.size());
  std::vector<Limb> u(static_cast<std::size_t>(m * lpw));
  std::vector<Limb> v(static_cast<std::size_t>(n * lpw));
  for (int i = 0; i < m; ++i) detail::set_word<Word>(u.data(), i, uw[static_cast<std::size_t>(i)]);
  for (int i = 0; i < n; ++i) detail::set_word<Word>(v.data(), i, vw[static_cast<std::size_t>(i)]);
  constexpr Limb guard = static_cast<Limb>(0xa5a5a5a5a5a5a5a5ull);
  std::vector<Limb> q(static_cast<std::size_t>((m - n + 1) * lpw + 4), guard);
  std::vector<Limb> r(static_cast<std::size_t>(n * lpw + 4), guard);
  std::vector<Word> un(static_cast<std::size_t>(m + 1));
  std::vector<Word> vn(static_cast<std::size_t>(n));
  mpn::divmod(q.data(), r.data(), u.data(), m, v.data(), n, un.data(), vn.data());
  Mpz zq;
  Mpz zr;
  mpz_tdiv_qr(zq, zr, value(uw.data(), m), value(vw.data(), n));
  const std::string what = std::to_string(sizeof(Word) * 8) + "-bit words in " + std::to_string(sizeof(Limb) * 8) +
                           "-bit limbs, u = " + oracle::to_text(value(uw.data(), m)) +
                           ", v = " + oracle::to_text(value(vw.data(), n));
  if (!(value(q.data(), (m - n + 1) * lpw) == zq)) return ::testing::AssertionFailure() << "quotient: " << what;
  if (!(value(r.data(), n * lpw) == zr)) return ::testing::AssertionFailure() << "remainder: " << what;
  for (std::size_t i = q.size() - 4; i < q.size(); ++i) {
    if (q[i] != guard) return ::testing::AssertionFailure() << "wrote past the quotient: " << what;
  }
  for (std::size_t i = r.size() - 4; i < r.size(); ++i) {
    if (r[i] != guard) return ::testing::AssertionFailure() << "wrote past the remainder: " << what;
  }
  return ::testing::AssertionSuccess();
}

template <class Word> std::vector<Word> random_nonzero_top(Rng& rng, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n));
  random_words(rng, w.data(), n);
  if (w.back() == 0) w.back() = static_cast<Word>(1 + rng.below(1000));
  if (rng.chance(1, 3)) w.back() |= static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 1));  // normalised already
  return w;
}

template <class Config> class MpnDiv : public ::testing::Test {};
template <class W, class L> struct Storage {
  using Word = W;
  using Limb = L;
};
using Storages = ::testing::Types<Storage<std::uint32_t, std::uint32_t>, Storage<std::uint64_t, std::uint64_t>,
                                  Storage<std::uint64_t, std::uint32_t>>;
TYPED_TEST_SUITE(MpnDiv, Storages);

TYPED_TEST(MpnDiv, RandomAgainstGmp) {
  using Word = typename TypeParam::Word;
  using Limb = typename TypeParam::Limb;
  const std::string what = "mpn divmod " + std::to_string(sizeof(Word) * 8) + "/" + std::to_string(sizeof(Limb) * 8);
  run_random_cases(what, seed_for(what), 6000, [](Rng& rng, int) {
    const int m = 1 + static_cast<int>(rng.below(rng.chance(1, 4) ? 120 : 12));
    const int n = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(m)));
    const std::vector<Word> v = random_nonzero_top<Word>(rng, n);
    std::vector<Word> u = random_nonzero_top<Word>(rng, m);
    if (m > n && rng.chance(1, 5)) {
      // u = v B^k - small: the running remainder's top words equal the divisor's at the last quotient words.
      const int k = m - n;
      std::fill(u.begin(), u.end(), Word{0});
      for (int i = 0; i < n; ++i) u[static_cast<std::size_t>(i + k)] = v[static_cast<std::size_t>(i)];
      mpn::sub_1(u.data(), u.data(), m, static_cast<Word>(1 + rng.below(1000)));
      if (u.back() == 0) return ::testing::AssertionSuccess();  // shorter now: not this case
    }
    return check_divmod<Word, Limb>(u, v);
  });
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/mul_test.cpp: detail/mpn/mul.hpp (schoolbook, Karatsuba, products of any two lengths) with 32-bit
// words (the device's and constant evaluation's) and 64-bit words (the host's), against GMP: random and carry-heavy
// operands of 1 to 300 words, squares, unbalanced lengths, Karatsuba thresholds down to 2 words (every level of the
// recursion and every piece of an unbalanced product), and the scratch sizes checked by guard words. Also in
// constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/mpn/mul.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

// ---- constant evaluation: an unbalanced Karatsuba product and a square of 32-bit words, threshold 2 ----------

constexpr bool constexpr_products() {
  std::uint32_t a[12] = {};
  std::uint32_t b[7] = {};
  for (int i = 0; i < 12; ++i) a[i] = 0x9e3779b9u * static_cast<std::uint32_t>(i + 1) ^ (i % 3 == 0 ? 0xffffffffu : 0u);
  for (int i = 0; i < 7; ++i) b[i] = 0x85ebca6bu * static_cast<std::uint32_t>(i + 7);
  b[6] = 0xffffffffu;
  std::uint32_t want[19] = {};
  mpn::mul_basecase(want, a, 12, b, 7);
  std::uint32_t got[19] = {};
  std::uint32_t scratch[128] = {};
  if (mpn::mul_scratch(12, 7, 2) > 128) return false;
  mpn::mul(got, a, 12, b, 7, scratch, 2);
  for (int i = 0; i < 19; ++i) {
    if (got[i] != want[i]) return false;
  }
  std::uint32_t sq_want[24] = {};
  std::uint32_t sq_got[24] = {};
  mpn::mul_basecase(sq_want, a, 12, a, 12);
  if (mpn::karatsuba_scratch(12, 2) > 128) return false;
  mpn::karatsuba_n(sq_got, a, a, 12, scratch, 2);
  for (int i = 0; i < 24; ++i) {
    if (sq_got[i] != sq_want[i]) return false;
  }
  return true;
}
static_assert(constexpr_products());

// ---- against GMP ----------------------------------------------------------------------------------------------

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

template <class Word> std::vector<Word> random_vector(Rng& rng, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n));
  random_words(rng, w.data(), n);
  return w;
}

constexpr int guard_words = 8;
template <class Word> constexpr Word guard = static_cast<Word>(0xa5a5a5a5a5a5a5a5ull);

template <class Word> bool guards_intact(const std::vector<Word>& v, std::size_t from) {
  for (std::size_t i = from; i < v.size(); ++i) {
    if (v[i] != guard<Word>) return false;
  }
  return true;
}

/// a * b by mpn::mul (threshold t), by mul_basecase, and for equal lengths by karatsuba_n, each against GMP, with
/// guard words after the product and after exactly mul_scratch (karatsuba_scratch) words of scratch.
template <class Word>
::testing::AssertionResult check_product(const std::vector<Word>& a, const std::vector<Word>& b, bool square, int t) {
  const int na = static_cast<int>(a.size());
  const int nb = square ? na : static_cast<int>(b.size());
  const Word* pb = square ? a.data() : b.data();
  Mpz want;
  mpz_mul(want, value(a.data(), na), value(pb, nb));
  const std::string what = "na " + std::to_string(na) + ", nb " + std::to_string(nb) + (square ? " (square)" : "") +
                           ", threshold " + std::to_string(t) + ", a = " + oracle::to_text(value(a.data(), na)) +
                           ", b = " + oracle::to_text(value(pb, nb));
  const auto n_r = static_cast<std::size_t>(na + nb);
  std::vector<Word> r(n_r + guard_words, guard<Word>);
  std::vector<Word> scratch(static_cast<std::size_t>(mpn::mul_scratch(na, nb, t)) + guard_words, guard<Word>);
  mpn::mul(r.data(), a.data(), na, pb, nb, scratch.data(), t);
  if (!(value(r.data(), na + nb) == want)) return ::testing::AssertionFailure() << "mul differs from GMP: " << what;
  if (!guards_intact(r, n_r)) return ::testing::AssertionFailure() << "mul wrote past the product: " << what;
  if (!guards_intact(scratch, scratch.size() - guard_words)) {
    return ::testing::AssertionFailure() << "mul wrote past mul_scratch words of scratch: " << what;
  }
  std::fill(r.begin(), r.end(), guard<Word>);
  if (square) {
    mpn::sqr_basecase(r.data(), a.data(), na);
  } else if (na >= nb) {
    mpn::mul_basecase(r.data(), a.data(), na, pb, nb);
  } else {
    mpn::mul_basecase(r.data(), pb, nb, a.data(), na);
  }
  if (!(value(r.data(), na + nb) == want) || !guards_intact(r, n_r)) {
    return ::testing::AssertionFailure() << (square ? "sqr_basecase" : "mul_basecase") << " differs from GMP: " << what;
  }
  if (na == nb) {
    std::fill(r.begin(), r.end(), guard<Word>);
    std::vector<Word> k(static_cast<std::size_t>(mpn::karatsuba_scratch(na, t)) + guard_words, guard<Word>);
    mpn::karatsuba_n(r.data(), a.data(), pb, na, k.data(), t);
    if (!(value(r.data(), na + nb) == want) || !guards_intact(r, n_r)) {
      return ::testing::AssertionFailure() << "karatsuba_n differs from GMP: " << what;
    }
    if (!guards_intact(k, k.size() - guard_words)) {
      return ::testing::AssertionFailure() << "karatsuba_n wrote past karatsuba_scratch words: " << what;
    }
  }
  return ::testing::AssertionSuccess();
}

template <class Word> class MpnMul : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnMul, WordTypes);

TYPED_TEST(MpnMul, RandomAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn mul " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 3000, [](Rng& rng, int) {
    constexpr int thresholds[] = {2, 3, 5, 8, mpn::karatsuba_min_words};
    const int t = thresholds[rng.below(5)];
    const int most = rng.chance(1, 4) ? 300 : 40;
    const int na = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most)));
    const bool square = rng.chance(1, 4);
    const bool balanced = square || rng.chance(1, 3);
    const int nb = balanced ? na : 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most)));
    return check_product(random_vector<Word>(rng, na), random_vector<Word>(rng, nb), square, t);
  });
}

TYPED_TEST(MpnMul, EdgeOperands) {
  using Word = TypeParam;
  constexpr Word ones = static_cast<Word>(~Word{0});
  // All ones (every carry and the largest middle term), zeros, one, a single top bit, at the lengths around each
  // split (odd and even, a high half one word longer than the low half).
  for (const int t : {2, 4}) {
    for (int na = 1; na <= 40; ++na) {
      for (const int nb : {1, 2, na - 1, na, na + 1, 2 * na + 3}) {
        if (nb < 1) continue;
        for (int shape = 0; shape < 4; ++shape) {
          std::vector<Word> a(static_cast<std::size_t>(na), shape == 1 ? Word{0} : ones);
          std::vector<Word> b(static_cast<std::size_t>(nb), ones);
          if (shape == 2) a[0] = 1;
          if (shape == 3) {
            std::fill(a.begin(), a.end(), Word{0});
            a.back() = static_cast<Word>(ones ^ (ones >> 1));
            b[0] = 0;
          }
          ASSERT_TRUE(check_product(a, b, false, t)) << "shape " << shape;
          ASSERT_TRUE(check_product(a, a, true, t)) << "shape " << shape;
        }
      }
    }
  }
}

TEST(MpnMul, ScratchSizes) {
  // mul_scratch covers what mul takes for every pair of lengths up to 200 words (the guards above check that it
  // is enough on the lengths tested; here that the sizes stay linear).
  for (int na = 1; na <= 200; ++na) {
    for (int nb = 1; nb <= 200; ++nb) {
      const int s = mpn::mul_scratch(na, nb, 2);
      const int shorter = na < nb ? na : nb;
      ASSERT_LE(s, 12 * shorter + 64) << na << " x " << nb;
    }
  }
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/mul_test.cpp: the limb core's products of run-time lengths: detail/mpn/mul_basecase.hpp
// (schoolbook), detail/mpn/karatsuba.hpp (Karatsuba), detail/mpn/toom3.hpp (Toom-Cook 3-way and its exact division
// by 3), detail/mpn/toom4.hpp (Toom-Cook 4-way and its exact division by divisors of B - 1) and detail/mpn/mul.hpp
// (products of any two lengths), with 32-bit words (the device's and constant evaluation's) and 64-bit words (the
// host's), against GMP: random and carry-heavy operands of 1 to 300 words (up to 2000 for Toom-3 and Toom-4 at
// their own thresholds), squares, unbalanced lengths, Karatsuba thresholds down to 2 words, Toom-3 thresholds down
// to 5 and Toom-4 thresholds down to 16 (every level of the recursions and every piece of an unbalanced product),
// every sign of the evaluations at -1 and -2, and the scratch sizes checked by guard words. Also in constant
// evaluation.
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

// ---- constant evaluation: Karatsuba (threshold 2), Toom-3 and Toom-4 products and squares of 32-bit words ------

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
  // Toom-3 at 12 words over two levels (threshold 5), a product and a square.
  std::uint32_t c[12] = {};
  for (int i = 0; i < 12; ++i) c[i] = 0x6a09e667u * static_cast<std::uint32_t>(i + 3) ^ (i % 4 == 1 ? 0xffffffffu : 0u);
  std::uint32_t toom_want[24] = {};
  std::uint32_t toom_got[24] = {};
  mpn::mul_basecase(toom_want, a, 12, c, 12);
  if (mpn::toom3_scratch(12, 2, 5) > 128) return false;
  mpn::toom3_n(toom_got, a, c, 12, scratch, 2, 5);
  for (int i = 0; i < 24; ++i) {
    if (toom_got[i] != toom_want[i]) return false;
  }
  mpn::toom3_n(toom_got, a, a, 12, scratch, 2, 5);
  for (int i = 0; i < 24; ++i) {
    if (toom_got[i] != sq_want[i]) return false;
  }
  // Toom-4 at 18 words (threshold 16: one level, Toom-3 and Karatsuba below), a product and a square.
  std::uint32_t d[18] = {};
  std::uint32_t e[18] = {};
  for (int i = 0; i < 18; ++i) {
    d[i] = 0xbb67ae85u * static_cast<std::uint32_t>(i + 5) ^ (i % 5 == 2 ? 0xffffffffu : 0u);
    e[i] = 0x3c6ef372u * static_cast<std::uint32_t>(i + 9) ^ (i % 3 == 0 ? 0xffffffffu : 0u);
  }
  std::uint32_t toom4_want[36] = {};
  std::uint32_t toom4_got[36] = {};
  std::uint32_t toom4_scratch[256] = {};
  if (mpn::toom4_scratch(18, 2, 5, 16) > 256) return false;
  for (const bool square : {false, true}) {
    mpn::mul_basecase(toom4_want, d, 18, square ? d : e, 18);
    mpn::toom4_n(toom4_got, d, square ? d : e, 18, toom4_scratch, 2, 5, 16);
    for (int i = 0; i < 36; ++i) {
      if (toom4_got[i] != toom4_want[i]) return false;
    }
  }
  // 3 x (B^4 - 1) / 3 exactly, and a multiple of 3 whose subtractions borrow across words.
  std::uint32_t third[4] = {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu};
  if (mpn::divexact_by3(third, 4) != 0) return false;
  for (const std::uint32_t w : third) {
    if (w != 0x55555555u) return false;
  }
  std::uint32_t x[3] = {0, 0, 3};  // 3 B^2
  if (mpn::divexact_by3(x, 3) != 0 || x[0] != 0 || x[1] != 0 || x[2] != 1) return false;
  std::uint32_t y[2] = {2, 1};  // B + 2 = 3 (B + 2) / 3, (B + 2) / 3 = 0x55555556
  if (mpn::divexact_by3(y, 2) != 0 || y[0] != 0x55555556u || y[1] != 0) return false;
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

/// a * b by mpn::mul (thresholds t, t3 and t4), by mul_basecase, and for equal lengths by karatsuba_n, toom3_n and
/// toom4_n, each against GMP, with guard words after the product and after exactly mul_scratch (karatsuba_scratch,
/// toom3_scratch, toom4_scratch) words of scratch.
template <class Word>
::testing::AssertionResult check_product(const std::vector<Word>& a, const std::vector<Word>& b, bool square, int t,
                                         int t3 = mpn::toom3_min_words, int t4 = mpn::toom4_min_words) {
  const int na = static_cast<int>(a.size());
  const int nb = square ? na : static_cast<int>(b.size());
  const Word* pb = square ? a.data() : b.data();
  Mpz want;
  mpz_mul(want, value(a.data(), na), value(pb, nb));
  const std::string what = "na " + std::to_string(na) + ", nb " + std::to_string(nb) + (square ? " (square)" : "") +
                           ", thresholds " + std::to_string(t) + ", " + std::to_string(t3) + ", " + std::to_string(t4) +
                           ", a = " + oracle::to_text(value(a.data(), na)) + ", b = " + oracle::to_text(value(pb, nb));
  const auto n_r = static_cast<std::size_t>(na + nb);
  std::vector<Word> r(n_r + guard_words, guard<Word>);
  std::vector<Word> scratch(static_cast<std::size_t>(mpn::mul_scratch(na, nb, t, t3, t4)) + guard_words,
                            guard<Word>);
  mpn::mul(r.data(), a.data(), na, pb, nb, scratch.data(), t, t3, t4);
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
    std::fill(r.begin(), r.end(), guard<Word>);
    std::vector<Word> k3(static_cast<std::size_t>(mpn::toom3_scratch(na, t, t3)) + guard_words, guard<Word>);
    mpn::toom3_n(r.data(), a.data(), pb, na, k3.data(), t, t3);
    if (!(value(r.data(), na + nb) == want) || !guards_intact(r, n_r)) {
      return ::testing::AssertionFailure() << "toom3_n differs from GMP: " << what;
    }
    if (!guards_intact(k3, k3.size() - guard_words)) {
      return ::testing::AssertionFailure() << "toom3_n wrote past toom3_scratch words: " << what;
    }
    std::fill(r.begin(), r.end(), guard<Word>);
    std::vector<Word> k4(static_cast<std::size_t>(mpn::toom4_scratch(na, t, t3, t4)) + guard_words, guard<Word>);
    mpn::toom4_n(r.data(), a.data(), pb, na, k4.data(), t, t3, t4);
    if (!(value(r.data(), na + nb) == want) || !guards_intact(r, n_r)) {
      return ::testing::AssertionFailure() << "toom4_n differs from GMP: " << what;
    }
    if (!guards_intact(k4, k4.size() - guard_words)) {
      return ::testing::AssertionFailure() << "toom4_n wrote past toom4_scratch words: " << what;
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
    constexpr int toom3_thresholds[] = {5, 6, 9, 17, mpn::toom3_min_words, 1 << 20};
    constexpr int toom4_thresholds[] = {16, 17, 23, 40, mpn::toom4_min_words, 1 << 20};
    const int t = thresholds[rng.below(5)];
    const int t3 = toom3_thresholds[rng.below(6)];
    const int t4 = toom4_thresholds[rng.below(6)];
    const int most = rng.chance(1, 4) ? 300 : 40;
    const int na = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most)));
    const bool square = rng.chance(1, 4);
    const bool balanced = square || rng.chance(1, 3);
    const int nb = balanced ? na : 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(most)));
    return check_product(random_vector<Word>(rng, na), random_vector<Word>(rng, nb), square, t, t3, t4);
  });
}

/// Toom-3 at its default thresholds on the lengths where it takes over (every residue of n modulo 3 around the
/// threshold) and up to 2000 words, where it recurses into itself twice or more; operands whose pieces make the
/// evaluation at -1 negative, zero and positive in both operands.
TYPED_TEST(MpnMul, Toom3AgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn toom3 " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 200, [](Rng& rng, int i) {
    const int base = mpn::toom3_min_words;
    const int na = i < 24 ? base - 3 + i : base + static_cast<int>(rng.below(2000 - base));
    auto a = random_vector<Word>(rng, na);
    auto b = random_vector<Word>(rng, na);
    const int k = (na + 2) / 3;
    // Shapes of a0 - a1 + a2: a1 the largest piece (negative), a1 = a0 + a2 in value (zero) where the top piece
    // allows, or random.
    const auto shape = [&](std::vector<Word>& x, std::uint64_t kind) {
      if (kind == 0) {
        std::fill(x.begin(), x.begin() + k, Word{0});
        std::fill(x.begin() + 2 * k, x.end(), Word{0});
        x[2 * k] = 1;
      } else if (kind == 1) {
        std::fill(x.begin() + 2 * k, x.end(), Word{0});
        std::copy(x.begin(), x.begin() + k, x.begin() + k);
      }
    };
    shape(a, rng.below(3));
    shape(b, rng.below(3));
    const bool square = rng.chance(1, 4);
    return check_product(a, square ? a : b, square, mpn::karatsuba_min_words);
  });
}

/// divexact_by3 on 3 q for quotients whose words are 0, 1, 2, (B - 1) / 3, 2 (B - 1) / 3, B - 1 or random: where a
/// word (B - 1) / 3 follows one that carries 2, the dividend's word is below the running borrow, which random words
/// almost never give.
TYPED_TEST(MpnMul, DivexactBy3) {
  using Word = TypeParam;
  const std::string what = "mpn divexact_by3 " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 2000, [](Rng& rng, int) {
    const int n = 1 + static_cast<int>(rng.below(12));
    std::vector<Word> q = random_vector<Word>(rng, n);
    for (Word& w : q) {
      const auto kind = rng.below(7);
      if (kind < 3) w = static_cast<Word>(kind);
      if (kind == 3) w = static_cast<Word>(~Word{0});
      if (kind == 4) w = static_cast<Word>(~Word{0} / 3);  // 3 w + 2 = B + 1: the word wraps below the borrow
      if (kind == 5) w = static_cast<Word>(~Word{0} / 3 * 2);
    }
    std::vector<Word> x(static_cast<std::size_t>(n) + 1);
    x[static_cast<std::size_t>(n)] = mpn::mul_1(x.data(), q.data(), n, Word{3});
    const Mpz dividend = value(x.data(), n + 1);
    const Word borrow = mpn::divexact_by3(x.data(), n + 1);
    if (borrow != 0 || !(value(x.data(), n + 1) == value(q.data(), n))) {
      return ::testing::AssertionFailure() << "divexact_by3 of " << oracle::to_text(dividend) << " gave "
                                           << oracle::to_text(value(x.data(), n + 1)) << ", borrow " << +borrow;
    }
    return ::testing::AssertionSuccess();
  });
}

/// Toom-4 at its default thresholds on the lengths where it takes over (every residue of n modulo 4 around the
/// threshold) and up to 2000 words, where it recurses into itself; operands whose pieces make the evaluations at -1
/// and -2 negative, zero and positive in both operands.
TYPED_TEST(MpnMul, Toom4AgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn toom4 " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 120, [](Rng& rng, int i) {
    const int base = mpn::toom4_min_words;
    const int na = i < 16 ? base - 4 + i : base + static_cast<int>(rng.below(2000 - base));
    auto a = random_vector<Word>(rng, na);
    auto b = random_vector<Word>(rng, na);
    const int k = (na + 3) / 4;
    const int s = na - 3 * k;
    // Shapes of the pieces a0, a1, a2, a3: a0 = a2 = 0 and a3 = 1 (A(-1) and A(-2) negative); a1 = a0 and a3 = a2
    // (A(-1) = 0; a2's words past a3's length zero); a0 = a2 = 0 and a1 = 0 (A(-2) = -8 a3: negative, A(-1) too);
    // or random.
    const auto shape = [&](std::vector<Word>& x, std::uint64_t kind) {
      if (kind == 0 || kind == 2) {
        std::fill(x.begin(), x.begin() + k, Word{0});
        std::fill(x.begin() + 2 * k, x.begin() + 3 * k, Word{0});
        if (kind == 0) {
          std::fill(x.begin() + 3 * k, x.end(), Word{0});
          x[3 * static_cast<std::size_t>(k)] = 1;
        } else {
          std::fill(x.begin() + k, x.begin() + 2 * k, Word{0});
        }
      } else if (kind == 1) {
        std::copy(x.begin(), x.begin() + k, x.begin() + k);
        std::fill(x.begin() + 2 * k + s, x.begin() + 3 * k, Word{0});
        std::copy(x.begin() + 2 * k, x.begin() + 2 * k + s, x.begin() + 3 * k);
      }
    };
    shape(a, rng.below(4));
    shape(b, rng.below(4));
    const bool square = rng.chance(1, 4);
    return check_product(a, square ? a : b, square, mpn::karatsuba_min_words);
  });
}

/// divexact_by_dbm1 by 3, 5, 15 and 17 (divisors of B - 1) on d q for quotients whose words are 0, 1, B - 1,
/// (B - 1) / d or random, positive and negative (two's complement over the words, as Toom-4's interpolation
/// divides).
TYPED_TEST(MpnMul, DivexactByDbm1) {
  using Word = TypeParam;
  const std::string what = "mpn divexact_by_dbm1 " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 2000, [](Rng& rng, int) {
    const int n = 1 + static_cast<int>(rng.below(12));
    constexpr Word divisors[] = {3, 5, 15, 17};
    const Word d = divisors[rng.below(4)];
    std::vector<Word> q = random_vector<Word>(rng, n);
    for (Word& w : q) {
      const auto pick = rng.below(6);
      if (pick < 2) w = static_cast<Word>(pick);
      if (pick == 2) w = static_cast<Word>(~Word{0});
      if (pick == 3) w = static_cast<Word>(~Word{0} / d);
    }
    const bool negative = rng.chance(1, 2);
    // x = d q modulo B^n, negated for a negative quotient: the division must give q (or -q) modulo B^n.
    std::vector<Word> x(static_cast<std::size_t>(n));
    mpn::mul_1(x.data(), q.data(), n, d);
    std::vector<Word> want = q;
    if (negative) {
      mpn::neg_n(x.data(), x.data(), n);
      mpn::neg_n(want.data(), want.data(), n);
    }
    const Mpz dividend = value(x.data(), n);
    mpn::divexact_by_dbm1(x.data(), n, d);
    if (x != want) {
      return ::testing::AssertionFailure() << "divexact_by_dbm1 of " << oracle::to_text(dividend) << " by " << +d
                                           << " gave " << oracle::to_text(value(x.data(), n));
    }
    return ::testing::AssertionSuccess();
  });
}

TYPED_TEST(MpnMul, EdgeOperands) {
  using Word = TypeParam;
  constexpr Word ones = static_cast<Word>(~Word{0});
  // All ones (every carry and the largest middle term), zeros, one, a single top bit, at the lengths around each
  // split (odd and even, a high half one word longer than the low half).
  for (const int t : {2, 4}) {
    const int t3 = t == 2 ? 5 : 7;
    const int t4 = t == 2 ? 16 : 19;
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
          ASSERT_TRUE(check_product(a, b, false, t, t3, t4)) << "shape " << shape;
          ASSERT_TRUE(check_product(a, a, true, t, t3, t4)) << "shape " << shape;
        }
      }
    }
  }
}

TEST(MpnMul, ScratchSizes) {
  // mul_scratch covers what mul takes for every pair of lengths up to 200 words (the guards above check that it
  // is enough on the lengths tested; here that the sizes stay linear, with Toom-3 from 5 words and Toom-4 from 16
  // too).
  for (int na = 1; na <= 200; ++na) {
    for (int nb = 1; nb <= 200; ++nb) {
      const int shorter = na < nb ? na : nb;
      ASSERT_LE(mpn::mul_scratch(na, nb, 2), 12 * shorter + 64) << na << " x " << nb;
      ASSERT_LE(mpn::mul_scratch(na, nb, 2, 5), 12 * shorter + 64) << na << " x " << nb;
      ASSERT_LE(mpn::mul_scratch(na, nb, 2, 5, 16), 12 * shorter + 64) << na << " x " << nb;
    }
  }
}

}  // namespace
}  // namespace warpnum::test

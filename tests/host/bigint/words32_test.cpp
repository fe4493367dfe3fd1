// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/words32_test.cpp: the word-array algorithms of detail/bigint/ (div.hpp, gcd.hpp, mul.hpp)
// and detail/mpn/, and the word division of detail/limb.hpp, called directly
// with 32-bit words (what the GPU and constant evaluation run) and with 64-bit words (the host's fast path), at the
// limb counts of the tested widths and at odd counts (3, 5, 17, 33), against GMP. BasicInt only reaches the 32-bit
// instantiations on the device, in constant evaluation and at 32 or 96 bits, so without these tests a host-only run
// would barely cover the code the GPU runs. (64-bit words at even counts are BasicInt's host path: arith_*_test.cpp.)
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/bigint/div.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

constexpr int random_cases = 20000;

template <class W, int Count> struct Words {
  using Word = W;
  static constexpr int n = Count;
  static constexpr int word_bits = static_cast<int>(sizeof(W) * 8);
};

struct WordsNames {
  template <class T> static std::string GetName(int) {
    return "Word" + std::to_string(T::word_bits) + "x" + std::to_string(T::n);
  }
};

using Configs = ::testing::Types<Words<std::uint32_t, 1>, Words<std::uint32_t, 2>, Words<std::uint32_t, 3>,
                                 Words<std::uint32_t, 4>, Words<std::uint32_t, 5>, Words<std::uint32_t, 8>,
                                 Words<std::uint32_t, 16>, Words<std::uint32_t, 33>, Words<std::uint32_t, 64>,
                                 Words<std::uint32_t, 256>, Words<std::uint64_t, 1>, Words<std::uint64_t, 2>,
                                 Words<std::uint64_t, 3>, Words<std::uint64_t, 5>, Words<std::uint64_t, 17>>;

template <class C> class Words32 : public ::testing::Test {};
TYPED_TEST_SUITE(Words32, Configs, WordsNames);

template <class Word> Mpz value(const std::vector<Word>& w) {
  Mpz z;
  oracle::from_words(z, w.data(), w.size());
  return z;
}

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

/// The n low words of a non-negative z.
template <class Word> std::vector<Word> words(mpz_srcptr z, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n), 0);
  mpz_export(w.data(), nullptr, -1, sizeof(Word), 0, 0, z);
  return w;
}
template <class Word> std::string hex(const std::vector<Word>& w) { return oracle::to_text(value(w)); }

template <class Word> std::vector<Word> random_vector(Rng& rng, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n));
  random_words(rng, w.data(), n);
  return w;
}

/// Success when the n words at `got` hold `want` modulo B^n.
template <class Word>
::testing::AssertionResult same_words(const char* expr, mpz_srcptr want, const Word* got, int n, const std::string& operands) {
  Mpz reduced;
  mpz_fdiv_r_2exp(reduced, want, static_cast<mp_bitcnt_t>(n) * sizeof(Word) * 8);
  const Mpz actual = value(got, n);
  if (reduced == actual) return pass();
  return ::testing::AssertionFailure() << expr << " with " << operands << ": expected " << oracle::to_text(reduced)
                                       << ", got " << oracle::to_text(actual);
}

/// Pornin's bound: a gcd or inverse of numbers below 2^bits takes at most detail::mpn::bgcd_max_rounds(bits) rounds.
inline ::testing::AssertionResult rounds_within_bound(const char* expr, int rounds, int bits, const std::string& operands) {
  if (rounds <= detail::mpn::bgcd_max_rounds(bits)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << expr << " with " << operands << ": " << rounds << " rounds, more than the bound "
                                       << detail::mpn::bgcd_max_rounds(bits) << " for " << bits << " bits";
}

inline ::testing::AssertionResult same_int(const char* expr, long long want, long long got, const std::string& operands) {
  if (want == got) return pass();
  return ::testing::AssertionFailure() << expr << " with " << operands << ": expected " << want << ", got " << got;
}

/// B^n, the word base to the n.
Mpz base_power(int word_bits, int n) {
  Mpz z;
  mpz_setbit(z, static_cast<mp_bitcnt_t>(word_bits) * static_cast<mp_bitcnt_t>(n));
  return z;
}

TYPED_TEST(Words32, AddSub) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  const std::string what = "add/sub " + WordsNames::GetName<TypeParam>(0);
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int) {
    const auto a = random_vector<Word>(rng, n);
    const auto b = random_vector<Word>(rng, n);
    const Word carry_in = static_cast<Word>(rng.below(2));
    const Word w = rng.chance(1, 2) ? static_cast<Word>(rng.next()) : special_word<Word>(rng);
    const std::string ops = "a = " + hex(a) + ", b = " + hex(b) + ", carry in " + std::to_string(carry_in) + ", w = " + std::to_string(w);
    const Mpz za = value(a);
    const Mpz zb = value(b);
    const Mpz bn = base_power(TypeParam::word_bits, n);
    std::vector<Word> r(n);
    Mpz want;
    // add_n: r + carry * B^n == a + b + carry_in; aliased r == a.
    Word c = detail::mpn::add_n_portable(r.data(), a.data(), b.data(), n, carry_in);
    mpz_add(want, za, zb);
    mpz_add_ui(want, want, carry_in);
    WARPNUM_TEST_CHECK(same_words("add_n", want, r.data(), n, ops));
    WARPNUM_TEST_CHECK(same_int("add_n carry", mpz_cmp(want, bn) >= 0, c, ops));
    auto x = a;
    detail::mpn::add_n_portable(x.data(), x.data(), b.data(), n, carry_in);
    WARPNUM_TEST_CHECK(same_words("add_n (r aliases a)", want, x.data(), n, ops));
    // sub_n: r - borrow * B^n == a - b - borrow_in.
    c = detail::mpn::sub_n_portable(r.data(), a.data(), b.data(), n, carry_in);
    mpz_sub(want, za, zb);
    mpz_sub_ui(want, want, carry_in);
    WARPNUM_TEST_CHECK(same_words("sub_n", want, r.data(), n, ops));
    WARPNUM_TEST_CHECK(same_int("sub_n borrow", mpz_sgn(want.get()) < 0, c, ops));
    x = b;
    detail::mpn::sub_n_portable(x.data(), a.data(), x.data(), n, carry_in);
    WARPNUM_TEST_CHECK(same_words("sub_n (r aliases b)", want, x.data(), n, ops));
    // add_1, sub_1: a single word rippling through.
    c = detail::mpn::add_1(r.data(), a.data(), n, w);
    mpz_add_ui(want, za, w);
    WARPNUM_TEST_CHECK(same_words("add_1", want, r.data(), n, ops));
    WARPNUM_TEST_CHECK(same_int("add_1 carry", mpz_cmp(want, bn) >= 0, c, ops));
    c = detail::mpn::sub_1(r.data(), a.data(), n, w);
    mpz_sub_ui(want, za, w);
    WARPNUM_TEST_CHECK(same_words("sub_1", want, r.data(), n, ops));
    WARPNUM_TEST_CHECK(same_int("sub_1 borrow", mpz_sgn(want.get()) < 0, c, ops));
    // neg_n, in place.
    x = a;
    detail::mpn::neg_n(x.data(), x.data(), n);
    mpz_neg(want, za);
    WARPNUM_TEST_CHECK(same_words("neg_n", want, x.data(), n, ops));
    // cmp_n, significant_words, countr_zero_n.
    const int sign = mpz_cmp(za, zb);
    WARPNUM_TEST_CHECK(same_int("cmp_n", (sign > 0) - (sign < 0), detail::mpn::cmp_n(a.data(), b.data(), n), ops));
    WARPNUM_TEST_CHECK(same_int("cmp_n(a, a)", 0, detail::mpn::cmp_n(a.data(), a.data(), n), ops));
    const long long words = mpz_sgn(za.get()) == 0 ? 0 : static_cast<long long>((mpz_sizeinbase(za, 2) + TypeParam::word_bits - 1) / TypeParam::word_bits);
    WARPNUM_TEST_CHECK(same_int("significant_words", words, detail::mpn::significant_words(a.data(), n), ops));
    const long long tz = mpz_sgn(za.get()) == 0 ? static_cast<long long>(n) * TypeParam::word_bits : static_cast<long long>(mpz_scan1(za, 0));
    WARPNUM_TEST_CHECK(same_int("countr_zero_n", tz, static_cast<long long>(detail::mpn::countr_zero_n(a.data(), n)), ops));
    return pass();
  });
}

TYPED_TEST(Words32, Mul) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  const std::string what = "mul " + WordsNames::GetName<TypeParam>(0);
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int) {
    const auto a = random_vector<Word>(rng, n);
    const auto b = random_vector<Word>(rng, n);
    const Word w = rng.chance(1, 2) ? static_cast<Word>(rng.next()) : special_word<Word>(rng);
    const Word carry_in = rng.chance(1, 2) ? static_cast<Word>(rng.next()) : special_word<Word>(rng);
    const std::string ops = "a = " + hex(a) + ", b = " + hex(b) + ", w = " + std::to_string(w) + ", carry in " + std::to_string(carry_in);
    const Mpz za = value(a);
    const Mpz zb = value(b);
    Mpz want;
    mpz_mul(want, za, zb);
    std::vector<Word> r(2 * n);
    detail::mul_full_n(r.data(), a.data(), b.data(), n);
    WARPNUM_TEST_CHECK(same_words("mul_full_n", want, r.data(), 2 * n, ops));
    std::vector<Word> low(n);
    detail::mul_low_n(low.data(), a.data(), b.data(), n);
    WARPNUM_TEST_CHECK(same_words("mul_low_n", want, low.data(), n, ops));
    if constexpr (n <= 32) {  // the host's fixed-size multiply
      std::vector<Word> fixed(n, 0x5a);
      detail::mul_low_columns<n>(fixed.data(), a.data(), b.data());
      WARPNUM_TEST_CHECK(same_words("mul_low_columns", want, fixed.data(), n, ops));
    }
    detail::mul_low_n(low.data(), a.data(), a.data(), n);  // a squared: both operands the same array
    mpz_mul(want, za, za);
    WARPNUM_TEST_CHECK(same_words("mul_low_n(a, a)", want, low.data(), n, ops));
    // mul_1: r + carry_out * B^n == a * w + carry_in; in place.
    auto x = a;
    const Word c = detail::mpn::mul_1(x.data(), x.data(), n, w, carry_in);
    mpz_mul_ui(want, za, w);
    mpz_add_ui(want, want, carry_in);
    WARPNUM_TEST_CHECK(same_words("mul_1", want, x.data(), n, ops));
    Mpz high;
    mpz_tdiv_q_2exp(high, want, static_cast<mp_bitcnt_t>(n) * TypeParam::word_bits);
    WARPNUM_TEST_CHECK(same_int("mul_1 carry", static_cast<long long>(mpz_get_ui(high) == c), 1, ops));
    // submul_1: b - a * w == r - borrow * B^n, in place and into another array.
    x = b;
    const Word borrow = detail::mpn::submul_1(x.data(), x.data(), a.data(), n, w);
    auto z = a;
    if (detail::mpn::submul_1(z.data(), b.data(), a.data(), n, w) != borrow || z != x)
      return ::testing::AssertionFailure() << "submul_1 into another array differs from in place with " << ops;
    mpz_mul_ui(want, za, w);
    mpz_sub(want, zb, want);
    WARPNUM_TEST_CHECK(same_words("submul_1", want, x.data(), n, ops));
    Mpz check = value(x);  // r - borrow * B^n must equal b - a * w exactly
    Mpz borrowed;
    mpz_set_ui(borrowed, borrow);
    mpz_mul_2exp(borrowed, borrowed, static_cast<mp_bitcnt_t>(n) * TypeParam::word_bits);
    mpz_sub(check, check, borrowed);
    if (!(check == want)) return ::testing::AssertionFailure() << "submul_1 borrow " << borrow << " is wrong with " << ops;
    // The portable body (what 32-bit words and constant evaluation run; submul_1 may take an assembly path).
    auto y = b;
    const Word borrow_portable = detail::mpn::submul_1_portable(y.data(), y.data(), a.data(), n, w);
    if (y != x || borrow_portable != borrow)
      return ::testing::AssertionFailure() << "submul_1_portable differs from submul_1 with " << ops;
#if WARPNUM_DETAIL_X86_64_ASM
    if constexpr (sizeof(Word) == 8) {
      // Both x86-64 bodies, whichever one submul_1 picks on this processor.
      auto y86 = b;
      if (detail::submul_1_x86(y86.data(), y86.data(), a.data(), n, w) != borrow || y86 != x)
        return ::testing::AssertionFailure() << "submul_1_x86 differs with " << ops;
      if (detail::host_has_mulx_adx) {
        auto yadx = b;
        if (detail::submul_1_adx(yadx.data(), yadx.data(), a.data(), n, w) != borrow || yadx != x)
          return ::testing::AssertionFailure() << "submul_1_adx differs with " << ops;
      }
    }
#endif
    return pass();
  });
}

/// A divisor for word division: any, top bit set, a single word, two words, short.
template <class Word> std::vector<Word> random_word_divisor(Rng& rng, int n) {
  auto v = random_vector<Word>(rng, n);
  constexpr Word top = static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 1));
  switch (rng.below(5)) {
    case 0: v[n - 1] |= top; break;
    case 1: for (int i = 1; i < n; ++i) v[i] = 0; break;
    case 2: for (int i = 2; i < n; ++i) v[i] = 0; break;
    default: break;
  }
  return v;
}

TYPED_TEST(Words32, Div) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  const std::string what = "div " + WordsNames::GetName<TypeParam>(0);
  const auto check = [](const std::vector<Word>& u, const std::vector<Word>& v) -> ::testing::AssertionResult {
    const std::string ops = "u = " + hex(u) + ", v = " + hex(v);
    const Mpz zu = value(u);
    const Mpz zv = value(v);
    if (mpz_sgn(zv.get()) == 0) return pass();
    Mpz q;
    Mpz r;
    mpz_tdiv_qr(q, r, zu, zv);
    std::vector<Word> qw(n, 0x5a);
    std::vector<Word> rw(n, 0x5a);
    detail::divmod_n<Word, n>(qw.data(), rw.data(), u.data(), v.data());
    WARPNUM_TEST_CHECK(same_words("divmod_n quotient", q, qw.data(), n, ops));
    WARPNUM_TEST_CHECK(same_words("divmod_n remainder", r, rw.data(), n, ops));
    if constexpr (sizeof(Word) == 8) {
      // The host's way: 64-bit words read from and written to 32-bit limb storage (get_word, set_word).
      std::vector<std::uint32_t> u32(2 * n), v32(2 * n), q32(2 * n, 0x5a), r32(2 * n, 0x5a);
      for (int i = 0; i < n; ++i) {
        detail::set_word<Word>(u32.data(), i, u[static_cast<std::size_t>(i)]);
        detail::set_word<Word>(v32.data(), i, v[static_cast<std::size_t>(i)]);
      }
      detail::divmod_n<Word, n>(q32.data(), r32.data(), u32.data(), v32.data());
      WARPNUM_TEST_CHECK(same_words("divmod_n quotient (32-bit storage)", q, q32.data(), 2 * n, ops));
      WARPNUM_TEST_CHECK(same_words("divmod_n remainder (32-bit storage)", r, r32.data(), 2 * n, ops));
    }
    // divrem_1 by the lowest word (when non-zero), in place.
    if (v[0] != 0) {
      auto x = u;
      const Word rem = detail::mpn::divrem_1(x.data(), x.data(), n, v[0]);
      Mpz q1;
      const unsigned long long r1 = mpz_tdiv_q_ui(q1, zu, static_cast<unsigned long>(v[0]));
      WARPNUM_TEST_CHECK(same_words("divrem_1 quotient", q1, x.data(), n, ops));
      WARPNUM_TEST_CHECK(same_int("divrem_1 remainder", static_cast<long long>(r1), static_cast<long long>(rem), ops));
    }
    return pass();
  };
  run_random_cases(what, seed_for(what), random_cases, [&](Rng& rng, int) {
    const auto v = random_word_divisor<Word>(rng, n);
    auto u = random_vector<Word>(rng, n);
    if (rng.chance(1, 8)) {  // u < v
      for (int i = n - 1; i >= 0; --i) {
        if (v[i] != 0) {
          for (int j = i; j < n; ++j) u[j] = 0;
          break;
        }
      }
    } else if (rng.chance(1, 7)) {
      // u = v * b^k - 1 - (random low word): at the last quotient word the running remainder's top two
      // words equal the divisor's, the case where that word is b - 1 without a 3-by-2 division.
      const int len = detail::mpn::significant_words(v.data(), n);
      if (len >= 2 && len < n) {
        const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(n - len)));
        for (int i = 0; i < n; ++i) u[i] = i >= k ? v[i - k] : 0;
        detail::mpn::sub_1(u.data(), u.data(), n, static_cast<Word>(1 + rng.below(1000)));
      }
    }
    return check(u, v);
  });
  // Quotient digits whose first estimate is one too large (the add-back step), at every word offset that fits.
  const std::vector<std::vector<std::vector<std::uint64_t>>> add_back = {
      {{3, 0, 1}, {1, 0, 2}},  // top-bit words are filled in below
      {{0, 0xfffe, 0, 0x8000}, {0xffff, 0, 0x8000}},
      {{0, 0, 0x8000, 0x7fff}, {1, 0, 0x8000}},
  };
  constexpr Word top = static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 1));
  for (int shape = 0; shape < 3; ++shape) {
    for (int shift = 0; shift + 4 <= n; ++shift) {
      std::vector<Word> u(n, 0);
      std::vector<Word> v(n, 0);
      for (std::size_t i = 0; i < add_back[shape][0].size(); ++i) u[shift + i] = static_cast<Word>(add_back[shape][0][i]);
      for (std::size_t i = 0; i < add_back[shape][1].size(); ++i) v[i] = static_cast<Word>(add_back[shape][1][i]);
      if (shape == 0) {
        u[shift + 2] = top;
        v[2] = top >> 2;
      }
      EXPECT_TRUE(check(u, v)) << "add-back shape " << shape << " at word " << shift;
      std::vector<Word> vs(n, 0);
      for (int i = 0; i + shift < n; ++i) vs[i + shift] = v[i];
      EXPECT_TRUE(check(u, vs)) << "add-back shape " << shape << " at word " << shift << ", divisor shifted too";
    }
  }
}

/// Dividend words for the case where a quotient word's first estimate is one too large (Knuth's add-back step),
/// at word k of a dividend of m words by a divisor of d words: v gets all-ones words below its top two, and
/// u = (qd v - 1) b^k + (random words below k) for a random word qd, so that at word k the estimate from the top
/// words is qd while the quotient word is qd - 1. Returns false where the shape does not fit.
template <class Word> bool add_back_shape(Rng& rng, std::vector<Word>& u, std::vector<Word>& v, int m, int d) {
  const int k = m - d - 1 > 0 ? static_cast<int>(rng.below(static_cast<std::uint64_t>(m - d - 1))) : 0;
  if (d < 3 || k + d + 1 > m) return false;
  for (int i = 0; i + 2 < d; ++i) v[i] = static_cast<Word>(~Word{0});
  Mpz t = value(v);
  const Word qd = static_cast<Word>(rng.next() | 2);
  mpz_mul_ui(t.get(), t.get(), static_cast<unsigned long>(qd));
  mpz_sub_ui(t.get(), t.get(), 1);
  mpz_mul_2exp(t.get(), t.get(), static_cast<mp_bitcnt_t>(k) * sizeof(Word) * 8);
  const auto low = random_vector<Word>(rng, k + 1);
  Mpz zl = value(low);
  mpz_fdiv_r_2exp(zl.get(), zl.get(), static_cast<mp_bitcnt_t>(k) * sizeof(Word) * 8);
  mpz_add(t.get(), t.get(), zl.get());
  if (mpz_sizeinbase(t.get(), 2) > static_cast<std::size_t>(m) * sizeof(Word) * 8) return false;
  u = words<Word>(t.get(), static_cast<int>(u.size()));
  return true;
}

/// The half path of divmod_n, a divisor of n / 2 words (divmod_n<Word, n, true>, the device's: algorithm D unrolled
/// up to 32 words, divmod_window above): random and special words (so that the quotient words b - 1 and the
/// add-back step come up), dividends v b^(n/2) - small, whose quotient words are b - 1 all along, shorter dividends
/// (the window's loop starts lower), and the add-back shape at every position.
TYPED_TEST(Words32, DivHalfPath) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  if constexpr (detail::divmod_has_half_path<n>) {
    const std::string what = "div half path " + WordsNames::GetName<TypeParam>(0);
    const int cases = n > 64 ? random_cases / 20 : random_cases / 4;
    run_random_cases(what, seed_for(what), cases, [&](Rng& rng, int i) -> ::testing::AssertionResult {
      std::vector<Word> u(n, 0);
      std::vector<Word> v(n, 0);
      random_words(rng, u.data(), n);
      random_words(rng, v.data(), n / 2);
      while (u[n - 1] == 0) u[n - 1] = static_cast<Word>(rng.next());
      while (v[n / 2 - 1] == 0) v[n / 2 - 1] = special_word<Word>(rng);
      if (i % 4 == 1) {
        for (int k = 0; k < n; ++k) u[k] = k >= n / 2 ? v[k - n / 2] : 0;
        detail::mpn::sub_1(u.data(), u.data(), n, static_cast<Word>(1 + rng.below(1000)));
      } else if (i % 4 == 2) {  // a dividend of m < n words
        const int m = n / 2 + static_cast<int>(rng.below(n / 2));
        for (int k = m; k < n; ++k) u[k] = 0;
        while (u[m - 1] == 0) u[m - 1] = static_cast<Word>(rng.next());
      } else if (i % 4 == 3) {
        const int m = n / 2 + 1 + static_cast<int>(rng.below(n / 2));
        for (int k = m; k < n; ++k) u[k] = 0;
        if (!add_back_shape<Word>(rng, u, v, m, n / 2)) return pass();
      }
      const std::string ops = "u = " + hex(u) + ", v = " + hex(v);
      Mpz q;
      Mpz r;
      mpz_tdiv_qr(q, r, value(u), value(v));
      std::vector<Word> qw(n, 0x5a);
      std::vector<Word> rw(n, 0x5a);
      detail::divmod_n<Word, n, true>(qw.data(), rw.data(), u.data(), v.data());
      WARPNUM_TEST_CHECK(same_words("divmod_n<half path> quotient", q, qw.data(), n, ops));
      WARPNUM_TEST_CHECK(same_words("divmod_n<half path> remainder", r, rw.data(), n, ops));
      return pass();
    });
  }
}

/// divmod_window directly, for small windows (3 and 5 words) taking one or two steps a turn, and dividends of every
/// length from the divisor's to four times it, random, b - 1 quotient words and the add-back shape.
template <class Word, int D, int Steps> void check_window(const std::string& what) {
  run_random_cases(what, seed_for(what), random_cases / 2, [&](Rng& rng, int i) -> ::testing::AssertionResult {
    const int m = D + static_cast<int>(rng.below(3 * D + 1));
    std::vector<Word> u = random_vector<Word>(rng, m);
    std::vector<Word> v = random_vector<Word>(rng, D);
    while (v[D - 1] == 0) v[D - 1] = special_word<Word>(rng);
    if (i % 3 == 1 && m > D) {
      for (int k = 0; k < m; ++k) u[k] = k >= m - D ? v[k - (m - D)] : 0;
      detail::mpn::sub_1(u.data(), u.data(), m, static_cast<Word>(1 + rng.below(1000)));
    } else if (i % 3 == 2) {
      if (!add_back_shape<Word>(rng, u, v, m, D)) return pass();
    }
    const std::string ops = "u = " + hex(u) + ", v = " + hex(v);
    Mpz q;
    Mpz r;
    mpz_tdiv_qr(q, r, value(u), value(v));
    std::vector<Word> qw(m - D + 1, 0x5a);
    std::vector<Word> rw(D, 0x5a);
    detail::divmod_window<D, Word, Steps>(qw.data(), rw.data(), u.data(), m, v.data());
    WARPNUM_TEST_CHECK(same_words("divmod_window quotient", q, qw.data(), m - D + 1, ops));
    WARPNUM_TEST_CHECK(same_words("divmod_window remainder", r, rw.data(), D, ops));
    return pass();
  });
}

TEST(DivWindow, SmallWindows) {
  check_window<std::uint32_t, 3, 1>("divmod_window Word32 D3");
  check_window<std::uint32_t, 5, 1>("divmod_window Word32 D5");
  check_window<std::uint64_t, 3, 1>("divmod_window Word64 D3");
  check_window<std::uint64_t, 5, 1>("divmod_window Word64 D5");
  check_window<std::uint32_t, 3, 2>("divmod_window Word32 D3 two steps");
  check_window<std::uint32_t, 5, 2>("divmod_window Word32 D5 two steps");
  check_window<std::uint64_t, 3, 2>("divmod_window Word64 D3 two steps");
  check_window<std::uint64_t, 5, 2>("divmod_window Word64 D5 two steps");
}

TYPED_TEST(Words32, Gcd) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  const std::string what = "gcd " + WordsNames::GetName<TypeParam>(0);
  // Full-length operands cost O((n * word bits)^2 / word bits); at 8192 bits most cases are shorter.
  const int cases = n * TypeParam::word_bits >= 8192 ? random_cases / 4 : random_cases;
  run_random_cases(what, seed_for(what), cases, [](Rng& rng, int) {
    auto a = random_vector<Word>(rng, n);
    auto b = random_vector<Word>(rng, n);
    if (rng.chance(1, 2)) {  // shorter operands
      for (int i = static_cast<int>(rng.below(n + 1)); i < n; ++i) a[i] = 0;
      for (int i = static_cast<int>(rng.below(n + 1)); i < n; ++i) b[i] = 0;
    }
    const std::string ops = "a = " + hex(a) + ", b = " + hex(b);
    Mpz want;
    mpz_gcd(want, value(a), value(b));
    std::vector<Word> r(n, 0x5a);
    const int rounds = detail::gcd_n<Word, n>(r.data(), a.data(), b.data());
    WARPNUM_TEST_CHECK(same_words("gcd_n", want, r.data(), n, ops));
    if constexpr (n <= 32) {  // the device's form: unrolled passes over all words
      std::vector<Word> rf(n, 0x5a);
      detail::gcd_n<Word, n, n>(rf.data(), a.data(), b.data());
      WARPNUM_TEST_CHECK(same_words("gcd_n (fixed passes)", want, rf.data(), n, ops));
    }
    return rounds_within_bound("gcd_n", rounds, n * TypeParam::word_bits, ops);
  });
}

// inverse_odd_n (Pornin's binary GCD): against mpz_invert for odd moduli of every length, operands of every
// length, pairs that share a factor, and operands next to the modulus (the rounds' approximations compare
// numbers whose tops agree). The rounds stay within the binary GCD's bound.
TYPED_TEST(Words32, InverseOdd) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  const std::string what = "inverse_odd " + WordsNames::GetName<TypeParam>(0);
  const int cases = n * TypeParam::word_bits >= 8192 ? random_cases / 4 : random_cases;
  run_random_cases(what, seed_for(what), cases, [](Rng& rng, int i) {
    auto m = random_vector<Word>(rng, n);
    auto x = random_vector<Word>(rng, n);
    if (rng.chance(1, 3)) {
      for (int k = static_cast<int>(rng.below(n)) + 1; k < n; ++k) m[k] = 0;
    }
    m[0] |= 1;
    if (i % 4 == 1) {  // next to the modulus
      x = m;
      x[rng.below(n)] ^= static_cast<Word>(Word{1} << rng.below(TypeParam::word_bits));
    } else if (i % 4 == 2) {  // shorter
      for (int k = static_cast<int>(rng.below(n + 1)); k < n; ++k) x[k] = 0;
    }
    Mpz zm = value(m);
    Mpz zx = value(x);
    if (i % 4 == 3) {  // a common factor: m becomes an odd multiple of 3 no larger than m, x a multiple of 3
      mpz_tdiv_q_ui(zm.get(), zm.get(), 3);
      if (mpz_even_p(zm.get()) && mpz_sgn(zm.get()) > 0) mpz_sub_ui(zm.get(), zm.get(), 1);
      mpz_mul_ui(zm.get(), zm.get(), 3);
      mpz_mul_ui(zx.get(), zx.get(), 3);
    }
    if (mpz_cmp_ui(zm.get(), 1) <= 0) return ::testing::AssertionSuccess();
    mpz_mod(zx, zx, zm);
    m = words<Word>(zm, n);
    x = words<Word>(zx, n);
    const std::string ops = "x = " + hex(x) + ", m = " + hex(m);
    Mpz want;
    const bool invertible = mpz_invert(want, zx, zm) != 0;
    std::vector<Word> r(n, 0x5a);
    const auto got = detail::inverse_odd_n<Word, n>(r.data(), x.data(), m.data());
    WARPNUM_TEST_CHECK(same_int("inverse_odd_n invertible", invertible, got.invertible, ops));
    if (!invertible) mpz_set_ui(want, 0);
    WARPNUM_TEST_CHECK(same_words("inverse_odd_n", want, r.data(), n, ops));
    if constexpr (n <= 32) {  // the device's form: unrolled passes over all words
      std::vector<Word> rf(n, 0x5a);
      const auto fixed = detail::inverse_odd_n<Word, n, n>(rf.data(), x.data(), m.data());
      WARPNUM_TEST_CHECK(same_int("inverse_odd_n invertible (fixed passes)", invertible, fixed.invertible, ops));
      WARPNUM_TEST_CHECK(same_words("inverse_odd_n (fixed passes)", want, rf.data(), n, ops));
    }
    return rounds_within_bound("inverse_odd_n", got.rounds, n * TypeParam::word_bits, ops);
  });
}

TYPED_TEST(Words32, Shift) {
  using Word = typename TypeParam::Word;
  constexpr int n = TypeParam::n;
  constexpr unsigned long long total = static_cast<unsigned long long>(n) * TypeParam::word_bits;
  const std::string what = "shift " + WordsNames::GetName<TypeParam>(0);
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int) {
    const auto a = random_vector<Word>(rng, n);
    const unsigned long long fixed[] = {0, 1, 31, 32, 33, 63, 64, 65, total - 1, total, total + 1, ~0ull};
    const unsigned long long s = rng.chance(1, 3) ? fixed[rng.below(12)] : rng.below(total + 70);
    const bool ones = rng.chance(1, 2);
    const std::string ops = "a = " + hex(a) + ", s = " + std::to_string(s) + (ones ? ", fill ones" : "");
    const Mpz za = value(a);
    const unsigned long long capped = s > total ? total + 1 : s;
    Mpz want;
    mpz_mul_2exp(want, za, capped);
    std::vector<Word> r(n);
    detail::mpn::shl_n(r.data(), a.data(), n, s);
    WARPNUM_TEST_CHECK(same_words("shl_n", want, r.data(), n, ops));
    auto x = a;
    detail::mpn::shl_n(x.data(), x.data(), n, s);
    WARPNUM_TEST_CHECK(same_words("shl_n (in place)", want, x.data(), n, ops));
    // shr_n: the top min(s, n * word bits) bits come from the fill (0 or all ones).
    mpz_fdiv_q_2exp(want, za, capped);
    if (ones) {
      const unsigned long long k = capped >= total ? total : capped;
      Mpz mask = base_power(TypeParam::word_bits, n);
      Mpz low;
      mpz_setbit(low, total - k);
      mpz_sub(mask, mask, low);
      mpz_ior(want, want, mask);
    }
    // shl_bits / shr_bits: shifts by less than a word, as Knuth's normalisation uses them.
    const int bs = static_cast<int>(s % TypeParam::word_bits);
    Mpz shifted;
    mpz_mul_2exp(shifted, za, static_cast<mp_bitcnt_t>(bs));
    const Word out = detail::mpn::shl_bits(r.data(), a.data(), n, bs);
    WARPNUM_TEST_CHECK(same_words("shl_bits", shifted, r.data(), n, ops));
    Mpz out_want;
    mpz_tdiv_q_2exp(out_want, shifted, static_cast<mp_bitcnt_t>(total));
    WARPNUM_TEST_CHECK(same_int("shl_bits out", static_cast<long long>(mpz_get_ui(out_want) == out), 1, ops));
    x = a;
    detail::mpn::shl_bits(x.data(), x.data(), n, bs);
    WARPNUM_TEST_CHECK(same_words("shl_bits (in place)", shifted, x.data(), n, ops));
    mpz_tdiv_q_2exp(shifted, za, static_cast<mp_bitcnt_t>(bs));
    detail::mpn::shr_bits(r.data(), a.data(), n, bs);
    WARPNUM_TEST_CHECK(same_words("shr_bits", shifted, r.data(), n, ops));
    x = a;
    detail::mpn::shr_bits(x.data(), x.data(), n, bs);
    WARPNUM_TEST_CHECK(same_words("shr_bits (in place)", shifted, x.data(), n, ops));

    const Word fill = ones ? static_cast<Word>(~Word{0}) : Word{0};
    detail::mpn::shr_n(r.data(), a.data(), n, s, fill);
    WARPNUM_TEST_CHECK(same_words("shr_n", want, r.data(), n, ops));
    x = a;
    detail::mpn::shr_n(x.data(), x.data(), n, s, fill);
    WARPNUM_TEST_CHECK(same_words("shr_n (in place)", want, x.data(), n, ops));
    return pass();
  });
}

/// Divisors for the reciprocal tests: random normalised words, and the edges of M&G Alg. 3's table intervals
/// and of its d40 = (d >> 24) + 1 (which reaches 2^40).
template <class Word> Word normalised_divisor(Rng& rng, int i) {
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  constexpr Word top = static_cast<Word>(Word{1} << (wb - 1));
  const Word random = static_cast<Word>(rng.next()) | top;
  if constexpr (wb == 64) {
    const Word interval = static_cast<Word>(256 + (i & 255)) << 55;  // top nine bits
    switch (rng.below(6)) {
      case 0: return interval;
      case 1: return interval | ((Word{1} << 55) - 1);
      case 2: return random | ((Word{1} << 24) - 1);
      case 3: return random & ~((Word{1} << 24) - 1);
      default: return random;
    }
  } else {
    return rng.chance(1, 4) ? static_cast<Word>(top | (rng.below(2) == 0 ? Word{0} : static_cast<Word>(~top))) : random;
  }
}

template <class Word> class Reciprocal : public ::testing::Test {};
using ReciprocalWords = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(Reciprocal, ReciprocalWords);

// reciprocal_word and the 2-by-1 and 3-by-2 divisions built on it, against GMP: every quotient the
// division algorithms take comes from these.
TYPED_TEST(Reciprocal, DivisionsByInvariantWords) {
  using Word = TypeParam;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const std::string what = "reciprocal " + std::to_string(wb);
  run_random_cases(what, seed_for(what), 200000, [&](Rng& rng, int i) -> ::testing::AssertionResult {
    const Word d1 = normalised_divisor<Word>(rng, i);
    const Word d0 = static_cast<Word>(rng.next());
    const std::vector<Word> dv1 = {d1};
    const std::vector<Word> dv = {d0, d1};
    const std::string ops = "d1 = " + hex(dv1) + ", d0 = " + hex(std::vector<Word>{d0});
    // v = floor((b^2 - 1) / d1) - b.
    Mpz want;
    mpz_set_ui(want, 1);
    mpz_mul_2exp(want, want, 2 * wb);
    mpz_sub_ui(want, want, 1);
    mpz_tdiv_q(want, want, value(dv1));
    Mpz b;
    mpz_set_ui(b, 1);
    mpz_mul_2exp(b, b, wb);
    mpz_sub(want, want, b);
    const Word v = detail::reciprocal_word(d1);
    WARPNUM_TEST_CHECK(same_words("reciprocal_word", want, &v, 1, ops));
    if constexpr (wb == 64) {
      const Word v3 = detail::reciprocal_word_64(d1);  // Alg. 3, what hosts other than x86-64 run
      WARPNUM_TEST_CHECK(same_words("reciprocal_word_64", want, &v3, 1, ops));
    }
    // 2-by-1: (u1, u0) / d1 with u1 < d1.
    const Word u1 = static_cast<Word>(rng.next() % d1);
    const Word u0 = static_cast<Word>(rng.next());
    const auto two = detail::NormalisedDivisor<Word>(d1).divide(u1, u0);
    Mpz q;
    Mpz r;
    mpz_tdiv_qr(q, r, value(std::vector<Word>{u0, u1}), value(dv1));
    WARPNUM_TEST_CHECK(same_words("2-by-1 quotient", q, &two.quot, 1, ops));
    WARPNUM_TEST_CHECK(same_words("2-by-1 remainder", r, &two.rem, 1, ops));
    // 3-by-2: (u2, u1, u0) / (d1, d0) with (u2, u1) < (d1, d0); the top words near the limit half the time.
    Word t2 = static_cast<Word>(rng.next() % d1);
    Word t1 = static_cast<Word>(rng.next());
    if (rng.chance(1, 2)) {
      t2 = d1;
      t1 = static_cast<Word>(d0 - 1 - rng.below(3));
      if (d0 < 3) t2 = static_cast<Word>(d1 - 1);
    }
    const auto three = detail::NormalisedDivisor2<Word>(d1, d0).divide(t2, t1, u0);
    mpz_tdiv_qr(q, r, value(std::vector<Word>{u0, t1, t2}), value(dv));
    const std::vector<Word> rem = {three.r0, three.r1};
    WARPNUM_TEST_CHECK(same_words("3-by-2 quotient", q, &three.quot, 1, ops + ", u = " + hex(std::vector<Word>{u0, t1, t2})));
    WARPNUM_TEST_CHECK(same_words("3-by-2 remainder", r, rem.data(), 2, ops + ", u = " + hex(std::vector<Word>{u0, t1, t2})));
    return pass();
  });
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/sqrt_test.cpp: detail/mpn/sqrt.hpp's sqrtrem (Zimmermann's recursive square root) with 32- and
// 64-bit words, against GMP's mpz_sqrtrem: every length from 1 to 40 words and a few of about 200, random operands,
// and edge cases: zero, one, leading zero words, all-ones words, squares, squares minus one, squares plus twice
// their root (the largest remainder), top words of a few bits (odd normalising shifts). Guard words after the root,
// the remainder and the scratch catch writes past them. Also in constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/mul.hpp>
#include <warpnum/detail/mpn/sqrt.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

// ---- constant evaluation: roots of 9 words of 32 bits and 5 of 64 bits, checked by squaring back ------------

/// sqrtrem of a (N words) in constant evaluation: s^2 + r == a and r <= 2 s. a is a pattern with a top word of a
/// few bits (an odd normalising shift), or all ones (each level's quotient B^l and its correction).
template <class Word, int N> constexpr bool constexpr_sqrtrem(bool all_ones) {
  constexpr int h = (N + 1) / 2;
  Word a[N] = {};
  for (int i = 0; i < N; ++i) {
    a[i] = static_cast<Word>(static_cast<Word>(0x9e3779b97f4a7c15ull) * static_cast<Word>(i + 5));
  }
  a[N - 1] = 5;
  if (all_ones) {
    for (Word& w : a) w = static_cast<Word>(~Word{0});
  }
  Word s[h] = {};
  Word r[h + 1] = {};
  Word scratch[mpn::sqrtrem_scratch(N)] = {};
  const int rn = mpn::sqrtrem(s, r, a, N, scratch);
  if (rn < 1 || rn > h + 1 || r[rn - 1] == 0) return false;
  Word back[2 * h + 1] = {};
  mpn::mul(back, s, h, s, h, static_cast<Word*>(nullptr));  // below Karatsuba's threshold: no scratch
  if (mpn::add_n(back, back, r, h + 1) != 0) return false;
  for (int i = 0; i < 2 * h + 1; ++i) {
    if (back[i] != (i < N ? a[i] : Word{0})) return false;
  }
  // r <= 2 s: 2 s - r does not borrow.
  Word twice[h + 1] = {};
  twice[h] = mpn::add_n(twice, s, s, h);
  return mpn::sub_n(twice, twice, r, h + 1) == 0;
}
static_assert(constexpr_sqrtrem<std::uint32_t, 9>(false) && constexpr_sqrtrem<std::uint32_t, 9>(true));
static_assert(constexpr_sqrtrem<std::uint64_t, 5>(false) && constexpr_sqrtrem<std::uint64_t, 5>(true));

// ---- against GMP ----------------------------------------------------------------------------------------------

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

/// Words of z (z fits n words): n words, zero-filled.
template <class Word> std::vector<Word> words_of(const Mpz& z, int n) {
  std::vector<Word> w(static_cast<std::size_t>(n));
  oracle::to_words(w.data(), z, w.size());
  return w;
}

/// Whether z >= 0 fits n words.
template <class Word> bool fits(const Mpz& z, int n) {
  return mpz_sgn(z.get()) >= 0 && mpz_sizeinbase(z, 2) <= static_cast<std::size_t>(n) * sizeof(Word) * 8;
}

/// sqrtrem of a against mpz_sqrtrem: the root and remainder, their zero-filled lengths, the returned length, the
/// guards after the root, the remainder and the scratch, and the operand left unchanged.
template <class Word> ::testing::AssertionResult check_sqrtrem(const std::vector<Word>& a) {
  constexpr Word guard = static_cast<Word>(0xa5a5a5a5a5a5a5a5ull);
  constexpr int guards = 4;
  const int n = static_cast<int>(a.size());
  const int h = (n + 1) / 2;
  const auto size = [](int words) { return static_cast<std::size_t>(words + guards); };
  std::vector<Word> s(size(h), guard);
  std::vector<Word> r(size(h + 1), guard);
  std::vector<Word> scratch(size(mpn::sqrtrem_scratch(n)), guard);
  const std::vector<Word> copy = a;
  const int rn = mpn::sqrtrem(s.data(), r.data(), a.data(), n, scratch.data());
  Mpz zs;
  Mpz zr;
  mpz_sqrtrem(zs, zr, value(a.data(), n));
  const auto fail = [&](const char* what) {
    return ::testing::AssertionFailure() << what << ": " << sizeof(Word) * 8 << "-bit words, n = " << n
                                         << ", a = " << oracle::to_text(value(a.data(), n));
  };
  if (!(value(s.data(), h) == zs)) return fail("root");
  if (!(value(r.data(), h + 1) == zr)) return fail("remainder");
  const std::size_t want_rn = (mpz_sizeinbase(zr, 2) + sizeof(Word) * 8 - 1) / (sizeof(Word) * 8);
  if (rn != (mpz_sgn(zr.get()) == 0 ? 0 : static_cast<int>(want_rn))) return fail("remainder's length");
  for (std::size_t i = 0; i < guards; ++i) {
    if (s[s.size() - 1 - i] != guard) return fail("wrote past the root");
    if (r[r.size() - 1 - i] != guard) return fail("wrote past the remainder");
    if (scratch[scratch.size() - 1 - i] != guard) return fail("wrote past the scratch");
  }
  if (copy != a) return fail("changed the operand");
  return ::testing::AssertionSuccess();
}

/// Operands of n words shaped from a: its root squared, that minus one and plus twice the root (the largest
/// remainder), where they fit n words.
template <class Word> std::vector<std::vector<Word>> squares_near(const std::vector<Word>& a) {
  const int n = static_cast<int>(a.size());
  Mpz s;
  mpz_sqrt(s, value(a.data(), n));
  Mpz sq;
  mpz_mul(sq, s, s);
  Mpz below;
  mpz_sub_ui(below, sq, 1);
  Mpz top;
  mpz_addmul_ui(top, s, 2);
  mpz_add(top, top, sq);
  std::vector<std::vector<Word>> out;
  for (const Mpz* z : {&sq, &below, &top}) {
    if (fits<Word>(*z, n)) out.push_back(words_of<Word>(*z, n));
  }
  return out;
}

template <class Word> class MpnSqrt : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnSqrt, WordTypes);

constexpr int long_lengths[] = {63, 64, 65, 128, 199, 200, 201};

TYPED_TEST(MpnSqrt, RandomAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn sqrtrem " + std::to_string(sizeof(Word) * 8);
  run_random_cases(what, seed_for(what), 40 * 150 + 7 * 12, [](Rng& rng, int i) {
    const int n = i < 40 * 150 ? 1 + i / 150 : long_lengths[(i - 40 * 150) / 12];
    std::vector<Word> a(static_cast<std::size_t>(n));
    random_words(rng, a.data(), n);
    if (rng.chance(1, 4)) a.back() = static_cast<Word>(1 + rng.below(7));  // top word of a few bits: odd shifts
    ::testing::AssertionResult result = check_sqrtrem(a);
    if (!result) return result;
    if (rng.chance(1, 3)) {
      for (const std::vector<Word>& b : squares_near(a)) {
        result = check_sqrtrem(b);
        if (!result) return result;
      }
    }
    return ::testing::AssertionSuccess();
  });
}

TYPED_TEST(MpnSqrt, EdgeCases) {
  using Word = TypeParam;
  constexpr Word ones = static_cast<Word>(~Word{0});
  std::vector<int> lengths;
  for (int n = 1; n <= 40; ++n) lengths.push_back(n);
  lengths.insert(lengths.end(), std::begin(long_lengths), std::end(long_lengths));
  for (const int n : lengths) {
    const auto un = static_cast<std::size_t>(n);
    std::vector<std::vector<Word>> cases;
    cases.emplace_back(un, Word{0});  // zero
    cases.emplace_back(un, Word{0});
    cases.back()[0] = 1;  // one
    cases.emplace_back(un, ones);  // all ones: B^n - 1
    for (int top = 0; top < n; ++top) {  // leading zero words; the top word 1, 2, 3 or a bit above the middle
      for (const Word t : {Word{1}, Word{2}, Word{3}, static_cast<Word>(Word{1} << (sizeof(Word) * 4 + 1))}) {
        std::vector<Word> a(un, ones);
        a[static_cast<std::size_t>(top)] = t;
        for (std::size_t i = static_cast<std::size_t>(top) + 1; i < un; ++i) a[i] = 0;
        cases.push_back(a);
      }
      if (n > 8 && top > 2 && top < n - 3) top = n - 3;  // the ends are enough for the long ones
    }
    for (const Word low : {Word{0}, Word{1}, ones}) {  // B^n / 4 and neighbours: the smallest normalised tops
      std::vector<Word> a(un, low);
      a.back() = static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 2));
      if (low == ones) a.back() = static_cast<Word>(a.back() - 1);
      cases.push_back(a);
    }
    // (B^k - 1)^2 and its neighbours: all-ones roots.
    Mpz root;
    mpz_setbit(root, static_cast<mp_bitcnt_t>(un / 2 * sizeof(Word) * 8));
    mpz_sub_ui(root, root, 1);
    Mpz square;
    mpz_mul(square, root, root);
    if (n > 1) cases.push_back(words_of<Word>(square, n));
    const std::size_t plain = cases.size();
    for (std::size_t i = 0; i < plain; ++i) {
      for (const std::vector<Word>& b : squares_near(cases[i])) cases.push_back(b);
    }
    for (const std::vector<Word>& a : cases) ASSERT_TRUE(check_sqrtrem(a));
  }
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/shift_test.cpp: detail/mpn/shift.hpp against GMP: shl_bits and shr_bits by every count from 0 to
// word bits - 1 at every length from 1 to 41 words, with 32- and 64-bit words, 64-bit words read from or written to
// 32-bit limbs, the unrolled fixed-length forms, in place; shl_n and shr_n (with a zero or all-ones fill) by every
// count up to the width and far past it; countr_zero_n. Random operands and edge arrays, guard words around each
// result, and the shifts in constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/shift.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

constexpr int max_length = 41;
constexpr int guard_words = 2;
template <class T> constexpr T guard = static_cast<T>(0x5ac35ac35ac35ac3ull);

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }
template <class Word> std::string hex(const std::vector<Word>& w, int n) { return oracle::to_text(value(w.data(), n)); }

/// n words of `shape`: 0 zeros, 1 all ones, 2 only the lowest bit, 3 only the top bit, 4 the top bit of every word,
/// 5 alternating 0 / all ones, 6 the bit pattern 0x55...
template <class Word> std::vector<Word> shaped(int shape, int n) {
  constexpr Word ones = static_cast<Word>(~Word{0});
  constexpr Word top = static_cast<Word>(ones ^ (ones >> 1));
  std::vector<Word> v(static_cast<std::size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    switch (shape) {
      case 0: break;
      case 1: v[i] = ones; break;
      case 2: v[i] = i == 0 ? Word{1} : Word{0}; break;
      case 3: v[i] = i == n - 1 ? top : Word{0}; break;
      case 4: v[i] = top; break;
      case 5: v[i] = i % 2 == 0 ? Word{0} : ones; break;
      default: v[i] = static_cast<Word>(0x5555555555555555ull); break;
    }
  }
  return v;
}
constexpr int num_shapes = 7;

template <class Word> std::vector<Word> random_vector(Rng& rng, int n) {
  std::vector<Word> v(static_cast<std::size_t>(n) + 1);  // random_words wants one word at least
  random_words(rng, v.data(), n + 1);
  v.resize(static_cast<std::size_t>(n));
  return v;
}

// ---- shl_bits and shr_bits: storage of the input and output ---------------------------------------------------

/// The word type Word (the wider of Out and In) read from In limbs and written to Out limbs.
template <class O, class I> struct Storage {
  using Out = O;
  using In = I;
  using Word = detail::wider_word_t<O, I>;
  static constexpr int out_per_word = static_cast<int>(sizeof(Word) / sizeof(O));
  static constexpr int in_per_word = static_cast<int>(sizeof(Word) / sizeof(I));
};
struct StorageNames {
  template <class S> static std::string GetName(int) {
    const std::string word = "Word" + std::to_string(sizeof(typename S::Word) * 8);
    if (sizeof(typename S::Out) == sizeof(typename S::In)) return word;
    return word + (sizeof(typename S::Out) < sizeof(typename S::In) ? "Out32" : "In32");
  }
};
using StorageTypes = ::testing::Types<Storage<std::uint32_t, std::uint32_t>, Storage<std::uint64_t, std::uint64_t>,
                                      Storage<std::uint32_t, std::uint64_t>, Storage<std::uint64_t, std::uint32_t>>;

/// The lengths at which the unrolled forms (Fixed > 0) are tried.
using FixedLengths = std::integer_sequence<int, 1, 2, 3, 4, 5, 8, 9, 16, 17>;
template <int... F> constexpr bool is_fixed_length(int n, std::integer_sequence<int, F...>) {
  return ((n == F) || ...);
}

template <class S, int... F> typename S::Word shl_fixed(typename S::Out* r, const typename S::In* a, int n, int s,
                                                        std::integer_sequence<int, F...>) {
  typename S::Word out = 0;
  ((n == F ? (out = mpn::shl_bits<F>(r, a, n, s), true) : false) || ...);
  return out;
}
template <class S, int... F>
void shr_fixed(typename S::Out* r, const typename S::In* a, int n, int s, std::integer_sequence<int, F...>) {
  ((n == F ? (mpn::shr_bits<F>(r, a, n, s), true) : false) || ...);
}

/// shl_bits and shr_bits of the n words `a` by s (0 <= s < word bits) through each form (run time length,
/// unrolled, in place where the storages agree), each against GMP, with guards around the output limbs.
template <class S>::testing::AssertionResult check_bit_shifts(const std::vector<typename S::Word>& a, int n, int s) {
  using Word = typename S::Word;
  using Out = typename S::Out;
  using In = typename S::In;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const auto in_count = static_cast<std::size_t>(n * S::in_per_word);
  const auto out_count = static_cast<std::size_t>(n * S::out_per_word);
  std::vector<In> in(in_count);
  if (n > 0) std::memcpy(in.data(), a.data(), in_count * sizeof(In));  // little-endian: a word is its limbs
  const Mpz za = value(a.data(), n);
  Mpz left, right, out_want;
  mpz_mul_2exp(left, za, static_cast<mp_bitcnt_t>(s));
  mpz_tdiv_q_2exp(out_want, left, static_cast<mp_bitcnt_t>(n) * wb);
  mpz_tdiv_r_2exp(left, left, static_cast<mp_bitcnt_t>(n) * wb);
  mpz_tdiv_q_2exp(right, za, static_cast<mp_bitcnt_t>(s));
  const auto fail = [&](const std::string& what) {
    return ::testing::AssertionFailure() << what << " with n = " << n << ", s = " << s << ", a = " << hex(a, n);
  };
  const auto output = [&](const std::vector<Out>& buffer, const Mpz& want,
                          const char* name) -> ::testing::AssertionResult {
    for (int i = 0; i < guard_words; ++i) {
      if (buffer[static_cast<std::size_t>(i)] != guard<Out> || buffer[out_count + guard_words + i] != guard<Out>)
        return fail(std::string(name) + " wrote outside its words");
    }
    std::vector<Word> words(static_cast<std::size_t>(n));
    if (n > 0) std::memcpy(words.data(), buffer.data() + guard_words, out_count * sizeof(Out));
    if (!(value(words.data(), n) == want)) {
      return fail(std::string(name) + ": expected " + oracle::to_text(want) + ", got " + hex(words, n));
    }
    return ::testing::AssertionSuccess();
  };
  const bool fixed = is_fixed_length(n, FixedLengths{});
  for (int form = 0; form < 3; ++form) {
    if (form == 1 && !fixed) continue;
    if (form == 2 && !std::is_same_v<Out, In>) continue;
    const char* shl_name = form == 0 ? "shl_bits" : form == 1 ? "shl_bits<n>" : "shl_bits in place";
    const char* shr_name = form == 0 ? "shr_bits" : form == 1 ? "shr_bits<n>" : "shr_bits in place";
    std::vector<Out> buffer(out_count + 2 * guard_words, guard<Out>);
    Out* r = buffer.data() + guard_words;
    const auto source = [&]() -> const In* {
      if constexpr (std::is_same_v<Out, In>) {
        if (form == 2) {
          std::copy(in.begin(), in.end(), r);
          return r;
        }
      }
      return in.data();
    };
    const In* src = source();
    const Word out = form == 1 ? shl_fixed<S>(r, src, n, s, FixedLengths{}) : mpn::shl_bits(r, src, n, s);
    ::testing::AssertionResult res = output(buffer, left, shl_name);
    if (!res) return res;
    Mpz got_out;
    oracle::from_words(got_out, &out, 1);
    if (!(got_out == out_want))
      return fail(std::string(shl_name) + ": the bits out of the top are " + std::to_string(out));
    std::fill(buffer.begin(), buffer.end(), guard<Out>);
    src = source();
    if (form == 1) {
      shr_fixed<S>(r, src, n, s, FixedLengths{});
    } else {
      mpn::shr_bits(r, src, n, s);
    }
    res = output(buffer, right, shr_name);
    if (!res) return res;
  }
  return ::testing::AssertionSuccess();
}

template <class S> class MpnShiftBits : public ::testing::Test {};
TYPED_TEST_SUITE(MpnShiftBits, StorageTypes, StorageNames);

// Every count at every length, on random operands (random_words' shapes) and on the edge arrays.
TYPED_TEST(MpnShiftBits, EveryCountAgainstGmp) {
  using Word = typename TypeParam::Word;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const std::string what = "mpn shl_bits/shr_bits " + StorageNames::GetName<TypeParam>(0);
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int n = 1; n <= max_length; ++n) {
    for (int s = 0; s < wb; ++s) {
      for (int c = 0; c < 3; ++c) {
        ASSERT_TRUE(check_bit_shifts<TypeParam>(random_vector<Word>(rng, n), n, s))
            << what << ": seed " << seed << ", case " << c;
      }
      for (int shape = 0; shape < num_shapes; ++shape) {
        ASSERT_TRUE(check_bit_shifts<TypeParam>(shaped<Word>(shape, n), n, s)) << what << ": shape " << shape;
      }
    }
  }
}

// No words: a shift by 0 writes nothing and returns 0.
TYPED_TEST(MpnShiftBits, NoWordsByZero) { ASSERT_TRUE(check_bit_shifts<TypeParam>({}, 0, 0)); }

// ---- shl_n, shr_n, countr_zero_n ------------------------------------------------------------------------------

template <class Word> class MpnShiftN : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnShiftN, WordTypes);

/// shl_n and shr_n (fill 0 and all ones) by s, out of place and in place, and countr_zero_n, against GMP.
template <class Word>
::testing::AssertionResult check_any_shift(const std::vector<Word>& a, int n, unsigned long long s) {
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const auto un = static_cast<std::size_t>(n);
  const unsigned long long total = un * wb;
  const mp_bitcnt_t capped = static_cast<mp_bitcnt_t>(s > total ? total : s);
  const Mpz za = value(a.data(), n);
  const auto fail = [&](const std::string& what) {
    return ::testing::AssertionFailure() << what << " with n = " << n << ", s = " << s << ", a = " << hex(a, n);
  };
  const auto run = [&](const char* name, const Mpz& want, auto&& shift) -> ::testing::AssertionResult {
    for (const bool in_place : {false, true}) {
      std::vector<Word> buffer(un + 2 * guard_words, guard<Word>);
      Word* r = buffer.data() + guard_words;
      if (in_place) std::copy(a.begin(), a.end(), r);
      shift(r, in_place ? r : a.data());
      for (int i = 0; i < guard_words; ++i) {
        if (buffer[static_cast<std::size_t>(i)] != guard<Word> || buffer[un + guard_words + i] != guard<Word>)
          return fail(std::string(name) + " wrote outside its words");
      }
      if (!(value(r, n) == want)) {
        return fail(std::string(name) + (in_place ? " in place" : "") + ": expected " + oracle::to_text(want) +
                    ", got " + oracle::to_text(value(r, n)));
      }
    }
    return ::testing::AssertionSuccess();
  };
  Mpz want;
  mpz_mul_2exp(want, za, capped);
  mpz_tdiv_r_2exp(want, want, static_cast<mp_bitcnt_t>(total));
  ::testing::AssertionResult res = run("shl_n", want, [&](Word* r, const Word* x) { mpn::shl_n(r, x, n, s); });
  if (!res) return res;
  mpz_tdiv_q_2exp(want, za, capped);
  res = run("shr_n", want, [&](Word* r, const Word* x) { mpn::shr_n(r, x, n, s); });
  if (!res) return res;
  // The fill: the top min(s, n wb) bits are ones.
  Mpz ones_on_top;
  mpz_setbit(ones_on_top, static_cast<mp_bitcnt_t>(total));
  Mpz low;
  mpz_setbit(low, static_cast<mp_bitcnt_t>(total) - capped);
  mpz_sub(ones_on_top, ones_on_top, low);
  mpz_ior(want, want, ones_on_top);
  res = run("shr_n (fill ones)", want,
            [&](Word* r, const Word* x) { mpn::shr_n(r, x, n, s, static_cast<Word>(~Word{0})); });
  if (!res) return res;
  const unsigned long long tz = mpz_sgn(za.get()) == 0 ? total : static_cast<unsigned long long>(mpz_scan1(za, 0));
  if (mpn::countr_zero_n(a.data(), n) != tz) {
    return fail("countr_zero_n is " + std::to_string(mpn::countr_zero_n(a.data(), n)) + ", expected " +
                std::to_string(tz));
  }
  return ::testing::AssertionSuccess();
}

/// The counts of interest for n words: every count below two words, each word boundary and its neighbours, the
/// width and past it (up to the largest count).
template <class Word> std::vector<unsigned long long> counts_for(int n) {
  constexpr unsigned long long wb = sizeof(Word) * 8;
  const unsigned long long total = static_cast<unsigned long long>(n) * wb;
  std::vector<unsigned long long> v;
  for (unsigned long long s = 0; s < 2 * wb; ++s) v.push_back(s);
  for (unsigned long long k = 2; k <= static_cast<unsigned long long>(n) + 1; ++k) {
    for (const unsigned long long s : {k * wb - 1, k * wb, k * wb + 1, k * wb + wb / 2}) v.push_back(s);
  }
  for (const unsigned long long s : {total - 1, total, total + 1, 2 * total, 4294967296ull, ~0ull}) v.push_back(s);
  return v;
}

TYPED_TEST(MpnShiftN, AnyCountAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn shl_n/shr_n " + std::to_string(sizeof(Word) * 8);
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int n = 1; n <= max_length; ++n) {
    for (const unsigned long long s : counts_for<Word>(n)) {
      ASSERT_TRUE(check_any_shift(random_vector<Word>(rng, n), n, s)) << what << ": seed " << seed;
      for (int shape = 0; shape < num_shapes; ++shape) {
        ASSERT_TRUE(check_any_shift(shaped<Word>(shape, n), n, s)) << what << ": shape " << shape;
      }
    }
  }
  // No words: nothing is written, and countr_zero_n is 0.
  for (const unsigned long long s : {0ull, 1ull, 64ull}) ASSERT_TRUE(check_any_shift(std::vector<Word>{}, 0, s));
}

// countr_zero_n of a single set bit at every position, and of that bit with ones above it.
TYPED_TEST(MpnShiftN, CountrZeroEveryPosition) {
  using Word = TypeParam;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  for (int n = 1; n <= 9; ++n) {
    for (int k = 0; k < n * wb; ++k) {
      std::vector<Word> a(static_cast<std::size_t>(n), 0);
      a[k / wb] = static_cast<Word>(Word{1} << (k % wb));
      EXPECT_EQ(mpn::countr_zero_n(a.data(), n), static_cast<unsigned long long>(k)) << "n = " << n << ", bit " << k;
      for (int i = k / wb + 1; i < n; ++i) a[i] = static_cast<Word>(~Word{0});
      a[k / wb] = static_cast<Word>(~Word{0} << (k % wb));
      EXPECT_EQ(mpn::countr_zero_n(a.data(), n), static_cast<unsigned long long>(k))
          << "n = " << n << ", ones from " << k;
    }
  }
}

// ---- constant evaluation: the same functions, results compared with GMP at run time -------------------------

template <class Word> struct ConstexprShifts {
  static constexpr int n = 5;
  Word a[n] = {};
  Word left[n] = {}, right[n] = {}, left_fixed[n] = {}, right_fixed[n] = {}, left_n[n] = {}, right_n[n] = {};
  Word out = 0, out_fixed = 0;
  unsigned long long tz = 0;
};

template <class Word> constexpr ConstexprShifts<Word> constexpr_shifts(int s, unsigned long long s_n) {
  ConstexprShifts<Word> c;
  for (int i = 0; i < c.n; ++i) c.a[i] = static_cast<Word>(0x9e3779b97f4a7c15ull * static_cast<unsigned>(2 * i + 1));
  c.a[0] = 0;
  c.a[4] |= static_cast<Word>(Word{1} << (sizeof(Word) * 8 - 1));
  c.out = mpn::shl_bits(c.left, c.a, c.n, s);
  c.out_fixed = mpn::shl_bits<ConstexprShifts<Word>::n>(c.left_fixed, c.a, c.n, s);
  mpn::shr_bits(c.right, c.a, c.n, s);
  mpn::shr_bits<ConstexprShifts<Word>::n>(c.right_fixed, c.a, c.n, s);
  mpn::shl_n(c.left_n, c.a, c.n, s_n);
  mpn::shr_n(c.right_n, c.a, c.n, s_n);
  c.tz = mpn::countr_zero_n(c.a, c.n);
  return c;
}

TYPED_TEST(MpnShiftN, ConstantEvaluationAgainstGmp) {
  using Word = TypeParam;
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  constexpr int s = wb - 5;
  constexpr unsigned long long s_n = 2 * wb + 3;
  static constexpr ConstexprShifts<Word> c = constexpr_shifts<Word>(s, s_n);
  const int n = c.n;
  const Mpz za = value(c.a, n);
  Mpz want;
  mpz_mul_2exp(want, za, s);
  Mpz top;
  mpz_tdiv_q_2exp(top, want, static_cast<mp_bitcnt_t>(n) * wb);
  mpz_tdiv_r_2exp(want, want, static_cast<mp_bitcnt_t>(n) * wb);
  EXPECT_TRUE(value(c.left, n) == want && value(c.left_fixed, n) == want) << "shl_bits in constant evaluation";
  EXPECT_EQ(static_cast<unsigned long>(c.out), mpz_get_ui(top));
  EXPECT_EQ(static_cast<unsigned long>(c.out_fixed), mpz_get_ui(top));
  mpz_tdiv_q_2exp(want, za, s);
  EXPECT_TRUE(value(c.right, n) == want && value(c.right_fixed, n) == want) << "shr_bits in constant evaluation";
  mpz_mul_2exp(want, za, s_n);
  mpz_tdiv_r_2exp(want, want, static_cast<mp_bitcnt_t>(n) * wb);
  EXPECT_TRUE(value(c.left_n, n) == want) << "shl_n in constant evaluation";
  mpz_tdiv_q_2exp(want, za, s_n);
  EXPECT_TRUE(value(c.right_n, n) == want) << "shr_n in constant evaluation";
  EXPECT_EQ(c.tz, static_cast<unsigned long long>(mpz_scan1(za, 0)));
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/mpn/mul_1_test.cpp: detail/mpn/mul_1.hpp's rows mul_1, addmul_1 and submul_1 (every body: portable,
// the unrolled fixed-length submul_1, and for 64-bit words on x86-64 the mul/adc, mulx/adcx/adox and in-place
// mulx/adc-blocks assembly of detail/x86/mul_1_x86.hpp), with 32- and 64-bit words, at every length from 0 to 41
// words, out of place and in place, with guard words around the result, against GMP. Also submul_1 on 64-bit words
// stored as 32-bit limbs, and the rows in constant evaluation.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/mul_1_x86.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

using oracle::Mpz;
namespace mpn = detail::mpn;

constexpr int max_length = 41;  // every remainder of the adx bodies' two-word trips, many times over
constexpr int guard_words = 3;
template <class Word> constexpr Word guard = static_cast<Word>(0xc3a5c3a5c3a5c3a5ull);

template <class Word> Mpz value(const Word* w, int n) { return oracle::words_value(w, n); }

template <class Word> std::string hex(const Word* w, int n) { return oracle::to_text(value(w, n)); }

// ---- constant evaluation: the portable bodies, results compared with GMP at run time -------------------------

template <class Word> struct ConstexprRows {
  static constexpr int n = 7;
  Word a[n] = {}, u[n] = {}, mul[n] = {}, add[n] = {}, sub[n] = {};
  Word w = 0, carry_in = 0, mul_out = 0, add_out = 0, sub_out = 0;
};

template <class Word> constexpr ConstexprRows<Word> constexpr_rows() {
  ConstexprRows<Word> c;
  constexpr Word ones = static_cast<Word>(~Word{0});
  c.w = static_cast<Word>(ones - 2);
  c.carry_in = static_cast<Word>(ones >> 3);
  for (int i = 0; i < c.n; ++i) {
    c.a[i] = i % 3 == 1 ? ones : static_cast<Word>(0x9e3779b97f4a7c15ull * static_cast<unsigned>(i + 1));
    c.u[i] = i == 2 ? Word{0} : static_cast<Word>(ones - static_cast<Word>(i));
  }
  c.mul_out = mpn::mul_1(c.mul, c.a, c.n, c.w, c.carry_in);
  c.add_out = mpn::addmul_1(c.add, c.u, c.a, c.n, c.w);
  c.sub_out = mpn::submul_1(c.sub, c.u, c.a, c.n, c.w);
  return c;
}

// ---- the exact results ------------------------------------------------------------------------------------

enum class Row { mul, addmul, submul };

/// Whether r (n words) and `out` are the row's exact result: r + out B^n = a w + carry_in (mul),
/// r + out B^n = u + a w (addmul), r - out B^n = u - a w (submul).
template <class Word>
bool exact(Row row, const Word* r, Word out, const Word* u, const Word* a, int n, Word w, Word carry_in) {
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  Mpz want;
  Mpz zw;
  oracle::from_words(zw, &w, 1);
  mpz_mul(want, value(a, n), zw);
  if (row == Row::mul) {
    Mpz zc;
    oracle::from_words(zc, &carry_in, 1);
    mpz_add(want, want, zc);
  } else if (row == Row::addmul) {
    mpz_add(want, want, value(u, n));
  } else {
    mpz_sub(want, value(u, n), want);
  }
  Mpz got = value(r, n);
  Mpz top;
  oracle::from_words(top, &out, 1);
  mpz_mul_2exp(top, top, static_cast<mp_bitcnt_t>(n) * wb);
  if (row == Row::submul) {
    mpz_sub(got, got, top);
  } else {
    mpz_add(got, got, top);
  }
  return got == want;
}

template <class Word> bool guards_intact(const std::vector<Word>& buffer, int n) {
  for (int i = 0; i < guard_words; ++i) {
    if (buffer[static_cast<std::size_t>(i)] != guard<Word> ||
        buffer[static_cast<std::size_t>(guard_words + n + i)] != guard<Word>)
      return false;
  }
  return true;
}

// ---- the bodies -------------------------------------------------------------------------------------------

/// A body of addmul_1 or submul_1: r = u +- a w over n words, the word out of the top returned.
template <class Word> using RowFn = Word (*)(Word*, const Word*, const Word*, int, Word);

template <class Word> struct Body {
  const char* name;
  RowFn<Word> fn;
  bool assembly;  // n >= 1 only
};

template <class Word> std::vector<Body<Word>> addmul_bodies() {
  std::vector<Body<Word>> v = {
      {"addmul_1", [](Word* r, const Word* u, const Word* a, int n, Word w) { return mpn::addmul_1(r, u, a, n, w); },
       false},
      {"addmul_1_portable",
       [](Word* r, const Word* u, const Word* a, int n, Word w) { return mpn::addmul_1_portable(r, u, a, n, w); },
       false}};
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (sizeof(Word) == 8) {
    v.push_back(
        {"addmul_1_x86",
         [](Word* r, const Word* u, const Word* a, int n, Word w) { return detail::addmul_1_x86(r, u, a, n, w); },
         true});
    if (detail::host_has_mulx_adx) {
      v.push_back(
          {"addmul_1_adx",
           [](Word* r, const Word* u, const Word* a, int n, Word w) { return detail::addmul_1_adx(r, u, a, n, w); },
           true});
      v.push_back({"addmul_1_adc_blocks (in place: u copied to r first)",
                   [](Word* r, const Word* u, const Word* a, int n, Word w) {
                     if (r != u) std::copy(u, u + n, r);
                     return detail::addmul_1_adc_blocks(r, a, n, w);
                   },
                   true});
    }
  }
#endif
  return v;
}

template <class Word> std::vector<Body<Word>> submul_bodies() {
  std::vector<Body<Word>> v = {
      {"submul_1", [](Word* r, const Word* u, const Word* a, int n, Word w) { return mpn::submul_1(r, u, a, n, w); },
       false},
      {"submul_1_portable",
       [](Word* r, const Word* u, const Word* a, int n, Word w) { return mpn::submul_1_portable(r, u, a, n, w); },
       false}};
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (sizeof(Word) == 8) {
    v.push_back(
        {"submul_1_x86",
         [](Word* r, const Word* u, const Word* a, int n, Word w) { return detail::submul_1_x86(r, u, a, n, w); },
         true});
    if (detail::host_has_mulx_adx) {
      v.push_back(
          {"submul_1_adx",
           [](Word* r, const Word* u, const Word* a, int n, Word w) { return detail::submul_1_adx(r, u, a, n, w); },
           true});
    }
  }
#endif
  return v;
}

/// submul_1_portable unrolled for a constant length: the lengths it is tried at.
using FixedLengths = std::integer_sequence<int, 1, 2, 3, 4, 5, 8, 9, 16, 17>;

template <int... F> constexpr bool is_fixed_length(int n, std::integer_sequence<int, F...>) {
  return ((n == F) || ...);
}

/// submul_1_portable<n> on words stored as Limbs (n one of FixedLengths).
template <class Word, class Limb, int... F>
Word submul_fixed(Limb* r, const Limb* u, const Limb* a, int n, Word w, std::integer_sequence<int, F...>) {
  Word out = 0;
  ((n == F ? (out = mpn::submul_1_portable<F>(r, u, a, n, w), true) : false) || ...);
  return out;
}

// ---- one set of operands through every body -----------------------------------------------------------------

/// Runs one row body out of place (r a fresh array between guards) and in place (r = u, or r = a for mul_1), and
/// checks the result exactly and the guards.
template <class Word, class Call>
::testing::AssertionResult run_body(const char* name, Row row, Call&& call, const std::vector<Word>& u,
                                    const std::vector<Word>& a, int n, Word w, Word carry_in) {
  const auto un = static_cast<std::size_t>(n);
  for (const bool in_place : {false, true}) {
    std::vector<Word> buffer(un + 2 * guard_words, guard<Word>);
    Word* r = buffer.data() + guard_words;
    const Word* src = row == Row::mul ? a.data() : u.data();
    if (in_place) std::copy(src, src + n, r);
    const Word out = call(r, in_place ? r : src);
    if (!exact(row, r, out, u.data(), a.data(), n, w, carry_in)) {
      return ::testing::AssertionFailure() << name << (in_place ? " in place" : "") << " differs from GMP: got "
                                           << hex(r, n) << " and " << out << " out of the top";
    }
    if (!guards_intact(buffer, n)) {
      return ::testing::AssertionFailure() << name << (in_place ? " in place" : "") << " wrote outside its n words";
    }
  }
  return ::testing::AssertionSuccess();
}

/// submul_1 on 64-bit words stored as 32-bit limbs (what the host's division does on the value types' limbs): the
/// chooser, the portable body (and its unrolled forms) and on x86-64 the assembly, which reads the limbs directly.
::testing::AssertionResult run_submul_on_limbs(const std::vector<std::uint64_t>& u, const std::vector<std::uint64_t>& a,
                                               int n, std::uint64_t w) {
  using Limb = std::uint32_t;
  const auto ln = static_cast<std::size_t>(2 * n);
  std::vector<Limb> u32(ln), a32(ln);
  if (n > 0) {
    std::memcpy(u32.data(), u.data(), ln * sizeof(Limb));  // x86-64 is little-endian: a word is its two limbs
    std::memcpy(a32.data(), a.data(), ln * sizeof(Limb));
  }
  using Fn = std::uint64_t (*)(Limb*, const Limb*, const Limb*, int, std::uint64_t);
  std::vector<std::pair<const char*, Fn>> bodies = {
      {"submul_1 on 32-bit limbs",
       [](Limb* r, const Limb* x, const Limb* y, int k, std::uint64_t v) { return mpn::submul_1(r, x, y, k, v); }},
      {"submul_1_portable on 32-bit limbs", [](Limb* r, const Limb* x, const Limb* y, int k, std::uint64_t v) {
         return mpn::submul_1_portable(r, x, y, k, v);
       }}};
  if (is_fixed_length(n, FixedLengths{})) {
    bodies.push_back(
        {"submul_1_portable<n> on 32-bit limbs", [](Limb* r, const Limb* x, const Limb* y, int k, std::uint64_t v) {
           return submul_fixed(r, x, y, k, v, FixedLengths{});
         }});
  }
#if WARPNUM_DETAIL_X86_64_ASM
  if (n > 0) {
    bodies.push_back(
        {"submul_1_x86 on 32-bit limbs", [](Limb* r, const Limb* x, const Limb* y, int k, std::uint64_t v) {
           return detail::submul_1_x86(r, x, y, k, v);
         }});
    if (detail::host_has_mulx_adx) {
      bodies.push_back(
          {"submul_1_adx on 32-bit limbs", [](Limb* r, const Limb* x, const Limb* y, int k, std::uint64_t v) {
             return detail::submul_1_adx(r, x, y, k, v);
           }});
    }
  }
#endif
  for (const auto& [name, fn] : bodies) {
    for (const bool in_place : {false, true}) {
      std::vector<Limb> buffer(ln + 2 * guard_words, guard<Limb>);
      Limb* r = buffer.data() + guard_words;
      if (in_place) std::copy(u32.begin(), u32.end(), r);
      const std::uint64_t out = fn(r, in_place ? r : u32.data(), a32.data(), n, w);
      std::vector<std::uint64_t> words(static_cast<std::size_t>(n));
      if (n > 0) std::memcpy(words.data(), r, ln * sizeof(Limb));
      if (!exact(Row::submul, words.data(), out, u.data(), a.data(), n, w, std::uint64_t{0})) {
        return ::testing::AssertionFailure() << name << (in_place ? " in place" : "") << " differs from GMP: got "
                                             << hex(words.data(), n) << " and " << out << " out of the top";
      }
      if (!guards_intact(buffer, 2 * n)) return ::testing::AssertionFailure() << name << " wrote outside its limbs";
    }
  }
  return ::testing::AssertionSuccess();
}

/// Every row body on one set of operands: u and a of n words, the multiplier w, mul_1's carry in.
template <class Word>::testing::AssertionResult check_rows(const std::vector<Word>& u, const std::vector<Word>& a,
                                                           int n, Word w, Word carry_in) {
  const auto describe = [&] {
    return "n = " + std::to_string(n) + ", w = " + std::to_string(w) + ", carry in " + std::to_string(carry_in) +
           ", a = " + hex(a.data(), n) + ", u = " + hex(u.data(), n);
  };
  ::testing::AssertionResult r = run_body(
      "mul_1", Row::mul, [&](Word* out, const Word* src) { return mpn::mul_1(out, src, n, w, carry_in); }, u, a, n, w,
      carry_in);
  if (!r) return r << " with " << describe();
  for (const Row row : {Row::addmul, Row::submul}) {
    for (const Body<Word>& body : row == Row::addmul ? addmul_bodies<Word>() : submul_bodies<Word>()) {
      if (body.assembly && n == 0) continue;
      r = run_body(
          body.name, row, [&](Word* out, const Word* src) { return body.fn(out, src, a.data(), n, w); }, u, a, n, w,
          carry_in);
      if (!r) return r << " with " << describe();
    }
  }
  if (is_fixed_length(n, FixedLengths{})) {
    r = run_body(
        "submul_1_portable<n>", Row::submul,
        [&](Word* out, const Word* src) { return submul_fixed(out, src, a.data(), n, w, FixedLengths{}); }, u, a, n, w,
        carry_in);
    if (!r) return r << " with " << describe();
  }
  if constexpr (sizeof(Word) == 8) {
    r = run_submul_on_limbs(u, a, n, w);
    if (!r) return r << " with " << describe();
  }
  return ::testing::AssertionSuccess();
}

template <class Word> class MpnMul1 : public ::testing::Test {};
using WordTypes = ::testing::Types<std::uint32_t, std::uint64_t>;
TYPED_TEST_SUITE(MpnMul1, WordTypes);

TYPED_TEST(MpnMul1, ConstantEvaluationAgainstGmp) {
  using Word = TypeParam;
  static constexpr ConstexprRows<Word> c = constexpr_rows<Word>();
  const int n = c.n;
  EXPECT_TRUE(exact(Row::mul, c.mul, c.mul_out, c.u, c.a, n, c.w, c.carry_in)) << "mul_1 in constant evaluation";
  EXPECT_TRUE(exact(Row::addmul, c.add, c.add_out, c.u, c.a, n, c.w, Word{0})) << "addmul_1 in constant evaluation";
  EXPECT_TRUE(exact(Row::submul, c.sub, c.sub_out, c.u, c.a, n, c.w, Word{0})) << "submul_1 in constant evaluation";
}

// Seeded random operands (random_words' carry-heavy shapes) at every length, random or special multipliers.
TYPED_TEST(MpnMul1, RandomAgainstGmp) {
  using Word = TypeParam;
  const std::string what = "mpn mul_1 rows " + std::to_string(sizeof(Word) * 8);
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int n = 0; n <= max_length; ++n) {
    const auto un = static_cast<std::size_t>(n);
    for (int c = 0; c < 400; ++c) {
      std::vector<Word> u(un + 1), a(un + 1);  // random_words wants one word at least; the extra one is unused
      random_words(rng, u.data(), n + 1);
      random_words(rng, a.data(), n + 1);
      const Word w = rng.chance(1, 2) ? special_word<Word>(rng) : static_cast<Word>(rng.next());
      const Word carry_in = rng.chance(1, 2) ? special_word<Word>(rng) : static_cast<Word>(rng.next());
      ASSERT_TRUE(check_rows(u, a, n, w, carry_in)) << what << ": seed " << seed << ", n = " << n << ", case " << c;
    }
  }
}

// The multipliers 0, 1, 2, all ones, the top bit alone and all but it, against arrays of zeros, of all ones, a
// single 1, the top bit of every word, and alternating 0 / all ones: the largest products and carries (all ones
// times all ones plus all ones), none at all, and borrows that run the whole length.
TYPED_TEST(MpnMul1, EdgeOperands) {
  using Word = TypeParam;
  constexpr Word ones = static_cast<Word>(~Word{0});
  constexpr Word top = static_cast<Word>(ones ^ (ones >> 1));
  const Word multipliers[] = {0, 1, 2, ones, top, static_cast<Word>(ones >> 1), static_cast<Word>(ones - 1)};
  const auto shaped = [&](int shape, int n) {
    std::vector<Word> v(static_cast<std::size_t>(n) + 1, 0);
    for (int i = 0; i < n; ++i) {
      switch (shape) {
        case 0: v[i] = 0; break;
        case 1: v[i] = ones; break;
        case 2: v[i] = i == 0 ? Word{1} : Word{0}; break;
        case 3: v[i] = top; break;
        default: v[i] = i % 2 == 0 ? Word{0} : ones; break;
      }
    }
    return v;
  };
  for (int n = 0; n <= max_length; ++n) {
    for (int sa = 0; sa < 5; ++sa) {
      for (int su = 0; su < 5; ++su) {
        const std::vector<Word> a = shaped(sa, n);
        const std::vector<Word> u = shaped(su, n);
        for (const Word w : multipliers) {
          for (const Word carry_in : {Word{0}, ones}) {
            ASSERT_TRUE(check_rows(u, a, n, w, carry_in)) << "shapes a " << sa << ", u " << su;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace warpnum::test

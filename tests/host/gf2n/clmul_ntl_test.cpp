// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/clmul_ntl_test.cpp: detail/gf2n/clmul.hpp's carry-less products against NTL's GF2X multiplication:
// the 32- and 64-bit word products (the spaced-multiply portable bodies of detail/gf2n/clmul_word.hpp, PCLMULQDQ of
// detail/x86/clmul_x86.hpp where detail/x86/cpu.hpp finds it, and the choosers), word squares, the PCLMULQDQ
// products reduced modulo x^64 + r1 and x^128 + r1 (also in place), and
// the word-array products (schoolbook, Karatsuba split as the host and as the device split it, the chooser, squares)
// at 1 to 64 words, with guard words. Random and edge operands; the array products also in constant evaluation.
#include "cases/random.hpp"
#include "oracle/ntl.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/clmul.hpp>
#include <warpnum/detail/x86/cpu.hpp>

#include <NTL/GF2X.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

namespace gf2x = detail::gf2x;
using oracle::gf2x_from_words;

NTL::GF2X poly64(std::uint64_t w) { return gf2x_from_words(&w, 1); }
NTL::GF2X poly128(std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t w[2] = {lo, hi};
  return gf2x_from_words(w, 2);
}
std::string hex(const NTL::GF2X& f) { return "0x" + oracle::to_hex(f); }

/// A word from random_words' mix: uniform, 0, all ones, 1, the top bit, runs of ones, powers of two.
std::uint64_t random_word64(Rng& rng) {
  std::uint64_t w[2];
  random_words(rng, w, 2);
  return rng.chance(1, 2) ? w[0] : w[1];
}

/// Words that stress a carry-less product: 0, 1, all ones, the top bit, alternating bits, every fourth bit (the
/// spaced multiply's classes), one class of four missing, x^31, x^32, the low and high halves all ones.
std::vector<std::uint64_t> edge_words64() {
  return {0,
          1,
          ~0ull,
          1ull << 63,
          0x5555555555555555ull,
          0xaaaaaaaaaaaaaaaaull,
          0x1111111111111111ull,
          0x8888888888888888ull,
          0x7777777777777777ull,
          1ull << 31,
          1ull << 32,
          0xffffffffull,
          0xffffffff00000000ull,
          0x8000000000000001ull};
}

// ---- products of words ---------------------------------------------------------------------------------------

::testing::AssertionResult check_words64(std::uint64_t a, std::uint64_t b) {
  const NTL::GF2X want = poly64(a) * poly64(b);
  const auto check = [&](const char* name, gf2x::Clmul128 p) -> ::testing::AssertionResult {
    if (poly128(p.lo, p.hi) == want) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << name << "(" << hex(poly64(a)) << ", " << hex(poly64(b)) << ") is "
                                         << hex(poly128(p.lo, p.hi)) << ", expected " << hex(want);
  };
  ::testing::AssertionResult r = check("clmul64_portable", gf2x::clmul64_portable(a, b));
  if (r) r = check("clmul64", gf2x::clmul64(a, b));
#if WARPNUM_DETAIL_X86_64_ASM
  if (r) r = check("clmul64_portable_outlined", gf2x::clmul64_portable_outlined(a, b));
  if (r && detail::cpu_has_pclmul()) r = check("clmul64_x86", gf2x::clmul64_x86(a, b));
#endif
  if (!r || a != b) return r;
  const NTL::GF2X square = poly64(a) * poly64(a);
  const gf2x::Clmul128 s = gf2x::sqr64(a);
  if (poly128(s.lo, s.hi) != square) return ::testing::AssertionFailure() << "sqr64(" << hex(poly64(a)) << ") is wrong";
  const std::uint64_t lo = gf2x::spread32(static_cast<std::uint32_t>(a));
  if (poly64(lo) != poly64(a & 0xffffffffu) * poly64(a & 0xffffffffu))
    return ::testing::AssertionFailure() << "spread32(" << hex(poly64(a & 0xffffffffu)) << ") is wrong";
  return r;
}

::testing::AssertionResult check_words32(std::uint32_t a, std::uint32_t b) {
  const NTL::GF2X want = poly64(a) * poly64(b);
  const std::uint64_t portable = gf2x::clmul32_portable(a, b);
  const std::uint64_t chosen = gf2x::clmul32(a, b);
  if (poly64(portable) == want && poly64(chosen) == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "clmul32_portable / clmul32(" << hex(poly64(a)) << ", " << hex(poly64(b))
                                       << ") are " << hex(poly64(portable)) << " / " << hex(poly64(chosen))
                                       << ", expected " << hex(want);
}

TEST(GF2xClmul, WordProductsRandomAgainstNtl) {
  const std::string what = "gf2x word products";
  run_random_cases(what, seed_for(what), 20000, [](Rng& rng, int i) {
    const std::uint64_t a = random_word64(rng);
    const std::uint64_t b = i % 8 == 0 ? a : random_word64(rng);  // squares too
    ::testing::AssertionResult r = check_words64(a, b);
    if (!r) return r;
    return check_words32(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b >> (i % 2 == 0 ? 0 : 32)));
  });
}

TEST(GF2xClmul, WordProductsEdgeAgainstNtl) {
  const std::vector<std::uint64_t> edges = edge_words64();
  run_edge_pairs("gf2x word products", edges, [](std::uint64_t a, std::uint64_t b) {
    ::testing::AssertionResult r = check_words64(a, b);
    if (!r) return r;
    r = check_words32(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
    if (!r) return r;
    return check_words32(static_cast<std::uint32_t>(a >> 32), static_cast<std::uint32_t>(b));
  });
}

// x^i x^j = x^(i+j) for every pair of monomials: each bit position of each body on its own.
TEST(GF2xClmul, EveryPairOfMonomials) {
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 64; ++j) {
      const int k = i + j;
      const std::uint64_t lo = k < 64 ? 1ull << k : 0, hi = k < 64 ? 0 : 1ull << (k - 64);
      const std::uint64_t a = 1ull << i, b = 1ull << j;
      const auto same = [&](gf2x::Clmul128 p) { return p.lo == lo && p.hi == hi; };
      EXPECT_TRUE(same(gf2x::clmul64_portable(a, b))) << "clmul64_portable, x^" << i << " x^" << j;
      EXPECT_TRUE(same(gf2x::clmul64(a, b))) << "clmul64, x^" << i << " x^" << j;
      if (i < 32 && j < 32) {
        EXPECT_EQ(gf2x::clmul32_portable(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)), lo)
            << "clmul32_portable, x^" << i << " x^" << j;
        EXPECT_EQ(gf2x::clmul32(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)), lo)
            << "clmul32, x^" << i << " x^" << j;
      }
    }
  }
}

// ---- PCLMULQDQ products modulo x^64 + r1 and x^128 + r1 --------------------------------------------------------

#if WARPNUM_DETAIL_X86_64_ASM

/// r1 of degree at most `max_degree`: the NIST-style low terms, the largest allowed degree, all ones up to it, 0.
std::vector<std::uint64_t> edge_tails(int max_degree) {
  const std::uint64_t all = max_degree == 63 ? ~0ull : (2ull << max_degree) - 1;
  return {0x1b, 0x87, 1, 0, all, 1ull << max_degree, (1ull << max_degree) | 1, all ^ 1};
}

::testing::AssertionResult check_mod64(std::uint64_t a, std::uint64_t b, std::uint64_t r1) {
  NTL::GF2X f = poly64(r1);
  NTL::SetCoeff(f, 64);
  const NTL::GF2X want = NTL::MulMod(poly64(a), poly64(b), f);
  const auto ops = [&] { return "a = " + hex(poly64(a)) + ", b = " + hex(poly64(b)) + ", r1 = " + hex(poly64(r1)); };
  std::uint64_t res = 0x5a5a5a5a5a5a5a5aull;
  gf2x::mul_mod64_x86(&res, &a, &b, r1);
  if (poly64(res) != want)
    return ::testing::AssertionFailure() << "mul_mod64_x86: " << ops() << ": got " << hex(poly64(res)) << ", expected "
                                         << hex(want);
  std::uint64_t x = a;
  gf2x::mul_mod64_x86(&x, &x, &b, r1);
  std::uint64_t y = b;
  gf2x::mul_mod64_x86(&y, &a, &y, r1);
  if (poly64(x) != want || poly64(y) != want)
    return ::testing::AssertionFailure() << "mul_mod64_x86 in place: " << ops();
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult check_mod128(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t r1) {
  NTL::GF2X f = poly64(r1);
  NTL::SetCoeff(f, 128);
  const NTL::GF2X want = NTL::MulMod(gf2x_from_words(a, 2), gf2x_from_words(b, 2), f);
  const auto ops = [&] {
    return "a = " + hex(gf2x_from_words(a, 2)) + ", b = " + hex(gf2x_from_words(b, 2)) + ", r1 = " + hex(poly64(r1));
  };
  std::uint64_t r[4] = {0x5a5a5a5a5a5a5a5aull, 0x5a5a5a5a5a5a5a5aull, 0x0123456789abcdefull, 0x0123456789abcdefull};
  gf2x::mul_mod128_x86(r, a, b, r1);
  if (gf2x_from_words(r, 2) != want) {
    return ::testing::AssertionFailure() << "mul_mod128_x86: " << ops() << ": got " << hex(gf2x_from_words(r, 2))
                                         << ", expected " << hex(want);
  }
  if (r[2] != 0x0123456789abcdefull || r[3] != 0x0123456789abcdefull)
    return ::testing::AssertionFailure() << "mul_mod128_x86 wrote past its two words: " << ops();
  std::uint64_t x[2] = {a[0], a[1]};
  gf2x::mul_mod128_x86(x, x, b, r1);
  std::uint64_t y[2] = {b[0], b[1]};
  gf2x::mul_mod128_x86(y, a, y, r1);
  if (gf2x_from_words(x, 2) != want || gf2x_from_words(y, 2) != want)
    return ::testing::AssertionFailure() << "mul_mod128_x86 in place: " << ops();
  std::uint64_t z[2] = {a[0], a[1]};
  gf2x::mul_mod128_x86(z, z, z, r1);  // a square, all three the same array
  if (gf2x_from_words(z, 2) != NTL::SqrMod(gf2x_from_words(a, 2), f))
    return ::testing::AssertionFailure() << "mul_mod128_x86(a, a, a) is not a^2: " << ops();
  return ::testing::AssertionSuccess();
}

TEST(GF2xClmul, MulMod64AgainstNtl) {
  if (!detail::cpu_has_pclmul()) GTEST_SKIP() << "no PCLMULQDQ on this processor";
  const std::string what = "gf2x mul_mod64_x86";
  run_random_cases(what, seed_for(what), 20000, [](Rng& rng, int) {
    const std::uint64_t r1 = rng.next() & ((2ull << rng.below(33)) - 1);  // degree at most 32
    return check_mod64(random_word64(rng), random_word64(rng), r1);
  });
  for (const std::uint64_t r1 : edge_tails(32)) {
    run_edge_pairs(what + " r1 = " + hex(poly64(r1)), edge_words64(),
                   [r1](std::uint64_t a, std::uint64_t b) { return check_mod64(a, b, r1); });
  }
}

TEST(GF2xClmul, MulMod128AgainstNtl) {
  if (!detail::cpu_has_pclmul()) GTEST_SKIP() << "no PCLMULQDQ on this processor";
  const std::string what = "gf2x mul_mod128_x86";
  run_random_cases(what, seed_for(what), 20000, [](Rng& rng, int) {
    std::uint64_t a[2], b[2];
    random_words(rng, a, 2);
    random_words(rng, b, 2);
    const std::uint64_t r1 = rng.next() & (rng.chance(1, 2) ? ~0ull : (2ull << rng.below(63)) - 1);  // degree < 64
    return check_mod128(a, b, r1);
  });
  const std::vector<std::uint64_t> words = edge_words64();
  for (const std::uint64_t r1 : edge_tails(63)) {
    for (const std::uint64_t a0 : words) {
      for (const std::uint64_t b1 : words) {
        const std::uint64_t a[2] = {a0, ~a0}, b[2] = {~b1, b1};
        const std::uint64_t c[2] = {a0, b1}, d[2] = {b1, b1};
        ASSERT_TRUE(check_mod128(a, b, r1));
        ASSERT_TRUE(check_mod128(c, d, r1));
      }
    }
  }
}

#endif

// ---- products of word arrays ---------------------------------------------------------------------------------

constexpr int guard_words = 2;
constexpr std::uint64_t guard = 0xc3c3c3c3a5a5a5a5ull;

template <int W> struct Words : std::integral_constant<int, W> {};
struct WordsNames {
  template <class T> static std::string GetName(int) { return "W" + std::to_string(T::value); }
};
using WordCounts = ::testing::Types<Words<1>, Words<2>, Words<3>, Words<4>, Words<5>, Words<7>, Words<8>, Words<9>,
                                    Words<11>, Words<12>, Words<13>, Words<16>, Words<17>, Words<32>, Words<64>>;

/// a * b (W words each) by every array body, and a^2, against NTL, each product between guard words.
template <int W>::testing::AssertionResult check_arrays(const std::uint64_t* a, const std::uint64_t* b) {
  const NTL::GF2X fa = gf2x_from_words(a, W), fb = gf2x_from_words(b, W);
  const NTL::GF2X want = fa * fb;
  using Body = void (*)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*);
  const std::pair<const char*, Body> bodies[] = {
      {"mul_words",
       [](std::uint64_t* r, const std::uint64_t* x, const std::uint64_t* y) { gf2x::mul_words<W>(r, x, y); }},
      {"mul_schoolbook",
       [](std::uint64_t* r, const std::uint64_t* x, const std::uint64_t* y) { gf2x::mul_schoolbook<W>(r, x, y); }},
      {"mul_words_split (the host's splits)", [](std::uint64_t* r, const std::uint64_t* x,
                                                 const std::uint64_t* y) { gf2x::mul_words_split<W, false>(r, x, y); }},
      {"mul_words_split (the device's splits)",
       [](std::uint64_t* r, const std::uint64_t* x, const std::uint64_t* y) {
         gf2x::mul_words_split<W, true>(r, x, y);
       }},
      {"sqr_words", [](std::uint64_t* r, const std::uint64_t* x, const std::uint64_t*) { gf2x::sqr_words<W>(r, x); }}};
  for (const auto& [name, body] : bodies) {
    const bool square = name[0] == 's' && name[1] == 'q';
    std::uint64_t buffer[2 * W + 2 * guard_words];
    for (std::uint64_t& w : buffer) w = guard;
    body(buffer + guard_words, a, b);
    const NTL::GF2X got = gf2x_from_words(buffer + guard_words, 2 * W);
    const NTL::GF2X& expected = square ? NTL::GF2X(fa * fa) : want;
    if (got != expected) {
      return ::testing::AssertionFailure() << name << "<" << W << ">: a = " << hex(fa) << ", b = " << hex(fb)
                                           << ": got " << hex(got) << ", expected " << hex(expected);
    }
    for (int i = 0; i < guard_words; ++i) {
      if (buffer[i] != guard || buffer[2 * W + guard_words + i] != guard)
        return ::testing::AssertionFailure() << name << "<" << W << "> wrote outside its 2W words";
    }
  }
  return ::testing::AssertionSuccess();
}

template <class T> class GF2xArrays : public ::testing::Test {};
TYPED_TEST_SUITE(GF2xArrays, WordCounts, WordsNames);

TYPED_TEST(GF2xArrays, RandomAgainstNtl) {
  constexpr int W = TypeParam::value;
  const std::string what = "gf2x array products W = " + std::to_string(W);
  run_random_cases(what, seed_for(what), W <= 17 ? 2000 : 300, [](Rng& rng, int i) {
    std::uint64_t a[W], b[W];
    random_words(rng, a, W);
    random_words(rng, b, W);
    return check_arrays<W>(a, i % 4 == 0 ? a : b);
  });
}

// Zero, one, all ones (every coefficient of the product's middle present), a top coefficient alone, ones in the
// low or the high half only (Karatsuba's pieces, one of them zero), alternating words.
TYPED_TEST(GF2xArrays, EdgeOperands) {
  constexpr int W = TypeParam::value;
  std::vector<std::vector<std::uint64_t>> edges;
  for (int shape = 0; shape < 7; ++shape) {
    std::vector<std::uint64_t> v(W, 0);
    for (int i = 0; i < W; ++i) {
      switch (shape) {
        case 0: break;
        case 1: v[i] = i == 0 ? 1 : 0; break;
        case 2: v[i] = ~0ull; break;
        case 3: v[i] = i == W - 1 ? 1ull << 63 : 0; break;
        case 4: v[i] = i < (W + 1) / 2 ? ~0ull : 0; break;
        case 5: v[i] = i >= (W + 1) / 2 ? ~0ull : 0; break;
        default: v[i] = i % 2 == 0 ? 0x5555555555555555ull : ~0ull; break;
      }
    }
    edges.push_back(v);
  }
  run_edge_pairs("gf2x array products W = " + std::to_string(W), edges,
                 [](const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
                   return check_arrays<W>(a.data(), b.data());
                 });
}

// ---- constant evaluation: mul_words and sqr_words on the portable word products ---------------------------------

template <int W> struct ConstexprProduct {
  std::uint64_t a[W] = {}, b[W] = {}, product[2 * W] = {}, square[2 * W] = {};
};

template <int W> constexpr ConstexprProduct<W> constexpr_product() {
  ConstexprProduct<W> c;
  for (int i = 0; i < W; ++i) {
    c.a[i] = 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(i + 1);
    c.b[i] = i % 3 == 0 ? ~0ull : 0xd1b54a32d192ed03ull ^ static_cast<std::uint64_t>(i);
  }
  gf2x::mul_words<W>(c.product, c.a, c.b);
  gf2x::sqr_words<W>(c.square, c.a);
  return c;
}

template <int W> void expect_constexpr_product() {
  static constexpr ConstexprProduct<W> c = constexpr_product<W>();
  const NTL::GF2X a = gf2x_from_words(c.a, W);
  EXPECT_EQ(gf2x_from_words(c.product, 2 * W), a * gf2x_from_words(c.b, W)) << "mul_words<" << W << ">";
  EXPECT_EQ(gf2x_from_words(c.square, 2 * W), a * a) << "sqr_words<" << W << ">";
}

TEST(GF2xClmul, ConstantEvaluationAgainstNtl) {
  static_assert(gf2x::clmul32_portable(0xffffffffu, 0xffffffffu) == 0x5555555555555555ull);
  expect_constexpr_product<1>();
  expect_constexpr_product<3>();
  expect_constexpr_product<12>();  // split by Karatsuba on the host
}

}  // namespace
}  // namespace warpnum::test

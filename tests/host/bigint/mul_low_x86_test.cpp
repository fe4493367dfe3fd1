// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/mul_low_x86_test.cpp: the host's low-half products in assembly (detail/x86/mul_low_adx.hpp:
// mul_low_4_adx, mul_low_8_adx) and their fallback (mul_low_columns<4>, <8>), called directly, against mpz:
// r = a b mod 2^(64 n). The arithmetic suites reach only the path this processor takes; here both run (the
// assembly where the processor has BMI2 and ADX, else it is skipped). Operands of every random_words shape (runs
// of ones, powers of two, all-ones words), and r aliasing a and b.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/x86/mul_low_adx.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>

namespace warpnum::test {
namespace {

using oracle::Mpz;

template <int N> using Words = std::array<std::uint64_t, N>;

template <int N> Mpz to_z(const Words<N>& x) {
  Mpz z;
  oracle::from_words(z, x.data(), N);
  return z;
}

/// a b mod 2^(64 N).
template <int N> Mpz reference(const Words<N>& a, const Words<N>& b) {
  Mpz r;
  mpz_mul(r, to_z<N>(a), to_z<N>(b));
  mpz_fdiv_r_2exp(r, r, 64 * N);
  return r;
}

template <int N>
::testing::AssertionResult same(const char* what, const Words<N>& a, const Words<N>& b, const Words<N>& got) {
  const Mpz want = reference<N>(a, b);
  if (to_z<N>(got) == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": a = " << oracle::to_text(to_z<N>(a), 16)
                                       << ", b = " << oracle::to_text(to_z<N>(b), 16) << ": want "
                                       << oracle::to_text(want, 16) << ", got " << oracle::to_text(to_z<N>(got), 16);
}

template <int N> void assembly(void* r, const void* a, const void* b) {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 4) {
    detail::mul_low_4_adx(r, a, b);
  } else {
    detail::mul_low_8_adx(r, a, b);
  }
#else
  (void)r, (void)a, (void)b;
#endif
}

template <int N> ::testing::AssertionResult check(const Words<N>& a, const Words<N>& b) {
  Words<N> r{};
  detail::mul_low_columns<N>(r.data(), a.data(), b.data());
  if (auto c = same<N>("mul_low_columns", a, b, r); !c) return c;
#if WARPNUM_DETAIL_X86_64_ASM
  if (detail::host_has_mulx_adx) {
    assembly<N>(r.data(), a.data(), b.data());
    if (auto c = same<N>("assembly", a, b, r); !c) return c;
    Words<N> x = a;
    assembly<N>(x.data(), x.data(), b.data());
    if (auto c = same<N>("assembly, r = a", a, b, x); !c) return c;
    x = b;
    assembly<N>(x.data(), a.data(), x.data());
    if (auto c = same<N>("assembly, r = b", a, b, x); !c) return c;
    x = a;
    assembly<N>(x.data(), x.data(), x.data());
    if (auto c = same<N>("assembly, r = a = b", a, a, x); !c) return c;
  }
#endif
  return ::testing::AssertionSuccess();
}

template <int N> void random_cases() {
  const std::string what = "mul_low " + std::to_string(N) + " words";
  run_random_cases(what, seed_for(what), 50000, [](Rng& rng, int) {
    Words<N> a{}, b{};
    random_words(rng, a.data(), N);
    random_words(rng, b.data(), N);
    return check<N>(a, b);
  });
}

template <int N> void edge_cases() {
  constexpr std::uint64_t ones = ~std::uint64_t{0};
  std::vector<Words<N>> values(6);
  values[1][0] = 1;
  values[2].fill(ones);
  values[3].fill(ones);
  values[3][0] = 1;                      // 2^(64 N) - 2^64 + 1
  values[4][N - 1] = std::uint64_t{1} << 63;  // the top bit only
  for (int i = 0; i < N; ++i) values[5][i] = i % 2 ? ones : 0;
  for (const auto& a : values) {
    for (const auto& b : values) EXPECT_TRUE(check<N>(a, b));
  }
}

TEST(MulLowX86, FourWordsRandom) { random_cases<4>(); }
TEST(MulLowX86, EightWordsRandom) { random_cases<8>(); }
TEST(MulLowX86, FourWordsEdges) { edge_cases<4>(); }
TEST(MulLowX86, EightWordsEdges) { edge_cases<8>(); }

}  // namespace
}  // namespace warpnum::test

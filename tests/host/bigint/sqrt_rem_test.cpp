// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/sqrt_rem_test.cpp: detail::sqrt_rem (Zimmermann's recursive square root, which isqrt takes
// for widths that are multiples of 64 bits) against mpz_sqrtrem: root and remainder for normalised inputs (top two
// bits not both zero) at root widths whose word counts split evenly and unevenly (h > l) down the recursion, on
// random values and on the shapes at the algorithm's boundaries: exact squares, the largest remainder (2 s),
// a high part whose remainder is its largest (r1 = 2 s1, which drives the quotient to b), all ones, and the
// smallest normalised value.
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <string>

namespace warpnum::test {
namespace {

using oracle::Mpz;
using oracle::to_mpz;

constexpr int random_cases = 4000;

template <std::size_t R> struct RootBits {
  static constexpr std::size_t value = R;
};

struct RootNames {
  template <class T> static std::string GetName(int) { return "Root" + std::to_string(T::value); }
};

// Root words 1, 2, 3 (h = 2, l = 1), 4, 5 (3, 2), 6, 7, 8, 12, 16, 32, 64 and 128: every split the recursion meets
// for these, and the widths of isqrt on BigUInt<128> to BigUInt<8192>.
using Roots = ::testing::Types<RootBits<32>, RootBits<64>, RootBits<96>, RootBits<128>, RootBits<160>, RootBits<192>,
                               RootBits<224>, RootBits<256>, RootBits<384>, RootBits<512>, RootBits<1024>,
                               RootBits<2048>, RootBits<4096>>;

template <class T> class SqrtRemTest : public ::testing::Test {};
TYPED_TEST_SUITE(SqrtRemTest, Roots, RootNames);

template <std::size_t R> ::testing::AssertionResult check(const BasicInt<2 * R, false>& a) {
  const Mpz za = to_mpz(a);
  Mpz s;
  Mpz r;
  mpz_sqrtrem(s.get(), r.get(), za.get());
  const auto got = detail::sqrt_rem<R>(a);
  if (mpz_cmp(to_mpz(got.root).get(), s.get()) != 0 || mpz_cmp(to_mpz(got.rem).get(), r.get()) != 0) {
    return ::testing::AssertionFailure() << "sqrt_rem(" << oracle::to_text(za.get()) << "): root "
                                         << oracle::to_text(to_mpz(got.root).get()) << " rem "
                                         << oracle::to_text(to_mpz(got.rem).get()) << ", want "
                                         << oracle::to_text(s.get()) << " rem " << oracle::to_text(r.get());
  }
  return ::testing::AssertionSuccess();
}

/// a with its top two bits not both zero (sqrt_rem's precondition), by setting one of them.
template <std::size_t Bits> BasicInt<Bits, false> normalised(BasicInt<Bits, false> a, Rng& rng) {
  if (!a.bit(Bits - 1) && !a.bit(Bits - 2)) a.set_bit(Bits - 1 - rng.below(2));
  return a;
}

TYPED_TEST(SqrtRemTest, AgainstGmp) {
  constexpr std::size_t R = TypeParam::value;
  using A = BasicInt<2 * R, false>;
  using S = BasicInt<R, false>;
  // The high part's width at the top level (h words of root: the high part of a is its top 2 h words).
  constexpr std::size_t n = R / 32;
  constexpr std::size_t h = (n + 1) / 2;
  constexpr std::size_t low_bits = 64 * (n - h);
  const std::string what = "sqrt_rem<" + std::to_string(R) + ">";
  run_random_cases(what, seed_for(what), random_cases, [&](Rng& rng, int i) -> ::testing::AssertionResult {
    A a{};
    switch (i % 6) {
      case 0:  // random words (runs of ones and zeros among them)
        a = normalised(random_value<A>(rng), rng);
        break;
      case 1: {  // an exact square, or one below: remainders 0 and 2 (s - 1)
        S s = random_value<S>(rng);
        s.set_bit(R - 1);
        a = mul_wide(s, s) - A{rng.below(2)};
        break;
      }
      case 2: {  // the largest remainder: (s + 1)^2 - 1 = s^2 + 2 s
        S s = random_value<S>(rng);
        s.set_bit(R - 1);
        if (s == ~S{}) s -= 1u;
        const S s1 = s + 1u;
        a = mul_wide(s1, s1) - A{1u};
        break;
      }
      case 3: {  // a high part whose remainder is 2 s1 (the quotient at b), random low words
        if constexpr (R > 32) {
          using Hi = BasicInt<2 * R - low_bits, false>;
          using Hs = BasicInt<(2 * R - low_bits) / 2, false>;
          Hs s1 = random_value<Hs>(rng);
          s1.set_bit(Hs::bits - 1);
          if (s1 == ~Hs{}) s1 -= 1u;
          const Hs t = s1 + 1u;
          const Hi hi = Hi{mul_wide(t, t)} - Hi{1u};
          A low = random_value<A>(rng);
          if (low_bits < 2 * R) low = low & ((A{1u} << static_cast<int>(low_bits)) - 1u);
          a = (A{hi} << static_cast<int>(low_bits)) | low;
        } else {
          a = ~A{} - A{rng.below(1000)};
        }
        break;
      }
      case 4:  // all ones less a little, or the smallest normalised values
        a = rng.chance(1, 2) ? ~A{} - A{rng.below(1u << 20)} : (A{1u} << static_cast<int>(2 * R - 2)) + A{rng.below(1000)};
        break;
      default: {  // a near-square of a root with all-ones or all-zero low words
        S s = rng.chance(1, 2) ? ~S{} : S{1u} << static_cast<int>(R - 1);
        s ^= S{rng.below(1u << 16)};
        a = mul_wide(s, s) + A{rng.below(3)};
        break;
      }
    }
    return check<R>(normalised(a, rng));  // (s^2 - 1 for s = 2^(R - 1) is not)
  });
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/gcd_test.cpp: bigint/gcd.hpp's gcd and lcm of BigUInt and BigInt (of absolute values; lcm
// modulo 2^Bits) against mpz_gcd and mpz_lcm, in both operand orders and with the signs flipped: 0, 1 and equal
// operands, powers of two and their odd multiples, one operand dividing the other, consecutive numbers, all-ones
// values, consecutive Fibonacci numbers (Euclid's worst case), pairs whose tops agree (which the 64-bit
// approximations of Pornin's rounds may compare wrongly), lengths around 64 bits (where the approximations stop
// being exact), very different lengths, BigInt's min() (docs/errors.md: gcd(min(), 0) wraps to min()) and lcm's
// wrap-around; a few random_value shapes; and fixed values in constant evaluation. At 64, 160 (2.5 host words),
// 1024 and 4096 bits. (The many random cases of every width are arith_suite.hpp's.)
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/bigint/gcd.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation: the 32-bit limb algorithm ----------------------------------------------------------

constexpr bool fixed_values() {
  using U = BigUInt<256>;
  using S = BigInt<64>;
  // g (2^70 + 1) and g (2^100 + 2): the cofactors are coprime, so gcd is g and lcm is their product, which wraps.
  const U g = (U{1u} << 70) + 1u;
  const U x = (U{1u} << 100) + 1u;
  const U y = (U{1u} << 100) + 2u;
  bool ok = gcd(g * x, g * y) == g && gcd(g * y, g * x) == g && lcm(g * x, g * y) == g * x * y;
  ok = ok && gcd(U{}, U{}) == U{} && gcd(U{}, g) == g && gcd(g, U{}) == g && lcm(U{}, g) == U{};
  ok = ok && gcd(BigUInt<32>{0xffffffffu}, BigUInt<32>{0xffffu}) == BigUInt<32>{0xffffu};  // 2^32 - 1 = 65535 * 65537
  ok = ok && gcd(BigUInt<32>{1u} << 31, BigUInt<32>{96u}) == BigUInt<32>{32u};
  ok = ok && gcd(S{-12}, S{18}) == S{6} && gcd(S{12}, S{-18}) == S{6} && lcm(S{-12}, S{-18}) == S{36};
  return ok && gcd(S::min(), S{}) == S::min() && gcd(S::min(), S{-6}) == S{2} && lcm(S::min(), S{3}) == S::min();
}
static_assert(fixed_values());

TEST(GcdConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_values()); }

// ---- against GMP ------------------------------------------------------------------------------------------------

template <class T> class Gcd : public ::testing::Test {};
using GcdTypes = ::testing::Types<BigUInt<64>, BigInt<64>, BigUInt<160>, BigInt<160>, BigUInt<1024>, BigInt<4096>>;
TYPED_TEST_SUITE(Gcd, GcdTypes, TypeNames);

/// gcd and lcm of (a, b) and (b, a) against GMP; for BigInt also with either sign flipped (the results depend on
/// the absolute values only).
template <class T> ::testing::AssertionResult check_pair(const T& a, const T& b) {
  WARPNUM_TEST_CHECK(check_gcd(a, b));
  WARPNUM_TEST_CHECK(check_gcd(b, a));
  WARPNUM_TEST_CHECK(check_lcm(a, b));
  WARPNUM_TEST_CHECK(check_lcm(b, a));
  if constexpr (T::is_signed) {
    WARPNUM_TEST_CHECK(check_gcd(T{-a}, b));
    WARPNUM_TEST_CHECK(check_gcd(a, T{-b}));
    WARPNUM_TEST_CHECK(check_lcm(T{-a}, T{-b}));
  }
  return pass();
}

/// The low k bits of x (0 <= k <= Bits), as the unsigned pattern: a value of at most k bits.
template <class T> T low_bits(const T& x, std::size_t k) {
  using U = BigUInt<T::bits>;
  if (k == 0) return T{};
  return T{k >= T::bits ? U{x} : U{x} & ((U{1u} << k) - 1u)};
}

/// 2^k as T (for BigInt, k = Bits - 1 gives min()).
template <class T> T power_of_two(std::size_t k) { return T{BigUInt<T::bits>{1u} << k}; }

/// Bit positions at word and limb boundaries and near the top, below Bits.
template <class T> std::vector<std::size_t> boundary_bits() {
  std::vector<std::size_t> ks;
  for (const std::size_t k : {std::size_t{0}, std::size_t{1}, std::size_t{29}, std::size_t{30}, std::size_t{31},
                              std::size_t{32}, std::size_t{33}, std::size_t{63}, std::size_t{64}, std::size_t{65},
                              T::bits / 2, T::bits - 65, T::bits - 64, T::bits - 33, T::bits - 32, T::bits - 2, T::bits - 1})
    if (k < T::bits) ks.push_back(k);
  return ks;
}

TYPED_TEST(Gcd, ZeroOneAndEqual) {
  using T = TypeParam;
  Rng rng(seed_for("gcd zero one equal", T::bits));
  std::vector<T> values = edge_values<T>();
  for (int i = 0; i < 8; ++i) values.push_back(random_value<T>(rng));
  run_edge_cases(type_name<T>() + " gcd with 0, 1, itself", values, [](const T& x) {
    WARPNUM_TEST_CHECK(check_pair(T{}, x));  // gcd(0, x) = |x|, lcm = 0
    WARPNUM_TEST_CHECK(check_pair(T{1u}, x));
    WARPNUM_TEST_CHECK(check_pair(x, x));  // gcd = lcm = |x|
    if (gcd(x, x) != abs(x) || gcd(T{}, x) != abs(x)) return fail("gcd(x, x) or gcd(0, x) is not abs(x)", [&] { return show(x); });
    return pass();
  });
  EXPECT_EQ(gcd(T{}, T{}), T{});
  EXPECT_EQ(lcm(T{}, T{}), T{});
}

// gcd(2^i, 2^j) = 2^min(i, j), and odd multiples of powers of two: the common power of two that gcd_n takes out
// before its rounds and puts back after, at word boundaries and near the top.
TYPED_TEST(Gcd, PowersOfTwo) {
  using T = TypeParam;
  Rng rng(seed_for("gcd powers of two", T::bits));
  const auto ks = boundary_bits<T>();
  for (const std::size_t i : ks) {
    for (const std::size_t j : ks) {
      EXPECT_TRUE(check_pair(power_of_two<T>(i), power_of_two<T>(j)));
      const T u = random_value<T>(rng) | T{1u};
      const T v = random_value<T>(rng) | T{1u};
      EXPECT_TRUE(check_pair(T{u << i}, T{v << j}));
      EXPECT_TRUE(check_pair(T{u << i}, power_of_two<T>(j)));
    }
  }
}

// b = d q (no wrap): gcd is |d| and lcm is |b|; q = 1 (equal), d = 1, and d of every length.
TYPED_TEST(Gcd, OneDividesTheOther) {
  using T = TypeParam;
  Rng rng(seed_for("gcd divides", T::bits));
  const std::size_t width = T::is_signed ? T::bits - 1 : T::bits;  // room for the product's magnitude
  for (int c = 0; c < 200; ++c) {
    const std::size_t dk = 1 + rng.below(width - 1);
    T d = low_bits(random_value<T>(rng), dk);
    if (d.is_zero()) d = T{1u};
    const std::size_t qk = rng.below(width - dk + 1);  // d q < 2^(dk + qk) <= 2^width
    T q = low_bits(random_value<T>(rng), qk);
    if (c % 10 == 0) q = T{1u};
    const T b = d * q;
    EXPECT_TRUE(check_pair(d, b)) << "case " << c;
    if (!q.is_zero()) {
      EXPECT_EQ(gcd(d, b), d) << show(d) << ", " << show(b);
      EXPECT_EQ(lcm(d, b), b) << show(d) << ", " << show(b);
    }
  }
}

// n and n + 1 are coprime (lcm n (n + 1) wraps for large n); n - 1 and n + 1 share 2 for odd n.
TYPED_TEST(Gcd, Consecutive) {
  using T = TypeParam;
  Rng rng(seed_for("gcd consecutive", T::bits));
  std::vector<T> values = edge_values<T>();
  for (int i = 0; i < 24; ++i) values.push_back(random_value<T>(rng));
  run_edge_cases(type_name<T>() + " gcd of consecutive numbers", values, [](const T& n) {
    WARPNUM_TEST_CHECK(check_pair(n, T{n + 1u}));
    WARPNUM_TEST_CHECK(check_pair(T{n - 1u}, T{n + 1u}));
    return pass();
  });
}

// gcd(2^i - 1, 2^j - 1) = 2^gcd(i, j) - 1: long runs of ones in both, for lengths at word boundaries and a
// spread of others, the full width (all ones: -1 for BigInt) included.
TYPED_TEST(Gcd, AllOnes) {
  using T = TypeParam;
  using U = BigUInt<T::bits>;
  std::vector<std::size_t> lengths = {1, 2, 3, 5, 6, 12, 30, 31, 32, 33, 60, 63, 64, 65, 96, 127, 128, 130, 511};
  for (std::size_t k = 7; k < T::bits; k += T::bits / 16 + 1) lengths.push_back(k);
  lengths.push_back(T::bits / 2);
  lengths.push_back(T::bits / 3);
  lengths.push_back(T::bits - 1);
  lengths.push_back(T::bits);
  for (const std::size_t i : lengths) {
    if (i > T::bits) continue;
    const T a{~U{} >> (T::bits - i)};
    for (const std::size_t j : lengths) {
      if (j > T::bits) continue;
      const T b{~U{} >> (T::bits - j)};
      EXPECT_TRUE(check_pair(a, b)) << "2^" << i << " - 1 and 2^" << j << " - 1";
    }
  }
}

// Consecutive Fibonacci numbers (coprime; each step of Euclid's algorithm is a quotient of 1) and their
// multiples by a common g, up to the largest that fits.
TYPED_TEST(Gcd, Fibonacci) {
  using T = TypeParam;
  Rng rng(seed_for("gcd fibonacci", T::bits));
  const std::size_t width = T::is_signed ? T::bits - 1 : T::bits;
  Mpz f0(0L);
  Mpz f1(1L);
  std::vector<std::pair<Mpz, Mpz>> pairs;
  while (mpz_sizeinbase(f1, 2) <= width) {
    pairs.emplace_back(f0, f1);
    mpz_add(f0, f0, f1);
    mpz_swap(f0, f1);
  }
  // Every pair up to about 300 of them, else a spread and the largest few.
  const std::size_t stride = pairs.size() / 300 + 1;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i % stride != 0 && i + 3 < pairs.size()) continue;
    const T a = oracle::from_mpz<T>(pairs[i].first);
    const T b = oracle::from_mpz<T>(pairs[i].second);
    EXPECT_TRUE(check_pair(a, b)) << "F(" << i << "), F(" << i + 1 << ")";
    // g F(i), g F(i + 1) with g of the bits left over.
    const std::size_t room = width - mpz_sizeinbase(pairs[i].second, 2);
    if (room == 0 || i / stride % 4 != 0) continue;
    T g = low_bits(random_value<T>(rng), 1 + rng.below(room));
    if (g.is_zero()) g = T{1u};
    EXPECT_TRUE(check_pair(T{g * a}, T{g * b})) << "g F(" << i << "), g F(" << i + 1 << ")";
  }
}

// Pairs whose top 34 bits agree (b = a +- small, or a with only low bits changed), so that the approximations
// of a round compare equal or wrongly; lengths from 62 to 66 bits against short and long partners (the
// approximations are exact up to 64 bits); very different lengths.
TYPED_TEST(Gcd, ApproximationBoundaries) {
  using T = TypeParam;
  using U = BigUInt<T::bits>;
  Rng rng(seed_for("gcd approximations", T::bits));
  run_random_cases(type_name<T>() + " gcd close tops", seed_for("gcd close tops", T::bits), 300, [&](Rng& r, int i) {
    const std::size_t len = 40 + r.below(T::bits - 39);
    const T a = low_bits(random_value<T>(r), len) | power_of_two<T>(len - 1);
    const std::size_t low = 1 + r.below(30);
    const T small = low_bits(random_value<T>(r), low);
    switch (i % 3) {
      case 0: return check_pair(a, T{a + small});
      case 1: return check_pair(a, T{a - small});
      default: return check_pair(a, T{U{a} ^ U{small}});
    }
  });
  for (std::size_t la = 62; la <= 66 && la < T::bits; ++la) {
    for (const std::size_t lb : {std::size_t{1}, std::size_t{2}, std::size_t{30}, std::size_t{31}, std::size_t{32},
                                 std::size_t{62}, std::size_t{63}, std::size_t{64}, std::size_t{65}, std::size_t{66},
                                 T::bits - 1}) {
      if (lb >= T::bits) continue;
      for (int c = 0; c < 4; ++c) {
        const T a = low_bits(random_value<T>(rng), la) | power_of_two<T>(la - 1);
        const T b = low_bits(random_value<T>(rng), lb) | power_of_two<T>(lb - 1);
        EXPECT_TRUE(check_pair(a, b)) << la << " and " << lb << " bits";
      }
    }
  }
  // A full-width value against small primes, 3 to 97, and their powers: one operand of one word.
  for (int c = 0; c < 8; ++c) {
    const T a = random_value<T>(rng);
    for (const unsigned p : {2u, 3u, 5u, 7u, 65537u, 4294967291u, 3u * 3u * 3u * 3u * 3u, 97u * 97u * 97u})
      EXPECT_TRUE(check_pair(a, T{p}));
    EXPECT_TRUE(check_pair(T{a * T{3u * 5u * 7u * 11u}}, T{3u * 7u * 13u}));
  }
}

// lcm modulo 2^Bits: coprime operands of more than half the width each, so the product wraps; with a common
// factor, so that a / gcd(a, b) * b wraps while a b would wrap further.
TYPED_TEST(Gcd, LcmWraps) {
  using T = TypeParam;
  run_random_cases(type_name<T>() + " lcm wraps", seed_for("lcm wraps", T::bits), 200, [](Rng& rng, int i) {
    const std::size_t len = T::bits / 2 + 1 + rng.below(T::bits / 2 - 1);
    const T a = low_bits(random_value<T>(rng), len) | power_of_two<T>(len - 1);
    if (i % 2 == 0) return check_pair(a, T{a + 1u});
    const T g = low_bits(random_value<T>(rng), 1 + rng.below(T::bits / 4)) | T{1u};
    return check_pair(T{g * a}, T{g * T{a + 2u}});
  });
}

// random_value shapes (runs of ones, powers of two, short lengths) in pairs and with a shared factor.
TYPED_TEST(Gcd, Random) {
  using T = TypeParam;
  const int cases = T::bits >= 4096 ? 150 : 600;
  run_random_cases(type_name<T>() + " gcd random", seed_for("gcd random", T::bits), cases, [](Rng& rng, int i) {
    const T a = random_value<T>(rng);
    const T b = random_value<T>(rng);
    if (i % 2 == 0) return check_pair(a, b);
    const T g = low_bits(random_value<T>(rng), 1 + rng.below(T::bits / 2));
    return check_pair(T{g * low_bits(a, T::bits / 2 - 1)}, T{g * low_bits(b, T::bits / 2 - 1)});
  });
}

// BigInt's min(): its magnitude 2^(Bits - 1) does not fit, so gcd(min(), 0) and gcd(min(), min()) wrap to min()
// (docs/errors.md), and lcm with an odd number wraps to min() too; gcd with -1, an odd number or a power of two.
template <class T> class GcdSigned : public ::testing::Test {};
using SignedTypes = ::testing::Types<BigInt<64>, BigInt<160>, BigInt<4096>>;
TYPED_TEST_SUITE(GcdSigned, SignedTypes, TypeNames);

TYPED_TEST(GcdSigned, Min) {
  using T = TypeParam;
  const T mn = T::min();
  EXPECT_EQ(gcd(mn, T{}), mn);
  EXPECT_EQ(gcd(T{}, mn), mn);
  EXPECT_EQ(gcd(mn, mn), mn);
  EXPECT_EQ(gcd(mn, T{-1}), T{1});
  EXPECT_EQ(gcd(mn, T{-6}), T{2});
  EXPECT_EQ(lcm(mn, T{3}), mn);
  EXPECT_EQ(lcm(mn, T{-1}), mn);
  Rng rng(seed_for("gcd min", T::bits));
  std::vector<T> partners = {T{}, T{1}, T{-1}, T{2}, T{3}, T::max(), T{T::min() + 1}, mn, T{-4}, T{12}};
  for (const std::size_t k : boundary_bits<T>()) partners.push_back(power_of_two<T>(k));
  for (int i = 0; i < 8; ++i) partners.push_back(random_value<T>(rng));
  run_edge_cases(type_name<T>() + " gcd with min()", partners, [&](const T& x) {
    WARPNUM_TEST_CHECK(check_gcd(mn, x));
    WARPNUM_TEST_CHECK(check_gcd(x, mn));
    WARPNUM_TEST_CHECK(check_lcm(mn, x));
    return check_lcm(x, mn);
  });
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/conversions_test.cpp: conversions of BigUInt/BigInt between every tested width and signedness
// (against GMP), and which conversions are implicit. Built-in integers: conversions_builtin_test.cpp.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>

namespace warpnum::test {
namespace {

constexpr int random_cases = 20000;

template <class T> class Conversions : public ::testing::Test {};
TYPED_TEST_SUITE(Conversions, AllTypeList, TypeNames);

/// U{a} for every tested U.
template <class T> ::testing::AssertionResult check_convert_all(const T& a) {
  const Mpz value = to_mpz(a);
  ::testing::AssertionResult r = pass();
  std::apply([&](auto... u) { (void)((r = check_convert<decltype(u)>(a, value)) && ...); }, AllTypes{});
  return r;
}

TYPED_TEST(Conversions, BetweenWidths) {
  using T = TypeParam;
  const std::string what = type_name<T>() + " convert width";
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int) { return check_convert_all(random_value<T>(rng)); });
  run_edge_cases(what, edge_values<T>(), [](const T& a) { return check_convert_all(a); });
}

/// join(hi, lo) == hi 2^Bits + lo, checked with GMP (edge halves and random ones).
template <std::size_t Bits> ::testing::AssertionResult check_join(const BigUInt<Bits>& hi, const BigUInt<Bits>& lo) {
  Mpz want = to_mpz(hi);
  mpz_mul_2exp(want, want, Bits);
  mpz_add(want, want, to_mpz(lo));
  const Mpz got = to_mpz(join(hi, lo));
  if (got == want) return pass();
  return ::testing::AssertionFailure() << "join at " << Bits << " bits: hi = " << to_string(hi, 16) << ", lo = "
                                       << to_string(lo, 16);
}

template <std::size_t Bits> void join_cases() {
  using T = BigUInt<Bits>;
  const std::string what = "join " + std::to_string(Bits);
  run_random_cases(what, seed_for(what), 2000, [](Rng& rng, int) { return check_join(random_value<T>(rng), random_value<T>(rng)); });
  for (const T& e : edge_values<T>()) {
    EXPECT_TRUE(check_join(e, T{}));
    EXPECT_TRUE(check_join(T{}, e));
    EXPECT_TRUE(check_join(e, ~e));
  }
}

TEST(Conversions, JoinHalves) {
  join_cases<32>();
  join_cases<96>();
  join_cases<256>();
  join_cases<4096>();
}
static_assert(join(BigUInt<64>{2u}, BigUInt<64>{3u}) == (BigUInt<128>{2u} << 64) + 3u);

// ---- which conversions are implicit ------------------------------------------------------------------------

// From a built-in: implicit unless the built-in type is wider than the BasicInt.
static_assert(std::is_convertible_v<int, BigUInt<32>> && std::is_convertible_v<unsigned, BigInt<32>>);
static_assert(std::is_convertible_v<signed char, BigInt<32>> && std::is_convertible_v<unsigned short, BigUInt<32>>);
static_assert(!std::is_convertible_v<long long, BigInt<32>> && std::is_constructible_v<BigInt<32>, long long>);
static_assert(!std::is_convertible_v<unsigned long long, BigUInt<32>> && std::is_constructible_v<BigUInt<32>, unsigned long long>);
static_assert(std::is_convertible_v<long long, BigInt<64>> && std::is_convertible_v<unsigned long long, BigInt<96>>);
static_assert(!std::is_constructible_v<BigUInt<64>, bool> && !std::is_constructible_v<BigUInt<64>, char>);
static_assert(!std::is_constructible_v<BigUInt<64>, wchar_t> && !std::is_constructible_v<BigUInt<64>, char8_t>);
static_assert(!std::is_constructible_v<BigUInt<64>, char16_t> && !std::is_constructible_v<BigUInt<64>, char32_t>);
// To a built-in: always explicit.
static_assert(!std::is_convertible_v<BigUInt<64>, std::uint64_t> && std::is_constructible_v<std::uint64_t, BigUInt<64>>);
static_assert(!std::is_convertible_v<BigInt<256>, int> && std::is_constructible_v<int, BigInt<256>>);
static_assert(!std::is_convertible_v<BigInt<256>, double> && std::is_constructible_v<double, BigInt<256>>);
static_assert(!std::is_convertible_v<BigInt<256>, bool> && std::is_constructible_v<bool, BigInt<256>>);
// Between widths: implicit only when every value fits (wider, and not signed to unsigned).
static_assert(std::is_convertible_v<BigUInt<128>, BigUInt<256>> && std::is_convertible_v<BigInt<128>, BigInt<256>>);
static_assert(std::is_convertible_v<BigUInt<128>, BigInt<256>>);
static_assert(!std::is_convertible_v<BigInt<128>, BigUInt<256>> && std::is_constructible_v<BigUInt<256>, BigInt<128>>);
static_assert(!std::is_convertible_v<BigUInt<256>, BigUInt<128>> && std::is_constructible_v<BigUInt<128>, BigUInt<256>>);
static_assert(!std::is_convertible_v<BigUInt<128>, BigInt<128>> && std::is_constructible_v<BigInt<128>, BigUInt<128>>);
static_assert(!std::is_convertible_v<BigInt<128>, BigUInt<128>> && std::is_constructible_v<BigUInt<128>, BigInt<128>>);
// Layout: exactly Bits / 8 bytes, trivially copyable, standard layout, 16-byte aligned where the size allows.
static_assert(sizeof(BigUInt<96>) == 12 && sizeof(BigInt<8192>) == 1024 && sizeof(BigUInt<32>) == 4);
static_assert(std::is_trivially_copyable_v<BigInt<256>> && std::is_standard_layout_v<BigInt<256>>);
static_assert(std::is_trivially_default_constructible_v<BigUInt<256>>);
static_assert(alignof(BigUInt<256>) == 16 && alignof(BigUInt<64>) == 8 && alignof(BigUInt<96>) == 4 && alignof(BigInt<160>) == 4);

TEST(Conversions, ImplicitWideningInExpressions) {
  const BigUInt<128> small{12345u};
  const BigUInt<256> wide = small;  // implicit
  const BigInt<256> signed_wide = small;
  EXPECT_EQ(wide, BigUInt<256>{12345u});
  EXPECT_EQ(signed_wide, BigInt<256>{12345});
  const BigInt<96> neg{-3};
  const BigInt<160> neg_wide = neg;
  EXPECT_EQ(neg_wide, BigInt<160>{-3});
}

}  // namespace
}  // namespace warpnum::test

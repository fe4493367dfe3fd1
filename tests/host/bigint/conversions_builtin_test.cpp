// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/conversions_builtin_test.cpp: conversions of BigUInt/BigInt from and to every built-in integer
// type at every tested width (against GMP), and built-in operands mixed into the operators.
#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <tuple>

namespace warpnum::test {
namespace {

constexpr int random_cases = 20000;

template <class T> class BuiltinConversions : public ::testing::Test {};
TYPED_TEST_SUITE(BuiltinConversions, AllTypeList, TypeNames);

/// static_cast<I>(a) and T(I(v)) for every built-in I.
template <class T> ::testing::AssertionResult check_builtins(const T& a, std::uint64_t v) {
  ::testing::AssertionResult r = pass();
  std::apply(
      [&](auto... i) {
        (void)(((r = check_to_builtin<decltype(i)>(a)) && (r = check_from_builtin<T>(static_cast<decltype(i)>(v)))) && ...);
      },
      Builtins{});
  return r;
}

TYPED_TEST(BuiltinConversions, Builtins) {
  using T = TypeParam;
  const std::string what = type_name<T>() + " convert builtin";
  run_random_cases(what, seed_for(what), random_cases, [](Rng& rng, int) {
    const T a = random_value<T>(rng);
    std::uint64_t v = rng.next();
    if (rng.chance(1, 2)) v = static_cast<std::uint64_t>(static_cast<std::int64_t>(v) >> rng.below(64));  // sign runs
    return check_builtins(a, v);
  });
  run_edge_cases(what, edge_values<T>(), [](const T& a) { return check_builtins(a, static_cast<std::uint64_t>(a)); });
  for (const std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, ~std::uint64_t{0}, std::uint64_t{0x7f},
                                std::uint64_t{0x80}, std::uint64_t{0xff}, std::uint64_t{0x8000}, std::uint64_t{0x80000000},
                                std::uint64_t{0xffffffff}, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1}) {
    EXPECT_TRUE(check_builtins(T{}, v)) << "v = " << v;
  }
}

TEST(BuiltinConversions, SignAndZeroExtensionExamples) {
  EXPECT_EQ(BigUInt<128>{-1}, ~BigUInt<128>{});  // wraps modulo 2^128
  EXPECT_EQ(BigInt<128>{-1}, ~BigInt<128>{});
  EXPECT_EQ(BigUInt<128>{static_cast<signed char>(-128)}, BigUInt<128>{} - BigUInt<128>{128});
  EXPECT_EQ(BigUInt<128>{static_cast<unsigned char>(200)}, BigUInt<128>{200});
  EXPECT_EQ(BigInt<128>{std::numeric_limits<unsigned long long>::max()}, (BigInt<128>{1} << 64) - BigInt<128>{1});
  EXPECT_EQ(BigInt<32>{std::numeric_limits<long long>::min()}, BigInt<32>{});  // truncated: the low 32 bits are 0
  EXPECT_EQ(BigInt<32>{0x1'8000'0000LL}, BigInt<32>::min());
  EXPECT_EQ(static_cast<long long>(BigInt<32>{-5}), -5);                          // sign-extended
  EXPECT_EQ(static_cast<unsigned long long>(BigInt<32>{-1}), ~0ull);              // like (unsigned long long)int(-1)
  EXPECT_EQ(static_cast<unsigned long long>(BigUInt<32>{0xffffffffu}), 0xffffffffull);
  EXPECT_EQ(static_cast<int>(BigUInt<256>{0x1234'5678'9abc'def0ull}), static_cast<int>(0x9abcdef0u));
  EXPECT_EQ(static_cast<signed char>(BigInt<256>{-129}), 127);
  EXPECT_EQ(static_cast<short>(BigUInt<64>{0x18000u}), static_cast<short>(-32768));
  EXPECT_EQ(static_cast<long long>(~BigInt<256>{} << 200), 0);
  EXPECT_EQ(BigInt<256>{BigInt<64>{-7}}, BigInt<256>{-7});       // widening sign-extends
  EXPECT_EQ(BigInt<256>{BigUInt<64>{~0ull}}, BigInt<256>{~0ull});  // an unsigned source zero-extends
  EXPECT_EQ(BigUInt<64>{BigInt<256>{-1}}, BigUInt<64>{~0ull});    // narrowing truncates
  EXPECT_EQ(BigInt<64>{BigUInt<64>{~0ull}}, BigInt<64>{-1});      // a sign change reinterprets the bits
}

// Built-in operands convert on either side of the (hidden friend) operators.
template <class T> void check_mixed_operands() {
  const T a{1000};
  EXPECT_EQ(a + 1, T{1001});
  EXPECT_EQ(1 + a, T{1001});
  EXPECT_EQ(a - 1, T{999});
  EXPECT_EQ(1 - a, T{-999});
  EXPECT_EQ(a * 3u, T{3000});
  EXPECT_EQ(3u * a, T{3000});
  EXPECT_EQ(a / 7, T{142});
  EXPECT_EQ(7000 / a, T{7});
  EXPECT_EQ(a % 7, T{6});
  EXPECT_EQ(a & 0xff, T{1000 & 0xff});
  EXPECT_EQ(0xff | a, T{1000 | 0xff});
  EXPECT_EQ(a ^ 1, T{1001});
  EXPECT_TRUE(a == 1000);
  EXPECT_TRUE(1000 == a);
  EXPECT_TRUE(a != 0);
  EXPECT_TRUE(0 < a);
  EXPECT_TRUE(a > 999);
  EXPECT_TRUE(a <= 1000u);
  EXPECT_TRUE(a >= static_cast<short>(1000));
  T b = a;
  b += 5;
  b -= 2;
  b *= 2;
  b /= 3;
  b %= 1000;
  EXPECT_EQ(b, T{(1003 * 2 / 3) % 1000});
}

TEST(BuiltinConversions, MixedBuiltinOperands) {
  check_mixed_operands<BigUInt<32>>();
  check_mixed_operands<BigInt<32>>();
  check_mixed_operands<BigUInt<96>>();
  check_mixed_operands<BigInt<96>>();
  check_mixed_operands<BigUInt<256>>();
  check_mixed_operands<BigInt<256>>();
  check_mixed_operands<BigInt<8192>>();
}

}  // namespace
}  // namespace warpnum::test

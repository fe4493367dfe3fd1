// SPDX-License-Identifier: Apache-2.0
// tests/host/ct/compare_test.cpp: ct/choice.hpp's ct::Choice, ct::select and ct::cswap, ct/compare.hpp's
// comparisons, and detail/ct/limbs.hpp's masks, bit lengths and table scan, against the variable-time operators:
// every pair of edge values (0, 1, all ones, the signed extremes, powers of two and their neighbours) and random
// pairs of nearly equal values (one bit apart), signed and unsigned, at 32, 96, 256 and 1024 bits; and in constant
// evaluation.
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/ct/choice.hpp>
#include <warpnum/ct/compare.hpp>
#include <warpnum/detail/ct/limbs.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace warpnum::test {
namespace {

constexpr bool fixed_choices() {
  using U = BigUInt<96>;
  using S = BigInt<96>;
  U a{5u};
  U b{7u};
  ct::cswap(ct::less(a, b), a, b);
  const ct::Choice t = ct::Choice::from_bit(1u);
  return a == U{7u} && b == U{5u} && ct::select(t, a, b) == a && ct::select(!t, a, b) == b &&
         ct::less(S{-1}, S{0}).declassify() && !ct::less(U{~U{}}, U{0u}).declassify() &&
         ct::equal(U{3u}, U{3u}).declassify() && ct::is_zero(S{}).declassify() && (t ^ t).mask() == 0u &&
         (t & !t).mask() == 0u && (t | !t).mask() == ~detail::limb_t{0};
}
static_assert(fixed_choices());

TEST(CtCompareConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_choices()); }

template <class T>
class CtCompare : public ::testing::Test {};
using Types = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<96>, BigInt<96>, BigUInt<256>, BigInt<256>,
                               BigUInt<1024>, BigInt<1024>>;
TYPED_TEST_SUITE(CtCompare, Types);

template <class T>
void check_pair(const T& a, const T& b) {
  ASSERT_EQ(ct::equal(a, b).declassify(), a == b);
  ASSERT_EQ(ct::less(a, b).declassify(), a < b);
  ASSERT_EQ(ct::greater(a, b).declassify(), a > b);
  ASSERT_EQ(ct::less_equal(a, b).declassify(), a <= b);
  ASSERT_EQ(ct::is_zero(a).declassify(), a == T{});
  const ct::Choice lt = ct::less(a, b);
  ASSERT_TRUE(lt.mask() == 0u || lt.mask() == ~detail::limb_t{0});
  ASSERT_EQ(ct::select(lt, a, b), a < b ? a : b);
  T x = a;
  T y = b;
  ct::cswap(lt, x, y);
  ASSERT_EQ(x, a < b ? b : a);
  ASSERT_EQ(y, a < b ? a : b);
}

TYPED_TEST(CtCompare, AgainstOperators) {
  using T = TypeParam;
  Rng rng(seed_for("ct/CompareAgainstOperators", T::bits));
  std::vector<T> values;
  for (const auto& u : edge_values<T>()) values.push_back(T{u});
  for (const T& a : values) {
    for (const T& b : values) check_pair(a, b);
  }
  for (int i = 0; i < 2000; ++i) {
    const T a = random_value<T>(rng);
    T b = a;
    const int limb = static_cast<int>(rng.below(T::num_limbs));
    b.limbs_[limb] ^= static_cast<detail::limb_t>(1u) << rng.below(32);  // nearly equal: one bit apart
    check_pair(a, b);
    check_pair(a, random_value<T>(rng));
  }
}

TEST(CtLimbs, MasksAndTableScan) {
  for (const detail::limb_t x : {0u, 1u, 2u, 0x7fffffffu, 0x80000000u, 0xffffffffu}) {
    EXPECT_EQ(detail::ct::mask_nonzero(x), x != 0 ? ~detail::limb_t{0} : 0u);
    EXPECT_EQ(detail::ct::mask_equal(x, 1u), x == 1 ? ~detail::limb_t{0} : 0u);
    EXPECT_EQ(detail::ct::mask_from_bit(x), (x & 1u) != 0 ? ~detail::limb_t{0} : 0u);
  }
  for (int b = 0; b <= 32; ++b) {  // bit lengths of 0, 2^k and 2^k - 1, and of limb arrays
    const detail::limb_t p = b == 32 ? 0x80000000u : (detail::limb_t{1} << b) >> 1;
    EXPECT_EQ(detail::ct::bit_width_word(p), static_cast<detail::limb_t>(b)) << b;
    const detail::limb_t q = b == 32 ? 0xffffffffu : (detail::limb_t{1} << b) - 1u;
    EXPECT_EQ(detail::ct::bit_width_word(q), static_cast<detail::limb_t>(b)) << b;
    const detail::limb_t limbs[3] = {5u, b == 0 ? 0u : p, 0u};
    EXPECT_EQ(detail::ct::bit_width_limbs<3>(limbs), b == 0 ? 3u : static_cast<detail::limb_t>(32 + b)) << b;
  }
  constexpr int n = 3;
  constexpr int count = 16;
  detail::limb_t table[count * n];
  for (int k = 0; k < count * n; ++k) table[k] = static_cast<detail::limb_t>(0x1000 * k + 7);
  for (int k = 0; k < count; ++k) {
    detail::limb_t r[n];
    detail::ct::table_select_limbs<n>(r, table, count, static_cast<detail::limb_t>(k));
    for (int i = 0; i < n; ++i) EXPECT_EQ(r[i], table[k * n + i]);
  }
}

}  // namespace
}  // namespace warpnum::test

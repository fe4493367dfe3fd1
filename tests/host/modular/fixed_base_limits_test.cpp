// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/fixed_base_limits_test.cpp: FixedBaseTable's limits on exponent_bits (1 to max_exponent_bits)
// and the window (1 to 8): std::invalid_argument naming the limits and the value, also at INT_MAX and INT_MIN, where
// the count of windows once overflowed an int; and the largest tables that are still cheap, which work.
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <gtest/gtest.h>

#include <climits>
#include <stdexcept>
#include <string>

namespace warpnum {
namespace {

using test::thrown_message;

TEST(FixedBaseLimits, ExponentBits) {
  using T = BigUInt<64>;
  const T m{0xffffffffffffffc5ull};  // odd
  static_assert(FixedBaseTable<64>::max_exponent_bits == 1 << 24);
  for (const int bits : {INT_MAX, INT_MAX - 1, INT_MAX - 7, FixedBaseTable<64>::max_exponent_bits + 1, INT_MIN, -1, 0}) {
    for (const int window : {1, 4, 7, 8}) {
      EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)FixedBaseTable<64>(T{3u}, m, bits, window); }),
                "warpnum: FixedBaseTable: exponent_bits must be 1 to 16777216, got " + std::to_string(bits))
          << "window " << window;
    }
  }
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)FixedBaseTable<256>(BigUInt<256>{3u}, BigUInt<256>{7u}, INT_MAX, 4); }),
            "warpnum: FixedBaseTable: exponent_bits must be 1 to 16777216, got 2147483647");
}

TEST(FixedBaseLimits, Window) {
  using T = BigUInt<64>;
  const T m{101u};
  for (const int window : {INT_MIN, -1, 0, 9, 31, 32, INT_MAX}) {
    EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)FixedBaseTable<64>(T{3u}, m, INT_MAX, window); }),
              "warpnum: FixedBaseTable: the window must be 1 to 8 bits, got " + std::to_string(window));
  }
}

TEST(FixedBaseLimits, WorksInside) {
  using T = BigUInt<64>;
  const T m{1000003u};
  for (const int window : {1, 3, 8}) {
    const FixedBaseTable<64> table(T{2u}, m, 4099, window);
    const BigUInt<4160> e = (BigUInt<4160>{1u} << 4098) + 12345u;
    EXPECT_EQ(table.pow(e), powm(T{2u}, e, m)) << "window " << window;
  }
}

}  // namespace
}  // namespace warpnum

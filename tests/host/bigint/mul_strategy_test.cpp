// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/mul_strategy_test.cpp: default_mul_strategy gives, at the widths warpnum-bench measured, the
// strategy its tables found fastest (docs/benchmarks.md), and at every width from 32 to 65536 bits one that the
// algorithms can run: lanes a power of two that divides the limbs, at most 32 limbs a lane, Karatsuba only on an
// even number of limbs a lane, staging only for one thread a number.
#include <warpnum/mul_strategy.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace warpnum::test {
namespace {

TEST(MulStrategy, MeasuredWidths) {
  struct Row {
    std::size_t bits;
    MulAlgorithm algorithm;
    unsigned lanes;
  };
  // warpnum-bench on an H200, 2026-11-21 (compute and batch mode agree at every width).
  constexpr Row table[] = {
      {256, MulAlgorithm::thread_rows, 1},         {512, MulAlgorithm::thread_rows, 1},
      {1024, MulAlgorithm::thread_rows, 1},        {2048, MulAlgorithm::thread_rows, 1},
      {4096, MulAlgorithm::paired_columns, 16},    {8192, MulAlgorithm::paired_columns, 32},
      {16384, MulAlgorithm::paired_karatsuba, 32}, {32768, MulAlgorithm::paired_karatsuba, 32},
  };
  for (const Row& row : table) {
    const MulStrategy s = default_mul_strategy(row.bits);
    EXPECT_EQ(s.algorithm, row.algorithm) << row.bits << " bits";
    EXPECT_EQ(s.lanes, row.lanes) << row.bits << " bits";
    EXPECT_EQ(s.staged, row.bits <= 2048) << row.bits << " bits";
  }
  static_assert(default_mul_strategy(4096).lanes == 16, "usable in constant expressions");
}

TEST(MulStrategy, EveryWidthRuns) {
  for (std::size_t bits = 32; bits <= 65536; bits += 32) {
    const MulStrategy s = default_mul_strategy(bits);
    const std::size_t limbs = bits / 32;
    ASSERT_TRUE(s.lanes == 1 || s.lanes == 2 || s.lanes == 4 || s.lanes == 8 || s.lanes == 16 || s.lanes == 32) << bits;
    ASSERT_EQ(limbs % s.lanes, 0u) << bits << " bits: " << s.lanes << " lanes";
    if (s.algorithm == MulAlgorithm::thread_rows) {
      ASSERT_EQ(s.lanes, 1u) << bits;
    } else {
      ASSERT_GE(s.lanes, 2u) << bits;
      ASSERT_LE(limbs / s.lanes, 32u) << bits;
      ASSERT_FALSE(s.staged) << bits;
    }
    if (s.algorithm == MulAlgorithm::paired_karatsuba) {
      ASSERT_EQ((limbs / s.lanes) % 2, 0u) << bits;
    }
  }
}

}  // namespace
}  // namespace warpnum::test

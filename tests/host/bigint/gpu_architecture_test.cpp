// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/gpu_architecture_test.cpp: the architectures warpnum builds device code for, and the fallback of
// the speed tables measured on sm_90: for every architecture, every width's default_mul_strategy must fit that
// architecture's warp, registers and threads; the shared-memory allowance every kernel is held to (static_asserts
// beside the kernels) is the least of the architectures'.
#include <warpnum/gpu_architecture.hpp>
#include <warpnum/mul_strategy.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace warpnum::test {
namespace {

TEST(GpuArchitecture, Table) {
  int previous = 0;
  int measured = 0;
  std::size_t least = ~std::size_t{0};
  for (const GpuArchitecture& a : gpu_architectures) {
    EXPECT_GT(a.sm, previous) << "sorted, each once";
    previous = a.sm;
    EXPECT_GE(a.sm, 80) << "device code needs sm_80 (config.hpp)";
    EXPECT_LE(a.shared_bytes_per_block, a.shared_bytes_per_sm) << a.sm;
    // The premise of using sm_90's tables everywhere: the resources that decide them are the same.
    EXPECT_EQ(a.registers_per_thread, 255u) << a.sm;
    EXPECT_EQ(a.registers_per_sm, 65536u) << a.sm;
    EXPECT_GE(a.threads_per_sm, 1024u) << a.sm;
    measured += a.tables_measured ? 1 : 0;
    least = a.shared_bytes_per_block < least ? a.shared_bytes_per_block : least;
    EXPECT_EQ(find_gpu_architecture(a.sm), &a);
  }
  EXPECT_EQ(measured, 1);
  ASSERT_NE(find_gpu_architecture(90), nullptr);
  EXPECT_TRUE(find_gpu_architecture(90)->tables_measured);
  EXPECT_EQ(find_gpu_architecture(75), nullptr);
  EXPECT_EQ(find_gpu_architecture(0), nullptr);
  EXPECT_EQ(min_shared_bytes_per_block, least);
  EXPECT_EQ(min_shared_bytes_per_block, 99u * 1024);  // sm_86, sm_89, sm_120
  // The largest block any kernel asks for (96 KiB: four warps' stages of a batch, the transform's column tiles)
  // fits every architecture.
  for (const GpuArchitecture& a : gpu_architectures) EXPECT_GE(a.shared_bytes_per_block, 96u * 1024) << a.sm;
}

TEST(GpuArchitecture, MulStrategyFitsEveryArchitecture) {
  for (const GpuArchitecture& a : gpu_architectures) {
    for (std::size_t bits = 32; bits <= 65536; bits += 32) {
      const MulStrategy s = default_mul_strategy(bits);
      const std::size_t limbs = bits / 32;
      ASSERT_LE(s.lanes, 32u) << "sm_" << a.sm << ", " << bits << " bits: a lane group lives in one warp";
      if (s.algorithm == MulAlgorithm::thread_rows) {
        // Unrolled rows up to 2048 bits: a, b and the low half in registers, 3 * 64 words at most.
        if (bits <= 2048) {
          ASSERT_LE(3 * limbs, a.registers_per_thread) << "sm_" << a.sm << ", " << bits << " bits";
        }
      } else {
        // A lane holds K limbs of each operand and two sums of 2K + 1 words (warp/paired_column_mul.hpp).
        const std::size_t k = limbs / s.lanes;
        ASSERT_LE(6 * k + 2, a.registers_per_thread) << "sm_" << a.sm << ", " << bits << " bits";
      }
    }
  }
}

}  // namespace
}  // namespace warpnum::test

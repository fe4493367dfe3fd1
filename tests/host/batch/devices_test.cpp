// SPDX-License-Identifier: Apache-2.0
// tests/host/batch/devices_test.cpp: warpnum::devices (batch/devices.hpp): an empty list is refused, all() is
// marked as such, and devices::shard_of splits n elements into contiguous shards in order, each a multiple of the
// alignment but the last, as equal as that allows, for every n up to 700 and 1 to 9 shards.
#include <warpnum/batch/devices.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace {

using warpnum::devices;
using Shard = devices::Shard;
constexpr devices::Shard shard_of(std::size_t n, std::size_t k, std::size_t parts, std::size_t align = 32) {
  return devices::shard_of(n, k, parts, align);
}

TEST(Devices, EmptyListThrows) {
  EXPECT_THROW(devices({}), std::invalid_argument);
  EXPECT_THROW(devices(std::vector<int>{}), std::invalid_argument);
  const devices two{0, 0};
  EXPECT_FALSE(two.is_all());
  EXPECT_EQ(two.ids(), (std::vector<int>{0, 0}));
  EXPECT_TRUE(devices::all().is_all());
  EXPECT_TRUE(devices::all().ids().empty());
}

TEST(Devices, ShardsCoverInOrderAlignedAndBalanced) {
  for (const std::size_t align : {std::size_t{1}, std::size_t{32}}) {
    for (std::size_t parts = 1; parts <= 9; ++parts) {
      for (std::size_t n = 0; n <= 700; ++n) {
        std::size_t next = 0, smallest = n, largest = 0;
        for (std::size_t k = 0; k < parts; ++k) {
          const Shard s = shard_of(n, k, parts, align);
          ASSERT_EQ(s.first, next) << "n " << n << " shard " << k << " of " << parts;
          next = s.first + s.count;
          if (next < n) {
            ASSERT_EQ(s.count % align, 0u) << "n " << n << " shard " << k << " of " << parts;
          }
          if (next < n || k + 1 == parts) {
            smallest = s.count < smallest ? s.count : smallest;
            largest = s.count > largest ? s.count : largest;
          }
        }
        ASSERT_EQ(next, n) << "n " << n << " over " << parts;
        // Whole units differ by at most one between shards, and the last shard may hold a part of one.
        if (n >= parts * align) {
          EXPECT_LE(largest - smallest, 2 * align) << "n " << n << " over " << parts;
        }
      }
    }
  }
  // 1000 elements over 3 shards of whole warps: 32 units split 11, 11, 10 (the last cut at n).
  EXPECT_EQ(shard_of(1000, 0, 3).count, 352u);
  EXPECT_EQ(shard_of(1000, 1, 3).first, 352u);
  EXPECT_EQ(shard_of(1000, 2, 3).first, 704u);
  EXPECT_EQ(shard_of(1000, 2, 3).count, 296u);
  // Fewer elements than shards: the later shards are empty.
  EXPECT_EQ(shard_of(5, 0, 4).count, 5u);
  EXPECT_EQ(shard_of(5, 3, 4).count, 0u);
  EXPECT_EQ(shard_of(5, 3, 4).first, 5u);
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// tests/device/algorithm/sort_devices_test.cu: warpnum::sort over a device list (algorithm/detail/sort_devices.hpp) on
// one GPU: {0, 0}, {0, 0, 0}, devices::all(), {0} and five entries (an odd number of sorted shards in a merge round),
// each shard sorting the range in place and on a copy (the test switch stage_every_shard_for_tests). BigUInt<256> in
// ascending order by `<`, checked against the host's order by mpz_cmp, and in descending order by warpnum::greater;
// BigInt<256> (signed order) against thrust::sort on one GPU; ranges empty, shorter than the list, uneven and with
// repeated values, from raw pointers and device_vector iterators; the argument checks.
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "device/staged_shards.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/algorithm/sort.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using U = BigUInt<256>;
using S = BigInt<256>;

class SortDevices : public DeviceTest {};

/// The device lists the test runs on one GPU: one_gpu_lists() and five entries.
std::vector<devices> lists() {
  std::vector<devices> out = one_gpu_lists();
  out.push_back(devices{0, 0, 0, 0, 0});
  return out;
}

/// n random values, a third of them drawn again from the first few (repeated values), the rest fresh.
template <class T> std::vector<T> random_values(std::size_t n, Rng& rng) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i % 3 == 2 && i > 8 ? v[i % 7] : random_value<T>(rng);
  return v;
}

TEST_F(SortDevices, AscendingAndDescendingAgainstGmpsOrder) {
  in_place_and_staged([] {
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{33}, std::size_t{1000},
                                std::size_t{5001}}) {
      Rng rng(seed_for("sort over devices", n));
      const std::vector<U> values = random_values<U>(n, rng);
      std::vector<U> ascending = values;
      std::sort(ascending.begin(), ascending.end(),
                [](const U& a, const U& b) { return mpz_cmp(oracle::to_mpz(a), oracle::to_mpz(b)) < 0; });
      const std::vector<U> descending(ascending.rbegin(), ascending.rend());
      for (const devices& ds : lists()) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", " + list_name(ds));
        thrust::device_vector<U> d(values.begin(), values.end());
        U* p = thrust::raw_pointer_cast(d.data());
        sort(ds, p, p + n);
        EXPECT_EQ(std::vector<U>(d.begin(), d.end()), ascending);
        thrust::copy(values.begin(), values.end(), d.begin());
        sort(ds, d.begin(), d.end(), greater{});
        EXPECT_EQ(std::vector<U>(d.begin(), d.end()), descending);
      }
    }
  });
}

TEST_F(SortDevices, SignedOrderAsOneGpu) {
  in_place_and_staged([] {
    for (const std::size_t n : {std::size_t{3}, std::size_t{777}, std::size_t{4099}}) {
      Rng rng(seed_for("sort signed over devices", n));
      const std::vector<S> values = random_values<S>(n, rng);
      thrust::device_vector<S> want(values.begin(), values.end());
      thrust::sort(thrust::device, want.begin(), want.end());
      const std::vector<S> expected(want.begin(), want.end());
      ASSERT_TRUE(std::is_sorted(expected.begin(), expected.end()));
      for (const devices& ds : lists()) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", " + list_name(ds));
        thrust::device_vector<S> d(values.begin(), values.end());
        sort(ds, d.begin(), d.end(), less{});
        EXPECT_EQ(std::vector<S>(d.begin(), d.end()), expected);
      }
    }
  });
}

// A device that does not exist, or a range that is not one, throws before anything runs (so this runs without a
// GPU: there, every id names no device).
TEST(SortDevicesArguments, UnknownDeviceOrBadRangeThrows) {
  std::vector<U> host(4);
  U* h = host.data();
  EXPECT_THROW(sort(devices{0, 4096}, h, h + 4), std::invalid_argument);
  EXPECT_THROW(sort(devices{0, 4096}, h, h + 4, greater{}), std::invalid_argument);
  EXPECT_THROW(sort(devices{0}, h + 4, h), std::invalid_argument);
  U* none = nullptr;
  EXPECT_THROW(sort(devices{0}, none, h), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

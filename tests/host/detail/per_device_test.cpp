// SPDX-License-Identifier: Apache-2.0
// tests/host/detail/per_device_test.cpp: detail/per_device.hpp, PerDevice<T>: one make() for each device id, the
// kept value after, once even when threads ask at once, and nothing kept when make() throws.
#include <warpnum/detail/per_device.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace {

using warpnum::detail::PerDevice;

TEST(PerDevice, OneMakeForEachDevice) {
  PerDevice<int> values;
  int made = 0;
  const auto make_for = [&](int device) {
    return [&made, device] {
      ++made;
      return 100 + device;
    };
  };
  EXPECT_EQ(values.get(0, make_for(0)), 100);
  EXPECT_EQ(values.get(1, make_for(1)), 101);
  EXPECT_EQ(values.get(0, make_for(7)), 100);  // kept: the second make() is not called
  EXPECT_EQ(values.get(1, make_for(7)), 101);
  EXPECT_EQ(made, 2);
}

TEST(PerDevice, OnceWhenThreadsAskAtOnce) {
  PerDevice<int> values;
  std::atomic<int> made{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000; ++i) {
        const int device = (t + i) % 3;
        EXPECT_EQ(values.get(device, [&] { return ++made, device * 10; }), device * 10);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(made.load(), 3);
}

TEST(PerDevice, AFailedMakeKeepsNothing) {
  PerDevice<int> values;
  EXPECT_THROW(values.get(2, []() -> int { throw std::runtime_error("no device"); }), std::runtime_error);
  EXPECT_EQ(values.get(2, [] { return 5; }), 5);
}

}  // namespace

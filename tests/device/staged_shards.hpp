// SPDX-License-Identifier: Apache-2.0
// tests/device/staged_shards.hpp: in_place_and_staged, for the tests of calls over a device list
// (batch/detail/multi_device.hpp): runs a check with the shards reading the arrays in place, then with every shard
// on copies, as a shard on another GPU than the arrays' works, so that one GPU runs both paths.
#pragma once

#include <warpnum/batch/detail/multi_device.hpp>

#include <gtest/gtest.h>

namespace warpnum::test {

/// Runs f() once with the shards in place and once with every shard on copies (the switch is put back after each).
template <class F> void in_place_and_staged(F&& f) {
  for (const bool staged : {false, true}) {
    SCOPED_TRACE(staged ? "every shard on copies" : "shards in place");
    batch::detail::stage_every_shard_for_tests = staged;
    f();
    batch::detail::stage_every_shard_for_tests = false;
  }
}

}  // namespace warpnum::test

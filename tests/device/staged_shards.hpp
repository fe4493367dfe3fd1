// SPDX-License-Identifier: Apache-2.0
// tests/device/staged_shards.hpp: for the tests of calls over a device list (batch/detail/multi_device.hpp):
// in_place_and_staged runs a check with the shards reading the arrays in place, then with every shard on copies, as a
// shard on another GPU than the arrays' works, so that one GPU runs both paths; one_gpu_lists, the lists those tests
// run on one GPU, and list_name, a list's name for a trace.
#pragma once

#include <warpnum/batch/detail/multi_device.hpp>

#include <warpnum/batch/devices.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

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

/// {0, 0} and {0, 0, 0} (shards on streams of their own on GPU 0), every GPU, and {0}.
inline std::vector<devices> one_gpu_lists() { return {devices{0, 0}, devices{0, 0, 0}, devices::all(), devices{0}}; }

/// "all", or "3 entries".
inline std::string list_name(const devices& ds) {
  return ds.is_all() ? std::string("all") : std::to_string(ds.ids().size()) + " entries";
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// src/huge/last_at_or_below.hpp (private to warpnum::huge): where a position falls in a table of runs sorted by
// where each starts (a batch's products by their first tile, convolve.cu; a packed number's slot copies by their
// first limb, carry.cu), the one binary search that the kernels of both use.
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>

namespace warpnum::huge::detail {

/// The index of the last entry e of entries[0, count) with e.*start <= position, for entries sorted by start (ties
/// allowed: the last of them) and entries[0].*start <= position, count >= 1. Binary search, log2(count) steps.
template <class Entry>
WARPNUM_HD constexpr std::size_t last_at_or_below(const Entry* entries, std::size_t count, std::size_t position,
                                                  std::size_t Entry::*start) noexcept {
  std::size_t lo = 0, hi = count;
  while (hi - lo > 1) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (entries[mid].*start <= position) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

namespace last_at_or_below_checks {
struct Run {
  std::size_t at;
};
inline constexpr Run runs[] = {{0}, {4}, {4}, {9}};  // an empty run at 4 before the one that holds 4
static_assert(last_at_or_below(runs, 4, 0, &Run::at) == 0 && last_at_or_below(runs, 4, 3, &Run::at) == 0);
static_assert(last_at_or_below(runs, 4, 4, &Run::at) == 2 && last_at_or_below(runs, 4, 8, &Run::at) == 2);
static_assert(last_at_or_below(runs, 4, 9, &Run::at) == 3 && last_at_or_below(runs, 4, 1000, &Run::at) == 3);
static_assert(last_at_or_below(runs, 1, 1000, &Run::at) == 0);
}  // namespace last_at_or_below_checks

}  // namespace warpnum::huge::detail

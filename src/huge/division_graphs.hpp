// SPDX-License-Identifier: Apache-2.0
// src/huge/division_graphs.hpp (private to warpnum::huge): Integer's division on the device replayed from CUDA
// graphs, one for each pair of limb counts seen more than once (division_graphs.cu).
#pragma once

#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#include <atomic>
#include <cstddef>

namespace warpnum::huge {

/// Dividends of up to this many limbs divide from graphs (2 x 10^7 decimal digits). A graph keeps the memory its
/// division allocates reserved for its replays: the graphs of a program dividing 2d by d digits at d = 10^4 to 10^7
/// reserved 235 MB (H200, 2026-12-04), about a hundred bytes a limb of the largest dividend.
inline constexpr std::size_t division_graph_most_limbs = std::size_t{1} << 21;
/// Graphs kept at once, the most recently used (one for each pair of limb counts).
inline constexpr std::size_t division_graphs_kept = 4;

/// floor(a / b) and a mod b for device Integers a >= b > 0 whose pair of limb counts was divided before: from the
/// graph of AsyncInteger's division captured for those counts (captured at the second sight, then replayed).
/// Returns true with `out` set where it divided; false, having done nothing, at a pair's first sight, past
/// division_graph_most_limbs, without CUDA, or where the graph could not be made or run (the caller divides as
/// before). Thread-safe: one division from graphs at a time.
bool divide_by_graph(const Integer& a, const Integer& b, DivResult<Integer>& out);

/// Divisions replayed from graphs so far (tests read it).
inline std::atomic<std::size_t> division_graph_replays{0};
/// Whether divide_by_graph divides at all (a benchmark turns it off to time the division queued as before).
inline std::atomic<bool> division_graphs_enabled{true};

}  // namespace warpnum::huge

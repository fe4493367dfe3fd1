// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/devices.hpp: warpnum::devices, a set of GPUs of this node that one batch call splits its elements
// over, and how it splits them (contiguous shards in list order, so results keep their order).
//
//   warpnum::powm_n(warpnum::devices{0, 1, 2, 3}, d_base, d_exp, m, d_out, n);   // <warpnum/batch/powm_devices.hpp>
//   warpnum::powm_n(warpnum::devices::all(), d_base, d_exp, m, d_out, n);
//
// A device may appear more than once: {0, 0} runs two shards on GPU 0, each on its own stream. Plain C++ (no CUDA
// call here), the same in every kind of file; the calls that take a devices check its ids against the GPUs there.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/raise.hpp>

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <vector>

namespace warpnum {

/// A list of CUDA device ordinals, or "every GPU of the node" (devices::all(), resolved when a call runs).
/// An explicit empty list throws std::invalid_argument; an id that names no GPU is reported by the call that
/// runs on it (std::invalid_argument, before anything is launched).
class devices {
 public:
  devices(std::initializer_list<int> ids) : ids_(ids) { check_not_empty(); }
  explicit devices(std::vector<int> ids) : ids_(std::move(ids)) { check_not_empty(); }

  /// Every GPU CUDA reports, in ordinal order, when the call runs.
  static devices all() { return devices(all_tag{}); }

  bool is_all() const noexcept { return all_; }
  /// The ids as given (empty for all()).
  const std::vector<int>& ids() const noexcept { return ids_; }

  /// Elements [first, first + count) of a call over n elements.
  struct Shard {
    std::size_t first;
    std::size_t count;
  };
  /// Shard k of n elements split over `parts` shards: contiguous, in order, the sizes multiples of `align` elements
  /// but the last (so a shard's elements start on a warp's boundary for the kernels that give a warp 32 elements),
  /// as equal as that allows; a shard may be empty when n is small.
  static constexpr Shard shard_of(std::size_t n, std::size_t k, std::size_t parts, std::size_t align = 32) noexcept {
    const std::size_t units = (n + align - 1) / align;
    const std::size_t per = units / parts, extra = units % parts;  // the first `extra` shards take one unit more
    const std::size_t first_unit = k * per + (k < extra ? k : extra);
    const std::size_t unit_count = per + (k < extra ? 1 : 0);
    const std::size_t first = first_unit * align < n ? first_unit * align : n;
    const std::size_t last = (first_unit + unit_count) * align < n ? (first_unit + unit_count) * align : n;
    return {first, last - first};
  }

 private:
  struct all_tag {};
  explicit devices(all_tag) : all_(true) {}
  void check_not_empty() const {
    if (ids_.empty()) warpnum::detail::throw_error<std::invalid_argument>("warpnum::devices: the list is empty");
  }
  std::vector<int> ids_;
  bool all_ = false;
};
}  // namespace warpnum

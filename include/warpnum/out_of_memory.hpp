// SPDX-License-Identifier: Apache-2.0
// warpnum/out_of_memory.hpp: the exception for memory that cannot be had, on the host or the device. It is a
// std::bad_alloc, so code that catches that keeps working; it also says how many bytes were asked for and where:
//
//   try {
//     warpnum::Integer huge = warpnum::Integer(1, warpnum::Place::device) << (8ull << 40);  // 1 TiB of limbs
//   } catch (const warpnum::OutOfMemory& e) {
//     std::cerr << e.what() << '\n';  // warpnum: out of device memory: 1099511627784 bytes (1024.0 GiB) asked
//   }                                  // for; free memory there, use smaller numbers or, for an Integer, ...
//
// Thrown by Integer (results and a transform's scratch), Batch (its storage) and the library's own allocations.
// Host code only; docs/errors.md lists where.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/layout.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <new>

namespace warpnum {

/// Memory of `bytes()` bytes in `place()` could not be allocated: the place has not that much free, or the size is
/// beyond what the place can address (bytes() is then SIZE_MAX where the size does not fit a size_t). Copies are
/// noexcept (the message lives in the object).
class OutOfMemory : public std::bad_alloc {
 public:
  OutOfMemory(std::size_t bytes, Place place) noexcept : bytes_(bytes), place_(place) {
    const char* where = place == Place::device ? "device" : "host";
    const double gib = static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30);
    if (bytes == SIZE_MAX) {
      std::snprintf(what_, sizeof what_,
                    "warpnum: out of %s memory: the size asked for does not fit a size_t; use smaller numbers", where);
    } else {
      std::snprintf(what_, sizeof what_,
                    "warpnum: out of %s memory: %zu bytes (%.1f GiB) asked for; free memory there, use smaller "
                    "numbers or, for an Integer, another Place",
                    where, bytes, gib);
    }
  }
  /// The bytes asked for (SIZE_MAX: more than a size_t counts).
  std::size_t bytes() const noexcept { return bytes_; }
  /// Place::host or Place::device.
  Place place() const noexcept { return place_; }
  const char* what() const noexcept override { return what_; }

 private:
  std::size_t bytes_;
  Place place_;
  char what_[192];
};

}  // namespace warpnum

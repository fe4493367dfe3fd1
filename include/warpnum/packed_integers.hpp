// SPDX-License-Identifier: Apache-2.0
// warpnum/packed_integers.hpp: warpnum::PackedIntegers, many Integers in one allocation, and multiply_each and
// add_each, which work on all of them (or on chosen pairs) in a few launches: for the algorithms that go level by
// level through thousands of independent products of similar sizes (binary splitting, product and remainder trees),
// where an Integer operation each would cost a launch and a wait each. Compiled in warpnum::huge (src/huge/); this
// header compiles with plain g++ and includes no CUDA header.
#pragma once

#include <warpnum/batch/layout.hpp>  // Place, stream_handle
#include <warpnum/integer.hpp>

#include <cstddef>
#include <span>
#include <vector>

namespace warpnum {

/// n signed integers in one allocation in a place (device memory or the host's), ordered on a CUDA stream as
/// AsyncInteger's values are: integer i is the magnitude in limbs [offset(i), offset(i) + limb_bound(i)) (high limbs
/// may be zero: lengths are bounds, fixed when an operation is queued) and a sign, both kept on the host. Operations
/// queue on the stream and read nothing back; get() and to_vector() wait. Each operation sends the device a table of
/// its pairs from the host's (pageable) memory, a copy CUDA may stage with a wait for the stream: AsyncInteger is the
/// form with no synchronisation at all (graph-capturable). Move-only (a copy would be a large allocation made by
/// accident).
class PackedIntegers {
 public:
  using limb_type = Integer::limb_type;

  /// None.
  PackedIntegers() noexcept = default;
  /// The values of xs (in any places) packed into one allocation in `place`, ordered on `stream`: the limbs are
  /// gathered on the host and copied in one transfer (this waits for that copy).
  explicit PackedIntegers(std::span<const Integer> xs, Place place = Place::automatic, stream_handle stream = nullptr);
  PackedIntegers(PackedIntegers&& o) noexcept;
  PackedIntegers& operator=(PackedIntegers&& o) noexcept;
  PackedIntegers(const PackedIntegers&) = delete;
  PackedIntegers& operator=(const PackedIntegers&) = delete;
  /// Frees the memory in the stream's order (no wait).
  ~PackedIntegers();

  std::size_t size() const noexcept { return negative_.size(); }
  Place place() const noexcept { return place_; }
  stream_handle stream() const noexcept { return stream_; }
  /// Limbs of integer i's storage (a bound on its length), where it starts, and all of them together.
  std::size_t limb_bound(std::size_t i) const { return offsets_.at(i + 1) - offsets_[i]; }
  std::size_t offset(std::size_t i) const { return offsets_.at(i); }
  std::size_t total_limbs() const noexcept { return offsets_.empty() ? 0 : offsets_.back(); }
  /// The sign integer i will have unless its magnitude turns out zero.
  bool is_negative(std::size_t i) const { return negative_.at(i) != 0; }
  /// The storage (total_limbs() limbs in place()), ready in the stream's order.
  const limb_type* data() const noexcept { return data_; }

  /// Waits for the stream and returns integer i (an Integer in place()); std::out_of_range for i >= size().
  Integer get(std::size_t i) const;
  /// Waits for the stream and returns every integer (Integers in place()).
  std::vector<Integer> to_vector() const;

  friend PackedIntegers multiply_each(const PackedIntegers& x, std::span<const std::size_t> ix, const PackedIntegers& y,
                                      std::span<const std::size_t> iy);
  friend PackedIntegers add_each(const PackedIntegers& x, const PackedIntegers& y);

 private:
  friend struct PackedIntegersAccess;  // src/huge/packed_integers.cpp: builds results

  limb_type* data_ = nullptr;
  std::vector<std::size_t> offsets_;  // size() + 1 entries (none when empty)
  std::vector<char> negative_;
  stream_handle stream_ = nullptr;
  Place place_ = Place::host;
};

/// r[k] = x[ix[k]] * y[iy[k]] for k < ix.size(), queued on x's stream (x and y may be the same object; an index may
/// repeat; x[i] * x[i] is a square). On the device every product of fewer than 5000^2 limb pairs goes into one launch
/// of the tiled convolution, each larger one through the transform, and the carries of all of them into one pass,
/// so a level of thousands of products costs a few launches. r[k] has limb_bound(x[ix[k]]) + limb_bound(y[iy[k]])
/// limbs. Throws std::invalid_argument where ix and iy differ in length or x and y are in different places or on
/// different streams, std::out_of_range for an index past x or y.
PackedIntegers multiply_each(const PackedIntegers& x, std::span<const std::size_t> ix, const PackedIntegers& y,
                             std::span<const std::size_t> iy);
/// r[k] = x[k] + y[k] for k < x.size(), one carry pass for all, queued on x's stream: a sum of magnitudes, so each
/// pair must have one sign (or a zero-length operand): std::invalid_argument naming k otherwise, and where the counts,
/// places or streams differ. r[k] has max(limb_bound(x[k]), limb_bound(y[k])) + 1 limbs.
PackedIntegers add_each(const PackedIntegers& x, const PackedIntegers& y);

}  // namespace warpnum

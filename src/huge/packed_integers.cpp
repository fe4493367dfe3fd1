// SPDX-License-Identifier: Apache-2.0
// src/huge/packed_integers.cpp: warpnum::PackedIntegers (<warpnum/packed_integers.hpp>): many integers in one
// allocation, multiplied pair by pair by the engine's multiply_batch (one launch of the tiled convolution for all the
// small products, the transform for each large one, one carry pass for all: no carry leaves a product's region,
// which has room for it) and added pair by pair by one carry pass over the whole allocation (both operands
// gathered into the result's layout first, each slot one limb longer than its longer operand).
#include "engine.hpp"
#include "integer_access.hpp"

#include <warpnum/detail/raise.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/packed_integers.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace warpnum {

using huge::limb_t;

struct PackedIntegersAccess {
  /// Room for integers of the given bounds (contents undefined), in a place, on a stream.
  static PackedIntegers with_bounds(const std::vector<std::size_t>& bounds, std::vector<char> negative, Place place,
                                    stream_handle stream) {
    PackedIntegers r;
    r.place_ = place;
    r.stream_ = stream;
    r.offsets_.resize(bounds.size() + 1);
    r.offsets_[0] = 0;
    for (std::size_t i = 0; i < bounds.size(); ++i) r.offsets_[i + 1] = r.offsets_[i] + bounds[i];
    r.negative_ = std::move(negative);
    if (r.total_limbs() != 0) r.data_ = huge::allocate(r.total_limbs(), place, stream);
    return r;
  }
  static limb_t* data(PackedIntegers& x) noexcept { return x.data_; }

  /// The place and stream of an operation on x and y, which must agree (an empty operand goes with anything).
  static void common(const PackedIntegers& x, const PackedIntegers& y, const char* op) {
    if (x.size() == 0 || y.size() == 0) return;
    if (x.place_ != y.place_) {
      detail::throw_error<std::invalid_argument>(std::string("warpnum: ") + op +
                                                 ": operands in different places (host and device); pack both in "
                                                 "one place");
    }
    if (x.stream_ != y.stream_) {
      detail::throw_error<std::invalid_argument>(std::string("warpnum: ") + op +
                                                 ": operands on different streams; pack both on one stream");
    }
  }
  static const PackedIntegers& lead(const PackedIntegers& x, const PackedIntegers& y) {
    return x.size() != 0 ? x : y;
  }
};

// ---- members ----

PackedIntegers::PackedIntegers(std::span<const Integer> xs, Place place, stream_handle stream)
    : stream_(stream), place_(huge::resolve_place(place)) {
  offsets_.resize(xs.size() + 1);
  offsets_[0] = 0;
  negative_.resize(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) {
    offsets_[i + 1] = offsets_[i] + xs[i].size();
    negative_[i] = xs[i].is_negative() ? 1 : 0;
  }
  if (total_limbs() == 0) return;
  // Gathered on the host (uninitialised storage: every limb is written; host Integers copied on all cores), then
  // one transfer.
  const std::unique_ptr<limb_t[]> staged(new limb_t[total_limbs()]);
  const auto count = static_cast<long>(xs.size());
#if defined(_OPENMP)
#  pragma omp parallel for schedule(dynamic, 64) if (total_limbs() >= (std::size_t{1} << 20))
#endif
  for (long i = 0; i < count; ++i) {
    const Integer& x = xs[static_cast<std::size_t>(i)];
    if (x.place() == Place::host && x.size() != 0) {
      std::memcpy(staged.get() + offsets_[static_cast<std::size_t>(i)], x.data(), x.size() * sizeof(limb_t));
    }
  }
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (xs[i].place() != Place::host) {
      huge::copy(staged.get() + offsets_[i], Place::host, xs[i].data(), xs[i].place(), xs[i].size());
    }
  }
  data_ = huge::allocate(total_limbs(), place_, stream_);
  try {
    huge::copy(data_, place_, staged.get(), Place::host, total_limbs(), huge::Queue{stream_, true});
  } catch (...) {
    huge::release(data_, place_, stream_);
    throw;
  }
}

PackedIntegers::PackedIntegers(PackedIntegers&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)),
      offsets_(std::move(o.offsets_)),
      negative_(std::move(o.negative_)),
      stream_(o.stream_),
      place_(o.place_) {
  o.offsets_.clear();
  o.negative_.clear();
}

PackedIntegers& PackedIntegers::operator=(PackedIntegers&& o) noexcept {
  if (this != &o) {
    huge::release(data_, place_, stream_);
    data_ = std::exchange(o.data_, nullptr);
    offsets_ = std::move(o.offsets_);
    negative_ = std::move(o.negative_);
    o.offsets_.clear();
    o.negative_.clear();
    stream_ = o.stream_;
    place_ = o.place_;
  }
  return *this;
}

PackedIntegers::~PackedIntegers() { huge::release(data_, place_, stream_); }

Integer PackedIntegers::get(std::size_t i) const {
  if (i >= size()) {
    detail::throw_error<std::out_of_range>("warpnum: PackedIntegers::get: index " + std::to_string(i) + " of " +
                                           std::to_string(size()));
  }
  huge::complete(place_, huge::Queue{stream_, true});
  const std::size_t n = limb_bound(i);
  Integer r = IntegerAccess::with_capacity(n, place_);
  huge::copy(IntegerAccess::data(r), place_, data_ + offsets_[i], place_, n);
  IntegerAccess::finish(r, n, negative_[i] != 0);
  return r;
}

std::vector<Integer> PackedIntegers::to_vector() const {
  huge::complete(place_, huge::Queue{stream_, true});
  std::vector<limb_t> host(total_limbs());
  huge::copy(host.data(), Place::host, data_, place_, total_limbs());
  std::vector<Integer> out;
  out.reserve(size());
  for (std::size_t i = 0; i < size(); ++i) {
    out.push_back(Integer::from_limbs(std::span<const limb_t>(host.data() + offsets_[i], limb_bound(i)),
                                      negative_[i] != 0, place_));
  }
  return out;
}

// ---- operations ----

PackedIntegers multiply_each(const PackedIntegers& x, std::span<const std::size_t> ix, const PackedIntegers& y,
                             std::span<const std::size_t> iy) {
  if (ix.size() != iy.size()) {
    detail::throw_error<std::invalid_argument>("warpnum: multiply_each: " + std::to_string(ix.size()) +
                                               " indices of x against " + std::to_string(iy.size()) + " of y");
  }
  PackedIntegersAccess::common(x, y, "multiply_each");
  const PackedIntegers& lead = PackedIntegersAccess::lead(x, y);
  std::vector<std::size_t> bounds(ix.size());
  std::vector<char> negative(ix.size());
  for (std::size_t k = 0; k < ix.size(); ++k) {
    if (ix[k] >= x.size() || iy[k] >= y.size()) {
      detail::throw_error<std::out_of_range>("warpnum: multiply_each: pair " + std::to_string(k) + " is (" +
                                             std::to_string(ix[k]) + ", " + std::to_string(iy[k]) + "), past " +
                                             std::to_string(x.size()) + " and " + std::to_string(y.size()) +
                                             " integers");
    }
    const std::size_t na = x.limb_bound(ix[k]), nb = y.limb_bound(iy[k]);
    bounds[k] = na == 0 || nb == 0 ? 0 : na + nb;
    negative[k] = x.is_negative(ix[k]) != y.is_negative(iy[k]) ? 1 : 0;
  }
  PackedIntegers r = PackedIntegersAccess::with_bounds(bounds, std::move(negative), lead.place(), lead.stream());
  std::vector<huge::ProductJob> jobs;
  jobs.reserve(ix.size());
  for (std::size_t k = 0; k < ix.size(); ++k) {
    if (bounds[k] == 0) continue;
    jobs.push_back({x.data() + x.offset(ix[k]), x.limb_bound(ix[k]), y.data() + y.offset(iy[k]),
                    y.limb_bound(iy[k]), r.offset(k)});
  }
  huge::multiply_batch(PackedIntegersAccess::data(r), r.total_limbs(), jobs, r.place(),
                       huge::Queue::on(r.stream()));
  return r;
}

PackedIntegers add_each(const PackedIntegers& x, const PackedIntegers& y) {
  if (x.size() != y.size()) {
    detail::throw_error<std::invalid_argument>("warpnum: add_each: " + std::to_string(x.size()) + " integers and " +
                                               std::to_string(y.size()));
  }
  PackedIntegersAccess::common(x, y, "add_each");
  std::vector<std::size_t> bounds(x.size());
  std::vector<char> negative(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    const std::size_t na = x.limb_bound(k), nb = y.limb_bound(k);
    if (na != 0 && nb != 0 && x.is_negative(k) != y.is_negative(k)) {
      detail::throw_error<std::invalid_argument>(
          "warpnum: add_each: pair " + std::to_string(k) +
          " has opposite signs; add_each adds magnitudes of one sign (use AsyncInteger or Integer for that pair)");
    }
    bounds[k] = na == 0 && nb == 0 ? 0 : std::max(na, nb) + 1;
    negative[k] = (na != 0 ? x.is_negative(k) : y.is_negative(k)) ? 1 : 0;
  }
  PackedIntegers r = PackedIntegersAccess::with_bounds(bounds, std::move(negative), x.place(), x.stream());
  if (r.total_limbs() == 0) return r;
  const huge::Queue q = huge::Queue::on(r.stream());
  std::vector<huge::SlotCopy> from_x, from_y;
  from_x.reserve(x.size());
  from_y.reserve(x.size());
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (bounds[k] == 0) continue;
    from_x.push_back({x.data() + x.offset(k), x.limb_bound(k), r.offset(k), bounds[k]});
    from_y.push_back({y.data() + y.offset(k), y.limb_bound(k), r.offset(k), bounds[k]});
  }
  limb_t* out = PackedIntegersAccess::data(r);
  huge::gather_slots(out, r.total_limbs(), from_x, r.place(), q);
  limb_t* ys = huge::allocate(r.total_limbs(), r.place(), r.stream());
  try {
    huge::gather_slots(ys, r.total_limbs(), from_y, r.place(), q);
    // One carry pass: each slot's sum fits its slot, so nothing carries from one into the next.
    huge::add(out, out, r.total_limbs(), ys, r.total_limbs(), nullptr, r.place(), q);
  } catch (...) {
    huge::release(ys, r.place(), r.stream());
    throw;
  }
  huge::release(ys, r.place(), r.stream());
  return r;
}

}  // namespace warpnum

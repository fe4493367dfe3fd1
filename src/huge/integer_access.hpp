// SPDX-License-Identifier: Apache-2.0
// src/huge/integer_access.hpp (private to warpnum::huge): how the library's files build an Integer in place: an
// Integer with room for some limbs, their storage, and the step that makes its first limbs its value.
#pragma once

#include "engine.hpp"

#include <warpnum/integer.hpp>

#include <cstddef>
#include <utility>

namespace warpnum {

struct IntegerAccess {
  /// A zero with room for `capacity` limbs in `place` (resolved: host or device; contents undefined).
  static Integer with_capacity(std::size_t capacity, Place place) {
    Integer x;
    x.place_ = huge::resolve_place(place);
    if (capacity != 0) {
      x.data_ = huge::allocate(capacity, x.place_);
      x.capacity_ = capacity;
    }
    return x;
  }
  /// The storage of x (capacity(x) limbs in x.place()).
  static huge::limb_t* data(Integer& x) noexcept { return x.data_; }
  static std::size_t capacity(const Integer& x) noexcept { return x.capacity_; }
  /// Makes x the number whose magnitude is its first n limbs (n <= capacity; high zero limbs are dropped), negative
  /// when `negative` and not zero.
  static void finish(Integer& x, std::size_t n, bool negative) {
    huge::limb_t top = 0;
    x.size_ = n == 0 ? 0 : huge::significant_limbs(x.data_, n, x.place_, &top);
    x.top_ = top;
    x.negative_ = negative && x.size_ != 0;
  }
  /// finish, for a caller that has read x's two limbs below n already (high: limb n - 1, below: limb n - 2, or 0
  /// where n < 2): no read of its own where either is not zero.
  static void finish(Integer& x, std::size_t n, huge::limb_t high, huge::limb_t below, bool negative) {
    if (n == 0 || (high == 0 && (n < 2 || below == 0))) {
      finish(x, n, negative);
      return;
    }
    x.size_ = high != 0 ? n : n - 1;
    x.top_ = high != 0 ? high : below;
    x.negative_ = negative;
  }
  /// Flips the sign of a non-zero x.
  static void negate(Integer& x) noexcept { x.negative_ = !x.negative_ && x.size_ != 0; }
  /// The storage of x handed over (x becomes a zero): its limbs (x.size() of them hold the magnitude; nullptr for a
  /// zero), to be released by huge::release in x's place.
  static huge::limb_t* take_storage(Integer& x) noexcept {
    x.size_ = 0;
    x.capacity_ = 0;
    x.top_ = 0;
    x.negative_ = false;
    return std::exchange(x.data_, nullptr);
  }
  /// An Integer that owns `data` (capacity limbs in a resolved place, from huge::allocate) and is the number of its
  /// first n limbs, negative when `negative` and not zero.
  static Integer adopt(huge::limb_t* data, std::size_t capacity, Place place, std::size_t n, bool negative) {
    Integer x;
    x.place_ = place;
    x.data_ = data;
    x.capacity_ = capacity;
    finish(x, n, negative);
    return x;
  }
};

}  // namespace warpnum

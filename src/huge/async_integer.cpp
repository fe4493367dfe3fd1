// SPDX-License-Identifier: Apache-2.0
// src/huge/async_integer.cpp: warpnum::AsyncInteger (<warpnum/async_integer.hpp>): Integer's operations queued on the
// value's stream by the engine's Queue::on form (engine.hpp), which launches, allocates and frees in the stream's
// order and reads nothing back. Lengths are bounds, fixed when an operation is queued: a product n + m limbs, a sum
// one more than the longer operand, a difference the longer one's. Signs are decided at the same time; a difference
// of magnitudes that borrows out of its top limb (a sign the host could not know) sets the result's status limb,
// which every later result inherits and get() reports.
#include "engine.hpp"
#include "integer_access.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>

namespace warpnum {

using huge::limb_t;

struct AsyncIntegerAccess {
  /// A result with room for `bound` limbs (contents undefined) in a place, on a stream, without a status.
  static AsyncInteger with_bound(std::size_t bound, Place place, stream_handle stream, bool negative) {
    AsyncInteger r;
    r.place_ = place;
    r.stream_ = stream;
    r.negative_ = negative;
    if (bound != 0) {
      r.data_ = huge::allocate(bound, place, stream);
      r.bound_ = bound;
    }
    return r;
  }
  static limb_t* data(AsyncInteger& x) noexcept { return x.data_; }
  static limb_t* status(const AsyncInteger& x) noexcept { return x.status_; }
  static huge::Queue queue(const AsyncInteger& x) noexcept { return huge::Queue::on(x.stream_); }

  /// r's status: `fresh` (r needs a status limb that the operation itself writes: a borrow) or not, or'ed with the
  /// statuses of the operands that have one. A result gets a status limb only where one of these exists.
  static limb_t* give_status(AsyncInteger& r, bool fresh, const AsyncInteger& a, const AsyncInteger* b) {
    const bool inherited = a.status_ != nullptr || (b != nullptr && b->status_ != nullptr);
    if (!fresh && !inherited) return nullptr;
    r.status_ = huge::allocate(1, r.place_, r.stream_);
    const huge::Queue q = queue(r);
    if (!fresh) huge::fill_zero(r.status_, 1, r.place_, q);
    return r.status_;
  }
  /// Ors the operands' statuses into r's (after the operation wrote its own, if any).
  static void inherit_status(AsyncInteger& r, const AsyncInteger& a, const AsyncInteger* b) {
    if (r.status_ == nullptr) return;
    const huge::Queue q = queue(r);
    if (a.status_ != nullptr) huge::merge_flag(r.status_, a.status_, r.place_, q);
    if (b != nullptr && b->status_ != nullptr) huge::merge_flag(r.status_, b->status_, r.place_, q);
  }
  /// A zero that carries the statuses of a and b.
  static AsyncInteger zero_from(const AsyncInteger& a, const AsyncInteger* b, Place place, stream_handle stream) {
    AsyncInteger r = with_bound(0, place, stream, false);
    give_status(r, false, a, b);
    inherit_status(r, a, b);
    return r;
  }

  /// The place and stream of an operation on a and b: those of the one with limbs (both must agree where both have).
  static void common(const AsyncInteger& a, const AsyncInteger& b, const char* op, Place& place,
                     stream_handle& stream) {
    const bool a_empty = a.bound_ == 0 && a.status_ == nullptr;
    const bool b_empty = b.bound_ == 0 && b.status_ == nullptr;
    const AsyncInteger& lead = a_empty && !b_empty ? b : a;
    place = lead.place_;
    stream = lead.stream_;
    if (a_empty || b_empty) return;
    if (a.place_ != b.place_) {
      detail::throw_error<std::invalid_argument>(std::string("warpnum: AsyncInteger ") + op +
                                                 ": operands in different places (host and device); make both from "
                                                 "Integers in one place (Integer::to)");
    }
    if (a.stream_ != b.stream_) {
      detail::throw_error<std::invalid_argument>(std::string("warpnum: AsyncInteger ") + op +
                                                 ": operands on different streams; bring one to the other's stream "
                                                 "with continue_on()");
    }
  }

  /// sign * (|x| + |y|) or sign * (|x| - |y|) (subtract; |x| >= |y| expected, else the status is set).
  static AsyncInteger add_magnitudes(const AsyncInteger& x, const AsyncInteger& y, bool subtract, bool negative,
                                     const char* op) {
    Place place{};
    stream_handle stream{};
    common(x, y, op, place, stream);
    const huge::Queue q = huge::Queue::on(stream);
    const std::size_t nx = x.bound_, ny = y.bound_;
    if (subtract && (nx == 0 || ny == 0)) {
      // A zero (no limbs) is exactly zero: the difference is the other magnitude, its sign known.
      subtract = false;
      if (nx == 0) negative = !negative;
    }
    if (!subtract) {
      if (nx == 0 && ny == 0) return zero_from(x, &y, place, stream);
      const AsyncInteger& longer = nx >= ny ? x : y;
      const AsyncInteger& shorter = nx >= ny ? y : x;
      const std::size_t n = longer.bound_;
      AsyncInteger r = with_bound(n + 1, place, stream, negative);
      huge::add(r.data_, longer.data_, n, shorter.data_, shorter.bound_, r.data_ + n, place, q);
      give_status(r, false, x, &y);
      inherit_status(r, x, &y);
      return r;
    }
    const std::size_t n = std::max(nx, ny);
    if (n == 0) return zero_from(x, &y, place, stream);
    AsyncInteger r = with_bound(n, place, stream, negative);
    limb_t* borrow = give_status(r, true, x, &y);
    if (nx >= ny) {
      huge::sub(r.data_, x.data_, nx, y.data_, ny, place, q, borrow);
    } else {
      // x zero-extended to y's length, in r.
      huge::copy(r.data_, place, x.data_, place, nx, q);
      huge::fill_zero(r.data_ + nx, n - nx, place, q);
      huge::sub(r.data_, r.data_, n, y.data_, ny, place, q, borrow);
    }
    inherit_status(r, x, &y);
    return r;
  }

  /// a + (negate_b ? -b : b).
  static AsyncInteger add_signed(const AsyncInteger& a, const AsyncInteger& b, bool negate_b, const char* op) {
    const bool sign_b = b.negative_ != negate_b;
    if (a.negative_ == sign_b) return add_magnitudes(a, b, false, sign_b, op);
    return add_magnitudes(a, b, true, a.negative_, op);
  }

  static AsyncInteger product(const AsyncInteger& a, const AsyncInteger& b, bool square) {
    Place place{};
    stream_handle stream{};
    common(a, b, "*", place, stream);
    const bool negative = a.negative_ != b.negative_;
    if (a.bound_ == 0 || b.bound_ == 0) return zero_from(a, &b, place, stream);
    AsyncInteger r = with_bound(a.bound_ + b.bound_, place, stream, negative);
    huge::multiply_limbs(r.data_, a.data_, a.bound_, square ? a.data_ : b.data_, b.bound_, place,
                         huge::Queue::on(stream));
    give_status(r, false, a, &b);
    inherit_status(r, a, &b);
    return r;
  }

  static AsyncInteger shift_left(const AsyncInteger& a, std::size_t bits) {
    if (a.bound_ == 0) return zero_from(a, nullptr, a.place_, a.stream_);
    const std::size_t nr = a.bound_ + bits / 32 + 1;
    AsyncInteger r = with_bound(nr, a.place_, a.stream_, a.negative_);
    huge::shift_left(r.data_, nr, a.data_, a.bound_, bits, a.place_, queue(a));
    give_status(r, false, a, nullptr);
    inherit_status(r, a, nullptr);
    return r;
  }

  static AsyncInteger shift_right(const AsyncInteger& a, std::size_t bits) {
    const std::size_t q = bits / 32;
    const std::size_t nr = q >= a.bound_ ? 0 : a.bound_ - q;
    if (!a.negative_) {
      if (nr == 0) return zero_from(a, nullptr, a.place_, a.stream_);
      AsyncInteger r = with_bound(nr, a.place_, a.stream_, false);
      huge::shift_right(r.data_, nr, a.data_, a.bound_, bits, a.place_, queue(a));
      give_status(r, false, a, nullptr);
      inherit_status(r, a, nullptr);
      return r;
    }
    if (a.bound_ == 0) return zero_from(a, nullptr, a.place_, a.stream_);
    // floor(-m / 2^bits) = -((m >> bits) + [m has a set bit below `bits`]), in nr + 1 limbs.
    const huge::Queue qa = queue(a);
    AsyncInteger r = with_bound(nr + 1, a.place_, a.stream_, true);
    huge::shift_right(r.data_, nr, a.data_, a.bound_, bits, a.place_, qa);
    huge::fill_zero(r.data_ + nr, 1, a.place_, qa);
    limb_t* flag = huge::allocate(1, a.place_, a.stream_);
    try {
      huge::low_bits_nonzero(flag, a.data_, a.bound_, bits, a.place_, qa);
      huge::add(r.data_, r.data_, nr + 1, flag, 1, nullptr, a.place_, qa);
    } catch (...) {
      huge::release(flag, a.place_, a.stream_);
      throw;
    }
    huge::release(flag, a.place_, a.stream_);
    give_status(r, false, a, nullptr);
    inherit_status(r, a, nullptr);
    return r;
  }

  /// Waits for x's stream; throws where its status is set.
  static void wait_and_check(const AsyncInteger& x) {
    huge::complete(x.place_, huge::Queue{x.stream_, true});
    if (x.status_ == nullptr) return;
    limb_t status = 0;
    huge::copy(&status, Place::host, x.status_, x.place_, 1);
    if (status != 0) {
      detail::throw_error<std::domain_error>(
          "warpnum: AsyncInteger: a difference in this value's history changed sign (|a| < |b| in a - b of "
          "same-signed operands, whose sign is decided when it is queued); queue the larger magnitude first, or "
          "compute that step with Integer");
    }
  }
};

// ---- Stream ----

Stream::Stream() : stream_(huge::create_stream()) {}
Stream::~Stream() { huge::destroy_stream(stream_); }
Stream::Stream(Stream&& o) noexcept : stream_(std::exchange(o.stream_, nullptr)) {}
Stream& Stream::operator=(Stream&& o) noexcept {
  if (this != &o) {
    huge::destroy_stream(stream_);
    stream_ = std::exchange(o.stream_, nullptr);
  }
  return *this;
}

// ---- members ----

AsyncInteger::AsyncInteger(Integer x, stream_handle stream)
    : bound_(x.size()), stream_(stream), place_(x.place()), negative_(x.is_negative()) {
  data_ = IntegerAccess::take_storage(x);
}

AsyncInteger::AsyncInteger(const AsyncInteger& o)
    : bound_(o.bound_), stream_(o.stream_), place_(o.place_), negative_(o.negative_) {
  const huge::Queue q = huge::Queue::on(stream_);
  if (bound_ != 0) {
    data_ = huge::allocate(bound_, place_, stream_);
    try {
      huge::copy(data_, place_, o.data_, place_, bound_, q);
    } catch (...) {
      huge::release(data_, place_, stream_);
      throw;
    }
  }
  if (o.status_ != nullptr) {
    status_ = huge::allocate(1, place_, stream_);
    huge::copy(status_, place_, o.status_, place_, 1, q);
  }
}

AsyncInteger::AsyncInteger(AsyncInteger&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)),
      bound_(std::exchange(o.bound_, 0)),
      status_(std::exchange(o.status_, nullptr)),
      stream_(o.stream_),
      place_(o.place_),
      negative_(std::exchange(o.negative_, false)) {}

AsyncInteger& AsyncInteger::operator=(const AsyncInteger& o) {
  if (this != &o) *this = AsyncInteger(o);
  return *this;
}

AsyncInteger& AsyncInteger::operator=(AsyncInteger&& o) noexcept {
  if (this != &o) {
    huge::release(data_, place_, stream_);
    huge::release(status_, place_, stream_);
    data_ = std::exchange(o.data_, nullptr);
    bound_ = std::exchange(o.bound_, 0);
    status_ = std::exchange(o.status_, nullptr);
    stream_ = o.stream_;
    place_ = o.place_;
    negative_ = std::exchange(o.negative_, false);
  }
  return *this;
}

AsyncInteger::~AsyncInteger() {
  huge::release(data_, place_, stream_);
  huge::release(status_, place_, stream_);
}

AsyncInteger& AsyncInteger::continue_on(stream_handle stream) {
  if (place_ == Place::device) huge::order_after(stream, stream_);
  stream_ = stream;
  return *this;
}

Integer AsyncInteger::get() const& { return AsyncInteger(*this).get_moved(); }

Integer AsyncInteger::get() && { return get_moved(); }

Integer AsyncInteger::get_moved() {
  AsyncIntegerAccess::wait_and_check(*this);
  const std::size_t n = std::exchange(bound_, 0);
  return IntegerAccess::adopt(std::exchange(data_, nullptr), n, place_, n, negative_);
}

// ---- operators ----

AsyncInteger operator+(const AsyncInteger& a, const AsyncInteger& b) {
  return AsyncIntegerAccess::add_signed(a, b, false, "+");
}
AsyncInteger operator-(const AsyncInteger& a, const AsyncInteger& b) {
  return AsyncIntegerAccess::add_signed(a, b, true, "-");
}
AsyncInteger operator*(const AsyncInteger& a, const AsyncInteger& b) {
  return AsyncIntegerAccess::product(a, b, &a == &b);
}
AsyncInteger sqr(const AsyncInteger& a) { return AsyncIntegerAccess::product(a, a, true); }
AsyncInteger operator-(AsyncInteger a) noexcept {
  a.negative_ = !a.negative_;
  return a;
}
AsyncInteger operator<<(const AsyncInteger& a, std::size_t bits) { return AsyncIntegerAccess::shift_left(a, bits); }
AsyncInteger operator>>(const AsyncInteger& a, std::size_t bits) { return AsyncIntegerAccess::shift_right(a, bits); }

}  // namespace warpnum

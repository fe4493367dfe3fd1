// SPDX-License-Identifier: Apache-2.0
// src/huge/async_integer.cpp: warpnum::AsyncInteger (<warpnum/async_integer.hpp>): Integer's operations queued on the
// value's stream by the engine's Queue::on form (engine.hpp), which launches, allocates and frees in the stream's
// order and reads nothing back. Lengths are bounds, fixed when an operation is queued: a product n + m limbs, a sum
// one more than the longer operand, a difference the longer one's. Signs are decided at the same time; a difference
// of magnitudes that borrows out of its top limb (a sign the host could not know) sets a status limb of its own,
// which every later result lists among its history's (shared, without a kernel) and get() reports. Division and
// isqrt run Newton's iterations (huge/newton_division.hpp, newton_sqrt.hpp) on these operations, with the operand
// normalised by a shift count found on the device and a divisor found zero recorded as a status; the members of
// NumberTraits<AsyncInteger> they need (correct_once, decided on the device; the smallest levels' kernels; constants
// written by a kernel; bounds cut to known widths) are here too.
#include "async_status.hpp"
#include "engine.hpp"
#include "integer_access.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/async_integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/newton_sqrt.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace warpnum {

using huge::limb_t;

namespace detail {
/// The status limbs of an AsyncInteger's history: each one limb (in its place), written by one difference,
/// non-zero where it changed sign; the value's status is their or. Shared, never changed once made.
struct AsyncStatus {
  // Limbs kept as a list, in the order of their addresses; more are or'ed into one. Newton's division adds one or
  // two a level: its graphs at 10^6 and 10^7 digits or'ed none (at 8 a list, 12 kernels at 10^6; H200, 2026-12-04).
  static constexpr std::size_t most = huge::or_flags_most;
  // The bits a status limb may hold (async_status.hpp): a difference's borrow out of its top limb, a divisor found
  // zero, a divisor taken to be as long as its bound (exact_) found with a zero top limb (its limbs written over
  // after the division was queued, as for a graph replayed on new operands).
  static constexpr limb_t sign_changed = huge::status_sign_changed;
  static constexpr limb_t division_by_zero = huge::status_division_by_zero;
  static constexpr limb_t divisor_shorter = huge::status_divisor_shorter;
  std::vector<std::shared_ptr<limb_t>> limbs;
};
}  // namespace detail

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
  static huge::Queue queue(const AsyncInteger& x) noexcept { return huge::Queue::on(x.stream_); }

  using Status = std::shared_ptr<const detail::AsyncStatus>;

  /// A new status limb (contents undefined) in a place, released in the order of `stream` when its last owner goes.
  /// Values share status limbs only on one stream (continue_on gives a value limbs of its own), so that the release
  /// follows every read of them.
  static std::shared_ptr<limb_t> new_limb(Place place, stream_handle stream) {
    limb_t* p = huge::allocate(1, place, stream);
    return {p, [place, stream](limb_t* q) noexcept { huge::release(q, place, stream); }};  // deleter runs on throw
  }
  /// One new limb holding the or of `limbs`, by one kernel a detail::AsyncStatus::most of them.
  static std::shared_ptr<limb_t> or_of(std::span<const std::shared_ptr<limb_t>> limbs, Place place,
                                       stream_handle stream) {
    std::shared_ptr<limb_t> into = new_limb(place, stream);
    const limb_t* from[detail::AsyncStatus::most];
    bool first = true;
    for (std::size_t i = 0; i < limbs.size(); i += detail::AsyncStatus::most) {
      const std::size_t count = std::min(limbs.size() - i, detail::AsyncStatus::most);
      for (std::size_t k = 0; k < count; ++k) from[k] = limbs[i + k].get();
      huge::or_flags(into.get(), std::span<const limb_t* const>(from, count), !first, place, huge::Queue::on(stream));
      first = false;
    }
    return into;
  }
  /// The status of a value computed from statuses x and y (either may be null): none, the one there is (shared, no
  /// work), the one whose limbs include the other's, or else the union of their limbs, kept as a list (no kernel)
  /// up to AsyncStatus::most limbs and or'ed into one above.
  static Status combined(const Status& x, const Status& y, Place place, stream_handle stream) {
    if (y == nullptr || x == y) return x;
    if (x == nullptr) return y;
    const auto by_address = [](const std::shared_ptr<limb_t>& p, const std::shared_ptr<limb_t>& q) {
      return std::less<const limb_t*>()(p.get(), q.get());
    };
    const auto& lx = x->limbs;
    const auto& ly = y->limbs;
    if (std::includes(lx.begin(), lx.end(), ly.begin(), ly.end(), by_address)) return x;
    if (std::includes(ly.begin(), ly.end(), lx.begin(), lx.end(), by_address)) return y;
    auto r = std::make_shared<detail::AsyncStatus>();
    r->limbs.reserve(lx.size() + ly.size());
    std::set_union(lx.begin(), lx.end(), ly.begin(), ly.end(), std::back_inserter(r->limbs), by_address);
    if (r->limbs.size() > detail::AsyncStatus::most) r->limbs = {or_of(r->limbs, place, stream)};
    return r;
  }
  /// r's status where the operation itself cannot set one: that of its operands.
  static void inherit_status(AsyncInteger& r, const AsyncInteger& a, const AsyncInteger* b) {
    r.status_ = combined(a.status_, b != nullptr ? b->status_ : Status(), r.place_, r.stream_);
  }
  /// r's status where the operation wrote one (a borrow, into `own`, a limb from new_limb) besides its operands':
  /// own listed with theirs. Called after the operation is queued, since a list too long is or'ed into one limb.
  static void add_own_status(AsyncInteger& r, std::shared_ptr<limb_t> own, const AsyncInteger& a,
                             const AsyncInteger& b) {
    auto mine = std::make_shared<detail::AsyncStatus>();
    mine->limbs.push_back(std::move(own));
    r.status_ = combined(mine, combined(a.status_, b.status_, r.place_, r.stream_), r.place_, r.stream_);
  }
  /// A zero that carries the statuses of a and b.
  static AsyncInteger zero_from(const AsyncInteger& a, const AsyncInteger* b, Place place, stream_handle stream) {
    AsyncInteger r = with_bound(0, place, stream, false);
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

  /// out[0, max bound) = |x| - |y| (x zero-extended where y's bound is longer), the borrow to *borrow.
  static void subtract_limbs(limb_t* out, const AsyncInteger& x, const AsyncInteger& y, Place place, huge::Queue q,
                             limb_t* borrow) {
    const std::size_t nx = x.bound_, ny = y.bound_;
    if (nx >= ny) {
      huge::sub(out, x.data_, nx, y.data_, ny, place, q, borrow);
      return;
    }
    huge::copy(out, place, x.data_, place, nx, q);
    huge::fill_zero(out + nx, ny - nx, place, q);
    huge::sub(out, out, ny, y.data_, ny, place, q, borrow);
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
      inherit_status(r, x, &y);
      return r;
    }
    const std::size_t n = std::max(nx, ny);
    if (n == 0) return zero_from(x, &y, place, stream);
    AsyncInteger r = with_bound(n, place, stream, negative);
    const std::shared_ptr<limb_t> own = new_limb(place, stream);
    subtract_limbs(r.data_, x, y, place, q, own.get());
    add_own_status(r, own, x, y);
    return r;
  }

  /// a 2^sa + b 2^sb, or a 2^sa - b 2^sb (subtract: never negative is expected, else the status is set), for a and
  /// b not negative, in one carry resolution that reads the operands shifted (a negative shift floors): no shifted
  /// copies, so the kernels and allocations of two shifts fewer (huge::add_shifted, sub_shifted).
  static AsyncInteger shifted_linear(const AsyncInteger& a, std::ptrdiff_t sa, const AsyncInteger& b,
                                     std::ptrdiff_t sb, bool subtract) {
    Place place{};
    stream_handle stream{};
    common(a, b, subtract ? "-" : "+", place, stream);
    const auto limbs_of = [](const AsyncInteger& x, std::ptrdiff_t shift) -> std::size_t {  // x 2^shift's bound
      const std::ptrdiff_t bits = 32 * static_cast<std::ptrdiff_t>(x.bound_) + shift;
      return x.bound_ == 0 || bits <= 0 ? 0 : static_cast<std::size_t>((bits + 31) / 32);
    };
    const std::size_t n = std::max(limbs_of(a, sa), limbs_of(b, sb)) + (subtract ? 0 : 1);
    if (n == 0) return zero_from(a, &b, place, stream);
    const huge::Queue q = huge::Queue::on(stream);
    const huge::ShiftedLimbs va{a.data_, a.bound_, sa}, vb{b.data_, b.bound_, sb};
    AsyncInteger r = with_bound(n, place, stream, false);
    if (!subtract) {
      huge::add_shifted(r.data_, n, va, vb, nullptr, place, q);
      inherit_status(r, a, &b);
      return r;
    }
    const std::shared_ptr<limb_t> own = new_limb(place, stream);
    huge::sub_shifted(r.data_, n, va, vb, own.get(), place, q);
    add_own_status(r, own, a, b);
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
    inherit_status(r, a, &b);
    return r;
  }

  static AsyncInteger shift_left(const AsyncInteger& a, std::size_t bits) {
    if (a.bound_ == 0) return zero_from(a, nullptr, a.place_, a.stream_);
    const std::size_t nr = a.bound_ + bits / 32 + 1;
    AsyncInteger r = with_bound(nr, a.place_, a.stream_, a.negative_);
    huge::shift_left(r.data_, nr, a.data_, a.bound_, bits, a.place_, queue(a));
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
    inherit_status(r, a, nullptr);
    return r;
  }

  /// Floor division's last step (huge/newton_division.hpp's correct_once) for 0 <= r < 2 b: where r >= b, r - b
  /// and q + 1, else r and q, decided on the device. t = r - b with its borrow in a one-limb number; r takes t's limbs
  /// where nothing was borrowed (r - b <= r fits r's bound); the borrow, inverted, is the step q takes.
  static void correct_once(AsyncInteger& q, AsyncInteger& r, const AsyncInteger& b) {
    Place place{};
    stream_handle stream{};
    common(r, b, "correct_once", place, stream);
    common(q, r, "correct_once", place, stream);
    if (b.bound_ == 0 || r.bound_ == 0) return;  // b > 0 has limbs; an r without limbs is zero, below b
    const huge::Queue qs = huge::Queue::on(stream);
    const std::size_t n = std::max(r.bound_, b.bound_);
    AsyncInteger t = with_bound(n, place, stream, false);
    AsyncInteger step = with_bound(1, place, stream, false);
    subtract_limbs(t.data_, r, b, place, qs, step.data_);
    huge::take_where_clear(r.data_, t.data_, r.bound_, step.data_, place, qs);
    huge::invert_flag(step.data_, place, qs);
    r.status_ = combined(r.status_, b.status_, place, stream);  // r's value now depends on b's
    q = q + step;
  }

  /// 2^bits - 1 - floor(|x| / 2^drop) in ceil(bits / 32) limbs (huge::complement_shifted): one kernel.
  static AsyncInteger complement_shifted(const AsyncInteger& x, std::size_t drop, std::size_t bits) {
    const std::size_t nr = (bits + 31) / 32;
    AsyncInteger r = with_bound(nr, x.place_, x.stream_, false);
    huge::complement_shifted(r.data_, nr, x.data_, x.bound_, drop, bits, r.place_, queue(r));
    inherit_status(r, x, nullptr);
    return r;
  }

  /// `v` (below 2^64) where `like` lives, written by a kernel on its stream: no copy from the host, no wait.
  static AsyncInteger constant(std::uint64_t v, const AsyncInteger& like) {
    const std::size_t n = v == 0 ? 0 : (v >> 32) != 0 ? 2 : 1;
    AsyncInteger r = with_bound(n, like.place_, like.stream_, false);
    huge::set_uint(r.data_, n, v, r.place_, queue(r));
    return r;
  }

  /// X <= 2^(2 n) / d < X + 2, d of n bits (huge::reciprocal_base): at most 2^(n+1) (d = 2^(n-1)), n + 2 bits.
  static AsyncInteger reciprocal_base(const AsyncInteger& d, std::size_t n) {
    AsyncInteger r = with_bound((n + 2 + 31) / 32, d.place_, d.stream_, false);
    huge::reciprocal_base(r.data_, r.bound_, d.data_, d.bound_, n, r.place_, queue(r));
    inherit_status(r, d, nullptr);
    return r;
  }

  /// |x| << (*count >> count_shift) (count: a one-limb value) in `bound` limbs, or |x| >> that.
  static AsyncInteger shifted_by(const AsyncInteger& x, const AsyncInteger& count, std::size_t bound, bool left,
                                 unsigned count_shift = 0) {
    AsyncInteger r = with_bound(bound, x.place_, x.stream_, false);
    if (left) {
      huge::shift_left_by(r.data_, bound, x.data_, x.bound_, count.data_, count_shift, r.place_, queue(r));
    } else {
      huge::shift_right_by(r.data_, bound, x.data_, x.bound_, count.data_, count_shift, r.place_, queue(r));
    }
    inherit_status(r, x, &count);
    return r;
  }

  /// x with its bound cut to ceil(bits / 32) limbs (x below 2^bits): the storage stays, released by its pointer.
  static AsyncInteger below(AsyncInteger x, std::size_t bits) {
    const std::size_t bound = std::min(x.bound_, (bits + 31) / 32);
    if (bound != x.bound_) x.exact_ = false;
    x.bound_ = bound;
    return x;
  }

  /// floor(sqrt(x)) for x below 2^(32 nx), nx <= newton_division_base_limbs (huge::isqrt_base).
  static AsyncInteger isqrt_base(const AsyncInteger& x) {
    AsyncInteger r = with_bound((x.bound_ + 1) / 2, x.place_, x.stream_, false);
    huge::isqrt_base(r.data_, r.bound_, x.data_, x.bound_, r.place_, queue(r));
    inherit_status(r, x, nullptr);
    return r;
  }

  /// floor(sqrt(x)), queued. x is normalised on the device as the divisor is for division, by an even count c of
  /// leading zero bits, so that x' = x 2^c lies in [2^(m-2), 2^m), m = 32 nx, and newton_sqrt.hpp's
  /// isqrt_normalised gives its root (m / 2 bits) with every width known; the root of x is that >> c / 2. A zero
  /// (limbs all zero, flag z = 1) is replaced by 2^(m-2), whose root 2^(m/2-1) is then taken off again: x' + z
  /// 2^(m-2) and y - z 2^(m/2-1), so that no difference changes sign.
  static AsyncInteger isqrt(const AsyncInteger& x) {
    if (x.negative_) detail::throw_error<std::domain_error>("warpnum: AsyncInteger: isqrt of a negative number");
    if (x.bound_ == 0) return zero_from(x, nullptr, x.place_, x.stream_);
    const std::size_t nx = x.bound_, m = 32 * nx;
    AsyncInteger count = with_bound(1, x.place_, x.stream_, false);
    AsyncInteger zero = with_bound(1, x.place_, x.stream_, false);
    huge::leading_zero_bits(count.data_, zero.data_, 1, 0, x.data_, nx, 2, x.place_, queue(x));
    const AsyncInteger x_norm = shifted_by(x, count, nx, true) + (zero << (m - 2));
    const AsyncInteger y = huge::isqrt_normalised(x_norm, m);
    return shifted_by(y, count, (nx + 1) / 2, false, 1) - (zero << (m / 2 - 1));
  }

  /// floor(|a| / |b|) and |a| mod |b|, queued. The divisor is normalised on the device: c, its leading zero bits in
  /// its nb limbs (a status where it is zero), shifts both, so that b' = |b| 2^c has exactly n = 32 nb bits and a'
  /// = |a| 2^c below 2^m, m = 32 (na + nb); then Newton's division (newton_division.hpp's divmod_by_reciprocal: the
  /// quotient is a' / b' = |a| / |b|, the remainder 2^c times |a|'s) with every level of the reciprocal on the device,
  /// and the remainder shifted back. The quotient's m - n + 1 bits are a bound for the worst c (b = 1), for which
  /// 2d digits by d divide in two pieces. A divisor whose bound is its length (exact_: its top limb is not zero)
  /// has c < 32, so a' fits na + 1 limbs (m = 32 (na + 1)) and the quotient na - nb + 1: 2d digits by d are one
  /// piece, as with Integer's exact widths.
  static huge::DivResult<AsyncInteger> divmod_magnitudes(const AsyncInteger& a, const AsyncInteger& b) {
    Place place{};
    stream_handle stream{};
    common(a, b, "/", place, stream);
    if (b.bound_ == 0) detail::throw_error<std::domain_error>("warpnum: AsyncInteger: division by zero");
    if (a.bound_ == 0) return {zero_from(a, &b, place, stream), zero_from(a, &b, place, stream)};
    const std::size_t na = a.bound_, nb = b.bound_;
    AsyncInteger count = with_bound(1, place, stream, false);
    const std::shared_ptr<limb_t> zero = new_limb(place, stream);
    huge::leading_zero_bits(count.data_, zero.get(), detail::AsyncStatus::division_by_zero,
                            b.exact_ ? detail::AsyncStatus::divisor_shorter : 0, b.data_, nb, 1, place,
                            huge::Queue::on(stream));
    auto mine = std::make_shared<detail::AsyncStatus>();
    mine->limbs.push_back(zero);
    count.status_ = std::move(mine);
    const std::size_t na_norm = b.exact_ ? na + 1 : na + nb;
    // |a| / |b| <= |a|, and below 2^(32 (na - nb + 1)) where |b| >= 2^(32 (nb - 1)).
    const std::size_t quot_limbs = b.exact_ ? (na >= nb ? na - nb + 1 : 1) : na;
    const AsyncInteger b_norm = shifted_by(b, count, nb, true);
    const AsyncInteger a_norm = shifted_by(a, count, na_norm, true);
    const std::size_t n = 32 * nb, m = 32 * na_norm;
    huge::DivResult<AsyncInteger> r = huge::divmod_by_reciprocal(a_norm, m, b_norm, n, 0);
    return {below(std::move(r.quot), 32 * quot_limbs), shifted_by(r.rem, count, nb, false)};
  }

  /// Floor division's adjustment where the signs differ: a quotient q and remainder r of the magnitudes become
  /// -(q + 1) and |b| - r where r != 0, else -q and 0; decided on the device by r's "non-zero" flag. The remainder
  /// takes b's sign.
  static void floor_of_different_signs(huge::DivResult<AsyncInteger>& m, const AsyncInteger& b) {
    AsyncInteger& q = m.quot;
    AsyncInteger& r = m.rem;
    const Place place = r.place_;
    const stream_handle stream = r.stream_;
    const huge::Queue qs = huge::Queue::on(stream);
    if (r.bound_ == 0) {  // a was zero: so are both
      q.negative_ = true;
      r.negative_ = b.negative_;
      return;
    }
    AsyncInteger nonzero = with_bound(1, place, stream, false);
    huge::low_bits_nonzero(nonzero.data_, r.data_, r.bound_, 32 * r.bound_, place, qs);
    q = q + nonzero;
    // |b| - r (r < |b|, no borrow), taken where r != 0: take_where_clear takes where its flag is clear.
    const AsyncInteger t = add_magnitudes(b, r, true, false, "divmod_floor");
    huge::invert_flag(nonzero.data_, place, qs);
    huge::take_where_clear(r.data_, t.data_, std::min(r.bound_, t.bound_), nonzero.data_, place, qs);
    r.status_ = combined(r.status_, t.status_, place, stream);
    q.negative_ = true;
    r.negative_ = b.negative_;
  }

  /// x's status in one limb (huge::status_limb).
  static std::shared_ptr<limb_t> status_limb(const AsyncInteger& x) {
    if (x.status_ == nullptr) return nullptr;
    return x.status_->limbs.size() == 1 ? x.status_->limbs.front() : or_of(x.status_->limbs, x.place_, x.stream_);
  }

  /// Waits for x's stream; throws where its status is set (its limbs or'ed into one first, where it has several).
  static void wait_and_check(const AsyncInteger& x) {
    const std::shared_ptr<limb_t> one = status_limb(x);
    huge::complete(x.place_, huge::Queue{x.stream_, true});
    if (one == nullptr) return;
    limb_t status = 0;
    huge::copy(&status, Place::host, one.get(), x.place_, 1);
    if ((status & detail::AsyncStatus::division_by_zero) != 0) {
      detail::throw_error<std::domain_error>(
          "warpnum: AsyncInteger: division by zero in this value's history (a divisor whose limbs were all zero)");
    }
    if ((status & detail::AsyncStatus::divisor_shorter) != 0) {
      detail::throw_error<std::domain_error>(
          "warpnum: AsyncInteger: a division in this value's history was queued for a divisor as long as its bound "
          "(made from an Integer), and its top limb was zero when it ran (its limbs written over, as for a graph "
          "replayed on new operands); make such a divisor with AsyncInteger(x, stream, limb_bound), whose division "
          "takes any length up to the bound");
    }
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
    : bound_(x.size()), exact_(x.size() != 0), stream_(stream), place_(x.place()), negative_(x.is_negative()) {
  data_ = IntegerAccess::take_storage(x);
}

AsyncInteger::AsyncInteger(const Integer& x, stream_handle stream, std::size_t limb_bound)
    : bound_(limb_bound), stream_(stream), place_(x.place()), negative_(x.is_negative()) {
  if (limb_bound < x.size()) {
    detail::throw_error<std::invalid_argument>("warpnum: AsyncInteger: a limb bound of " + std::to_string(limb_bound) +
                                               " is shorter than the value's " + std::to_string(x.size()) +
                                               " limbs; give a bound of at least x.size()");
  }
  if (bound_ == 0) return;
  const huge::Queue q = huge::Queue::on(stream_);
  data_ = huge::allocate(bound_, place_, stream_);
  try {
    huge::copy(data_, place_, x.data(), place_, x.size(), q);
    huge::fill_zero(data_ + x.size(), bound_ - x.size(), place_, q);
  } catch (...) {
    huge::release(data_, place_, stream_);
    throw;
  }
}

AsyncInteger::AsyncInteger(const AsyncInteger& o)
    : bound_(o.bound_), exact_(o.exact_), stream_(o.stream_), place_(o.place_), negative_(o.negative_) {
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
  status_ = o.status_;  // shared: both on one stream
}

AsyncInteger::AsyncInteger(AsyncInteger&& o) noexcept
    : data_(std::exchange(o.data_, nullptr)),
      bound_(std::exchange(o.bound_, 0)),
      exact_(std::exchange(o.exact_, false)),
      status_(std::move(o.status_)),
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
    data_ = std::exchange(o.data_, nullptr);
    bound_ = std::exchange(o.bound_, 0);
    exact_ = std::exchange(o.exact_, false);
    status_ = std::move(o.status_);
    stream_ = o.stream_;
    place_ = o.place_;
    negative_ = std::exchange(o.negative_, false);
  }
  return *this;
}

AsyncInteger::~AsyncInteger() { huge::release(data_, place_, stream_); }  // the status goes with its last owner

AsyncInteger& AsyncInteger::continue_on(stream_handle stream) {
  if (place_ == Place::device && stream != stream_) {
    huge::order_after(stream, stream_);
    if (status_ != nullptr) {  // a limb of its own on the new stream, whose order its release then follows
      auto own = std::make_shared<detail::AsyncStatus>();
      own->limbs.push_back(AsyncIntegerAccess::or_of(status_->limbs, place_, stream));
      status_ = std::move(own);
    }
  }
  stream_ = stream;
  return *this;
}

Integer AsyncInteger::get() const& { return AsyncInteger(*this).get_moved(); }

Integer AsyncInteger::get() && { return get_moved(); }

Integer AsyncInteger::get_moved() {
  AsyncIntegerAccess::wait_and_check(*this);
  const std::size_t n = std::exchange(bound_, 0);
  exact_ = false;
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

AsyncIntegerDivResult divmod_floor(const AsyncInteger& a, const AsyncInteger& b) {
  huge::DivResult<AsyncInteger> m = AsyncIntegerAccess::divmod_magnitudes(a, b);
  if (a.is_negative() == b.is_negative()) {
    if (a.is_negative()) m.rem = -std::move(m.rem);
  } else {
    AsyncIntegerAccess::floor_of_different_signs(m, b);
  }
  return {std::move(m.quot), std::move(m.rem)};
}

AsyncInteger operator/(const AsyncInteger& a, const AsyncInteger& b) {
  huge::DivResult<AsyncInteger> m = AsyncIntegerAccess::divmod_magnitudes(a, b);
  return a.is_negative() != b.is_negative() ? -std::move(m.quot) : std::move(m.quot);
}

AsyncInteger operator%(const AsyncInteger& a, const AsyncInteger& b) {
  huge::DivResult<AsyncInteger> m = AsyncIntegerAccess::divmod_magnitudes(a, b);
  return a.is_negative() ? -std::move(m.rem) : std::move(m.rem);
}

AsyncInteger isqrt(const AsyncInteger& x) { return AsyncIntegerAccess::isqrt(x); }

namespace huge {

std::shared_ptr<limb_t> status_limb(const AsyncInteger& x) { return AsyncIntegerAccess::status_limb(x); }

AsyncInteger NumberTraits<AsyncInteger>::from_uint(std::uint64_t v, const AsyncInteger& like) {
  return AsyncIntegerAccess::constant(v, like);
}

std::size_t NumberTraits<AsyncInteger>::reciprocal_base_bits(const AsyncInteger& d) {
  return huge::reciprocal_base_bits(d.place());
}
AsyncInteger NumberTraits<AsyncInteger>::reciprocal_base(const AsyncInteger& d, std::size_t n) {
  return AsyncIntegerAccess::reciprocal_base(d, n);
}

AsyncInteger NumberTraits<AsyncInteger>::below(AsyncInteger x, std::size_t bits) {
  return AsyncIntegerAccess::below(std::move(x), bits);
}

AsyncInteger NumberTraits<AsyncInteger>::isqrt_base(const AsyncInteger& x, std::size_t /*m*/) {
  return AsyncIntegerAccess::isqrt_base(x);
}

AsyncInteger NumberTraits<AsyncInteger>::shifted_sum(const AsyncInteger& a, std::ptrdiff_t sa, const AsyncInteger& b,
                                                     std::ptrdiff_t sb) {
  if (a.is_negative() || b.is_negative()) return detail::scaled(a, sa) + detail::scaled(b, sb);  // the operators
  return AsyncIntegerAccess::shifted_linear(a, sa, b, sb, false);
}

AsyncInteger NumberTraits<AsyncInteger>::shifted_difference(const AsyncInteger& a, std::ptrdiff_t sa,
                                                            const AsyncInteger& b, std::ptrdiff_t sb) {
  if (a.is_negative() || b.is_negative()) return detail::scaled(a, sa) - detail::scaled(b, sb);
  return AsyncIntegerAccess::shifted_linear(a, sa, b, sb, true);
}

AsyncInteger NumberTraits<AsyncInteger>::complement_shifted(const AsyncInteger& x, std::size_t drop, std::size_t bits) {
  if (x.is_negative()) {  // outside the contract: the generic route, whose difference then reports it
    const AsyncInteger one = from_uint(1, x);
    return detail::shifted_difference(one, static_cast<std::ptrdiff_t>(bits), x, -static_cast<std::ptrdiff_t>(drop)) -
           one;
  }
  return AsyncIntegerAccess::complement_shifted(x, drop, bits);
}

void NumberTraits<AsyncInteger>::correct_once(AsyncInteger& q, AsyncInteger& r, const AsyncInteger& b) {
  AsyncIntegerAccess::correct_once(q, r, b);
}

}  // namespace huge
}  // namespace warpnum

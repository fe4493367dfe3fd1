// SPDX-License-Identifier: Apache-2.0
// warpnum/async_integer.hpp: warpnum::AsyncInteger, Integer's arithmetic queued on a CUDA stream with no host
// synchronisation, and get(), the one point where the host waits. Compiled in warpnum::huge (src/huge/); this header
// compiles with plain g++ and includes no CUDA header.
#pragma once

#include <warpnum/batch/layout.hpp>  // Place, stream_handle
#include <warpnum/integer.hpp>

#include <cstddef>
#include <memory>

namespace warpnum {
namespace detail {
struct AsyncStatus;
}  // namespace detail

/// A CUDA stream of its own, for AsyncIntegers, from a program that need not include CUDA's headers: non-blocking
/// (it neither waits for the legacy default stream nor holds it up), synchronised and destroyed at the end of its
/// life. Where there is no GPU, or warpnum::huge was built without CUDA, get() is nullptr, which host AsyncIntegers
/// ignore. Move-only.
class Stream {
 public:
  Stream();
  ~Stream();
  Stream(Stream&& o) noexcept;
  Stream& operator=(Stream&& o) noexcept;
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  stream_handle get() const noexcept { return stream_; }

 private:
  stream_handle stream_ = nullptr;
};

/// A signed integer of any size whose value is being computed on a CUDA stream: a future-like handle that the
/// arithmetic operators take and return without waiting, so that an expression of many products, sums and shifts
/// is queued on the stream (or captured into a CUDA graph) as one run of kernels, with no host synchronisation
/// between them. get() waits for the stream and returns the Integer.
///
/// - Streams: an AsyncInteger made from an Integer on `stream` keeps that stream; the result of an operation is on
///   its operands' stream (operands on two different streams throw std::invalid_argument: bring one to the other's
///   stream with continue_on()). Memory comes from warpnum's stream-ordered pool on that stream
///   and goes back to it in stream order; the stream must outlive the AsyncIntegers on it.
/// - Size: the host does not read the device, so a result's length is a bound (limb_bound(): a product of n and m
///   limbs has n + m; high limbs may be zero). get() trims it.
/// - Signs are decided when an operation is queued, so a sum of opposite signs (a difference of magnitudes) must
///   not change sign: |a| >= |b| in a - b of same-signed a and b (a + b of opposite signs; a zero with no limbs
///   always passes). Where that fails, the result's magnitude is |a| - |b| + 2^(32 n) (n the longer limb bound)
///   and a status on the device records it; get() then throws std::domain_error, and so does get() of every value
///   computed from it. A division by a divisor that turns out zero records a status the same way (a divisor with
///   no limbs, known to be zero, throws std::domain_error at once).
/// - Division (divmod_floor, / and %, below) and isqrt queue too: Newton's iterations from their smallest levels up,
///   with the divisor (the radicand) normalised on the device (shifted by a count the host never reads), so that
///   their cost follows the limb bounds, as a product's does. A divisor made from an Integer (or a copy of one),
///   whose length is its bound, shifts by less than a limb: the quotient's bound is then na - nb + 1 limbs (na,
///   nb the bounds), and 2d digits by d divide in one piece; should its top limb be zero when the division runs
///   (its limbs written over after it was queued), get() throws std::domain_error. A divisor whose bound may exceed
///   its length (made with a limb bound, or the result of an operation) can shift by up to 32 nb - 1 bits: the
///   quotient's bound is na, and its cost that of a quotient of na limbs.
/// - On the host (an AsyncInteger of a host Integer) every operation is complete on return and the stream is not
///   used; the results and rules are the same.
/// - Out of memory throws warpnum::OutOfMemory when the operation is queued (allocation is ordered, not deferred).
///
/// Copies are queued too (a device-to-device copy on the stream); moves are cheap.
///
///     warpnum::Stream s;
///     AsyncInteger a(std::move(x), s.get()), b(std::move(y), s.get());  // x, y: device Integers
///     AsyncInteger r = sqr(a * b + (b << 64)) >> 7;  // queued: the host goes on at once
///     Integer value = std::move(r).get();            // the one wait
class AsyncInteger {
 public:
  using limb_type = Integer::limb_type;

  /// Zero (no limbs, no stream): combines with an AsyncInteger on any stream.
  AsyncInteger() noexcept = default;
  /// The value of x, queued on `stream` from now on. x's storage is taken over (pass std::move(x) to avoid a copy);
  /// x must be complete, as every Integer is. A host Integer gives a host AsyncInteger.
  explicit AsyncInteger(Integer x, stream_handle stream = nullptr);
  /// The value of x in limb_bound limbs (zero past x's; limb_bound >= x.size(), else std::invalid_argument), a copy
  /// queued on `stream`: for values whose limbs will be written over with others up to that length, as a CUDA graph
  /// captured once is replayed on new operands. Its bound is a bound, not its length: a division by it takes any
  /// divisor that fits (one made from an Integer is taken to keep its length; see Division above).
  AsyncInteger(const Integer& x, stream_handle stream, std::size_t limb_bound);

  AsyncInteger(const AsyncInteger& o);
  AsyncInteger(AsyncInteger&& o) noexcept;
  AsyncInteger& operator=(const AsyncInteger& o);
  AsyncInteger& operator=(AsyncInteger&& o) noexcept;
  /// Frees the memory in the stream's order (no wait).
  ~AsyncInteger();

  /// Waits for the stream (cudaStreamSynchronize) and returns the value. Throws std::domain_error where a
  /// difference in this value's history changed sign (the class comment), std::runtime_error for a CUDA error.
  /// The && form hands the storage over without a copy.
  Integer get() const&;
  Integer get() &&;

  /// Orders this value on `stream` from now on: that stream waits, on the device, for the work queued for the value
  /// so far (an event; the host does not wait), and the value then combines with others on `stream`.
  AsyncInteger& continue_on(stream_handle stream);

  /// Where the limbs live (never Place::automatic) and the stream they are ordered on (nullptr: the legacy default
  /// stream).
  Place place() const noexcept { return place_; }
  stream_handle stream() const noexcept { return stream_; }
  /// Limbs allocated for the magnitude: a bound on its length (0 only for a zero).
  std::size_t limb_bound() const noexcept { return bound_; }
  /// The sign it will have unless its magnitude turns out zero.
  bool is_negative() const noexcept { return negative_; }
  /// The magnitude's storage (limb_bound() limbs, device or host memory per place()); ready in the stream's order.
  const limb_type* data() const noexcept { return data_; }

  friend AsyncInteger operator+(const AsyncInteger& a, const AsyncInteger& b);
  friend AsyncInteger operator-(const AsyncInteger& a, const AsyncInteger& b);
  friend AsyncInteger operator*(const AsyncInteger& a, const AsyncInteger& b);
  friend AsyncInteger operator-(AsyncInteger a) noexcept;
  /// Shifts of the value (>> rounds toward minus infinity, as Integer's).
  friend AsyncInteger operator<<(const AsyncInteger& a, std::size_t bits);
  friend AsyncInteger operator>>(const AsyncInteger& a, std::size_t bits);
  /// a * a, with the transform of one operand only.
  friend AsyncInteger sqr(const AsyncInteger& a);

  AsyncInteger& operator+=(const AsyncInteger& b) { return *this = *this + b; }
  AsyncInteger& operator-=(const AsyncInteger& b) { return *this = *this - b; }
  AsyncInteger& operator*=(const AsyncInteger& b) { return *this = *this * b; }
  AsyncInteger& operator<<=(std::size_t bits) { return *this = *this << bits; }
  AsyncInteger& operator>>=(std::size_t bits) { return *this = *this >> bits; }

 private:
  friend struct AsyncIntegerAccess;  // src/huge/async_integer.cpp: builds results
  Integer get_moved();               // get() of this object, whose storage goes to the result

  limb_type* data_ = nullptr;     // bound_ limbs in place_
  std::size_t bound_ = 0;
  // bound_ is the value's length (its top limb is not zero): an AsyncInteger made from a non-zero Integer, and its
  // copies; an operation's result is not (its bound is a bound). Division reads it (src/huge/async_integer.cpp).
  bool exact_ = false;
  // The limbs (in place_) that the differences in this value's history wrote, non-zero where one changed sign; null:
  // none can have. Shared by the values computed from it on the same stream (they inherit it without a copy or a
  // kernel) and released, in that stream's order, with the last (src/huge/async_integer.cpp).
  std::shared_ptr<const detail::AsyncStatus> status_;
  stream_handle stream_ = nullptr;
  Place place_ = Place::host;     // an empty AsyncInteger is a zero that goes with anything
  bool negative_ = false;
};

/// Quotient and remainder of an AsyncInteger division.
struct AsyncIntegerDivResult {
  AsyncInteger quot;
  AsyncInteger rem;
};
/// Integer's divisions (integer.hpp), queued: floor division and its remainder (with b's sign); a / b truncated
/// toward zero and a % b with a's sign. The remainder's limb bound is at most b's, the quotient's at most one more
/// than a's. A b with no limbs throws std::domain_error when queued; a b whose limbs turn out zero records a
/// status, and get() of the results throws std::domain_error (the class comment).
AsyncIntegerDivResult divmod_floor(const AsyncInteger& a, const AsyncInteger& b);
AsyncInteger operator/(const AsyncInteger& a, const AsyncInteger& b);
AsyncInteger operator%(const AsyncInteger& a, const AsyncInteger& b);
/// floor(sqrt(x)), queued (Newton's iteration with a division a level, newton_sqrt.hpp's isqrt_normalised, x
/// normalised on the device as a divisor is); its limb bound is half x's. A negative x (is_negative()) throws
/// std::domain_error when queued.
AsyncInteger isqrt(const AsyncInteger& x);

}  // namespace warpnum

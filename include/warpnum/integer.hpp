// SPDX-License-Identifier: Apache-2.0
// warpnum/integer.hpp: warpnum::Integer, a signed integer of any size whose limbs live in device memory (host
// memory where there is no GPU), multiplied by transforms (Dieguez et al.). The operations are compiled once, in
// the library warpnum::huge (src/huge/); this header compiles with plain g++ and includes no CUDA header.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/layout.hpp>  // Place, stream_handle
#include <warpnum/mul_algorithm.hpp>
#include <warpnum/out_of_memory.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#if __has_include(<gmpxx.h>)
#  include <gmpxx.h>
#  define WARPNUM_INTEGER_HAS_GMP 1
#else
#  define WARPNUM_INTEGER_HAS_GMP 0
#endif

namespace warpnum {

/// A signed integer of any size: a sign and a magnitude of 32-bit limbs (little-endian, no high zero limbs; zero
/// has none and is never negative). The limbs live in one place: Place::device (a CUDA allocation ordered on the
/// stream of the place's work) or Place::host. Place::automatic, the default, picks the device where the library
/// was built with CUDA and a GPU is present, else the host; an operation on two Integers runs where its left
/// operand lives (where the right one lives when the left is zero: a zero has no limbs, so it moves anywhere)
/// and brings the other there; its result lives there too.
///
/// Value semantics: copies are deep, moves are cheap. Operations return when their result is complete (they
/// synchronise the device), so an Integer is safe to read, copy or destroy at any time.
///
/// Errors: text that is not a number in the base throws std::invalid_argument; Place::device without a GPU throws
/// std::runtime_error; running out of memory throws warpnum::OutOfMemory, a std::bad_alloc naming the size and
/// the place (docs/errors.md).
class Integer {
 public:
  using limb_type = std::uint32_t;

  /// Zero.
  Integer() noexcept = default;
  explicit Integer(Place place);
  Integer(long long v, Place place = Place::automatic);  // NOLINT(google-explicit-constructor): like int
  Integer(unsigned long long v, Place place = Place::automatic);
  Integer(int v, Place place = Place::automatic) : Integer(static_cast<long long>(v), place) {}
  Integer(unsigned v, Place place = Place::automatic) : Integer(static_cast<unsigned long long>(v), place) {}
  Integer(long v, Place place = Place::automatic) : Integer(static_cast<long long>(v), place) {}
  Integer(unsigned long v, Place place = Place::automatic) : Integer(static_cast<unsigned long long>(v), place) {}
  /// From text in `base` (2 to 36; 0: a prefix 0x/0X, 0b/0B or 0 picks 16, 2 or 8, else 10), with an optional
  /// sign. Decimal text of n digits converts in O(M(n) log n) time (divide and conquer on the fast multiply).
  /// Throws std::invalid_argument for an empty string, a bad digit or a bad base.
  explicit Integer(std::string_view text, int base = 0, Place place = Place::automatic);

  Integer(const Integer& o);
  Integer(Integer&& o) noexcept;
  Integer& operator=(const Integer& o);
  Integer& operator=(Integer&& o) noexcept;
  ~Integer();

  /// From a magnitude's limbs (host memory, little-endian, high zero limbs allowed) and a sign.
  static Integer from_limbs(std::span<const limb_type> limbs, bool negative = false, Place place = Place::automatic);
  /// The magnitude's limbs, copied to the host (no high zero limbs; empty for zero).
  std::vector<limb_type> limbs() const;

  /// Where the limbs live (never Place::automatic).
  Place place() const noexcept { return place_; }
  /// A copy of this number in `place`.
  Integer to(Place place) const;

  /// Limbs of the magnitude (0 for zero).
  std::size_t size() const noexcept { return size_; }
  /// Bits of the magnitude (0 for zero).
  std::size_t bit_width() const noexcept;
  bool is_zero() const noexcept { return size_ == 0; }
  bool is_negative() const noexcept { return negative_; }
  /// -1, 0 or 1.
  int sign() const noexcept { return negative_ ? -1 : (size_ == 0 ? 0 : 1); }
  /// The limbs' storage (device or host memory per place()); nullptr for zero.
  const limb_type* data() const noexcept { return data_; }

  // ---- arithmetic ----
  friend Integer operator+(const Integer& a, const Integer& b);
  friend Integer operator-(const Integer& a, const Integer& b);
  friend Integer operator*(const Integer& a, const Integer& b);
  friend Integer operator-(const Integer& a);
  friend Integer operator+(const Integer& a) { return a; }
  /// Shifts of the value (>> rounds toward minus infinity, as for the built-in types and mpz_fdiv_q_2exp).
  friend Integer operator<<(const Integer& a, std::size_t bits);
  friend Integer operator>>(const Integer& a, std::size_t bits);
  Integer& operator+=(const Integer& b) { return *this = *this + b; }
  Integer& operator-=(const Integer& b) { return *this = *this - b; }
  Integer& operator*=(const Integer& b) { return *this = *this * b; }
  Integer& operator<<=(std::size_t bits) { return *this = *this << bits; }
  Integer& operator>>=(std::size_t bits) { return *this = *this >> bits; }

  friend bool operator==(const Integer& a, const Integer& b);
  friend std::strong_ordering operator<=>(const Integer& a, const Integer& b);

 private:
  friend struct IntegerAccess;  // src/huge/: builds results in place

  limb_type* data_ = nullptr;   // size_ limbs in place_, capacity_ allocated
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  limb_type top_ = 0;           // data_[size_ - 1], kept on the host (bit_width() reads no device memory)
  Place place_ = Place::host;   // of data_; an empty Integer() is a host zero that moves anywhere
  bool negative_ = false;
};

/// a * a, with the transform of one operand only.
Integer sqr(const Integer& a);
/// |a|.
Integer abs(const Integer& a);
/// Floor division and its remainder (r = a - q b, with b's sign, as Python's divmod). b == 0 throws
/// std::domain_error. Newton's reciprocal on the fast multiply: O(M(n)). On the device, from the second division of
/// a pair of limb counts on (dividends up to 2^21 limbs), the division replays a CUDA graph captured for those
/// counts instead of launching its few hundred kernels one by one; the four most recently used graphs are kept, each
/// with the device memory its division allocates reserved (docs/benchmarks.md gives the sizes). A pair whose graph
/// cannot be made or run (too little free device memory for it) divides without one from then on.
struct IntegerDivResult;
IntegerDivResult divmod_floor(const Integer& a, const Integer& b);
/// a / b truncated toward zero and a % b with a's sign (C++'s rule).
Integer operator/(const Integer& a, const Integer& b);
Integer operator%(const Integer& a, const Integer& b);
struct IntegerDivResult {
  Integer quot;
  Integer rem;
};
/// floor(sqrt(x)), where x lives; x < 0 throws std::domain_error. Newton's iteration on the fast multiply and
/// division (huge/newton_sqrt.hpp): O(M(n)).
Integer isqrt(const Integer& x);

/// Text in `base` (2 to 36, lower-case digits, a leading '-'): decimal in O(M(n) log n) time (divide and conquer
/// on the fast multiply); power-of-two bases in linear time. Throws std::invalid_argument for another base.
std::string to_string(const Integer& x, int base = 10);
std::ostream& operator<<(std::ostream& os, const Integer& x);

/// The multiplication algorithm a product of limb counts (na, nb) takes in a place, by the measured thresholds
/// (src/huge/thresholds.hpp): schoolbook, karatsuba, toom3, toom4 or ntt on the host; tiled or ntt on the device.
/// fft, the double-precision FFT, is taken only when asked for (it was slower at every size measured).
MulAlgorithm mul_algorithm(std::size_t na, std::size_t nb, Place place);
/// a * b by the given algorithm (automatic: as operator*), for tests and benchmarks. Throws std::invalid_argument
/// for an algorithm Integer does not multiply by (thread_rows, paired_columns, paired_karatsuba, or a value
/// outside the enumeration).
Integer multiply(const Integer& a, const Integer& b, MulAlgorithm algorithm);
/// a * b over the GPUs of `ds` (a list of CUDA ordinals, or devices::all()), the result in device memory of the
/// current GPU: the longer factor cut into pieces, at least one a list entry (more where a piece and the other factor
/// would pass the longest transform), each piece's product with the other factor (or its halves) a block product on
/// one GPU, copied back and added into the result in order (docs/scaling.md). Operands on the host or another GPU are
/// copied to the current GPU first. The same value as a * b. An id that names no GPU throws std::invalid_argument,
/// devices::all() without a GPU std::runtime_error, before anything runs (in a build without CUDA, always).
Integer multiply(const devices& ds, const Integer& a, const Integer& b);

#if WARPNUM_INTEGER_HAS_GMP
/// GMP interop (host copies of the limbs; mpz_import and mpz_export do the regrouping).
inline Integer from_mpz(mpz_srcptr z, Place place = Place::automatic) {
  const std::size_t n = (mpz_sizeinbase(z, 2) + 31) / 32;
  std::vector<Integer::limb_type> limbs(n);
  std::size_t count = 0;
  if (mpz_sgn(z) != 0) mpz_export(limbs.data(), &count, -1, sizeof(Integer::limb_type), 0, 0, z);
  limbs.resize(count);
  return Integer::from_limbs(limbs, mpz_sgn(z) < 0, place);
}
inline Integer from_mpz(const mpz_class& z, Place place = Place::automatic) { return from_mpz(z.get_mpz_t(), place); }
inline void to_mpz(mpz_ptr out, const Integer& x) {
  const std::vector<Integer::limb_type> limbs = x.limbs();
  mpz_import(out, limbs.size(), -1, sizeof(Integer::limb_type), 0, 0, limbs.data());
  if (x.is_negative()) mpz_neg(out, out);
}
inline mpz_class to_mpz_class(const Integer& x) {
  mpz_class z;
  to_mpz(z.get_mpz_t(), x);
  return z;
}
#endif

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/async_integer_traits.hpp: NumberTraits<warpnum::AsyncInteger> (number_traits.hpp), for Newton's
// reciprocal, division and square root (reciprocal_newton and divmod_by_reciprocal, newton_division.hpp;
// isqrt_normalised, newton_sqrt.hpp), whose operations have signs known before they run, whose smallest levels are
// kernels (reciprocal_base, isqrt_base) and whose one correction is decided on the device (correct_once), so that
// they queue on the value's stream with no wait. AsyncInteger has no
// comparisons, so divmod_nonnegative and the other algorithms there that compare do not take it.
#pragma once

#include <warpnum/async_integer.hpp>
#include <warpnum/config.hpp>
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/number_traits.hpp>
#include <warpnum/integer.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace warpnum::huge {
namespace detail {
/// AsyncInteger's sqr, a hidden friend: found by argument-dependent lookup from here, not from the class below,
/// whose own member sqr would hide it.
inline AsyncInteger async_sqr(const AsyncInteger& x) { return sqr(x); }
}  // namespace detail

/// The members that read a value (bit_width, sign, limbs, to_host, and to_place_of between places) wait for its
/// stream (AsyncInteger::get()); the rest queue, constants too (from_uint: a kernel writes them). New values keep the
/// stream of the value they are made like.
template <> struct NumberTraits<AsyncInteger> {
  static std::size_t bit_width(const AsyncInteger& x) { return x.get().bit_width(); }
  static int sign(const AsyncInteger& x) { return x.get().sign(); }
  static std::vector<std::uint32_t> limbs(const AsyncInteger& x) { return x.get().limbs(); }
  static AsyncInteger from_limbs(std::span<const std::uint32_t> limbs, const AsyncInteger& like) {
    return AsyncInteger(Integer::from_limbs(limbs, false, like.place()), like.stream());
  }
  static AsyncInteger from_uint(std::uint64_t v, const AsyncInteger& like);
  static AsyncInteger sqr(const AsyncInteger& x) { return detail::async_sqr(x); }
  static bool on_host(const AsyncInteger& x) { return x.place() == Place::host; }
  static AsyncInteger to_host(const AsyncInteger& x) { return AsyncInteger(x.get().to(Place::host)); }
  static AsyncInteger to_place_of(const AsyncInteger& x, const AsyncInteger& like) {
    if (x.place() == like.place() && x.stream() == like.stream()) return x;
    return AsyncInteger(x.get().to(like.place()), like.stream());
  }
  /// An AsyncInteger never moves to the host on its own (a wait); a caller that waits anyway may ask for it by
  /// reciprocal_newton's host_bits (Integer's division does).
  static constexpr std::size_t host_limbs = 0;
  /// The most bits reciprocal_base takes for a d where d lives: 32 newton_division_base_limbs on the host, 32768
  /// (1024 limbs) on the device, where one block runs Newton's levels below that (src/huge/base_cases.cu).
  static std::size_t reciprocal_base_bits(const AsyncInteger& d);
  /// For d of exactly n bits, n <= reciprocal_base_bits(d): an X with X <= 2^(2 n) / d < X + 2 (the contract of
  /// Newton's levels), floor(2^(2 n) / d) itself up to 32 newton_division_base_limbs bits; queued.
  static AsyncInteger reciprocal_base(const AsyncInteger& d, std::size_t n);
  /// floor(sqrt(x)) for x below 2^m, m <= 32 newton_division_base_limbs (src/huge/base_cases.cu), queued.
  static AsyncInteger isqrt_base(const AsyncInteger& x, std::size_t m);
  /// x, known to be below 2^bits, with its limb bound cut to ceil(bits / 32) where it is longer (no work: the
  /// storage stays, the bound shrinks).
  static AsyncInteger below(AsyncInteger x, std::size_t bits);
  /// a 2^sa + b 2^sb and a 2^sa - b 2^sb (a negative shift floors; the difference expected not negative, else its
  /// status is set) in one carry resolution reading the operands shifted, for a and b not negative (the shifts and
  /// the operator otherwise): newton_division.hpp's shifted_sum and shifted_difference.
  static AsyncInteger shifted_sum(const AsyncInteger& a, std::ptrdiff_t sa, const AsyncInteger& b, std::ptrdiff_t sb);
  static AsyncInteger shifted_difference(const AsyncInteger& a, std::ptrdiff_t sa, const AsyncInteger& b,
                                         std::ptrdiff_t sb);
  /// 2^bits - 1 - floor(x / 2^drop) for 0 <= x < 2^(bits + drop) (newton_division.hpp's complement_shifted), in
  /// one kernel: no carries, no status.
  static AsyncInteger complement_shifted(const AsyncInteger& x, std::size_t drop, std::size_t bits);
  /// correct_once of newton_division.hpp, queued: for 0 <= r < 2 b, r - b and q + 1 where r >= b, else r and q,
  /// the choice made on the device (src/huge/async_integer.cpp).
  static void correct_once(AsyncInteger& q, AsyncInteger& r, const AsyncInteger& b);
};

}  // namespace warpnum::huge

// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/integer_traits.hpp: NumberTraits<warpnum::Integer> (number_traits.hpp), so that Newton division,
// isqrt and radix conversion run on Integer: large operands stay where they live (the GPU's memory), small ones
// move to the host, where an operation costs no kernel launch.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/huge/number_traits.hpp>
#include <warpnum/integer.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace warpnum::huge {

template <class N> struct DivResult;  // newton_division.hpp

template <> struct NumberTraits<Integer> {
  static std::size_t bit_width(const Integer& x) { return x.bit_width(); }
  static int sign(const Integer& x) { return x.sign(); }
  static std::vector<std::uint32_t> limbs(const Integer& x) { return x.limbs(); }
  static Integer from_limbs(std::span<const std::uint32_t> limbs, const Integer& like) {
    return Integer::from_limbs(limbs, false, like.place());
  }
  static Integer from_uint(std::uint64_t v, const Integer& like) {
    return Integer(static_cast<unsigned long long>(v), like.place());
  }
  static Integer sqr(const Integer& x) { return warpnum::sqr(x); }
  static bool on_host(const Integer& x) { return x.place() == Place::host; }
  static Integer to_host(const Integer& x) { return x.to(Place::host); }
  static Integer to_place_of(const Integer& x, const Integer& like) {
    return x.place() == like.place() ? x : x.to(like.place());
  }
  /// Below this many limbs, radix conversion and square roots work in host memory (radix conversion's subtrees on
  /// all host cores): a device operation costs a launch and a synchronisation (tens of microseconds), about what the
  /// host's multiply of a few hundred limbs takes. Not yet tuned on a GPU. (Reciprocals stay on the device: below
  /// 1024 limbs one block's kernel runs their levels.)
  static constexpr std::size_t host_limbs = 1024;
  /// reciprocal(d, n) of newton_division.hpp: for d on the device, the Newton levels queued on the device as
  /// AsyncIntegers, with one wait (src/huge/reciprocal.cpp); on the host reciprocal_newton on Integer.
  static Integer reciprocal(const Integer& d, std::size_t n);
  /// divmod_by_reciprocal(a, m, b, n) of newton_division.hpp: for a on the device, the whole division (reciprocal,
  /// quotient, remainder and its correction) queued as AsyncIntegers, with one wait for each result
  /// (src/huge/divide.cpp); on the host, divmod_by_reciprocal on Integer.
  static DivResult<Integer> divmod_by_reciprocal(const Integer& a, std::size_t m, const Integer& b, std::size_t n);
  /// difference_below(a, q, b, bits) of newton_division.hpp: a - q b, known to lie in [0, 2^bits). In host memory,
  /// where q b would take a transform longer than bits / 32 limbs, from q b modulo 2^(32 L) - 1 by a cyclic transform
  /// of L > bits / 32 + 1 limbs (src/huge/divide.cpp); else a - q b.
  static Integer difference_below(const Integer& a, const Integer& q, const Integer& b, std::size_t bits);
};

}  // namespace warpnum::huge

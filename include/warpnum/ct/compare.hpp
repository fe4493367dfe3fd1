// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/compare.hpp: comparisons of BigUInt and BigInt values that read every limb and answer with a ct::Choice
// (a mask), never a branch: equality by an or of the limbs' differences, order by the borrow of a subtraction.
// Host, device and constexpr.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/choice.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstddef>

namespace warpnum::ct {

/// a == b.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr Choice equal(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  return Choice::from_mask(detail::ct::equal_limbs<BasicInt<Bits, Signed>::num_limbs>(a.limbs_, b.limbs_));
}

/// a == 0.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr Choice is_zero(const BasicInt<Bits, Signed>& a) noexcept {
  return Choice::from_mask(detail::ct::is_zero_limbs<BasicInt<Bits, Signed>::num_limbs>(a.limbs_));
}

/// a < b: unsigned for BigUInt, two's complement for BigInt (the sign bits flipped, then unsigned).
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr Choice less(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  constexpr int n = BasicInt<Bits, Signed>::num_limbs;
  if constexpr (Signed) {
    detail::limb_t x[n];
    detail::limb_t y[n];
    for (int i = 0; i < n; ++i) {
      x[i] = a.limbs_[i];
      y[i] = b.limbs_[i];
    }
    x[n - 1] ^= 0x80000000u;
    y[n - 1] ^= 0x80000000u;
    return Choice::from_mask(detail::ct::less_limbs<n>(x, y));
  } else {
    return Choice::from_mask(detail::ct::less_limbs<n>(a.limbs_, b.limbs_));
  }
}

/// a > b.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr Choice greater(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  return ct::less(b, a);
}

/// a <= b.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr Choice less_equal(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  return !ct::less(b, a);
}

}  // namespace warpnum::ct

// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/choice.hpp: ct::Choice, a secret condition held as a mask, and what is done with one without a branch:
// select and conditional swap of BigUInt and BigInt values. Host, device and constexpr.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstddef>

namespace warpnum::ct {

/// A condition that may depend on a secret: a word of all ones (true) or all zeros (false), never a bool, so that
/// code holding one chooses by masks rather than by branches (as Rust's `subtle::Choice`). Build one with the
/// comparisons of ct/compare.hpp or from a bit; combine with &, |, ^ and !; spend it with ct::select and ct::cswap.
/// declassify() gives the bool where the condition may be public (a check whose failure is reported anyway): the
/// one place that turns a secret condition into control flow.
class Choice {
 public:
  /// false.
  WARPNUM_HD constexpr Choice() noexcept : mask_(0) {}
  /// true where bit 0 of b is set.
  static WARPNUM_HD constexpr Choice from_bit(detail::limb_t b) noexcept {
    return Choice(detail::ct::mask_from_bit(b));
  }
  /// From a mask of all ones or all zeros (anything else is not a Choice: the result is then unspecified).
  static WARPNUM_HD constexpr Choice from_mask(detail::limb_t mask) noexcept { return Choice(mask); }

  /// All ones or all zeros.
  WARPNUM_HD constexpr detail::limb_t mask() const noexcept { return mask_; }
  /// The condition as a bool: for a condition that may become public (its value then decides control flow).
  WARPNUM_HD constexpr bool declassify() const noexcept { return detail::ct::declassify_word(mask_) != 0; }

  friend WARPNUM_HD constexpr Choice operator&(Choice a, Choice b) noexcept { return Choice(a.mask_ & b.mask_); }
  friend WARPNUM_HD constexpr Choice operator|(Choice a, Choice b) noexcept { return Choice(a.mask_ | b.mask_); }
  friend WARPNUM_HD constexpr Choice operator^(Choice a, Choice b) noexcept { return Choice(a.mask_ ^ b.mask_); }
  friend WARPNUM_HD constexpr Choice operator!(Choice a) noexcept { return Choice(~a.mask_); }

 private:
  WARPNUM_HD constexpr explicit Choice(detail::limb_t mask) noexcept : mask_(mask) {}
  detail::limb_t mask_;
};

/// c ? a : b, reading both and every limb of each.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> select(Choice c, const BasicInt<Bits, Signed>& a,
                                                   const BasicInt<Bits, Signed>& b) noexcept {
  BasicInt<Bits, Signed> r;
  detail::ct::select_limbs<BasicInt<Bits, Signed>::num_limbs>(r.limbs_, c.mask(), a.limbs_, b.limbs_);
  return r;
}

/// Swaps a and b where c is true; the same work where it is false.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr void cswap(Choice c, BasicInt<Bits, Signed>& a, BasicInt<Bits, Signed>& b) noexcept {
  detail::ct::cswap_limbs<BasicInt<Bits, Signed>::num_limbs>(c.mask(), a.limbs_, b.limbs_);
}

}  // namespace warpnum::ct

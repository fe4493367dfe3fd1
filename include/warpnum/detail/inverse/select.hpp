// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/inverse/select.hpp: the choice of variant for the inverse modulo an odd N-limb number.
//
//   target                    N (limbs)   variant                                              measured
//   device                    1 to 32     inverse_odd_limbs_device: inverse_odd_n with the     -
//                                         device's fixed passes, out of line
//                             above 32    inverse_odd_n with the fixed passes, inline          1.4x out of line,
//                                                                                              H100, 2026-11-25
//   host, unsigned __int128   even        inverse_odd_n on 64-bit words
//   constexpr, odd N          any         inverse_odd_n on 32-bit limbs
//
// inverse_odd_n (detail/bigint/gcd.hpp) is Pornin's binary GCD carrying u and v modulo m (detail/mpn/gcd.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/gcd.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/target.hpp>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
/// inverse_odd_n on the host's 64-bit words (half the rounds' passes of 32-bit limbs).
template <int N> inline bool inverse_odd(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
  Words<N> z;
  const bool invertible = inverse_odd_n<std::uint64_t, num_words<N>>(z.w, load<N>(a).w, load<N>(m).w).invertible;
  store<N>(r, z.w);
  return invertible;
}
}  // namespace host64
#endif

#if WARPNUM_DEVICE_BRANCH
/// The device's inverse up to 32 limbs, out of line: one copy of its unrolled passes per kernel, as with
/// gcd_limbs_device. Above 32 limbs inverse_odd_limbs inlines it: its numbers live in local memory there, and
/// through a call they were reached by generic pointers (2048 bits at 8 warps an SM: 16.1 M/s out of line against
/// 22.8 M/s inline, H100, 2026-11-25).
template <int N> WARPNUM_DEVICE_NOINLINE bool inverse_odd_limbs_device(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
  return inverse_odd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, m).invertible;
}
#endif

/// r = a^-1 mod m over N limbs for odd m > 1 and a < m (detail/mpn/gcd.hpp: Pornin's binary GCD); returns
/// false (r = 0) when gcd(a, m) > 1.
template <int N> WARPNUM_HD constexpr bool inverse_odd_limbs(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (N <= 32) {
      WARPNUM_IF_ELSE_DEVICE((return inverse_odd_limbs_device<N>(r, a, m);), ())
    } else {
      WARPNUM_IF_ELSE_DEVICE((return inverse_odd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, m).invertible;), ())
    }
  }
#endif
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::inverse_odd<N>(r, a, m);)
  }
  return inverse_odd_n<limb_t, N>(r, a, m).invertible;
}

}  // namespace warpnum::detail

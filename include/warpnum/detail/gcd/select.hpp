// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gcd/select.hpp: the choice of variant for the greatest common divisor of N-limb numbers.
//
//   target                      N (limbs)   variant
//   device                      any         gcd_limbs_device: gcd_n with the device's fixed passes, out of line
//                                           (an nvcc 13.0 workaround)
//   host, unsigned __int128     2 and up    gcd_n on 64-bit words
//   constexpr, N = 1            any         gcd_n on 32-bit limbs
//
// gcd_n (detail/bigint/gcd.hpp) is Pornin's binary GCD (mpn::gcd, detail/mpn/gcd.hpp) with its scratch on the stack.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/gcd.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/target.hpp>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
template <int N> inline void gcd(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  Words<N> g;
  gcd_n<std::uint64_t, num_words<N>>(g.w, load<N>(a).w, load<N>(b).w);
  store<N>(r, g.w);
}
}  // namespace host64
#endif

#if WARPNUM_DEVICE_BRANCH
/// Workaround for nvcc 13.0 (sm_90, -O2): with gcd_n inlined into its caller, a division by the gcd that follows (as in
/// lcm, or divmod_checked(a, gcd(a, b))) computed 2^32 - 1 instead of 1 for a == b on an H100 (tests/device/bigint
/// GcdLcm, 2026-11-21; docs/compiler-workarounds.md, "gcd runs out of line"), while the same division called on the
/// stored gcd was right; kept out of line, gcd and the division are right. Remove once a newer nvcc passes the device
/// tests without it.
template <int N> WARPNUM_DEVICE_NOINLINE void gcd_limbs_device(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  gcd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, b);
}
#endif

template <int N> WARPNUM_HD constexpr void gcd_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((gcd_limbs_device<N>(r, a, b); return;), ())
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::gcd<N>(r, a, b); return;)
  }
  gcd_n<limb_t, N>(r, a, b);
}

}  // namespace warpnum::detail

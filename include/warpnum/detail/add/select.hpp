// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/add/select.hpp: the choice of variant for the sum and difference of two N-limb numbers.
//
//   operation        target                         N        variant                       file
//   add_limbs        host with unsigned __int128    even     add_n on 64-bit words         detail/mpn/add.hpp
//   sub_limbs        device, constexpr, odd N       any      add_n / sub_n on 32-bit limbs detail/mpn/add.hpp
//
// The words are the only difference: one algorithm (a carry chain, detail/mpn/add.hpp) on the widest word the
// target multiplies natively.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/target.hpp>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
// The host bodies of the limb-array operations below: load, run the word algorithm, store.
template <int N> inline limb_t add(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  auto x = load<N>(a);
  const auto c = mpn::add_n_portable(x.w, x.w, load<N>(b).w, num_words<N>);
  store<N>(r, x.w);
  return static_cast<limb_t>(c);
}
template <int N> inline limb_t sub(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  auto x = load<N>(a);
  const auto c = mpn::sub_n_portable(x.w, x.w, load<N>(b).w, num_words<N>);
  store<N>(r, x.w);
  return static_cast<limb_t>(c);
}
}  // namespace host64
#endif

/// r = a + b over N limbs; returns the carry.
template <int N> WARPNUM_HD constexpr limb_t add_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::add<N>(r, a, b);)
  }
  return mpn::add_n_portable(r, a, b, N);
}

/// r = a - b over N limbs; returns the borrow.
template <int N> WARPNUM_HD constexpr limb_t sub_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::sub<N>(r, a, b);)
  }
  return mpn::sub_n_portable(r, a, b, N);
}

}  // namespace warpnum::detail

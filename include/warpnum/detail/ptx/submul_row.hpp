// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ptx/submul_row.hpp: the device's r -= a w + c over a constant number of 32-bit limbs, the
// multiply-subtract of a step of Knuth's division, from the generated carry chains (mad_row.hpp, add_chain.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>

#include <cstdint>

#if WARPNUM_DEVICE_BRANCH
namespace warpnum::detail::ptx {

/// Whether submul_row has a form for L limbs: one piece below 2 max_wide_row limbs, two up to twice that
/// less two (the 126 limbs of an 8192 / 4096-bit division's step).
template <int L> inline constexpr bool has_submul_row = L >= 2 && L <= 4 * max_wide_row - 2;

/// r[0, L) -= a[0, L) w + c; returns the word that the product, c and the borrow take from r[L] (at most
/// 2^32 - 1): the multiply-subtract of a step of Knuth's division (detail/mpn/div.hpp, knuth_step). The pairs
/// a[2m] w and a[2m + 1] w lie side by side without overlapping, each set in one WideRow chain (one
/// IMAD.WIDE.U32.X a limb, nothing to carry), and each set is subtracted by one carry chain as soon as it is made,
/// so that only one set is held at a time; c goes in as the odd set's limb 0, which its pairs leave free. Three
/// instructions a limb, where the portable loop over 32-bit words (submul_1_portable) took about 14 (sm_90, CUDA
/// 13.0, 2026-11-25). r must not alias a.
template <int L>
WARPNUM_DEVICE_INLINE std::uint32_t submul_row(std::uint32_t* r, const std::uint32_t* a, std::uint32_t w, std::uint32_t c) {
  static_assert(has_submul_row<L>);
  if constexpr (L >= 2 * max_wide_row) {  // two pieces, the low one's top word carried into the high one
    return submul_row<L - L / 2>(r + L / 2, a + L / 2, w, submul_row<L / 2>(r, a, w, c));
  } else {
    constexpr int Pe = (L + 1) / 2;  // a's even limbs: pairs at limbs [0, 2 Pe)
    constexpr int Po = L / 2;        // odd limbs: pairs at [1, 2 Po + 1)
    std::uint32_t top = 0;           // the limbs at L of the two sets, and the borrows out of r[L - 1]
    {
      std::uint32_t ev[L + 1];
      WARPNUM_UNROLL
      for (int i = 0; i <= L; ++i) ev[i] = 0;
      WideRow<Pe>::add(ev, a, w);
      top = ev[L] + (SubChain<L>::sub(r, ev) & 1u);
    }
    std::uint32_t od[L + 1];
    WARPNUM_UNROLL
    for (int i = 0; i <= L; ++i) od[i] = i == 0 ? c : 0u;
    WideRow<Po>::add(od + 1, a + 1, w);
    return top + od[L] + (SubChain<L>::sub(r, od) & 1u);
  }
}

}  // namespace warpnum::detail::ptx
#endif

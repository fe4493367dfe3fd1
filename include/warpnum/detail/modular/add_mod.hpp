// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/add_mod.hpp: (a + b) mod m and (a - b) mod m on reduced values, for every context.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/add/select.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstddef>

namespace warpnum::detail {

/// (a + b) mod m and (a - b) mod m for a, b < m, on values.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> add_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  const limb_t carry = add_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, b.limbs_);
  if (carry != 0 || r >= m) r -= m;
  return r;
}
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> sub_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r = a - b;
  if (a < b) r += m;
  return r;
}

}  // namespace warpnum::detail

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ct/window_pow.hpp: exponentiation with a secret exponent in a constant-time context's
// representation (ct::Montgomery): fixed windows over every bit of the exponent's type, each window's table entry read
// by a scan of the whole table.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstddef>

namespace warpnum::detail::ct {

/// The window width of window_pow for exponents of EBits bits (the type's width, public): the width that
/// minimises the table's 2^w - 2 products plus one product a window, at most 4, so that the table (16 entries, 4 KB
/// at 2048 bits) is the size of the variable-time device exponentiation's and each window's scan reads 16 entries.
template <std::size_t EBits>
inline constexpr int window_bits = EBits <= 4    ? 1
                                   : EBits <= 24 ? 2
                                   : EBits <= 96 ? 3
                                                 : 4;

/// Bits [pos, pos + W) of e (W <= 32; bits past EBits read as 0), by shifts at a position known to everyone: the
/// digit's value decides nothing here.
template <int W, std::size_t EBits>
WARPNUM_HD constexpr limb_t window_digit(const BigUInt<EBits>& e, int pos) noexcept {
  constexpr int n = BigUInt<EBits>::num_limbs;
  const int word = pos / 32;
  const int shift = pos % 32;
  limb_t d = e.limbs_[word] >> shift;
  if (shift + W > 32 && word + 1 < n) d |= e.limbs_[word + 1] << (32 - shift);
  return W == 32 ? d : d & ((limb_t{1} << W) - 1u);
}

/// The limbs of a value in a context's representation: a BigUInt's (ct::Montgomery), or the slice a lane holds
/// (warp::ct::Montgomery).
template <class T> WARPNUM_HD constexpr limb_t* value_limbs(T& x) noexcept {
  if constexpr (requires { x.limbs_; }) {
    return x.limbs_;
  } else {
    return x.limb;
  }
}
/// How many limbs value_limbs gives for a T.
template <class T> WARPNUM_HD constexpr int value_limb_count() noexcept {
  if constexpr (requires { T::num_limbs; }) {
    return T::num_limbs;
  } else {
    return T::limbs;
  }
}

/// x^e in ctx's representation, for a secret exponent e and a secret x (Menezes et al., Handbook, Alg. 14.82, fixed
/// windows, left to right): every one of EBits / w windows, leading zero windows included, takes w squarings and one
/// product by the table entry of its digit, read by table_select_limbs (every entry, each masked), and the table
/// holds x^0 to x^(2^w - 1). So the sequence of products and the memory read are the same for every x and e of the
/// type; ctx's products must themselves be constant-time (ct::Montgomery's and warp::ct::Montgomery's are). A
/// context whose square is its product (square_is_product, an inlined lane-group product) squares through the
/// product's call site, one copy of its code. x^0 = ctx.one().
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                         const BigUInt<EBits>& e) noexcept {
  using T = typename Ctx::value_type;
  constexpr int w = window_bits<EBits>;
  constexpr int count = 1 << w;
  constexpr int n = value_limb_count<T>();
  constexpr int windows = (static_cast<int>(EBits) + w - 1) / w;
  limb_t table[count * n];  // entry k, x^k, at table + k n: one array, scanned whole
  T power = ctx.one();
  WARPNUM_NO_UNROLL
  for (int k = 0; k < count; ++k) {
    if (k > 0) power = ctx.mul(power, x);
    WARPNUM_UNROLL
    for (int i = 0; i < n; ++i) table[k * n + i] = value_limbs(power)[i];
  }
  T acc;
  table_select_limbs<n>(value_limbs(acc), table, count, window_digit<w>(e, (windows - 1) * w));
  WARPNUM_NO_UNROLL
  for (int j = windows - 2; j >= 0; --j) {
    T entry;
    if constexpr (requires { requires Ctx::square_is_product; }) {
      table_select_limbs<n>(value_limbs(entry), table, count, window_digit<w>(e, j * w));
      WARPNUM_NO_UNROLL
      for (int k = 0; k <= w; ++k) acc = ctx.mul(acc, k < w ? acc : entry);  // k is public
    } else {
      if constexpr (requires { ctx.sqr_n(acc, w); }) {
        acc = ctx.sqr_n(acc, w);  // one call where the context runs squarings in a row (256 bits: an assembly loop)
      } else {
        WARPNUM_NO_UNROLL
        for (int k = 0; k < w; ++k) acc = ctx.sqr(acc);
      }
      table_select_limbs<n>(value_limbs(entry), table, count, window_digit<w>(e, j * w));
      acc = ctx.mul(acc, entry);
    }
  }
  return acc;
}

}  // namespace warpnum::detail::ct

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/window_pow.hpp: exponentiation in a context's representation (Montgomery, Barrett,
// warp::Montgomery: anything with mul, sqr and one) by fixed windows and by sliding windows; detail/pow/select.hpp
// chooses between them.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>

#include <cstddef>

namespace warpnum::detail {

/// Window width (bits) of the sliding-window exponentiation for an exponent of `bits` bits: the width that
/// minimises squarings plus multiplications (GMP's thresholds: 6 from 674 bits, 7 from 1794), at most
/// max_window_bits<ValueBits>.
WARPNUM_HD constexpr int window_bits(int bits) noexcept {
  return bits <= 7 ? 1 : bits <= 25 ? 2 : bits <= 81 ? 3 : bits <= 241 ? 4 : bits <= 673 ? 5 : bits <= 1793 ? 6 : 7;
}
/// The widest window for values of ValueBits bits: 7 (a table of 64 odd powers, 32 KB at 4096 bits) up to 4096
/// bits, 5 above (64 KB at 32768 bits), so that the table stays a modest stack array. At 2048 bits and a full
/// exponent, 7 bits take about 320 multiplications against 357 at 5.
template <std::size_t ValueBits> inline constexpr int max_window_bits = ValueBits <= 4096 ? 7 : 5;

/// Bits [pos, pos + w) of e as a number (w <= 8).
template <std::size_t EBits> WARPNUM_HD constexpr int exponent_digit(const BigUInt<EBits>& e, int pos, int w) noexcept {
  int d = 0;
  for (int k = w - 1; k >= 0; --k) {
    const int bit = pos + k;
    d = 2 * d + ((bit < static_cast<int>(EBits) && e.bit(static_cast<std::size_t>(bit))) ? 1 : 0);
  }
  return d;
}

/// The window width (1 to 4) of fixed_window_pow for an exponent of `bits` bits: it minimises the table's
/// 2^w - 2 products plus one a window (2 for 65537, 4 from 97 bits).
WARPNUM_HD constexpr int fixed_window_bits(int bits) noexcept { return bits <= 4 ? 1 : bits <= 24 ? 2 : bits <= 96 ? 3 : 4; }
inline constexpr int max_fixed_window_bits = 4;

/// Whether a context's sqr(a) is its mul(a, a) (`static constexpr bool square_is_product = true;`), so that
/// fixed_window_pow may square through mul's call site (warp::Montgomery: its product is inlined, and one copy
/// of it is half the code).
template <class Ctx> inline constexpr bool square_is_product = requires { requires Ctx::square_is_product; };

/// x^e by fixed windows of w bits, left to right (Menezes et al., Handbook, Alg. 14.82): per window w squarings
/// and one multiplication by x^d from a table of x^0 .. x^(2^w - 1), d = 0 included. Every exponent of a length
/// takes the same steps, so the threads of a warp, each with its own exponent, never diverge (sliding windows
/// branch on each bit); the device's exponentiation, also by lane groups (warp::Montgomery::pow).
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type fixed_window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                               const BigUInt<EBits>& e) noexcept {
  using T = typename Ctx::value_type;
  const int nbits = bit_width(e);
  if (nbits == 0) return ctx.one();
  const int w = fixed_window_bits(nbits);
  T table[1 << max_fixed_window_bits];
  table[0] = ctx.one();
  table[1] = x;
  WARPNUM_NO_UNROLL
  for (int i = 2; i < (1 << w); ++i) table[i] = ctx.mul(table[i - 1], x);
  int j = (nbits - 1) / w;  // the top window
  T acc = table[exponent_digit(e, j * w, w)];
  WARPNUM_NO_UNROLL
  while (--j >= 0) {
    if constexpr (square_is_product<Ctx>) {
      // w squarings, then the product by table[digit], at one call site: one copy of the inlined product.
      const int digit = exponent_digit(e, j * w, w);
      WARPNUM_NO_UNROLL
      for (int k = 0; k <= w; ++k) acc = ctx.mul(acc, k < w ? acc : table[digit]);
    } else {
      WARPNUM_NO_UNROLL
      for (int k = 0; k < w; ++k) acc = ctx.sqr(acc);
      acc = ctx.mul(acc, table[exponent_digit(e, j * w, w)]);
    }
  }
  return acc;
}

/// x squared n times in a context's representation: the context's sqr_n where it has one (Montgomery: at 256 bits
/// on the host one loop in assembly), else n calls of sqr.
template <class Ctx>
WARPNUM_HD constexpr typename Ctx::value_type sqr_times(const Ctx& ctx, const typename Ctx::value_type& x, int n) noexcept {
  if constexpr (requires { ctx.sqr_n(x, n); }) {
    return ctx.sqr_n(x, n);
  } else {
    typename Ctx::value_type r = x;
    WARPNUM_NO_UNROLL
    for (int k = 0; k < n; ++k) r = ctx.sqr(r);
    return r;
  }
}

/// x^e in a context's representation by left-to-right sliding windows over the odd powers x, x^3, ...,
/// x^(2^w - 1) (Menezes et al., Handbook, Alg. 14.85): the fewest multiplications.
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type sliding_window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                                 const BigUInt<EBits>& e) noexcept {
  using T = typename Ctx::value_type;
  const int nbits = bit_width(e);
  if (nbits == 0) return ctx.one();
  constexpr int max_w = max_window_bits<T::bits>;
  const int w = window_bits(nbits) < max_w ? window_bits(nbits) : max_w;
  T table[1 << (max_w - 1)];
  table[0] = x;
  if (w > 1) {
    const T x2 = ctx.sqr(x);
    WARPNUM_NO_UNROLL
    for (int i = 1; i < (1 << (w - 1)); ++i) table[i] = ctx.mul(table[i - 1], x2);
  }
  T acc = ctx.one();
  bool started = false;
  int i = nbits - 1;
  WARPNUM_NO_UNROLL
  while (i >= 0) {
    if (!e.bit(static_cast<std::size_t>(i))) {
      int zeros = 1;  // started: the top bit is set, so a window came first
      while (zeros <= i && !e.bit(static_cast<std::size_t>(i - zeros))) ++zeros;
      acc = sqr_times(ctx, acc, zeros);
      i -= zeros;
      continue;
    }
    // The window e[i .. l]: at most w bits, ending in a set bit.
    int l = i - w + 1 < 0 ? 0 : i - w + 1;
    while (!e.bit(static_cast<std::size_t>(l))) ++l;
    int digit = 0;
    for (int k = i; k >= l; --k) digit = 2 * digit + (e.bit(static_cast<std::size_t>(k)) ? 1 : 0);
    if (started) {
      acc = ctx.mul(sqr_times(ctx, acc, i - l + 1), table[digit >> 1]);
    } else {
      acc = table[digit >> 1];
      started = true;
    }
    i = l - 1;
  }
  return acc;
}

}  // namespace warpnum::detail

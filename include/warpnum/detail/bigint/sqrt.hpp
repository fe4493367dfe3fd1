// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/sqrt.hpp: the integer square roots of a fixed width: Zimmermann's recursive square root
// unrolled at compile-time widths (sqrt_rem, isqrt_zimmermann; the run-time-length form is detail/mpn/sqrt.hpp)
// and Newton's iteration (isqrt_newton). detail/sqrt/select.hpp chooses between them.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/arith.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/bigint/div.hpp>
#include <warpnum/detail/add/select.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/mpn/sqrt.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::detail {
/// floor(sqrt(t)) of a 64-bit t (detail/mpn/sqrt.hpp).
using mpn::isqrt64;

/// Words [first, first + count) of x as a number of Dst's width (the words above count zero).
template <class Dst, std::size_t Bits> WARPNUM_HD constexpr Dst take_words(const BasicInt<Bits, false>& x, int first, int count) noexcept {
  Dst r{};
  WARPNUM_UNROLL
  for (int i = 0; i < Dst::num_limbs; ++i) r.limbs_[i] = i < count ? x.limbs_[first + i] : 0u;
  return r;
}

/// The square root and remainder of a number of 2 R bits: root = floor(sqrt(a)), rem = a - root^2 (at most
/// 2 root, so R + 1 bits, in R + 32).
template <std::size_t R> struct SqrtRem {
  BasicInt<R, false> root;
  BasicInt<R + 32, false> rem;
};

/// sqrt_rem of a number a of 2 R bits (R a multiple of 32) whose top two bits are not both zero, so that the root
/// has exactly R bits: Zimmermann's recursive square root (P. Zimmermann, "Karatsuba Square Root", INRIA RR-3805,
/// 1999, Algorithm SqrtRem; the split of GMP's documentation, a high part of h >= l root words). With n = R / 32
/// root words, h = ceil(n / 2), l = n - h and b = 2^(32 l), a = a_hi b^2 + a1 b + a0 (a_hi of 2 h words, a1 and a0
/// of l words):
///   (s1, r1) = sqrt_rem(a_hi); (q, u) = divmod(r1 b + a1, 2 s1); s = s1 b + q; r = u b + a0 - q^2;
///   if r < 0: r += 2 s - 1, s -= 1 (once is enough, Zimmermann's Theorem 1).
/// The division is taken as ((r1 b + a1) / 2) / s1, whose divisor has exactly h words with its top bit set and
/// whose dividend fits 2 h words (r1 <= 2 s1): divmod's half path, which keeps its words in registers on the
/// device; u = 2 ((r1 b + a1) / 2 mod s1) + (a1 & 1). Each level costs about a quarter of the division of the
/// level above, so the whole root costs about half of one division of a by a number of R bits, and its
/// squaring only l words. The bottom (one root word) is isqrt64. The unrolled fixed-width form of mpn::sqrtrem
/// (detail/mpn/sqrt.hpp), whose run-time lengths serve Integer.
template <std::size_t R> WARPNUM_HD constexpr SqrtRem<R> sqrt_rem(const BasicInt<2 * R, false>& a) noexcept {
  static_assert(R % 32 == 0 && R >= 32);
  if constexpr (R == 32) {
    const std::uint64_t t = static_cast<std::uint64_t>(a);
    const std::uint64_t s = isqrt64(t);
    return {BasicInt<R, false>{s}, BasicInt<R + 32, false>{t - s * s}};
  } else {
    constexpr int n = static_cast<int>(R / 32);
    constexpr int h = (n + 1) / 2;
    constexpr int l = n - h;
    constexpr std::size_t Rh = 32 * static_cast<std::size_t>(h);
    using H = BasicInt<2 * Rh, false>;  // the level below's a (2 h words), and the division's type
    const SqrtRem<Rh> below = sqrt_rem<Rh>(take_words<H>(a, 2 * l, 2 * h));
    // Every word below is placed by a constant index (a shift of BasicInt indexes its words at run time, which
    // keeps them in the device's local memory).
    // x = (r1 b + a1) / 2, below b^(h + l) <= b^(2 h) since r1 / 2 <= s1; word k of r1 b + a1 is a1's below l and
    // r1's (h + 1 words) above.
    H x;
    WARPNUM_UNROLL
    for (int i = 0; i < 2 * h; ++i) {
      const limb_t lo = i < l ? a.limbs_[l + i] : i - l <= h ? below.rem.limbs_[i - l] : 0u;
      const limb_t hi = i + 1 < l ? a.limbs_[l + i + 1] : i + 1 - l <= h ? below.rem.limbs_[i + 1 - l] : 0u;
      x.limbs_[i] = (lo >> 1) | (hi << 31);
    }
    const auto [q, um] = divmod(x, H{below.root});  // q < 2 b: l words and a bit
    // ub = u b + a0 for u = 2 um + (a1 & 1) < 2 s1 (h + 1 words), in M (n + 1 words: ub < 2 b^n, and the square
    // below is less than 4 b^(2 l) <= 4 b^n, so their difference fits, signed, and so do s and the remainder).
    using M = BasicInt<R + 32, false>;
    M ub{};
    WARPNUM_UNROLL
    for (int i = 0; i < l; ++i) ub.limbs_[i] = a.limbs_[i];
    WARPNUM_UNROLL
    for (int k = 0; k <= h; ++k) {
      const limb_t below_bit = k == 0 ? (a.limbs_[l] & 1u) : um.limbs_[k - 1] >> 31;
      ub.limbs_[l + k] = (k < h ? um.limbs_[k] << 1 : 0u) | below_bit;
    }
    // q^2 = ql^2, plus 2 ql b + b^2 where q >= b (ql = q mod b); s = s1 b + q, plus b where q >= b.
    M q2{sqr_wide(take_words<BasicInt<32 * static_cast<std::size_t>(l), false>>(q, 0, l))};
    M s{};
    WARPNUM_UNROLL
    for (int i = 0; i < n; ++i) s.limbs_[i] = i < l ? q.limbs_[i] : below.root.limbs_[i - l];
    if (q.limbs_[l] != 0) {
      M t{};
      WARPNUM_UNROLL
      for (int k = 0; k <= l; ++k) {
        const limb_t from_below = k > 0 ? q.limbs_[k - 1] >> 31 : 0u;
        t.limbs_[l + k] = k < l ? (q.limbs_[k] << 1) | from_below : from_below + 1u;  // b^2 at word 2 l
      }
      q2 += t;
      M b{};
      b.limbs_[l] = 1u;
      s += b;
    }
    M r;
    if (sub_limbs<M::num_limbs>(r.limbs_, ub.limbs_, q2.limbs_) != 0) {  // ub < q2
      r += s + s - M{1u};
      s -= M{1u};
    }
    return {BasicInt<R, false>{s}, r};
  }
}

/// floor(sqrt(n)) for Bits a multiple of 64 from 128: Zimmermann's recursive square root (sqrt_rem) of n << 2t, t
/// chosen so that its top two bits are not both zero; the root of n is that root >> t. It costs about half of one
/// division of a Bits-bit number by a Bits / 2-bit one, every level's widths fixed at compile time.
template <std::size_t Bits>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr BasicInt<Bits, false> isqrt_zimmermann(const BasicInt<Bits, false>& n) noexcept {
  static_assert(Bits % 64 == 0 && Bits >= 128);
  using U = BasicInt<Bits, false>;
  if (n.is_zero()) return U{};
  // The shifts by 2 t and t with constant word indices, which keep the words in the device's registers (BasicInt's
  // shifts index them at run time, and the mere presence of such a shift, even on a path not taken, kept the
  // 4096-bit input in local memory: 0.6 of the 3.6 ns of a 2048-bit root, H100, 2026-11-25): whole words one at
  // a time (rare: only where a top word is zero), then the bits below a word by double-word shifts.
  constexpr int n_limbs = U::num_limbs;
  const int t = countl_zero(n) / 2;
  U nn = n;
  int words = (2 * t) / 32;
  WARPNUM_NO_UNROLL
  for (; words > 0; --words) {
    WARPNUM_UNROLL
    for (int i = n_limbs - 1; i > 0; --i) nn.limbs_[i] = nn.limbs_[i - 1];
    nn.limbs_[0] = 0;
  }
  detail::mpn::shl_bits<n_limbs>(nn.limbs_, nn.limbs_, n_limbs, (2 * t) % 32);
  using Root = BasicInt<Bits / 2, false>;
  Root root = detail::sqrt_rem<Bits / 2>(nn).root;
  constexpr int root_limbs = Root::num_limbs;
  words = t / 32;
  WARPNUM_NO_UNROLL
  for (; words > 0; --words) {
    WARPNUM_UNROLL
    for (int i = 0; i < root_limbs - 1; ++i) root.limbs_[i] = root.limbs_[i + 1];
    root.limbs_[root_limbs - 1] = 0;
  }
  U r{};
  detail::mpn::shr_bits<root_limbs>(r.limbs_, root.limbs_, root_limbs, t % 32);
  return r;
}

/// floor(sqrt(n)) by Newton's iteration at doubling precision, for any width. With w = bit_width(n) the root has
/// R = ceil(w / 2) bits, and the root of n >> 2k has R - k. The roots of n >> 2k are found for a falling sequence of
/// k: first exactly for a top of at most 64 bits (isqrt64), then each from the one below by one Newton step
/// x1 = (x0 + m / x0) / 2 on m = n >> 2k from x0 = (r + 1) 2^d, d the root bits gained. x0 is at or above
/// sqrt(m), so x1 is at or above floor(sqrt(m)), and x1 - sqrt(m) <= (x0 - sqrt(m))^2 / (2 x0) <=
/// 4 2^(2 d) / (2^(d + 1) 2^(R' - 1)) = 4 2^(d - R') for a root r of R' bits no more than one unit above floor;
/// with d <= R' - 5 (each level at least (R + 5) / 2 bits of the next level's R) x1 is again at most one unit
/// above the floor. A square at the end removes the last unit.
template <std::size_t Bits>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr BasicInt<Bits, false> isqrt_newton(const BasicInt<Bits, false>& n) noexcept {
  using U = BasicInt<Bits, false>;
  const int root_bits = (bit_width(n) + 1) / 2;
  // The root bits of each level, the largest first: level i + 1 has (bits[i] + 6) / 2 >= (bits[i] + 5) / 2.
  int bits[32] = {};
  int levels = 0;
  for (int r = root_bits; r > 32; r = (r + 6) / 2) bits[levels++] = r;
  int have = levels == 0 ? root_bits : (bits[levels - 1] + 6) / 2;  // the base's root bits (at most 32)
  U x{detail::isqrt64(static_cast<std::uint64_t>(n >> static_cast<std::uint64_t>(2 * (root_bits - have))))};
  WARPNUM_NO_UNROLL
  for (int i = levels - 1; i >= 0; --i) {
    const int k = root_bits - bits[i];  // this level's m is n >> 2k
    const U nk = n >> static_cast<std::uint64_t>(2 * k);
    const U x0 = (x + 1u) << static_cast<std::uint64_t>(bits[i] - have);
    x = (x0 + nk / x0) >> 1;
    have = bits[i];
  }
  // x is the root or one more; x^2 fits in Bits bits unless x has more bits than the root can.
  if (levels > 0 && (bit_width(x) > root_bits || x * x > n)) x -= 1u;
  return x;
}

}  // namespace warpnum::detail

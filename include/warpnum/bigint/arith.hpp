// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/arith.hpp: the products and powers of BigUInt and BigInt beyond the operators: mul_wide, sqr,
// sqr_wide, join, abs, pow. The limb algorithms and their variants: detail/mul/select.hpp.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/mul/select.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum {

/// The full product of two Bits-bit numbers, 2*Bits bits wide (signed if the operands are).
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<2 * Bits, Signed> mul_wide(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  BasicInt<2 * Bits, Signed> r;
  const T ua = a.is_negative() ? -a : a;
  const T ub = b.is_negative() ? -b : b;
  detail::mul_full_limbs<T::num_limbs>(r.limbs_, ua.limbs_, ub.limbs_);
  if (a.is_negative() != b.is_negative()) r = -r;
  return r;
}

/// The number hi 2^Bits + lo, 2 Bits bits wide: the dividend of a 2n-by-n division from its halves (GMP's
/// mpn_tdiv_qr takes the words side by side). Every word placed by a constant index, so on the device the result
/// stays in registers, where (W(hi) << Bits) | W(lo) shifts through local memory.
template <std::size_t Bits>
WARPNUM_HD constexpr BasicInt<2 * Bits, false> join(const BasicInt<Bits, false>& hi, const BasicInt<Bits, false>& lo) noexcept {
  constexpr int n = BasicInt<Bits, false>::num_limbs;
  BasicInt<2 * Bits, false> r;
  WARPNUM_UNROLL
  for (int i = 0; i < n; ++i) {
    r.limbs_[i] = lo.limbs_[i];
    r.limbs_[n + i] = hi.limbs_[i];
  }
  return r;
}

/// a * a modulo 2^Bits: the same value as a * a; on the device about half the multiply-adds.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> sqr(const BasicInt<Bits, Signed>& a) noexcept {
  using T = BasicInt<Bits, Signed>;
  T r;
  detail::sqr_low_limbs<T::num_limbs>(r.limbs_, a.limbs_);
  return r;
}

/// The full square of a Bits-bit number, 2*Bits bits wide (non-negative: signed if a is); mul_wide(a, a).
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<2 * Bits, Signed> sqr_wide(const BasicInt<Bits, Signed>& a) noexcept {
  using T = BasicInt<Bits, Signed>;
  BasicInt<2 * Bits, Signed> r;
  const T ua = a.is_negative() ? -a : a;
  detail::sqr_full_limbs<T::num_limbs>(r.limbs_, ua.limbs_);
  return r;
}

/// |a|, wrapping for the minimum of a signed type (like two's complement hardware).
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> abs(const BasicInt<Bits, Signed>& a) noexcept {
  return a.is_negative() ? -a : a;
}

/// base^exp modulo 2^Bits, by square-and-multiply. pow(x, 0) == 1.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> pow(BasicInt<Bits, Signed> base, std::uint64_t exp) noexcept {
  BasicInt<Bits, Signed> r{1};
  while (exp != 0) {
    if (exp & 1) r *= base;
    exp >>= 1;
    if (exp != 0) base = sqr(base);
  }
  return r;
}

/// base^exp modulo 2^Bits for an exponent of any unsigned width.
template <std::size_t Bits, bool Signed, std::size_t EBits>
WARPNUM_HD constexpr BasicInt<Bits, Signed> pow(BasicInt<Bits, Signed> base, const BasicInt<EBits, false>& exp) noexcept {
  BasicInt<Bits, Signed> r{1};
  const int n = bit_width(exp);
  for (int i = n - 1; i >= 0; --i) {
    r = sqr(r);
    if (exp.bit(static_cast<std::size_t>(i))) r *= base;
  }
  return r;
}

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/powm_crt.hpp: the part of a^e mod m that an even modulus adds, m = mo 2^k with mo odd:
// a^e mod 2^k from the wrapping power, joined to a^e mod mo (Montgomery's) by the Chinese remainder theorem, as
// GMP's mpz_powm does for even moduli (mpz/powm.c). The inverse of mo modulo 2^k by Newton's iteration on low
// halves. Host, constexpr, device.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::detail {

/// r[0, w) = a b mod 2^(32 w) for w >= 1, by rows at run-time length (mpn::mul_1, mpn::addmul_1): the products
/// below word w only, w (w + 1) / 2 of them. r must not overlap a or b.
WARPNUM_HD constexpr void mul_low_words(limb_t* r, const limb_t* a, const limb_t* b, int w) noexcept {
  (void)mpn::mul_1(r, a, w, b[0]);
  for (int j = 1; j < w; ++j) (void)mpn::addmul_1(r + j, r + j, a, w - j, b[j]);
}

/// a^e mod 2^k (1 <= k < Bits; the bits at and above k are zero) by left-to-right square-and-multiply: on one
/// 64-bit word when k <= 64, else on the w = ceil(k / 32) low limbs by mul_low_words, loops whose length is known
/// at run time only, so that a kernel holds one small copy whatever the width.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> pow_mod_pow2(const BigUInt<Bits>& a, const BigUInt<EBits>& e, int k) noexcept {
  const int top = bit_width(e) - 1;
  if (k <= 64) {
    std::uint64_t base = a.limb(0);
    if constexpr (Bits > 32) base |= std::uint64_t{a.limb(1)} << 32;
    std::uint64_t r = 1;
    for (int i = top; i >= 0; --i) {
      r *= r;
      if (e.bit(static_cast<std::size_t>(i))) r *= base;
    }
    const std::uint64_t low = k == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1;
    return BigUInt<Bits>(r & low);
  }
  constexpr int n = BigUInt<Bits>::num_limbs;
  const int w = (k + 31) / 32;
  limb_t r[n] = {1};
  limb_t t[n] = {};
  for (int i = top; i >= 0; --i) {
    mul_low_words(t, r, r, w);
    if (e.bit(static_cast<std::size_t>(i))) {
      mul_low_words(r, t, a.data(), w);
    } else {
      for (int j = 0; j < w; ++j) r[j] = t[j];
    }
  }
  BigUInt<Bits> x{};
  for (int j = 0; j < w; ++j) x.data()[j] = r[j];
  return x & ((BigUInt<Bits>{1u} << static_cast<unsigned>(k)) - BigUInt<Bits>{1u});
}

/// mo^-1 mod 2^k for an odd mo and 1 <= k < Bits (the bits at and above k are zero): x <- x (2 - mo x) doubles
/// the number of correct low bits (Hensel lifting), from mo itself, its own inverse modulo 8; on the w =
/// ceil(k / 32) low limbs by mul_low_words.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> inverse_mod_pow2(const BigUInt<Bits>& mo, int k) noexcept {
  constexpr int n = BigUInt<Bits>::num_limbs;
  const int w = (k + 31) / 32;
  limb_t x[n] = {};
  limb_t y[n] = {};
  limb_t z[n] = {};
  for (int j = 0; j < w; ++j) x[j] = mo.limb(j);
  for (int correct = 3; correct < k; correct *= 2) {
    mul_low_words(y, mo.data(), x, w);  // y = mo x
    limb_t borrow = 0;                  // y = 2 - y
    for (int j = 0; j < w; ++j) {
      const limb_t two = j == 0 ? 2u : 0u;
      const limb_t d = two - y[j] - borrow;
      borrow = (two < y[j] || (two == y[j] && borrow != 0)) ? 1u : 0u;
      y[j] = d;
    }
    mul_low_words(z, x, y, w);
    for (int j = 0; j < w; ++j) x[j] = z[j];
  }
  BigUInt<Bits> r{};
  for (int j = 0; j < w; ++j) r.data()[j] = x[j];
  return r & ((BigUInt<Bits>{1u} << static_cast<unsigned>(k)) - BigUInt<Bits>{1u});
}

/// The x below mo 2^k with x = r1 mod mo and x = r2 mod 2^k (r1 < mo, any r2; mo odd, 1 <= k < Bits, mo 2^k <
/// 2^Bits): x = r1 + mo t, t = (r2 - r1) mo^-1 mod 2^k (Garner's form of the Chinese remainder theorem). The
/// products at run-time lengths (t has ceil(k / 32) limbs), as in inverse_mod_pow2.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> join_pow2(const BigUInt<Bits>& r1, const BigUInt<Bits>& mo, const BigUInt<Bits>& r2,
                                             int k) noexcept {
  constexpr int n = BigUInt<Bits>::num_limbs;
  const int w = (k + 31) / 32;
  const BigUInt<Bits> d = r2 - r1;
  const BigUInt<Bits> inv = inverse_mod_pow2(mo, k);
  limb_t t[n] = {};
  mul_low_words(t, d.data(), inv.data(), w);
  if (k % 32 != 0) t[w - 1] &= (limb_t{1} << (k % 32)) - 1u;
  BigUInt<Bits> x = r1;  // x += mo t, below m: nothing carries out
  for (int j = 0; j < w; ++j) (void)mpn::addmul_1(x.data() + j, x.data() + j, mo.data(), n - j, t[j]);
  return x;
}

}  // namespace warpnum::detail

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/clmul.hpp: carry-less (GF(2)[x]) products of 64-bit words and of word arrays, for the
// per-element arithmetic of GF2n on the host, on the device and in constant evaluation. Bit i of a word is the
// coefficient of x^i; word arrays are least significant first.
//
// Bodies (docs/architecture.md, "One algorithm, three targets"): the word products of clmul_word.hpp, a spaced
// integer multiply that serves constant evaluation and the device (whose IMAD.WIDE makes it 16 multiplies per
// 32 x 32 bits); clmul64_x86 (detail/x86/clmul_x86.hpp), PCLMULQDQ by inline assembly where the processor has it
// (checked once at start-up, like host_has_mulx_adx), chosen here word by word as mpn::add_n chooses its carry
// chain. The products of word arrays (schoolbook, Karatsuba) are one body for every target; the field products
// that replace them on x86 hosts are chosen in detail/gf2n/select.hpp.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/clmul_word.hpp>
#include <warpnum/detail/x86/clmul_x86.hpp>
#include <warpnum/detail/x86/cpu.hpp>

#include <cstdint>

namespace warpnum::detail::gf2x {

/// The carry-less product of two 64-bit words.
WARPNUM_HD constexpr Clmul128 clmul64(std::uint64_t a, std::uint64_t b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((), (return host_has_pclmul ? clmul64_x86(a, b) : clmul64_portable_outlined(a, b);))
  }
#endif
  return clmul64_portable(a, b);
}

/// The carry-less product of two 32-bit words (GF2n up to N = 32).
WARPNUM_HD constexpr std::uint64_t clmul32(std::uint32_t a, std::uint32_t b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((), (if (host_has_pclmul) return clmul64_x86(a, b).lo;))
  }
#endif
  return clmul32_portable(a, b);
}

/// The square of a 64-bit word as a polynomial (no cross terms in characteristic 2).
WARPNUM_HD constexpr Clmul128 sqr64(std::uint64_t a) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((), (if (host_has_pclmul) return clmul64_x86(a, a);))
  }
#endif
  return {spread32(static_cast<std::uint32_t>(a)), spread32(static_cast<std::uint32_t>(a >> 32))};
}

/// Whether a product of W words splits by Karatsuba. Host: even W from 8, any W from 12 (1.3x at 1024 bits against
/// splitting to 8 words; docs/benchmarks.md, 2026-11-25). Device: also 2 and 4 words, where a 64-bit product is 48
/// integer multiplies and Karatsuba's XORs are cheap beside them.
WARPNUM_HD constexpr bool karatsuba_splits(int w, bool device) noexcept {
  return (device && (w == 2 || w == 4)) || (w >= 8 && w % 2 == 0) || w >= 12;
}

/// r[0, 2W) = a[0, W) * b[0, W) by schoolbook: W^2 word products. r must not alias a or b.
template <int W> WARPNUM_HD constexpr void mul_schoolbook(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) noexcept {
  for (int i = 0; i < 2 * W; ++i) r[i] = 0;
  WARPNUM_HOST_UNROLL
  for (int i = 0; i < W; ++i) {
    WARPNUM_HOST_UNROLL
    for (int j = 0; j < W; ++j) {
      const Clmul128 p = clmul64(a[i], b[j]);
      r[i + j] ^= p.lo;
      r[i + j + 1] ^= p.hi;
    }
  }
}

template <int W> WARPNUM_HD constexpr void mul_words(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) noexcept;

/// r[0, 2W) = a[0, W) * b[0, W): schoolbook unless karatsuba_splits(W, Device), else Karatsuba on halves of
/// H = ceil(W / 2) words (the high halves padded with zero words), recursing by template over halving sizes
/// (log2(W) levels at most: W <= 64). r must not alias a or b.
template <int W, bool Device>
WARPNUM_HD constexpr void mul_words_split(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) noexcept {
  if constexpr (!karatsuba_splits(W, Device)) {
    mul_schoolbook<W>(r, a, b);
  } else {
    constexpr int H = (W + 1) / 2;
    constexpr int L = W - H;  // words in the high halves (H or H - 1)
    std::uint64_t sa[H] = {}, sb[H] = {}, hi_a[H] = {}, hi_b[H] = {}, mid[2 * H] = {}, hi[2 * H] = {};
    for (int i = 0; i < L; ++i) {
      hi_a[i] = a[H + i];
      hi_b[i] = b[H + i];
    }
    for (int i = 0; i < H; ++i) {
      sa[i] = a[i] ^ hi_a[i];
      sb[i] = b[i] ^ hi_b[i];
    }
    // On the device each half product goes through mul_words, out of line from 4 words, so that a product is
    // one copy of each size rather than 3^levels inlined leaves (at 4096 bits 81 leaves of 16 word products).
    if constexpr (Device) {
      mul_words<H>(r, a, b);
      mul_words<H>(hi, hi_a, hi_b);
      mul_words<H>(mid, sa, sb);
    } else {
      mul_words_split<H, Device>(r, a, b);         // r[0, 2H) = low product
      mul_words_split<H, Device>(hi, hi_a, hi_b);  // high product (2L words significant)
      mul_words_split<H, Device>(mid, sa, sb);
    }
    for (int i = 0; i < 2 * H; ++i) mid[i] ^= r[i] ^ hi[i];
    for (int i = 2 * H; i < 2 * W; ++i) r[i] = hi[i - 2 * H];
    for (int i = 0; i < 2 * H && H + i < 2 * W; ++i) r[H + i] ^= mid[i];
  }
}

#if WARPNUM_DEVICE_BRANCH
/// The device's product from 4 words (256 bits), out of line: inlined, a 1024-bit product is about 10,000 PTX
/// lines, and an inverse or a power that inlines one in each of its loops took ptxas minutes (2026-11-25).
template <int W> WARPNUM_DEVICE_NOINLINE void mul_words_device(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) noexcept {
  mul_words_split<W, true>(r, a, b);
}
#endif

/// r[0, 2W) = a[0, W) * b[0, W), split as the target does best. r must not alias a or b.
template <int W> WARPNUM_HD constexpr void mul_words(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (W >= 4) {
      WARPNUM_IF_ELSE_DEVICE((mul_words_device<W>(r, a, b); return;), ())
    } else {
      WARPNUM_IF_ELSE_DEVICE((mul_words_split<W, true>(r, a, b); return;), ())
    }
  }
#endif
  mul_words_split<W, false>(r, a, b);
}

/// r[0, 2W) = a[0, W)^2. r must not alias a.
template <int W> WARPNUM_HD constexpr void sqr_words(std::uint64_t* r, const std::uint64_t* a) noexcept {
  WARPNUM_HOST_UNROLL
  for (int i = 0; i < W; ++i) {
    const Clmul128 s = sqr64(a[i]);
    r[2 * i] = s.lo;
    r[2 * i + 1] = s.hi;
  }
}

}  // namespace warpnum::detail::gf2x

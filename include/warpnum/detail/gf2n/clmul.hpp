// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/clmul.hpp: carry-less (GF(2)[x]) products of 64-bit words and of word arrays, for the
// per-element arithmetic of GF2n on the host, on the device and in constant evaluation. Bit i of a word is the
// coefficient of x^i; word arrays are least significant first.
//
// Bodies (docs/architecture.md, "One algorithm, three targets"): clmul32_portable, a spaced integer multiply that
// serves constant evaluation and the device (whose IMAD.WIDE makes it 16 multiplies per 32 x 32 bits);
// clmul64_x86, PCLMULQDQ by inline assembly where the processor has it (checked once at start-up, like
// host_has_mulx_adx).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/x86/cpu.hpp>

#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <emmintrin.h>
#endif

namespace warpnum::detail::gf2x {

/// A 128-bit carry-less product: lo holds x^0..x^63, hi x^64..x^127.
struct Clmul128 {
  std::uint64_t lo;
  std::uint64_t hi;
};

/// The carry-less product of two 32-bit words by ordinary multiplication of "spaced" operands. Split a and b into
/// the four classes of bit positions modulo 4 (a_i = a & 0x11111111 << i). In an integer product a_i * b_j every
/// set bit pair lands on a position of class i + j mod 4, and a position receives at most 8 pairs, so the sum of
/// everything below a position p of that class is at most 8 (2^(p-4) + 2^(p-8) + ...) < 2^p: bit p of the integer
/// product is the parity of the pairs at p, i.e. the carry-less coefficient. The carries land on the other three
/// classes, which the masks drop; four products XOR into each class.
WARPNUM_HD constexpr std::uint64_t clmul32_portable(std::uint32_t a, std::uint32_t b) noexcept {
  constexpr std::uint32_t m = 0x11111111u;
  constexpr std::uint64_t mm = 0x1111111111111111ull;
  const std::uint64_t a0 = a & m, a1 = a & (m << 1), a2 = a & (m << 2), a3 = a & (m << 3);
  const std::uint64_t b0 = b & m, b1 = b & (m << 1), b2 = b & (m << 2), b3 = b & (m << 3);
  const std::uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
  const std::uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
  const std::uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
  const std::uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
  return (z0 & mm) | (z1 & (mm << 1)) | (z2 & (mm << 2)) | (z3 & (mm << 3));
}

/// 64 x 64 -> 128 bits from three 32-bit products (Karatsuba: the middle term is (a0 + a1)(b0 + b1) - lo - hi).
WARPNUM_HD constexpr Clmul128 clmul64_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
  const std::uint64_t lo = clmul32_portable(a0, b0);
  const std::uint64_t hi = clmul32_portable(a1, b1);
  const std::uint64_t mid = clmul32_portable(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  return {lo ^ (mid << 32), hi ^ (mid >> 32)};
}

#if WARPNUM_DETAIL_X86_64_ASM

/// PCLMULQDQ on two 64-bit words (inline assembly, so that no -mpclmul is needed and the call inlines).
WARPNUM_FORCEINLINE Clmul128 clmul64_x86(std::uint64_t a, std::uint64_t b) noexcept {
  __m128i x = _mm_cvtsi64_si128(static_cast<long long>(a));
  const __m128i y = _mm_cvtsi64_si128(static_cast<long long>(b));
  __asm__("pclmulqdq $0x00, %1, %0" : "+x"(x) : "x"(y));
  return {static_cast<std::uint64_t>(_mm_cvtsi128_si64(x)),
          static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)))};
}

/// res = a b mod (x^64 + r1) for deg r1 <= 32 (res may alias a or b), in SSE registers from start to end: the product, then the high word
/// times r1 twice (PCLMULQDQ's immediate picks the high word, so nothing moves to general registers between).
/// 10 instructions; GF(2^64) products run at the rate of a plain PCLMULQDQ loop.
/// The operands are read and the result written through memory, straight to and from SSE registers (through
/// general registers the loop ran at 597 against 693 M products/s, 2026-11-25).
WARPNUM_FORCEINLINE void mul_mod64_x86(std::uint64_t* res, const std::uint64_t* a, const std::uint64_t* b, std::uint64_t r1) noexcept {
  __m128i x = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a));
  const __m128i y = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(b));
  const __m128i r = _mm_cvtsi64_si128(static_cast<long long>(r1));
  [[maybe_unused]] __m128i t, u;  // scratch: outputs only so that they get registers
  __asm__(
      "pclmulqdq $0x00, %[y], %[x]\n\t"  // x = a b: low word, high word
      "movdqa %[x], %[t]\n\t"
      "pclmulqdq $0x01, %[r], %[t]\n\t"  // t = high(x) r1 (degree < 64 + 32)
      "movdqa %[t], %[u]\n\t"
      "pclmulqdq $0x01, %[r], %[u]\n\t"  // u = high(t) r1 (degree < 64)
      "pxor %[t], %[x]\n\t"
      "pxor %[u], %[x]"
      // x is written before r is read: early-clobber, so that r never shares its register (equal values may).
      : [x] "+&x"(x), [t] "=&x"(t), [u] "=&x"(u)
      : [y] "x"(y), [r] "x"(r));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(res), x);
}

/// r = a b mod (x^128 + r1) for 2-word a, b, r (r may alias either) and deg r1 < 64, in SSE registers: Karatsuba's
/// three products (a0 b0, a1 b1, (a0 + a1)(b0 + b1)), then the words 3 and 2 folded by r1 (two more products).
WARPNUM_FORCEINLINE void mul_mod128_x86(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, std::uint64_t r1) noexcept {
  const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
  const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
  const __m128i rr = _mm_cvtsi64_si128(static_cast<long long>(r1));
  __m128i lo;
  [[maybe_unused]] __m128i hi;
  [[maybe_unused]] __m128i m, t;  // scratch: outputs only so that they get registers
  __asm__(
      "movdqa %[x], %[lo]\n\t"
      "pclmulqdq $0x00, %[y], %[lo]\n\t"  // lo = a0 b0
      "movdqa %[x], %[hi]\n\t"
      "pclmulqdq $0x11, %[y], %[hi]\n\t"  // hi = a1 b1
      "pshufd $0x4e, %[x], %[m]\n\t"
      "pxor %[x], %[m]\n\t"               // m = a0 + a1 (both words)
      "pshufd $0x4e, %[y], %[t]\n\t"
      "pxor %[y], %[t]\n\t"               // t = b0 + b1
      "pclmulqdq $0x00, %[t], %[m]\n\t"   // m = (a0 + a1)(b0 + b1)
      "pxor %[lo], %[m]\n\t"
      "pxor %[hi], %[m]\n\t"              // m = a0 b1 + a1 b0
      "movdqa %[m], %[t]\n\t"
      "pslldq $8, %[t]\n\t"
      "psrldq $8, %[m]\n\t"
      "pxor %[t], %[lo]\n\t"              // lo = words 0, 1 of the product
      "pxor %[m], %[hi]\n\t"              // hi = words 2, 3
      "movdqa %[hi], %[t]\n\t"
      "pclmulqdq $0x01, %[rr], %[t]\n\t"  // t = word 3 r1, lands on words 1 and 2
      "movdqa %[t], %[m]\n\t"
      "pslldq $8, %[m]\n\t"
      "psrldq $8, %[t]\n\t"
      "pxor %[m], %[lo]\n\t"
      "pxor %[t], %[hi]\n\t"
      "pclmulqdq $0x00, %[rr], %[hi]\n\t" // hi = word 2 r1, lands on words 0 and 1
      "pxor %[hi], %[lo]"
      : [lo] "=&x"(lo), [hi] "=&x"(hi), [m] "=&x"(m), [t] "=&x"(t)
      : [x] "x"(x), [y] "x"(y), [rr] "x"(rr));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(r), lo);
}

/// clmul64_portable out of line, for hosts without PCLMULQDQ: inlined beside the PCLMULQDQ body, its 20 registers
/// made GCC 12 spill the loop of a GF(2^64) multiply (3.8e8 against 1e9 products a second, 2026-11-25).
[[gnu::noinline]] inline Clmul128 clmul64_portable_outlined(std::uint64_t a, std::uint64_t b) noexcept {
  return clmul64_portable(a, b);
}

#endif

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

/// Spreads the 32 bits of w to the even positions of a 64-bit word (the square of w as a polynomial).
WARPNUM_HD constexpr std::uint64_t spread32(std::uint32_t w) noexcept {
  std::uint64_t x = w;
  x = (x | (x << 16)) & 0x0000ffff0000ffffull;
  x = (x | (x << 8)) & 0x00ff00ff00ff00ffull;
  x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0full;
  x = (x | (x << 2)) & 0x3333333333333333ull;
  x = (x | (x << 1)) & 0x5555555555555555ull;
  return x;
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

/// Whether a product of W words splits by Karatsuba. Host: even W from 8 (halves without padding), any W from 12
/// (PCLMULQDQ, 2026-11-25: 1024 bits took 157 ns split down to 4 words against 208 at 8, and 571 bits (9 words)
/// 73 ns by schoolbook against 78 split into padded halves of 5; splitting 2 and 4 words cost up to 2x). Device:
/// also 2 and 4 words, where a 64-bit product is 48 integer multiplies and Karatsuba's XORs are cheap beside them.
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

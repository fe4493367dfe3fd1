// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/clmul_x86.hpp: PCLMULQDQ by inline assembly (so that no -mpclmul is needed and the calls
// inline): the carry-less product of two 64-bit words, and whole GF(2^64) and GF(2^128) products with their
// reduction kept in SSE registers. Host only; detail/x86/cpu.hpp says at start-up whether the processor has it.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/clmul_word.hpp>
#include <warpnum/detail/x86/cpu.hpp>

#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <emmintrin.h>

namespace warpnum::detail::gf2x {

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

}  // namespace warpnum::detail::gf2x
#endif

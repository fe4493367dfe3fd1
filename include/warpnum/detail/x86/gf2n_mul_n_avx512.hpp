// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/gf2n_mul_n_avx512.hpp: arrays of GF(2^64) and GF(2^128) products with AVX-512 VPCLMULQDQ (four
// 128-bit carry-less products an instruction), chosen at run time; the body of warpnum::mul_n for N = 64 and 128 on
// hosts that have it. Host only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/clmul.hpp>
#include <warpnum/detail/x86/cpu.hpp>

#include <cstddef>
#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <immintrin.h>

namespace warpnum::detail::gf2x {


/// r[i] = a[i] b[i] mod (x^64 + r1) for i < n, deg r1 <= 32 (r may alias a or b). Each 128-bit lane multiplies
/// its low words (immediate 0x00) and then its high words (0x11); the reduction is mul_mod64_x86's, per lane.
__attribute__((target("avx512f,vpclmulqdq"))) inline void mul_mod64_n_avx512(std::uint64_t* r, const std::uint64_t* a,
                                                                            const std::uint64_t* b, std::size_t n,
                                                                            std::uint64_t r1) noexcept {
  const __m512i rr = _mm512_set1_epi64(static_cast<long long>(r1));
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512i x = _mm512_loadu_si512(a + i);
    const __m512i y = _mm512_loadu_si512(b + i);
    const __m512i pe = _mm512_clmulepi64_epi128(x, y, 0x00);  // elements 0, 2, 4, 6: low word, high word
    const __m512i po = _mm512_clmulepi64_epi128(x, y, 0x11);  // elements 1, 3, 5, 7
    const __m512i te = _mm512_clmulepi64_epi128(pe, rr, 0x01);
    const __m512i to = _mm512_clmulepi64_epi128(po, rr, 0x01);
    const __m512i ue = _mm512_clmulepi64_epi128(te, rr, 0x01);
    const __m512i uo = _mm512_clmulepi64_epi128(to, rr, 0x01);
    const __m512i re = _mm512_ternarylogic_epi64(pe, te, ue, 0x96);  // three-way XOR
    const __m512i ro = _mm512_ternarylogic_epi64(po, to, uo, 0x96);
    // The masked form with every lane selected: GCC 12's _mm512_unpacklo_epi64 passes _mm512_undefined_epi32(),
    // which -Wmaybe-uninitialized reports as used uninitialised.
    _mm512_storeu_si512(r + i, _mm512_mask_unpacklo_epi64(re, 0xff, re, ro));
  }
  for (; i < n; ++i) mul_mod64_x86(r + i, a + i, b + i, r1);
}

/// r[i] = a[i] b[i] mod (x^128 + r1) for i < n elements of two words each, deg r1 < 64 (r may alias a or b):
/// mul_mod128_x86's steps with one element in each 128-bit lane, four elements a step.
__attribute__((target("avx512f,vpclmulqdq"))) inline void mul_mod128_n_avx512(std::uint64_t* r, const std::uint64_t* a,
                                                                             const std::uint64_t* b, std::size_t n,
                                                                             std::uint64_t r1) noexcept {
  const __m512i rr = _mm512_set1_epi64(static_cast<long long>(r1));
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const __m512i x = _mm512_loadu_si512(a + 2 * i);
    const __m512i y = _mm512_loadu_si512(b + 2 * i);
    __m512i lo = _mm512_clmulepi64_epi128(x, y, 0x00);  // a0 b0
    __m512i hi = _mm512_clmulepi64_epi128(x, y, 0x11);  // a1 b1
    const __m512i xs = _mm512_xor_si512(x, _mm512_mask_shuffle_epi32(x, 0xffff, x, _MM_PERM_BADC));  // a0 + a1, both words
    const __m512i ys = _mm512_xor_si512(y, _mm512_mask_shuffle_epi32(y, 0xffff, y, _MM_PERM_BADC));
    const __m512i m = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(xs, ys, 0x00), lo, hi, 0x96);  // a0 b1 + a1 b0
    // Word shifts within lanes by masked unpacks (AVX-512F; the byte shifts need AVX-512BW): [0, lo word], [hi word, 0].
    lo = _mm512_xor_si512(lo, _mm512_maskz_unpacklo_epi64(0xaa, m, m));
    hi = _mm512_xor_si512(hi, _mm512_maskz_unpackhi_epi64(0x55, m, m));
    const __m512i t = _mm512_clmulepi64_epi128(hi, rr, 0x01);  // word 3 r1, onto words 1 and 2
    lo = _mm512_xor_si512(lo, _mm512_maskz_unpacklo_epi64(0xaa, t, t));
    hi = _mm512_xor_si512(hi, _mm512_maskz_unpackhi_epi64(0x55, t, t));
    lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(hi, rr, 0x00));  // word 2 r1, onto words 0 and 1
    _mm512_storeu_si512(r + 2 * i, lo);
  }
  for (; i < n; ++i) mul_mod128_x86(r + 2 * i, a + 2 * i, b + 2 * i, r1);
}

}  // namespace warpnum::detail::gf2x

#endif

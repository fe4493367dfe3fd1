// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/ntt_avx2.hpp: the radix-2 levels and the pointwise products of the host's number-theoretic
// transforms (huge/ntt.hpp) eight words at a time with AVX2, chosen at run time on processors that have it (the host
// loops of src/huge/convolve.cu). Each lane computes what ntt.hpp's scalar body computes (mont_mul fully reduced,
// add_mod, sub_mod), so the results are the same words; eight Montgomery products take six vpmuludq (the even and
// the odd lanes each: a b, q = (a b mod 2^32) p^-1, q p), one 64-bit subtraction per half and a blend. Host only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/huge/ntt.hpp>

#include <cstddef>
#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <immintrin.h>

namespace warpnum::detail::ntt_avx2 {

using huge::ntt::Mod;
using huge::ntt::u32;

/// The modulus in every lane: p, p^-1 mod 2^32.
struct Mod8 {
  __m256i p;
  __m256i pinv;
};

__attribute__((target("avx2"))) inline Mod8 broadcast(Mod m) noexcept {
  return {_mm256_set1_epi32(static_cast<int>(m.p)), _mm256_set1_epi32(static_cast<int>(m.pinv))};
}

/// ntt::mont_mul in each lane: a b R^-1 mod p, fully reduced, for a < 2^32 and b < p. With q = a b p^-1 mod 2^32, a b
/// and q p agree in their low words, so their 64-bit difference is (hi(a b) - hi(q p)) 2^32.
__attribute__((target("avx2"))) inline __m256i mont_mul(__m256i a, __m256i b, Mod8 m) noexcept {
  const __m256i ab_even = _mm256_mul_epu32(a, b);
  const __m256i ab_odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32));
  const __m256i qp_even = _mm256_mul_epu32(_mm256_mul_epu32(ab_even, m.pinv), m.p);
  const __m256i qp_odd = _mm256_mul_epu32(_mm256_mul_epu32(ab_odd, m.pinv), m.p);
  const __m256i d_even = _mm256_srli_epi64(_mm256_sub_epi64(ab_even, qp_even), 32);
  const __m256i d = _mm256_blend_epi32(d_even, _mm256_sub_epi64(ab_odd, qp_odd), 0xaa);
  return _mm256_min_epu32(d, _mm256_add_epi32(d, m.p));  // d + p where d < 0, as ntt::mont_mul
}

/// ntt::add_mod and ntt::sub_mod in each lane (a, b < p).
__attribute__((target("avx2"))) inline __m256i add_mod(__m256i a, __m256i b, Mod8 m) noexcept {
  const __m256i s = _mm256_add_epi32(a, b);
  return _mm256_min_epu32(s, _mm256_sub_epi32(s, m.p));
}
__attribute__((target("avx2"))) inline __m256i sub_mod(__m256i a, __m256i b, Mod8 m) noexcept {
  const __m256i d = _mm256_sub_epi32(a, b);
  return _mm256_min_epu32(d, _mm256_add_epi32(d, m.p));
}

/// ntt::butterfly_forward and ntt::butterfly_inverse in each lane.
template <bool Inverse>
__attribute__((target("avx2"))) inline void butterfly(__m256i& u, __m256i& v, __m256i w, Mod8 m) noexcept {
  if constexpr (Inverse) {
    const __m256i t = mont_mul(v, w, m);
    v = sub_mod(u, t, m);
    u = add_mod(u, t, m);
  } else {
    const __m256i s = add_mod(u, v, m);
    v = mont_mul(sub_mod(u, v, m), w, m);
    u = s;
  }
}

__attribute__((target("avx2"))) inline __m256i load(const u32* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
__attribute__((target("avx2"))) inline void store(u32* p, __m256i v) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
}

/// One radix-2 level of half-size h >= 8 on `words` words (a multiple of 2h): the pairs (j, j + h) of each 2h words,
/// twiddle tw[j] (the level's row of a level-by-level table), eight pairs at a time.
template <bool Inverse>
__attribute__((target("avx2"))) inline void level_wide(u32* x, std::size_t words, u32 h, const u32* tw,
                                                       Mod8 m) noexcept {
  for (std::size_t b = 0; b < words; b += 2 * std::size_t{h}) {
    for (u32 j = 0; j < h; j += 8) {
      __m256i u = load(x + b + j);
      __m256i v = load(x + b + j + h);
      butterfly<Inverse>(u, v, load(tw + j), m);
      store(x + b + j, u);
      store(x + b + j + h, v);
    }
  }
}

/// One radix-2 level of half-size H = 4, 2 or 1 on `words` words (a multiple of 16): each pair of vectors (A, B), 16
/// words, is rearranged so that U holds the first halves of its 2H-word groups and V the second halves (128-bit lane
/// permutes for H = 4, 64-bit unpacks within the lanes for H = 2, an even/odd shuffle for H = 1), and put back after.
/// The twiddles tw[0, H) repeat along U.
template <bool Inverse, u32 H>
__attribute__((target("avx2"))) inline void level_narrow(u32* x, std::size_t words, const u32* tw, Mod8 m) noexcept {
  static_assert(H == 4 || H == 2 || H == 1);
  int t[8];
  for (u32 l = 0; l < 8; ++l) t[l] = static_cast<int>(tw[l % H]);
  const __m256i w = _mm256_setr_epi32(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
  for (std::size_t i = 0; i < words; i += 16) {
    const __m256i a = load(x + i);
    const __m256i b = load(x + i + 8);
    __m256i u;
    __m256i v;
    if constexpr (H == 4) {  // A = [a0..a3 | a4..a7]: groups (a0..a3, a4..a7) and (b0..b3, b4..b7)
      u = _mm256_permute2x128_si256(a, b, 0x20);
      v = _mm256_permute2x128_si256(a, b, 0x31);
    } else if constexpr (H == 2) {  // groups of 4 words: u = words 0, 1 of each, v = words 2, 3
      u = _mm256_unpacklo_epi64(a, b);
      v = _mm256_unpackhi_epi64(a, b);
    } else {  // pairs: u = the even words, v = the odd words
      u = _mm256_castps_si256(
          _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(2, 0, 2, 0)));
      v = _mm256_castps_si256(
          _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(3, 1, 3, 1)));
    }
    butterfly<Inverse>(u, v, w, m);
    if constexpr (H == 4) {
      store(x + i, _mm256_permute2x128_si256(u, v, 0x20));
      store(x + i + 8, _mm256_permute2x128_si256(u, v, 0x31));
    } else if constexpr (H == 2) {
      store(x + i, _mm256_unpacklo_epi64(u, v));
      store(x + i + 8, _mm256_unpackhi_epi64(u, v));
    } else {
      store(x + i, _mm256_unpacklo_epi32(u, v));
      store(x + i + 8, _mm256_unpackhi_epi32(u, v));
    }
  }
}

/// The radix-2 levels of decimation in frequency on `blocks` consecutive blocks of 2^a words (a >= 4), half-sizes
/// 2^(a-1) down to 1: (u, v) -> (u + v, (u - v) w_2h^j) for the pairs (j, j + h) of each 2h words, with w_2h^j at
/// level_tw[h - 1 + j] (ntt::LevelTwiddles' layout). The levels that ntt::forward_step's schedule does, in the same
/// order, so the same words as the scalar steps.
__attribute__((target("avx2"))) inline void forward_levels(u32* x, std::size_t blocks, u32 a, const u32* level_tw,
                                                           Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  const std::size_t words = blocks << a;
  for (u32 h = u32{1} << (a - 1); h >= 8; h /= 2) level_wide<false>(x, words, h, level_tw + h - 1, m8);
  level_narrow<false, 4>(x, words, level_tw + 3, m8);
  level_narrow<false, 2>(x, words, level_tw + 1, m8);
  level_narrow<false, 1>(x, words, level_tw, m8);
}

/// Their inverse (times 2 a level) with the inverse roots' table: half-sizes 1 up to 2^(a-1),
/// (u, v) -> (u + v w^-1, u - v w^-1).
__attribute__((target("avx2"))) inline void inverse_levels(u32* x, std::size_t blocks, u32 a, const u32* level_tw,
                                                           Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  const std::size_t words = blocks << a;
  level_narrow<true, 1>(x, words, level_tw, m8);
  level_narrow<true, 2>(x, words, level_tw + 1, m8);
  level_narrow<true, 4>(x, words, level_tw + 3, m8);
  for (u32 h = 8; h < (u32{1} << a); h *= 2) level_wide<true>(x, words, h, level_tw + h - 1, m8);
}

/// x[i] = ntt::mont_mul(x[i], y[i], m) for i < n (y[i] < p; y may be x).
__attribute__((target("avx2"))) inline void pointwise(u32* x, const u32* y, std::size_t n, Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) store(x + i, mont_mul(load(x + i), load(y + i), m8));
  for (; i < n; ++i) x[i] = huge::ntt::mont_mul(x[i], y[i], m);
}

}  // namespace warpnum::detail::ntt_avx2
#endif

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/ntt_avx2.hpp: the host's number-theoretic transforms (huge/ntt.hpp) eight words at a time with
// AVX2, chosen at run time on processors that have it (the host loops of src/huge/convolve.cu): the rows' radix-2
// levels (two a pass where the half-size allows) and pointwise products, the columns lane-wise on tiles of 16 (every
// step of each column, the radix-3 and radix-5 steps included, one lane operation on whole rows of the tile), and
// the remainder step (Garner) eight coefficients at a time. Each lane computes what ntt.hpp's scalar body computes
// (mont_mul fully reduced, add_mod, sub_mod), so the results are the same words; eight Montgomery products take six
// vpmuludq (the even and the odd lanes each: a b, q = (a b mod 2^32) p^-1, q p), one 64-bit subtraction per half and
// a blend. Host only.
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

/// The butterfly of either direction with the twiddle 1 (w^0): (u, v) -> (u + v, u - v). The Montgomery product by
/// 1 (R mod p) returns an operand below p as it is, so these are the words butterfly would give.
__attribute__((target("avx2"))) inline void unit_butterfly(__m256i& u, __m256i& v, Mod8 m) noexcept {
  const __m256i s = add_mod(u, v, m);
  v = sub_mod(u, v, m);
  u = s;
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

/// Two radix-2 levels at once, half-sizes h and h / 2 (h / 2 >= 8), on `words` words (a multiple of 2h): the four
/// words j, j + h / 2, j + h, j + 3h / 2 of each 2h go through both levels in registers, in the direction's order
/// (forward h first, the inverse h / 2 first), with the same twiddles as two level_wide passes, so the same words;
/// one pass over the words where two levels took two. `tw` and `tw_half` are the two levels' rows of the table.
template <bool Inverse>
__attribute__((target("avx2"))) inline void level_pair_wide(u32* x, std::size_t words, u32 h, const u32* tw,
                                                            const u32* tw_half, Mod8 m) noexcept {
  const u32 q = h / 2;
  for (std::size_t b = 0; b < words; b += 2 * std::size_t{h}) {
    u32* const y = x + b;
    for (u32 j = 0; j < q; j += 8) {
      __m256i v0 = load(y + j), v1 = load(y + j + q), v2 = load(y + j + h), v3 = load(y + j + h + q);
      const __m256i wa = load(tw + j), wb = load(tw + j + q), wh = load(tw_half + j);
      if constexpr (Inverse) {
        butterfly<true>(v0, v1, wh, m);
        butterfly<true>(v2, v3, wh, m);
        butterfly<true>(v0, v2, wa, m);
        butterfly<true>(v1, v3, wb, m);
      } else {
        butterfly<false>(v0, v2, wa, m);
        butterfly<false>(v1, v3, wb, m);
        butterfly<false>(v0, v1, wh, m);
        butterfly<false>(v2, v3, wh, m);
      }
      store(y + j, v0);
      store(y + j + q, v1);
      store(y + j + h, v2);
      store(y + j + h + q, v3);
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
    if constexpr (H == 1) {  // w_2^0 = 1
      unit_butterfly(u, v, m);
    } else {
      butterfly<Inverse>(u, v, w, m);
    }
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
/// order, so the same words as the scalar steps. With `last` false the level of half-size 1 is left to
/// product_level (the rows' forward transforms, the pointwise product and the inverse's first level in one pass).
__attribute__((target("avx2"))) inline void forward_levels(u32* x, std::size_t blocks, u32 a, const u32* level_tw,
                                                           Mod m, bool last = true) noexcept {
  const Mod8 m8 = broadcast(m);
  const std::size_t words = blocks << a;
  u32 h = u32{1} << (a - 1);
  for (; h >= 16; h /= 4) level_pair_wide<false>(x, words, h, level_tw + h - 1, level_tw + h / 2 - 1, m8);
  if (h == 8) level_wide<false>(x, words, h, level_tw + h - 1, m8);
  level_narrow<false, 4>(x, words, level_tw + 3, m8);
  level_narrow<false, 2>(x, words, level_tw + 1, m8);
  if (last) level_narrow<false, 1>(x, words, level_tw, m8);
}

/// Their inverse (times 2 a level) with the inverse roots' table: half-sizes 1 up to 2^(a-1),
/// (u, v) -> (u + v w^-1, u - v w^-1). With `first` false the level of half-size 1 is taken as done (product_level).
__attribute__((target("avx2"))) inline void inverse_levels(u32* x, std::size_t blocks, u32 a, const u32* level_tw,
                                                           Mod m, bool first = true) noexcept {
  const Mod8 m8 = broadcast(m);
  const std::size_t words = blocks << a;
  if (first) level_narrow<true, 1>(x, words, level_tw, m8);
  level_narrow<true, 2>(x, words, level_tw + 1, m8);
  level_narrow<true, 4>(x, words, level_tw + 3, m8);
  // The forward's pairs, undone in the reverse order: a single level of half-size 8 where the forward left one.
  const u32 top = u32{1} << (a - 1);
  u32 h = 8;
  if (a >= 4 && ((a - 4) & 1) == 0) {
    level_wide<true>(x, words, h, level_tw + h - 1, m8);
    h = 16;
  }
  for (; h < top; h *= 4) level_pair_wide<true>(x, words, 2 * h, level_tw + 2 * h - 1, level_tw + h - 1, m8);
}

/// The even words of a and b (eight) into `even`, the odd ones into `odd`, as level_narrow<_, 1> pairs them.
__attribute__((target("avx2"))) inline void split(__m256i a, __m256i b, __m256i& even, __m256i& odd) noexcept {
  even = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(2, 0, 2, 0)));
  odd = _mm256_castps_si256(
      _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(3, 1, 3, 1)));
}

/// The forward transforms' level of half-size 1 on x and y (the sums and differences of neighbours 2i, 2i + 1: the
/// twiddle w_2^0 is 1), their pointwise product into x, and the inverse's level of half-size 1 on it, in one pass over
/// `words` words (a multiple of 16; y may be x: a square). The same words as level_narrow<false, 1> on each,
/// pointwise and level_narrow<true, 1>.
__attribute__((target("avx2"))) inline void product_level(u32* x, const u32* y, std::size_t words, Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  for (std::size_t i = 0; i < words; i += 16) {
    __m256i u, v;
    split(load(x + i), load(x + i + 8), u, v);
    unit_butterfly(u, v, m8);
    if (y != x) {
      __m256i s, t;
      split(load(y + i), load(y + i + 8), s, t);
      unit_butterfly(s, t, m8);
      u = mont_mul(u, s, m8);
      v = mont_mul(v, t, m8);
    } else {
      u = mont_mul(u, u, m8);
      v = mont_mul(v, v, m8);
    }
    unit_butterfly(u, v, m8);
    store(x + i, _mm256_unpacklo_epi32(u, v));
    store(x + i + 8, _mm256_unpackhi_epi32(u, v));
  }
}

/// x[i] = ntt::mont_mul(x[i], y[i], m) for i < n (y[i] < p; y may be x).
__attribute__((target("avx2"))) inline void pointwise(u32* x, const u32* y, std::size_t n, Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) store(x + i, mont_mul(load(x + i), load(y + i), m8));
  for (; i < n; ++i) x[i] = huge::ntt::mont_mul(x[i], y[i], m);
}

// ---- sixteen columns side by side ----
// The host's column transforms (the four-step layout's strided sub-transforms) run lane-wise on tiles of 16 columns:
// row n of a tile (element n of each of its columns) at x[16 n], two vectors. Every step of every column is then the
// same lane operation, at any half-size: no permutes, and a tile's rows are whole 64-byte lines of the residues.
// Each lane computes what the scalar steps compute for its column, so the words are the same.

inline constexpr u32 tile_columns = 16;

/// The radix-R constants (ntt::RadixConstants) in every lane.
struct RadixConstants8 {
  __m256i c[4];
};

__attribute__((target("avx2"))) inline RadixConstants8 broadcast(const huge::ntt::RadixConstants& c) noexcept {
  RadixConstants8 v;
  for (int k = 0; k < 4; ++k) v.c[k] = _mm256_set1_epi32(static_cast<int>(c.c[k]));
  return v;
}

/// ntt::half_mod in each lane (a < p).
__attribute__((target("avx2"))) inline __m256i half_mod(__m256i a, Mod8 m) noexcept {
  const __m256i odd = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_and_si256(a, _mm256_set1_epi32(1)));
  return _mm256_srli_epi32(_mm256_add_epi32(a, _mm256_and_si256(m.p, odd)), 1);
}

/// ntt::dft_small in each lane: the R-point transform (R = 3 or 5) of v, in place, by the same steps.
template <u32 R>
__attribute__((target("avx2"))) inline void dft_small(__m256i (&v)[R], const RadixConstants8& c, Mod8 m) noexcept {
  static_assert(R == 3 || R == 5, "warpnum: radix 3 or 5");
  const __m256i v0 = v[0];
  if constexpr (R == 3) {
    const __m256i u = add_mod(v[1], v[2], m);
    const __m256i b = mont_mul(_mm256_add_epi32(_mm256_sub_epi32(v[1], v[2]), m.p), c.c[0], m);
    const __m256i a = sub_mod(v0, half_mod(u, m), m);
    v[0] = add_mod(v0, u, m);
    v[1] = add_mod(a, b, m);
    v[2] = sub_mod(a, b, m);
  } else {
    const __m256i u1 = add_mod(v[1], v[4], m);
    const __m256i u2 = add_mod(v[2], v[3], m);
    const __m256i d1 = sub_mod(v[1], v[4], m);
    const __m256i d2 = sub_mod(v[2], v[3], m);
    const __m256i s = add_mod(u1, u2, m);
    const __m256i a = sub_mod(v0, half_mod(half_mod(s, m), m), m);
    const __m256i m2 = mont_mul(_mm256_add_epi32(_mm256_sub_epi32(u1, u2), m.p), c.c[0], m);
    const __m256i m3 = mont_mul(_mm256_add_epi32(d1, d2), c.c[1], m);
    const __m256i m4 = mont_mul(d1, c.c[2], m);
    const __m256i m5 = mont_mul(d2, c.c[3], m);
    const __m256i a1 = add_mod(a, m2, m);
    const __m256i a2 = sub_mod(a, m2, m);
    const __m256i b1 = add_mod(m3, m4, m);
    const __m256i b2 = sub_mod(m3, m5, m);
    v[0] = add_mod(v0, s, m);
    v[1] = add_mod(a1, b1, m);
    v[4] = sub_mod(a1, b1, m);
    v[2] = add_mod(a2, b2, m);
    v[3] = sub_mod(a2, b2, m);
  }
}

/// ntt::radix_fixed_item on each column of a tile: the radix-R step of sub-transforms of R 2^a rows (forward: the
/// R-point transform of rows n0 + j 2^a, then output s times w_M^(n0 s); the inverse: inputs s times tw[n0 s], then the
/// transform), `tw` the direction's flat table w_M^e, `c` its constants.
template <u32 R, bool Inverse>
__attribute__((target("avx2"))) inline void radix_fixed_tile(u32* x, u32 a, const u32* tw, const RadixConstants8& c,
                                                             Mod8 m) noexcept {
  const std::size_t quarter = std::size_t{tile_columns} << a;  // words between rows n0 and n0 + 2^a
  for (u32 n0 = 0; n0 < (u32{1} << a); ++n0) {
    __m256i t[R];
    for (u32 s = 1; s < R; ++s) t[s] = _mm256_set1_epi32(static_cast<int>(tw[n0 * s]));
    for (u32 half = 0; half < tile_columns; half += 8) {
      u32* const row = x + std::size_t{tile_columns} * n0 + half;
      __m256i v[R];
      for (u32 j = 0; j < R; ++j) v[j] = load(row + j * quarter);
      if constexpr (Inverse) {
        for (u32 s = 1; s < R; ++s) v[s] = mont_mul(v[s], t[s], m);
      }
      dft_small<R>(v, c, m);
      if constexpr (!Inverse) {
        for (u32 s = 1; s < R; ++s) v[s] = mont_mul(v[s], t[s], m);
      }
      for (u32 j = 0; j < R; ++j) store(row + j * quarter, v[j]);
    }
  }
}

template <bool Inverse>
__attribute__((target("avx2"))) inline void radix_r_tile(u32* x, u32 r, u32 a, const u32* tw,
                                                         const huge::ntt::RadixConstants& c, Mod8 m) noexcept {
  const RadixConstants8 c8 = broadcast(c);
  if (r == 3) {
    radix_fixed_tile<3, Inverse>(x, a, tw, c8, m);
  } else if (r == 5) {
    radix_fixed_tile<5, Inverse>(x, a, tw, c8, m);
  }
}

/// Level h (half-size) of the radix-2 levels on each column of a tile of `rows` rows: the pairs of rows (j, j + h) of
/// each 2h rows, twiddle tw[j] (the level's row of a level-by-level table), sixteen columns a pair.
template <bool Inverse>
__attribute__((target("avx2"))) inline void level_tile(u32* x, std::size_t rows, u32 h, const u32* tw,
                                                       Mod8 m) noexcept {
  const std::size_t distance = std::size_t{tile_columns} * h;
  for (std::size_t b = 0; b < rows; b += 2 * std::size_t{h}) {
    for (u32 j = 0; j < h; ++j) {
      const __m256i w = _mm256_set1_epi32(static_cast<int>(tw[j]));
      u32* const row = x + std::size_t{tile_columns} * (b + j);
      __m256i u0 = load(row), u1 = load(row + 8);
      __m256i v0 = load(row + distance), v1 = load(row + distance + 8);
      if (j == 0) {  // w_2h^0 = 1, as in level_narrow
        unit_butterfly(u0, v0, m);
        unit_butterfly(u1, v1, m);
      } else {
        butterfly<Inverse>(u0, v0, w, m);
        butterfly<Inverse>(u1, v1, w, m);
      }
      store(row, u0);
      store(row + 8, u1);
      store(row + distance, v0);
      store(row + distance + 8, v1);
    }
  }
}

/// The forward sub-transforms of r 2^a rows (the scalar schedule ntt::forward_step: the radix-r step, then the
/// radix-2 levels of half-size 2^(a-1) down to 1) on the 16 columns of a tile. `tw` is the direction's flat table
/// (w_M^e), `level_tw` the same twiddles level by level, `c` the radix-r constants (unused where r = 1).
__attribute__((target("avx2"))) inline void columns_forward(u32* x, u32 r, u32 a, const u32* tw,
                                                            const u32* level_tw, const huge::ntt::RadixConstants& c,
                                                            Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  radix_r_tile<false>(x, r, a, tw, c, m8);
  const std::size_t rows = std::size_t{r} << a;
  for (u32 h = u32{1} << a >> 1; h >= 1; h /= 2) level_tile<false>(x, rows, h, level_tw + h - 1, m8);
}

/// Their inverse (times r 2^a): the levels from half-size 1 up, then the radix-r step, with the inverse's tables.
__attribute__((target("avx2"))) inline void columns_inverse(u32* x, u32 r, u32 a, const u32* tw,
                                                            const u32* level_tw, const huge::ntt::RadixConstants& c,
                                                            Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  const std::size_t rows = std::size_t{r} << a;
  for (u32 h = 1; h < (u32{1} << a); h *= 2) level_tile<true>(x, rows, h, level_tw + h - 1, m8);
  radix_r_tile<true>(x, r, a, tw, c, m8);
}

/// A tile's row from `count` words of limbs (fewer than 16 at an operand's end: zeros after), each reduced modulo p
/// (ntt::reduce).
__attribute__((target("avx2"))) inline void reduce_row(u32* out, const u32* limbs, std::size_t count,
                                                       Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  const __m256i r1 = _mm256_set1_epi32(static_cast<int>(m.r1));
  if (count >= tile_columns) {
    store(out, mont_mul(load(limbs), r1, m8));
    store(out + 8, mont_mul(load(limbs + 8), r1, m8));
    return;
  }
  if (count == 0) {  // past the operand: half of a product's rows
    store(out, _mm256_setzero_si256());
    store(out + 8, _mm256_setzero_si256());
    return;
  }
  for (std::size_t c = 0; c < tile_columns; ++c) out[c] = c < count ? huge::ntt::reduce(limbs[c], m) : 0;
}

/// out[c] = in[c] times base powers[c] (Montgomery products; base and powers in Montgomery form) for c < 16: a row
/// of a tile times its four-step twiddles w^(k (j0 + c)) = w^(k j0) w^(k c).
__attribute__((target("avx2"))) inline void twiddle_row(u32* out, const u32* in, u32 base, const u32* powers,
                                                        Mod m) noexcept {
  const Mod8 m8 = broadcast(m);
  const __m256i b = _mm256_set1_epi32(static_cast<int>(base));
  store(out, mont_mul(load(in), mont_mul(b, load(powers), m8), m8));
  store(out + 8, mont_mul(load(in + 8), mont_mul(b, load(powers + 8), m8), m8));
}

/// A tile's row copied (16 words).
__attribute__((target("avx2"))) inline void copy_row(u32* out, const u32* in) noexcept {
  store(out, load(in));
  store(out + 8, load(in + 8));
}

/// x in every lane.
__attribute__((target("avx2"))) inline __m256i set(u32 x) noexcept { return _mm256_set1_epi32(static_cast<int>(x)); }

/// ntt::crt_combine for eight coefficients: the three words of coefficient k (k < 8) from r0[k], r1[k], r2[k] into
/// out[k][0], out[k][1], out[k][2].
__attribute__((target("avx2"))) inline void crt_combine(const u32* r0, const u32* r1, const u32* r2,
                                                        const huge::ntt::Crt& c, u32 (&out)[8][3]) noexcept {
  const Mod8 m0 = broadcast(c.m[0]), m1 = broadcast(c.m[1]), m2 = broadcast(c.m[2]);
  const __m256i v1 = mont_mul(load(r0), set(c.scale[0]), m0);
  const __m256i v2 = mont_mul(load(r1), set(c.scale[1]), m1);
  const __m256i v3 = mont_mul(load(r2), set(c.scale[2]), m2);
  const __m256i t2 = mont_mul(sub_mod(v2, mont_mul(v1, set(c.m[1].r1), m1), m1), set(c.inv_1_2), m1);
  __m256i t3 = mont_mul(sub_mod(v3, mont_mul(v1, set(c.m[2].r1), m2), m2), set(c.inv_1_3), m2);
  t3 = mont_mul(sub_mod(t3, mont_mul(t2, set(c.m[2].r1), m2), m2), set(c.inv_2_3), m2);
  // high = t2 + p2 t3 < 2^60, lo = (high mod 2^32) p1 + v1, hi = (high >> 32) p1 + (lo >> 32): the even lanes in
  // the 64-bit halves as they are, the odd ones shifted down.
  const __m256i low32 = _mm256_set1_epi64x(0xffffffff);
  const __m256i p1 = set(c.m[0].p), p2 = set(c.m[1].p);
  alignas(32) std::uint64_t lo[2][4], hi[2][4];
  for (int odd = 0; odd < 2; ++odd) {
    const __m256i t2h = odd != 0 ? _mm256_srli_epi64(t2, 32) : _mm256_and_si256(t2, low32);
    const __m256i t3h = odd != 0 ? _mm256_srli_epi64(t3, 32) : t3;
    const __m256i v1h = odd != 0 ? _mm256_srli_epi64(v1, 32) : _mm256_and_si256(v1, low32);
    const __m256i high = _mm256_add_epi64(_mm256_mul_epu32(t3h, p2), t2h);
    const __m256i l = _mm256_add_epi64(_mm256_mul_epu32(high, p1), v1h);
    const __m256i h = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(high, 32), p1), _mm256_srli_epi64(l, 32));
    _mm256_store_si256(reinterpret_cast<__m256i*>(lo[odd]), l);
    _mm256_store_si256(reinterpret_cast<__m256i*>(hi[odd]), h);
  }
  for (int k = 0; k < 8; ++k) {
    const std::uint64_t l = lo[k & 1][k >> 1], h = hi[k & 1][k >> 1];
    out[k][0] = static_cast<u32>(l);
    out[k][1] = static_cast<u32>(h);
    out[k][2] = static_cast<u32>(h >> 32);
  }
}

}  // namespace warpnum::detail::ntt_avx2
#endif

// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/gf2n_register_cache_mul.hpp: bit-sliced multiplication in GF(2^N), N <= 64, by a whole warp per
// chunk of 32 elements with the operands in registers exchanged by shuffles: the "register cache" of Ben-Sasson,
// Hamilis, Silberstein, Tromer (ICS '16), Sec. 7 and Listing 3, in our own code, and the reduction of their Alg. 1
// (as rounds of row shifts, so that any P works). Device code only.
//
// Layout: with W = ceil(N / 32), lane l holds rows l, l + 32, ..., l + 32 (W - 1) of an operand (rows N and up are
// zero) in a[0 .. W - 1]; the product's rows l + 32 q for q < 2W; the result in the operand layout.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>

#include <cstdint>
#include <utility>

namespace warpnum::warp {

/// Word p of rot where `wrapped` is clear and word p - 1 where it is set (a missing word is zero): one LOP3.
template <int K>
__device__ WARPNUM_FORCEINLINE std::uint32_t pick(const std::uint32_t (&rot)[K], int p, std::uint32_t wrapped) noexcept {
  const bool has0 = p >= 0 && p < K;
  const bool has1 = p - 1 >= 0 && p - 1 < K;
  const std::uint32_t x0 = has0 ? rot[has0 ? p : 0] & ~wrapped : 0u;
  const std::uint32_t x1 = has1 ? rot[has1 ? p - 1 : 0] & wrapped : 0u;
  return x0 | x1;
}

/// dst[k] of lane l = row l + 32 k - S of src (zero outside src's 32 Kin rows), S a compile-time shift up (or down,
/// when negative). One shuffle per source word unless S is a multiple of 32.
template <int S, int Kout, int Kin>
__device__ WARPNUM_FORCEINLINE void shift_rows(const std::uint32_t (&src)[Kin], std::uint32_t (&dst)[Kout], unsigned lane) noexcept {
  constexpr int t = ((S % 32) + 32) % 32;
  constexpr int q = (S - t) / 32;
  // row l + 32 k - S = 32 (k - q) + (l - t): word k - q of lane l - t when l >= t, else word k - q - 1 of lane l - t + 32
  const int delta = static_cast<int>(lane) - t;
  const std::uint32_t wrapped = static_cast<std::uint32_t>(delta >> 31);  // all ones where l < t
  std::uint32_t rot[Kin];
  WARPNUM_UNROLL
  for (int p = 0; p < Kin; ++p) rot[p] = t == 0 ? src[p] : __shfl_sync(0xffffffffu, src[p], delta & 31);
  WARPNUM_UNROLL
  for (int k = 0; k < Kout; ++k) dst[k] = pick(rot, k - q, wrapped);
}

/// h ^= rows shifted up by E (shift_rows).
template <int E, int K>
__device__ WARPNUM_FORCEINLINE void fold_shifted(const std::uint32_t (&high)[K], std::uint32_t (&h)[K], unsigned lane) noexcept {
  std::uint32_t moved[K];
  shift_rows<E>(high, moved, lane);
  WARPNUM_UNROLL
  for (int q = 0; q < K; ++q) h[q] ^= moved[q];
}

/// r = a * b in GF(2^N) modulo P (N = P.degree() <= 64) for the warp's chunk, every lane calling with its rows
/// (layout above). Step i broadcasts row i of a (one shuffle) and rotates b by i (W shuffles); each lane adds
/// a_i & b_(k - i) into its 2W product rows k. Then rounds of the reduction, each shifting the rows from N up.
template <Poly P>
__device__ WARPNUM_FORCEINLINE void register_cache_mul(const std::uint32_t (&a)[(P.degree() + 31) / 32],
                                                       const std::uint32_t (&b)[(P.degree() + 31) / 32],
                                                       std::uint32_t (&r)[(P.degree() + 31) / 32], unsigned lane) noexcept {
  constexpr int n = P.degree();
  constexpr int w = (n + 31) / 32;
  static_assert(n >= 2 && n <= 64, "warpnum: the register-cache multiply holds at most 64 rows in a warp");
  std::uint32_t h[2 * w];
  WARPNUM_UNROLL
  for (int q = 0; q < 2 * w; ++q) h[q] = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < n; ++i) {
    const int s = i / 32;
    const int t = i % 32;
    const std::uint32_t ai = __shfl_sync(0xffffffffu, a[s], t);
    const int delta = static_cast<int>(lane) - t;
    const std::uint32_t wrapped = static_cast<std::uint32_t>(delta >> 31);  // all ones where l < t
    std::uint32_t rot[w];
    WARPNUM_UNROLL
    for (int p = 0; p < w; ++p) rot[p] = t == 0 ? b[p] : __shfl_sync(0xffffffffu, b[p], delta & 31);
    // product row l + 32 q takes b row l + 32 q - i: word q - s of lane l - t, or q - s - 1 when the lane wrapped
    WARPNUM_UNROLL
    for (int q = s; q <= s + w && q < 2 * w; ++q) h[q] ^= ai & pick(rot, q - s, wrapped);
  }
  // Alg. 1, l. 2-3 as rounds: high = rows N and up (shifted down by N), low ^= sum over e of high * x^e
  constexpr int terms = P.num_terms();
  constexpr int rounds = gf2n_reduction_rounds(n, P.exp(1));
  WARPNUM_UNROLL
  for (int round = 0; round < rounds; ++round) {
    std::uint32_t high[2 * w];
    shift_rows<-n>(h, high, lane);
    WARPNUM_UNROLL
    for (int q = 0; q < 2 * w; ++q) {
      if (32 * q >= n) h[q] = 0;
      else if (32 * q + 31 >= n && lane + 32u * q >= static_cast<unsigned>(n)) h[q] = 0;
    }
    [&]<int... K>(std::integer_sequence<int, K...>) {
      (fold_shifted<P.exp(K + 1)>(high, h, lane), ...);
    }(std::make_integer_sequence<int, terms - 1>{});
  }
  WARPNUM_UNROLL
  for (int q = 0; q < w; ++q) r[q] = h[q];
}

}  // namespace warpnum::warp

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/straus_pow.hpp: multi-exponentiation prod g[i]^e[i] in a context's representation by
// Straus's simultaneous exponentiation.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/window_pow.hpp>

#include <cstddef>

namespace warpnum::detail {

/// prod g[i]^e[i] for i < count (count <= 32) in a context's representation: Straus's simultaneous
/// exponentiation with fixed windows (Zhao and Chu, Sec. 3.6): one squaring chain for all bases, the tables of
/// g[i]^d for d < 2^w side by side (at most 64 entries: w = 4 for up to 4 bases, 3 for 8, 2 for 16, 1 for 32).
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type straus_pow(const Ctx& ctx, const typename Ctx::value_type* g,
                                                         const BigUInt<EBits>* e, int count) noexcept {
  using T = typename Ctx::value_type;
  const int w = count <= 4 ? 4 : count <= 8 ? 3 : count <= 16 ? 2 : 1;
  const int per = (1 << w) - 1;  // g^1 .. g^(2^w - 1)
  T table[64];
  int nbits = 0;
  for (int i = 0; i < count; ++i) {
    table[i * per] = g[i];
    if (per > 1) {
      WARPNUM_NO_UNROLL
      for (int d = 2; d <= per; ++d) table[i * per + d - 1] = ctx.mul(table[i * per + d - 2], g[i]);
    }
    const int b = bit_width(e[i]);
    nbits = b > nbits ? b : nbits;
  }
  T acc = ctx.one();
  bool started = false;
  WARPNUM_NO_UNROLL
  for (int pos = ((nbits + w - 1) / w - 1) * w; pos >= 0; pos -= w) {
    if (started) {
      WARPNUM_NO_UNROLL
      for (int k = 0; k < w; ++k) acc = ctx.sqr(acc);
    }
    WARPNUM_NO_UNROLL
    for (int i = 0; i < count; ++i) {
      const int d = exponent_digit(e[i], pos, w);
      if (d == 0) continue;
      acc = started ? ctx.mul(acc, table[i * per + d - 1]) : table[i * per + d - 1];
      started = true;
    }
  }
  return acc;
}

/// prod g[i]^e[i] in a context's representation, 32 bases at a time through straus_pow; to_form takes a base
/// into that representation.
///
/// The chunk loop counts the bases left, never min(count - first, chunk): where this function is out of line and
/// called with a constant count, ptxas 13.0 and 13.5 (sm_90, sm_100) fuse that subtraction and minimum into one
/// VIADDMNMX that computes min(first - count, chunk), so that only the first base was used (nvcc fault F5,
/// docs/compiler-faults.md; tests/compiler/f5_chunk_min.cu).
template <class Ctx, class ToForm, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type multi_pow(const Ctx& ctx, const ToForm& to_form, const typename Ctx::value_type* g,
                                                        const BigUInt<EBits>* e, int count) noexcept {
  using T = typename Ctx::value_type;
  constexpr int chunk = 32;
  T acc = ctx.one();
  for (int first = 0, left = count; left > 0; first += chunk, left -= chunk) {
    const int k = left < chunk ? left : chunk;
    T bases[chunk];
    for (int i = 0; i < k; ++i) bases[i] = to_form(g[first + i]);
    acc = ctx.mul(acc, straus_pow(ctx, bases, e + first, k));
  }
  return acc;
}

}  // namespace warpnum::detail

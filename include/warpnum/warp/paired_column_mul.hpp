// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/paired_column_mul.hpp: the low half of a product by a lane group, lane t summing the block
// products of output block t (product scanning by blocks), with lanes paired so that every lane does the same
// number of them. Device code only.
//
// Why: sum-rotate (sum_rotate_mul.hpp) computes all G^2 block products A_p B_q, though the low half needs only
// those with p + q <= G - 1, about half; in it lane r's products stop being useful after G - r steps, and lanes of
// one warp cannot skip work independently. Here lane t owns the t + 1 products of block t; lane t < G/2 and its
// partner G - 1 - t own G + 1 between them, and lane t takes over the partner's products with p >= G/2, so each
// lane does at most G/2 + 1. Time: G/2 + 1 block products a lane instead of G.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/warp/carry_resolve.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {

/// How a lane forms each K x K block product: schoolbook rows (K^2 fused multiply-adds), or one Karatsuba step
/// over rows (3 K^2 / 4 and about 8 K additions; even K).
enum class BlockProduct { rows, karatsuba };

/// a * b modulo 2^Bits by the G lanes of `tile` (G >= 2). Every lane of the tile calls it; on entry lane t holds
/// slice t of a and of b, on exit slice t of the product.
///
/// Steps s = 0 .. G/2: lane t computes one full K x K block product A_p B_q (A_p fetched from lane p, B_q from
/// lane q, one shuffle a limb each) and adds it to the sum it is building: `own` (products with p + q = t) or,
/// for a lane t < G/2 past its own t + 1 products, `lent` (its partner's products with p >= G/2). Then each lane
/// adds its partner's `lent` to its `own`. Lane t's sum now covers blocks t and t + 1 and a carry word: block t
/// of the product is its low K limbs, plus lane t - 1's middle K limbs, plus lane t - 2's carry word; the carries
/// out of that (at most 2) go one lane up, and the single-bit carries left ripple through in one step, by
/// carry look-ahead on the tile's ballot. P: how each block product is formed.
template <BlockProduct P = BlockProduct::rows, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> paired_column_mul(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                            const Slice<Bits, G>& a, const Slice<Bits, G>& b) {
  static_assert(G >= 2, "warpnum: paired_column_mul needs two lanes or more (one lane: operator*)");
  constexpr int K = Slice<Bits, G>::limbs;
  static_assert(2 * K <= warpnum::detail::ptx::max_mad_row, "warpnum: at most 32 limbs a lane");
  constexpr unsigned half = G / 2;
  const unsigned t = tile.thread_rank();
  const bool low = t < half;
  const unsigned partner = G - 1 - t;

  std::uint32_t own[2 * K + 1];
  std::uint32_t lent[2 * K + 1];
  WARPNUM_UNROLL
  for (int k = 0; k <= 2 * K; ++k) {
    own[k] = 0;
    lent[k] = 0;
  }
#pragma unroll 1
  for (unsigned s = 0; s <= half; ++s) {
    // Which product: lane t's own (p = s) while it has any left, then (lanes t < G/2) the partner's p >= G/2.
    // A lane t >= G/2 is idle at the last step: it shuffles with the others and drops its product.
    const bool is_own = low ? s <= t : true;
    const bool active = low || s < half;
    const unsigned p = is_own ? s : half + (s - t - 1);
    const unsigned q = (is_own ? t : partner) - p;
    std::uint32_t ap[K];
    std::uint32_t bq[K];
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      ap[k] = tile.shfl(a.limb[k], p & (G - 1));
      bq[k] = tile.shfl(b.limb[k], q & (G - 1));
    }
    std::uint32_t prod[2 * K];
    if constexpr (P == BlockProduct::karatsuba) {
      warpnum::detail::mul_full_karatsuba<K>(prod, ap, bq);
    } else {
      warpnum::detail::mul_full_rows<K>(prod, ap, bq);
    }
    // Into one of the two sums. Lanes differ here, so the warp runs both additions, each over some of its lanes:
    // fewer instructions than masking the product into both.
    if (active) {
      if (is_own) {
        own[2 * K] += warpnum::detail::ptx::AddChain<2 * K>::add(own, prod);
      } else {
        lent[2 * K] += warpnum::detail::ptx::AddChain<2 * K>::add(lent, prod);
      }
    }
  }
  // The partner's lent sum belongs to this lane's block (only lanes t >= G/2 receive a non-zero one).
  std::uint32_t from_partner[2 * K];
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * K; ++k) from_partner[k] = tile.shfl(lent[k], partner);
  own[2 * K] += tile.shfl(lent[2 * K], partner) + warpnum::detail::ptx::AddChain<2 * K>::add(own, from_partner);

  // Block t = own[0, K) + (lane t - 1's own[K, 2K)) + (lane t - 2's own[2K]).
  Slice<Bits, G> r;
  std::uint32_t middle[K];
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) {
    r.limb[k] = own[k];
    const std::uint32_t m = tile.shfl_up(own[K + k], 1);
    middle[k] = t >= 1 ? m : 0u;
  }
  const std::uint32_t top = tile.shfl_up(own[2 * K], 2);
  std::uint32_t carry = warpnum::detail::ptx::AddChain<K>::add(r.limb, middle);
  std::uint32_t word[K];
  word[0] = t >= 2 ? top : 0u;
  WARPNUM_UNROLL
  for (int k = 1; k < K; ++k) word[k] = 0;
  carry += warpnum::detail::ptx::AddChain<K>::add(r.limb, word);
  // Carries of up to 2 into the block above; what they carry out is 0 or 1.
  const std::uint32_t below = tile.shfl_up(carry, 1);
  word[0] = t >= 1 ? below : 0u;
  // The carries between lanes by look-ahead (carry_resolve.hpp); the product's carry out of the top is dropped.
  resolve_carries(tile, r, warpnum::detail::ptx::AddChain<K>::add(r.limb, word));
  return r;
}

}  // namespace warpnum::warp

// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/carry_resolve.hpp: addition and subtraction of numbers held by a lane group (see Slice), the
// carries between lanes resolved in one step by carry look-ahead on the tile's ballots. Device code only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {

/// The carries between the lanes of a group, from what each lane's own addition did: bit t of `generate` for a
/// lane t that carried out, bit t of `propagate` for one whose block is all ones (so that a carry into it passes
/// on; for a subtraction: a borrow out, and a block of zeros). No lane does both. Bit t of the result is the
/// carry into lane t, bit G the carry out of the top lane (G <= 32): they are the carries of the integer sum
/// (g | p) + g, in which a lane that generates adds 1 + 1 and one that propagates adds 1 + 0.
__device__ __forceinline__ std::uint64_t carry_lookahead(std::uint64_t generate, std::uint64_t propagate) {
  const std::uint64_t x = generate | propagate;
  return (x + generate) ^ x ^ generate;
}

/// The second half of an addition over the group's lanes: each lane has added its own blocks into r and carried
/// `out` (0 or 1) out of its block; this adds every lane's carry in. Returns the carry out of the whole number,
/// 0 or 1, the same on every lane.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ std::uint32_t resolve_carries(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                         Slice<Bits, G>& r, std::uint32_t out) {
  constexpr int K = Slice<Bits, G>::limbs;
  std::uint32_t ones = ~0u;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) ones &= r.limb[k];
  const std::uint64_t c = carry_lookahead(tile.ballot(out != 0), tile.ballot(ones == ~0u));
  std::uint32_t in[K];
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) in[k] = k == 0 ? static_cast<std::uint32_t>((c >> tile.thread_rank()) & 1u) : 0u;
  warpnum::detail::ptx::AddChain<K>::add(r.limb, in);
  return static_cast<std::uint32_t>((c >> G) & 1u);
}

/// r += a over the group's lanes (every lane calls it with its slices); returns the carry out of the whole
/// number, 0 or 1, the same on every lane.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ std::uint32_t add_with_carry(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                        Slice<Bits, G>& r, const Slice<Bits, G>& a) {
  constexpr int K = Slice<Bits, G>::limbs;
  return resolve_carries(tile, r, warpnum::detail::ptx::AddChain<K>::add(r.limb, a.limb));
}

/// r -= a over the group's lanes; returns the borrow out of the whole number (1 when r was below a), the same
/// on every lane.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ std::uint32_t sub_with_borrow(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                         Slice<Bits, G>& r, const Slice<Bits, G>& a) {
  constexpr int K = Slice<Bits, G>::limbs;
  const std::uint32_t out = warpnum::detail::ptx::SubChain<K>::sub(r.limb, a.limb);
  std::uint32_t any = 0;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) any |= r.limb[k];
  const std::uint64_t b = carry_lookahead(tile.ballot(out != 0), tile.ballot(any == 0));
  std::uint32_t in[K];
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) in[k] = k == 0 ? static_cast<std::uint32_t>((b >> tile.thread_rank()) & 1u) : 0u;
  warpnum::detail::ptx::SubChain<K>::sub(r.limb, in);
  return static_cast<std::uint32_t>((b >> G) & 1u);
}

}  // namespace warpnum::warp

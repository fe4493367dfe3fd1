// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/montgomery.hpp: Montgomery arithmetic modulo an odd m by a lane group, for numbers too wide for
// one thread's registers (a 2048-bit product needs more than the 255 a thread has). Device code only.
//
//   namespace cg = cooperative_groups;
//   auto tile = cg::tiled_partition<2>(cg::this_thread_block());            // 2 lanes own each 2048-bit number
//   const warpnum::warp::Montgomery<2048, 2> ctx(tile, warpnum::warp::load(tile, m[i]));
//   const auto r = ctx.powm(tile, warpnum::warp::load(tile, a[i]), e[i]);   // check ctx.status() (odd m only)
//   warpnum::warp::store(tile, out[i], r);
//
// The same operations as warpnum::Montgomery (modular/montgomery.hpp), whose per-thread form it follows; every lane of the
// tile calls each one with its slices (slice.hpp) and gets its slice of the result.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/carry_resolve.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {
namespace detail {

/// r, or r - m when r >= m or `over` (r's bit Bits) is set: the final step of each modular operation, for
/// r + over 2^Bits < 2 m. ConstantTime (warp::ct::Montgomery): the choice by a mask made without a comparison.
template <bool ConstantTime = false, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> subtract_once(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                        const Slice<Bits, G>& r, std::uint32_t over, const Slice<Bits, G>& m) {
  Slice<Bits, G> d = r;
  const std::uint32_t borrow = sub_with_borrow(tile, d, m);
  if constexpr (ConstantTime) {
    namespace dct = warpnum::detail::ct;
    const std::uint32_t take = dct::mask_nonzero(over) | dct::mask_equal(borrow, 0u);
    WARPNUM_UNROLL
    for (int k = 0; k < Slice<Bits, G>::limbs; ++k) d.limb[k] = dct::select_word(take, d.limb[k], r.limb[k]);
    return d;
  } else {
    return over != 0 || borrow == 0 ? d : r;  // the same choice on every lane of the tile
  }
}

/// (a + b) mod m for a, b < m: the sum's carry out and subtract_once.
template <bool ConstantTime = false, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> add_mod(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                  const Slice<Bits, G>& a, const Slice<Bits, G>& b,
                                                  const Slice<Bits, G>& m) {
  Slice<Bits, G> r = a;
  const std::uint32_t over = add_with_carry(tile, r, b);
  return subtract_once<ConstantTime>(tile, r, over, m);
}

/// (a - b) mod m for a, b < m: m added back where the difference borrowed (ConstantTime: m under a mask of the
/// borrow, made without a comparison).
template <bool ConstantTime = false, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> sub_mod(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                  const Slice<Bits, G>& a, const Slice<Bits, G>& b,
                                                  const Slice<Bits, G>& m) {
  Slice<Bits, G> r = a;
  const std::uint32_t borrow = sub_with_borrow(tile, r, b);
  Slice<Bits, G> back;
  if constexpr (ConstantTime) {
    const std::uint32_t mask = warpnum::detail::ct::mask_from_bit(borrow);
    WARPNUM_UNROLL
    for (int k = 0; k < Slice<Bits, G>::limbs; ++k) back.limb[k] = m.limb[k] & mask;
  } else {
    WARPNUM_UNROLL
    for (int k = 0; k < Slice<Bits, G>::limbs; ++k) back.limb[k] = borrow != 0 ? m.limb[k] : 0u;
  }
  add_with_carry(tile, r, back);
  return r;
}

/// This lane's slice of 1.
template <std::size_t Bits, unsigned G, class Parent>
__device__ __forceinline__ Slice<Bits, G> unit_slice(const cooperative_groups::thread_block_tile<G, Parent>& tile) {
  Slice<Bits, G> unit;
  WARPNUM_UNROLL
  for (int k = 0; k < Slice<Bits, G>::limbs; ++k) unit.limb[k] = k == 0 && tile.thread_rank() == 0 ? 1u : 0u;
  return unit;
}

/// A lane's part of the running sum of a Montgomery product (mont_mul): position p is limb r K + p of the sum,
/// counted from the lowest limb the finished blocks have not cleared, for lane r. The split form of
/// detail/bigint/mul_rows.hpp: `ev` holds the 64-bit pairs that start at even positions, `od` those that start
/// at odd ones, so that each pair keeps its register partner and ptxas turns every product and its addition into
/// one IMAD.WIDE.U32.X; both span every position, and the sum is ev + od. A block of K steps adds rows at
/// positions s to s + K and carries into the word above: 2 K + 1 positions.
template <int K> struct LaneWindow {
  std::uint32_t ev[2 * K + 1];
  std::uint32_t od[2 * K + 1];
};

/// w += v x at position S, for the lane's K limbs of v: v[0] x, v[2] x, ... start at positions of S's parity,
/// v[1] x, v[3] x, ... at the other, each chain carrying into the word above it. That word never overflows: it
/// takes only the carries of the steps before a later step's chain covers it (scripts/check_row_carries.py
/// models the chains, worst cases included).
template <int K, int S>
__device__ __forceinline__ void lane_row(LaneWindow<K>& w, const std::uint32_t* v, std::uint32_t x) {
  std::uint32_t* first = S % 2 == 0 ? w.ev : w.od;
  std::uint32_t* second = S % 2 == 0 ? w.od : w.ev;
  warpnum::detail::ptx::WideRow<(K + 1) / 2>::add_carry(first + S, v, x);
  if constexpr (K / 2 > 0) warpnum::detail::ptx::WideRow<K / 2>::add_carry(second + S + 1, v + 1, x);
}

/// The Montgomery product a b R^-1 mod m (R = 2^Bits, m odd, minv = -m^-1 mod 2^32) by the G lanes of `tile`,
/// for a b < R m (e.g. a < R and b < m).
///
/// CIOS (Koc, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", 1996) by blocks:
/// lane r keeps the sum's limbs [r K, r K + 2 K] in its window (LaneWindow), overlapping lane r + 1's, so that no
/// carry crosses lanes inside a block. Block i takes the K words of a that lane i holds; step s of it adds
/// a_(i K + s) b at position s (each lane its K limbs of b), then q m, q = t_s minv with t_s the sum's word at
/// lane 0's position s (its two halves and the carry c out of the positions below, which lane 0 keeps), so that
/// the word becomes 0. After K steps lane 0's positions [0, K) are zero (with a carry out, at most 1), and the
/// window moves up K limbs: each lane adds positions [0, K) of lane r + 1 (summed, K shuffles) to its own
/// positions [K, 2 K], which become [0, K]. Per step a lane does 2 K fused multiply-adds and 2 shuffles, and a
/// block adds 2 K words and shuffles K. At the end position K of each lane joins the lane above by carry
/// look-ahead, and t < 2m needs one subtraction. The steps are the same for all values (the shuffles' sources and
/// every loop's count are public); ConstantTime makes the final subtraction's choice a mask (subtract_once).
template <bool ConstantTime = false, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> mont_mul(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                   const Slice<Bits, G>& a, const Slice<Bits, G>& b, const Slice<Bits, G>& m,
                                                   std::uint32_t minv) {
  constexpr int K = Slice<Bits, G>::limbs;
  constexpr int W = 2 * K + 1;
  using warpnum::detail::ptx::AddChain;
  const unsigned rank = tile.thread_rank();
  const unsigned up = (rank + 1) & (G - 1);
  LaneWindow<K> w;
  WARPNUM_UNROLL
  for (int p = 0; p < W; ++p) {
    w.ev[p] = 0;
    w.od[p] = 0;
  }
#pragma unroll 1
  for (unsigned src = 0; src < G; ++src) {
    std::uint32_t c = 0;  // lane 0: the carry into position s out of the positions below it (at most 2)
    warpnum::detail::for_each_row<K>([&](auto step) {
      constexpr int s = decltype(step)::value;
      lane_row<K, s>(w, b.limb, tile.shfl(a.limb[s], src));
      const std::uint32_t q = tile.shfl(w.ev[s] + w.od[s] + c, 0) * minv;
      lane_row<K, s>(w, m.limb, q);
      c = static_cast<std::uint32_t>((std::uint64_t{w.ev[s]} + w.od[s] + c) >> 32);
    });
    // Positions [0, K) go to the lane below (lane 0's are zero, their carry out is its own position K); this
    // lane's [K, 2 K] become [0, K] (an odd K changes every position's parity: the halves trade places).
    std::uint32_t low[K];
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) low[k] = w.ev[k];
    const std::uint32_t carry = AddChain<K>::add(low, w.od);
    std::uint32_t in[K + 1];
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) in[k] = tile.shfl(low[k], up);
    in[K] = 0;
    LaneWindow<K> next;
    WARPNUM_UNROLL
    for (int p = 0; p < W; ++p) {
      next.ev[p] = p > K ? 0u : K % 2 == 0 ? w.ev[K + p] : w.od[K + p];
      next.od[p] = p > K ? 0u : K % 2 == 0 ? w.od[K + p] : w.ev[K + p];
    }
    AddChain<K + 1>::add(next.ev, in, carry);  // position K + 1 is zero: no carry out
    w = next;
  }
  // Lane r's position K belongs at word 0 of lane r + 1; lane G - 1's is bit Bits and up of the result (below 2m).
  Slice<Bits, G> r;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) r.limb[k] = w.ev[k];
  const std::uint32_t hi = w.ev[K] + w.od[K] + AddChain<K>::add(r.limb, w.od);
  const std::uint32_t below = tile.shfl_up(hi, 1);
  const std::uint32_t top = tile.shfl(hi, G - 1);
  Slice<Bits, G> in;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) in.limb[k] = k == 0 && rank != 0 ? below : 0u;
  const std::uint32_t over = top + add_with_carry(tile, r, in);
  return subtract_once<ConstantTime>(tile, r, over, m);
}

/// 2 x mod m for x < m: each lane shifts its block left one bit, taking the bit the lane below shifts out.
template <bool ConstantTime = false, unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> double_mod(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                     Slice<Bits, G> x, const Slice<Bits, G>& m) {
  constexpr int K = Slice<Bits, G>::limbs;
  const std::uint32_t out = x.limb[K - 1] >> 31;
  const std::uint32_t from_below = tile.shfl_up(out, 1);
  const std::uint32_t over = tile.shfl(out, G - 1);
  WARPNUM_UNROLL
  for (int k = K - 1; k > 0; --k) x.limb[k] = (x.limb[k] << 1) | (x.limb[k - 1] >> 31);
  x.limb[0] = (x.limb[0] << 1) | (tile.thread_rank() != 0 ? from_below : 0u);
  return subtract_once<ConstantTime>(tile, x, over, m);
}

}  // namespace detail

/// Montgomery arithmetic modulo an odd m (R = 2^Bits) by G lanes, each holding a Slice<Bits, G>: the lane-group
/// form of warpnum::Montgomery<Bits>. Build it in device code from the tile and the modulus' slices; it is
/// trivially copyable (a lane's slices of m, R mod m and R^2 mod m, and -m^-1 mod 2^32).
///
/// mul, sqr, add, sub and pow take and return Montgomery forms below m; to_montgomery takes any value. An even
/// or zero modulus is an error, as for warpnum::Montgomery in device code: status() says so (invalid_argument,
/// division_by_zero) and the context works modulo 1, so every result is 0.
template <std::size_t Bits, unsigned G> class Montgomery {
 public:
  using slice_type = Slice<Bits, G>;

  /// Indeterminate, like `int`; assign a constructed context before use.
  Montgomery() = default;

  /// The context for the modulus whose slices the lanes of `tile` pass (every lane of the tile calls it).
  /// R mod m comes from 2^(bit_width(m) - 1) by doublings, R^2 mod m as in warpnum::Montgomery (with Bits =
  /// d 2^k: d doublings of R mod m, then k Montgomery squarings): no division.
  template <class Parent>
  __device__ Montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& m) {
    constexpr int K = slice_type::limbs;
    const unsigned rank = tile.thread_rank();
    std::uint32_t any = 0;
    int width = 0;  // bit_width of this lane's block
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      any |= m.limb[k];
      if (m.limb[k] != 0) width = 32 * k + 32 - __clz(m.limb[k]);
    }
    const unsigned nonzero = tile.ballot(any != 0);
    const std::uint32_t m0 = tile.shfl(m.limb[0], 0);
    status_ = nonzero == 0 ? Status::division_by_zero : (m0 & 1u) != 0 ? Status::ok : Status::invalid_argument;
    const bool ok = status_ == Status::ok;
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) m_.limb[k] = ok ? m.limb[k] : (k == 0 && rank == 0 ? 1u : 0u);
    minv_ = static_cast<std::uint32_t>(warpnum::detail::neg_inverse_mod_2_64(ok ? m0 : 1u));  // -m^-1 mod 2^32
    // bit_width(m) from the top lane with a non-zero block; 1 for the modulus 1 of a failed context.
    const int top_lane = ok ? 31 - __clz(nonzero) : 0;
    const int bits = ok ? top_lane * 32 * K + tile.shfl(width, top_lane) : 1;
    // 2^(bits - 1) < m (0 for m = 1), then doublings up to 2^Bits mod m = R mod m.
    const int p = bits - 1;
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      one_.limb[k] = bits > 1 && static_cast<int>(rank) == p / (32 * K) && k == (p / 32) % K ? 1u << (p % 32) : 0u;
    }
    const int doublings = ok ? static_cast<int>(Bits) - p : 0;
#pragma unroll 1
    for (int i = 0; i < doublings; ++i) one_ = detail::double_mod(tile, one_, m_);
    constexpr warpnum::detail::RSquaredSteps steps = warpnum::detail::r_squared_steps(Bits);
    slice_type r2 = one_;
#pragma unroll 1
    for (int i = 0; i < steps.doublings; ++i) r2 = detail::double_mod(tile, r2, m_);
#pragma unroll 1
    for (int i = 0; i < steps.squarings; ++i) r2 = sqr(tile, r2);
    r2_ = r2;
  }

  /// The lane-group form of a context built elsewhere (on the host, say, and passed to the kernel by value):
  /// each lane loads its slices of the modulus, R mod m and R^2 mod m; the status is the context's.
  template <class Parent>
  __device__ Montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const warpnum::Montgomery<Bits>& ctx)
      : m_(load(tile, ctx.modulus())),
        one_(load(tile, ctx.one())),
        r2_(load(tile, ctx.r_squared())),
        minv_(static_cast<std::uint32_t>(ctx.neg_inverse())),
        status_(ctx.status()) {}

  /// This lane's slice of the modulus (of 1 for a context whose status is not ok).
  __device__ const slice_type& modulus() const noexcept { return m_; }
  __device__ Status status() const noexcept { return status_; }
  /// -m^-1 mod 2^32.
  __device__ std::uint32_t neg_inverse() const noexcept { return minv_; }
  /// The Montgomery form of 1: R mod m.
  __device__ const slice_type& one() const noexcept { return one_; }
  /// R^2 mod m.
  __device__ const slice_type& r_squared() const noexcept { return r2_; }

  /// a b R^-1 mod m, for a b < R m (e.g. both below m).
  template <class Parent>
  __device__ slice_type mul(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    return detail::mont_mul(tile, a, b, m_, minv_);
  }
  /// a^2 R^-1 mod m.
  template <class Parent>
  __device__ slice_type sqr(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a) const noexcept {
    return detail::mont_mul(tile, a, a, m_, minv_);
  }
  /// (a + b) mod m, for a, b < m.
  template <class Parent>
  __device__ slice_type add(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    return detail::add_mod(tile, a, b, m_);
  }
  /// (a - b) mod m, for a, b < m.
  template <class Parent>
  __device__ slice_type sub(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    return detail::sub_mod(tile, a, b, m_);
  }

  /// a R mod m, for any a.
  template <class Parent>
  __device__ slice_type to_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a) const noexcept {
    return mul(tile, a, r2_);
  }
  /// a R^-1 mod m: the ordinary value of a Montgomery form (any a).
  template <class Parent>
  __device__ slice_type from_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a) const noexcept {
    return mul(tile, a, detail::unit_slice<Bits>(tile));
  }

  /// x^e in Montgomery form for x in Montgomery form, by fixed windows (warpnum::detail::fixed_window_pow, its
  /// table of 2^w powers in local memory); x^0 is one(). Every lane passes the same e.
  template <class Parent, std::size_t EBits>
  __device__ slice_type pow(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& x,
                            const BigUInt<EBits>& e) const noexcept {
    return warpnum::detail::fixed_window_pow(OnTile<Parent>{*this, tile}, x, e);
  }

  /// a^e mod m for an ordinary value a (any a, also a >= m), the result in ordinary form.
  template <class Parent, std::size_t EBits>
  __device__ slice_type powm(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                             const BigUInt<EBits>& e) const noexcept {
    return from_montgomery(tile, pow(tile, to_montgomery(tile, a), e));
  }

 private:
  /// The context and a tile as the context fixed_window_pow takes (value_type, one, mul, sqr).
  template <class Parent> struct OnTile {
    using value_type = slice_type;
    static constexpr bool square_is_product = true;  // sqr is mont_mul(a, a)
    const Montgomery& ctx;
    const cooperative_groups::thread_block_tile<G, Parent>& tile;
    __device__ const slice_type& one() const noexcept { return ctx.one(); }
    __device__ slice_type mul(const slice_type& a, const slice_type& b) const noexcept { return ctx.mul(tile, a, b); }
    __device__ slice_type sqr(const slice_type& a) const noexcept { return ctx.sqr(tile, a); }
  };

  slice_type m_;
  slice_type one_;
  slice_type r2_;
  std::uint32_t minv_;
  Status status_;
};

}  // namespace warpnum::warp

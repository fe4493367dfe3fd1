// warpnum/warp/montgomery.hpp: Montgomery arithmetic modulo an odd m by a lane group, for numbers too wide for
// one thread's registers (a 2048-bit product needs more than the 255 a thread has). Device code only.
//
//   namespace cg = cooperative_groups;
//   auto tile = cg::tiled_partition<2>(cg::this_thread_block());            // 2 lanes own each 2048-bit number
//   const warpnum::warp::Montgomery<2048, 2> ctx(tile, warpnum::warp::load(tile, m[i]));
//   const auto r = ctx.powm(tile, warpnum::warp::load(tile, a[i]), e[i]);   // check ctx.status() (odd m only)
//   warpnum::warp::store(tile, out[i], r);
//
// The same operations as warpnum::Montgomery (modular.hpp), whose per-thread form it follows; every lane of the
// tile calls each one with its slices (slice.hpp) and gets its slice of the result.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
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
/// r + over 2^Bits < 2 m.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> subtract_once(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                        const Slice<Bits, G>& r, std::uint32_t over, const Slice<Bits, G>& m) {
  Slice<Bits, G> d = r;
  const std::uint32_t borrow = sub_with_borrow(tile, d, m);
  return over != 0 || borrow == 0 ? d : r;  // the same choice on every lane of the tile
}

/// The Montgomery product a b R^-1 mod m (R = 2^Bits, m odd, minv = -m^-1 mod 2^32) by the G lanes of `tile`,
/// for a b < R m (e.g. a < R and b < m).
///
/// CIOS (Koc, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", 1996) with the
/// accumulator t spread over the lanes: lane r keeps words [r K, r K + K) in t[0, K) and two words above them
/// (t[K], t[K + 1]) that belong to lane r + 1's bottom, so that no carry crosses lanes inside the loop. For each
/// word a_i of a (broadcast from its lane): t += a_i b; q = t_0 minv (t_0 is lane 0's t[0], broadcast); t += q m,
/// which zeroes t_0; then t moves down one word, lane r taking lane r + 1's t[0] (lane G - 1 takes lane 0's, 0).
/// The low rows come first so that q waits for one row only, and so that a row's carry into t[K] cannot wrap
/// (t[K] <= 3 between steps; t[K + 1] <= 3 inside one). Per step a lane does 4 K multiply-adds and 3 shuffles;
/// at the end each lane's t[K] joins the lane above by carry look-ahead, and t < 2m needs one subtraction.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> mont_mul(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                   const Slice<Bits, G>& a, const Slice<Bits, G>& b, const Slice<Bits, G>& m,
                                                   std::uint32_t minv) {
  constexpr int K = Slice<Bits, G>::limbs;
  using Row = warpnum::detail::ptx::MadRow<K>;
  const unsigned rank = tile.thread_rank();
  const unsigned up = (rank + 1) & (G - 1);
  std::uint32_t t[K + 2];
  WARPNUM_UNROLL
  for (int k = 0; k < K + 2; ++k) t[k] = 0;
#pragma unroll 1
  for (unsigned src = 0; src < G; ++src) {
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) {
      const std::uint32_t ai = tile.shfl(a.limb[k], src);
      Row::lo_carry(t, b.limb, ai);
      const std::uint32_t q = tile.shfl(t[0], 0) * minv;
      Row::lo_carry(t, m.limb, q);
      Row::hi_carry(t + 1, b.limb, ai);
      Row::hi_carry(t + 1, m.limb, q);
      const std::uint32_t in = tile.shfl(t[0], up);
      WARPNUM_UNROLL
      for (int j = 0; j + 1 < K; ++j) t[j] = t[j + 1];
      const std::uint64_t s = static_cast<std::uint64_t>(t[K]) + in;
      t[K - 1] = static_cast<std::uint32_t>(s);
      t[K] = t[K + 1] + static_cast<std::uint32_t>(s >> 32);
      t[K + 1] = 0;
    }
  }
  // Lane r's t[K] belongs at word 0 of lane r + 1; lane G - 1's is bit Bits and up of the result (below 2m).
  const std::uint32_t below = tile.shfl_up(t[K], 1);
  const std::uint32_t top = tile.shfl(t[K], G - 1);
  Slice<Bits, G> r;
  Slice<Bits, G> in;
  WARPNUM_UNROLL
  for (int k = 0; k < K; ++k) {
    r.limb[k] = t[k];
    in.limb[k] = k == 0 && rank != 0 ? below : 0u;
  }
  const std::uint32_t over = top + add_with_carry(tile, r, in);
  return subtract_once(tile, r, over, m);
}

/// 2 x mod m for x < m: each lane shifts its block left one bit, taking the bit the lane below shifts out.
template <unsigned G, class Parent, std::size_t Bits>
__device__ __forceinline__ Slice<Bits, G> double_mod(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                                     Slice<Bits, G> x, const Slice<Bits, G>& m) {
  constexpr int K = Slice<Bits, G>::limbs;
  const std::uint32_t out = x.limb[K - 1] >> 31;
  const std::uint32_t from_below = tile.shfl_up(out, 1);
  const std::uint32_t over = tile.shfl(out, G - 1);
  WARPNUM_UNROLL
  for (int k = K - 1; k > 0; --k) x.limb[k] = (x.limb[k] << 1) | (x.limb[k - 1] >> 31);
  x.limb[0] = (x.limb[0] << 1) | (tile.thread_rank() != 0 ? from_below : 0u);
  return subtract_once(tile, x, over, m);
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
    slice_type r = a;
    const std::uint32_t over = add_with_carry(tile, r, b);
    return detail::subtract_once(tile, r, over, m_);
  }
  /// (a - b) mod m, for a, b < m.
  template <class Parent>
  __device__ slice_type sub(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    slice_type r = a;
    const std::uint32_t borrow = sub_with_borrow(tile, r, b);
    slice_type back;
    WARPNUM_UNROLL
    for (int k = 0; k < slice_type::limbs; ++k) back.limb[k] = borrow != 0 ? m_.limb[k] : 0u;
    add_with_carry(tile, r, back);
    return r;
  }

  /// a R mod m, for any a.
  template <class Parent>
  __device__ slice_type to_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a) const noexcept {
    return mul(tile, a, r2_);
  }
  /// a R^-1 mod m: the ordinary value of a Montgomery form (any a).
  template <class Parent>
  __device__ slice_type from_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a) const noexcept {
    slice_type unit;
    WARPNUM_UNROLL
    for (int k = 0; k < slice_type::limbs; ++k) unit.limb[k] = k == 0 && tile.thread_rank() == 0 ? 1u : 0u;
    return mul(tile, a, unit);
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

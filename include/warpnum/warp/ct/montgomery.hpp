// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/ct/montgomery.hpp: warp::ct::Montgomery<Bits, G>, Montgomery arithmetic by a lane group whose running
// time and memory accesses do not depend on the values (the modulus included): the lane-group form of
// ct::Montgomery, for wide numbers (ct::powm_n takes it from 1024 bits, where one thread's scan of its table from
// local memory costs more than the lanes' shuffles). Device code only.
//
//   namespace cg = cooperative_groups;
//   auto tile = cg::tiled_partition<4>(cg::this_thread_block());                // 4 lanes own each 2048-bit number
//   const warpnum::warp::ct::Montgomery<2048, 4> ctx(tile, host_ctx);            // a ct::Montgomery<2048> by value
//   const auto r = ctx.powm(tile, warpnum::warp::load(tile, a[i]), e[i]);       // e[i] secret
//   warpnum::warp::store(tile, out[i], r);
//
// What is and is not covered: docs/security.md. The products are warp::Montgomery's (warp/montgomery.hpp), whose
// steps never depend on the values, with the final subtraction chosen by a mask; the exponentiation takes fixed
// windows over every exponent bit with each table entry read by a scan of the table (detail/ct/window_pow.hpp).
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/montgomery.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/ct/window_pow.hpp>
#include <warpnum/detail/modular/montgomery.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/carry_resolve.hpp>
#include <warpnum/warp/montgomery.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp::ct {

/// Montgomery arithmetic modulo an odd m (R = 2^Bits) by G lanes, each holding a Slice<Bits, G>, for secret
/// operands, secret exponents and a secret modulus: the interface of warp::Montgomery and the values of
/// ct::Montgomery, every operation running the same instructions and touching the same memory for all values of
/// its width (scripts/ct_sass_check.py checks the machine code). Trivially copyable.
///
/// Values are Montgomery forms below m; to_montgomery takes any value. An even or zero modulus is an error: status()
/// says so (invalid_argument, division_by_zero) and the context works modulo 1 (every result 0), as ct::Montgomery's
/// in device code. The status is the one value derived from the modulus that may decide control flow.
template <std::size_t Bits, unsigned G> class Montgomery {
 public:
  using slice_type = Slice<Bits, G>;

  /// Indeterminate, like `int`; assign a constructed context before use.
  Montgomery() = default;

  /// The context for the secret modulus whose slices the lanes of `tile` pass (every lane of the tile calls it):
  /// R mod m by Bits doublings modulo m from 1 (the full count, whatever the modulus's length), R^2 mod m as in
  /// warp::Montgomery; every choice by a mask.
  template <class Parent>
  __device__ Montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& m) {
    namespace dct = warpnum::detail::ct;
    constexpr int K = slice_type::limbs;
    const slice_type unit = warp::detail::unit_slice<Bits>(tile);
    std::uint32_t any = 0;
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) any |= m.limb[k];
    const std::uint32_t zero = dct::mask_equal(tile.ballot(any != 0), 0u);
    const std::uint32_t m0 = tile.shfl(m.limb[0], 0);
    const std::uint32_t odd = dct::mask_from_bit(m0);
    const std::uint32_t code = dct::select_word(
        zero, static_cast<std::uint32_t>(Status::division_by_zero),
        dct::select_word(odd, static_cast<std::uint32_t>(Status::ok),
                         static_cast<std::uint32_t>(Status::invalid_argument)));
    status_ = static_cast<Status>(dct::declassify_word(code));  // public: an error is reported anyway
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) m_.limb[k] = dct::select_word(odd, m.limb[k], unit.limb[k]);
    minv_ = static_cast<std::uint32_t>(warpnum::detail::neg_inverse_mod_2_64(dct::select_word(odd, m0, 1u)));
    // 1 < m (0 for the modulus 1 of a failed context), then Bits doublings: 2^Bits mod m = R mod m.
    std::uint32_t differs = 0;
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) differs |= m_.limb[k] ^ unit.limb[k];
    const std::uint32_t is_one = dct::mask_equal(tile.ballot(differs != 0), 0u);
    WARPNUM_UNROLL
    for (int k = 0; k < K; ++k) one_.limb[k] = unit.limb[k] & ~is_one;
#pragma unroll 1
    for (int i = 0; i < static_cast<int>(Bits); ++i) one_ = warp::detail::double_mod<true>(tile, one_, m_);
    constexpr warpnum::detail::RSquaredSteps steps = warpnum::detail::r_squared_steps(Bits);
    slice_type r2 = one_;
#pragma unroll 1
    for (int i = 0; i < steps.doublings; ++i) r2 = warp::detail::double_mod<true>(tile, r2, m_);
#pragma unroll 1
    for (int i = 0; i < steps.squarings; ++i) r2 = sqr(tile, r2);
    r2_ = r2;
  }

  /// The lane-group form of a constant-time context built elsewhere (on the host, say, and passed to the kernel by
  /// value): each lane loads its slices of the modulus, R mod m and R^2 mod m; the status is the context's.
  template <class Parent>
  __device__ Montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                        const warpnum::ct::Montgomery<Bits>& ctx)
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
    return warp::detail::mont_mul<true>(tile, a, b, m_, minv_);
  }
  /// a^2 R^-1 mod m.
  template <class Parent>
  __device__ slice_type sqr(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                            const slice_type& a) const noexcept {
    return warp::detail::mont_mul<true>(tile, a, a, m_, minv_);
  }
  /// (a + b) mod m, for a, b < m.
  template <class Parent>
  __device__ slice_type add(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    return warp::detail::add_mod<true>(tile, a, b, m_);
  }
  /// (a - b) mod m, for a, b < m: m added back under a mask of the borrow.
  template <class Parent>
  __device__ slice_type sub(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                            const slice_type& b) const noexcept {
    return warp::detail::sub_mod<true>(tile, a, b, m_);
  }
  /// -a mod m, for a < m.
  template <class Parent>
  __device__ slice_type neg(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                            const slice_type& a) const noexcept {
    return sub(tile, slice_type{}, a);
  }

  /// a R mod m, for any a.
  template <class Parent>
  __device__ slice_type to_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                      const slice_type& a) const noexcept {
    return mul(tile, a, r2_);
  }
  /// a R^-1 mod m: the ordinary value of a Montgomery form (any a).
  template <class Parent>
  __device__ slice_type from_montgomery(const cooperative_groups::thread_block_tile<G, Parent>& tile,
                                        const slice_type& a) const noexcept {
    return mul(tile, a, warp::detail::unit_slice<Bits>(tile));
  }

  /// x^e in Montgomery form for x in Montgomery form and a secret e (every lane passes the same e): fixed windows
  /// over all EBits bits of e's type, each table entry read by a scan of the whole table, the table (16 entries of
  /// this lane's limbs) in local memory. x^0 is one().
  template <class Parent, std::size_t EBits>
  __device__ slice_type pow(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& x,
                            const BigUInt<EBits>& e) const noexcept {
    return warpnum::detail::ct::window_pow(OnTile<Parent>{*this, tile}, x, e);
  }
  /// a^e mod m for an ordinary value a (any a, also a >= m) and a secret e, the result in ordinary form.
  template <class Parent, std::size_t EBits>
  __device__ slice_type powm(const cooperative_groups::thread_block_tile<G, Parent>& tile, const slice_type& a,
                             const BigUInt<EBits>& e) const noexcept {
    return from_montgomery(tile, pow(tile, to_montgomery(tile, a), e));
  }

 private:
  /// The context and a tile as window_pow takes them (value_type, one, mul, sqr); sqr is mul(a, a), so the
  /// exponentiation squares through the product's call site (one copy of the inlined product).
  template <class Parent> struct OnTile {
    using value_type = slice_type;
    static constexpr bool square_is_product = true;
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

}  // namespace warpnum::warp::ct

// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/ct_kernels.cu: kernels that run the constant-time functions on secrets passed by value as
// kernel arguments, for scripts/ct_sass_check.py, which follows the secrets through each kernel's machine code and
// fails on a branch, an early exit or a memory address that depends on one. The first argument, the output pointer,
// is public; every later one is secret. ct_leaky_* run variable-time functions on secrets and must be reported.
// Compiled to a cubin (no GPU needed), never run.
#include <warpnum/bigint.hpp>
#include <warpnum/ct.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/warp/ct/montgomery.hpp>
#include <warpnum/warp/montgomery.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::ct_kernels {

template <std::size_t Bits> struct Pair {
  BigUInt<Bits> a, b;
};
template <std::size_t Bits> struct Triple {
  BigUInt<Bits> a, b, m;
};
template <std::size_t Bits> struct RsaSecrets {
  ct::RsaKey<Bits> key;
  BigUInt<Bits> c;
  ct::RsaBlinding<Bits> blinding;
};

template <std::size_t Bits> __global__ void ct_compare(BigUInt<Bits>* out, Pair<Bits> s) {
  const ct::Choice lt = ct::less(s.a, s.b);
  BigUInt<Bits> x = s.a, y = s.b;
  ct::cswap(ct::equal(s.a, s.b) | ct::is_zero(s.b), x, y);
  out[threadIdx.x] = ct::select(lt, x, y);
}

template <std::size_t Bits> __global__ void ct_modular(BigUInt<Bits>* out, Triple<Bits> s) {
  const auto ctx = ct::Montgomery<Bits>::checked(s.m);  // the modulus secret too
  out[threadIdx.x] = ctx.add(ctx.sub(s.a, s.b), ctx.mul(ctx.to_montgomery(s.a), s.b));
}

template <std::size_t Bits> __global__ void ct_powm(BigUInt<Bits>* out, Triple<Bits> s) {
  const auto ctx = ct::Montgomery<Bits>::checked(s.m);
  out[threadIdx.x] = ctx.powm(s.a, s.b);
}

template <std::size_t Bits> __global__ void ct_inverse(BigUInt<Bits>* out, Pair<Bits> s) {
  const auto ctx = ct::Montgomery<Bits>::checked(s.b);
  out[threadIdx.x] = ctx.from_montgomery(ctx.inverse_prime(ctx.to_montgomery(s.a)));
}

template <std::size_t Bits> __global__ void ct_modinv(BigUInt<Bits>* out, Pair<Bits> s) {
  out[threadIdx.x] = ct::modinv_checked(s.a, s.b).value;
}

template <std::size_t Bits> __global__ void ct_rsa(BigUInt<Bits>* out, RsaSecrets<Bits> s) {
  ct::RsaBlinding<Bits> b = s.blinding;
  out[threadIdx.x] = ct::rsa_private(s.key, s.c, b);
}

/// A lane group of G lanes: the context from the secret modulus, sums, differences and the exponentiation.
template <std::size_t Bits, unsigned G> __global__ void ct_lane_powm(BigUInt<Bits>* out, Triple<Bits> s) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const warp::ct::Montgomery<Bits, G> ctx(tile, warp::load(tile, s.m));
  const auto a = ctx.to_montgomery(tile, warp::load(tile, s.a));
  const auto x = ctx.add(tile, ctx.sub(tile, a, ctx.neg(tile, a)), ctx.pow(tile, a, s.b));
  warp::store(tile, out[threadIdx.x / G], ctx.from_montgomery(tile, x));
}

/// ct::powm_n's lane-group kernel: the context built on the host, passed by value (secret), the exponent secret.
template <std::size_t Bits> struct LaneSecrets {
  ct::Montgomery<Bits> ctx;
  BigUInt<Bits> a, e;
};
template <std::size_t Bits, unsigned G> __global__ void ct_lane_powm_host_context(BigUInt<Bits>* out,
                                                                                  LaneSecrets<Bits> s) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const warp::ct::Montgomery<Bits, G> ctx(tile, s.ctx);
  warp::store(tile, out[threadIdx.x / G], ctx.powm(tile, warp::load(tile, s.a), s.e));
}

/// Variable-time controls: sliding windows branch on the exponent; operator< stops at the first differing limb;
/// the lane groups' fixed windows read the table at the exponent's digit; a branch on a secret that reached the
/// lane by a shuffle, and on a ballot of a secret.
template <std::size_t Bits> __global__ void ct_leaky_powm(BigUInt<Bits>* out, Triple<Bits> s) {
  out[threadIdx.x] = powm(s.a, s.b, s.m);
}
template <std::size_t Bits> __global__ void ct_leaky_compare(BigUInt<Bits>* out, Pair<Bits> s) {
  out[threadIdx.x] = s.a < s.b ? s.a : s.b;
}
template <unsigned G> __global__ void ct_leaky_lane_shuffle(BigUInt<256>* out, Pair<256> s) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const std::uint32_t x = tile.shfl(s.a.limbs_[tile.thread_rank()], G - 1);
  if (x == 7) out[threadIdx.x] = s.b;
}
template <unsigned G> __global__ void ct_leaky_lane_ballot(BigUInt<256>* out, Pair<256> s) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  if (tile.ballot(s.a.limbs_[tile.thread_rank()] != 7) == 3) out[threadIdx.x] = s.b;
}
template <std::size_t Bits, unsigned G> __global__ void ct_leaky_lane_powm(BigUInt<Bits>* out, Triple<Bits> s) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const warp::Montgomery<Bits, G> ctx(tile, warp::load(tile, s.m));
  warp::store(tile, out[threadIdx.x / G], ctx.powm(tile, warp::load(tile, s.a), s.b));
}

template __global__ void ct_compare<1024>(BigUInt<1024>*, Pair<1024>);
template __global__ void ct_modular<256>(BigUInt<256>*, Triple<256>);
template __global__ void ct_modular<1024>(BigUInt<1024>*, Triple<1024>);
template __global__ void ct_powm<256>(BigUInt<256>*, Triple<256>);
template __global__ void ct_powm<1024>(BigUInt<1024>*, Triple<1024>);
template __global__ void ct_inverse<256>(BigUInt<256>*, Pair<256>);
template __global__ void ct_modinv<256>(BigUInt<256>*, Pair<256>);
template __global__ void ct_rsa<1024>(BigUInt<1024>*, RsaSecrets<1024>);
template __global__ void ct_lane_powm<2048, 4>(BigUInt<2048>*, Triple<2048>);
template __global__ void ct_lane_powm_host_context<2048, 4>(BigUInt<2048>*, LaneSecrets<2048>);
template __global__ void ct_leaky_powm<256>(BigUInt<256>*, Triple<256>);
template __global__ void ct_leaky_compare<1024>(BigUInt<1024>*, Pair<1024>);
template __global__ void ct_leaky_lane_powm<2048, 4>(BigUInt<2048>*, Triple<2048>);
template __global__ void ct_leaky_lane_shuffle<4>(BigUInt<256>*, Pair<256>);
template __global__ void ct_leaky_lane_ballot<4>(BigUInt<256>*, Pair<256>);

}  // namespace warpnum::ct_kernels

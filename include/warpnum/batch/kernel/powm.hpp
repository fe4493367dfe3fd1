// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/powm.hpp: the kernels behind warpnum::powm_n (batch/powm.hpp) and ct::powm_n
// (batch/ct/powm.hpp): one thread or one lane group an element, a grid-stride loop. Device code only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>
#include <warpnum/warp/montgomery.hpp>
#include <warpnum/warp/slice.hpp>

#include <cooperative_groups.h>

#include <cstddef>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// The exponent of element i: exps[i], or one exponent for all.
template <std::size_t EBits> struct ExponentArray {
  const BigUInt<EBits>* exps;
  __device__ const BigUInt<EBits>& operator()(std::size_t i) const { return exps[i]; }
};
template <std::size_t EBits> struct ExponentValue {
  BigUInt<EBits> exp;
  __device__ const BigUInt<EBits>& operator()(std::size_t) const { return exp; }
};

/// out[i] = base[i]^exp(i) mod m for one modulus, whose context (Montgomery, Barrett or ct::Montgomery, built on
/// the host) every thread receives by value.
template <class Ctx, class Exp>
__global__ void powm_shared_modulus(const Ctx ctx, const typename Ctx::value_type* base, const Exp exp,
                                    typename Ctx::value_type* out, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = ctx.powm(base[i], exp(i));
}

/// out[i] = base[i]^exp(i) mod m for one odd modulus, G lanes an element: LaneCtx (warp::Montgomery<Bits, G>, or
/// warp::ct::Montgomery<Bits, G> for secret exponents) built from the context made on the host (Montgomery<Bits>,
/// ct::Montgomery<Bits>). A grid-stride loop over whole tiles.
template <unsigned G, class LaneCtx, class HostCtx, class Exp>
__global__ void powm_shared_modulus_lanes(const HostCtx host_ctx, const typename HostCtx::value_type* base,
                                          const Exp exp, typename HostCtx::value_type* out, std::size_t n) {
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const LaneCtx ctx(tile, host_ctx);
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x / G;
  for (std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G; i < n; i += stride)
    warp::store(tile, out[i], ctx.powm(tile, warp::load(tile, base[i]), exp(i)));
}

/// out[i] = base[i]^exp(i) mod m[i]; status[i] (when not null) says whether m[i] was zero.
template <std::size_t Bits, class Exp>
__global__ void powm_per_modulus(const BigUInt<Bits>* base, const Exp exp, const BigUInt<Bits>* m, BigUInt<Bits>* out,
                                 Status* status, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const Checked<BigUInt<Bits>> r = powm_checked(base[i], exp(i), m[i]);
    out[i] = r.value;
    if (status != nullptr) status[i] = r.status;
  }
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/stage.hpp: a warp moves 32 whole numbers between device memory and shared memory in coalesced
// 16-byte pieces, laid out so that each lane then reads or writes its own number without bank conflicts. Device
// code only.
//
// Why: when one thread owns one number, lane l's loads of a[i + l] are 32 separate lines per instruction (the
// numbers lie sizeof(T) apart); through a stage, every instruction moves 512 contiguous bytes, and the loads are
// asynchronous (cp.async), so a warp multiplies one tile while the next is in flight.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>

#include <cuda_pipeline_primitives.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::warp {

/// Shared memory for the 32 numbers of a warp (one per lane), in 16-byte pieces. Piece p of number k lies at
/// `slot(k, p)`: numbers of 8 pieces or more have their pieces permuted by k mod 8, smaller ones share 128-byte
/// rows whose pieces are permuted by the row, so that the 8 lanes of a quarter-warp reading piece p of their
/// own numbers, and 8 consecutive pieces of a coalesced copy, touch 8 different bank groups.
template <class T> struct Stage {
  static_assert(sizeof(T) % 16 == 0, "warpnum: a staged number moves in 16-byte pieces");
  static constexpr unsigned pieces = sizeof(T) / 16;
  static_assert((pieces & (pieces - 1)) == 0, "warpnum: a staged number has a power-of-two number of pieces");
  uint4 piece[32 * pieces];

  __device__ __forceinline__ static unsigned slot(unsigned k, unsigned p) {
    if constexpr (pieces >= 8) {
      return k * pieces + (p ^ (k & 7u));
    } else {
      const unsigned u = k * pieces + p;
      return u ^ ((u >> 3) & 7u);
    }
  }
};

/// Starts copying src[0, count) (count <= 32, src 16-byte aligned) into the stage; every lane of the warp calls
/// it. Completes at `wait_staged`.
template <class T> __device__ __forceinline__ void stage_async(Stage<T>& s, const T* src, unsigned count, unsigned lane) {
  constexpr unsigned pieces = Stage<T>::pieces;
  const uint4* from = reinterpret_cast<const uint4*>(src);
  const unsigned total = count * pieces;
  WARPNUM_UNROLL
  for (unsigned r = 0; r < pieces; ++r) {
    const unsigned j = r * 32 + lane;
    if (j < total) __pipeline_memcpy_async(&s.piece[Stage<T>::slot(j / pieces, j % pieces)], from + j, 16);
  }
  __pipeline_commit();
}

/// Waits for this lane's `stage_async` copies, then for the warp's (each lane reads pieces other lanes copied).
__device__ __forceinline__ void wait_staged() {
  __pipeline_wait_prior(0);
  __syncwarp();
}

/// Number k of the stage (lane k's own, in the usual use).
template <std::size_t Bits, bool Signed>
__device__ __forceinline__ BasicInt<Bits, Signed> read_staged(const Stage<BasicInt<Bits, Signed>>& s, unsigned k) {
  using S = Stage<BasicInt<Bits, Signed>>;
  BasicInt<Bits, Signed> x;
  WARPNUM_UNROLL
  for (unsigned p = 0; p < S::pieces; ++p) {
    const uint4 v = s.piece[S::slot(k, p)];
    x.limbs_[4 * p] = v.x;
    x.limbs_[4 * p + 1] = v.y;
    x.limbs_[4 * p + 2] = v.z;
    x.limbs_[4 * p + 3] = v.w;
  }
  return x;
}

/// Puts x as number k of the stage.
template <std::size_t Bits, bool Signed>
__device__ __forceinline__ void write_staged(Stage<BasicInt<Bits, Signed>>& s, unsigned k, const BasicInt<Bits, Signed>& x) {
  using S = Stage<BasicInt<Bits, Signed>>;
  WARPNUM_UNROLL
  for (unsigned p = 0; p < S::pieces; ++p) {
    s.piece[S::slot(k, p)] = make_uint4(x.limbs_[4 * p], x.limbs_[4 * p + 1], x.limbs_[4 * p + 2], x.limbs_[4 * p + 3]);
  }
}

/// Copies the stage's first `count` numbers to dst[0, count) (16-byte aligned), coalesced; every lane of the warp
/// calls it, after writing its number.
template <class T> __device__ __forceinline__ void unstage(T* dst, const Stage<T>& s, unsigned count, unsigned lane) {
  constexpr unsigned pieces = Stage<T>::pieces;
  __syncwarp();
  uint4* to = reinterpret_cast<uint4*>(dst);
  const unsigned total = count * pieces;
  WARPNUM_UNROLL
  for (unsigned r = 0; r < pieces; ++r) {
    const unsigned j = r * 32 + lane;
    if (j < total) to[j] = s.piece[Stage<T>::slot(j / pieces, j % pieces)];
  }
}

}  // namespace warpnum::warp

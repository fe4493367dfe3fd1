// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/layout.hpp: how a Batch<T> lays its elements out in memory, and where that memory is.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

// CUDA's stream handle, spelled without CUDA's headers (cudaStream_t is this type), so that the batch layer's
// declarations are the same under g++ and nvcc.
struct CUstream_st;

namespace warpnum {

/// A CUDA stream (`cudaStream_t`); nullptr is the legacy default stream. Host-only builds carry it unused.
using stream_handle = CUstream_st*;

/// How a batch stores its elements.
enum class Layout : std::uint8_t {
  /// An array of values: element i at data()[i]. What std::vector, thrust::device_vector and raw pointers hold.
  contiguous,
  /// Limb-major (Zhao and Chu): 32-bit word j of element i at words()[j * size() + i], so that one thread an
  /// element reads and writes whole lines (coalesced) however wide the element.
  interleaved,
  /// Bit-sliced, for GF2n<N, P> (Ben-Sasson et al.): chunks of 32 elements, chunk k the N 32-bit rows at
  /// words()[k N, (k + 1) N), bit e of row j the coefficient of x^j of element 32 k + e (batch::gf2n_mul_chunks'
  /// layout). A product of two sliced batches runs the bit-sliced multiplication kernels.
  sliced,
};

/// Where a batch's elements live: in device memory (evaluated by kernels) or in host memory (evaluated on the
/// host's cores with OpenMP). `automatic`: the device when the program was compiled by nvcc and a GPU is
/// present, else the host.
enum class Place : std::uint8_t { automatic, host, device };

}  // namespace warpnum

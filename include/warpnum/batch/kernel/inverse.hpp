// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/inverse.hpp: the kernel behind `inverse` over a device batch (batch/inverse.hpp) and its
// launcher: a thread a chunk of inverse_chunk_size consecutive elements, inverted together by Montgomery's trick
// (batch/ops/inverse_chunk.hpp), a grid-stride loop over the chunks. Device code; nvcc only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/kernel/evaluate.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/ops/inverse_chunk.hpp>
#include <warpnum/batch/ops/sink.hpp>

#include <cuda_runtime.h>

#include <cstddef>

namespace warpnum::WARPNUM_ABI::batch::kernel {

/// out[i] = inverse_checked(x[i]).value for i < n, the statuses raised into `sink`; chunk k (elements
/// [k C, k C + C), C = inverse_chunk_size, the last one shorter) by one thread. out may be x.
template <class T>
__global__ __launch_bounds__(block_threads) void inverse_chunks(const T* x, T* out, std::size_t n,
                                                                const ErrorSink sink) {
  const std::size_t chunks = (n + inverse_chunk_size - 1) / inverse_chunk_size;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t k = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < chunks; k += stride) {
    const std::size_t first = k * inverse_chunk_size;
    const std::size_t count = n - first < inverse_chunk_size ? n - first : inverse_chunk_size;
    ops::inverse_chunk(x + first, out + first, count, sink);
  }
}

/// Launches inverse_chunks over n > 0 elements in device memory on `stream`, a thread a chunk; returns at once.
template <class T> void launch_inverse(const T* x, T* out, std::size_t n, const ErrorSink& sink, stream_handle stream) {
  const std::size_t chunks = (n + inverse_chunk_size - 1) / inverse_chunk_size;
  inverse_chunks<T><<<grid_for_all(chunks), block_threads, 0, stream>>>(x, out, n, sink);
  check_launch("batch inverse");
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

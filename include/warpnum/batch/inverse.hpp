// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/inverse.hpp: the inverse of every element of a batch of field elements (PrimeField / Fp, GF2n) by
// Montgomery's trick over chunks of consecutive elements: one inversion a chunk and about three products an element,
// where inverting each element takes an inversion each. Compiles with g++ (the host loop only) and nvcc.
//
//   warpnum::Batch<warpnum::BN254Fr> x(values);
//   warpnum::Batch<warpnum::BN254Fr> y = warpnum::inverse(x);   // y[i] = x[i]^-1, one kernel on x's stream
//   if (y.status() == warpnum::Status::not_invertible) ...      // some x[i] was zero: y[i] is 0
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/batch.hpp>
#include <warpnum/batch/dispatch/evaluate.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/batch/ops/functions.hpp>
#include <warpnum/batch/ops/inverse_chunk.hpp>
#include <warpnum/batch/ops/sink.hpp>
#include <warpnum/detail/raise.hpp>

#if defined(__CUDACC__)
#  include <warpnum/batch/kernel/inverse.hpp>
#endif

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum::WARPNUM_ABI {
namespace batch::detail {

/// out[i] = inverse_checked(x[i]).value for i < n on the host's cores (OpenMP), a loop iteration a chunk. Chunks
/// are independent, so any split over threads gives the same bits as the GPU.
template <class T> void inverse_host(const T* x, T* out, std::size_t n, const ErrorSink& sink) {
  const auto chunks = static_cast<std::int64_t>((n + inverse_chunk_size - 1) / inverse_chunk_size);
WARPNUM_BATCH_OMP_FOR
  for (std::int64_t k = 0; k < chunks; ++k) {
    const std::size_t first = static_cast<std::size_t>(k) * inverse_chunk_size;
    const std::size_t count = n - first < inverse_chunk_size ? n - first : inverse_chunk_size;
    ops::inverse_chunk(x + first, out + first, count, sink);
  }
}

}  // namespace batch::detail

/// out[i] = x[i]^-1 for every i, as the elements' own `inverse_checked(x[i]).value`, bit for bit, on the host and
/// on the GPU. `out` becomes x's size and place (as for the assignment of an expression: its memory is kept where
/// both already match) and the work runs on out's stream, one kernel (or one host loop) that returns at once; out
/// may be x. T: a field element type with `inverse_checked` (PrimeField / Fp, GF2n); contiguous batches only
/// (convert another layout first).
///
/// By chunks of `batch::inverse_chunk_size` consecutive elements (Montgomery's trick, batch/ops/inverse_chunk.hpp):
/// a thread or a host loop iteration a chunk, one inversion and 3 (C - 1) products for C elements.
///
/// Errors: a zero x[i] gives out[i] = 0 and raises Status::not_invertible in out's flags (status()), and the other
/// elements of its chunk still get their inverses; so does a non-unit of an Fp of composite modulus (that chunk is
/// then inverted element by element). A device batch in code not compiled by nvcc: std::logic_error.
template <class T>
  requires batch::ops::detail::has_inverse_checked<T>
void inverse(const Batch<T, Layout::contiguous>& x, Batch<T, Layout::contiguous>& out) {
  const std::size_t n = x.size();
  const Place place = x.place() == Place::automatic ? batch::detail::resolve(Place::automatic) : x.place();
  out.reshape(n, place);  // out == x: already this size and place
  batch::evaluation_counter().fetch_add(1, std::memory_order_relaxed);
  if (n == 0) return;
  const batch::ErrorSink sink{out.flags()};
  if (place == Place::host) {
    batch::detail::inverse_host(x.data(), out.data(), n, sink);
    return;
  }
#if defined(__CUDACC__)
  batch::kernel::launch_inverse(x.data(), out.data(), n, sink, out.stream());
#else
  warpnum::detail::throw_error<std::logic_error>("warpnum: a device batch inverted in code not compiled by nvcc");
#endif
}

/// A new batch of the inverses of x's elements, on x's place and stream: see inverse(x, out) above.
template <class T>
  requires batch::ops::detail::has_inverse_checked<T>
Batch<T, Layout::contiguous> inverse(const Batch<T, Layout::contiguous>& x) {
  Batch<T, Layout::contiguous> out(x.size(), x.place(), x.stream());
  inverse(x, out);
  return out;
}

}  // namespace warpnum::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/reduce_devices.hpp: warpnum::reduce, transform_reduce, inner_product and count_if over a
// device list (reduce(devices{0, 1}, first, last, init, op)): the range split into one contiguous shard an entry
// (devices::shard_of), each shard reduced on its GPU by Thrust on a stream of its own, from its own first element (op
// need have no identity), every shard on a host thread of its own so that the GPUs work at once; then the shards'
// values folded in order from init on the host; and warpnum::reduce over a ShardedBatch, each shard reduced where it
// lives. Needs nvcc; the algorithms' headers include it there.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/algorithm/detail/reduce_devices.hpp runs Thrust's CUDA backend: compile this file with nvcc"
#endif

#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/sharded_batch.hpp>

#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/inner_product.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <exception>
#include <future>
#include <optional>
#include <type_traits>
#include <vector>

namespace warpnum::detail::WARPNUM_ABI {

/// *p, device memory of the current GPU, read on stream s (after its work). Waits.
template <class T> T first_element(const T* p, cudaStream_t s) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  T head{};
  bd::cuda_check(cudaMemcpyAsync(&head, p, sizeof(T), cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
  bd::cuda_check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  return head;
}

/// A range of `count` >= 1 elements of device memory of the current GPU reduced from its first element (op need have
/// no identity) by thrust::reduce on stream s. Waits.
template <class T, class BinaryOp> T reduce_from_first(const T* p, std::size_t count, BinaryOp op, cudaStream_t s) {
  return thrust::reduce(thrust::cuda::par.on(s), p + 1, p + count, first_element(p, s), op);
}

/// op(...op(op(init, r0), r1)..., r_last) where r_k = part(k) (std::nullopt for an empty part, skipped), each part
/// on a host thread of its own so that the GPUs work at once; the first failure is rethrown once every part is done.
template <class T, class BinaryOp, class Part> T fold_parts(std::size_t parts, T init, BinaryOp op, Part&& part) {
  std::vector<std::future<std::optional<T>>> futures;
  futures.reserve(parts);
  for (std::size_t k = 0; k < parts; ++k) {
    futures.push_back(std::async(std::launch::async, [&part, k] { return part(k); }));
  }
  std::exception_ptr failure;
  T acc = init;
  for (auto& f : futures) {
    try {
      const std::optional<T> r = f.get();
      if (r && !failure) acc = op(acc, *r);
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return acc;
}

/// op(...op(op(init, r0), r1)..., r_last) where r_k = part(p, q, count, stream) for shard k of the range [first, last)
/// of device memory of one GPU, over the GPUs of `ds`: p the shard's elements (in place, or copied to its GPU) and q
/// those of a second range from `second` likewise (T2 = void: none, q null), on its GPU (current on the part's
/// thread) and stream. Waits.
template <class T, class T2, class U, class BinaryOp, class Part>
U reduce_over_devices_with(const devices& ds, const T* first, const T* last, const T2* second, U init, BinaryOp op,
                           Part&& part) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  const std::vector<int> ids = bd::resolve_devices(ds);
  const std::size_t n = static_cast<std::size_t>(last - first);
  if (n == 0) return init;
  const bd::DeviceGuard guard;
  const int home = bd::device_of(first, guard.saved());
  const bool stage_all = bd::stage_every_shard_for_tests.load(std::memory_order_relaxed);
  // The work queued on the legacy default stream of the range's GPU before the call is done before any shard reads
  // the range, as thrust::reduce(thrust::device, ...) is ordered after it.
  guard.set(home);
  bd::cuda_check(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  return fold_parts(ids.size(), init, op, [&](std::size_t k) -> std::optional<U> {
    const devices::Shard shard = devices::shard_of(n, k, ids.size());
    if (shard.count == 0) return std::nullopt;
    const int device = ids[k];
    bd::cuda_check(cudaSetDevice(device), "cudaSetDevice");  // this thread's own current device
    const cudaStream_t s = bd::shard_stream(device, k);
    const bd::ShardRun run{shard, device, s, device != home || stage_all};
    const T* p = first + shard.first;
    const T2* q = nullptr;
    std::optional<bd::ShardArray<T>> copy;
    if (run.staged) {
      copy.emplace(run, shard.count);
      copy->load(p, home);
      p = copy->get();
    }
    if constexpr (!std::is_void_v<T2>) {
      q = second + shard.first;
      std::optional<bd::ShardArray<T2>> copy2;
      if (run.staged) {
        copy2.emplace(run, shard.count);
        copy2->load(q, home);
        q = copy2->get();
      }
      return part(p, q, shard.count, s);
    } else {
      return part(p, q, shard.count, s);
    }
  });
}

/// reduce(devices, first, last, init, op): each shard reduced from its first element.
template <class T, class BinaryOp>
T reduce_over_devices(const devices& ds, const T* first, const T* last, T init, BinaryOp op) {
  return reduce_over_devices_with(ds, first, last, static_cast<const void*>(nullptr), init, op,
                                  [&](const T* p, const void*, std::size_t count, cudaStream_t s) {
                                    return reduce_from_first(p, count, op, s);
                                  });
}

/// transform_reduce(devices, first, last, unary, init, op): each shard's unary(x) reduced from unary of its first
/// element (computed on the host from a copy of it), without storing them.
template <class T, class U, class UnaryOp, class BinaryOp>
U transform_reduce_over_devices(const devices& ds, const T* first, const T* last, UnaryOp unary, U init, BinaryOp op) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  return reduce_over_devices_with(ds, first, last, static_cast<const void*>(nullptr), init, op,
                                  [&](const T* p, const void*, std::size_t count, cudaStream_t s) {
                                    const T head = first_element(p, s);
                                    return static_cast<U>(thrust::transform_reduce(
                                        thrust::cuda::par.on(s), p + 1, p + count, unary,
                                        static_cast<U>(unary(head)), op));
                                  });
}

/// inner_product(devices, first1, last1, first2, init, reduce_op, product_op): each shard's products reduced from
/// the product of its first elements (computed on the host from copies of them), without storing them.
template <class T, class T2, class U, class ReduceOp, class ProductOp>
U inner_product_over_devices(const devices& ds, const T* first1, const T* last1, const T2* first2, U init,
                             ReduceOp reduce_op, ProductOp product_op) {
  return reduce_over_devices_with(ds, first1, last1, first2, init, reduce_op,
                                  [&](const T* p, const T2* q, std::size_t count, cudaStream_t s) {
                                    const T head1 = first_element(p, s);
                                    const T2 head2 = first_element(q, s);
                                    return static_cast<U>(thrust::inner_product(
                                        thrust::cuda::par.on(s), p + 1, p + count, q + 1,
                                        static_cast<U>(product_op(head1, head2)), reduce_op, product_op));
                                  });
}

/// count_if(devices, first, last, pred): each shard counted on its GPU, the counts summed.
template <class T, class Pred>
std::ptrdiff_t count_if_over_devices(const devices& ds, const T* first, const T* last, Pred pred) {
  return reduce_over_devices_with(ds, first, last, static_cast<const void*>(nullptr), std::ptrdiff_t{0},
                                  [](std::ptrdiff_t a, std::ptrdiff_t b) { return a + b; },
                                  [&](const T* p, const void*, std::size_t count, cudaStream_t s) {
                                    return static_cast<std::ptrdiff_t>(
                                        thrust::count_if(thrust::cuda::par.on(s), p, p + count, pred));
                                  });
}

/// The same over a ShardedBatch: each shard reduced on its own GPU, after the work queued on its stream.
template <class T, class BinaryOp> T reduce_sharded(const ShardedBatch<T>& x, T init, BinaryOp op) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  return fold_parts(x.shard_count(), init, op, [&](std::size_t k) -> std::optional<T> {
    const Batch<T>& s = x.shard(k);
    if (s.size() == 0) return std::nullopt;
    bd::cuda_check(cudaSetDevice(x.device_ids()[k]), "cudaSetDevice");  // this thread's own current device
    return reduce_from_first(s.data(), s.size(), op, static_cast<cudaStream_t>(s.stream()));
  });
}

}  // namespace warpnum::detail::WARPNUM_ABI

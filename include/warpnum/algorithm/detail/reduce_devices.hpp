// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/reduce_devices.hpp: warpnum::reduce over a device list (reduce(devices{0, 1}, first,
// last, init, op)): the range split into one contiguous shard an entry (devices::shard_of), each shard reduced on its
// GPU by thrust::reduce on a stream of its own, from its own first element (op need have no identity), every shard on
// a host thread of its own so that the GPUs work at once; then the shards' values folded in order from init on the
// host. Needs nvcc; reduce.hpp includes it there.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/algorithm/detail/reduce_devices.hpp runs Thrust's CUDA backend: compile this file with nvcc"
#endif

#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>

#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <exception>
#include <future>
#include <optional>
#include <vector>

namespace warpnum::detail::WARPNUM_ABI {

/// op(...op(op(init, r0), r1)..., r_last) where r_k is shard k's reduction from its first element: the range [first,
/// last) of device memory of one GPU, over the GPUs of `ds`. op is called on the device and on the host. Waits.
template <class T, class BinaryOp>
T reduce_over_devices(const devices& ds, const T* first, const T* last, T init, BinaryOp op) {
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
  std::vector<std::future<std::optional<T>>> parts;
  parts.reserve(ids.size());
  for (std::size_t k = 0; k < ids.size(); ++k) {
    parts.push_back(std::async(std::launch::async, [&, k]() -> std::optional<T> {
      const devices::Shard shard = devices::shard_of(n, k, ids.size());
      if (shard.count == 0) return std::nullopt;
      const int device = ids[k];
      bd::cuda_check(cudaSetDevice(device), "cudaSetDevice");  // this thread's own current device
      const cudaStream_t s = bd::shard_stream(device, k);
      const bd::ShardRun run{shard, device, s, device != home || stage_all};
      const T* p = first + shard.first;
      std::optional<bd::ShardArray<T>> copy;
      if (run.staged) {
        copy.emplace(run, shard.count);
        copy->load(p, home);
        p = copy->get();
      }
      T head{};
      bd::cuda_check(cudaMemcpyAsync(&head, p, sizeof(T), cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
      bd::cuda_check(cudaStreamSynchronize(s), "cudaStreamSynchronize");
      return thrust::reduce(thrust::cuda::par.on(s), p + 1, p + shard.count, head, op);
    }));
  }
  std::exception_ptr failure;
  T acc = init;
  for (auto& part : parts) {
    try {
      const std::optional<T> r = part.get();
      if (r && !failure) acc = op(acc, *r);
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  }
  if (failure) std::rethrow_exception(failure);
  return acc;
}

}  // namespace warpnum::detail::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/sort_devices.hpp: warpnum::sort over a device list (sort(devices{0, 1}, first, last,
// comp)): the range split into one contiguous shard an entry (devices::shard_of), each shard sorted by thrust::sort
// on its GPU on a stream of its own, all at once (run_shards; a shard on another GPU than the range's sorts a copy
// there and copies it back), then the sorted shards merged pairwise on the range's GPU: ceil(log2 N) rounds of
// thrust::merge over the whole range, through one buffer of its length. The shards' sorts are Thrust's merge sort
// for warpnum's types, about log2(n / N) passes over n / N elements each, so the merges' log2(N) passes over n on one
// GPU bound the gain: docs/scaling.md. Needs nvcc; sort.hpp includes it there.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/algorithm/detail/sort_devices.hpp runs Thrust's CUDA backend: compile this file with nvcc"
#endif

#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/memory.hpp>

#include <thrust/merge.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace warpnum::detail::WARPNUM_ABI {

/// Sorts [first, first + n), device memory of one GPU, by comp (a strict weak order) over the GPUs of `ds`, not
/// stably. Ordered after the work queued on that GPU's legacy default stream and waited for, as
/// thrust::sort(thrust::device, ...) is.
template <class T, class Compare> void sort_over_devices(const devices& ds, T* first, std::size_t n, Compare comp) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  const std::vector<int> ids = bd::resolve_devices(ds);
  if (n < 2) return;
  const bd::DeviceGuard guard;
  const int home = bd::device_of(first, guard.saved());
  bd::run_shards(ids, n, home, nullptr, [&](const bd::ShardRun& run) {
    const std::size_t f = run.shard.first, c = run.shard.count;
    const auto policy = thrust::cuda::par_nosync.on(run.stream);
    if (!run.staged) {
      thrust::sort(policy, first + f, first + f + c, comp);
      return;
    }
    const bd::ShardArray<T> a(run, c);
    a.load(first + f, home);
    thrust::sort(policy, a.get(), a.get() + c, comp);
    a.store(first + f, home);
  });
  // The sorted shards, in order (adjacent: an empty shard, where n < N, leaves no gap).
  struct Sorted {
    std::size_t first, count;
  };
  std::vector<Sorted> runs;
  for (std::size_t k = 0; k < ids.size(); ++k) {
    const devices::Shard s = devices::shard_of(n, k, ids.size());
    if (s.count != 0) runs.push_back({s.first, s.count});
  }
  guard.set(home);
  if (runs.size() > 1) {
    // Each round merges neighbours from src into dst (a run without a neighbour is copied), then the two swap.
    const bd::Buffer scratch(n * sizeof(T), Place::device, nullptr);
    const auto policy = thrust::cuda::par_nosync.on(nullptr);
    T* src = first;
    T* dst = static_cast<T*>(scratch.data());
    while (runs.size() > 1) {
      std::vector<Sorted> next;
      for (std::size_t i = 0; i < runs.size(); i += 2) {
        const Sorted x = runs[i];
        if (i + 1 == runs.size()) {
          bd::cuda_check(cudaMemcpyAsync(dst + x.first, src + x.first, x.count * sizeof(T), cudaMemcpyDeviceToDevice,
                                         nullptr),
                         "cudaMemcpyAsync");
          next.push_back(x);
          continue;
        }
        const Sorted y = runs[i + 1];
        thrust::merge(policy, src + x.first, src + x.first + x.count, src + y.first, src + y.first + y.count,
                      dst + x.first, comp);
        next.push_back({x.first, x.count + y.count});
      }
      std::swap(src, dst);
      runs = std::move(next);
    }
    if (src != first) {
      bd::cuda_check(cudaMemcpyAsync(first, src, n * sizeof(T), cudaMemcpyDeviceToDevice, nullptr), "cudaMemcpyAsync");
    }
  }
  bd::cuda_check(cudaStreamSynchronize(nullptr), "warpnum::sort over devices");
}

}  // namespace warpnum::detail::WARPNUM_ABI

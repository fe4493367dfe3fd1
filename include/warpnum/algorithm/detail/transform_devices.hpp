// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/transform_devices.hpp: warpnum::transform over a device list (transform(devices{0, 1},
// first, last, result, op) and its binary form): the range split into one contiguous shard an entry
// (devices::shard_of), each shard thrust::transform on its GPU on a stream of its own, all at once (run_shards); a
// shard on another GPU than the arrays' copies its inputs there and its results back. Pays where op computes much
// more than it reads (powm_fn, multiplies_mod at large widths): docs/scaling.md. Needs nvcc; transform.hpp includes
// it there.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/algorithm/detail/transform_devices.hpp runs Thrust's CUDA backend: compile this file with nvcc"
#endif

#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>

#include <thrust/system/cuda/execution_policy.h>
#include <thrust/transform.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>
#include <vector>

namespace warpnum::detail::WARPNUM_ABI {

/// result[i] = op(first[i]) (T2 = void: second is null) or op(first[i], second[i]) for i < n, over the GPUs of `ds`:
/// device memory of one GPU (the result's). Ordered after the work queued on that GPU's legacy default stream, and
/// waited for, as thrust::transform(thrust::device, ...) is.
template <class T, class T2, class R, class Op>
void transform_over_devices(const devices& ds, const T* first, std::size_t n, const T2* second, R* result, Op op) {
  namespace bd = warpnum::WARPNUM_ABI_NAME::batch::detail;
  const std::vector<int> ids = bd::resolve_devices(ds);
  if (n == 0) return;
  const bd::DeviceGuard guard;
  const int home = bd::device_of(result, guard.saved());
  bd::run_shards(ids, n, home, nullptr, [&](const bd::ShardRun& run) {
    const std::size_t f = run.shard.first, c = run.shard.count;
    const auto policy = thrust::cuda::par_nosync.on(run.stream);
    if (!run.staged) {
      if constexpr (std::is_void_v<T2>) {
        thrust::transform(policy, first + f, first + f + c, result + f, op);
      } else {
        thrust::transform(policy, first + f, first + f + c, second + f, result + f, op);
      }
      return;
    }
    const bd::ShardArray<T> a(run, c);
    const bd::ShardArray<R> out(run, c);
    a.load(first + f, home);
    if constexpr (std::is_void_v<T2>) {
      thrust::transform(policy, a.get(), a.get() + c, out.get(), op);
    } else {
      const bd::ShardArray<T2> b(run, c);
      b.load(second + f, home);
      thrust::transform(policy, a.get(), a.get() + c, b.get(), out.get(), op);
    }
    out.store(result + f, home);
  });
  guard.set(home);
  bd::cuda_check(cudaStreamSynchronize(nullptr), "warpnum::transform over devices");
}

}  // namespace warpnum::detail::WARPNUM_ABI

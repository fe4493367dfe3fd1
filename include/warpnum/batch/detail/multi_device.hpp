// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/detail/multi_device.hpp: how a call over a warpnum::devices runs: its ids checked, one shard an
// entry (devices::shard_of), each on a stream of its own on its GPU, ordered after the caller's stream and joined back
// into it by events, so the call stays asynchronous on that stream like its one-GPU form. A shard on another GPU
// than the data's copies its elements there and its results back (cudaMemcpyPeerAsync: over NVLink or PCIe where
// the GPUs reach each other, staged through the host by the driver where they do not). Needs nvcc.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/detail/multi_device.hpp launches on several GPUs: compile this file with nvcc"
#endif

#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/memory.hpp>
#include <warpnum/detail/raise.hpp>

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace warpnum::WARPNUM_ABI::batch::detail {

/// The GPUs a call runs on, one a shard: the ids as given, each checked against the GPUs CUDA reports
/// (std::invalid_argument naming the id), or every GPU for devices::all() (std::runtime_error where there is none).
inline std::vector<int> resolve_devices(const devices& ds) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    count = 0;
  }
  if (ds.is_all()) {
    if (count == 0) warpnum::detail::throw_error<std::runtime_error>("warpnum::devices::all(): CUDA reports no GPU");
    std::vector<int> ids(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) ids[static_cast<std::size_t>(i)] = i;
    return ids;
  }
  for (const int id : ds.ids()) {
    if (id < 0 || id >= count) {
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum::devices: device " + std::to_string(id) + " does not exist (CUDA reports " +
          std::to_string(count) + (count == 1 ? " GPU" : " GPUs") + ", ordinals from 0)");
    }
  }
  return ds.ids();
}

/// Sets the current device and puts the caller's back on exit.
class DeviceGuard {
 public:
  DeviceGuard() { cuda_check(cudaGetDevice(&saved_), "cudaGetDevice"); }
  ~DeviceGuard() { (void)cudaSetDevice(saved_); }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;
  void set(int device) const { cuda_check(cudaSetDevice(device), "cudaSetDevice"); }
  int saved() const noexcept { return saved_; }

 private:
  int saved_ = 0;
};

/// The GPU whose memory holds p, or the current one for memory CUDA does not place on one (managed, host).
inline int device_of(const void* p, int current) {
  cudaPointerAttributes a{};
  if (p == nullptr || cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return current;
  }
  return a.type == cudaMemoryTypeDevice ? a.device : current;
}

/// Stream `slot` of GPU `device`: non-blocking, made on first use and kept for the process (as the library's other
/// per-device state is), so that shards of one call never share a stream.
inline cudaStream_t shard_stream(int device, std::size_t slot) {
  static std::mutex mutex;
  static std::vector<std::tuple<int, std::size_t, cudaStream_t>> streams;
  const std::lock_guard<std::mutex> lock(mutex);
  for (const auto& [d, s, stream] : streams) {
    if (d == device && s == slot) return stream;
  }
  cudaStream_t stream = nullptr;
  cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  streams.emplace_back(device, slot, stream);
  return stream;
}

/// Tests only: when true, every shard copies its elements to memory of its own and its results back, as a shard on
/// another GPU than the data's does, so that one GPU runs that path too.
inline std::atomic<bool> stage_every_shard_for_tests{false};

/// Where a shard runs: its elements, its GPU and stream, and whether it works on copies (another GPU than home's).
struct ShardRun {
  devices::Shard shard;
  int device;
  cudaStream_t stream;
  bool staged;
};

/// `count` elements of T on the shard's GPU, from the stream-ordered pool, freed on the shard's stream.
template <class T> class ShardArray {
 public:
  ShardArray(const ShardRun& run, std::size_t count)
      : run_(run), count_(count), buffer_(count * sizeof(T), Place::device, run.stream) {}
  T* get() const noexcept { return static_cast<T*>(buffer_.data()); }
  /// Copies `count` elements from `from` (memory of GPU home) in the shard's stream's order.
  void load(const T* from, int home) const {
    if (count_ == 0) return;
    cuda_check(cudaMemcpyPeerAsync(get(), run_.device, from, home, count_ * sizeof(T), run_.stream),
                "cudaMemcpyPeerAsync");
  }
  /// Copies the elements to `to` (memory of GPU home) in the shard's stream's order.
  void store(T* to, int home) const {
    if (count_ == 0) return;
    cuda_check(cudaMemcpyPeerAsync(to, home, get(), run_.device, count_ * sizeof(T), run_.stream),
                "cudaMemcpyPeerAsync");
  }

 private:
  ShardRun run_;
  std::size_t count_;
  Buffer buffer_;
};

/// Runs launch(ShardRun) for each non-empty shard of n elements over `ids` (one shard an entry, devices::shard_of),
/// with the shard's GPU current. Every shard starts after the work queued on `stream` (a stream of GPU home) and
/// `stream` waits for every shard, so the caller's later work sees the results; nothing waits on the host. If a
/// launch throws, the shards already queued are joined into `stream` before the exception leaves.
template <class Launch>
void run_shards(const std::vector<int>& ids, std::size_t n, int home, cudaStream_t stream, Launch&& launch) {
  DeviceGuard guard;
  guard.set(home);
  cudaEvent_t ready = nullptr;
  cuda_check(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  std::vector<cudaEvent_t> done;
  std::exception_ptr failure;
  try {
    cuda_check(cudaEventRecord(ready, stream), "cudaEventRecord");
    const bool stage_all = stage_every_shard_for_tests.load(std::memory_order_relaxed);
    for (std::size_t k = 0; k < ids.size(); ++k) {
      const devices::Shard shard = devices::shard_of(n, k, ids.size());
      if (shard.count == 0) continue;
      const int device = ids[k];
      guard.set(device);
      const cudaStream_t s = shard_stream(device, k);
      cuda_check(cudaStreamWaitEvent(s, ready, 0), "cudaStreamWaitEvent");
      cudaEvent_t finished = nullptr;
      cuda_check(cudaEventCreateWithFlags(&finished, cudaEventDisableTiming), "cudaEventCreateWithFlags");
      try {
        launch(ShardRun{shard, device, s, device != home || stage_all});
      } catch (...) {
        failure = std::current_exception();
      }
      // Recorded even after a failed launch: what the shard queued before it failed is joined too.
      cuda_check(cudaEventRecord(finished, s), "cudaEventRecord");
      done.push_back(finished);
      if (failure) break;
    }
  } catch (...) {
    failure = std::current_exception();
  }
  guard.set(home);
  for (const cudaEvent_t e : done) {
    (void)cudaStreamWaitEvent(stream, e, 0);
    (void)cudaEventDestroy(e);  // released once the event completes
  }
  (void)cudaEventDestroy(ready);
  if (failure) std::rethrow_exception(failure);
}

}  // namespace warpnum::WARPNUM_ABI::batch::detail

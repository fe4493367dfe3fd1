// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/memory.hpp: the memory a batch owns: device memory from CUDA's stream-ordered pool
// (cudaMallocAsync / cudaFreeAsync on the batch's stream) or aligned host memory, and whether a GPU is there.
// Compiles with g++ (host memory only) and nvcc.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/layout.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/out_of_memory.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace warpnum::WARPNUM_ABI {

/// Whether batches placed automatically go to the GPU: compiled by nvcc, and CUDA reports a device. Checked
/// once per process.
inline bool gpu_available() noexcept {
#if WARPNUM_HAS_CUDA
  static const bool available = [] {
    int count = 0;
    const bool ok = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
    (void)cudaGetLastError();  // a failed query (no driver) must not stay as the sticky last error
    return ok;
  }();
  return available;
#else
  return false;
#endif
}

namespace batch::detail {

/// Throws std::runtime_error("warpnum: <what>: <CUDA's reason>") when a CUDA call failed, after clearing CUDA's last
/// error, so that a later launch check does not report this one again.
#if WARPNUM_HAS_CUDA
inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum: ") + what + ": " + cudaGetErrorString(e));
  }
}
#endif

/// `automatic` resolved: the device where gpu_available(), else the host. Asking for the device where there is
/// none throws std::runtime_error naming the fix.
inline Place resolve(Place p) {
  if (p == Place::automatic) return gpu_available() ? Place::device : Place::host;
  if (p == Place::device && !gpu_available()) {
#if WARPNUM_HAS_CUDA
    warpnum::detail::throw_error<std::runtime_error>(
        "warpnum: Batch on Place::device, but CUDA reports no GPU; use Place::host or automatic");
#else
    warpnum::detail::throw_error<std::runtime_error>(
        "warpnum: Batch on Place::device needs the program compiled by nvcc (this one was not); "
        "use Place::host or automatic");
#endif
  }
  return p;
}

/// Bytes owned in one place: device memory ordered on a stream, or host memory aligned to 64 bytes. Zeroed on
/// allocation. Moves, never copies.
class Buffer {
 public:
  Buffer() = default;
  Buffer(std::size_t bytes, Place place, stream_handle stream) : bytes_(bytes), place_(place), stream_(stream) {
    if (bytes == 0) return;
    if (place == Place::device) {
#if WARPNUM_HAS_CUDA
      const cudaError_t e = cudaMallocAsync(&data_, bytes, stream);
      if (e == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        data_ = nullptr;
        warpnum::detail::throw_exception(OutOfMemory(bytes, Place::device));
      }
      cuda_check(e, "cudaMallocAsync");
      cuda_check(cudaMemsetAsync(data_, 0, bytes, stream), "cudaMemsetAsync");
#endif
    } else {
      data_ = ::operator new(bytes, std::align_val_t{64}, std::nothrow);
      if (data_ == nullptr) warpnum::detail::throw_exception(OutOfMemory(bytes, Place::host));
      std::memset(data_, 0, bytes);
    }
  }
  Buffer(Buffer&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), bytes_(std::exchange(o.bytes_, 0)), place_(o.place_), stream_(o.stream_) {}
  Buffer& operator=(Buffer&& o) noexcept {
    if (this != &o) {
      release();
      data_ = std::exchange(o.data_, nullptr);
      bytes_ = std::exchange(o.bytes_, 0);
      place_ = o.place_;
      stream_ = o.stream_;
    }
    return *this;
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { release(); }

  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  Place place() const noexcept { return place_; }
  stream_handle stream() const noexcept { return stream_; }
  /// The stream the memory is freed on: the last one that used it (the free waits for that work).
  void set_stream(stream_handle s) noexcept { stream_ = s; }

 private:
  void release() noexcept {
    if (data_ == nullptr) return;
    if (place_ == Place::device) {
#if WARPNUM_HAS_CUDA
      (void)cudaFreeAsync(data_, stream_);
#endif
    } else {
      ::operator delete(data_, std::align_val_t{64});
    }
    data_ = nullptr;
  }

  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  Place place_ = Place::host;
  stream_handle stream_ = nullptr;
};

/// Copies `bytes` between places (host or device) on `stream`; waits only for copies into host memory.
inline void copy_bytes(void* dst, Place to, const void* src, Place from, std::size_t bytes, stream_handle stream) {
  if (bytes == 0) return;
  if (to == Place::host && from == Place::host) {
    std::memcpy(dst, src, bytes);
    return;
  }
#if WARPNUM_HAS_CUDA
  const cudaMemcpyKind kind = to == Place::device ? (from == Place::device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                                  : cudaMemcpyDeviceToHost;
  cuda_check(cudaMemcpyAsync(dst, src, bytes, kind, stream), "cudaMemcpyAsync");
  // Into host memory the caller reads next: wait. From pageable host memory CUDA has taken its copy when the
  // call returns, so nothing waits there.
  if (kind == cudaMemcpyDeviceToHost) cuda_check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
#else
  (void)stream;
  warpnum::detail::throw_error<std::logic_error>("warpnum: device memory in a build without CUDA");
#endif
}

/// Waits for the stream's work (nothing to wait for on the host).
inline void synchronize(Place place, stream_handle stream) {
#if WARPNUM_HAS_CUDA
  if (place == Place::device) cuda_check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
#else
  (void)place;
  (void)stream;
#endif
}

}  // namespace batch::detail
}  // namespace warpnum::WARPNUM_ABI

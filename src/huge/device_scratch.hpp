// SPDX-License-Identifier: Apache-2.0
// src/huge/device_scratch.hpp (private to warpnum::huge): DeviceScratch, device memory from the library's pool in a
// stream's order, released in that order on every exit; for the .cu files' kernels (CUDA builds only).
#pragma once
#include "engine.hpp"

#include <cstddef>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>

namespace warpnum::huge {

class DeviceScratch {
 public:
  DeviceScratch(std::size_t bytes, cudaStream_t stream) : stream_(stream) { ptr_ = device_allocate(bytes, stream); }
  ~DeviceScratch() { device_free(ptr_, stream_); }
  DeviceScratch(const DeviceScratch&) = delete;
  DeviceScratch& operator=(const DeviceScratch&) = delete;
  template <class T>
  T* as(std::size_t byte_offset = 0) const {
    return reinterpret_cast<T*>(static_cast<char*>(ptr_) + byte_offset);
  }

 private:
  void* ptr_ = nullptr;
  cudaStream_t stream_;
};

}  // namespace warpnum::huge
#endif

// SPDX-License-Identifier: Apache-2.0
// include/warpnum/detail/per_device.hpp: PerDevice<T>, a value made once for each GPU that asks for it, for what
// CUDA keeps per device rather than per process: a kernel's opt-in to more than 48 KiB of dynamic shared memory
// (cudaFuncSetAttribute applies to the current device's context, so a process that launches the kernel on two GPUs
// must set it on both) and what depends on a device's size (its SM count, the blocks resident at once). Plain C++:
// the caller names the device (cudaGetDevice), so the same body serves g++ and nvcc.
#pragma once

#include <mutex>
#include <utility>
#include <vector>

namespace warpnum::detail {

template <class T> class PerDevice {
 public:
  /// The value for `device`: make() the first time that device asks (under a lock, so once even when threads ask
  /// at once), the kept value after. A make() that throws keeps nothing: the next call tries again.
  template <class Make> T get(int device, Make&& make) {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [d, value] : values_) {
      if (d == device) return value;
    }
    T value = std::forward<Make>(make)();
    values_.emplace_back(device, value);
    return value;
  }

 private:
  std::mutex mutex_;
  std::vector<std::pair<int, T>> values_;
};

}  // namespace warpnum::detail

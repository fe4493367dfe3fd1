// SPDX-License-Identifier: Apache-2.0
// warpnum/gpu_architecture.hpp: the GPU architectures warpnum builds device code for, with the limits its tables
// and kernels depend on, and why the tables measured on sm_90 serve all of them. Plain C++ (no CUDA needed).
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>

namespace warpnum {

/// What warpnum's tables and kernels depend on in a GPU architecture (NVIDIA's CUDA C++ Programming Guide, table
/// "Technical Specifications per Compute Capability"). The same on every architecture below: 32 lanes a warp, 255
/// registers a thread, 65,536 registers an SM, 1,024 threads a block; these decide every choice of
/// default_mul_strategy (how many limbs a thread or lane holds in registers), which is why its table, measured on
/// sm_90, is the table for all of them. What differs is shared memory and threads an SM: every kernel's shared
/// memory fits the smallest block allowance below (99 KiB; checked at compile time beside each kernel and for every
/// architecture in tests/host/bigint/gpu_architecture_test.cpp), and the kernels size their grids by CUDA's
/// occupancy calculator at run time, so fewer resident blocks an SM (sm_86, sm_89, sm_120) cost speed, not results.
struct GpuArchitecture {
  int sm;                                 ///< compute capability times ten: 80 for 8.0
  const char* examples;                   ///< GPUs of this architecture
  std::size_t shared_bytes_per_block;     ///< the most shared memory one block may ask for (opt-in)
  std::size_t shared_bytes_per_sm;        ///< shared memory of an SM
  unsigned threads_per_sm;                ///< resident threads an SM
  unsigned registers_per_sm;              ///< 32-bit registers an SM
  unsigned registers_per_thread;          ///< the most registers one thread may use
  bool tables_measured;                   ///< warpnum's speed tables were measured on it (the others use sm_90's)
};

/// The architectures the library's default CUDA build holds real code for (PTX of the newest serves later ones).
inline constexpr GpuArchitecture gpu_architectures[] = {
    {80, "A100, A30", 163 * 1024, 164 * 1024, 2048, 65536, 255, false},
    {86, "A10, A40, RTX 30", 99 * 1024, 100 * 1024, 1536, 65536, 255, false},
    {89, "L4, L40, RTX 40", 99 * 1024, 100 * 1024, 1536, 65536, 255, false},
    {90, "H100, H200, GH200", 227 * 1024, 228 * 1024, 2048, 65536, 255, true},
    {100, "B200, GB200", 227 * 1024, 228 * 1024, 2048, 65536, 255, false},
    {120, "RTX 50, RTX PRO 6000", 99 * 1024, 100 * 1024, 1536, 65536, 255, false},
};

/// The least shared memory a block may ask for on any architecture above: every kernel of warpnum stays within it.
inline constexpr std::size_t min_shared_bytes_per_block = [] {
  std::size_t least = gpu_architectures[0].shared_bytes_per_block;
  for (const GpuArchitecture& a : gpu_architectures) least = a.shared_bytes_per_block < least ? a.shared_bytes_per_block : least;
  return least;
}();

/// The entry for compute capability `sm` (80 for 8.0), or nullptr for one warpnum does not build for.
constexpr const GpuArchitecture* find_gpu_architecture(int sm) noexcept {
  for (const GpuArchitecture& a : gpu_architectures)
    if (a.sm == sm) return &a;
  return nullptr;
}

}  // namespace warpnum

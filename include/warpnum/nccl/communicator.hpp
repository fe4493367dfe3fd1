// SPDX-License-Identifier: Apache-2.0
// warpnum/nccl/communicator.hpp: nccl::Communicator, one rank's handle on an NCCL communicator (RAII over
// ncclComm_t) on the CUDA device that was current when it was made, and nccl::unique_id, the id its ranks share.
//
//   ncclUniqueId id = warpnum::nccl::unique_id();             // on one rank; pass it to the others by any means
//   cudaSetDevice(local_gpu);
//   warpnum::nccl::Communicator comm(id, rank, ranks);        // collective: every rank, each on its own GPU
//   warpnum::nccl::gather_shards(mine, all, n, 0, comm, stream);  // <warpnum/nccl/shards.hpp>
//
// Over MPI, mpi::NcclCommunicator (<warpnum/mpi/nccl_communicator.hpp>) makes one from a communicator. NCCL takes
// one rank a GPU: ranks that share a GPU fail to make a communicator (std::runtime_error naming NCCL's reason).
// Needs NCCL's header and library (CMake: NCCL::NCCL from warpnum's cmake/FindNCCL.cmake) and CUDA's runtime;
// plain C++ over their C interfaces, the same in g++ and nvcc files.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/raise.hpp>

#include <cuda_runtime.h>
#include <nccl.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace warpnum::WARPNUM_ABI::nccl {
namespace detail {

/// Throws std::runtime_error naming the NCCL call, NCCL's reason and, where there is one, NCCL's last message.
inline void check(ncclResult_t rc, const char* what, ncclComm_t comm = nullptr) {
  if (rc == ncclSuccess) return;
  std::string text = std::string("warpnum::nccl: ") + what + ": " + ncclGetErrorString(rc);
  const char* last = ncclGetLastError(comm);
  if (last != nullptr && *last != '\0') text += std::string(" (") + last + ")";
  warpnum::detail::throw_error<std::runtime_error>(text);
}

/// Throws std::runtime_error naming the CUDA call and CUDA's reason.
inline void cuda_check(cudaError_t rc, const char* what) {
  if (rc == cudaSuccess) return;
  (void)cudaGetLastError();  // not left as the sticky last error
  warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum::nccl: ") + what + ": " +
                                                   cudaGetErrorString(rc));
}

/// Makes `device` current for its lifetime and restores the one before.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device) {
    cuda_check(cudaGetDevice(&before_), "cudaGetDevice");
    if (before_ != device) cuda_check(cudaSetDevice(device), "cudaSetDevice");
  }
  ~DeviceGuard() { (void)cudaSetDevice(before_); }
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int before_ = 0;
};

}  // namespace detail

/// A fresh communicator id (ncclGetUniqueId): made on one rank, which must live until every rank has made its
/// Communicator from it, and given to the others as its bytes. Throws std::runtime_error where NCCL cannot.
inline ncclUniqueId unique_id() {
  ncclUniqueId id{};
  detail::check(ncclGetUniqueId(&id), "ncclGetUniqueId");
  return id;
}

/// This rank's member of the NCCL communicator of `ranks` ranks that `id` names, on the CUDA device current when it
/// is made (ncclCommInitRank: collective, every rank of the communicator calls it, each on a GPU of its own).
/// Move-only; destroyed with ncclCommDestroy after the work queued on it. Throws std::invalid_argument for a rank
/// outside [0, ranks), std::runtime_error with NCCL's reason where NCCL refuses (two ranks on one GPU among them).
class Communicator {
 public:
  Communicator(const ncclUniqueId& id, int rank, int ranks) : rank_(rank), ranks_(ranks) {
    if (ranks < 1 || rank < 0 || rank >= ranks) {
      warpnum::detail::throw_error<std::invalid_argument>("warpnum::nccl::Communicator: rank " +
                                                          std::to_string(rank) + " of " + std::to_string(ranks));
    }
    detail::cuda_check(cudaGetDevice(&device_), "cudaGetDevice");
    detail::check(ncclCommInitRank(&comm_, ranks, id, rank), "ncclCommInitRank");
  }
  ~Communicator() {
    if (comm_ != nullptr) (void)ncclCommDestroy(comm_);
  }
  Communicator(Communicator&& other) noexcept
      : comm_(std::exchange(other.comm_, nullptr)), rank_(other.rank_), ranks_(other.ranks_), device_(other.device_) {}
  Communicator& operator=(Communicator&& other) noexcept {
    if (this != &other) {
      if (comm_ != nullptr) (void)ncclCommDestroy(comm_);
      comm_ = std::exchange(other.comm_, nullptr);
      rank_ = other.rank_;
      ranks_ = other.ranks_;
      device_ = other.device_;
    }
    return *this;
  }
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int rank() const noexcept { return rank_; }
  int size() const noexcept { return ranks_; }
  /// The CUDA device this rank's buffers and streams must be on.
  int device() const noexcept { return device_; }
  /// The NCCL handle, for NCCL calls of the caller's own (nullptr once moved from).
  ncclComm_t get() const noexcept { return comm_; }

 private:
  ncclComm_t comm_ = nullptr;
  int rank_ = 0;
  int ranks_ = 1;
  int device_ = 0;
};

}  // namespace warpnum::WARPNUM_ABI::nccl

// SPDX-License-Identifier: Apache-2.0
// warpnum/mpi/nccl_communicator.hpp: mpi::NcclCommunicator, an MPI communicator's ranks joined by NCCL where every
// rank has a GPU of its own, so that the collectives of <warpnum/mpi/nccl_collectives.hpp> move device shards from
// GPU to GPU; where they cannot (a rank without a GPU, two ranks on one GPU), it stays inactive and says why, and
// those collectives move the bytes by MPI through host memory, with the same results.
//
//   cudaSetDevice(local_rank);                                      // each rank its own GPU first
//   warpnum::mpi::NcclCommunicator nccl(MPI_COMM_WORLD);            // collective
//   if (!nccl.active()) std::printf("MPI only: %s\n", nccl.reason().c_str());
//   warpnum::Batch<T> all = warpnum::mpi::gather_batch(x, 0, nccl);  // rank 0: all n on its GPU
//
// Needs MPI, NCCL and CUDA's runtime (CMake: MPI::MPI_CXX, NCCL::NCCL, CUDA::cudart).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/mpi/distributed_batch.hpp>
#include <warpnum/nccl/communicator.hpp>

#include <cuda_runtime.h>
#include <mpi.h>
#include <nccl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::WARPNUM_ABI::mpi {

/// The ranks of an MPI communicator as one NCCL communicator, each on the CUDA device current when it is made
/// (collective over `comm`). Active only where every rank sees a GPU and no two ranks share one (the same host, by
/// NCCL_HOSTID where set, else the host name, and the same PCI bus id): NCCL refuses anything else. Otherwise
/// inactive, with reason() naming the first rank without a GPU or the first two ranks on one GPU. Throws
/// std::runtime_error where MPI or NCCL fails (every rank: the id is made on rank 0 and its success broadcast).
class NcclCommunicator {
 public:
  explicit NcclCommunicator(MPI_Comm comm) : comm_(comm) {
    const int rank = detail::rank_of(comm);
    const int ranks = detail::size_of(comm);
    Where mine{};
    int count = 0, device = 0;
    if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0 && cudaGetDevice(&device) == cudaSuccess) {
      char bus[32] = {};
      char host[64] = {};
      if (cudaDeviceGetPCIBusId(bus, static_cast<int>(sizeof bus), device) == cudaSuccess) {
        const char* id = std::getenv("NCCL_HOSTID");
        if (id != nullptr && *id != '\0') {
          std::snprintf(host, sizeof host, "%s", id);
        } else {
          (void)gethostname(host, sizeof host - 1);
        }
        std::snprintf(mine.text, sizeof mine.text, "%s on host %s", bus, host);
      }
    }
    (void)cudaGetLastError();  // a failed query (no driver, no GPU) must not stay as the sticky last error
    std::vector<Where> every(static_cast<std::size_t>(ranks));
    detail::check(MPI_Allgather(&mine, sizeof(Where), MPI_BYTE, every.data(), sizeof(Where), MPI_BYTE, comm),
                  "MPI_Allgather");
    for (int k = 0; k < ranks && reason_.empty(); ++k) {
      const char* at = every[static_cast<std::size_t>(k)].text;
      if (*at == '\0') {
        reason_ = "rank " + std::to_string(k) + " has no GPU";
        break;
      }
      for (int j = 0; j < k; ++j) {
        if (std::strcmp(every[static_cast<std::size_t>(j)].text, at) == 0) {
          reason_ = "ranks " + std::to_string(j) + " and " + std::to_string(k) + " share GPU " + at +
                    " (NCCL takes one rank a GPU: give each rank its own with cudaSetDevice before this)";
          break;
        }
      }
    }
    if (!reason_.empty()) return;
    Id id{};
    if (rank == 0) {
      id.ok = ncclGetUniqueId(&id.id) == ncclSuccess ? 1 : 0;
    }
    detail::check(MPI_Bcast(&id, sizeof(Id), MPI_BYTE, 0, comm), "MPI_Bcast");
    if (id.ok == 0) {
      warpnum::detail::throw_error<std::runtime_error>(
          "warpnum::mpi::NcclCommunicator: ncclGetUniqueId failed on rank 0 (NCCL_DEBUG=WARN says why)");
    }
    nccl_.emplace(id.id, rank, ranks);
  }

  /// Whether NCCL joins the ranks (the collectives over it then move device shards GPU to GPU).
  bool active() const noexcept { return nccl_.has_value(); }
  /// Why not, when not active (empty when active).
  const std::string& reason() const noexcept { return reason_; }
  MPI_Comm comm() const noexcept { return comm_; }
  /// The NCCL communicator; std::logic_error when not active.
  const nccl::Communicator& nccl() const {
    if (!nccl_) warpnum::detail::throw_error<std::logic_error>("warpnum::mpi::NcclCommunicator: inactive: " + reason_);
    return *nccl_;
  }

 private:
  struct Where {
    char text[128];  // "<PCI bus id> on host <host>", empty without a GPU
  };
  struct Id {
    int ok;
    ncclUniqueId id;
  };
  MPI_Comm comm_;
  std::optional<nccl::Communicator> nccl_;
  std::string reason_;
};

}  // namespace warpnum::WARPNUM_ABI::mpi

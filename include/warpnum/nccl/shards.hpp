// SPDX-License-Identifier: Apache-2.0
// warpnum/nccl/shards.hpp: n elements spread over the ranks of an NCCL communicator, rank k holding the k-th of
// devices::shard_of's contiguous shards in its GPU's memory, moved between the ranks' GPUs by NCCL, no host copy:
// gather_shards (every element, in order, to one rank), scatter_shards (from one rank) and all_gather_shards (every
// element to every rank).
//
//   warpnum::nccl::gather_shards(mine, all, n, root, comm, stream);      // all: n elements on root's GPU
//
// Asynchronous on `stream` (a stream of the communicator's GPU), as NCCL's calls are; the buffers must stay until
// it has run. Counts are std::size_t: a shard may pass 2^31 bytes. The elements move as their bytes, so T is any
// trivially copyable type, the same on every rank. Every rank passes the same n and root.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/nccl/communicator.hpp>

#include <cuda_runtime.h>
#include <nccl.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace warpnum::WARPNUM_ABI::nccl {
namespace detail {

inline devices::Shard shard(std::size_t n, int rank, const Communicator& comm) {
  return devices::shard_of(n, static_cast<std::size_t>(rank), static_cast<std::size_t>(comm.size()));
}

inline void check_root(int root, const Communicator& comm, const char* what) {
  if (root < 0 || root >= comm.size()) {
    warpnum::detail::throw_error<std::invalid_argument>(std::string("warpnum::nccl::") + what + ": root " +
                                                        std::to_string(root) + " of " +
                                                        std::to_string(comm.size()) + " ranks");
  }
}

/// Ends an NCCL group on every path out of the scope that began it (ncclGroupEnd launches what the group queued).
class Group {
 public:
  explicit Group(ncclComm_t comm) : comm_(comm) { check(ncclGroupStart(), "ncclGroupStart", comm); }
  void end() {
    ended_ = true;
    check(ncclGroupEnd(), "ncclGroupEnd", comm_);
  }
  ~Group() {
    if (!ended_) (void)ncclGroupEnd();
  }
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

 private:
  ncclComm_t comm_;
  bool ended_ = false;
};

}  // namespace detail

namespace detail {

/// gather_shards (ToRoot) and scatter_shards: rank `root`'s `all` against each rank's `mine`, one NCCL group of a
/// send and a receive a rank besides the root, the root's own shard copied on its GPU. Only the receiving side's
/// buffer is written (gather: `all`, scatter: `mine`).
template <bool ToRoot, class T>
void root_exchange(T* all, T* mine, std::size_t n, int root, const Communicator& comm, cudaStream_t stream,
                   const char* what) {
  check_root(root, comm, what);
  const DeviceGuard on(comm.device());
  const devices::Shard own = shard(n, comm.rank(), comm);
  Group group(comm.get());
  const auto transfer = [&](T* buffer, std::size_t count, int peer, bool receive) {
    check(receive ? ncclRecv(buffer, count * sizeof(T), ncclUint8, peer, comm.get(), stream)
                  : ncclSend(buffer, count * sizeof(T), ncclUint8, peer, comm.get(), stream),
          receive ? "ncclRecv" : "ncclSend", comm.get());
  };
  if (comm.rank() == root) {
    for (int k = 0; k < comm.size(); ++k) {
      const devices::Shard s = shard(n, k, comm);
      if (k != root && s.count != 0) transfer(all + s.first, s.count, k, ToRoot);
    }
  } else if (own.count != 0) {
    transfer(mine, own.count, root, !ToRoot);
  }
  group.end();
  if (comm.rank() == root && own.count != 0 && all + own.first != mine) {
    cuda_check(cudaMemcpyAsync(ToRoot ? all + own.first : mine, ToRoot ? mine : all + own.first, own.count * sizeof(T),
                               cudaMemcpyDeviceToDevice, stream),
               "cudaMemcpyAsync");
  }
}

}  // namespace detail

/// Every element, in order, into `all` on rank `root` (n elements of its GPU's memory; not read elsewhere: pass
/// nullptr). `mine` is this rank's shard, devices::shard_of(n, rank, ranks).count elements of device memory. One NCCL
/// group: a send from each other rank, the root's receives, the root's own shard copied on its GPU.
template <class T>
void gather_shards(const T* mine, T* all, std::size_t n, int root, const Communicator& comm, cudaStream_t stream) {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum::nccl::gather_shards needs a trivially copyable T");
  detail::root_exchange<true>(all, const_cast<T*>(mine), n, root, comm, stream, "gather_shards");  // mine: read
}

/// Each rank's shard of the n elements of `all` (device memory on rank `root`; not read elsewhere: pass nullptr)
/// into its `mine` (devices::shard_of(n, rank, ranks).count elements of its GPU's memory). One NCCL group.
template <class T>
void scatter_shards(const T* all, T* mine, std::size_t n, int root, const Communicator& comm, cudaStream_t stream) {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum::nccl::scatter_shards needs a trivially copyable T");
  detail::root_exchange<false>(const_cast<T*>(all), mine, n, root, comm, stream, "scatter_shards");  // all: read
}

/// Every element, in order, into `all` on every rank (n elements of each rank's GPU memory) from each rank's shard
/// `mine`: one NCCL group of a broadcast a rank (each rank's shard from it to all), the shards being of unequal
/// length where n is not a multiple of the ranks' warps. `mine` may be `all + shard.first` (in place).
template <class T>
void all_gather_shards(const T* mine, T* all, std::size_t n, const Communicator& comm, cudaStream_t stream) {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum::nccl::all_gather_shards needs a trivially copyable T");
  const detail::DeviceGuard on(comm.device());
  detail::Group group(comm.get());
  for (int k = 0; k < comm.size(); ++k) {
    const devices::Shard s = detail::shard(n, k, comm);
    if (s.count == 0) continue;
    // The send buffer is read on the rank that owns the shard only; elsewhere the receive buffer stands in.
    const void* from = k == comm.rank() ? static_cast<const void*>(mine) : static_cast<const void*>(all + s.first);
    detail::check(ncclBroadcast(from, all + s.first, s.count * sizeof(T), ncclUint8, k, comm.get(), stream),
                  "ncclBroadcast", comm.get());
  }
  group.end();
}

}  // namespace warpnum::WARPNUM_ABI::nccl

// SPDX-License-Identifier: Apache-2.0
// warpnum/mpi/nccl_collectives.hpp: gather, gather_batch, all_gather and scatter of a DistributedBatch over an
// mpi::NcclCommunicator: where it is active and every rank's shard is in its GPU's memory, NCCL moves the shards
// GPU to GPU (<warpnum/nccl/shards.hpp>), with no host copy but the one a host result asks for; otherwise MPI moves
// them through host memory, as the forms of <warpnum/mpi/distributed_batch.hpp> do. Same results either way.
//
//   warpnum::mpi::NcclCommunicator nccl(MPI_COMM_WORLD);
//   warpnum::Batch<T> all = warpnum::mpi::gather_batch(x, 0, nccl);     // rank 0: n elements on its GPU
//   warpnum::Batch<T> every = warpnum::mpi::all_gather(x, nccl);        // every rank: n elements
//   auto y = warpnum::mpi::scatter(all, 0, nccl);                       // a DistributedBatch, shards on the GPUs
//
// Each call is collective over the communicator. Which engine moves the bytes is decided on every call, by one
// MPI_Allreduce of one int: NCCL only where every rank's shard is on its GPU. A DistributedBatch of another
// communicator than the NcclCommunicator's (MPI_Comm_compare: neither identical nor congruent) throws
// std::invalid_argument.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/mpi/distributed_batch.hpp>
#include <warpnum/mpi/nccl_communicator.hpp>
#include <warpnum/nccl/shards.hpp>

#include <cuda_runtime.h>
#include <mpi.h>

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::WARPNUM_ABI::mpi {
namespace detail {

inline void check_same(MPI_Comm batch, const NcclCommunicator& c, const char* what) {
  int result = MPI_UNEQUAL;
  check(MPI_Comm_compare(batch, c.comm(), &result), "MPI_Comm_compare");
  if (result != MPI_IDENT && result != MPI_CONGRUENT) {
    warpnum::detail::throw_error<std::invalid_argument>(std::string("warpnum::mpi::") + what +
                                                        ": the DistributedBatch is over another communicator than "
                                                        "the NcclCommunicator's");
  }
}

/// Whether NCCL moves this call's bytes: the communicator is active and every rank says `mine` (one
/// MPI_Allreduce, so every rank takes the same engine).
inline bool use_nccl(const NcclCommunicator& c, bool mine) {
  if (!c.active()) return false;
  int all = mine ? 1 : 0;
  check(MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, c.comm()), "MPI_Allreduce");
  return all != 0;
}

/// A shard NCCL can send: in device memory, or empty where device memory can be had (nvcc, a GPU).
template <class T> bool on_device(const Batch<T>& b) {
  return b.place() == Place::device || (b.size() == 0 && gpu_available());
}

/// gather_batch's NCCL path: every element in order into a Batch on the root's GPU (empty elsewhere).
template <class T> Batch<T> nccl_gather(const DistributedBatch<T>& d, int root, const NcclCommunicator& c) {
  const bool at_root = rank_of(d.comm()) == root;
  Batch<T> all(at_root ? d.size() : 0, Place::device, d.local().stream());
  nccl::gather_shards(d.local().size() == 0 ? nullptr : d.local().data(), at_root ? all.data() : nullptr, d.size(),
                      root, c.nccl(), d.local().stream());
  return all;
}

}  // namespace detail

/// Every element in order, on rank `root` as a Batch (on its GPU where NCCL moved them; on the place a Batch of the
/// gathered values takes otherwise); the other ranks get an empty Batch. Asynchronous on the root's shard's stream
/// where NCCL moved the elements (reading them, as to_vector() does, waits).
template <class T> Batch<T> gather_batch(const DistributedBatch<T>& d, int root, const NcclCommunicator& c) {
  detail::check_same(d.comm(), c, "gather_batch");
  if (detail::use_nccl(c, detail::on_device(d.local()))) return detail::nccl_gather(d, root, c);
  return Batch<T>(gather(d, root));
}

/// Every element in order on rank `root` (the other ranks get an empty vector): by NCCL to the root's GPU, then read
/// back once, or by MPI through host memory.
template <class T> std::vector<T> gather(const DistributedBatch<T>& d, int root, const NcclCommunicator& c) {
  detail::check_same(d.comm(), c, "gather");
  if (detail::use_nccl(c, detail::on_device(d.local()))) return detail::nccl_gather(d, root, c).to_vector();
  return gather(d, root);
}

/// Every element in order on every rank, as a Batch (on each rank's GPU where NCCL moved them).
template <class T> Batch<T> all_gather(const DistributedBatch<T>& d, const NcclCommunicator& c) {
  detail::check_same(d.comm(), c, "all_gather");
  if (detail::use_nccl(c, detail::on_device(d.local()))) {
    Batch<T> all(d.size(), Place::device, d.local().stream());
    nccl::all_gather_shards(d.local().size() == 0 ? nullptr : d.local().data(), all.data(), d.size(), c.nccl(),
                            d.local().stream());
    return all;
  }
  return Batch<T>(all_gather(d));
}

/// The elements of `all`, given on rank `root` (the other ranks' `all` is not read: pass an empty Batch), spread
/// over the ranks as a DistributedBatch whose shards are on `place`. NCCL moves them where `all` is on the root's
/// GPU and every rank's shard goes to its GPU (place device, or automatic with a GPU); the root's `all` is waited
/// for first.
template <class T>
DistributedBatch<T> scatter(const Batch<T>& all, int root, const NcclCommunicator& c, Place place = Place::automatic) {
  const bool at_root = detail::rank_of(c.comm()) == root;
  unsigned long long n = at_root ? static_cast<unsigned long long>(all.size()) : 0;
  detail::check(MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, root, c.comm()), "MPI_Bcast");
  const bool shard_on_device = place == Place::device || (place == Place::automatic && gpu_available());
  if (detail::use_nccl(c, shard_on_device && (!at_root || detail::on_device(all)))) {
    DistributedBatch<T> out(static_cast<std::size_t>(n), c.comm(), Place::device);
    Batch<T>& mine = out.local();
    if (at_root && all.size() != 0) {
      nccl::detail::cuda_check(cudaStreamSynchronize(all.stream()), "cudaStreamSynchronize");
    }
    nccl::scatter_shards(at_root && n != 0 ? all.data() : nullptr, mine.size() == 0 ? nullptr : mine.data(),
                         static_cast<std::size_t>(n), root, c.nccl(), mine.stream());
    return out;
  }
  const std::vector<T> values = at_root ? all.to_vector() : std::vector<T>{};
  return scatter(std::span<const T>(values), root, c.comm(), place);
}

}  // namespace warpnum::WARPNUM_ABI::mpi

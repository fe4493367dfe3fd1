// SPDX-License-Identifier: Apache-2.0
// warpnum/mpi/distributed_batch.hpp: DistributedBatch<T>, n elements spread over the ranks of an MPI communicator,
// each rank holding one contiguous shard (devices::shard_of over the ranks, in rank order) as a Batch<T> on its GPU or
// its cores; and what crosses ranks: reduce (each rank's shard folded, then the ranks' values folded in rank order,
// on every rank), gather (every element, in order, to one rank), all_gather (to every rank) and scatter (from one
// rank).
//
//   warpnum::mpi::DistributedBatch<BigUInt<1024>> x(all_bases, MPI_COMM_WORLD);   // every rank keeps its shard
//   x.local() = powm(x.local(), e, m);                                           // element-wise: this rank's shard
//   auto product = warpnum::mpi::reduce(x, BigUInt<1024>{1u}, warpnum::multiplies_mod<1024>(m));
//   auto every = warpnum::mpi::gather(x, 0);                                     // rank 0: all n, in order
//   auto y = warpnum::mpi::scatter<BigUInt<1024>>(read_on_rank_0, 0, MPI_COMM_WORLD);  // from rank 0 to all
//
// Element-wise work never leaves a rank. The MPI calls move raw bytes (the value types are trivially copyable),
// so any MPI works, with any element type. Needs MPI's header and library (CMake: MPI::MPI_CXX). Where NCCL joins
// the ranks' GPUs, the forms of <warpnum/mpi/nccl_collectives.hpp> move device shards GPU to GPU instead.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/detail/raise.hpp>

#include <mpi.h>

#include <climits>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::WARPNUM_ABI::mpi {
namespace detail {

/// Throws std::runtime_error naming the MPI call and MPI's reason.
inline void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(rc, text, &length);
  warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum::mpi: ") + what + ": " +
                                                   std::string(text, static_cast<std::size_t>(length)));
}

inline int rank_of(MPI_Comm comm) {
  int r = 0;
  check(MPI_Comm_rank(comm, &r), "MPI_Comm_rank");
  return r;
}

inline int size_of(MPI_Comm comm) {
  int s = 0;
  check(MPI_Comm_size(comm, &s), "MPI_Comm_size");
  return s;
}

/// A byte count as MPI's int, or std::length_error naming what did not fit.
inline int byte_count(std::size_t bytes, const char* what) {
  if (bytes > static_cast<std::size_t>(INT_MAX)) {
    warpnum::detail::throw_error<std::length_error>(std::string("warpnum::mpi: ") + what + ": " +
                                                    std::to_string(bytes) + " bytes on one rank, past MPI's int count");
  }
  return static_cast<int>(bytes);
}

/// Each rank's shard of n elements of `size` bytes (devices::shard_of over the ranks) as MPI's byte counts and
/// offsets, for a gather or a scatter at the root.
inline void shard_bytes(std::size_t n, std::size_t size, int ranks, std::vector<int>& counts,
                        std::vector<int>& offsets, const char* what) {
  counts.resize(static_cast<std::size_t>(ranks));
  offsets.resize(static_cast<std::size_t>(ranks));
  for (int k = 0; k < ranks; ++k) {
    const devices::Shard s = devices::shard_of(n, static_cast<std::size_t>(k), static_cast<std::size_t>(ranks));
    counts[static_cast<std::size_t>(k)] = byte_count(s.count * size, what);
    offsets[static_cast<std::size_t>(k)] = byte_count(s.first * size, what);
  }
}

}  // namespace detail

/// n elements over the ranks of a communicator: rank r holds elements [first(), first() + local().size()), the
/// r-th of devices::shard_of's shards (whole warps of 32 elements but the last), as a Batch<T> of its own place.
/// Constructing one is collective in spirit (every rank gives the same n) but sends nothing.
template <class T> class DistributedBatch {
  static_assert(std::is_trivially_copyable_v<T>, "warpnum: DistributedBatch<T> needs a trivially copyable T");

 public:
  using value_type = T;

  /// n zeros spread over the ranks of comm.
  DistributedBatch(std::size_t n, MPI_Comm comm, Place place = Place::automatic)
      : comm_(comm), n_(n), shard_(shard_for(n, comm)), local_(shard_.count, place) {}
  /// The elements of `all` (the whole sequence, the same on every rank: made or read there) spread over the ranks:
  /// each rank copies its own shard to its place.
  DistributedBatch(std::span<const T> all, MPI_Comm comm, Place place = Place::automatic)
      : comm_(comm), n_(all.size()), shard_(shard_for(all.size(), comm)),
        local_(all.subspan(shard_.first, shard_.count), place) {}

  /// This rank's shard given whole (`mine`, the shard_of(n, rank, ranks) elements): what mpi::scatter builds.
  DistributedBatch(std::size_t n, std::span<const T> mine, MPI_Comm comm, Place place = Place::automatic)
      : comm_(comm), n_(n), shard_(shard_for(n, comm)), local_(mine, place) {
    if (mine.size() != shard_.count) {
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum::mpi::DistributedBatch: this rank's shard has " + std::to_string(mine.size()) +
          " elements; devices::shard_of gives it " + std::to_string(shard_.count));
    }
  }

  /// This rank's shard: element-wise expressions run on it as on any Batch.
  Batch<T>& local() noexcept { return local_; }
  const Batch<T>& local() const noexcept { return local_; }
  /// All the ranks' elements.
  std::size_t size() const noexcept { return n_; }
  /// The index of this rank's first element.
  std::size_t first() const noexcept { return shard_.first; }
  MPI_Comm comm() const noexcept { return comm_; }

 private:
  static devices::Shard shard_for(std::size_t n, MPI_Comm comm) {
    return devices::shard_of(n, static_cast<std::size_t>(detail::rank_of(comm)),
                             static_cast<std::size_t>(detail::size_of(comm)));
  }
  MPI_Comm comm_;
  std::size_t n_;
  devices::Shard shard_;
  Batch<T> local_;
};

/// op(...op(op(init, r_0), r_1)..., r_last) on every rank (collective), where r_k is rank k's shard folded in order
/// from its first element and ranks without elements give none: init for n == 0. op is called on the host, and must
/// be associative (warpnum::plus, multiplies_mod, plus_mod, minimum, ...). The shard is read back to the host first,
/// after the work queued on its batch.
template <class T, class Op> T reduce(const DistributedBatch<T>& d, T init, Op op) {
  struct Part {
    T value;
    int present;
  };
  Part mine{};
  const std::vector<T> local = d.local().to_vector();
  if (!local.empty()) {
    mine.value = local[0];
    for (std::size_t i = 1; i < local.size(); ++i) mine.value = op(mine.value, local[i]);
    mine.present = 1;
  }
  const int ranks = detail::size_of(d.comm());
  std::vector<Part> parts(static_cast<std::size_t>(ranks));
  detail::check(MPI_Allgather(&mine, static_cast<int>(sizeof(Part)), MPI_BYTE, parts.data(),
                              static_cast<int>(sizeof(Part)), MPI_BYTE, d.comm()),
                "MPI_Allgather");
  T acc = init;
  for (const Part& p : parts) {
    if (p.present != 0) acc = op(acc, p.value);
  }
  return acc;
}

/// The elements of `all`, given on rank `root` only (the other ranks' `all` is not read: pass an empty span), spread
/// over the ranks of comm (collective): one MPI_Bcast of the count, one MPI_Scatterv of each rank's shard, which then
/// goes to its place. A shard past MPI's int count of bytes throws std::length_error.
template <class T>
DistributedBatch<T> scatter(std::span<const T> all, int root, MPI_Comm comm, Place place = Place::automatic) {
  const int ranks = detail::size_of(comm);
  const int rank = detail::rank_of(comm);
  unsigned long long n = rank == root ? static_cast<unsigned long long>(all.size()) : 0;
  detail::check(MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, root, comm), "MPI_Bcast");
  std::vector<int> counts, offsets;
  if (rank == root) detail::shard_bytes(n, sizeof(T), ranks, counts, offsets, "scatter");
  const devices::Shard s = devices::shard_of(n, static_cast<std::size_t>(rank), static_cast<std::size_t>(ranks));
  const std::unique_ptr<T[]> mine(new T[s.count == 0 ? 1 : s.count]);
  detail::check(MPI_Scatterv(rank == root ? all.data() : nullptr, counts.data(), offsets.data(), MPI_BYTE, mine.get(),
                             detail::byte_count(s.count * sizeof(T), "scatter"), MPI_BYTE, root, comm),
                "MPI_Scatterv");
  return DistributedBatch<T>(static_cast<std::size_t>(n), std::span<const T>(mine.get(), s.count), comm, place);
}

/// Every element in order on rank `root` (collective; the other ranks get an empty vector). A shard past MPI's int
/// count of bytes throws std::length_error.
template <class T> std::vector<T> gather(const DistributedBatch<T>& d, int root = 0) {
  const int ranks = detail::size_of(d.comm());
  const bool at_root = detail::rank_of(d.comm()) == root;
  const std::vector<T> local = d.local().to_vector();
  std::vector<int> counts, offsets;
  std::vector<T> all;
  if (at_root) {
    detail::shard_bytes(d.size(), sizeof(T), ranks, counts, offsets, "gather");
    all.resize(d.size());
  }
  detail::check(MPI_Gatherv(local.data(), detail::byte_count(local.size() * sizeof(T), "gather"), MPI_BYTE,
                            all.data(), counts.data(), offsets.data(), MPI_BYTE, root, d.comm()),
                "MPI_Gatherv");
  return all;
}

/// Every element in order on every rank (collective): one MPI_Allgatherv. A shard past MPI's int count of bytes
/// throws std::length_error.
template <class T> std::vector<T> all_gather(const DistributedBatch<T>& d) {
  const int ranks = detail::size_of(d.comm());
  const std::vector<T> local = d.local().to_vector();
  std::vector<int> counts, offsets;
  detail::shard_bytes(d.size(), sizeof(T), ranks, counts, offsets, "all_gather");
  std::vector<T> all(d.size());
  detail::check(MPI_Allgatherv(local.data(), detail::byte_count(local.size() * sizeof(T), "all_gather"), MPI_BYTE,
                               all.data(), counts.data(), offsets.data(), MPI_BYTE, d.comm()),
                "MPI_Allgatherv");
  return all;
}

}  // namespace warpnum::WARPNUM_ABI::mpi

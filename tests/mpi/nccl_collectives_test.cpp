// SPDX-License-Identifier: Apache-2.0
// tests/mpi/nccl_collectives_test.cpp: mpi::NcclCommunicator (mpi/nccl_communicator.hpp) and gather, gather_batch,
// all_gather and scatter over it (mpi/nccl_collectives.hpp), run by mpirun on 2 ranks (ctest mpi-nccl_collectives_test)
// where CMake finds NCCL. On the host's cores (no GPU, or shards in host memory) the communicator is inactive and says
// why, and the collectives move the shards by MPI: their results equal GMP's mpz_powm element by element, on the
// root (gather, gather_batch) and on every rank (all_gather), and a scatter from the root gives each rank its slice;
// for n = 0, 1, 33 and 1000, roots 0 and the last. Where MPI gives each rank a GPU of its own, the communicator is
// active and the same checks run the collectives on NCCL. A DistributedBatch of another communicator throws.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/mpi/distributed_batch.hpp>
#include <warpnum/mpi/nccl_collectives.hpp>
#include <warpnum/mpi/nccl_communicator.hpp>

#include <gmp.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using T = BigUInt<256>;

TEST(NcclCollectives, AgainstGmpOnEitherEngine) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const mpi::NcclCommunicator nccl(MPI_COMM_WORLD);
  EXPECT_NE(nccl.active(), !nccl.reason().empty()) << nccl.reason();
  if (!nccl.active()) {
    EXPECT_THROW((void)nccl.nccl(), std::logic_error);
  }
  if (rank == 0) std::printf("NcclCommunicator: %s\n", nccl.active() ? "active" : nccl.reason().c_str());
  for (const int root : {0, ranks - 1}) {
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}}) {
      SCOPED_TRACE("rank " + std::to_string(rank) + " of " + std::to_string(ranks) + ", root " +
                   std::to_string(root) + ", n = " + std::to_string(n));
      Rng rng(seed_for("nccl collectives", n));
      const T m = make_modulus<T>(rng, ModKind::odd);
      std::vector<T> base(n), exp(n);
      for (std::size_t i = 0; i < n; ++i) {
        base[i] = random_value<T>(rng);
        exp[i] = random_value<T>(rng);
      }
      std::vector<oracle::Mpz> want(n);
      for (std::size_t i = 0; i < n; ++i) {
        mpz_powm(want[i], oracle::to_mpz(base[i]), oracle::to_mpz(exp[i]), oracle::to_mpz(m));
      }
      // The bases from the root, as a Batch there; the exponents made on every rank.
      const Batch<T> given(rank == root ? base : std::vector<T>{});
      mpi::DistributedBatch<T> x = mpi::scatter(given, root, nccl);
      const mpi::DistributedBatch<T> e(std::span<const T>(exp), MPI_COMM_WORLD);
      const devices::Shard mine = devices::shard_of(n, static_cast<std::size_t>(rank), static_cast<std::size_t>(ranks));
      ASSERT_EQ(x.size(), n);
      ASSERT_EQ(x.first(), mine.first);
      const auto from = base.begin() + static_cast<std::ptrdiff_t>(mine.first);
      ASSERT_EQ(x.local().to_vector(), std::vector<T>(from, from + static_cast<std::ptrdiff_t>(mine.count)));
      if (mine.count > 0) x.local() = powm(x.local(), e.local(), m);

      const std::vector<T> at_root = mpi::gather(x, root, nccl);
      const std::vector<T> batch_at_root = mpi::gather_batch(x, root, nccl).to_vector();
      const std::vector<T> every = mpi::all_gather(x, nccl).to_vector();
      ASSERT_EQ(every.size(), n);
      for (std::size_t i = 0; i < n; ++i) EXPECT_TRUE(oracle::to_mpz(every[i]) == want[i]) << "all_gather " << i;
      if (rank == root) {
        ASSERT_EQ(at_root.size(), n);
        ASSERT_EQ(batch_at_root, at_root);
        for (std::size_t i = 0; i < n; ++i) EXPECT_TRUE(oracle::to_mpz(at_root[i]) == want[i]) << "gather " << i;
      } else {
        EXPECT_TRUE(at_root.empty());
        EXPECT_TRUE(batch_at_root.empty());
      }
    }
  }
}

TEST(NcclCollectives, AnotherCommunicatorThrows) {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks < 2) GTEST_SKIP() << "needs 2 ranks: MPI_COMM_SELF is MPI_COMM_WORLD's equal on one";
  const mpi::NcclCommunicator nccl(MPI_COMM_WORLD);
  const std::vector<T> values(40);
  const mpi::DistributedBatch<T> own(std::span<const T>(values), MPI_COMM_SELF);
  EXPECT_THROW((void)mpi::gather(own, 0, nccl), std::invalid_argument);
  EXPECT_THROW((void)mpi::gather_batch(own, 0, nccl), std::invalid_argument);
  EXPECT_THROW((void)mpi::all_gather(own, nccl), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/mpi/distributed_batch_test.cpp: warpnum::mpi::DistributedBatch, reduce, gather and all_gather
// (mpi/distributed_batch.hpp), run by mpirun on 2 ranks (ctest mpi-distributed_batch_test; any count works) on the
// host's cores: every rank makes the same seeded operands, keeps its shard, computes powm on it (one odd modulus, an
// exponent each), and the ranks' results, gathered to rank 0 in order, equal GMP's mpz_powm element by element; the
// product and the sum modulo m and the sum modulo 2^256 across ranks equal GMP's on every rank; for n = 0 (init
// comes back), 1 (one rank holds nothing), 33, 1000 and 4097 elements. Each rank's shard is the one devices::shard_of
// gives it. Gathered to every rank (all_gather), the same on each. scatter from one rank, and back by gather.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/mpi/distributed_batch.hpp>

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

TEST(DistributedBatch, PowmGatherAndReductionsAgainstGmp) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}, std::size_t{4097}}) {
    SCOPED_TRACE("rank " + std::to_string(rank) + " of " + std::to_string(ranks) + ", n = " + std::to_string(n));
    Rng rng(seed_for("distributed batch", n));
    const T m = make_modulus<T>(rng, ModKind::odd);
    std::vector<T> base(n), exp(n);
    for (std::size_t i = 0; i < n; ++i) {
      base[i] = random_value<T>(rng);
      exp[i] = random_value<T>(rng);
    }
    mpi::DistributedBatch<T> x(std::span<const T>(base), MPI_COMM_WORLD);
    const mpi::DistributedBatch<T> e(std::span<const T>(exp), MPI_COMM_WORLD);
    const devices::Shard mine = devices::shard_of(n, static_cast<std::size_t>(rank), static_cast<std::size_t>(ranks));
    ASSERT_EQ(x.size(), n);
    ASSERT_EQ(x.first(), mine.first);
    ASSERT_EQ(x.local().size(), mine.count);
    if (mine.count > 0) x.local() = powm(x.local(), e.local(), m);

    std::vector<oracle::Mpz> want(n);
    oracle::Mpz product(1L), sum_m(0L), sum(0L);
    for (std::size_t i = 0; i < n; ++i) {
      mpz_powm(want[i], oracle::to_mpz(base[i]), oracle::to_mpz(exp[i]), oracle::to_mpz(m));
      mpz_mul(product, product, want[i]);
      mpz_mod(product, product, oracle::to_mpz(m));
      mpz_add(sum_m, sum_m, want[i]);
      mpz_add(sum, sum, want[i]);
    }
    mpz_mod(sum_m, sum_m, oracle::to_mpz(m));
    mpz_fdiv_r_2exp(sum, sum, 256);

    const std::vector<T> all = mpi::gather(x, 0);
    if (rank == 0) {
      ASSERT_EQ(all.size(), n);
      for (std::size_t i = 0; i < n; ++i) {
        EXPECT_TRUE(oracle::to_mpz(all[i]) == want[i]) << "element " << i;
      }
    } else {
      EXPECT_TRUE(all.empty());
    }
    const std::vector<T> every = mpi::all_gather(x);
    ASSERT_EQ(every.size(), n);
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_TRUE(oracle::to_mpz(every[i]) == want[i]) << "all_gather, element " << i;
    }
    EXPECT_TRUE(oracle::to_mpz(mpi::reduce(x, T{1u}, multiplies_mod<256>(m))) == product);
    EXPECT_TRUE(oracle::to_mpz(mpi::reduce(x, T{}, plus_mod<256>(m))) == sum_m);
    EXPECT_TRUE(oracle::to_mpz(mpi::reduce(x, T{}, plus{})) == sum);
  }
}

// scatter from rank 0 and from the last rank: every rank's shard is devices::shard_of's slice of the root's
// sequence, and gathering it back gives the sequence; a shard given whole of the wrong size throws.
TEST(DistributedBatch, ScatterFromOneRankGathersBack) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  for (const int root : {0, ranks - 1}) {
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}}) {
      SCOPED_TRACE("rank " + std::to_string(rank) + " of " + std::to_string(ranks) + ", root " +
                   std::to_string(root) + ", n = " + std::to_string(n));
      Rng rng(seed_for("distributed scatter", n));
      std::vector<T> all(n);
      for (T& v : all) v = random_value<T>(rng);
      const std::span<const T> given = rank == root ? std::span<const T>(all) : std::span<const T>();
      const mpi::DistributedBatch<T> x = mpi::scatter(given, root, MPI_COMM_WORLD);
      const devices::Shard mine =
          devices::shard_of(n, static_cast<std::size_t>(rank), static_cast<std::size_t>(ranks));
      ASSERT_EQ(x.size(), n);
      ASSERT_EQ(x.first(), mine.first);
      const auto from = all.begin() + static_cast<std::ptrdiff_t>(mine.first);
      EXPECT_EQ(x.local().to_vector(), std::vector<T>(from, from + static_cast<std::ptrdiff_t>(mine.count)));
      const std::vector<T> back = mpi::gather(x, root);
      if (rank == root) {
        EXPECT_EQ(back, all);
      } else {
        EXPECT_TRUE(back.empty());
      }
    }
  }
  const std::vector<T> wrong(5);
  EXPECT_THROW(mpi::DistributedBatch<T>(std::size_t{1} << 20, std::span<const T>(wrong), MPI_COMM_WORLD),
               std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

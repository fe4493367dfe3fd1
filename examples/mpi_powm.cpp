// SPDX-License-Identifier: Apache-2.0
// examples/mpi_powm.cpp: modular exponentiation of many numbers spread over the ranks of an MPI job, each rank on
// its own cores (or, compiled by nvcc, its GPU), and the product of all results modulo m combined across ranks.
//
//   mpirun -np 2 warpnum-mpi-powm [--count N] [--bits 1024|2048]
//
// Every rank makes the same N seeded bases and exponents (as each would read its part of a file) and keeps its
// shard of them (warpnum::mpi::DistributedBatch); powm runs on each shard where it lives; warpnum::mpi::reduce
// folds the ranks' products modulo m in rank order on every rank. Rank 0 then checks the product and a sample of the
// results, gathered in order (warpnum::mpi::gather), against warpnum's one-number powm, and prints the time of each
// step. Exits 1 where a check fails.
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/mpi/distributed_batch.hpp>

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace {

/// splitmix64: the same numbers on every rank.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class T> T make(std::uint64_t salt, std::size_t i) {
  T x;
  for (int k = 0; k < T::num_limbs; ++k) {
    x.limbs_[k] = static_cast<std::uint32_t>(mix((salt << 48) ^ (std::uint64_t{i} << 16) ^ std::uint64_t(k)) >> 7);
  }
  return x;
}

template <std::size_t Bits> int run(std::size_t count, int rank, int ranks) {
  using T = warpnum::BigUInt<Bits>;
  using clock = std::chrono::steady_clock;
  T m = make<T>(3, 0);
  m.limbs_[0] |= 1u;                    // odd
  m.limbs_[T::num_limbs - 1] |= 1u << 31;  // full width
  std::vector<T> base(count), exp(count);
  for (std::size_t i = 0; i < count; ++i) {
    base[i] = make<T>(1, i);
    exp[i] = make<T>(2, i);
  }
  const auto t0 = clock::now();
  warpnum::mpi::DistributedBatch<T> x(std::span<const T>(base), MPI_COMM_WORLD);
  const warpnum::mpi::DistributedBatch<T> e(std::span<const T>(exp), MPI_COMM_WORLD);
  if (x.local().size() > 0) x.local() = warpnum::powm(x.local(), e.local(), m);
  const std::vector<T> mine = x.local().to_vector();  // waits for this rank's shard
  const auto t1 = clock::now();
  MPI_Barrier(MPI_COMM_WORLD);
  const auto t2 = clock::now();
  const T product = warpnum::mpi::reduce(x, T{1u}, warpnum::multiplies_mod<Bits>(m));
  const std::vector<T> all = warpnum::mpi::gather(x, 0);
  const auto t3 = clock::now();
  const auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
  std::printf("rank %d of %d: elements [%zu, %zu), powm %.1f ms\n", rank, ranks, x.first(),
              x.first() + x.local().size(), ms(t0, t1));
  std::fflush(stdout);
  int ok = 1;
  if (rank == 0) {
    const warpnum::multiplies_mod<Bits> times(m);
    T want{1u};
    for (std::size_t i = 0; i < count; ++i) {
      const T r = warpnum::powm(base[i], exp[i], m);
      if (i % 97 == 0 && std::memcmp(&r, &all[i], sizeof(T)) != 0) {
        std::printf("element %zu differs from powm\n", i);
        ok = 0;
      }
      want = times(want, r);
    }
    if (std::memcmp(&want, &product, sizeof(T)) != 0) {
      std::printf("the product across ranks differs from the product of powm's results\n");
      ok = 0;
    }
    std::printf("%zu powm of %zu bits over %d ranks: slowest rank done after the barrier %.1f ms; product mod m "
                "across ranks and gather %.1f ms; %s\n",
                count, Bits, ranks, ms(t0, t2), ms(t2, t3), ok ? "checked against powm: ok" : "FAILED");
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::size_t count = 20000;
  int bits = 1024;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--count" && i + 1 < argc) {
      count = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--bits" && i + 1 < argc) {
      bits = std::atoi(argv[++i]);
    } else {
      if (rank == 0) std::fprintf(stderr, "usage: mpirun -np R warpnum-mpi-powm [--count N] [--bits 1024|2048]\n");
      MPI_Finalize();
      return 2;
    }
  }
  const int rc = bits == 2048 ? run<2048>(count, rank, ranks) : run<1024>(count, rank, ranks);
  MPI_Finalize();
  return rc;
}

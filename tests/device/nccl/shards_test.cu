// SPDX-License-Identifier: Apache-2.0
// tests/device/nccl/shards_test.cu: nccl::Communicator (nccl/communicator.hpp) and gather_shards, scatter_shards and
// all_gather_shards (nccl/shards.hpp) on two ranks of NCCL. NCCL takes one rank a GPU, so on a machine of one GPU the
// test starts itself twice, each process posing as a host of its own (NCCL_HOSTID): NCCL then joins the two over
// its network transport, and the collectives run from device buffer to device buffer as between two nodes. Each
// rank computes powm on its shard (one odd modulus, an exponent each), the shards gathered to rank 1 and gathered
// to every rank equal GMP's mpz_powm element by element, and the shards scattered from rank 0 equal the elements
// each rank should hold; for n = 0, 1 (one rank holds nothing), 33, 1000 and 4097. Also one rank alone (gather,
// scatter and all_gather in place), and the argument checks.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/nccl/communicator.hpp>
#include <warpnum/nccl/shards.hpp>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gtest/gtest.h>
#include <nccl.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace warpnum::test {
namespace {

using T = BigUInt<256>;

constexpr const char* rank_variable = "WARPNUM_TEST_NCCL_RANK";
constexpr const char* folder_variable = "WARPNUM_TEST_NCCL_FOLDER";

struct Operands {
  std::vector<T> base, exp;
  T m;
};

Operands operands(std::size_t n) {
  Rng rng(seed_for("nccl shards", n));
  Operands o{std::vector<T>(n), std::vector<T>(n), make_modulus<T>(rng, ModKind::odd)};
  for (std::size_t i = 0; i < n; ++i) {
    o.base[i] = random_value<T>(rng);
    o.exp[i] = random_value<T>(rng);
  }
  return o;
}

void expect_powm(const std::vector<T>& got, const Operands& o, const char* what) {
  ASSERT_EQ(got.size(), o.base.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i) {
    oracle::Mpz want;
    mpz_powm(want, oracle::to_mpz(o.base[i]), oracle::to_mpz(o.exp[i]), oracle::to_mpz(o.m));
    ASSERT_TRUE(oracle::to_mpz(got[i]) == want) << what << ", element " << i;
  }
}

/// One rank's part of the two-rank test: powm on its shard, gathered to rank 1 and to every rank, and the bases
/// scattered from rank 0.
void run_rank(const nccl::Communicator& comm) {
  const int rank = comm.rank();
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}, std::size_t{4097}}) {
    SCOPED_TRACE("rank " + std::to_string(rank) + ", n = " + std::to_string(n));
    const Operands o = operands(n);
    const devices::Shard s = devices::shard_of(n, static_cast<std::size_t>(rank), 2);
    Batch<T> x(std::span<const T>(o.base).subspan(s.first, s.count), Place::device);
    const Batch<T> e(std::span<const T>(o.exp).subspan(s.first, s.count), Place::device);
    if (s.count != 0) x = powm(x, e, o.m);
    T* const mine = s.count == 0 ? nullptr : x.data();

    Batch<T> at_root(rank == 1 ? n : 0, Place::device);
    nccl::gather_shards(mine, rank == 1 ? at_root.data() : nullptr, n, 1, comm, x.stream());
    ASSERT_EQ(cudaStreamSynchronize(x.stream()), cudaSuccess);
    if (rank == 1) expect_powm(at_root.to_vector(), o, "gather_shards to rank 1");

    Batch<T> every(n, Place::device);
    nccl::all_gather_shards(mine, every.data(), n, comm, x.stream());
    ASSERT_EQ(cudaStreamSynchronize(x.stream()), cudaSuccess);
    expect_powm(every.to_vector(), o, "all_gather_shards");

    const Batch<T> from(rank == 0 ? o.base : std::vector<T>{}, Place::device);
    Batch<T> got(s.count, Place::device);
    nccl::scatter_shards(rank == 0 && n != 0 ? from.data() : nullptr, s.count == 0 ? nullptr : got.data(), n, 0, comm,
                         got.stream());
    const std::vector<T> want(o.base.begin() + static_cast<std::ptrdiff_t>(s.first),
                              o.base.begin() + static_cast<std::ptrdiff_t>(s.first + s.count));
    ASSERT_TRUE(got.to_vector() == want) << "scatter_shards from rank 0";
  }
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// A child: rank `WARPNUM_TEST_NCCL_RANK` of two. Rank 0 makes the NCCL id and leaves it in the folder for rank 1.
TEST(NcclShards, Rank) {
  const char* r = std::getenv(rank_variable);
  if (r == nullptr) GTEST_SKIP() << "a rank of NcclShards.TwoRanksOnNcclSockets, which starts it";
  const int rank = std::atoi(r);
  const std::filesystem::path folder = std::getenv(folder_variable);
  ncclUniqueId id{};
  if (rank == 0) {
    id = nccl::unique_id();
    {
      std::ofstream out(folder / "id.part", std::ios::binary);
      out.write(reinterpret_cast<const char*>(&id), sizeof id);
    }
    std::filesystem::rename(folder / "id.part", folder / "id");  // whole, or not there
  } else {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!std::filesystem::exists(folder / "id")) {
      ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "rank 0 left no NCCL id";
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::ifstream in(folder / "id", std::ios::binary);
    in.read(reinterpret_cast<char*>(&id), sizeof id);
    ASSERT_EQ(in.gcount(), static_cast<std::streamsize>(sizeof id));
  }
  const nccl::Communicator comm(id, rank, 2);
  ASSERT_EQ(comm.rank(), rank);
  ASSERT_EQ(comm.size(), 2);
  run_rank(comm);
}

class NcclShardsTest : public DeviceTest {};

/// Starts this program twice, as ranks 0 and 1, each a host of its own to NCCL; both must pass within 2 minutes.
TEST_F(NcclShardsTest, TwoRanksOnNcclSockets) {
  if (std::getenv(rank_variable) != nullptr) GTEST_SKIP() << "a rank itself";
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("warpnum-nccl-test-" + std::to_string(getpid()));
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::vector<pid_t> children;
  for (int rank = 0; rank < 2; ++rank) {
    std::vector<std::string> env;
    for (char** v = environ; *v != nullptr; ++v) {
      const std::string entry = *v;
      if (entry.rfind("NCCL_HOSTID=", 0) != 0 && entry.rfind("WARPNUM_TEST_NCCL_", 0) != 0) env.push_back(entry);
    }
    env.push_back(std::string(rank_variable) + "=" + std::to_string(rank));
    env.push_back(std::string(folder_variable) + "=" + folder.string());
    env.push_back("NCCL_HOSTID=warpnum-test-rank-" + std::to_string(rank));
    std::vector<char*> envp;
    for (std::string& entry : env) envp.push_back(entry.data());
    envp.push_back(nullptr);
    std::string self = "/proc/self/exe", filter = "--gtest_filter=NcclShards.Rank";
    char* argv[] = {self.data(), filter.data(), nullptr};
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    const std::string log = (folder / ("rank" + std::to_string(rank) + ".log")).string();
    posix_spawn_file_actions_addopen(&files, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&files, 1, 2);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, "/proc/self/exe", &files, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&files);
    ASSERT_EQ(rc, 0) << "posix_spawn";
    children.push_back(pid);
  }
  // A rank that fails leaves the other waiting in NCCL for its peer: the survivor is stopped then, as it is when
  // the two take longer than 2 minutes.
  std::vector<int> status(2, -1);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  for (int left = 2; left > 0;) {
    bool failed = false;
    for (std::size_t k = 0; k < 2; ++k) {
      if (status[k] == -1) {
        int st = 0;
        if (waitpid(children[k], &st, WNOHANG) == children[k]) {
          status[k] = st;
          --left;
        }
      }
      failed = failed || (status[k] != -1 && !(WIFEXITED(status[k]) && WEXITSTATUS(status[k]) == 0));
    }
    const bool late = std::chrono::steady_clock::now() > deadline;
    if (left > 0 && (failed || late)) {
      for (std::size_t k = 0; k < 2; ++k) {
        if (status[k] == -1) kill(children[k], SIGKILL);
      }
      for (std::size_t k = 0; k < 2; ++k) {
        if (status[k] == -1) waitpid(children[k], &status[k], 0);
      }
      if (late) ADD_FAILURE() << "the ranks did not finish within 2 minutes";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int rank = 0; rank < 2; ++rank) {
    const std::string log = read_file(folder / ("rank" + std::to_string(rank) + ".log"));
    const int st = status[static_cast<std::size_t>(rank)];
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "rank " << rank << ":\n" << log;
    EXPECT_NE(log.find("[  PASSED  ] 1 test"), std::string::npos) << "rank " << rank << " ran no test:\n" << log;
  }
  std::filesystem::remove_all(folder);
}

/// One rank alone: the collectives are copies on its GPU, in place too.
TEST_F(NcclShardsTest, OneRank) {
  const nccl::Communicator comm(nccl::unique_id(), 0, 1);
  EXPECT_EQ(comm.size(), 1);
  int device = -1;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  EXPECT_EQ(comm.device(), device);
  const Operands o = operands(1000);
  const Batch<T> x(o.base, Place::device);
  Batch<T> all(1000, Place::device), back(1000, Place::device), every(o.base, Place::device);
  nccl::gather_shards(x.data(), all.data(), 1000, 0, comm, nullptr);
  nccl::scatter_shards(all.data(), back.data(), 1000, 0, comm, nullptr);
  nccl::all_gather_shards(every.data(), every.data(), 1000, comm, nullptr);  // in place
  ASSERT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
  EXPECT_TRUE(all.to_vector() == o.base);
  EXPECT_TRUE(back.to_vector() == o.base);
  EXPECT_TRUE(every.to_vector() == o.base);
  EXPECT_THROW(nccl::gather_shards(x.data(), all.data(), 1000, 1, comm, nullptr), std::invalid_argument);
  EXPECT_THROW(nccl::scatter_shards(x.data(), all.data(), 1000, -1, comm, nullptr), std::invalid_argument);
}

TEST(NcclCommunicator, RankOutsideTheCommunicator) {
  const ncclUniqueId id{};  // not read: the rank is checked first
  EXPECT_THROW(nccl::Communicator(id, 2, 2), std::invalid_argument);
  EXPECT_THROW(nccl::Communicator(id, -1, 2), std::invalid_argument);
  EXPECT_THROW(nccl::Communicator(id, 0, 0), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

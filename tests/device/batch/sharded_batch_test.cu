// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/sharded_batch_test.cu: ShardedBatch (batch/sharded_batch.hpp) on one GPU with the lists {0, 0}
// and {0, 0, 0} (shards on streams of their own), devices::all() and {0}: element-wise expressions (a * b + c, powm
// with a host modulus, a destination that is also an operand) against GMP and against one Batch of the same elements;
// where each shard lives; statuses raised in one shard; reduce over the shards against GMP; copies and moves; the
// argument checks.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "device/staged_shards.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/algorithm/reduce.hpp>
#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/sharded_batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using T = BigUInt<256>;

class ShardedBatchTest : public DeviceTest {};

std::vector<T> random_values(std::size_t n, Rng& rng) {
  std::vector<T> v(n);
  for (T& x : v) x = random_value<T>(rng);
  return v;
}

TEST_F(ShardedBatchTest, ElementWiseAgainstGmpAndOneBatch) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}, std::size_t{40001}}) {
    Rng rng(seed_for("sharded batch", n));
    const std::vector<T> va = random_values(n, rng), vb = random_values(n, rng), vc = random_values(n, rng);
    const T m = make_modulus<T>(rng, ModKind::odd);
    const Batch<T> a1(va, Place::device), b1(vb, Place::device), c1(vc, Place::device);
    const Batch<T> fma1 = a1 * b1 + c1;
    const Batch<T> powm1 = powm(a1, b1, m);
    const std::vector<T> want_fma = fma1.to_vector(), want_powm = powm1.to_vector();
    for (std::size_t i = 0; i < n; i += 1 + n / 64) {  // the one-batch results, spot-checked against GMP
      oracle::Mpz f, p;
      mpz_mul(f, oracle::to_mpz(va[i]), oracle::to_mpz(vb[i]));
      mpz_add(f, f, oracle::to_mpz(vc[i]));
      mpz_fdiv_r_2exp(f, f, 256);
      mpz_powm(p, oracle::to_mpz(va[i]), oracle::to_mpz(vb[i]), oracle::to_mpz(m));
      ASSERT_TRUE(oracle::to_mpz(want_fma[i]) == f) << i;
      ASSERT_TRUE(oracle::to_mpz(want_powm[i]) == p) << i;
    }
    for (const devices& ds : one_gpu_lists()) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", " + list_name(ds));
      const ShardedBatch<T> a(ds, va), b(a.devices(), vb), c(a.devices(), vc);
      ShardedBatch<T> d(a.devices(), n);
      d.assign([](const auto& x, const auto& y, const auto& z) { return x * y + z; }, a, b, c);
      EXPECT_EQ(d.to_vector(), want_fma);
      d.assign([&](const auto& x, const auto& e) { return powm(x, e, m); }, a, b);
      EXPECT_EQ(d.to_vector(), want_powm);
      d.assign([](const auto& x, const auto& y) { return x + y; }, d, a);  // the destination is an operand
      std::vector<T> got = d.to_vector();
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], want_powm[i] + va[i]) << i;
      EXPECT_EQ(d.status(), Status::ok);
    }
  }
}

TEST_F(ShardedBatchTest, ShardsLiveWhereTheListSays) {
  const std::size_t n = 1000;
  Rng rng(seed_for("sharded batch places", n));
  const std::vector<T> v = random_values(n, rng);
  const ShardedBatch<T> x(devices{0, 0, 0}, v);
  ASSERT_EQ(x.shard_count(), 3u);
  EXPECT_EQ(x.size(), n);
  EXPECT_EQ(x.device_ids(), (std::vector<int>{0, 0, 0}));
  for (std::size_t k = 0; k < 3; ++k) {
    const devices::Shard s = devices::shard_of(n, k, 3);
    EXPECT_EQ(x.first(k), s.first);
    ASSERT_EQ(x.shard(k).size(), s.count);
    EXPECT_EQ(x.shard(k).place(), Place::device);
    cudaPointerAttributes attributes{};
    ASSERT_EQ(cudaPointerGetAttributes(&attributes, x.shard(k).data()), cudaSuccess);
    EXPECT_EQ(attributes.type, cudaMemoryTypeDevice);
    EXPECT_EQ(attributes.device, 0);
    const std::vector<T> part = x.shard(k).to_vector();
    EXPECT_EQ(part, std::vector<T>(v.begin() + static_cast<std::ptrdiff_t>(s.first),
                                   v.begin() + static_cast<std::ptrdiff_t>(s.first + s.count)));
  }
  // A short batch leaves the last shards empty; they still count, on their GPUs.
  const ShardedBatch<T> short_batch(devices{0, 0, 0}, std::vector<T>(v.begin(), v.begin() + 40));
  EXPECT_EQ(short_batch.shard(0).size(), 32u);
  EXPECT_EQ(short_batch.shard(1).size(), 8u);
  EXPECT_EQ(short_batch.shard(2).size(), 0u);
  EXPECT_EQ(short_batch.to_vector(), std::vector<T>(v.begin(), v.begin() + 40));
}

TEST_F(ShardedBatchTest, StatusFromAnyShard) {
  const std::size_t n = 1000;
  Rng rng(seed_for("sharded batch status", n));
  const std::vector<T> va = random_values(n, rng);
  std::vector<T> vb = random_values(n, rng);
  vb[n - 3] = T{};  // in the last shard
  const ShardedBatch<T> a(devices{0, 0}, va), b(a.devices(), vb);
  ShardedBatch<T> q(a.devices(), n);
  q.assign([](const auto& x, const auto& y) { return x / y; }, a, b);
  EXPECT_EQ(q.status(), Status::division_by_zero);
  const std::vector<T> got = q.to_vector();
  EXPECT_EQ(got[n - 3], ~T{});  // a / 0: every bit set, as for one batch
  EXPECT_EQ(got[0], va[0] / vb[0]);
  q.clear_status();
  EXPECT_EQ(q.status(), Status::ok);
}

TEST_F(ShardedBatchTest, ReduceAgainstGmp) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{40001}}) {
    Rng rng(seed_for("sharded batch reduce", n));
    const std::vector<T> v = random_values(n, rng);
    const T m = make_modulus<T>(rng, ModKind::odd);
    const T init = random_value<T>(rng) % m;
    oracle::Mpz sum = oracle::to_mpz(init), product = oracle::to_mpz(init);
    for (const T& x : v) {
      mpz_add(sum, sum, oracle::to_mpz(x));
      mpz_mul(product, product, oracle::to_mpz(x));
      mpz_mod(product, product, oracle::to_mpz(m));
    }
    mpz_mod(sum, sum, oracle::to_mpz(m));
    for (const devices& ds : one_gpu_lists()) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", " + list_name(ds));
      const ShardedBatch<T> x(ds, v);
      EXPECT_TRUE(oracle::to_mpz(reduce(x, init, plus_mod<256>(m))) == sum);
      EXPECT_TRUE(oracle::to_mpz(reduce(x, init, multiplies_mod<256>(m))) == product);
    }
  }
}

TEST_F(ShardedBatchTest, CopiesAndMoves) {
  const std::size_t n = 100;
  Rng rng(seed_for("sharded batch copies", n));
  const std::vector<T> v = random_values(n, rng);
  ShardedBatch<T> x(devices{0, 0}, v);
  ShardedBatch<T> copy = x;
  x.assign([](const auto& y) { return y + y; }, x);
  EXPECT_EQ(copy.to_vector(), v);  // the copy kept the elements
  ShardedBatch<T> moved = std::move(copy);
  EXPECT_EQ(moved.to_vector(), v);
  moved = x;
  EXPECT_EQ(moved.to_vector(), x.to_vector());
  EXPECT_EQ(moved.to_vector()[5], v[5] + v[5]);
}

TEST_F(ShardedBatchTest, ArgumentChecks) {
  const std::vector<T> v(100, T{7u});
  const ShardedBatch<T> two(devices{0, 0}, v), three(devices{0, 0, 0}, v);
  const ShardedBatch<T> shorter(devices{0, 0}, std::vector<T>(99, T{7u}));
  ShardedBatch<T> d(devices{0, 0}, 100);
  const auto add = [](const auto& x, const auto& y) { return x + y; };
  EXPECT_THROW(d.assign(add, two, three), std::invalid_argument);  // another list
  EXPECT_THROW(d.assign(add, two, shorter), std::invalid_argument);  // another size
  EXPECT_EQ(d.to_vector(), std::vector<T>(100, T{}));               // nothing ran
  std::vector<T> out(99);
  EXPECT_THROW(two.copy_to(out), std::invalid_argument);
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  EXPECT_THROW(ShardedBatch<T>(devices{0, count}, v), std::invalid_argument);
  EXPECT_THROW(ShardedBatch<T>(devices{-1}, 4), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

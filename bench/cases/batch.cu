// SPDX-License-Identifier: Apache-2.0
// bench/cases/batch.cu: what the batch layer costs. Batch mode only.
//   op mul,  strategy "Batch":   Batch<BigUInt<Bits>> c = a * b, beside the stand-alone kernels of cases/mul.cu
//                                  (thread-st is the same staged evaluation written by hand)
//   op fma2, strategy "fused":   e = a * b + c * d, one evaluation (reads 4 operands, writes 1)
//            strategy "unfused": t = a * b; u = c * d; e = t + u, three (reads 6, writes 3)
//            strategies "sharded-0", "sharded-0-0", "sharded-all": the fused expression on a ShardedBatch over the
//            lists {0}, {0, 0} and every GPU (batch/sharded_batch.hpp), each shard in its own GPU's memory; timed
//            until every shard's stream is done (a host wait a run, which "sharded-0" pays too)
// The "% memory" column is each case's rate against the copy bandwidth over the bytes it must move, so the fused
// case's own ceiling is 9/5 of the unfused one's.
#include "base.cuh"

#include <warpnum/batch.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/sharded_batch.hpp>
#include <warpnum/bigint.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace warpnum::bench {
namespace {

/// n operands of the stream `salt`, generated on the device straight into a batch.
template <class T> Batch<T> device_operands(std::size_t n, std::uint64_t salt) {
  Batch<T> b(n, Place::device);
  fill_operands<<<static_cast<unsigned>((n + 255) / 256), 256>>>(b.data(), n, salt);
  WARPNUM_BENCH_CUDA(cudaGetLastError());
  return b;
}

/// Spot checks 16 results of a batch against the host.
template <class T, class Want> void spot_check_batch(Measurement& m, const Batch<T>& got, Want&& want) {
  const std::vector<T> v = got.to_vector();
  for (std::size_t k = 0; k < 16 && k < v.size(); ++k) {
    const std::size_t i = (k * (v.size() / 16) + k) % v.size();
    if (!(v[i] == want(i))) {
      m.correct = false;
      m.note = "result " + std::to_string(i) + " differs from the host's";
      return;
    }
  }
}

/// The elements of one GPU's batch (GPU 0) spread like `like`: each shard copied to its own GPU.
template <class T> void spread(ShardedBatch<T>& out, const Batch<T>& from) {
  for (std::size_t k = 0; k < out.shard_count(); ++k) {
    Batch<T>& s = out.shard(k);
    if (s.size() == 0) continue;
    WARPNUM_BENCH_CUDA(
        cudaMemcpyPeer(s.data(), out.device_ids()[k], from.data() + out.first(k), 0, s.size() * sizeof(T)));
  }
}

/// The case fma2 over a ShardedBatch on `ds` (named by `strategy`).
template <std::size_t Bits> void add_fma2_sharded(const char* strategy, std::vector<int> ids) {
  using T = BigUInt<Bits>;
  Case f;
  f.op = "fma2";
  f.strategy = strategy;
  f.bits = static_cast<int>(Bits);
  f.batch = [ids](const Params& p) {
    const devices ds = ids.empty() ? devices::all() : devices(ids);
    const std::size_t n = std::min(p.batch, p.batch_bytes / (7 * sizeof(T)));
    ShardedBatch<T> a(ds, n);
    ShardedBatch<T> b(a.devices(), n), x(a.devices(), n), y(a.devices(), n), e(a.devices(), n);
    spread(a, device_operands<T>(n, 3));
    spread(b, device_operands<T>(n, 4));
    spread(x, device_operands<T>(n, 5));
    spread(y, device_operands<T>(n, 6));
    Measurement m;
    m.seconds = time_runs(p.runs, [&] {
      e.assign([](const auto& a1, const auto& b1, const auto& x1, const auto& y1) { return a1 * b1 + x1 * y1; }, a, b,
               x, y);
      e.synchronize();
    });
    m.ops = static_cast<double>(n);
    m.bytes = static_cast<double>(n) * 5 * sizeof(T);
    const std::vector<T> v = e.to_vector();
    for (std::size_t k = 0; k < 16 && k < n; ++k) {
      const std::size_t i = (k * (n / 16) + k) % n;
      if (!(v[i] == operand<T>(3, i) * operand<T>(4, i) + operand<T>(5, i) * operand<T>(6, i))) {
        m.correct = false;
        m.note = "result " + std::to_string(i) + " differs from the host's";
        break;
      }
    }
    return m;
  };
  registry().push_back(f);
}

template <std::size_t Bits> void add_width() {
  using T = BigUInt<Bits>;
  Case c;
  c.op = "mul";
  c.strategy = "Batch";
  c.bits = static_cast<int>(Bits);
  c.batch = [](const Params& p) {
    const std::size_t n = std::min(p.batch, p.batch_bytes / (3 * sizeof(T)));
    const Batch<T> a = device_operands<T>(n, 3);
    const Batch<T> b = device_operands<T>(n, 4);
    Batch<T> out(n, Place::device);
    Measurement m;
    m.seconds = time_runs(p.runs, [&] { out = a * b; });
    m.ops = static_cast<double>(n);
    m.bytes = static_cast<double>(n) * 3 * sizeof(T);
    spot_check_batch(m, out, [&](std::size_t i) { return operand<T>(3, i) * operand<T>(4, i); });
    return m;
  };
  registry().push_back(c);

  if constexpr (Bits <= 2048) {
    for (const bool fused : {true, false}) {
      Case f;
      f.op = "fma2";
      f.strategy = fused ? "fused" : "unfused";
      f.bits = static_cast<int>(Bits);
      f.batch = [fused](const Params& p) {
        const std::size_t n = std::min(p.batch, p.batch_bytes / (7 * sizeof(T)));
        const Batch<T> a = device_operands<T>(n, 3);
        const Batch<T> b = device_operands<T>(n, 4);
        const Batch<T> x = device_operands<T>(n, 5);
        const Batch<T> y = device_operands<T>(n, 6);
        Batch<T> e(n, Place::device);
        Batch<T> t(n, Place::device);
        Batch<T> u(n, Place::device);
        Measurement m;
        m.seconds = time_runs(p.runs, [&] {
          if (fused) {
            e = a * b + x * y;
          } else {
            t = a * b;
            u = x * y;
            e = t + u;
          }
        });
        m.ops = static_cast<double>(n);
        m.bytes = static_cast<double>(n) * (fused ? 5 : 9) * sizeof(T);
        spot_check_batch(m, e, [&](std::size_t i) {
          return operand<T>(3, i) * operand<T>(4, i) + operand<T>(5, i) * operand<T>(6, i);
        });
        return m;
      };
      registry().push_back(f);
    }
    add_fma2_sharded<Bits>("sharded-0", {0});
    add_fma2_sharded<Bits>("sharded-0-0", {0, 0});
    add_fma2_sharded<Bits>("sharded-all", {});
  }
}

}  // namespace

void register_batch_cases() {
  add_width<256>();
  add_width<1024>();
  add_width<2048>();
  add_width<4096>();
}

}  // namespace warpnum::bench

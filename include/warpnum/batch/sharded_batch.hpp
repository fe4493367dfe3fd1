// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/sharded_batch.hpp: ShardedBatch<T>, n elements spread over several GPUs of this node: shard k (the
// k-th of devices::shard_of's contiguous shards) is a Batch<T> in the memory of the list's k-th GPU, on a stream of its
// own. An element-wise expression runs shard by shard, each on its GPU, reading and writing only that GPU's memory, so
// arithmetic bound by memory scales with the GPUs where a batch whose arrays live on one GPU cannot (docs/scaling.md).
//
//   warpnum::ShardedBatch<BigUInt<1024>> a(warpnum::devices::all(), host_a), b(a.devices(), host_b);
//   warpnum::ShardedBatch<BigUInt<1024>> d(a.devices(), a.size());
//   d.assign([&](const auto& x, const auto& y) { return x * y + c; }, a, b);   // every GPU at once, one kernel each
//   std::vector<BigUInt<1024>> out = d.to_vector();                          // in order
//   auto sum = warpnum::reduce(d, BigUInt<1024>{}, warpnum::plus_mod<1024>(m));   // <warpnum/algorithm/reduce.hpp>
//
// assign(f, operands...) evaluates f(operand shards...), an expression of Batch<T> (any the batch layer accepts:
// scalars, powm, conversions), into each shard: one kernel a shard, queued on the shard's stream without waiting, the
// GPUs working at once. Every operand must be spread like the destination (the same device list and size), or the call
// throws std::invalid_argument before anything runs. Needs nvcc.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/sharded_batch.hpp runs on several GPUs: compile this file with nvcc"
#endif

#include <warpnum/batch.hpp>
#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cuda_runtime.h>

#include <bit>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace warpnum::WARPNUM_ABI {

/// n elements of T over the GPUs of a device list, one contiguous shard an entry (devices::shard_of: whole warps of 32
/// elements but the last), shard k a Batch<T, L> on GPU ids()[k] and stream k of that GPU. A list may repeat a GPU
/// ({0, 0}: two shards, two streams, one GPU). Moves and copies (a copy copies every shard on its own GPU).
template <class T, Layout L = Layout::contiguous> class ShardedBatch {
 public:
  using value_type = T;
  static constexpr Layout layout = L;

  /// n zeros over the GPUs of `ds` (an id that names no GPU: std::invalid_argument; devices::all() on a machine
  /// without a GPU: std::runtime_error).
  ShardedBatch(const warpnum::devices& ds, std::size_t n) : ids_(batch::detail::resolve_devices(ds)), n_(n) {
    make_shards([](std::size_t, std::size_t, std::size_t count, cudaStream_t stream) {
      return Batch<T, L>(count, Place::device, stream);
    });
  }
  /// The elements of `values` (host memory) over the GPUs of `ds`, in order.
  ShardedBatch(const warpnum::devices& ds, std::span<const T> values)
      : ids_(batch::detail::resolve_devices(ds)), n_(values.size()) {
    make_shards([&](std::size_t, std::size_t first, std::size_t count, cudaStream_t stream) {
      return Batch<T, L>(values.subspan(first, count), Place::device, stream);
    });
  }
  ShardedBatch(const warpnum::devices& ds, const std::vector<T>& values)
      : ShardedBatch(ds, std::span<const T>(values.data(), values.size())) {}

  ShardedBatch(const ShardedBatch& o) : ids_(o.ids_), n_(o.n_) {
    make_shards([&](std::size_t k, std::size_t, std::size_t, cudaStream_t) { return Batch<T, L>(o.shards_[k]); });
  }
  ShardedBatch(ShardedBatch&& o) noexcept = default;
  ShardedBatch& operator=(const ShardedBatch& o) {
    if (this != &o) *this = ShardedBatch(o);
    return *this;
  }
  ShardedBatch& operator=(ShardedBatch&& o) noexcept {
    if (this != &o) {
      release();
      ids_ = std::move(o.ids_);
      n_ = o.n_;
      shards_ = std::move(o.shards_);
    }
    return *this;
  }
  /// Frees each shard's memory on its GPU's stream (after the work queued there).
  ~ShardedBatch() { release(); }

  /// shard k = f(operands' shard k...) for every shard, each on its GPU and stream, one kernel a shard (what f
  /// returns: an expression of Batch<T>, or a Batch). Returns at once. f is called once a shard, on the host, with the
  /// shard's GPU current; it may capture host values (moduli, scalars) by reference. Operands spread otherwise than
  /// this batch (another device list or size) throw std::invalid_argument before any shard runs. A destination that is
  /// also an operand is allowed, as for Batch.
  template <class F, class... Operands> ShardedBatch& assign(F&& f, const Operands&... operands) {
    (check_spread(operands), ...);
    for_each_shard([&](std::size_t k) { shards_[k] = f(operands.shards_[k]...); });
    return *this;
  }

  /// Every element, in order, in a host vector (waits for each shard's stream).
  std::vector<T> to_vector() const {
    std::vector<T> out(n_);
    copy_to(std::span<T>(out));
    return out;
  }
  /// Every element, in order, into host memory (out.size() == size(); waits for each shard's stream).
  void copy_to(std::span<T> out) const {
    if (out.size() != n_) {
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: ShardedBatch::copy_to: the span's size differs from the batch's");
    }
    for_each_shard([&](std::size_t k) { shards_[k].copy_to(out.subspan(first(k), shards_[k].size())); });
  }

  std::size_t size() const noexcept { return n_; }
  bool empty() const noexcept { return n_ == 0; }
  /// The device list as resolved (devices::all() becomes every GPU's ordinal), one entry a shard.
  warpnum::devices devices() const { return warpnum::devices(ids_); }
  /// The GPU of each shard.
  const std::vector<int>& device_ids() const noexcept { return ids_; }
  std::size_t shard_count() const noexcept { return shards_.size(); }
  /// Shard k: elements [first(k), first(k) + shard(k).size()) in GPU device_ids()[k]'s memory. Work on it directly
  /// (one-GPU calls, Thrust) with that GPU current, on shard(k).stream() or after synchronising it.
  Batch<T, L>& shard(std::size_t k) { return shards_.at(k); }
  const Batch<T, L>& shard(std::size_t k) const { return shards_.at(k); }
  std::size_t first(std::size_t k) const noexcept { return warpnum::devices::shard_of(n_, k, ids_.size()).first; }

  /// Waits for every shard's stream.
  void synchronize() const {
    for_each_shard([&](std::size_t k) { shards_[k].synchronize(); });
  }
  /// The errors raised by elements of the evaluations into any shard (waits): the lowest-numbered Status raised, as
  /// Batch::status().
  Status status() const {
    const unsigned f = status_flags();
    return f == 0 ? Status::ok : static_cast<Status>(std::countr_zero(f));
  }
  /// Every Status raised in any shard, as bits (bit s for Status s); waits.
  unsigned status_flags() const {
    unsigned f = 0;
    for_each_shard([&](std::size_t k) { f |= shards_[k].status_flags(); });
    return f;
  }
  void clear_status() {
    for_each_shard([&](std::size_t k) { shards_[k].clear_status(); });
  }

 private:
  template <class U, Layout L2> friend class ShardedBatch;

  /// f(k) for every shard k, in order, with shard k's GPU current; the caller's device is put back.
  template <class F> void for_each_shard(F&& f) const {
    batch::detail::DeviceGuard guard;
    for (std::size_t k = 0; k < shards_.size(); ++k) {
      guard.set(ids_[k]);
      f(k);
    }
  }

  /// One shard an entry of ids_ (empty ones too, so that shard k is always the list's k-th GPU), each made by
  /// make(k, first, count, stream) with its GPU current. What a failed make leaves is freed on its GPU.
  template <class Make> void make_shards(Make&& make) {
    batch::detail::DeviceGuard guard;
    shards_.reserve(ids_.size());
    try {
      for (std::size_t k = 0; k < ids_.size(); ++k) {
        guard.set(ids_[k]);
        const warpnum::devices::Shard s = warpnum::devices::shard_of(n_, k, ids_.size());
        shards_.push_back(make(k, s.first, s.count, batch::detail::shard_stream(ids_[k], k)));
      }
    } catch (...) {
      release();
      throw;
    }
  }

  template <class U, Layout L2> void check_spread(const ShardedBatch<U, L2>& o) const {
    if (o.n_ != n_ || o.ids_ != ids_) {
      warpnum::detail::throw_error<std::invalid_argument>(
          "warpnum: ShardedBatch::assign: an operand is spread over other GPUs or has another size than the "
          "destination (make it with the destination's devices() and size())");
    }
  }

  /// Each shard's memory freed with its GPU current.
  void release() noexcept {
    if (shards_.empty()) return;
    int saved = 0;
    const bool restore = cudaGetDevice(&saved) == cudaSuccess;
    for (std::size_t k = shards_.size(); k-- > 0;) {
      (void)cudaSetDevice(ids_[k]);
      shards_.pop_back();
    }
    if (restore) (void)cudaSetDevice(saved);
  }

  std::vector<int> ids_;
  std::size_t n_ = 0;
  std::vector<Batch<T, L>> shards_;
};

}  // namespace warpnum::WARPNUM_ABI

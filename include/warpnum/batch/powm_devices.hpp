// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/powm_devices.hpp: powm_n's three forms over several GPUs of this node: the elements split into one
// contiguous shard an entry of the device list (devices::shard_of), each shard the one-GPU powm_n on a stream of its
// own, the results in place and in order.
//
//   warpnum::powm_n(warpnum::devices{0, 1}, d_base, d_exp, m, d_out, n);     // arrays on the current GPU
//   warpnum::powm_n(warpnum::devices::all(), d_base, e, m, d_out, n, stream);
//
// The arrays live on one GPU (the one holding `out`); a shard on another GPU copies its elements there and its
// results back (cudaMemcpyPeerAsync), a shard on the arrays' own GPU reads them in place. Asynchronous on `stream`
// (a stream of the arrays' GPU; default: its legacy default stream), as the one-GPU forms are: the shards start
// after the work queued there, and the work queued there afterwards starts after every shard. Needs nvcc.
#pragma once

#include <warpnum/config.hpp>

#if !defined(__CUDACC__)
#  error "warpnum/batch/powm_devices.hpp launches kernels: compile this file with nvcc"
#endif

#include <warpnum/batch/detail/multi_device.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/powm.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace warpnum::WARPNUM_ABI {
namespace batch::detail {

/// p + first, or p where p is null or points to void (an argument the form does not have).
template <class P> P* shard_at(P* p, std::size_t first) noexcept {
  if constexpr (std::is_void_v<P>) {
    return p;
  } else {
    return p == nullptr ? p : p + first;
  }
}

/// One shard of a powm_n call: the one-GPU form `one(base, exp, mod, out, status, count, stream)` on the shard's
/// elements, in place or (on another GPU) on copies. Exp is a device array (an exponent each) or void (one
/// exponent, captured by `one`); Mod likewise (a modulus each) or void.
template <class T, class Exp, class Mod, class One>
void powm_shard(const ShardRun& run, int home, const T* base, const Exp* exp, const Mod* mod, T* out, Status* status,
                One&& one) {
  const std::size_t first = run.shard.first, count = run.shard.count;
  if (!run.staged) {
    one(base + first, shard_at(exp, first), shard_at(mod, first), out + first, shard_at(status, first), count,
        run.stream);
    return;
  }
  const ShardArray<T> b(run, count), o(run, count);
  b.load(base + first, home);
  if constexpr (std::is_void_v<Exp> && std::is_void_v<Mod>) {
    one(b.get(), nullptr, nullptr, o.get(), nullptr, count, run.stream);
  } else if constexpr (std::is_void_v<Mod>) {
    const ShardArray<Exp> x(run, count);
    x.load(exp + first, home);
    one(b.get(), x.get(), nullptr, o.get(), nullptr, count, run.stream);
  } else {
    const ShardArray<Exp> x(run, count);
    const ShardArray<Mod> m(run, count);
    x.load(exp + first, home);
    m.load(mod + first, home);
    if (status == nullptr) {
      one(b.get(), x.get(), m.get(), o.get(), nullptr, count, run.stream);
    } else {
      const ShardArray<Status> s(run, count);
      one(b.get(), x.get(), m.get(), o.get(), s.get(), count, run.stream);
      s.store(status + first, home);
    }
  }
  o.store(out + first, home);
}

/// The GPU holding `out` (the arrays' GPU), with the caller's current device as the fallback.
inline int arrays_device(const void* out) {
  int current = 0;
  cuda_check(cudaGetDevice(&current), "cudaGetDevice");
  return device_of(out, current);
}

}  // namespace batch::detail

/// out[i] = base[i]^exp[i] mod m for i < n over the GPUs of `ds`: the same results as the one-GPU form. An id that
/// names no GPU throws std::invalid_argument and m == 0 std::domain_error, before any launch.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const devices& ds, const BigUInt<Bits>* base, const BigUInt<EBits>* exp, const BigUInt<Bits>& m,
            BigUInt<Bits>* out, std::size_t n, cudaStream_t stream = nullptr) {
  const std::vector<int> ids = batch::detail::resolve_devices(ds);
  if (m.is_zero()) warpnum::detail::throw_error<std::domain_error>("warpnum: powm_n: the modulus is zero");
  if (n == 0) return;
  const int home = batch::detail::arrays_device(out);
  using E = BigUInt<EBits>;
  batch::detail::run_shards(ids, n, home, stream, [&](const batch::detail::ShardRun& run) {
    batch::detail::powm_shard<BigUInt<Bits>, E, void>(
        run, home, base, exp, nullptr, out, nullptr,
        [&](const BigUInt<Bits>* b, const E* x, const void*, BigUInt<Bits>* o, Status*, std::size_t c,
            cudaStream_t s) { powm_n(b, x, m, o, c, s); });
  });
}

/// out[i] = base[i]^e mod m for i < n over the GPUs of `ds`: one exponent (a host value) for every element.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const devices& ds, const BigUInt<Bits>* base, const BigUInt<EBits>& e, const BigUInt<Bits>& m,
            BigUInt<Bits>* out, std::size_t n, cudaStream_t stream = nullptr) {
  const std::vector<int> ids = batch::detail::resolve_devices(ds);
  if (m.is_zero()) warpnum::detail::throw_error<std::domain_error>("warpnum: powm_n: the modulus is zero");
  if (n == 0) return;
  const int home = batch::detail::arrays_device(out);
  batch::detail::run_shards(ids, n, home, stream, [&](const batch::detail::ShardRun& run) {
    batch::detail::powm_shard<BigUInt<Bits>, void, void>(
        run, home, base, static_cast<const void*>(nullptr), nullptr, out, nullptr,
        [&](const BigUInt<Bits>* b, const void*, const void*, BigUInt<Bits>* o, Status*, std::size_t c,
            cudaStream_t s) { powm_n(b, e, m, o, c, s); });
  });
}

/// out[i] = base[i]^exp[i] mod m[i] for i < n over the GPUs of `ds`, a modulus each: a zero m[i] gives out[i] = 0
/// and, where `status` is not null, status[i] = Status::division_by_zero, as the one-GPU form.
template <std::size_t Bits, std::size_t EBits>
void powm_n(const devices& ds, const BigUInt<Bits>* base, const BigUInt<EBits>* exp, const BigUInt<Bits>* m,
            BigUInt<Bits>* out, std::size_t n, Status* status = nullptr, cudaStream_t stream = nullptr) {
  const std::vector<int> ids = batch::detail::resolve_devices(ds);
  if (n == 0) return;
  const int home = batch::detail::arrays_device(out);
  using T = BigUInt<Bits>;
  using E = BigUInt<EBits>;
  batch::detail::run_shards(ids, n, home, stream, [&](const batch::detail::ShardRun& run) {
    batch::detail::powm_shard<T, E, T>(run, home, base, exp, m, out, status,
                                       [&](const T* b, const E* x, const T* mm, T* o, Status* st, std::size_t c,
                                           cudaStream_t s) { powm_n(b, x, mm, o, c, st, s); });
  });
}

}  // namespace warpnum::WARPNUM_ABI

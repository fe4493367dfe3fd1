// SPDX-License-Identifier: Apache-2.0
// src/huge/devices_product.cu (private to warpnum::huge): multiply(devices, a, b), Integer's product over several GPUs
// of a node, as block products: the factors cut as the one-GPU product cuts them past its longest transform (the
// shorter into halves of that length where it must, the longer into the pieces that leave room for it), each block
// product, a piece times a piece, whole on one GPU (multiply_ntt, on a stream of that GPU's own), the blocks dealt to
// the list's entries in turn, each landing in a buffer of the operands' GPU, which adds it into the result in order.
// A block on another GPU than the operands' copies its pieces there and its product back (cudaMemcpyPeerAsync: NVLink
// or PCIe, or staged through the host by the driver). A product within the longest transform is one block: cut
// smaller, its blocks' transforms cost as much as the whole one (measured: a 10^8-digit product in two blocks, 6.18 ms
// on one H100, 3.09 ms a block, against 2.95 ms whole), so from thresholds::device_distributed_transform limbs its
// one transform is cut over the entries instead (distributed_transform.cu), and below that it runs on the list's
// first GPU. docs/scaling.md has the models: S(N) = blocks / ceil(blocks / N) within the copies and the additions
// for the blocks.
#include "distributed_transform.hpp"
#include "engine.hpp"
#include "integer_access.hpp"
#include "thresholds.hpp"

#include <warpnum/batch/devices.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/integer.hpp>

#if WARPNUM_HAS_CUDA
#  include <warpnum/batch/detail/multi_device.hpp>

#  include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstddef>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::huge {
namespace {

#if WARPNUM_HAS_CUDA

std::size_t ceil_div(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

namespace bd = warpnum::batch::detail;

/// r[0, na + nb) = a * b (na >= nb >= 1): a, b and r in memory of GPU `home` (current on entry and on return), the
/// block products on the GPUs of `ids`, one slot an entry (a stream of its own; {0, 0} is two slots on GPU 0). Waits.
void multiply_blocks(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                     const std::vector<int>& ids, int home) {
  const std::size_t limit = transform_product_limit_for_tests.load(std::memory_order_relaxed);
  const std::size_t most = limit != 0 ? std::min(limit, ntt_max_product()) : ntt_max_product();
  const std::size_t slots = ids.size();
  const std::size_t sb = nb <= most / 2 ? nb : most / 2;
  const std::size_t pieces_b = ceil_div(nb, sb);
  const std::size_t sa = most - sb;  // never a piece of a and one of b past the longest transform
  const std::size_t pieces_a = ceil_div(na, sa);
  const std::size_t blocks = pieces_a * pieces_b;
  const std::size_t used = std::min(slots, blocks);  // the entries that get a block
  const bool stage_all = bd::stage_every_shard_for_tests.load(std::memory_order_relaxed);

  const cudaStream_t main = nullptr;  // the operands' GPU's legacy default stream, Integer's own
  bd::DeviceGuard guard;
  guard.set(home);
  if (blocks == 1) {
    const std::size_t cut_for_tests = distributed_transform_from_for_tests.load(std::memory_order_relaxed);
    const std::size_t cut_from = cut_for_tests != 0 ? cut_for_tests : thresholds::device_distributed_transform;
    if (slots >= 2 && na + nb >= cut_from) {  // one transform cut over the entries
      multiply_distributed(r, a, na, b, nb, ids, home, stage_all);
      return;
    }
    if (ids[0] == home && !stage_all) {  // the one-GPU product, in place
      multiply_ntt(r, na + nb, a, na, b, nb, Place::device, Queue{});
      return;
    }
  }
  fill_zero(r, na + nb, Place::device, Queue::on(main));
  std::vector<limb_t*> landing(used, nullptr);  // a slot's block product, on the operands' GPU
  std::vector<cudaStream_t> streams(used);
  std::exception_ptr failure;
  try {
    for (std::size_t k = 0; k < used; ++k) {
      guard.set(ids[k]);
      streams[k] = bd::shard_stream(ids[k], k);
    }
    guard.set(home);
    for (std::size_t k = 0; k < used; ++k) {
      landing[k] = allocate(std::min(sa, na) + sb, Place::device, main);
      order_after(streams[k], main);  // the slot starts after the zeroed result and its landing buffer
    }
    for (std::size_t t = 0; t < blocks; ++t) {
      const std::size_t k = t % used;
      const int device = ids[k];
      const cudaStream_t s = streams[k];
      const std::size_t i = (t % pieces_a) * sa, j = (t / pieces_a) * sb;
      const std::size_t la = std::min(sa, na - i), lb = std::min(sb, nb - j);
      guard.set(device);
      if (device == home && !stage_all) {
        multiply_ntt(landing[k], la + lb, a + i, la, b + j, lb, Place::device, Queue::on(s));
      } else {
        const bool same = a + i == b + j && la == lb;  // a square's diagonal block: one piece, one forward transform
        limb_t* work = allocate(2 * (la + lb), Place::device, s);
        limb_t* pa = work;
        limb_t* pb = same ? work : work + la;
        limb_t* product = work + la + lb;
        cudaError_t e = cudaMemcpyPeerAsync(pa, device, a + i, home, la * sizeof(limb_t), s);
        if (e == cudaSuccess && !same) e = cudaMemcpyPeerAsync(pb, device, b + j, home, lb * sizeof(limb_t), s);
        if (e == cudaSuccess) {
          try {
            multiply_ntt(product, la + lb, pa, la, pb, lb, Place::device, Queue::on(s));
          } catch (...) {
            release(work, Place::device, s);
            throw;
          }
          e = cudaMemcpyPeerAsync(landing[k], home, product, device, (la + lb) * sizeof(limb_t), s);
        }
        release(work, Place::device, s);
        cuda_check(e, "cudaMemcpyPeerAsync");
      }
      order_after(main, s);  // the block has landed
      guard.set(home);
      // The sum is a part of the product, so nothing carries out of it.
      add(r + i + j, r + i + j, na + nb - i - j, landing[k], la + lb, nullptr, Place::device, Queue::on(main));
      order_after(s, main);  // the slot's next block lands after this one is added
    }
  } catch (...) {
    failure = std::current_exception();
    for (std::size_t k = 0; k < used; ++k) {  // what the slots queued is done before their buffers go
      if (streams[k] == nullptr) continue;
      (void)cudaSetDevice(ids[k]);
      (void)cudaStreamSynchronize(streams[k]);
    }
    (void)cudaGetLastError();
  }
  guard.set(home);
  for (limb_t* p : landing) release(p, Place::device, main);
  if (failure) std::rethrow_exception(failure);
  cuda_check(cudaStreamSynchronize(main), "multiply over devices");
}

#endif  // WARPNUM_HAS_CUDA

}  // namespace
}  // namespace warpnum::huge

namespace warpnum {

Integer multiply(const devices& ds, const Integer& a, const Integer& b) {
#if WARPNUM_HAS_CUDA
  const std::vector<int> ids = warpnum::batch::detail::resolve_devices(ds);
  if (a.is_zero() || b.is_zero()) return Integer(0, Place::device);
  int home = 0;
  huge::cuda_check(cudaGetDevice(&home), "cudaGetDevice");
  // Operands in the current GPU's memory are read in place; others are copied there.
  const auto here = [home](const Integer& v) {
    return v.place() == Place::device && warpnum::batch::detail::device_of(v.data(), home) == home;
  };
  std::optional<Integer> copy_a, copy_b;
  const Integer& x = here(a) ? a : copy_a.emplace(a.to(Place::device));
  const Integer& y = &a == &b ? x : (here(b) ? b : copy_b.emplace(b.to(Place::device)));
  const huge::limb_t* pa = x.data();
  const huge::limb_t* pb = y.data();
  std::size_t na = x.size(), nb = y.size();
  if (na < nb) {
    std::swap(pa, pb);
    std::swap(na, nb);
  }
  Integer r = IntegerAccess::with_capacity(na + nb, Place::device);
  huge::multiply_blocks(IntegerAccess::data(r), pa, na, pb, nb, ids, home);
  IntegerAccess::finish(r, na + nb, a.is_negative() != b.is_negative());
  return r;
#else
  if (ds.is_all()) warpnum::detail::throw_error<std::runtime_error>("warpnum::devices::all(): CUDA reports no GPU");
  warpnum::detail::throw_error<std::invalid_argument>(
      "warpnum::devices: device " + std::to_string(ds.ids().front()) +
      " does not exist (this build of warpnum::huge has no CUDA: CUDA reports 0 GPUs)");
  (void)a;
  (void)b;
  return Integer();
#endif
}

}  // namespace warpnum

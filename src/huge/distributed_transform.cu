// SPDX-License-Identifier: Apache-2.0
// src/huge/distributed_transform.cu (private to warpnum::huge): one product's transform cut over the GPUs of a device
// list: the four-step transform (convolve.cu) with its matrix of n1 rows and n2 columns dealt out by columns for the
// column passes and by rows for the row pass, the transposes between them as copies between the GPUs (Bailey, "FFTs
// in external or hierarchical memory", 1990: the four-step transform with its transposes done by the memory system;
// here each part's columns or rows are whole on one GPU, and each transpose moves every part's share of the others'
// rows or columns). With N parts, part k has the column tiles [k T / N, (k + 1) T / N) and the row groups
// [k G / N, (k + 1) G / N):
//   1. each part copies the operands' limbs its columns read to its GPU (where it is not the operands') and
//      transforms its columns, both operands, three primes, into residues of the whole matrix's size on its GPU;
//   2. each part m copies, from every other part k, rows R_m of k's columns C_k (both operands, three primes: a
//      block copy of rows of |C_k| words, cudaMemcpy3DPeerAsync), then runs its row groups: forward, the pointwise
//      product, inverse;
//   3. each part k copies, from every other part m, rows R_m of its own columns C_k (operand 0's three primes), then
//      runs its columns inverse;
//   4. each part m copies, from every other part k, rows R_m of k's columns (operand 0), so that it holds the
//      product's coefficients of its rows, a contiguous range, and carries them into limbs (the remainder step in the
//      carries); the operands' GPU copies each range's limbs into the product and adds the few limbs each range
//      spills past its end in one pass. (With two parts, and for transforms so short that a range holds fewer
//      than three coefficients, the operands' GPU gathers every part's columns and finishes alone.)
// Each part's stream waits, by events, for the parts it copies from, so the parts' passes overlap where they can. The
// residues a part does not compute are only a landing place, so each GPU holds a whole transform's residues: the
// cut shortens the product's time, not its memory (products past one GPU's memory are block products,
// devices_product.cu). docs/scaling.md has the model: the bytes each step moves and the predicted time.
#include "distributed_transform.hpp"

#include "transform_passes.hpp"

#if WARPNUM_HAS_CUDA
#  include <warpnum/batch/detail/multi_device.hpp>

#  include <cuda_runtime.h>

#  include <algorithm>
#  include <cstdint>
#  include <exception>
#  include <vector>
#endif

namespace warpnum::huge {

#if WARPNUM_HAS_CUDA
namespace {

namespace bd = warpnum::batch::detail;
using u32 = std::uint32_t;

/// Item k of an even cut of [0, count) in `parts` pieces starts here.
u32 cut(u32 count, std::size_t parts, std::size_t k) {
  return static_cast<u32>(std::size_t{count} * k / parts);
}

/// An entry of the list with a part of the transform.
struct Part {
  int device = 0;
  cudaStream_t stream = nullptr;
  u32* residues = nullptr;     ///< a whole transform's, on the part's GPU
  limb_t* operands = nullptr;  ///< the part's copies of a and b, where it has them
  limb_t* limbs = nullptr;     ///< its range's coefficients carried into limbs (step 4)
  u32 first_tile = 0, end_tile = 0;    ///< its column tiles
  u32 first_group = 0, end_group = 0;  ///< its row groups
};

/// Queues on `stream` (of GPU `to`, the current one) the copy of rows [row0, row1) and columns [col0, col1) of
/// `slices` consecutive matrices of `height` rows of `width` words, from `src` (on GPU `from`) to the same places in
/// `dst`: one block copy, rows of col1 - col0 words (cudaMemcpy3DPeerAsync).
void copy_block(u32* dst, int to, const u32* src, int from, u32 width, std::size_t height, std::size_t row0,
                std::size_t row1, u32 col0, u32 col1, u32 slices, cudaStream_t stream) {
  if (row0 >= row1 || col0 >= col1 || dst == src) return;
  const std::size_t pitch = std::size_t{width} * sizeof(u32);
  cudaMemcpy3DPeerParms p{};
  p.srcPtr = make_cudaPitchedPtr(const_cast<u32*>(src), pitch, pitch, height);
  p.srcDevice = from;
  p.srcPos = make_cudaPos(std::size_t{col0} * sizeof(u32), row0, 0);
  p.dstPtr = make_cudaPitchedPtr(dst, pitch, pitch, height);
  p.dstDevice = to;
  p.dstPos = p.srcPos;
  p.extent = make_cudaExtent(std::size_t{col1 - col0} * sizeof(u32), row1 - row0, slices);
  cuda_check(cudaMemcpy3DPeerAsync(&p, stream), "cudaMemcpy3DPeerAsync");
}

/// Rows [row0, row1) and columns [col0, col1) of the residue matrices' first `slices` arrays, from part `from` to
/// part `to`, on to's stream.
void copy_residues(const Part& to, const Part& from, const TransformShape& t, u32 row0, u32 row1, u32 col0, u32 col1,
                   u32 slices) {
  copy_block(to.residues, to.device, from.residues, from.device, t.n2, t.n1, row0, row1, col0, col1, slices,
             to.stream);
}

/// The limbs of an operand of n limbs that columns [col0, col1) of the transform read: seen as rows of n2 limbs (limb
/// i at row i / n2, column i mod n2), those columns of its whole rows and of its last, partial row; from `src` on GPU
/// `home` to the same places in `dst` on the part's GPU, on its stream.
void copy_operand_columns(limb_t* dst, const Part& p, const limb_t* src, int home, std::size_t n, u32 n2, u32 col0,
                          u32 col1) {
  const std::size_t whole = n / n2, rest = n % n2;
  copy_block(dst, p.device, src, home, n2, whole, 0, whole, col0, col1, 1, p.stream);
  if (rest > col0) {
    const std::size_t at = whole * n2 + col0;
    const std::size_t count = std::min<std::size_t>(rest, col1) - col0;
    cuda_check(cudaMemcpyPeerAsync(dst + at, p.device, src + at, home, count * sizeof(limb_t), p.stream),
               "cudaMemcpyPeerAsync");
  }
}

/// One event a part, recorded after one of its passes; other streams wait for it.
class PartEvents {
 public:
  PartEvents(const std::vector<Part>& parts, const bd::DeviceGuard& guard) : parts_(parts), guard_(guard) {
    events_.reserve(parts.size());
    try {
      for (const Part& p : parts) {
        guard.set(p.device);
        cudaEvent_t e = nullptr;
        cuda_check(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreateWithFlags");
        events_.push_back(e);
      }
    } catch (...) {
      destroy();  // no destructor runs for a constructor that throws
      throw;
    }
  }
  ~PartEvents() { destroy(); }
  PartEvents(const PartEvents&) = delete;
  PartEvents& operator=(const PartEvents&) = delete;
  void record(std::size_t k) const {
    guard_.set(parts_[k].device);
    cuda_check(cudaEventRecord(events_[k], parts_[k].stream), "cudaEventRecord");
  }
  void wait(cudaStream_t waiter, std::size_t k) const {
    cuda_check(cudaStreamWaitEvent(waiter, events_[k], 0), "cudaStreamWaitEvent");
  }

 private:
  void destroy() noexcept {
    for (cudaEvent_t e : events_) (void)cudaEventDestroy(e);  // a wait keeps what it needs
  }

  const std::vector<Part>& parts_;
  const bd::DeviceGuard& guard_;
  std::vector<cudaEvent_t> events_;
};

/// Queues on each part's stream, after every other part's last recorded pass, block(to, from) for every other part:
/// its share of their residues (a transpose). Every part's copies are queued before any records again.
template <class Block>
void exchange(const std::vector<Part>& parts, const PartEvents& done, const bd::DeviceGuard& guard, Block&& block) {
  for (std::size_t m = 0; m < parts.size(); ++m) {
    guard.set(parts[m].device);
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (k == m) continue;
      done.wait(parts[m].stream, k);
      block(parts[m], parts[k]);
    }
  }
}

}  // namespace

void multiply_distributed(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                          const std::vector<int>& ids, int home, bool stage_all) {
  const bool square = a == b && na == nb;
  const TransformShape t = transform_shape(na, nb, square);
  const std::size_t n = std::min<std::size_t>({ids.size(), t.column_tiles(), t.row_groups()});
  const u32 all_slices = 3 * t.operands;
  const cudaStream_t main = nullptr;  // the operands' GPU's legacy default stream, Integer's own
  bd::DeviceGuard guard;
  std::vector<Part> parts(n);
  for (std::size_t k = 0; k < n; ++k) {
    Part& p = parts[k];
    p.device = ids[k];
    guard.set(p.device);
    p.stream = bd::shard_stream(p.device, k);
    p.first_tile = cut(t.column_tiles(), n, k);
    p.end_tile = cut(t.column_tiles(), n, k + 1);
    p.first_group = cut(t.row_groups(), n, k);
    p.end_group = cut(t.row_groups(), n, k + 1);
  }
  u32* gather_buffer = nullptr;  // where the columns are gathered, if not into a part's residues on home's GPU
  limb_t* spill = nullptr;        // the limbs each range spills past its end, on home's GPU
  std::exception_ptr failure;
  try {
    const PartEvents done(parts, guard);
    guard.set(home);
    for (const Part& p : parts) order_after(p.stream, main);  // after the operands are written
    // 1. Each part's operands and columns forward.
    for (std::size_t k = 0; k < n; ++k) {
      Part& p = parts[k];
      guard.set(p.device);
      p.residues = allocate(t.residue_words(), Place::device, p.stream);
      const limb_t* pa = a;
      const limb_t* pb = b;
      if (p.device != home || stage_all) {  // only the limbs its column tiles read
        p.operands = allocate(square ? na : na + nb, Place::device, p.stream);
        const u32 col0 = p.first_tile * t.tile, col1 = p.end_tile * t.tile;
        copy_operand_columns(p.operands, p, a, home, na, t.n2, col0, col1);
        if (!square) copy_operand_columns(p.operands + na, p, b, home, nb, t.n2, col0, col1);
        pa = p.operands;
        pb = square ? pa : p.operands + na;
      }
      transform_columns_forward(p.residues, pa, na, pb, nb, p.first_tile, p.end_tile, p.stream);
      done.record(k);
    }
    // 2. Each part's rows of every column, then its row groups.
    exchange(parts, done, guard, [&](const Part& to, const Part& from) {
      copy_residues(to, from, t, to.first_group * t.rows, to.end_group * t.rows, from.first_tile * t.tile,
                    from.end_tile * t.tile, all_slices);
    });
    for (std::size_t m = 0; m < n; ++m) {  // after every part's copies, so that each event marks its rows
      const Part& p = parts[m];
      guard.set(p.device);
      transform_rows(p.residues, na, nb, square, p.first_group, p.end_group, p.stream);
      done.record(m);
    }
    // 3. Each part's columns of every row, operand 0, then its columns inverse.
    exchange(parts, done, guard, [&](const Part& to, const Part& from) {
      copy_residues(to, from, t, from.first_group * t.rows, from.end_group * t.rows, to.first_tile * t.tile,
                    to.end_tile * t.tile, 3);
    });
    for (std::size_t k = 0; k < n; ++k) {
      const Part& p = parts[k];
      guard.set(p.device);
      transform_columns_inverse(p.residues, na, nb, square, p.first_tile, p.end_tile, p.stream);
      done.record(k);
    }
    // 4. Each part's range of coefficients: its rows, [c0, c1) = [first_group rows n2, end_group rows n2) within the
    // product's nc (empty past it). With three parts or more, where every range after the first has 3 coefficients
    // or more, each part copies its rows of every other part's columns (operand 0), so that it holds its whole range,
    // and carries the range into limbs; the operands' GPU puts each range's limbs in place and adds, in one pass, the
    // three limbs each range's value spills past its end (they land on distinct limbs). Else the operands' GPU
    // gathers every part's columns and finishes alone.
    const std::size_t nc = na + nb - 1;
    const std::size_t row_words = std::size_t{t.rows} * t.n2;
    const auto range_first = [&](const Part& p) { return std::min(p.first_group * row_words, nc); };
    const auto range_end = [&](const Part& p) { return std::min(p.end_group * row_words, nc); };
    // The ranges cut the bytes into the operands' GPU from 12 L (N - 1) / N to 12 L (N - 1) / N^2 + 4 (na + nb)
    // (N - 1) / N: at N = 2 that saves about 1/6 of them, less than the ranges' own launches and final sum cost
    // (measured on one GPU, docs/scaling.md), so two entries gather; from three the saving is a half or more.
    bool apart = n >= 3;
    for (std::size_t k = 1; k < n; ++k) {
      const std::size_t count = range_end(parts[k]) - range_first(parts[k]);
      if (count != 0 && count < 3) apart = false;
    }
    if (apart) {
      exchange(parts, done, guard, [&](const Part& to, const Part& from) {
        if (range_end(to) == range_first(to)) return;  // nothing to finish there
        copy_residues(to, from, t, to.first_group * t.rows, to.end_group * t.rows, from.first_tile * t.tile,
                      from.end_tile * t.tile, 3);
      });
      for (std::size_t k = 0; k < n; ++k) {
        Part& p = parts[k];
        const std::size_t c0 = range_first(p), count = range_end(p) - c0;
        if (count == 0) continue;
        guard.set(p.device);
        p.limbs = allocate(count + 3, Place::device, p.stream);
        transform_finish(p.limbs, count + 3, p.residues, c0, count, na, nb, p.stream);
        done.record(k);
      }
      guard.set(home);
      spill = allocate(na + nb, Place::device, main);
      fill_zero(spill, na + nb, Place::device, Queue::on(main));
      fill_zero(r + nc, 1, Place::device, Queue::on(main));  // the top limb: only the last range's spill lands there
      for (std::size_t k = 0; k < n; ++k) {
        const Part& p = parts[k];
        const std::size_t c0 = range_first(p), c1 = range_end(p);
        if (c1 == c0) continue;
        done.wait(main, k);
        cuda_check(cudaMemcpyPeerAsync(r + c0, home, p.limbs, p.device, (c1 - c0) * sizeof(limb_t), main),
                   "cudaMemcpyPeerAsync");
        const std::size_t spilled = std::min<std::size_t>(3, na + nb - c1);  // limbs past na + nb are zero
        cuda_check(cudaMemcpyPeerAsync(spill + c1, home, p.limbs + (c1 - c0), p.device, spilled * sizeof(limb_t),
                                       main),
                   "cudaMemcpyPeerAsync");
      }
      // The sum is the product, which fits na + nb limbs: nothing carries out.
      add(r, r, na + nb, spill, na + nb, nullptr, Place::device, Queue::on(main));
    } else {
      guard.set(home);
      Part gather{home, main};
      const auto on_home = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.device == home; });
      if (on_home != parts.end() && !stage_all) {
        gather.residues = on_home->residues;
      } else {
        gather_buffer = allocate(3 * t.length, Place::device, main);
        gather.residues = gather_buffer;
      }
      for (std::size_t k = 0; k < n; ++k) {
        done.wait(main, k);
        copy_residues(gather, parts[k], t, 0, t.n1, parts[k].first_tile * t.tile, parts[k].end_tile * t.tile, 3);
      }
      transform_finish(r, na + nb, gather.residues, 0, nc, na, nb, main);
    }
    cuda_check(cudaStreamSynchronize(main), "multiply over devices");
    for (const Part& p : parts) {  // copies into a part that main did not wait for are done too
      guard.set(p.device);
      cuda_check(cudaStreamSynchronize(p.stream), "multiply over devices");
    }
  } catch (...) {
    failure = std::current_exception();
    for (const Part& p : parts) {  // what the parts queued is done before their buffers go
      (void)cudaSetDevice(p.device);
      (void)cudaStreamSynchronize(p.stream);
    }
    (void)cudaSetDevice(home);
    (void)cudaStreamSynchronize(main);
    (void)cudaGetLastError();
  }
  for (const Part& p : parts) {
    (void)cudaSetDevice(p.device);
    release(p.operands, Place::device, p.stream);
    release(p.residues, Place::device, p.stream);
    release(p.limbs, Place::device, p.stream);
  }
  (void)cudaSetDevice(home);
  release(gather_buffer, Place::device, main);
  release(spill, Place::device, main);
  if (failure) std::rethrow_exception(failure);
}
#endif  // WARPNUM_HAS_CUDA

}  // namespace warpnum::huge

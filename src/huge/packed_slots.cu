// SPDX-License-Identifier: Apache-2.0
// src/huge/packed_slots.cu: operations on packed numbers for radix conversion by whole levels (radix_tree.cpp):
// numbers of one level stored as the slots of one limb array, slot i of `stride` limbs at limb i * stride. Each
// operation forms every limb of its output on its own (a grid-stride kernel on the device, a loop on the host) from
// the per-slot arithmetic of include/warpnum/huge/radix_tree.hpp, except the comparison of the slots with a table
// (one thread a run of limbs, the highest difference by atomicMax) and the leaves (one thread a leaf). Kernels and
// CUDA calls only where CUDA is on, so that g++ compiles this file as C++ for machines without a GPU.
#include "engine.hpp"

#include <warpnum/config.hpp>
#include <warpnum/huge/radix_tree.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

namespace warpnum::huge {
namespace {

// ---- limbs of packed numbers: one functor per kind, each limb on its own (a grid-stride kernel or a loop) ----

/// Limb j of slot i of the output (slots of `out_stride`): bits [bit + 32 j, ...) of slot i of src (slots of
/// `src_stride`) for j < take, else 0.
struct ShiftedSlots {
  const limb_t* src;
  std::size_t src_limbs, src_stride, bit, take, out_stride;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    const std::size_t i = idx / out_stride;
    const std::size_t j = idx % out_stride;
    return j < take ? slot_bits(src, src_limbs, i * src_stride, src_stride, bit + 32 * j) : 0u;
  }
};

/// A small number in limb 0 of each slot: values[i], or `constant` where values is null.
struct SmallSlots {
  const std::uint32_t* values;
  std::uint32_t constant;
  std::size_t stride;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    if (idx % stride != 0) return 0u;
    return values != nullptr ? values[idx / stride] : constant;
  }
};

/// Slot i is row j_i of a table of rows of `row_limbs` limbs (table[0, table_limbs), rows at row * row_limbs).
struct TableSlots {
  const std::uint32_t* rows;
  const limb_t* table;
  std::size_t table_limbs, row_limbs, stride;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    const std::size_t i = idx / stride;
    const std::size_t l = idx % stride;
    return l < row_limbs ? slot_limb(table, table_limbs, rows[i], row_limbs, l) : 0u;
  }
};

/// Slot o of the output (slots of out_stride): slot o / 2 of `even` for even o, of `odd` for odd o (their slots of
/// `in_stride`).
struct InterleaveSlots {
  const limb_t* even;
  std::size_t even_limbs;
  const limb_t* odd;
  std::size_t odd_limbs, in_stride, out_stride;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    const std::size_t o = idx / out_stride;
    const std::size_t l = idx % out_stride;
    if (l >= in_stride) return 0u;
    return o % 2 == 0 ? slot_limb(even, even_limbs, o / 2, in_stride, l)
                      : slot_limb(odd, odd_limbs, o / 2, in_stride, l);
  }
};

/// Slot i of the output (slots of out_stride): slot 2 i + parity of src (slots of in_stride).
struct PairSlots {
  const limb_t* src;
  std::size_t src_limbs, in_stride, out_stride, parity;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    const std::size_t i = idx / out_stride;
    const std::size_t l = idx % out_stride;
    return l < in_stride ? slot_limb(src, src_limbs, 2 * i + parity, in_stride, l) : 0u;
  }
};

/// Slot k (of `stride` limbs) of the low words (High false) or the high words (High true, one limb up) of the products
/// k d[l]: the two halves of k d, whose sum is k d.
template <bool High> struct MultipleHalves {
  const limb_t* d;
  std::size_t d_limbs, stride;
  WARPNUM_HD limb_t operator()(std::size_t idx) const {
    const std::size_t k = idx / stride;
    const std::size_t l = idx % stride;
    const std::size_t from = High ? l - 1 : l;
    if ((High && l == 0) || from >= d_limbs) return 0u;
    const std::uint64_t product = static_cast<std::uint64_t>(k) * d[from];
    return static_cast<limb_t>(High ? product >> 32 : product);
  }
};

#if WARPNUM_HAS_CUDA
constexpr int slot_threads = 256;

unsigned slot_blocks(std::size_t n) {
  return static_cast<unsigned>(std::min<std::size_t>((n + slot_threads - 1) / slot_threads, 65536));
}

/// This thread's first index of a grid-stride loop, and the loop's step.
__device__ std::size_t grid_first() { return blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; }
__device__ std::size_t grid_step() { return std::size_t{gridDim.x} * blockDim.x; }

template <class F> __global__ void fill_kernel(limb_t* out, std::size_t n, F f) {
  for (std::size_t k = grid_first(); k < n; k += grid_step()) out[k] = f(k);
}

/// Limbs a thread of compare_kernel scans, from the top of its run down.
constexpr std::size_t compare_run = 64;

/// For each slot i (of `stride` limbs) of r and each row k of the table (rows of row_limbs), found[i * rows + k] =
/// max over the slot's limbs l where they differ of 2 (l + 1) + (slot > row): each thread takes a run of
/// compare_run limbs of one slot and stops at its highest difference, one atomicMax a row.
__global__ void compare_kernel(const limb_t* r, std::size_t r_limbs, std::size_t count, std::size_t stride,
                               const limb_t* table, std::size_t table_limbs, std::size_t row_limbs,
                               std::uint32_t rows, unsigned long long* found) {
  const std::size_t runs = (stride + compare_run - 1) / compare_run;
  for (std::size_t t = grid_first(); t < count * runs; t += grid_step()) {
    const std::size_t i = t / runs;
    const std::size_t first = (t % runs) * compare_run;
    const std::size_t last = first + compare_run < stride ? first + compare_run : stride;
    for (std::uint32_t k = 1; k < rows; ++k) {
      for (std::size_t l = last; l-- > first;) {
        const limb_t a = slot_limb(r, r_limbs, i, stride, l);
        const limb_t b = l < row_limbs ? slot_limb(table, table_limbs, k, row_limbs, l) : 0u;
        if (a != b) {
          atomicMax(&found[i * rows + k], 2ull * (l + 1) + (a > b ? 1u : 0u));
          break;
        }
      }
    }
  }
}

/// j[i] = the largest k < rows with slot i >= row k (0 if none, the rows increasing); *last = 1 where that is the
/// last row.
__global__ void multiples_kernel(const unsigned long long* found, std::size_t count, std::uint32_t rows,
                                 std::uint32_t* j, unsigned* last) {
  for (std::size_t i = grid_first(); i < count; i += grid_step()) {
    std::uint32_t m = 0;
    for (std::uint32_t k = 1; k < rows; ++k) {
      const unsigned long long f = found[i * rows + k];
      if (f == 0 || (f & 1u) != 0) m = k;  // equal, or the slot is greater at the highest difference
    }
    if (m == rows - 1) *last = 1;
    j[i] = m;
  }
}

__global__ void leaves_to_text_kernel(const limb_t* v, std::size_t v_limbs, std::size_t count, std::size_t stride,
                                      std::uint32_t word, unsigned word_digits, unsigned words, unsigned base,
                                      char* out) {
  const std::size_t digits = std::size_t{words} * word_digits;
  for (std::size_t i = grid_first(); i < count; i += grid_step())
    leaf_slot_to_text(v, v_limbs, i, stride, word, word_digits, words, base, out + i * digits);
}

__global__ void text_to_leaves_kernel(const char* text, std::ptrdiff_t pad, std::size_t count, std::size_t stride,
                                      std::uint32_t word, unsigned word_digits, unsigned words, unsigned base,
                                      limb_t* out) {
  for (std::size_t i = grid_first(); i < count; i += grid_step())
    text_to_leaf_slot(text, pad, i, stride, word, word_digits, words, base, out);
}

#endif

/// out[0, n) = f(k) for each k, in the place.
template <class F> void fill(limb_t* out, std::size_t n, Place place, const F& f) {
  if (n == 0) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    fill_kernel<<<slot_blocks(n), slot_threads>>>(out, n, f);
    cuda_check(cudaGetLastError(), "radix conversion: a fill of slots");
    return;
#endif
  }
  for (std::size_t k = 0; k < n; ++k) out[k] = f(k);
}


}  // namespace

void slots_shifted(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* src, std::size_t src_limbs,
                   std::size_t src_stride, std::size_t bit, std::size_t take, Place place) {
  fill(out, count * out_stride, place, ShiftedSlots{src, src_limbs, src_stride, bit, take, out_stride});
}

void slots_small(limb_t* out, std::size_t count, std::size_t stride, const std::uint32_t* values,
                 std::uint32_t constant, Place place) {
  fill(out, count * stride, place, SmallSlots{values, constant, stride});
}

void slots_rows(limb_t* out, std::size_t count, std::size_t stride, const std::uint32_t* rows, const limb_t* table,
                std::size_t table_limbs, std::size_t row_limbs, Place place) {
  fill(out, count * stride, place, TableSlots{rows, table, table_limbs, row_limbs, stride});
}

void slots_interleave(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* even,
                      std::size_t even_limbs, const limb_t* odd, std::size_t odd_limbs, std::size_t in_stride,
                      Place place) {
  fill(out, count * out_stride, place, InterleaveSlots{even, even_limbs, odd, odd_limbs, in_stride, out_stride});
}

void slots_pairs(limb_t* out, std::size_t count, std::size_t out_stride, const limb_t* src, std::size_t src_limbs,
                 std::size_t in_stride, std::size_t parity, Place place) {
  fill(out, count * out_stride, place, PairSlots{src, src_limbs, in_stride, out_stride, parity});
}

void slots_multiple_halves(limb_t* out, std::size_t count, std::size_t stride, const limb_t* d, std::size_t d_limbs,
                           bool high, Place place) {
  if (high) {
    fill(out, count * stride, place, MultipleHalves<true>{d, d_limbs, stride});
  } else {
    fill(out, count * stride, place, MultipleHalves<false>{d, d_limbs, stride});
  }
}

bool slots_multiples(std::uint32_t* j, const limb_t* r, std::size_t r_limbs, std::size_t count, std::size_t stride,
                     const limb_t* table, std::size_t table_limbs, std::size_t row_limbs, std::uint32_t rows,
                     Place place) {
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    DeviceArray<unsigned long long> found(count * rows);
    DeviceArray<unsigned> flag(1);
    cuda_check(cudaMemsetAsync(found.get(), 0, count * rows * sizeof(unsigned long long), nullptr), "cudaMemsetAsync");
    cuda_check(cudaMemsetAsync(flag.get(), 0, sizeof(unsigned), nullptr), "cudaMemsetAsync");
    const std::size_t runs = (stride + compare_run - 1) / compare_run;
    compare_kernel<<<slot_blocks(count * runs), slot_threads>>>(r, r_limbs, count, stride, table, table_limbs,
                                                                 row_limbs, rows, found.get());
    multiples_kernel<<<slot_blocks(count), slot_threads>>>(found.get(), count, rows, j, flag.get());
    cuda_check(cudaGetLastError(), "radix conversion: multiples");
    unsigned last = 0;
    cuda_check(cudaMemcpy(&last, flag.get(), sizeof last, cudaMemcpyDeviceToHost), "radix conversion: multiples");
    return last != 0;
#endif
  }
  bool last = false;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t m = 0;
    for (std::uint32_t k = 1; k < rows; ++k) {
      if (compare_slot(r, r_limbs, i, stride, table, table_limbs, k, row_limbs) >= 0) m = k;
    }
    last = last || m == rows - 1;
    j[i] = m;
  }
  return last;
}

std::string slots_to_text(const limb_t* v, std::size_t v_limbs, std::size_t count, std::size_t stride,
                          std::uint32_t word, unsigned word_digits, unsigned words, unsigned base, Place place) {
  const std::size_t digits = std::size_t{words} * word_digits;
  const std::size_t total = count * digits;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    DeviceArray<char> text(total);
    leaves_to_text_kernel<<<slot_blocks(count), slot_threads>>>(v, v_limbs, count, stride, word, word_digits, words,
                                                                 base, text.get());
    launched("radix conversion: leaves");
    // The leading zeros from the first leaves, a leaf at a time; then the rest straight into the result.
    std::string leaf(digits, '0');
    std::size_t skip = 0;
    for (std::size_t i = 0; i < count; ++i, skip += digits) {
      cuda_check(cudaMemcpy(leaf.data(), text.get() + i * digits, digits, cudaMemcpyDeviceToHost), "cudaMemcpy");
      const std::size_t first = leaf.find_first_not_of('0');
      if (first != std::string::npos) {
        skip += first;
        break;
      }
    }
    if (skip >= total) return "0";
    std::string out(total - skip, '0');
    cuda_check(cudaMemcpy(out.data(), text.get() + skip, out.size(), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return out;
#endif
  }
  std::string out(total, '0');
  for (std::size_t i = 0; i < count; ++i) {
    leaf_slot_to_text(v, v_limbs, i, stride, word, word_digits, words, base, out.data() + i * digits);
  }
  const std::size_t first = out.find_first_not_of('0');
  if (first == std::string::npos) return "0";
  out.erase(0, first);
  return out;
}

void text_to_slots(limb_t* out, const char* text, [[maybe_unused]] std::size_t length, std::ptrdiff_t pad,
                   std::size_t count, std::size_t stride, std::uint32_t word, unsigned word_digits, unsigned words,
                   unsigned base, Place place) {
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    DeviceArray<char> device_text(length == 0 ? 1 : length);
    cuda_check(cudaMemcpy(device_text.get(), text, length, cudaMemcpyHostToDevice), "cudaMemcpy");
    text_to_leaves_kernel<<<slot_blocks(count), slot_threads>>>(device_text.get(), pad, count, stride, word,
                                                                 word_digits, words, base, out);
    launched("radix conversion: leaves");
    return;
#endif
  }
  for (std::size_t i = 0; i < count; ++i) text_to_leaf_slot(text, pad, i, stride, word, word_digits, words, base, out);
}

}  // namespace warpnum::huge

// SPDX-License-Identifier: Apache-2.0
// src/huge/carry.cu: the linear operations on limb arrays in either place: the normalisation of a product's
// coefficients, addition, subtraction, comparison, shifts, memory. The arithmetic is include/warpnum/huge/carry.hpp
// (one body for the host's loops and the kernels); kernels and CUDA calls only where CUDA is on, so that g++
// compiles this file as C++ for machines without a GPU.
//
// Carry resolution (Dieguez et al., "The Carry Normalization", phase 2; the same scheme adds and subtracts): a
// tile of limbs per block, a run of consecutive limbs per thread. Each thread forms its limbs (value, generate,
// propagate) and summarises its run; the warp resolves the carries between its 32 runs by the look-ahead formula
// on ballots; the block resolves those between its warps by the same formula on the warps' summaries (shared
// memory); between tiles, a first pass writes each tile's summary, one block resolves the carries between the
// tiles, and a second pass, which forms the limbs again, adds them in and writes the result.
#include "block_lookahead.hpp"
#include "engine.hpp"
#include "last_at_or_below.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/per_device.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/carry.hpp>
#include <warpnum/huge/ntt.hpp>
#include <warpnum/out_of_memory.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if defined(_OPENMP)
#  include <omp.h>
#endif

namespace warpnum::huge {

using warpnum::detail::throw_error;
using warpnum::detail::throw_exception;

namespace {

// ---- host: the same three levels collapsed to two (a run per OpenMP thread, then the runs in order) ----

/// Below this many limbs the host resolves carries in one sequential loop.
constexpr std::size_t host_parallel_limbs = std::size_t{1} << 17;

/// Writes r[k] = finish(limb k, carry into k) for k in [first, last) from a stream at `first` and the carry into
/// it; returns the carry out of limb last - 1.
template <class Stream> std::uint32_t host_resolve_run(Stream s, limb_t* r, std::size_t first, std::size_t last,
                                                       std::uint32_t carry) {
  for (std::size_t k = first; k < last; ++k) {
    const CarryDigit d = s.next();
    r[k] = Stream::finish(d.value, carry);
    carry = d.generate | (d.propagate & carry);
  }
  return carry;
}

template <class Stream> CarrySummary host_summarise_run(Stream s, std::size_t first, std::size_t last) {
  CarrySummary sum{0, 1};
  for (std::size_t k = first; k < last; ++k) {
    const CarryDigit d = s.next();
    sum = combine(sum, {d.generate, d.propagate});
  }
  return sum;
}

/// r[0, n) from the limbs of `stream_at(k)`; returns the carry out of limb n - 1. Each limb is read (by its
/// stream) before it is written, in the same run, so r may alias the stream's inputs limb for limb.
///
/// The limbs are cut into a fixed number of runs, and each pass hands the runs out by `omp for`: OpenMP may give
/// the region fewer threads than omp_get_max_threads() says (inside a caller's parallel region, under
/// OMP_THREAD_LIMIT or OMP_DYNAMIC), and every run is still done, by whichever threads there are.
template <class StreamAt> std::uint32_t host_resolve(const StreamAt& stream_at, limb_t* r, std::size_t n) {
#if defined(_OPENMP)
  if (n >= host_parallel_limbs && omp_get_max_threads() > 1) {
    const auto runs = static_cast<long>(omp_get_max_threads());
    const std::size_t per = (n + static_cast<std::size_t>(runs) - 1) / static_cast<std::size_t>(runs);
    const auto first_of = [&](long t) { return std::min(n, static_cast<std::size_t>(t) * per); };
    const auto last_of = [&](long t) { return std::min(n, first_of(t) + per); };
    std::vector<CarrySummary> summary(static_cast<std::size_t>(runs));
    std::vector<std::uint32_t> carry_in(static_cast<std::size_t>(runs) + 1);
#  pragma omp parallel num_threads(static_cast<int>(runs))
    {
#  pragma omp for schedule(static)
      for (long t = 0; t < runs; ++t) summary[t] = host_summarise_run(stream_at(first_of(t)), first_of(t), last_of(t));
#  pragma omp single
      {
        carry_in[0] = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(runs); ++i) carry_in[i + 1] = carry_out(summary[i], carry_in[i]);
      }
#  pragma omp for schedule(static)
      for (long t = 0; t < runs; ++t) host_resolve_run(stream_at(first_of(t)), r, first_of(t), last_of(t), carry_in[t]);
    }
    return carry_in[static_cast<std::size_t>(runs)];
  }
#endif
  return host_resolve_run(stream_at(0), r, 0, n, 0);
}

/// Whether the host resolves n limbs on one thread (host_resolve's test, and the shifts'): then the sums,
/// differences and shifts run the limb core's loops (detail/mpn), which need no generate and propagate bits a limb
/// and no bounds a limb. At 10^4-limb divisions on one thread the stream forms took 12 % of the time.
bool host_sequential(std::size_t n) {
  if (n > static_cast<std::size_t>(std::numeric_limits<int>::max())) return false;  // the limb core counts in int
#if defined(_OPENMP)
  return n < host_parallel_limbs || omp_get_max_threads() <= 1;
#else
  return true;
#endif
}

/// r[0, na) = a + b (Subtract: a - b) for b of nb limbs (those at na and above ignored), on the host in one loop;
/// returns the carry (borrow) out. r may alias a or b limb for limb.
template <bool Subtract>
limb_t host_linear(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb) {
  const std::size_t m = std::min(na, nb);
  std::size_t k = m;
  limb_t c = 0;
  if constexpr (Subtract) {
    if (m != 0) c = warpnum::detail::mpn::sub_n(r, a, b, static_cast<int>(m));
    for (; k < na && c != 0; ++k) {  // the borrow through a's limbs above b's, as far as it goes
      const limb_t x = a[k];  // read before r[k] is written: r may be a
      r[k] = x - 1;
      c = x == 0 ? 1 : 0;
    }
  } else {
    if (m != 0) c = warpnum::detail::mpn::add_n(r, a, b, static_cast<int>(m));
    for (; k < na && c != 0; ++k) {
      r[k] = a[k] + 1;
      c = r[k] == 0 ? 1 : 0;
    }
  }
  if (r != a) std::copy(a + k, a + na, r + k);  // the rest of a, unchanged
  return c;
}

// ---- sums and differences (both places) ----

/// The sources of a + b and a - b (Subtract) for the tile kernels and the host's loop alike: `stage` returns the
/// stream of limbs from `first` on (their Tile is empty: nothing is staged).
template <bool Subtract> struct LinearSource {
  const limb_t* a;
  const limb_t* b;
  std::size_t nb;
  struct Tile {};
  WARPNUM_HD LinearStream<Subtract> stage(Tile&, std::size_t, std::size_t first) const { return {a, b, nb, first}; }
};
using AddSource = LinearSource<false>;
using SubSource = LinearSource<true>;

/// a 2^sa + b 2^sb or a 2^sa - b 2^sb with the operands read shifted (carry.hpp's ShiftedLimbs).
template <bool Subtract> struct ShiftedLinearSource {
  ShiftedLimbs a;
  ShiftedLimbs b;
  struct Tile {};
  WARPNUM_HD ShiftedLinearStream<Subtract> stage(Tile&, std::size_t, std::size_t first) const {
    return {a, b, first};
  }
};

// ---- leading zeros (both places) ----

/// The leading zero bits of p[0, n) in 32 n bits, less its remainder modulo `unit` (1, or 2 for a square root's
/// even shift), given `top`, the index + 1 of its highest non-zero limb (0: p is zero, and so is the count).
WARPNUM_HD limb_t leading_zero_count(const limb_t* p, std::size_t n, std::size_t top, unsigned unit) {
  if (top == 0) return 0;
  const auto bits = static_cast<limb_t>(32 * (n - top) + warpnum::detail::countl_zero_word(p[top - 1]));
  return bits - bits % unit;
}

/// Limb k of the complement of a >> (32 q + s) in `bits` bits: complement_shifted's, in both places.
WARPNUM_HD limb_t complement_shifted_limb(const limb_t* a, std::size_t na, std::size_t k, std::size_t q, unsigned s,
                                          std::size_t bits) {
  return ~shifted_right_limb(a, na, k, q, s) & low_bits_mask(bits, k);
}

/// Limb k of v (below 2^64): set_uint's, in both places.
WARPNUM_HD limb_t limb_of_uint(std::uint64_t v, std::size_t k) {
  return k < 2 ? static_cast<limb_t>(v >> (32 * k)) : 0u;
}

#if WARPNUM_HAS_CUDA

}  // namespace

void cuda_check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  if (e == cudaErrorMemoryAllocation) {
    (void)cudaGetLastError();
    throw_error<std::bad_alloc>("warpnum: device memory exhausted");  // a call that names no size
  }
  throw_error<std::runtime_error>(std::string("warpnum: ") + what + ": " + cudaGetErrorString(e));
}

void launched(const char* what) {
  cuda_check(cudaGetLastError(), what);
  cuda_check(cudaStreamSynchronize(nullptr), what);
}

namespace {

// ---- device: tiles of limbs, one block each ----

constexpr int block_threads = 256;
constexpr int limbs_per_thread = 8;
constexpr int tile_limbs = block_threads * limbs_per_thread;

/// Shared-memory index of element i of a tile read by threads at a stride of limbs_per_thread: one word of skew
/// every 32, so the 32 lanes of a warp fall in 32 banks.
WARPNUM_HD constexpr int skew(int i) { return i + (i >> 5); }

/// The limbs of one thread's run: digits formed once, summarised, then finished with the carry in.
template <class Stream> struct ThreadRun {
  CarryDigit digit[limbs_per_thread];
  CarrySummary summary;

  /// Limbs [first, first + limbs_per_thread) of a number of n limbs; those at n and above carry nothing
  /// through (generate 0, propagate 1), so the summary's carry out is that of limb n - 1.
  __device__ ThreadRun(Stream s, std::size_t first, std::size_t n) : summary{0, 1} {
#  pragma unroll
    for (int i = 0; i < limbs_per_thread; ++i) {
      digit[i] = first + i < n ? s.next() : CarryDigit{0, 0, 1};
      summary = combine(summary, {digit[i].generate, digit[i].propagate});
    }
  }
  /// Writes the finished limbs to out[skew(base + i)].
  __device__ void finish(std::uint32_t carry, limb_t* out, int base) const {
#  pragma unroll
    for (int i = 0; i < limbs_per_thread; ++i) {
      out[skew(base + i)] = Stream::finish(digit[i].value, carry);
      carry = digit[i].generate | (digit[i].propagate & carry);
    }
  }
};

/// Sources of limbs for the tile kernels: `stage` fills the block's shared tile (every thread calls it) and
/// returns the thread's stream. The linear ones (above, both places) stage nothing.

/// The coefficients [begin - 3, begin + tile_limbs) of a tile in shared memory, one plane per word (skewed).
constexpr int coef_tile = tile_limbs + 3;
struct SharedCoefs {
  const std::uint32_t* planes;  // 3 planes of skew(coef_tile) words
  std::ptrdiff_t base;          // the coefficient at local index 0
  WARPNUM_HD std::uint32_t word(int x, std::ptrdiff_t j) const {
    return planes[x * skew(coef_tile) + skew(static_cast<int>(j - base))];
  }
};
struct NormaliseSource {
  const std::uint32_t* words;  // nc coefficients of three words
  std::ptrdiff_t nc;
  struct Tile {
    std::uint32_t planes[3 * (coef_tile + coef_tile / 32 + 1)];
  };
  __device__ NormaliseStream<SharedCoefs> stage(Tile& t, std::size_t begin, std::size_t first) const {
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(begin) - 3;
    // Coalesced: consecutive threads read consecutive words of the tile's coefficients (word w of the tile is word
    // 3 base + w of the array). The trip count is a constant and the loads go to registers first, so that a
    // thread's 25 loads are in flight at once: a loop that stored each word before loading the next waited for
    // memory 25 times, 7.6 us for a tile of one block and 12-14 us a kernel for a few (H200, Nsight Compute).
    constexpr int tile_words = 3 * coef_tile;
    constexpr int per_thread = (tile_words + block_threads - 1) / block_threads;
    const std::ptrdiff_t first_word = 3 * base, end_word = 3 * nc;
    std::uint32_t loaded[per_thread];
#  pragma unroll
    for (int i = 0; i < per_thread; ++i) {
      const int w = static_cast<int>(threadIdx.x) + i * block_threads;
      const std::ptrdiff_t g = first_word + w;
      loaded[i] = w < tile_words && g >= 0 && g < end_word ? words[g] : 0u;
    }
#  pragma unroll
    for (int i = 0; i < per_thread; ++i) {
      const int w = static_cast<int>(threadIdx.x) + i * block_threads;
      const int local = w / 3, x = w - 3 * local;
      if (w < tile_words) t.planes[x * skew(coef_tile) + skew(local)] = loaded[i];
    }
    __syncthreads();
    return {SharedCoefs{t.planes, base}, static_cast<std::ptrdiff_t>(first)};
  }
};

/// The same tile of coefficients made from the three transforms' residues as they load (`ntt::crt_combine`, the
/// remainder step), so that a product's coefficients are never written to memory: the carry pass reads 12 bytes a
/// coefficient where the remainder step read them, wrote 12 and the carries read those again. A thread's 27 loads go
/// to registers first, all in flight at once, as NormaliseSource's do.
struct ResidueSource {
  const std::uint32_t* residues;  // prime q's residue of coefficient k at residues[q length + k]
  std::size_t length;
  std::ptrdiff_t nc;
  ntt::Crt crt;
  using Tile = NormaliseSource::Tile;
  __device__ NormaliseStream<SharedCoefs> stage(Tile& t, std::size_t begin, std::size_t first) const {
    const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(begin) - 3;
    constexpr int per_thread = (coef_tile + block_threads - 1) / block_threads;
    std::uint32_t r[3][per_thread];
#  pragma unroll
    for (int i = 0; i < per_thread; ++i) {
      const int local = static_cast<int>(threadIdx.x) + i * block_threads;
      const std::ptrdiff_t k = base + local;
      const bool inside = local < coef_tile && k >= 0 && k < nc;
#  pragma unroll
      for (int q = 0; q < 3; ++q) r[q][i] = inside ? residues[q * length + static_cast<std::size_t>(k)] : 0u;
    }
#  pragma unroll
    for (int i = 0; i < per_thread; ++i) {
      const int local = static_cast<int>(threadIdx.x) + i * block_threads;
      const std::ptrdiff_t k = base + local;
      if (local >= coef_tile) continue;
      std::uint32_t w[3] = {0, 0, 0};
      if (k >= 0 && k < nc) ntt::crt_combine(r[0][i], r[1][i], r[2][i], crt, w);
#  pragma unroll
      for (int x = 0; x < 3; ++x) t.planes[x * skew(coef_tile) + skew(local)] = w[x];
    }
    __syncthreads();
    return {SharedCoefs{t.planes, base}, static_cast<std::ptrdiff_t>(first)};
  }
};

// One pass over the tiles with decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix Scan with
// Decoupled Look-back", 2016): each block takes the next tile in order from a counter, makes its limbs and its summary
// (carry in 0), publishes the summary, finds its carry in from the tiles below it (their carries out where
// published, else their summaries, back to one that generates or stops every carry), publishes its own carry out
// and writes its limbs. The inputs are read once: two passes (each tile's summary, then every limb with its carry
// in) read them twice and made the remainder step twice, 0.30 ms of a 10^8-digit product's 2.75 on an H100, where
// one pass is about the second's 0.16 alone.

/// A tile's published state, one word: nothing yet (0), its summary (carry in 0), or its carry out.
constexpr std::uint32_t tile_summary = 1, tile_carry = 2;
__device__ constexpr std::uint32_t pack_summary(CarrySummary s) {
  return tile_summary | s.generate << 2 | s.propagate << 3;
}
__device__ constexpr std::uint32_t pack_carry(std::uint32_t carry) { return tile_carry | carry << 2; }

/// The carry into tile t > 0, by one thread: back from tile t - 1, the summaries of the tiles between (combined with
/// those below them as they are found) until a tile's carry out, or a summary that decides the carry alone (one that
/// does not propagate: its generate bit is its carry out whatever comes in). Each tile below t was taken from the
/// counter before t, so its block runs or has run, and publishes: the wait ends.
__device__ std::uint32_t look_back(const std::uint32_t* status, std::uint32_t t) {
  CarrySummary above{0, 1};  // tiles (k, t), combined
  for (std::uint32_t k = t; k-- > 0;) {
    std::uint32_t word;
    do {
      word = *static_cast<const volatile std::uint32_t*>(status + k);
    } while (word == 0);
    if ((word & tile_carry) != 0) return carry_out(above, (word >> 2) & 1u);
    above = combine(CarrySummary{(word >> 2) & 1u, (word >> 3) & 1u}, above);
    if (above.propagate == 0) return above.generate;
  }
  return carry_out(above, 0);  // not reached: tile 0 publishes its carry out
}

/// r[0, n) with every carry, one tile a block, in one pass (above). status holds a zero word for each tile and then
/// the tile counter, zero. The block of the last tile writes the carry out of limb n - 1 to *last_carry where that
/// is not null. Each block reads its limbs (before its first barrier) before it writes them, and no other block reads
/// them, so r may alias a source's inputs limb for limb.
template <class Source>
__global__ void __launch_bounds__(block_threads)
    resolve_tiles(Source src, limb_t* r, std::size_t n, std::uint32_t* status, std::uint32_t tiles,
                  limb_t* last_carry) {
  __shared__ typename Source::Tile tile;
  __shared__ CarrySummary warp_summary[block_threads / 32];
  __shared__ limb_t out[tile_limbs + tile_limbs / 32];
  __shared__ std::uint32_t shared_tile, shared_carry_in;
  if (threadIdx.x == 0) shared_tile = tiles == 1 ? 0u : atomicAdd(status + tiles, 1u);
  __syncthreads();
  const std::uint32_t t = shared_tile;
  const std::size_t begin = static_cast<std::size_t>(t) * tile_limbs;
  const std::size_t first = begin + threadIdx.x * limbs_per_thread;
  const ThreadRun run(src.stage(tile, begin, first), first, n);
  const BlockCarries alone = block_lookahead<block_threads>(run.summary, 0, warp_summary);
  if (threadIdx.x == 0) {
    std::uint32_t carry_in = 0;
    if (tiles > 1) {
      if (t == 0) {
        atomicExch(status, pack_carry(alone.carry_out));
      } else {
        atomicExch(status + t, pack_summary(alone.block));
        carry_in = look_back(status, t);
        atomicExch(status + t, pack_carry(carry_out(alone.block, carry_in)));
      }
    }
    shared_carry_in = carry_in;
  }
  __syncthreads();  // also between the two calls of block_lookahead on warp_summary
  const BlockCarries c = block_lookahead<block_threads>(run.summary, shared_carry_in, warp_summary);
  run.finish(c.thread_carry_in, out, static_cast<int>(threadIdx.x) * limbs_per_thread);
  __syncthreads();
  const int count = n - begin < tile_limbs ? static_cast<int>(n - begin) : tile_limbs;
  for (int i = static_cast<int>(threadIdx.x); i < count; i += block_threads) r[begin + i] = out[skew(i)];
  if (last_carry != nullptr && threadIdx.x == 0 && t == tiles - 1) *last_carry = c.carry_out;
}

/// Queues r[0, n) from a source on the device on `stream`; the carry out of limb n - 1 to *carry_out (device
/// memory) where that is not null. Scratch is freed in the stream's order.
template <class Source>
void device_resolve(const Source& src, limb_t* r, std::size_t n, limb_t* carry_out, cudaStream_t stream) {
  const std::size_t tiles = (n + tile_limbs - 1) / tile_limbs;
  if (tiles > std::size_t{0xffffffffu}) throw_error<std::length_error>("warpnum: Integer: too many limbs to resolve");
  std::uint32_t* status = nullptr;
  cudaError_t e = cudaSuccess;
  if (tiles > 1) {
    // A word a tile and the tile counter, all zero.
    status = static_cast<std::uint32_t*>(device_allocate((tiles + 1) * sizeof(std::uint32_t), stream));
    e = cudaMemsetAsync(status, 0, (tiles + 1) * sizeof(std::uint32_t), stream);
  }
  if (e == cudaSuccess) {
    resolve_tiles<<<static_cast<unsigned>(tiles), block_threads, 0, stream>>>(
        src, r, n, status, static_cast<std::uint32_t>(tiles), carry_out);
    e = cudaGetLastError();
  }
  device_free(status, stream);
  cuda_check(e, "carry resolution");
}

/// Waits for `queue` where it asks to.
void finish_queue(const Queue& queue, const char* what) {
  if (queue.wait) cuda_check(cudaStreamSynchronize(queue.stream), what);
}

// ---- device: comparison, significant limbs, shifts ----

constexpr int linear_threads = 256;

unsigned linear_blocks(std::size_t n) {
  return static_cast<unsigned>(std::min<std::size_t>((n + linear_threads - 1) / linear_threads, 65536));
}

/// Key of find_highest for a comparison: 2 (k + 1) + (a[k] > b[k]) where a[k] != b[k], else 0.
struct DifferenceKey {
  const limb_t* a;
  const limb_t* b;
  __device__ unsigned long long operator()(std::size_t k) const {
    return a[k] != b[k] ? 2ull * (k + 1) + (a[k] > b[k] ? 1u : 0u) : 0ull;
  }
};

/// Key of find_highest for low bits: 1 where limb k holds a set bit below `bits` (of the whole array), else 0.
struct LowBitsKey {
  const limb_t* p;
  std::size_t bits;
  __device__ unsigned long long operator()(std::size_t k) const {
    return (p[k] & low_bits_mask(bits, k)) != 0 ? 1ull : 0ull;
  }
};

/// *flag = (*found != 0), one thread.
__global__ void flag_from_found(limb_t* flag, const unsigned long long* found) { *flag = *found != 0 ? 1u : 0u; }

/// r[k] = t[k] for every k < n where *flag is 0 (every thread reads the flag; nothing is written where it is set).
__global__ void take_where_clear_kernel(limb_t* r, const limb_t* t, std::size_t n, const limb_t* flag) {
  if (*flag != 0) return;
  for (std::size_t k = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; k < n;
       k += std::size_t{gridDim.x} * blockDim.x) {
    r[k] = t[k];
  }
}

/// Up to or_flags_most flag pointers, passed by value.
struct FlagList {
  const limb_t* p[or_flags_most];
  unsigned count;
};

/// *into = (accumulate ? *into : 0) | *from.p[0] | ... , one thread.
__global__ void or_flags_kernel(limb_t* into, FlagList from, bool accumulate) {
  limb_t v = accumulate ? *into : 0u;
  for (unsigned k = 0; k < from.count; ++k) v |= *from.p[k];
  *into = v;
}

/// *flag = 1 where it is 0, else 0; one thread.
__global__ void invert_flag_kernel(limb_t* flag) { *flag = *flag == 0 ? 1u : 0u; }

/// out[g] for every g < total: the limb of the slot that holds g (the last copy with at <= g), or zero past its len.
__global__ void gather_slots_kernel(limb_t* out, std::size_t total, const SlotCopy* copies, std::size_t count) {
  for (std::size_t g = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; g < total;
       g += std::size_t{gridDim.x} * blockDim.x) {
    const SlotCopy c = copies[detail::last_at_or_below(copies, count, g, &SlotCopy::at)];
    const std::size_t k = g - c.at;
    out[g] = k < c.len ? c.src[k] : 0u;
  }
}

/// Key of find_highest for the significant limbs: k + 1 where p[k] != 0, else 0.
struct NonzeroKey {
  const limb_t* p;
  __device__ unsigned long long operator()(std::size_t k) const { return p[k] != 0 ? k + 1 : 0ull; }
};

/// *found = max(*found, max over k < n of key(k)), for keys that grow with k (0: nothing at k). Each thread takes its
/// grid-stride indices from the top down and stops at its first hit, its highest; the block reduces its threads'
/// hits (shuffles, then shared memory) and makes one atomicMax. (An atomicMax a hit, as before, queued millions of
/// atomics on one address for a long array, about 1 ms for 10^6 limbs on an H200, 2026-11-28.)
template <class Key> __global__ void find_highest(std::size_t n, Key key, unsigned long long* found) {
  unsigned long long best = 0;
  for (std::size_t t = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; t < n; t += std::size_t{gridDim.x} * blockDim.x) {
    const unsigned long long v = key(n - 1 - t);
    if (v != 0) {
      best = v;
      break;
    }
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    const unsigned long long other = __shfl_down_sync(0xffffffffu, best, offset);
    best = other > best ? other : best;
  }
  __shared__ unsigned long long warp_best[linear_threads / 32];
  if (threadIdx.x % 32 == 0) warp_best[threadIdx.x / 32] = best;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (unsigned w = 1; w < blockDim.x / 32; ++w) best = warp_best[w] > best ? warp_best[w] : best;
    if (best != 0) atomicMax(found, best);
  }
}

/// This thread's limbs (grid stride) of r[k] = limb k of a << (32 q + s) (Left) or a >> (32 q + s).
template <bool Left>
__device__ void shift_limbs(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t q, unsigned s) {
  for (std::size_t k = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; k < nr;
       k += std::size_t{gridDim.x} * blockDim.x) {
    r[k] = Left ? shifted_left_limb(a, na, k, q, s) : shifted_right_limb(a, na, k, q, s);
  }
}

template <bool Left>
__global__ void shift_kernel(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t q, unsigned s) {
  shift_limbs<Left>(r, nr, a, na, q, s);
}

/// r[k] = limb k of the complement of a >> (32 q + s) in `bits` bits (complement_shifted), grid stride.
__global__ void complement_shifted_kernel(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t q,
                                          unsigned s, std::size_t bits) {
  for (std::size_t k = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; k < nr;
       k += std::size_t{gridDim.x} * blockDim.x) {
    r[k] = complement_shifted_limb(a, na, k, q, s, bits);
  }
}

/// r[k] = limb k of a << (*count >> count_shift) (Left) or a >> that: the shift read on the device.
template <bool Left>
__global__ void shift_by_count_kernel(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na,
                                      const limb_t* count, unsigned count_shift) {
  const limb_t bits = *count >> count_shift;
  shift_limbs<Left>(r, nr, a, na, bits / 32, bits % 32);
}

/// leading_zero_bits in one block: each thread takes limbs from the top down, stride blockDim.x, and stops at its
/// first non-zero one, its highest; the block's maximum is the highest of all.
__global__ void __launch_bounds__(linear_threads)
leading_zeros_kernel(limb_t* count, limb_t* status, limb_t zero_code, limb_t short_code, const limb_t* p, std::size_t n,
                     unsigned unit) {
  std::size_t best = 0;  // index + 1 of the highest non-zero limb seen
  for (std::size_t t = threadIdx.x; t < n; t += blockDim.x) {
    if (p[n - 1 - t] != 0) {
      best = n - t;
      break;
    }
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    const std::size_t other = __shfl_down_sync(0xffffffffu, best, offset);
    best = other > best ? other : best;
  }
  __shared__ std::size_t warp_best[linear_threads / 32];
  if (threadIdx.x % 32 == 0) warp_best[threadIdx.x / 32] = best;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (unsigned w = 1; w < blockDim.x / 32; ++w) best = warp_best[w] > best ? warp_best[w] : best;
    *count = leading_zero_count(p, n, best, unit);
    if (status != nullptr) *status = best == 0 ? zero_code : best < n ? short_code : 0u;
  }
}

/// p[k] = limb k of v, for k < n.
__global__ void set_uint_kernel(limb_t* p, std::size_t n, std::uint64_t v) {
  for (std::size_t k = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; k < n;
       k += std::size_t{gridDim.x} * blockDim.x) {
    p[k] = limb_of_uint(v, k);
  }
}

/// The answer of find_highest: runs `launch(found)` and reads *found back.
template <class Launch> unsigned long long device_search(const Launch& launch) {
  unsigned long long* found = nullptr;
  found = static_cast<unsigned long long*>(device_allocate(sizeof *found));
  unsigned long long result = 0;
  cudaError_t e = cudaMemsetAsync(found, 0, sizeof *found, nullptr);
  if (e == cudaSuccess) {
    launch(found);
    e = cudaGetLastError();
  }
  if (e == cudaSuccess) e = cudaMemcpy(&result, found, sizeof result, cudaMemcpyDeviceToHost);
  device_free(found);
  cuda_check(e, "search");
  return result;
}

#endif  // WARPNUM_HAS_CUDA

#if !WARPNUM_HAS_CUDA
[[noreturn]] void no_device() {
  throw_error<std::logic_error>("warpnum: device memory in a build of warpnum::huge without CUDA");
}
#endif

/// Whether CUDA reports a GPU. Not batch/memory.hpp's inline gpu_available(): its body depends on the compiler
/// (false under g++), and the library's g++ files and a user's would then link two different definitions of it.
bool device_present() noexcept {
#if WARPNUM_HAS_CUDA
  static const bool present = [] {
    int count = 0;
    const bool ok = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
    (void)cudaGetLastError();  // a failed query (no driver) must not stay as the sticky last error
    return ok;
  }();
  return present;
#else
  return false;
#endif
}

}  // namespace

// ---- the engine's entry points ----

Place resolve_place(Place place) {
  if (place != Place::automatic && place != Place::host && place != Place::device) {
    throw_error<std::invalid_argument>("warpnum: Integer: Place value " + std::to_string(static_cast<unsigned>(place)) +
                                       " is not Place::automatic, host or device");
  }
  if (place == Place::automatic) return device_present() ? Place::device : Place::host;
  if (place == Place::device && !device_present()) {
#if WARPNUM_HAS_CUDA
    throw_error<std::runtime_error>(
        "warpnum: Integer on Place::device, but CUDA reports no GPU; use Place::host or automatic");
#else
    throw_error<std::runtime_error>(
        "warpnum: Integer on Place::device needs warpnum::huge built with CUDA (this one was "
        "not); use Place::host or automatic");
#endif
  }
  return place;
}

void normalise(limb_t* out, std::size_t n_out, const Coef96* c, std::size_t nc, Place place,
               [[maybe_unused]] Queue queue) {
  if (n_out == 0) return;
  const auto* words = reinterpret_cast<const std::uint32_t*>(c);
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    device_resolve(NormaliseSource{words, static_cast<std::ptrdiff_t>(nc)}, out, n_out, nullptr, queue.stream);
    finish_queue(queue, "normalise");
    return;
#else
    no_device();
#endif
  }
  const CoefWords coefs{words, static_cast<std::ptrdiff_t>(nc)};
  host_resolve([&](std::size_t k) { return NormaliseStream<CoefWords>(coefs, static_cast<std::ptrdiff_t>(k)); }, out,
               n_out);
}

void normalise_residues(limb_t* out, std::size_t n_out, const std::uint32_t* residues, std::size_t length,
                        std::size_t nc, const ntt::Crt& crt, [[maybe_unused]] Queue queue) {
  if (n_out == 0) return;
#if WARPNUM_HAS_CUDA
  device_resolve(ResidueSource{residues, length, static_cast<std::ptrdiff_t>(nc), crt}, out, n_out, nullptr,
                 queue.stream);
  finish_queue(queue, "normalise_residues");
#else
  static_cast<void>(out), static_cast<void>(residues), static_cast<void>(length), static_cast<void>(nc);
  static_cast<void>(crt);
  no_device();
#endif
}

namespace {
/// r[0, n) from a linear source (LinearSource, ShiftedLinearSource) in either place: the tile kernels on the device,
/// the host's loop over the same streams on the host; the carry or borrow out of limb n - 1 to *carry (one limb in
/// the place's memory) where that is not null.
template <class Source>
void resolve_linear(const Source& source, limb_t* r, std::size_t n, limb_t* carry, Place place,
                    [[maybe_unused]] Queue queue, [[maybe_unused]] const char* what) {
  if (n == 0) {
    if (carry != nullptr) fill_zero(carry, 1, place, queue);
    return;
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    device_resolve(source, r, n, carry, queue.stream);
    finish_queue(queue, what);
    return;
#else
    no_device();
#endif
  }
  const limb_t out = host_resolve(
      [&](std::size_t k) {
        typename Source::Tile tile;
        return source.stage(tile, 0, k);
      },
      r, n);
  if (carry != nullptr) *carry = out;
}
}  // namespace

void add(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, limb_t* carry, Place place,
         Queue queue) {
  if (place == Place::host && host_sequential(na)) {
    const limb_t out = host_linear<false>(r, a, na, b, nb);
    if (carry != nullptr) *carry = out;
    return;
  }
  resolve_linear(AddSource{a, b, nb}, r, na, carry, place, queue, "add");
}

limb_t add(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place) {
  if (na == 0) return 0;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    const DeviceArray<limb_t> carry(1);
    add(r, a, na, b, nb, carry.get(), place, Queue{});
    limb_t result = 0;
    cuda_check(cudaMemcpy(&result, carry.get(), sizeof result, cudaMemcpyDeviceToHost), "cudaMemcpy");
    return result;
#else
    no_device();
#endif
  }
  limb_t carry = 0;
  add(r, a, na, b, nb, &carry, place, Queue{});
  return carry;
}

void sub(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, Place place, Queue queue,
         limb_t* borrow) {
  if (place == Place::host && host_sequential(na)) {
    const limb_t out = host_linear<true>(r, a, na, b, nb);
    if (borrow != nullptr) *borrow = out;
    return;
  }
  resolve_linear(SubSource{a, b, nb}, r, na, borrow, place, queue, "sub");
}

void add_shifted(limb_t* r, std::size_t n, ShiftedLimbs a, ShiftedLimbs b, limb_t* carry, Place place, Queue queue) {
  resolve_linear(ShiftedLinearSource<false>{a, b}, r, n, carry, place, queue, "add_shifted");
}

void sub_shifted(limb_t* r, std::size_t n, ShiftedLimbs a, ShiftedLimbs b, limb_t* borrow, Place place,
                 Queue queue) {
  resolve_linear(ShiftedLinearSource<true>{a, b}, r, n, borrow, place, queue, "sub_shifted");
}

void low_bits_nonzero(limb_t* flag, const limb_t* p, std::size_t n, std::size_t bits, Place place,
                      [[maybe_unused]] Queue queue) {
  const std::size_t limbs = std::min(n, (bits + 31) / 32);
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    const DeviceArray<unsigned long long> found(1, queue.stream);
    cuda_check(cudaMemsetAsync(found.get(), 0, sizeof(unsigned long long), queue.stream), "cudaMemsetAsync");
    if (limbs != 0) {
      find_highest<<<linear_blocks(limbs), linear_threads, 0, queue.stream>>>(limbs, LowBitsKey{p, bits},
                                                                             found.get());
    }
    flag_from_found<<<1, 1, 0, queue.stream>>>(flag, found.get());
    cuda_check(cudaGetLastError(), "low_bits_nonzero");
    finish_queue(queue, "low_bits_nonzero");
    return;
#else
    no_device();
#endif
  }
  limb_t any = 0;
  for (std::size_t k = 0; k < limbs; ++k) {
    any |= p[k] & low_bits_mask(bits, k);
  }
  *flag = any != 0 ? 1 : 0;
}

void gather_slots(limb_t* out, std::size_t total, std::span<const SlotCopy> copies, Place place,
                  [[maybe_unused]] Queue queue) {
  if (total == 0) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    const DeviceArray<SlotCopy> table(copies.size(), queue.stream);
    // From pageable memory: staged by the driver before the call returns, so the caller's table may go at once.
    cuda_check(cudaMemcpyAsync(table.get(), copies.data(), copies.size() * sizeof(SlotCopy), cudaMemcpyHostToDevice,
                               queue.stream),
               "cudaMemcpyAsync");
    gather_slots_kernel<<<linear_blocks(total), linear_threads, 0, queue.stream>>>(out, total, table.get(),
                                                                                   copies.size());
    cuda_check(cudaGetLastError(), "gather_slots");
    finish_queue(queue, "gather_slots");
    return;
#else
    no_device();
#endif
  }
  for (const SlotCopy& c : copies) {
    if (c.len != 0) std::memmove(out + c.at, c.src, c.len * sizeof(limb_t));
    if (c.room > c.len) std::memset(out + c.at + c.len, 0, (c.room - c.len) * sizeof(limb_t));
  }
}

void or_flags(limb_t* into, std::span<const limb_t* const> from, bool accumulate, Place place,
              [[maybe_unused]] Queue queue) {
  if (from.size() > or_flags_most) {
    warpnum::detail::throw_error<std::invalid_argument>("warpnum: or_flags takes at most " +
                                                        std::to_string(or_flags_most) + " flags a call");
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    FlagList list{};
    for (std::size_t k = 0; k < from.size(); ++k) list.p[k] = from[k];
    list.count = static_cast<unsigned>(from.size());
    or_flags_kernel<<<1, 1, 0, queue.stream>>>(into, list, accumulate);
    cuda_check(cudaGetLastError(), "or_flags");
    finish_queue(queue, "or_flags");
    return;
#else
    no_device();
#endif
  }
  limb_t v = accumulate ? *into : 0;
  for (const limb_t* f : from) v |= *f;
  *into = v;
}

void take_where_clear(limb_t* r, const limb_t* t, std::size_t n, const limb_t* flag, Place place,
                      [[maybe_unused]] Queue queue) {
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    if (n != 0) take_where_clear_kernel<<<linear_blocks(n), linear_threads, 0, queue.stream>>>(r, t, n, flag);
    cuda_check(cudaGetLastError(), "take_where_clear");
    finish_queue(queue, "take_where_clear");
    return;
#else
    no_device();
#endif
  }
  if (*flag == 0 && n != 0) std::memmove(r, t, n * sizeof(limb_t));
}

void invert_flag(limb_t* flag, Place place, [[maybe_unused]] Queue queue) {
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    invert_flag_kernel<<<1, 1, 0, queue.stream>>>(flag);
    cuda_check(cudaGetLastError(), "invert_flag");
    finish_queue(queue, "invert_flag");
    return;
#else
    no_device();
#endif
  }
  *flag = *flag == 0 ? 1 : 0;
}

int compare(const limb_t* a, const limb_t* b, std::size_t n, Place place) {
  if (n == 0) return 0;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    const unsigned long long found = device_search([&](unsigned long long* f) {
      find_highest<<<linear_blocks(n), linear_threads>>>(n, DifferenceKey{a, b}, f);
    });
    return found == 0 ? 0 : ((found & 1u) != 0 ? 1 : -1);
#else
    no_device();
#endif
  }
  for (std::size_t k = n; k-- > 0;)
    if (a[k] != b[k]) return a[k] > b[k] ? 1 : -1;
  return 0;
}

std::size_t significant_limbs(const limb_t* p, std::size_t n, Place place, limb_t* top) {
  if (top != nullptr) *top = 0;
  if (n == 0) return 0;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    // Most results have their top limb set, or the one below it (a product): read those two first.
    const std::size_t tail = std::min<std::size_t>(n, 2);
    limb_t last[2] = {0, 0};
    cuda_check(cudaMemcpy(last, p + (n - tail), tail * sizeof(limb_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (std::size_t i = tail; i-- > 0;) {
      if (last[i] != 0) {
        if (top != nullptr) *top = last[i];
        return n - tail + i + 1;
      }
    }
    const std::size_t rest = n - tail;
    if (rest == 0) return 0;
    const auto size = static_cast<std::size_t>(
        device_search([&](unsigned long long* f) {
          find_highest<<<linear_blocks(rest), linear_threads>>>(rest, NonzeroKey{p}, f);
        }));
    if (size != 0 && top != nullptr)
      cuda_check(cudaMemcpy(top, p + (size - 1), sizeof(limb_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return size;
#else
    no_device();
#endif
  }
  std::size_t size = n;
  while (size > 0 && p[size - 1] == 0) --size;
  if (size != 0 && top != nullptr) *top = p[size - 1];
  return size;
}

namespace {
/// r[0, nr) = the limbs of a << bits (Left) or a >> bits, in a place.
template <bool Left>
void shift(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t bits, Place place,
           [[maybe_unused]] Queue queue) {
  if (nr == 0) return;
  const std::size_t q = bits / 32;
  const auto s = static_cast<unsigned>(bits % 32);
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    shift_kernel<Left><<<linear_blocks(nr), linear_threads, 0, queue.stream>>>(r, nr, a, na, q, s);
    cuda_check(cudaGetLastError(), Left ? "shift_left" : "shift_right");
    finish_queue(queue, Left ? "shift_left" : "shift_right");
    return;
#else
    no_device();
#endif
  }
  if (host_sequential(nr) && na <= static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    // The limb core's shifts over the limbs that land in r, the rest zero (the limbs shifted_left_limb and
    // shifted_right_limb give, without their bounds a limb).
    if constexpr (Left) {
      const std::size_t low = std::min(q, nr);  // zeros below a's lowest limb
      std::size_t end = low;
      if (nr > q && na != 0) {
        const std::size_t m = std::min(na, nr - q);  // a's limbs that start inside r
        const limb_t top = warpnum::detail::mpn::shl_bits(r + q, a, static_cast<int>(m), static_cast<int>(s));
        end = q + m;
        if (m == na && end < nr) r[end++] = top;  // the bits out of a's top limb
      }
      std::fill(r, r + low, limb_t{0});
      std::fill(r + end, r + nr, limb_t{0});
    } else {
      const std::size_t above = na > q ? na - q : 0;  // a's limbs from limb q up
      const std::size_t m = std::min(nr, above);
      if (m != 0) {
        warpnum::detail::mpn::shr_bits(r, a + q, static_cast<int>(m), static_cast<int>(s));
        if (m < above && s != 0) r[m - 1] |= a[q + m] << (32 - s);  // the bits in from the limb above r's top
      }
      std::fill(r + m, r + nr, limb_t{0});
    }
    return;
  }
#if defined(_OPENMP)
#  pragma omp parallel for if (nr >= host_parallel_limbs)
#endif
  for (std::size_t k = 0; k < nr; ++k) r[k] = Left ? shifted_left_limb(a, na, k, q, s) : shifted_right_limb(a, na, k, q, s);
}
}  // namespace

void shift_left(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t bits, Place place,
                Queue queue) {
  shift<true>(r, nr, a, na, bits, place, queue);
}
void shift_right(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t bits, Place place,
                 Queue queue) {
  shift<false>(r, nr, a, na, bits, place, queue);
}

void complement_shifted(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, std::size_t drop, std::size_t bits,
                        Place place, [[maybe_unused]] Queue queue) {
  if (nr == 0) return;
  const std::size_t q = drop / 32;
  const auto s = static_cast<unsigned>(drop % 32);
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    complement_shifted_kernel<<<linear_blocks(nr), linear_threads, 0, queue.stream>>>(r, nr, a, na, q, s, bits);
    cuda_check(cudaGetLastError(), "complement_shifted");
    finish_queue(queue, "complement_shifted");
    return;
#else
    no_device();
#endif
  }
  for (std::size_t k = 0; k < nr; ++k) r[k] = complement_shifted_limb(a, na, k, q, s, bits);
}

void leading_zero_bits(limb_t* count, limb_t* status, limb_t zero_code, limb_t short_code, const limb_t* p,
                       std::size_t n, unsigned unit, Place place, [[maybe_unused]] Queue queue) {
  if (n >= (std::size_t{1} << 27)) {
    throw_error<std::length_error>("warpnum: leading_zero_bits: more than 2^27 limbs (a count past 32 bits)");
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    leading_zeros_kernel<<<1, linear_threads, 0, queue.stream>>>(count, status, zero_code, short_code, p, n, unit);
    cuda_check(cudaGetLastError(), "leading_zero_bits");
    finish_queue(queue, "leading_zero_bits");
    return;
#else
    no_device();
#endif
  }
  std::size_t top = n;
  while (top > 0 && p[top - 1] == 0) --top;
  *count = leading_zero_count(p, n, top, unit);
  if (status != nullptr) *status = top == 0 ? zero_code : top < n ? short_code : 0;
}

namespace {
template <bool Left>
void shift_by_count(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, const limb_t* count,
                    unsigned count_shift, Place place, [[maybe_unused]] Queue queue) {
  if (nr == 0) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    shift_by_count_kernel<Left><<<linear_blocks(nr), linear_threads, 0, queue.stream>>>(r, nr, a, na, count,
                                                                                        count_shift);
    cuda_check(cudaGetLastError(), Left ? "shift_left_by" : "shift_right_by");
    finish_queue(queue, Left ? "shift_left_by" : "shift_right_by");
    return;
#else
    no_device();
#endif
  }
  shift<Left>(r, nr, a, na, *count >> count_shift, place, queue);
}
}  // namespace

void shift_left_by(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, const limb_t* count,
                   unsigned count_shift, Place place, Queue queue) {
  shift_by_count<true>(r, nr, a, na, count, count_shift, place, queue);
}
void shift_right_by(limb_t* r, std::size_t nr, const limb_t* a, std::size_t na, const limb_t* count,
                    unsigned count_shift, Place place, Queue queue) {
  shift_by_count<false>(r, nr, a, na, count, count_shift, place, queue);
}

void set_uint(limb_t* p, std::size_t n, std::uint64_t v, Place place, [[maybe_unused]] Queue queue) {
  if (n == 0) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    set_uint_kernel<<<linear_blocks(n), linear_threads, 0, queue.stream>>>(p, n, v);
    cuda_check(cudaGetLastError(), "set_uint");
    finish_queue(queue, "set_uint");
    return;
#else
    no_device();
#endif
  }
  for (std::size_t k = 0; k < n; ++k) p[k] = limb_of_uint(v, k);
}

#if WARPNUM_HAS_CUDA
namespace {
/// The library's pool on `device`: made once, its release threshold at the maximum (device_allocate's comment).
cudaMemPool_t library_pool(int device) {
  static warpnum::detail::PerDevice<cudaMemPool_t> pools;
  return pools.get(device, [device] {
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t pool{};
    cuda_check(cudaMemPoolCreate(&pool, &props), "cudaMemPoolCreate");
    std::uint64_t threshold = ~std::uint64_t{0};
    cuda_check(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold),
               "cudaMemPoolSetAttribute");
    return pool;
  });
}
}  // namespace

void* device_allocate(std::size_t bytes, stream_handle stream) {
  int device = 0;
  cuda_check(cudaGetDevice(&device), "cudaGetDevice");
  void* p = nullptr;
  const cudaError_t e = cudaMallocFromPoolAsync(&p, bytes, library_pool(device), stream);
  if (e != cudaSuccess) {
    // Out of memory, or a size past the device's whole memory (which CUDA may call an invalid value instead).
    std::size_t free_bytes = 0;
    std::size_t total_bytes = 0;
    const bool too_large = cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess && bytes > total_bytes;
    if (e == cudaErrorMemoryAllocation || too_large) {
      (void)cudaGetLastError();
      throw_exception(OutOfMemory(bytes, Place::device));
    }
  }
  cuda_check(e, "cudaMallocFromPoolAsync");
  return p;
}
void device_free(void* p, stream_handle stream) noexcept {
  if (p != nullptr) (void)cudaFreeAsync(p, stream);
}
#else
void* device_allocate(std::size_t, stream_handle) {
  throw_error<std::logic_error>("warpnum: device memory in a build without CUDA");
}
void device_free(void*, stream_handle) noexcept {}
#endif

limb_t* allocate(std::size_t limbs, Place place, [[maybe_unused]] stream_handle stream) {
  if (limbs == 0) return nullptr;
  if (limbs > SIZE_MAX / sizeof(limb_t)) {
    throw_exception(OutOfMemory(SIZE_MAX, place == Place::device ? Place::device : Place::host));
  }
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    return static_cast<limb_t*>(device_allocate(limbs * sizeof(limb_t), stream));
#else
    no_device();
#endif
  }
  void* p = ::operator new(limbs * sizeof(limb_t), std::nothrow);
  if (p == nullptr) throw_exception(OutOfMemory(limbs * sizeof(limb_t), Place::host));
  return static_cast<limb_t*>(p);
}

void release(limb_t* p, Place place, [[maybe_unused]] stream_handle stream) noexcept {
  if (p == nullptr) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    device_free(p, stream);
#endif
    return;
  }
  ::operator delete(p);
}

void copy(limb_t* dst, Place to, const limb_t* src, Place from, std::size_t limbs, [[maybe_unused]] Queue queue) {
  if (limbs == 0) return;
  if (to == Place::host && from == Place::host) {
    std::memcpy(dst, src, limbs * sizeof(limb_t));
    return;
  }
#if WARPNUM_HAS_CUDA
  const cudaMemcpyKind kind = to == Place::device
                                  ? (from == Place::device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                  : (from == Place::device ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
  if (kind == cudaMemcpyDeviceToDevice) {
    cuda_check(cudaMemcpyAsync(dst, src, limbs * sizeof(limb_t), kind, queue.stream), "cudaMemcpyAsync");
    finish_queue(queue, "copy");
    return;
  }
  // Host memory may be pageable: the copy is made in the stream's order and waited for.
  cuda_check(cudaMemcpyAsync(dst, src, limbs * sizeof(limb_t), kind, queue.stream), "cudaMemcpyAsync");
  cuda_check(cudaStreamSynchronize(queue.stream), "cudaStreamSynchronize");
#else
  no_device();
#endif
}

void fill_zero(limb_t* p, std::size_t limbs, Place place, [[maybe_unused]] Queue queue) {
  if (limbs == 0) return;
  if (place == Place::device) {
#if WARPNUM_HAS_CUDA
    cuda_check(cudaMemsetAsync(p, 0, limbs * sizeof(limb_t), queue.stream), "cudaMemsetAsync");
    finish_queue(queue, "fill_zero");
    return;
#else
    no_device();
#endif
  }
  std::memset(p, 0, limbs * sizeof(limb_t));
}

void order_after([[maybe_unused]] stream_handle waiter, [[maybe_unused]] stream_handle on) {
#if WARPNUM_HAS_CUDA
  if (waiter == on) return;
  cudaEvent_t event{};
  cuda_check(cudaEventCreateWithFlags(&event, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  cudaError_t e = cudaEventRecord(event, on);
  if (e == cudaSuccess) e = cudaStreamWaitEvent(waiter, event, 0);
  (void)cudaEventDestroy(event);  // the wait keeps what it needs
  cuda_check(e, "order_after");
#endif
}

stream_handle create_stream() {
#if WARPNUM_HAS_CUDA
  if (!device_present()) return nullptr;
  cudaStream_t s{};
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  return s;
#else
  return nullptr;
#endif
}

void destroy_stream([[maybe_unused]] stream_handle stream) noexcept {
#if WARPNUM_HAS_CUDA
  if (stream != nullptr) {
    (void)cudaStreamSynchronize(stream);
    (void)cudaStreamDestroy(stream);
  }
#endif
}

void complete(Place place, [[maybe_unused]] Queue queue) {
#if WARPNUM_HAS_CUDA
  if (place == Place::device) finish_queue(queue, "complete");
#else
  static_cast<void>(place);
#endif
}

}  // namespace warpnum::huge

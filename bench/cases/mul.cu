// SPDX-License-Identifier: Apache-2.0
// bench/cases/mul.cu: a * b (the low Bits bits of the product) on the GPU, per thread (operator*, the unrolled
// PTX rows: strategy "thread"; in batch mode also "thread-pf", each thread prefetching its next operands, and
// "thread-st", whole tiles moved through warp stages) and by lane groups of
// G = 2 .. 32 lanes (warp::sum_rotate_mul: "rotG"; warp::paired_column_mul: "pairG", with a Karatsuba step in
// each block product: "kpairG"; sum_rotate_mul_shared, with shared memory in place of shuffles: "smem32"), in both
// modes:
//   compute: CGBN's perf_tests loop, r = low(r * x0) compute_loops(Bits) times in registers per instance;
//   batch:   c[i] = a[i] * b[i] from and to device memory, once each.
#include "base.cuh"

#include <warpnum/warp/paired_column_mul.hpp>
#include <warpnum/warp/stage.hpp>
#include <warpnum/warp/sum_rotate_mul.hpp>

#include <cooperative_groups.h>
#include <cuda_pipeline_primitives.h>

#include <algorithm>
#include <cstddef>
#include <string>

namespace warpnum::bench {
namespace {

namespace cg = cooperative_groups;

constexpr unsigned block_threads = 128;

/// The lane-group algorithms.
enum class Lanes { sum_rotate, paired_column, paired_karatsuba, sum_rotate_shared };

/// `scratch`: a word of shared memory per lane of the block (the shared-memory variant's exchange buffer).
template <Lanes L, unsigned G, class Tile, class S>
__device__ __forceinline__ S lanes_mul(const Tile& tile, const S& a, const S& b, std::uint32_t* scratch) {
  if constexpr (L == Lanes::sum_rotate) {
    return warp::sum_rotate_mul(tile, a, b);
  } else if constexpr (L == Lanes::paired_column) {
    return warp::paired_column_mul(tile, a, b);
  } else if constexpr (L == Lanes::paired_karatsuba) {
    return warp::paired_column_mul<warp::BlockProduct::karatsuba>(tile, a, b);
  } else {
    return warp::sum_rotate_mul_shared(tile, a, b, scratch + (threadIdx.x / G) * G);
  }
}

/// compute mode, one thread an instance.
template <std::size_t Bits>
__global__ __launch_bounds__(block_threads) void compute_thread(const BigUInt<Bits>* a, const BigUInt<Bits>* x, BigUInt<Bits>* out,
                                                                std::size_t n, int loops) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  BigUInt<Bits> r = a[i];
  const BigUInt<Bits> x0 = x[i];
#pragma unroll 1
  for (int l = 0; l < loops; ++l) r = r * x0;
  out[i] = r;
}

/// compute mode, G lanes an instance.
template <std::size_t Bits, unsigned G, Lanes L>
__global__ __launch_bounds__(block_threads) void compute_lanes(const BigUInt<Bits>* a, const BigUInt<Bits>* x, BigUInt<Bits>* out,
                                                               std::size_t n, int loops) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;
  auto r = warp::load(tile, a[i]);
  const auto x0 = warp::load(tile, x[i]);
  __shared__ std::uint32_t scratch[block_threads];
#pragma unroll 1
  for (int l = 0; l < loops; ++l) r = lanes_mul<L, G>(tile, r, x0, scratch);
  warp::store(tile, out[i], r);
}

/// batch mode, one thread an instance.
template <std::size_t Bits>
__global__ __launch_bounds__(block_threads) void batch_thread(const BigUInt<Bits>* a, const BigUInt<Bits>* b, BigUInt<Bits>* c,
                                                              std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] * b[i];
}

/// batch mode, one thread an instance, software-pipelined: each thread of a grid that fills the GPU once walks
/// the batch with a grid-sized stride and, while it multiplies one pair in registers, has the next pair copied
/// into its own slot of shared memory (cp.async through __pipeline_memcpy_async). Loads and multiplies overlap in
/// every warp, instead of each warp loading, then computing, then storing.
template <std::size_t Bits>
__global__ __launch_bounds__(block_threads) void batch_thread_pipelined(const BigUInt<Bits>* a, const BigUInt<Bits>* b,
                                                                        BigUInt<Bits>* c, std::size_t n) {
  using T = BigUInt<Bits>;
  static_assert(sizeof(T) % 16 == 0, "operands move in 16-byte pieces");
  constexpr int pieces = static_cast<int>(sizeof(T) / 16);
  extern __shared__ uint4 stage[];  // per thread: the next a, then the next b
  uint4* mine = stage + static_cast<std::size_t>(threadIdx.x) * 2 * pieces;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const auto fetch = [&](std::size_t k) {
    const uint4* pa = reinterpret_cast<const uint4*>(a + k);
    const uint4* pb = reinterpret_cast<const uint4*>(b + k);
    for (int p = 0; p < pieces; ++p) {
      __pipeline_memcpy_async(mine + p, pa + p, 16);
      __pipeline_memcpy_async(mine + pieces + p, pb + p, 16);
    }
    __pipeline_commit();
  };
  if (i < n) fetch(i);
  for (; i < n; i += stride) {
    __pipeline_wait_prior(0);
    T x;
    T y;
    for (int p = 0; p < pieces; ++p) {
      const uint4 va = mine[p];
      const uint4 vb = mine[pieces + p];
      x.limbs_[4 * p] = va.x;
      x.limbs_[4 * p + 1] = va.y;
      x.limbs_[4 * p + 2] = va.z;
      x.limbs_[4 * p + 3] = va.w;
      y.limbs_[4 * p] = vb.x;
      y.limbs_[4 * p + 1] = vb.y;
      y.limbs_[4 * p + 2] = vb.z;
      y.limbs_[4 * p + 3] = vb.w;
    }
    if (i + stride < n) fetch(i + stride);
    c[i] = x * y;
  }
}

/// batch mode, one thread an instance, a warp's 32 pairs moved as tiles through shared memory
/// (warp/stage.hpp): coalesced, asynchronous loads of the next tile while the warp multiplies this one, and the
/// products written back through the stage in coalesced stores. Each warp of a grid that fills the GPU once walks
/// the tiles with a stride of the grid's warps.
template <std::size_t Bits>
__global__ __launch_bounds__(block_threads) void batch_thread_staged(const BigUInt<Bits>* a, const BigUInt<Bits>* b,
                                                                     BigUInt<Bits>* c, std::size_t n) {
  using T = BigUInt<Bits>;
  using S = warp::Stage<T>;
  extern __shared__ uint4 stage_memory[];
  constexpr unsigned warps = block_threads / 32;
  const unsigned lane = threadIdx.x % 32;
  S* mine = reinterpret_cast<S*>(stage_memory) + 3 * (threadIdx.x / 32);
  S& sa = mine[0];
  S& sb = mine[1];
  S& sc = mine[2];
  const std::size_t tiles = (n + 31) / 32;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * warps;
  const auto count = [&](std::size_t t) { return static_cast<unsigned>(n - 32 * t < 32 ? n - 32 * t : 32); };
  std::size_t t = static_cast<std::size_t>(blockIdx.x) * warps + threadIdx.x / 32;
  if (t < tiles) {
    warp::stage_async(sa, a + 32 * t, count(t), lane);
    warp::stage_async(sb, b + 32 * t, count(t), lane);
  }
  for (; t < tiles; t += stride) {
    warp::wait_staged();
    const T x = warp::read_staged(sa, lane);
    const T y = warp::read_staged(sb, lane);
    __syncwarp();  // the stage is read: the next tile may land in it
    if (t + stride < tiles) {
      warp::stage_async(sa, a + 32 * (t + stride), count(t + stride), lane);
      warp::stage_async(sb, b + 32 * (t + stride), count(t + stride), lane);
    }
    warp::write_staged(sc, lane, x * y);
    warp::unstage(c + 32 * t, sc, count(t), lane);
  }
}

/// A grid of `kernel` (block_threads threads, `smem` bytes of dynamic shared memory a block) that fills the GPU
/// once: as many blocks as can be resident.
template <class Kernel> int resident_blocks(Kernel kernel, std::size_t smem) {
  int per_sm = 0;
  int sms = 0;
  int device = 0;
  WARPNUM_BENCH_CUDA(cudaGetDevice(&device));
  WARPNUM_BENCH_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  WARPNUM_BENCH_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  WARPNUM_BENCH_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block_threads, smem));
  return sms * (per_sm > 0 ? per_sm : 1);
}

template <std::size_t Bits> void launch_batch_thread_pipelined(const BigUInt<Bits>* a, const BigUInt<Bits>* b, BigUInt<Bits>* c,
                                                               std::size_t n) {
  const std::size_t smem = block_threads * 2 * sizeof(BigUInt<Bits>);
  static const int blocks = resident_blocks(batch_thread_pipelined<Bits>, smem);
  batch_thread_pipelined<Bits><<<blocks, block_threads, smem>>>(a, b, c, n);
}

template <std::size_t Bits> void launch_batch_thread_staged(const BigUInt<Bits>* a, const BigUInt<Bits>* b, BigUInt<Bits>* c,
                                                            std::size_t n) {
  const std::size_t smem = (block_threads / 32) * 3 * sizeof(warp::Stage<BigUInt<Bits>>);
  static const int blocks = resident_blocks(batch_thread_staged<Bits>, smem);
  batch_thread_staged<Bits><<<blocks, block_threads, smem>>>(a, b, c, n);
}

/// batch mode, G lanes an instance.
template <std::size_t Bits, unsigned G, Lanes L>
__global__ __launch_bounds__(block_threads) void batch_lanes(const BigUInt<Bits>* a, const BigUInt<Bits>* b, BigUInt<Bits>* c,
                                                             std::size_t n) {
  const auto tile = cg::tiled_partition<G>(cg::this_thread_block());
  const std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G;
  if (i >= n) return;
  __shared__ std::uint32_t scratch[block_threads];
  warp::store(tile, c[i], lanes_mul<L, G>(tile, warp::load(tile, a[i]), warp::load(tile, b[i]), scratch));
}

template <std::size_t Bits> BigUInt<Bits> host_power_product(BigUInt<Bits> r, const BigUInt<Bits>& x, int loops) {
  for (int l = 0; l < loops; ++l) r = r * x;
  return r;
}

/// Batch mode's measurement: c[i] = a[i] * b[i] over as many pairs as Params allows, launched by `launch(a, b,
/// c, n)`, spot-checked against the host.
template <std::size_t Bits, class Launch> Measurement measure_batch(const Params& p, Launch&& launch) {
  using T = BigUInt<Bits>;
  const std::size_t n = std::min(p.batch, p.batch_bytes / (3 * sizeof(T)));
  DeviceBuffer<T> d_a(n, 3);
  DeviceBuffer<T> d_b(n, 4);
  DeviceBuffer<T> d_c(n);
  Measurement m;
  m.seconds = time_runs(p.runs, [&] { launch(d_a.get(), d_b.get(), d_c.get(), n); });
  m.ops = static_cast<double>(n);
  m.bytes = static_cast<double>(n) * 3 * sizeof(T);
  spot_check(m, d_c, [&](std::size_t i) { return operand<T>(3, i) * operand<T>(4, i); });
  return m;
}

/// Registers the compute and batch cases of one strategy at one width. G == 0: one thread an instance.
template <std::size_t Bits, unsigned G, Lanes L = Lanes::sum_rotate> void add_case() {
  using T = BigUInt<Bits>;
  Case c;
  c.op = "mul";
  c.strategy = G == 0 ? std::string("thread")
                      : (L == Lanes::sum_rotate      ? "rot"
                         : L == Lanes::paired_column   ? "pair"
                         : L == Lanes::paired_karatsuba ? "kpair"
                                                        : "smem") +
                            std::to_string(G);
  c.bits = static_cast<int>(Bits);
  c.lanes = G == 0 ? 1 : G;
  c.compute = [](const Params& p) {
    const std::size_t n = p.instances;
    const int loops = compute_loops(Bits);
    DeviceBuffer<T> d_a(n, 1);
    DeviceBuffer<T> d_x(n, 2);
    DeviceBuffer<T> d_out(n);
    Measurement m;
    m.seconds = time_runs(p.runs, [&] {
      if constexpr (G == 0) {
        compute_thread<Bits><<<blocks_for(n, 1, block_threads), block_threads>>>(d_a.get(), d_x.get(), d_out.get(), n, loops);
      } else {
        compute_lanes<Bits, G, L><<<blocks_for(n, G, block_threads), block_threads>>>(d_a.get(), d_x.get(), d_out.get(), n, loops);
      }
    });
    m.ops = static_cast<double>(n) * loops;
    spot_check(m, d_out, [&](std::size_t i) { return host_power_product(operand<T>(1, i), operand<T>(2, i), loops); });
    return m;
  };
  c.batch = [](const Params& p) {
    return measure_batch<Bits>(p, [](const T* a, const T* b, T* out, std::size_t n) {
      if constexpr (G == 0) {
        batch_thread<Bits><<<blocks_for(n, 1, block_threads), block_threads>>>(a, b, out, n);
      } else {
        batch_lanes<Bits, G, L><<<blocks_for(n, G, block_threads), block_threads>>>(a, b, out, n);
      }
    });
  };
  registry().push_back(std::move(c));
}

/// Batch mode only, one thread an instance: "thread-pf" prefetches each thread's next pair into its own slot of
/// shared memory (batch_thread_pipelined); "thread-st" moves whole tiles through warp stages (batch_thread_staged).
template <std::size_t Bits> void add_pipelined_cases() {
  Case c;
  c.op = "mul";
  c.strategy = "thread-pf";
  c.bits = static_cast<int>(Bits);
  c.lanes = 1;
  c.batch = [](const Params& p) { return measure_batch<Bits>(p, launch_batch_thread_pipelined<Bits>); };
  registry().push_back(c);
  c.strategy = "thread-st";
  c.batch = [](const Params& p) { return measure_batch<Bits>(p, launch_batch_thread_staged<Bits>); };
  registry().push_back(std::move(c));
}

/// Lane groups of G lanes fit a width when each lane holds between 1 and 32 limbs.
template <std::size_t Bits, unsigned G> void add_lanes_if_they_fit() {
  if constexpr (Bits % (32 * G) == 0 && Bits / 32 / G <= 32) {
    add_case<Bits, G, Lanes::sum_rotate>();
    add_case<Bits, G, Lanes::paired_column>();
    // The shared-memory exchange, for comparison with the shuffles (Honda et al., Table II): one warp a number.
    if constexpr (G == 32) add_case<Bits, G, Lanes::sum_rotate_shared>();
    // Paired columns with a Karatsuba step in each block product, where blocks have 8 limbs or more.
    if constexpr (Bits / 32 / G >= 8) add_case<Bits, G, Lanes::paired_karatsuba>();
  }
}

template <std::size_t Bits> void add_width() {
  if constexpr (Bits <= 4096) add_case<Bits, 0>();  // per thread: above 4096 bits the operands live in local memory
  if constexpr (Bits <= 2048) add_pipelined_cases<Bits>();
  add_lanes_if_they_fit<Bits, 2>();
  add_lanes_if_they_fit<Bits, 4>();
  add_lanes_if_they_fit<Bits, 8>();
  add_lanes_if_they_fit<Bits, 16>();
  add_lanes_if_they_fit<Bits, 32>();
}

}  // namespace

void register_mul_cases() {
  add_width<256>();
  add_width<512>();
  add_width<1024>();
  add_width<2048>();
  add_width<4096>();
  add_width<8192>();
  add_width<16384>();
  add_width<32768>();
}

}  // namespace warpnum::bench

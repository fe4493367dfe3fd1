// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/kernel/evaluate.hpp: the kernels that evaluate a batch expression, and the launcher that picks
// one at compile time (Strategy). Device code; nvcc only.
//   evaluate_thread   one thread an element, a grid-stride loop, operands read directly
//   evaluate_staged   one thread an element; a warp stages the 32 elements of a tile of every contiguous
//                     operand (and of the result) through shared memory, the next tile in flight meanwhile
//   evaluate_lanes    G lanes an element (warp::mul, carry look-ahead, warp::Montgomery)
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/ops/functions.hpp>
#include <warpnum/batch/ops/views.hpp>
#include <warpnum/batch/strategy.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/per_device.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/gpu_architecture.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/mul_strategy.hpp>
#include <warpnum/warp/carry_resolve.hpp>
#include <warpnum/warp/montgomery.hpp>
#include <warpnum/warp/mul.hpp>
#include <warpnum/warp/slice.hpp>
#include <warpnum/warp/stage.hpp>

#include <cooperative_groups.h>
#include <cuda_pipeline_primitives.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace warpnum::WARPNUM_ABI::batch::kernel {

inline constexpr unsigned block_threads = 128;
inline constexpr unsigned warps_per_block = block_threads / 32;
/// The most shared memory one warp's stages may take (inputs and result): 4 warps a block then need 96 KB, and
/// two blocks fit an SM on sm_80, sm_90 and sm_100, one on sm_86, sm_89 and sm_120 (gpu_architecture.hpp).
inline constexpr unsigned max_stage_bytes_per_warp = 24 * 1024;
static_assert(std::size_t{max_stage_bytes_per_warp} * warps_per_block <= min_shared_bytes_per_block,
              "warpnum: a staged block must fit the shared memory of every GPU architecture warpnum builds for");

// ---- one thread an element ---------------------------------------------------------------------------------

template <class D, class V>
__global__ __launch_bounds__(block_threads) void evaluate_thread(const D dst, const V v, std::size_t n, const ErrorSink sink) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    dst.write(i, typename D::value_type(v.compute(v.load(i, ops::DirectSource{}), sink)));
}

/// Element k of a warp's stage of T (any trivially copyable T of whole pieces).
template <class T> __device__ __forceinline__ T read_stage(const unsigned char* at, unsigned k) {
  using S = warp::Stage<T>;
  const S& s = *reinterpret_cast<const S*>(at);
  uint4 p[S::pieces];
  WARPNUM_UNROLL
  for (unsigned q = 0; q < S::pieces; ++q) p[q] = s.piece[S::slot(k, q)];
  T x;
  std::memcpy(&x, p, sizeof(T));
  return x;
}
template <class T> __device__ __forceinline__ void write_stage(unsigned char* at, unsigned k, const T& x) {
  using S = warp::Stage<T>;
  S& s = *reinterpret_cast<S*>(at);
  uint4 p[S::pieces];
  std::memcpy(p, &x, sizeof(T));
  WARPNUM_UNROLL
  for (unsigned q = 0; q < S::pieces; ++q) s.piece[S::slot(k, q)] = p[q];
}

/// Reads a staged leaf from the warp's stage (element `lane` of the tile), any other leaf from memory.
struct StagedSource {
  const unsigned char* base;
  unsigned lane;
  template <class Leaf> __device__ __forceinline__ typename Leaf::value_type read(const Leaf& leaf, std::size_t i) const {
    if constexpr (Leaf::stage_bytes != 0) {
      return read_stage<typename Leaf::value_type>(base + leaf.slot, lane);
    } else {
      return leaf.read(i);
    }
  }
};

/// Starts the copies of one tile (elements [first, first + count)) of every staged leaf.
struct StageTile {
  unsigned char* base;
  std::size_t first;
  unsigned count;
  unsigned lane;
  template <class Leaf> __device__ __forceinline__ void operator()(const Leaf& leaf) const {
    if constexpr (Leaf::stage_bytes != 0) {
      using T = typename Leaf::value_type;
      warp::stage_async(*reinterpret_cast<warp::Stage<T>*>(base + leaf.slot), static_cast<const T*>(leaf.data) + first, count,
                        lane);
    }
  }
};

/// One thread an element through warp stages (warp/stage.hpp): each warp of a grid that fills the GPU once walks
/// the tiles of 32 elements with a stride of the grid's warps; it reads a tile's operands from its stages into
/// registers, starts the next tile's copies, computes, and writes the results through the result's stage (when
/// the result is contiguous and stageable) in coalesced stores.
template <class D, class V>
__global__ __launch_bounds__(block_threads) void evaluate_staged(const D dst, const V v, std::size_t n, const ErrorSink sink) {
  extern __shared__ uint4 stage_memory[];
  constexpr unsigned warp_bytes = V::stage_bytes + D::stage_bytes;
  unsigned char* base = reinterpret_cast<unsigned char*>(stage_memory) + (threadIdx.x / 32) * warp_bytes;
  const unsigned lane = threadIdx.x % 32;
  const std::size_t tiles = (n + 31) / 32;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * warps_per_block;
  const auto count = [&](std::size_t t) { return static_cast<unsigned>(n - 32 * t < 32 ? n - 32 * t : 32); };
  std::size_t t = static_cast<std::size_t>(blockIdx.x) * warps_per_block + threadIdx.x / 32;
  if (t < tiles) v.for_each_leaf(StageTile{base, 32 * t, count(t), lane});
  for (; t < tiles; t += stride) {
    const unsigned c = count(t);
    const std::size_t i = 32 * t + lane;
    warp::wait_staged();
    typename V::loaded_type loaded;
    if (lane < c) loaded = v.load(i, StagedSource{base, lane});
    __syncwarp();  // the stages are read: the next tile may land in them
    if (t + stride < tiles) v.for_each_leaf(StageTile{base, 32 * (t + stride), count(t + stride), lane});
    using T = typename D::value_type;
    if constexpr (D::stage_bytes != 0) {
      if (lane < c) write_stage<T>(base + dst.slot, lane, T(v.compute(loaded, sink)));
      warp::unstage(static_cast<T*>(dst.data) + 32 * t, *reinterpret_cast<const warp::Stage<T>*>(base + dst.slot), c, lane);
    } else {
      if (lane < c) dst.write(i, T(v.compute(loaded, sink)));
    }
  }
}

// ---- bit-sliced destinations (GF2n) -----------------------------------------------------------------------

/// A warp a chunk of 32 elements: lane e computes element 32 k + e, then row j of the chunk is the warp's ballot
/// of bit j, which lane j mod 32 stores (a whole chunk's rows, coalesced). Sliced operands are read by their
/// rows (every lane reads the chunk's N rows: broadcasts).
template <class D, class V>
__global__ __launch_bounds__(block_threads) void evaluate_sliced(const D dst, const V v, std::size_t n, const ErrorSink sink) {
  using T = typename D::value_type;
  constexpr int words = static_cast<int>(sizeof(T) / 4);
  const unsigned lane = threadIdx.x % 32;
  const std::size_t chunks = (n + 31) / 32;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * warps_per_block;
  for (std::size_t k = static_cast<std::size_t>(blockIdx.x) * warps_per_block + threadIdx.x / 32; k < chunks; k += stride) {
    const std::size_t i = 32 * k + lane;
    std::uint32_t w[words] = {};
    if (i < n) {
      const T x = T(v.compute(v.load(i, ops::DirectSource{}), sink));
      std::memcpy(w, &x, sizeof(T));
    }
    std::uint32_t* rows = static_cast<std::uint32_t*>(dst.data) + k * static_cast<std::size_t>(T::degree);
    for (int j = 0; j < T::degree; ++j) {
      const std::uint32_t row = __ballot_sync(0xffffffffu, (w[j / 32] >> (j % 32)) & 1u);
      if (static_cast<unsigned>(j % 32) == lane) rows[j] = row;
    }
  }
}

// ---- G lanes an element ------------------------------------------------------------------------------------

template <class T> inline constexpr bool lane_value = false;
template <std::size_t B, bool S> inline constexpr bool lane_value<BasicInt<B, S>> = true;

template <class T, unsigned G> inline constexpr bool lane_type = [] {
  if constexpr (lane_value<T>) {
    return T::bits % (32 * G) == 0;
  } else {
    return false;
  }
}();

template <class Op> inline constexpr bool lane_op = false;
template <> inline constexpr bool lane_op<ops::plus> = true;
template <> inline constexpr bool lane_op<ops::minus> = true;
template <> inline constexpr bool lane_op<ops::multiplies> = true;
template <> inline constexpr bool lane_op<ops::bit_and> = true;
template <> inline constexpr bool lane_op<ops::bit_or> = true;
template <> inline constexpr bool lane_op<ops::bit_xor> = true;

/// Whether view V of elements T has a lane-group form with G lanes.
template <class V, class T, unsigned G> inline constexpr bool lane_capable = false;
template <class T, Layout L, unsigned G> inline constexpr bool lane_capable<ops::LeafView<T, L>, T, G> = lane_type<T, G>;
template <class T, unsigned G> inline constexpr bool lane_capable<ops::ScalarView<T>, T, G> = lane_type<T, G>;
template <class Op, class A, class B, class T, unsigned G>
inline constexpr bool lane_capable<ops::Node2View<Op, A, B>, T, G> = lane_op<Op> && lane_capable<A, T, G> && lane_capable<B, T, G>;
template <std::size_t Bits, class A, class E, unsigned G>
inline constexpr bool lane_capable<ops::Node2View<ops::powm_modulus<Bits>, A, E>, BigUInt<Bits>, G> =
    lane_capable<A, BigUInt<Bits>, G>;
template <std::size_t Bits, class A, class E, unsigned G>
inline constexpr bool lane_capable<ops::Node2View<ops::powm_shared<Montgomery<Bits>>, A, E>, BigUInt<Bits>, G> =
    lane_capable<A, BigUInt<Bits>, G>;

template <class Tile, class T, Layout L>
__device__ __forceinline__ auto lanes_eval(const Tile& tile, const ops::LeafView<T, L>& leaf, std::size_t i, const ErrorSink&) {
  constexpr unsigned G = Tile::num_threads();
  if constexpr (L == Layout::contiguous) {
    return warp::load(tile, static_cast<const T*>(leaf.data)[i]);
  } else {
    warp::Slice<T::bits, G> s;
    const std::uint32_t* w = static_cast<const std::uint32_t*>(leaf.data) + i;
    const int first = static_cast<int>(tile.thread_rank()) * warp::Slice<T::bits, G>::limbs;
    WARPNUM_UNROLL
    for (int k = 0; k < warp::Slice<T::bits, G>::limbs; ++k) s.limb[k] = w[static_cast<std::size_t>(first + k) * leaf.n];
    return s;
  }
}
template <class Tile, class T>
__device__ __forceinline__ auto lanes_eval(const Tile& tile, const ops::ScalarView<T>& s, std::size_t, const ErrorSink&) {
  return warp::load(tile, s.value);
}
template <class Tile, class Op, class A, class B>
__device__ __forceinline__ auto lanes_eval(const Tile& tile, const ops::Node2View<Op, A, B>& node, std::size_t i,
                                           const ErrorSink& sink) {
  auto x = lanes_eval(tile, node.a, i, sink);
  if constexpr (std::is_same_v<Op, ops::powm_modulus<A::value_type::bits>> ||
                std::is_same_v<Op, ops::powm_shared<Montgomery<A::value_type::bits>>>) {
    using T = typename A::value_type;
    constexpr unsigned G = Tile::num_threads();
    // Every lane: the whole exponent.
    const auto exponent = ops::exponent(node.b.compute(node.b.load(i, ops::DirectSource{}), sink));
    if constexpr (std::is_same_v<Op, ops::powm_modulus<T::bits>>) {
      if (!node.op.odd) {  // an even modulus: every lane computes the whole power (Barrett, one thread's way)
        const T whole = node.a.compute(node.a.load(i, ops::DirectSource{}), sink);
        return warp::load(tile, node.op.barrett.powm(whole, exponent));
      }
      const warp::Montgomery<T::bits, G> ctx(tile, node.op.mont);
      return ctx.powm(tile, x, exponent);
    } else {
      const warp::Montgomery<T::bits, G> ctx(tile, node.op.ctx);
      return ctx.powm(tile, x, exponent);
    }
  } else {
    const auto y = lanes_eval(tile, node.b, i, sink);
    if constexpr (std::is_same_v<Op, ops::plus>) {
      warp::add_with_carry(tile, x, y);
      return x;
    } else if constexpr (std::is_same_v<Op, ops::minus>) {
      warp::sub_with_borrow(tile, x, y);
      return x;
    } else if constexpr (std::is_same_v<Op, ops::multiplies>) {
      return warp::mul(tile, x, y);
    } else {
      WARPNUM_UNROLL
      for (int k = 0; k < decltype(x)::limbs; ++k) {
        if constexpr (std::is_same_v<Op, ops::bit_and>) x.limb[k] &= y.limb[k];
        if constexpr (std::is_same_v<Op, ops::bit_or>) x.limb[k] |= y.limb[k];
        if constexpr (std::is_same_v<Op, ops::bit_xor>) x.limb[k] ^= y.limb[k];
      }
      return x;
    }
  }
}

template <unsigned G, class D, class V>
__global__ __launch_bounds__(block_threads) void evaluate_lanes(const D dst, const V v, std::size_t n, const ErrorSink sink) {
  using T = typename D::value_type;
  const auto tile = cooperative_groups::tiled_partition<G>(cooperative_groups::this_thread_block());
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x / G;
  for (std::size_t i = (static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x) / G; i < n; i += stride) {
    const auto s = lanes_eval(tile, v, i, sink);
    if constexpr (D::layout == Layout::contiguous) {
      warp::store(tile, static_cast<T*>(dst.data)[i], s);
    } else {
      std::uint32_t* w = static_cast<std::uint32_t*>(dst.data) + i;
      const int first = static_cast<int>(tile.thread_rank()) * decltype(s)::limbs;
      WARPNUM_UNROLL
      for (int k = 0; k < decltype(s)::limbs; ++k) w[static_cast<std::size_t>(first + k) * dst.n] = s.limb[k];
    }
  }
}

// ---- the launcher --------------------------------------------------------------------------------------------

inline void check_launch(const char* what) {
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    warpnum::detail::throw_error<std::runtime_error>(std::string("warpnum: ") + what +
                                                     ": kernel launch failed: " + cudaGetErrorString(err));
}

/// Blocks of block_threads for `threads` threads: one thread (or lane group) an element, as the engine's own
/// batch kernels launch (a grid capped at what fills the GPU once was 20% slower at 256 bits on the H100, where
/// the loads are all there is). The kernels stride over what a grid of 2^31 - 1 blocks leaves.
inline unsigned grid_for_all(std::size_t threads) {
  const std::size_t need = (threads + block_threads - 1) / block_threads;
  return static_cast<unsigned>(need == 0 ? 1 : (need < 0x7fffffffu ? need : 0x7fffffffu));
}

/// Blocks for the staged kernel: as many as are resident at once (each warp walks the tiles with the grid's
/// stride and fetches its next tile while it computes this one), at most one a tile's warp. Found, with the kernel's
/// shared-memory limit set, once on each GPU that launches it (CUDA keeps the limit per device; SM counts differ).
template <auto Kernel> unsigned grid_resident(std::size_t threads, std::size_t smem) {
  static warpnum::detail::PerDevice<int> resident_on;
  int device = 0;
  (void)cudaGetDevice(&device);
  const int resident = resident_on.get(device, [&] {
    int sms = 0;
    int per_sm = 0;
    (void)cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (smem > 48 * 1024) {
      (void)cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
    }
    (void)cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, Kernel, block_threads, smem);
    return (sms > 0 ? sms : 1) * (per_sm > 0 ? per_sm : 1);
  });
  const std::size_t need = (threads + block_threads - 1) / block_threads;
  return static_cast<unsigned>(need < static_cast<std::size_t>(resident) ? (need > 0 ? need : 1) : resident);
}

/// Whether a view holds a modular exponentiation (which lane groups serve from 2048 bits, as powm_n does).
template <class V> inline constexpr bool has_powm = false;
template <class Op, class A> inline constexpr bool has_powm<ops::Node1View<Op, A>> = has_powm<A>;
template <class Op, class A, class B> inline constexpr bool has_powm<ops::Node2View<Op, A, B>> = has_powm<A> || has_powm<B>;
template <std::size_t Bits, class A, class B>
inline constexpr bool has_powm<ops::Node2View<ops::powm_modulus<Bits>, A, B>> = true;
template <std::size_t Bits, class A, class B>
inline constexpr bool has_powm<ops::Node2View<ops::powm_shared<Montgomery<Bits>>, A, B>> = true;
template <class Op, class A, class B, class C>
inline constexpr bool has_powm<ops::Node3View<Op, A, B, C>> = has_powm<A> || has_powm<B> || has_powm<C>;

/// Lanes an element for T by the measured tables: powm's (powm_lanes: 16 limbs a lane from 2048 bits) when the
/// expression exponentiates, else the product's (default_mul_strategy: from 4096 bits).
template <class V, class T> constexpr unsigned table_lanes() {
  if constexpr (!lane_value<T>) {
    return 1;
  } else if constexpr (has_powm<V>) {
    if constexpr (T::bits < 2048) {
      return 1;
    } else {
      unsigned g = 32;
      while (g > 1 && (g > T::bits / 512 || T::bits % (32 * g) != 0)) g /= 2;
      return g;
    }
  } else {
    return default_mul_strategy(T::bits).lanes;
  }
}

/// The strategy `automatic` resolves to for destination D and view V.
template <class D, class V> constexpr Strategy automatic_strategy() {
  using T = typename D::value_type;
  constexpr unsigned g = table_lanes<V, T>();
  if constexpr (g > 1 && lane_capable<V, T, g>) return Strategy::lanes;
  // Warp stages pay from 512 bits to 2048 (batch mode on the H100, docs/benchmarks.md: at 256 bits plain loads
  // reach the copy bandwidth; above 2048 bits a thread no longer holds the numbers in registers).
  constexpr std::size_t widest = V::max_element_bytes > sizeof(T) ? V::max_element_bytes : sizeof(T);
  if constexpr (V::stage_bytes + D::stage_bytes != 0 && V::stage_bytes + D::stage_bytes <= max_stage_bytes_per_warp &&
                widest >= 64 && widest <= 256)
    return Strategy::thread_staged;
  return Strategy::thread;
}

/// Launches the one kernel of an evaluation on `stream` (S and G from with_strategy, or automatic).
template <Strategy S, unsigned G, class D, class V>
void launch(const D& dst, const V& v, std::size_t n, const ErrorSink& sink, stream_handle stream) {
  constexpr Strategy chosen = S == Strategy::automatic ? automatic_strategy<D, V>() : S;
  if constexpr (D::layout == Layout::sliced) {
    const unsigned grid = grid_for_all((n + 31) / 32 * 32);
    evaluate_sliced<D, V><<<grid, block_threads, 0, stream>>>(dst, v, n, sink);
  } else if constexpr (chosen == Strategy::lanes) {
    constexpr unsigned lanes = S == Strategy::lanes ? G : table_lanes<V, typename D::value_type>();
    static_assert(lane_capable<V, typename D::value_type, lanes>,
                  "warpnum: Strategy::lanes needs an expression of + - * & | ^ and powm over one BigInt/BigUInt width "
                  "whose limbs the lanes split evenly");
    const unsigned grid = grid_for_all(n * lanes);
    evaluate_lanes<lanes, D, V><<<grid, block_threads, 0, stream>>>(dst, v, n, sink);
  } else if constexpr (chosen == Strategy::thread_staged) {
    constexpr std::size_t warp_bytes = V::stage_bytes + D::stage_bytes;
    static_assert(warp_bytes != 0, "warpnum: Strategy::thread_staged needs a contiguous operand or result whose "
                                   "elements are whole 16-byte pieces, a power of two of them");
    constexpr std::size_t smem = warp_bytes * warps_per_block;
    const unsigned grid = grid_resident<evaluate_staged<D, V>>(n, smem);
    evaluate_staged<D, V><<<grid, block_threads, smem, stream>>>(dst, v, n, sink);
  } else {
    const unsigned grid = grid_for_all(n);
    evaluate_thread<D, V><<<grid, block_threads, 0, stream>>>(dst, v, n, sink);
  }
  check_launch("batch evaluation");
}

}  // namespace warpnum::WARPNUM_ABI::batch::kernel

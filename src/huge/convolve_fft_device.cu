// SPDX-License-Identifier: Apache-2.0
// src/huge/convolve_fft_device.cu: the exact product by the double-precision FFT on the device (multiply_fft_device),
// Dieguez et al.'s complex-field product with the digits and the check of include/warpnum/huge/fft.hpp, the same
// transform as the host's reference (convolve_fft.cpp): radix-2 butterflies by decimation in frequency forward
// (natural order in, bit-reversed out) and in time inverse, on the same roots to within fft::root_error, so
// Percival's bound, which sizes the digits, holds for it as for the host's.
//
// A transform of N = 2^n points is a few passes through global memory, each a group of levels on tiles of 2^12
// points in shared memory (64 KiB):
//   - the lowest levels 1 to min(n, 12) on contiguous tiles;
//   - the levels above in passes of at most 9 levels, a tile 2^s points of stride 2^(lo-1) (the pass's lowest level
//     lo) times 2^(12-s) adjacent columns, so that each row of a tile is at least 128 contiguous bytes.
// The forward transform's first pass makes the balanced digits from the limbs as it reads them; the second operand's
// lowest pass multiplies by the first's spectrum and runs the inverse's lowest levels in the same tile; the inverse's
// last pass leaves the coefficients, which one kernel rounds, checks and gathers into one 96-bit sum a limb for the
// carry pass (normalise). 10^9-digit operands (7-bit digits, N = 2^30) take three passes a transform and 32 GiB of
// spectra; the roots, level by level as the host's (N - 1 of them, 16 GiB there), are made on the device for each
// product, each the rounded double-double product of two host roots (long double), so within fft::root_error of
// the exact one.
#include "device_scratch.hpp"
#include "engine.hpp"

#include <warpnum/detail/per_device.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/fft.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

namespace warpnum::huge {

using warpnum::detail::throw_error;

#if WARPNUM_HAS_CUDA

namespace {

using fft::Complex;

constexpr unsigned tile_log2 = 12;                 ///< points a block holds: 2^12, 64 KiB of shared memory
constexpr unsigned pass_threads = 512;
constexpr unsigned upper_levels_most = 9;          ///< levels of a pass above the lowest: rows of >= 8 columns
constexpr unsigned root_split = 15;                ///< roots w_N^j as A[j >> 15] B[j mod 2^15]
constexpr std::size_t shared_bytes = (std::size_t{1} << tile_log2) * sizeof(Complex);

void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    throw_error<std::runtime_error>(std::string("warpnum::huge::multiply_fft_device: ") + what + ": " +
                                    cudaGetErrorString(e));
  }
}

/// One pass: levels [lo, lo + s) of a transform of 2^n points, tiles of 2^s points of stride 2^(lo - 1) times 2^c
/// adjacent columns (s + c <= tile_log2; 2^c <= 2^(lo - 1)). Roots: level_root's table.
struct Pass {
  Complex* x;             ///< the points, read and written in place
  const Complex* other;   ///< the product pass: the first operand's spectrum, multiplied in (null: a square)
  const Complex* w;
  const std::uint32_t* limbs;  ///< non-null: the pass reads balanced digits of these limbs instead of x
  std::size_t limb_count;
  std::size_t digit_count;
  unsigned bits;
  unsigned n, lo, s, c;
};

/// The root of level `level` (half-size h = 2^(level-1)) for butterfly j < h: w_(2h)^j, at w[h - 1 + j] (the
/// host's layout, fft::make_roots: a level's roots in consecutive entries, so the adjacent columns of a tile read
/// adjacent roots; a table of the top level's alone, read at j 2^(n - level), took a sector of memory for every
/// butterfly of the upper passes).
__device__ __forceinline__ Complex level_root(const Pass& p, unsigned level, std::size_t j) {
  return p.w[(std::size_t{1} << (level - 1)) - 1 + j];
}

/// Levels of the tile in shared memory, from `first` to `last` (forward: downwards; Inverse: upwards), column base
/// col0 (the tile's first column).
template <bool Inverse>
__device__ __forceinline__ void tile_levels(Complex* t, const Pass& p, std::size_t col0) {
  const unsigned columns = 1u << p.c;
  const unsigned butterflies = 1u << (p.s + p.c - 1);
  for (unsigned step = 0; step < p.s; ++step) {
    const unsigned m = Inverse ? step : p.s - 1 - step;  // the level's bit within the tile's rows
    const unsigned level = p.lo + m;
    for (unsigned q = threadIdx.x; q < butterflies; q += blockDim.x) {
      const unsigned cc = q & (columns - 1);
      const unsigned r = q >> p.c;
      const unsigned low = r & ((1u << m) - 1);
      const unsigned row = ((r >> m) << (m + 1)) | low;
      const unsigned i0 = (row << p.c) + cc;
      const unsigned i1 = i0 + (columns << m);
      const Complex w = level_root(p, level, (std::size_t{low} << (p.lo - 1)) + col0 + cc);
      if constexpr (Inverse) {
        fft::butterfly_inverse(t[i0], t[i1], w);
      } else {
        fft::butterfly_forward(t[i0], t[i1], w);
      }
    }
    __syncthreads();
  }
}

enum class PassKind { forward, inverse, product };

/// One pass over every tile: forward levels, inverse levels, or (product) the forward levels, the pointwise product
/// with `other` and the inverse levels. Block b: column block b mod (2^(lo-1) / 2^c), row block above it.
template <PassKind Kind>
__global__ void __launch_bounds__(pass_threads) pass_kernel(Pass p) {
  extern __shared__ Complex tile[];
  const unsigned points = 1u << (p.s + p.c);
  const std::size_t column_blocks = (std::size_t{1} << (p.lo - 1)) >> p.c;
  const std::size_t block = blockIdx.x;
  const std::size_t col0 = (block % column_blocks) << p.c;
  const std::size_t base = (block / column_blocks) << (p.lo - 1 + p.s);
  const unsigned columns_mask = (1u << p.c) - 1;
  const auto global_index = [&](unsigned i) {
    return base + (std::size_t{i >> p.c} << (p.lo - 1)) + col0 + (i & columns_mask);
  };
  for (unsigned i = threadIdx.x; i < points; i += blockDim.x) {
    const std::size_t g = global_index(i);
    if (p.limbs != nullptr) {
      const double d = g < p.digit_count ? fft::balanced_digit(p.limbs, p.limb_count, g, p.bits) : 0;
      tile[i] = Complex{d, 0};
    } else {
      tile[i] = p.x[g];
    }
  }
  __syncthreads();
  if constexpr (Kind == PassKind::inverse) {
    tile_levels<true>(tile, p, col0);
  } else {
    tile_levels<false>(tile, p, col0);
  }
  if constexpr (Kind == PassKind::product) {
    for (unsigned i = threadIdx.x; i < points; i += blockDim.x) {
      tile[i] = tile[i] * (p.other != nullptr ? p.other[global_index(i)] : tile[i]);
    }
    __syncthreads();
    tile_levels<true>(tile, p, col0);
  }
  for (unsigned i = threadIdx.x; i < points; i += blockDim.x) p.x[global_index(i)] = tile[i];
}

/// A double-double: hi + lo, |lo| <= ulp(hi) / 2 for the host's tables.
struct Dd {
  double hi, lo;
};
struct DdComplex {
  Dd re, im;
};

/// a b - c d (sign -1) or a b + c d (sign 1) of double-doubles, rounded once to double: each exact product of the
/// high parts by fma, their sum by Knuth's two-sum, the low terms added in; error within half an ulp of the result
/// plus about 2^-100.
__device__ __forceinline__ double dd_dot(Dd a, Dd b, Dd c, Dd d, double sign) {
  const double p1 = a.hi * b.hi;
  const double e1 = fma(a.hi, b.hi, -p1);
  const double p2 = sign * (c.hi * d.hi);
  const double e2 = sign * fma(c.hi, d.hi, -sign * p2);
  const double s = p1 + p2;
  const double bb = s - p1;
  const double es = (p1 - (s - bb)) + (p2 - bb);
  const double low = es + e1 + e2 + (a.hi * b.lo + a.lo * b.hi) + sign * (c.hi * d.lo + c.lo * d.hi);
  return s + low;
}

/// The roots level by level, N - 1 of them for N = 2^n: w[h - 1 + j] = w_(2h)^j = w_N^e, e = j N / (2h), as
/// A[e >> split] B[e mod 2^split].
__global__ void roots_kernel(Complex* w, unsigned n, const DdComplex* a, const DdComplex* b, unsigned split) {
  const std::size_t mask = (std::size_t{1} << split) - 1;
  const std::size_t count = (std::size_t{1} << n) - 1;
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < count;
       i += std::size_t{gridDim.x} * blockDim.x) {
    const unsigned log2_h = 63 - static_cast<unsigned>(__clzll(static_cast<long long>(i + 1)));
    const std::size_t e = (i + 1 - (std::size_t{1} << log2_h)) << (n - 1 - log2_h);
    const DdComplex x = a[e >> split];
    const DdComplex y = b[e & mask];
    w[i] = Complex{dd_dot(x.re, y.re, x.im, y.im, -1.0), dd_dot(x.re, y.im, x.im, y.re, 1.0)};
  }
}

/// The host's two tables for w_(2^m)^j, j < 2^(m-1): B[k] = w^k for k < 2^split, A[i] = w^(i 2^split), each
/// computed in long double and kept as a double-double.
struct RootTables {
  unsigned m = 0;
  unsigned split = 0;
  std::vector<DdComplex> a, b;
};

DdComplex dd_root(std::size_t j, unsigned m) {
  const long double pi = 3.141592653589793238462643383279502884L;
  const long double angle = -2 * pi * static_cast<long double>(j) / std::ldexp(1.0L, static_cast<int>(m));
  const long double c = std::cos(angle), s = std::sin(angle);
  const auto dd = [](long double v) {
    const double hi = static_cast<double>(v);
    return Dd{hi, static_cast<double>(v - hi)};
  };
  return DdComplex{dd(c), dd(s)};
}

/// The tables for 2^m points: the last ones made are kept, shared with any call still reading them (another
/// thread may make others meanwhile).
std::shared_ptr<const RootTables> root_tables(unsigned m) {
  static std::mutex mutex;
  static std::shared_ptr<const RootTables> kept;
  const std::lock_guard<std::mutex> lock(mutex);
  if (kept == nullptr || kept->m != m) {
    auto t = std::make_shared<RootTables>();
    t->m = m;
    t->split = std::min(root_split, m - 1);
    t->b.resize(std::size_t{1} << t->split);
    t->a.resize(std::size_t{1} << (m - 1 - t->split));
    for (std::size_t k = 0; k < t->b.size(); ++k) t->b[k] = dd_root(k, m);
    for (std::size_t i = 0; i < t->a.size(); ++i) t->a[i] = dd_root(i << t->split, m);
    kept = std::move(t);
  }
  return kept;
}

/// Limb j of the product from the coefficients x[k].re / N of digits k with floor(k bits / 32) = j (k < count):
/// each rounded to the nearest integer, its distance from it (and |x[k].im| / N) the error, folded into *max_error
/// (a double's bits: errors are not negative, so their order is their bits' order); a coefficient of 2^53 or more,
/// or not a number, makes it infinite.
/// The limb's sum T_j = sum c_k 2^(k bits - 32 j) is signed and below 2^89 in magnitude; it is written as
/// T_j + 2^90 - 2^58 [j > 0], non-negative and below 2^96, whose sum over j < limbs is the product plus
/// 2^(90 + 32 (limbs - 1)): the same low `limbs` limbs.
__global__ void coefficients_kernel(Coef96* out, std::size_t limbs, const Complex* x, std::size_t count,
                                    unsigned bits, double scale, unsigned long long* max_error) {
  double worst = 0;
  for (std::size_t j = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; j < limbs;
       j += std::size_t{gridDim.x} * blockDim.x) {
    const std::size_t first = (32 * j + bits - 1) / bits;
    const std::size_t next = (32 * (j + 1) + bits - 1) / bits;
    const std::size_t end = next < count ? next : count;
    __int128 t = 0;
    for (std::size_t k = first; k < end; ++k) {
      const Complex z = x[k];
      const double v = z.re * scale;
      const double nearest = rint(v);
      const double off = fmax(fabs(v - nearest), fabs(z.im * scale));
      if (!(fabs(nearest) < 0x1p53) || !(off < 1)) {  // beyond a double's integers, or NaN: refused
        worst = __longlong_as_double(0x7ff0000000000000ll);
        continue;
      }
      worst = fmax(worst, off);
      t += static_cast<__int128>(static_cast<long long>(nearest)) * (static_cast<__int128>(1) << (k * bits - 32 * j));
    }
    t += static_cast<__int128>(1) << 90;
    if (j > 0) t -= static_cast<__int128>(1) << 58;
    const auto u = static_cast<unsigned __int128>(t);
    out[j] = Coef96{{static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(u >> 32),
                     static_cast<std::uint32_t>(u >> 64)}};
  }
  unsigned long long bits_of = __double_as_longlong(worst);
  for (int offset = 16; offset > 0; offset /= 2) {
    bits_of = max(bits_of, __shfl_down_sync(0xffffffffu, bits_of, offset));
  }
  if ((threadIdx.x & 31) == 0) atomicMax(max_error, bits_of);
}

/// The passes of a transform of 2^n points, lowest first.
std::vector<Pass> passes_of(unsigned n, const Pass& common) {
  std::vector<Pass> out;
  Pass lowest = common;
  lowest.lo = 1;
  lowest.s = std::min(n, tile_log2);
  lowest.c = 0;
  out.push_back(lowest);
  const unsigned rest = n - lowest.s;
  const unsigned count = (rest + upper_levels_most - 1) / upper_levels_most;
  unsigned lo = lowest.s + 1;
  for (unsigned i = 0; i < count; ++i) {
    Pass p = common;
    p.lo = lo;
    p.s = rest / count + (i < rest % count ? 1 : 0);
    p.c = tile_log2 - p.s;
    out.push_back(p);
    lo += p.s;
  }
  return out;
}

template <PassKind Kind>
void launch(const Pass& p, cudaStream_t stream) {
  static warpnum::detail::PerDevice<bool> limit_set;  // on every GPU that runs it: CUDA keeps it per device
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  limit_set.get(device, [] {
    check_cuda(cudaFuncSetAttribute(reinterpret_cast<const void*>(&pass_kernel<Kind>),
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)),
               "cudaFuncSetAttribute");
    return true;
  });
  const std::size_t blocks = (std::size_t{1} << p.n) >> (p.s + p.c);
  const std::size_t bytes = (std::size_t{1} << (p.s + p.c)) * sizeof(Complex);
  pass_kernel<Kind><<<static_cast<unsigned>(blocks), pass_threads, bytes, stream>>>(p);
  check_cuda(cudaGetLastError(), "pass_kernel");
}

/// The forward transform of the digits of `limbs` into common.x, the upper passes from the top down, then the
/// lowest; with `product`, the lowest pass is the product pass (times common.other, or the square where that is
/// null, then the inverse's lowest levels).
void forward(const Pass& common, const std::uint32_t* limbs, std::size_t limb_count, std::size_t digit_count,
             bool product, cudaStream_t stream) {
  const std::vector<Pass> passes = passes_of(common.n, common);
  for (std::size_t i = passes.size(); i-- > 0;) {
    Pass p = passes[i];
    if (i + 1 == passes.size()) {  // the first pass reads the limbs
      p.limbs = limbs;
      p.limb_count = limb_count;
      p.digit_count = digit_count;
    }
    if (i == 0 && product) {
      launch<PassKind::product>(p, stream);
    } else {
      launch<PassKind::forward>(p, stream);
    }
  }
}

/// The inverse transform's upper passes, bottom up (its lowest levels ran in the product pass).
void inverse_upper(const Pass& common, cudaStream_t stream) {
  const std::vector<Pass> passes = passes_of(common.n, common);
  for (std::size_t i = 1; i < passes.size(); ++i) launch<PassKind::inverse>(passes[i], stream);
}

}  // namespace

bool multiply_fft_device(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                         FftReport* report, unsigned bits) {
  if (na == 0 || nb == 0) {
    throw_error<std::invalid_argument>("warpnum::huge::multiply_fft_device: empty operand");
  }
  const fft::Split split = bits != 0 ? fft::split_at(na, nb, bits) : fft::choose_split(na, nb);
  if (report != nullptr) *report = FftReport{split.bits, split.log2_n, split.bound, 0};
  if (split.bits < 2 || split.bits > 20 || split.log2_n > fft::max_log2_n) return false;
  const cudaStream_t stream = nullptr;  // the legacy default stream: Integer's
  const unsigned n = std::max(split.log2_n, 1u);
  const std::size_t points = std::size_t{1} << n;
  const bool square = a == b && na == nb;

  // The roots, then both spectra and the product. Memory: 2 N (N for a square) points and N roots.
  const std::shared_ptr<const RootTables> kept = root_tables(n);
  const RootTables& tables = *kept;
  DeviceScratch ta(tables.a.size() * sizeof(DdComplex), stream), tb(tables.b.size() * sizeof(DdComplex), stream);
  check_cuda(cudaMemcpyAsync(ta.as<void>(), tables.a.data(), tables.a.size() * sizeof(DdComplex),
                             cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
  check_cuda(cudaMemcpyAsync(tb.as<void>(), tables.b.data(), tables.b.size() * sizeof(DdComplex),
                             cudaMemcpyHostToDevice, stream), "cudaMemcpyAsync");
  DeviceScratch roots(points * sizeof(Complex), stream);
  const unsigned root_blocks = static_cast<unsigned>(std::min<std::size_t>((points + 255) / 256, 65536));
  roots_kernel<<<root_blocks, 256, 0, stream>>>(roots.as<Complex>(), n, ta.as<DdComplex>(), tb.as<DdComplex>(),
                                                tables.split);
  check_cuda(cudaGetLastError(), "roots_kernel");
  // The first operand's spectrum in xa; the second's forward passes in xb, its lowest pass the product with xa's
  // and the inverse's lowest levels, then the inverse's upper passes. A square: xa alone, its lowest pass squaring.
  DeviceScratch xa(points * sizeof(Complex), stream);
  DeviceScratch xb((square ? 1 : points) * sizeof(Complex), stream);
  Pass common{};
  common.w = roots.as<Complex>();
  common.bits = split.bits;
  common.n = n;
  common.x = xa.as<Complex>();
  Complex* result = xa.as<Complex>();
  if (!square) {
    forward(common, a, na, split.digits_a, false, stream);
    common.x = xb.as<Complex>();
    common.other = xa.as<Complex>();
    result = xb.as<Complex>();
  }
  forward(common, b, nb, split.digits_b, true, stream);
  inverse_upper(common, stream);

  DeviceScratch coefs((na + nb) * sizeof(Coef96), stream);
  DeviceScratch error(sizeof(unsigned long long), stream);
  check_cuda(cudaMemsetAsync(error.as<void>(), 0, sizeof(unsigned long long), stream), "cudaMemsetAsync");
  const std::size_t limbs = na + nb;
  const unsigned blocks = static_cast<unsigned>(std::min<std::size_t>((limbs + 255) / 256, 65536));
  const double scale = std::ldexp(1.0, -static_cast<int>(n));
  coefficients_kernel<<<blocks, 256, 0, stream>>>(coefs.as<Coef96>(), limbs, result,
                                                  split.digits_a + split.digits_b - 1, split.bits, scale,
                                                  error.as<unsigned long long>());
  check_cuda(cudaGetLastError(), "coefficients_kernel");
  unsigned long long error_bits = 0;
  check_cuda(cudaMemcpyAsync(&error_bits, error.as<void>(), sizeof error_bits, cudaMemcpyDeviceToHost, stream),
             "cudaMemcpyAsync");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  double max_error = 0;
  std::memcpy(&max_error, &error_bits, sizeof max_error);
  if (report != nullptr) report->max_error = max_error;
  if (!(max_error < fft::error_limit)) return false;
  normalise(r, limbs, coefs.as<Coef96>(), limbs, Place::device, Queue{});
  return true;
}

#else  // no CUDA: there is no device memory to multiply in

bool multiply_fft_device(limb_t*, const limb_t*, std::size_t, const limb_t*, std::size_t, FftReport*, unsigned) {
  throw_error<std::logic_error>("warpnum::huge::multiply_fft_device: this build of warpnum has no CUDA");
}

#endif

}  // namespace warpnum::huge

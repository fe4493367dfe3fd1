// SPDX-License-Identifier: Apache-2.0
// src/huge/convolve_fft.cpp: the exact product by the double-precision FFT on the host (include/warpnum/huge/fft.hpp):
// the reference for the coming device transform and the check of its digit sizes. Digits of fft::choose_split's
// width, complex transforms of length 2^log2_n (each operand the real part of one), the pointwise product, the
// inverse, then every coefficient rounded to the nearest integer after checking that none lies farther than
// fft::error_limit from one, and carried into limbs.
#include "engine.hpp"

#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/fft.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace warpnum::huge {

namespace {

/// Butterfly i (< 2^(log2_n - 1), or fewer within a block) of level `level` (half-size h = 2^(level-1)) of the forward
/// transform (or the Inverse's): the points u and u + h, twiddle w_2h^j at w[h - 1 + j] (fft::make_roots' layout:
/// the threads of a level read consecutive roots).
template <bool Inverse>
inline void level_butterfly(fft::Complex* x, std::size_t i, unsigned level, const fft::Complex* w) {
  const unsigned log2_half = level - 1;
  const std::size_t half = std::size_t{1} << log2_half;
  const std::size_t j = i & (half - 1);
  const std::size_t u = ((i >> log2_half) << level) + j;
  if constexpr (Inverse) {
    fft::butterfly_inverse(x[u], x[u + half], w[half - 1 + j]);
  } else {
    fft::butterfly_forward(x[u], x[u + half], w[half - 1 + j]);
  }
}

/// Levels [low, high] on the 2^size points of x (the whole transform or a block of it), one after another on this
/// core: the forward transform's from the top, the inverse's from the bottom.
template <bool Inverse>
void fft_levels(fft::Complex* x, unsigned size, unsigned low, unsigned high, const fft::Complex* w) {
  for (unsigned step = 0; step <= high - low; ++step) {
    const unsigned level = Inverse ? low + step : high - step;
    for (std::size_t i = 0; i < (std::size_t{1} << size) / 2; ++i) level_butterfly<Inverse>(x, i, level, w);
  }
}

/// Levels [low, high] of the whole transform of 2^log2_n points, each level's butterflies spread over the cores.
template <bool Inverse>
void fft_levels_parallel(fft::Complex* x, unsigned log2_n, unsigned low, unsigned high, const fft::Complex* w) {
  const long half_count = static_cast<long>((std::size_t{1} << log2_n) / 2);
  for (unsigned step = 0; step <= high - low; ++step) {
    const unsigned level = Inverse ? low + step : high - step;
#pragma omp parallel for schedule(dynamic, 4096)
    for (long i = 0; i < half_count; ++i) level_butterfly<Inverse>(x, static_cast<std::size_t>(i), level, w);
  }
}

/// From 2^15 points, the top `top_levels` levels go level by level across the cores, and below them the 2^top_levels
/// blocks are independent transforms, a core each: few barriers, and each block's levels stay in its core's cache.
/// Dynamic schedules, so that a core the system takes away does not hold the others at the barrier.
constexpr unsigned parallel_from = 15;
constexpr unsigned top_levels = 4;

}  // namespace

void fft_forward_host(fft::Complex* x, unsigned log2_n, const fft::Complex* w) {
  if (log2_n == 0) return;
  if (log2_n < parallel_from) return fft_levels<false>(x, log2_n, 1, log2_n, w);
  fft_levels_parallel<false>(x, log2_n, log2_n - top_levels + 1, log2_n, w);
  const unsigned size = log2_n - top_levels;
#pragma omp parallel for schedule(dynamic, 1)
  for (long block = 0; block < (long{1} << top_levels); ++block) {
    fft_levels<false>(x + (static_cast<std::size_t>(block) << size), size, 1, size, w);
  }
}

void fft_inverse_host(fft::Complex* x, unsigned log2_n, const fft::Complex* w) {
  if (log2_n == 0) return;
  if (log2_n < parallel_from) return fft_levels<true>(x, log2_n, 1, log2_n, w);
  const unsigned size = log2_n - top_levels;
#pragma omp parallel for schedule(dynamic, 1)
  for (long block = 0; block < (long{1} << top_levels); ++block) {
    fft_levels<true>(x + (static_cast<std::size_t>(block) << size), size, 1, size, w);
  }
  fft_levels_parallel<true>(x, log2_n, log2_n - top_levels + 1, log2_n, w);
}

bool multiply_fft_host(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb, FftReport* report,
                       unsigned bits) {
  if (na == 0 || nb == 0) {
    warpnum::detail::throw_error<std::invalid_argument>("warpnum::huge::multiply_fft_host: empty operand");
  }
  // A width the caller chose: its bound, honestly computed, may exceed the limit.
  const fft::Split split = bits != 0 ? fft::split_at(na, nb, bits) : fft::choose_split(na, nb);
  if (report != nullptr) *report = FftReport{split.bits, split.log2_n, split.bound, 0};
  if (split.bits < 2 || split.bits > 20) return false;
  const std::size_t n = std::size_t{1} << split.log2_n;
  const std::vector<fft::Complex> w = fft::make_roots(split.log2_n);
  std::vector<fft::Complex> x(n, fft::Complex{0, 0}), y(n, fft::Complex{0, 0});
  fft::balanced_digits(a, na, split.bits, split.digits_a, x.data());
  fft::balanced_digits(b, nb, split.bits, split.digits_b, y.data());
  fft_forward_host(x.data(), split.log2_n, w.data());
  fft_forward_host(y.data(), split.log2_n, w.data());
  for (std::size_t k = 0; k < n; ++k) x[k] = x[k] * y[k];
  fft_inverse_host(x.data(), split.log2_n, w.data());

  // Round, measuring how far the coefficients lay from integers (the imaginary parts, zero in exact arithmetic,
  // count as errors too).
  const std::size_t count = split.digits_a + split.digits_b - 1;
  const double scale = 1.0 / static_cast<double>(n);
  std::vector<std::int64_t> coefficient(count);
  double max_error = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const double re = x[k].re * scale;
    const double nearest = std::nearbyint(re);
    max_error = std::max({max_error, std::fabs(re - nearest), std::fabs(x[k].im * scale)});
    if (std::fabs(nearest) >= 0x1p53) {  // beyond the integers a double holds exactly: refused below
      max_error = std::max(max_error, fft::error_limit);
    } else if (k < count) {
      coefficient[k] = static_cast<std::int64_t>(nearest);
    } else {
      max_error = std::max(max_error, std::fabs(nearest));  // past the product: zero
    }
  }
  if (report != nullptr) report->max_error = max_error;
  if (!(max_error < fft::error_limit)) return false;

  // Carry: coefficient k weighs 2^(k bits); of magnitude below 2^53, shifted by under 32 bits into a signed
  // accumulator that keeps magnitudes below 2^87. A limb is final once the next coefficient lies above it. The top
  // coefficients can lie past the product's na + nb limbs (the digits round the lengths up): the limbs there, and
  // what is left at the end, are 0, as the product fits.
  __int128 acc = 0;
  std::size_t base = 0;  // the bit acc's bit 0 stands for
  std::size_t out = 0;
  bool overflow = false;
  const auto emit = [&] {
    if (out < na + nb) {
      r[out++] = static_cast<limb_t>(acc);
    } else if (static_cast<limb_t>(acc) != 0) {
      overflow = true;
    }
    acc >>= 32;
    base += 32;
  };
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t pos = k * split.bits;
    while (pos - base >= 32) emit();
    acc += static_cast<__int128>(coefficient[k]) * (static_cast<__int128>(1) << (pos - base));
  }
  while (out < na + nb) emit();
  if (acc != 0 || overflow) {
    warpnum::detail::throw_error<std::logic_error>("warpnum::huge::multiply_fft_host: product overflow");
  }
  return true;
}

}  // namespace warpnum::huge

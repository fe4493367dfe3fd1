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
  fft::forward_host(x.data(), split.log2_n, w.data());
  fft::forward_host(y.data(), split.log2_n, w.data());
  for (std::size_t k = 0; k < n; ++k) x[k] = x[k] * y[k];
  fft::inverse_host(x.data(), split.log2_n, w.data());

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
    if (k < count) {
      coefficient[k] = static_cast<std::int64_t>(nearest);  // |nearest| < 2^53 where the check passes
    } else {
      max_error = std::max(max_error, std::fabs(nearest));  // past the product: zero
    }
  }
  if (report != nullptr) report->max_error = max_error;
  if (!(max_error < fft::error_limit)) return false;

  // Carry: coefficient k weighs 2^(k bits); of magnitude below 2^53, shifted by under 32 bits into a signed
  // accumulator that keeps magnitudes below 2^87. The product is not negative, so what is left at the top is 0.
  __int128 acc = 0;
  std::size_t base = 0;  // the bit acc's bit 0 stands for
  std::size_t out = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t pos = k * split.bits;
    while (pos - base >= 32) {
      r[out++] = static_cast<limb_t>(acc);
      acc >>= 32;
      base += 32;
    }
    acc += static_cast<__int128>(coefficient[k]) * (static_cast<__int128>(1) << (pos - base));
  }
  while (out < na + nb) {
    r[out++] = static_cast<limb_t>(acc);
    acc >>= 32;
  }
  if (acc != 0) warpnum::detail::throw_error<std::logic_error>("warpnum::huge::multiply_fft_host: product overflow");
  return true;
}

}  // namespace warpnum::huge

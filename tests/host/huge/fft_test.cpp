// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/fft_test.cpp: the double-precision FFT's arithmetic (include/warpnum/huge/fft.hpp) and its host
// product (src/huge/convolve_fft.cpp): the transform against the DFT by its definition, the proven bound and the
// digit widths it allows, and products against GMP over random and worst-case operands, each product's measured
// error within its bound; a width too wide is refused by the run-time check, never carried to a wrong product.
#include "cases/convolution_cases.hpp"

#include <warpnum/huge/fft.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace warpnum::test;
namespace fft = warpnum::huge::fft;

std::size_t bit_reverse(std::size_t x, unsigned bits) {
  std::size_t r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= ((x >> i) & 1) << (bits - 1 - i);
  return r;
}

TEST(HugeFft, TransformsAgainstTheDft) {
  SplitMix rng{0xf00d};
  for (unsigned log2_n = 0; log2_n <= 10; ++log2_n) {
    const std::size_t n = std::size_t{1} << log2_n;
    std::vector<fft::Complex> x(n);
    for (auto& v : x) {
      v = {static_cast<double>(rng.next() % 2001) - 1000, static_cast<double>(rng.next() % 2001) - 1000};
    }
    const std::vector<fft::Complex> w = fft::make_roots(log2_n);
    std::vector<fft::Complex> y = x;
    warpnum::huge::fft_forward_host(y.data(), log2_n, w.data());
    // Position p holds frequency bit_reverse(p): sum_j x_j e^(-2 pi i j k / n), summed in long double.
    double worst = 0;
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t k = bit_reverse(p, log2_n);
      std::complex<long double> sum = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const long double angle = -2 * 3.141592653589793238462643383279502884L * static_cast<long double>(j * k % n) /
                                  static_cast<long double>(n);
        sum += std::complex<long double>(x[j].re, x[j].im) * std::polar(1.0L, angle);
      }
      worst = std::max({worst, std::fabs(static_cast<double>(sum.real()) - y[p].re),
                        std::fabs(static_cast<double>(sum.imag()) - y[p].im)});
    }
    EXPECT_LT(worst, 1e-9 * static_cast<double>(n)) << "n = " << n;
    // The inverse brings back n times the input.
    warpnum::huge::fft_inverse_host(y.data(), log2_n, w.data());
    for (std::size_t j = 0; j < n; ++j) {
      ASSERT_NEAR(y[j].re / static_cast<double>(n), x[j].re, 1e-9) << "n = " << n << ", j = " << j;
      ASSERT_NEAR(y[j].im / static_cast<double>(n), x[j].im, 1e-9) << "n = " << n << ", j = " << j;
    }
  }
}

TEST(HugeFft, RootsWithinTheirError) {
  for (unsigned log2_n : {0u, 1u, 2u, 5u, 12u}) {
    const std::vector<fft::Complex> w = fft::make_roots(log2_n);
    const std::size_t n = std::size_t{1} << log2_n;
    ASSERT_EQ(w.size(), n);
    for (std::size_t h = 1; 2 * h <= n; h *= 2) {  // w_2h^j at h - 1 + j
      for (std::size_t j = 0; j < h; ++j) {
        const long double angle = -3.141592653589793238462643383279502884L * static_cast<long double>(j) /
                                  static_cast<long double>(h);
        const long double dre = w[h - 1 + j].re - std::cos(angle), dim = w[h - 1 + j].im - std::sin(angle);
        EXPECT_LT(static_cast<double>(std::sqrt(dre * dre + dim * dim)), fft::root_error)
            << "n = " << n << ", h = " << h << ", j = " << j;
      }
    }
    EXPECT_EQ(w[n - 1].re, 1.0);
    EXPECT_EQ(w[n - 1].im, 0.0);
  }
}

TEST(HugeFft, BoundAndDigitWidths) {
  // The bound against its first-order expansion |x| |y| (3n e + (3n + 1) sqrt(5) e + 3n b), worked by hand: the
  // second-order terms are below 1e-12 of it at these lengths.
  for (unsigned n : {1u, 10u, 27u}) {
    const double e = 0x1p-53, b = 0x1p-52;
    const double first_order = 3.0 * n * e + (3.0 * n + 1) * std::sqrt(5.0) * e + 3.0 * n * b;
    EXPECT_NEAR(fft::error_bound(n, 3, 5) / (15 * first_order), 1.0, 1e-9) << "n = " << n;
  }
  // The bound grows with the length and the norms.
  EXPECT_LT(fft::error_bound(10, 1e6, 1e6), fft::error_bound(11, 1e6, 1e6));
  EXPECT_LT(fft::error_bound(10, 1e6, 1e6), fft::error_bound(10, 2e6, 1e6));
  EXPECT_GT(fft::error_bound(1, 1, 1), 0);
  // Each split is the widest whose bound stays below the limit: one bit more would not.
  unsigned last_bits = 20;
  for (std::size_t limbs : {std::size_t{1}, std::size_t{100}, std::size_t{10382}, std::size_t{103811},
                            std::size_t{1038103}, std::size_t{10381026}}) {
    const fft::Split s = fft::choose_split(limbs, limbs);
    ASSERT_GT(s.bits, 0u) << limbs;
    EXPECT_LE(s.bits, last_bits) << limbs << ": wider digits for a longer product";
    last_bits = s.bits;
    EXPECT_LT(s.bound, fft::error_limit) << limbs;
    EXPECT_GE(std::size_t{1} << s.log2_n, s.digits_a + s.digits_b - 1) << limbs;
    if (s.bits < 20) {
      const unsigned wider = s.bits + 1;
      const fft::Split w = fft::split_at(limbs, limbs, wider);
      const double top = std::ldexp(1.0, static_cast<int>(wider) - 1);  // the largest balanced digit's magnitude
      const bool exact = static_cast<double>(w.digits_a) * top * top < 0x1p53;
      EXPECT_FALSE(exact && w.log2_n <= fft::max_log2_n && w.bound < fft::error_limit)
          << limbs << " limbs: " << wider << "-bit digits would qualify too";
    }
  }
  // The widths at 10^5 to 10^9 decimal digits an operand (docs/benchmarks.md quotes them).
  EXPECT_EQ(fft::choose_split(10382, 10382).bits, 15u);
  EXPECT_EQ(fft::choose_split(103811, 103811).bits, 13u);
  EXPECT_EQ(fft::choose_split(1038103, 1038103).bits, 11u);
  const fft::Split huge = fft::choose_split(10381026, 10381026);
  EXPECT_EQ(huge.bits, 9u);
  EXPECT_EQ(huge.log2_n, 27u);
  const fft::Split billion = fft::choose_split(103810253, 103810253);
  EXPECT_EQ(billion.bits, 7u);
  EXPECT_EQ(billion.log2_n, 30u);
}

TEST(HugeFft, DigitsOfLimbs) {
  const Limbs x = {0x89abcdefu, 0x01234567u};
  EXPECT_EQ(fft::digit(x.data(), 2, 0, 16), 0xcdefu);
  EXPECT_EQ(fft::digit(x.data(), 2, 1, 16), 0x89abu);
  EXPECT_EQ(fft::digit(x.data(), 2, 2, 16), 0x4567u);
  EXPECT_EQ(fft::digit(x.data(), 2, 4, 16), 0u);  // past the end
  EXPECT_EQ(fft::digit(x.data(), 2, 1, 12), 0xabcu);
  EXPECT_EQ(fft::digit(x.data(), 2, 2, 12), 0x789u);  // across the limbs: bits 24 to 35
  EXPECT_EQ(fft::digit(x.data(), 2, 4, 12), 0x123u);
  EXPECT_EQ(fft::digit(x.data(), 2, 5, 12), 0x0u);  // bits 60 to 71: past the top limb reads zeros
  EXPECT_EQ(fft::digit(x.data(), 2, 0, 20), 0xbcdefu);
}

TEST(HugeFft, BalancedDigitsKeepTheValue) {
  for (const Shape shape : {Shape::random, Shape::ones, Shape::carries}) {
    for (unsigned bits : {2u, 7u, 9u, 13u, 16u, 20u}) {
      const Limbs x = make_limbs(37, shape, bits);
      const std::size_t count = fft::digit_count(x.size(), bits);
      std::vector<fft::Complex> d(count);
      fft::balanced_digits(x.data(), x.size(), bits, count, d.data());
      Mpz sum, term;
      const double half = std::ldexp(1.0, static_cast<int>(bits) - 1);
      for (std::size_t k = count; k-- > 0;) {
        ASSERT_LE(std::fabs(d[k].re), half) << bits << " bits, digit " << k;
        ASSERT_GE(d[k].re, -half) << bits << " bits, digit " << k;
        mpz_mul_2exp(sum.get(), sum.get(), bits);
        mpz_set_si(term.get(), static_cast<long>(d[k].re));
        mpz_add(sum.get(), sum.get(), term.get());
      }
      Mpz want(x);
      EXPECT_EQ(mpz_cmp(sum.get(), want.get()), 0) << bits << " bits";
    }
  }
}

/// n limbs whose digits of `bits` bits are all 2^(bits-1): balanced, nearly every digit is -2^(bits-1) + 1, the
/// largest magnitude, all of one sign: the coefficients and the round-off reach their worst.
Limbs worst_limbs(std::size_t n, unsigned bits) {
  Limbs x(n, 0);
  for (std::size_t bit = bits - 1; bit < 32 * n; bit += bits) x[bit / 32] |= std::uint32_t{1} << (bit % 32);
  return x;
}

/// a * b by the FFT, checked against GMP, with the report's error within its bound; `print` shows the split and the
/// measured error (the figures docs/benchmarks.md quotes).
void expect_product(const Limbs& a, const Limbs& b, const std::string& what, bool print = false) {
  Limbs r(a.size() + b.size());
  warpnum::huge::FftReport report{};
  ASSERT_TRUE(warpnum::huge::multiply_fft_host(r.data(), a.data(), a.size(), b.data(), b.size(), &report)) << what;
  if (print) {
    std::printf("  %s: %u-bit digits, 2^%u points, bound %.3g, largest distance from an integer %.3g\n", what.c_str(),
                report.bits, report.log2_n, report.bound, report.max_error);
  }
  EXPECT_LE(report.max_error, report.bound) << what << ": measured error beyond the proven bound";
  Mpz x(a), y(b), want, got(r);
  mpz_mul(want.get(), x.get(), y.get());
  EXPECT_EQ(mpz_cmp(want.get(), got.get()), 0) << what << " (" << report.bits << "-bit digits, 2^" << report.log2_n
                                                << ")";
}

TEST(HugeFft, ProductsAgainstGmp) {
  std::uint64_t seed = 1;
  for (std::size_t na : {1u, 2u, 3u, 7u, 31u, 32u, 33u, 100u, 1000u}) {
    for (std::size_t nb : {1u, 5u, 64u, 999u}) {
      for (const Shape s : {Shape::random, Shape::ones, Shape::sparse, Shape::carries}) {
        expect_product(make_limbs(na, s, seed), make_limbs(nb, s, seed + 1), describe(na, nb, s, s, seed));
        ++seed;
      }
    }
  }
  // Longer, where the digits narrow: the worst case for the split's width, and random limbs.
  for (std::size_t n : {4096u, 65536u, 300000u}) {
    const unsigned bits = fft::choose_split(n, n).bits;
    expect_product(worst_limbs(n, bits), worst_limbs(n, bits), "worst, " + std::to_string(n) + " limbs", true);
    expect_product(make_limbs(n, Shape::random, seed), make_limbs(n + 17, Shape::random, seed + 1),
                   "random, " + std::to_string(n) + " limbs", true);
    ++seed;
  }
}

TEST(HugeFft, WritesNothingPastTheProduct) {
  // The digits round each operand's length up, so the top coefficients can lie past the product's na + nb limbs;
  // nothing may be written there (guard limbs after the product stay as they were).
  constexpr std::uint32_t guard = 0x5a5a5a5au;
  for (std::size_t na = 1; na <= 9; ++na) {
    for (std::size_t nb = 1; nb <= 9; ++nb) {
      for (unsigned bits : {0u, 20u, 19u, 13u}) {
        const Limbs a = make_limbs(na, Shape::ones, na), b = make_limbs(nb, Shape::ones, nb);
        Limbs r(na + nb + 4, guard);
        if (!warpnum::huge::multiply_fft_host(r.data(), a.data(), na, b.data(), nb, nullptr, bits)) continue;
        for (std::size_t k = na + nb; k < r.size(); ++k) {
          ASSERT_EQ(r[k], guard) << na << " x " << nb << " limbs, " << bits << "-bit digits: limb " << k;
        }
        Mpz x(a), y(b), want, got(Limbs(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(na + nb)));
        mpz_mul(want.get(), x.get(), y.get());
        EXPECT_EQ(mpz_cmp(want.get(), got.get()), 0) << na << " x " << nb << ", " << bits << "-bit digits";
      }
    }
  }
}

TEST(HugeFft, TooWideDigitsAreRefusedNotWrong) {
  // 20-bit digits on 65536-limb operands, every digit of the largest magnitude: coefficients near 2^54.7 cannot be
  // exact in a double. The run-time check must refuse (should the errors stay small, the product must be right).
  const Limbs a = worst_limbs(65536, 20), b = worst_limbs(65536, 20);
  Limbs r(a.size() + b.size());
  warpnum::huge::FftReport report{};
  const bool done = warpnum::huge::multiply_fft_host(r.data(), a.data(), a.size(), b.data(), b.size(), &report, 20);
  EXPECT_FALSE(done) << "max error " << report.max_error;
  EXPECT_GE(report.max_error, fft::error_limit);
  EXPECT_GT(report.bound, fft::error_limit);
  if (done) {
    Mpz x(a), y(b), want, got(r);
    mpz_mul(want.get(), x.get(), y.get());
    EXPECT_EQ(mpz_cmp(want.get(), got.get()), 0);
  }
}

TEST(HugeFft, EmptyOperandThrows) {
  Limbs r(2);
  const Limbs a = {1};
  EXPECT_THROW(warpnum::huge::multiply_fft_host(r.data(), a.data(), 0, a.data(), 1), std::invalid_argument);
}

}  // namespace

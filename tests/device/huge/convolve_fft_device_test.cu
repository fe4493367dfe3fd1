// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/convolve_fft_device_test.cu: multiply_fft_device (src/huge/convolve_fft_device.cu), the
// double-precision FFT product on the device, against GMP and the host's reference (multiply_fft_host: the same
// split, and a largest error within the proven bound), for every pass layout from one tile to three upper passes;
// the check refusing digits too wide; and Integer's MulAlgorithm::fft.
#include "cases/convolution_cases.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/huge/fft.hpp>
#include <warpnum/integer.hpp>

#include <cuda_runtime.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace warpnum::test;
using warpnum::huge::FftReport;
namespace fft = warpnum::huge::fft;

/// A device copy of limbs, freed with it.
class DeviceLimbs {
 public:
  explicit DeviceLimbs(const Limbs& v) : n_(v.size()) {
    WARPNUM_TEST_CUDA(cudaMalloc(&p_, std::max<std::size_t>(n_, 1) * sizeof(std::uint32_t)));
    if (n_ > 0) WARPNUM_TEST_CUDA(cudaMemcpy(p_, v.data(), n_ * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
  }
  explicit DeviceLimbs(std::size_t n) : n_(n) { WARPNUM_TEST_CUDA(cudaMalloc(&p_, n * sizeof(std::uint32_t))); }
  ~DeviceLimbs() { cudaFree(p_); }
  DeviceLimbs(const DeviceLimbs&) = delete;
  DeviceLimbs& operator=(const DeviceLimbs&) = delete;
  std::uint32_t* get() const { return p_; }
  Limbs to_host() const {
    Limbs v(n_);
    WARPNUM_TEST_CUDA(cudaMemcpy(v.data(), p_, n_ * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
    return v;
  }

 private:
  std::uint32_t* p_ = nullptr;
  std::size_t n_;
};

/// n limbs whose plain digits of `bits` bits are all 2^(bits-1): balanced, nearly every digit -2^(bits-1) + 1, the
/// largest magnitude, all of one sign: the coefficients and the round-off at their worst.
Limbs worst_limbs(std::size_t n, unsigned bits) {
  Limbs x(n, 0);
  for (std::size_t bit = bits - 1; bit < 32 * n; bit += bits) x[bit / 32] |= std::uint32_t{1} << (bit % 32);
  return x;
}

/// a * b on the device by the FFT, checked against GMP; the split equals the host's, the error is within the
/// bound. `host_too`: the host's reference on the same operands agrees on the split (it is slow past 10^6 limbs).
void expect_product(const Limbs& a, const Limbs& b, const std::string& what, bool square = false, bool print = false) {
  const DeviceLimbs da(a);
  const DeviceLimbs db(b);
  const DeviceLimbs dr(a.size() + b.size());
  FftReport report{};
  ASSERT_TRUE(warpnum::huge::multiply_fft_device(dr.get(), da.get(), a.size(), square ? da.get() : db.get(),
                                                 b.size(), &report))
      << what << ": refused, largest error " << report.max_error;
  const fft::Split split = fft::choose_split(a.size(), b.size());
  EXPECT_EQ(report.bits, split.bits) << what;
  EXPECT_EQ(report.log2_n, split.log2_n) << what;
  EXPECT_LE(report.max_error, report.bound) << what << ": measured error beyond the proven bound";
  if (print) {
    std::printf("  %s: %u-bit digits, 2^%u points, bound %.3g, largest distance from an integer %.3g\n",
                what.c_str(), report.bits, report.log2_n, report.bound, report.max_error);
  }
  Mpz x(a), y(b), want, got(dr.to_host());
  mpz_mul(want.get(), x.get(), y.get());
  EXPECT_EQ(mpz_cmp(want.get(), got.get()), 0) << what << " (" << report.bits << "-bit digits, 2^" << report.log2_n
                                                << ")";
}

class HugeFftDevice : public DeviceTest {};

TEST_F(HugeFftDevice, SmallProductsAgainstGmp) {
  // One tile (up to 2^12 points: a few hundred limbs) in every shape, squares included.
  std::uint64_t seed = base_seed();
  for (std::size_t na : {1u, 2u, 3u, 7u, 31u, 32u, 33u, 100u, 1000u}) {
    for (std::size_t nb : {1u, 5u, 64u, 999u}) {
      for (const Shape s : {Shape::random, Shape::ones, Shape::sparse, Shape::carries}) {
        expect_product(make_limbs(na, s, seed), make_limbs(nb, s, seed + 1), describe(na, nb, s, s, seed));
        ++seed;
      }
    }
    const Limbs x = make_limbs(na, Shape::carries, seed++);
    expect_product(x, x, "square, " + std::to_string(na) + " limbs", true);
  }
}

TEST_F(HugeFftDevice, EveryPassLayout) {
  // 2^13 to 2^25 points: the lowest pass and one, two and three upper passes, each upper pass 1 to 9 levels; random
  // and worst digits, unbalanced lengths and squares.
  std::uint64_t seed = base_seed() + 100;
  for (std::size_t n = 600; n <= 1200000; n = n * 2 + 7) {
    const unsigned bits = fft::choose_split(n, n).bits;
    expect_product(make_limbs(n, Shape::random, seed), make_limbs(n + n / 3, Shape::carries, seed + 1),
                   "random, " + std::to_string(n) + " limbs");
    expect_product(worst_limbs(n, bits), worst_limbs(n, bits), "worst, " + std::to_string(n) + " limbs");
    const Limbs x = make_limbs(n, Shape::ones, seed + 2);
    expect_product(x, x, "square of ones, " + std::to_string(n) + " limbs", true);
    seed += 3;
  }
  expect_product(make_limbs(1, Shape::ones, 0), make_limbs(500000, Shape::random, seed), "1 by 500,000 limbs");
}

TEST_F(HugeFftDevice, AgreesWithTheHostReference) {
  // The same split and a product equal to the host's, where the host's FFT is quick enough.
  for (std::size_t n : {4096u, 65536u, 300000u}) {
    const unsigned bits = fft::choose_split(n, n).bits;
    const Limbs a = worst_limbs(n, bits);
    Limbs host(2 * n);
    FftReport host_report{};
    ASSERT_TRUE(warpnum::huge::multiply_fft_host(host.data(), a.data(), n, a.data(), n, &host_report));
    const DeviceLimbs da(a);
    const DeviceLimbs dr(2 * n);
    FftReport report{};
    ASSERT_TRUE(warpnum::huge::multiply_fft_device(dr.get(), da.get(), n, da.get(), n, &report));
    EXPECT_EQ(dr.to_host(), host) << n;
    EXPECT_EQ(report.bits, host_report.bits);
    EXPECT_EQ(report.log2_n, host_report.log2_n);
    std::printf("  worst, %zu limbs: %u-bit digits, largest error device %.3g, host %.3g, bound %.3g\n", n,
                report.bits, report.max_error, host_report.max_error, report.bound);
  }
}

TEST_F(HugeFftDevice, DecimalDigitTargets) {
  // 10^7 and 10^8 decimal digits an operand (11-bit digits at 2^23 points, 9-bit at 2^27), the worst digits; the
  // errors are printed for docs/benchmarks.md.
  for (std::size_t n : {1038103u, 10381026u}) {
    const unsigned bits = fft::choose_split(n, n).bits;
    expect_product(worst_limbs(n, bits), worst_limbs(n, bits), "worst, " + std::to_string(n) + " limbs", false,
                   true);
    expect_product(make_limbs(n, Shape::random, n), make_limbs(n, Shape::random, n + 1),
                   "random, " + std::to_string(n) + " limbs", false, true);
  }
}

TEST_F(HugeFftDevice, CheckRefusesDigitsTooWide) {
  // 20-bit digits at 2^18 points: a bound far above 1/4 and coefficients far from integers. The check must see it;
  // a product it let through would differ from GMP's.
  const std::size_t n = 100000;
  const Limbs a = worst_limbs(n, 20);
  const DeviceLimbs da(a);
  const DeviceLimbs dr(2 * n);
  FftReport report{};
  EXPECT_FALSE(warpnum::huge::multiply_fft_device(dr.get(), da.get(), n, da.get(), n, &report, 20));
  EXPECT_GE(report.max_error, fft::error_limit);
  EXPECT_GT(report.bound, fft::error_limit);
}

TEST_F(HugeFftDevice, IntegerMultipliesByTheFft) {
  // MulAlgorithm::fft through Integer, signs and an unbalanced pair.
  gmp_randclass rng(gmp_randinit_mt);
  rng.seed(static_cast<unsigned long>(base_seed()));
  for (const auto& [bits_a, bits_b] : {std::pair{3000, 5000}, std::pair{2000000, 700000}, std::pair{64, 9000000}}) {
    const mpz_class ga = rng.get_z_bits(bits_a) - rng.get_z_bits(bits_a);
    const mpz_class gb = rng.get_z_bits(bits_b) + 1;
    const warpnum::Integer a = warpnum::from_mpz(ga, warpnum::Place::device);
    const warpnum::Integer b = warpnum::from_mpz(gb, warpnum::Place::device);
    const mpz_class want = ga * gb;
    EXPECT_TRUE(warpnum::to_mpz_class(warpnum::multiply(a, b, warpnum::MulAlgorithm::fft)) == want) << bits_a;
  }
  // Not chosen by itself (slower than the transform, its blocks included: thresholds.hpp).
  const std::size_t past = warpnum::huge::ntt_max_product();
  EXPECT_EQ(warpnum::mul_algorithm(past / 2 + 1, past / 2 + 1, warpnum::Place::device), warpnum::MulAlgorithm::ntt);
}

}  // namespace

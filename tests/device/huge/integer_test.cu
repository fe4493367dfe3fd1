// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/integer_test.cu: warpnum::Integer on the GPU against the host's results and GMP: the carry
// look-ahead kernels (normalise, add, sub: carries through one tile, across tiles, and through more tiles than the
// scan has threads), comparisons, shifts, and products of every algorithm from 1 limb to about 10^7 digits,
// worst cases included. Skips where there is no GPU. WARPNUM_TEST_SEED overrides the seeds.
#include "../kernel_check.hpp"

#include <warpnum/integer.hpp>

#include "../../../src/huge/engine.hpp"

#include <cuda_runtime.h>
#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <utility>
#include <vector>

namespace {

using warpnum::Integer;
using warpnum::MulAlgorithm;
using warpnum::Place;
using limb_t = std::uint32_t;

class HugeDevice : public warpnum::test::DeviceTest {};

/// Limbs in device memory, freed on scope exit.
class DeviceLimbs {
 public:
  explicit DeviceLimbs(const std::vector<limb_t>& host) : n_(host.size()) {
    p_ = warpnum::huge::allocate(n_, Place::device);
    warpnum::huge::copy(p_, Place::device, host.data(), Place::host, n_);
  }
  explicit DeviceLimbs(std::size_t n) : p_(warpnum::huge::allocate(n, Place::device)), n_(n) {}
  DeviceLimbs(const DeviceLimbs&) = delete;
  DeviceLimbs& operator=(const DeviceLimbs&) = delete;
  ~DeviceLimbs() { warpnum::huge::release(p_, Place::device); }
  limb_t* get() const { return p_; }
  std::vector<limb_t> host() const {
    std::vector<limb_t> out(n_);
    warpnum::huge::copy(out.data(), Place::host, p_, Place::device, n_);
    return out;
  }

 private:
  limb_t* p_;
  std::size_t n_;
};

mpz_class random_magnitude(gmp_randclass& r, std::mt19937_64& rng, std::size_t limbs) {
  if (limbs == 0) return 0;
  const auto bits = static_cast<mp_bitcnt_t>(32 * limbs);
  mpz_class z;
  switch (rng() % 5) {
    case 0: z = (mpz_class(1) << bits) - 1; break;
    case 1: z = mpz_class(1) << (bits - 32); break;
    case 2:  // random limbs with a long run of ones through the middle
      z = r.get_z_bits(bits) | (((mpz_class(1) << (bits / 2)) - 1) << (bits / 4));
      mpz_setbit(z.get_mpz_t(), bits - 1);
      break;
    default:
      z = r.get_z_bits(bits);
      mpz_setbit(z.get_mpz_t(), bits - 1);
  }
  return rng() % 2 != 0 ? mpz_class(-z) : z;
}

::testing::AssertionResult same(const Integer& x, const mpz_class& expected) {
  if (warpnum::to_mpz_class(x) == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "mismatch (" << x.size() << " limbs, expected "
                                       << mpz_sizeinbase(expected.get_mpz_t(), 2) << " bits)";
}

TEST_F(HugeDevice, NormaliseMatchesHost) {
  std::mt19937_64 rng(warpnum::test::mix_seed(warpnum::test::base_seed() + 1));
  // One tile (2048 limbs), its edges, several tiles, and more tiles (3 * 10^6 / 2048) than the scan's 1024 threads.
  for (const std::size_t nc : {1u, 2u, 2045u, 2046u, 2048u, 2049u, 100000u, 3000000u}) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      std::vector<warpnum::huge::Coef96> c(nc);
      for (std::size_t k = 0; k < nc; ++k) {
        switch (pattern) {
          case 0: c[k] = {{static_cast<std::uint32_t>(rng()), static_cast<std::uint32_t>(rng()), static_cast<std::uint32_t>(rng())}}; break;
          case 1: c[k] = {{~0u, ~0u, ~0u}}; break;
          case 2: c[k] = {{~0u, k == 0 ? 1u : 0u, 0u}}; break;  // one carry through every limb and tile
          default: c[k] = {{rng() % 4 == 0 ? 0u : ~0u, 0u, rng() % 64 == 0 ? 1u : 0u}}; break;
        }
      }
      const std::size_t n_out = nc + 3;
      std::vector<limb_t> expected(n_out);
      warpnum::huge::normalise(expected.data(), n_out, c.data(), nc, Place::host);
      std::vector<limb_t> words(3 * nc);
      std::memcpy(words.data(), c.data(), words.size() * sizeof(limb_t));
      const DeviceLimbs dc(words);
      const DeviceLimbs out(n_out);
      warpnum::huge::normalise(out.get(), n_out, reinterpret_cast<const warpnum::huge::Coef96*>(dc.get()), nc,
                               Place::device);
      ASSERT_EQ(out.host(), expected) << nc << ' ' << pattern;
    }
  }
}

TEST_F(HugeDevice, AddSubCarryChainsAcrossBlocks) {
  std::mt19937_64 rng(warpnum::test::mix_seed(warpnum::test::base_seed() + 2));
  for (const std::size_t n : {1u, 2048u, 2049u, 100000u, 3000000u}) {
    // a = all ones, b = 1: the carry runs through every limb (r aliases a); then back by subtraction.
    std::vector<limb_t> ones(n, ~0u);
    const DeviceLimbs a(ones), one(std::vector<limb_t>{1u});
    EXPECT_EQ(warpnum::huge::add(a.get(), a.get(), n, one.get(), 1, Place::device), 1u) << n;
    EXPECT_EQ(a.host(), std::vector<limb_t>(n, 0u)) << n;
    std::vector<limb_t> top(n + 1, 0u);
    top[n] = 1;
    const DeviceLimbs t(top), r(n + 1);
    warpnum::huge::sub(r.get(), t.get(), n + 1, one.get(), 1, Place::device);
    ones.push_back(0);
    EXPECT_EQ(r.host(), ones) << n;
    // Random limbs with long runs of ones, against the host.
    std::vector<limb_t> x(n), y(n / 2 + 1);
    for (auto& v : x) v = rng() % 3 == 0 ? static_cast<limb_t>(rng()) : ~0u;
    for (auto& v : y) v = rng() % 3 == 0 ? static_cast<limb_t>(rng()) : 0u;
    y[0] = 1;
    std::vector<limb_t> hs(n), hd(n);
    const limb_t host_carry = warpnum::huge::add(hs.data(), x.data(), n, y.data(), std::min(n, y.size()), Place::host);
    warpnum::huge::sub(hd.data(), x.data(), n, y.data(), std::min(n, y.size()), Place::host);
    const DeviceLimbs dx(x), dy(y), ds(n), dd(n);
    EXPECT_EQ(warpnum::huge::add(ds.get(), dx.get(), n, dy.get(), std::min(n, y.size()), Place::device), host_carry);
    warpnum::huge::sub(dd.get(), dx.get(), n, dy.get(), std::min(n, y.size()), Place::device);
    EXPECT_EQ(ds.host(), hs) << n;
    EXPECT_EQ(dd.host(), hd) << n;
    EXPECT_EQ(warpnum::huge::compare(dx.get(), dx.get(), n, Place::device), 0);
    EXPECT_EQ(warpnum::huge::compare(ds.get(), dx.get(), n, Place::device),
              warpnum::huge::compare(hs.data(), x.data(), n, Place::host));
    EXPECT_EQ(warpnum::huge::significant_limbs(dd.get(), n, Place::device),
              warpnum::huge::significant_limbs(hd.data(), n, Place::host));
  }
}

TEST_F(HugeDevice, IntegerOperationsMatchGmpAndHost) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(warpnum::test::base_seed() + 3));
  std::mt19937_64 rng(warpnum::test::mix_seed(warpnum::test::base_seed() + 3));
  const std::size_t sizes[] = {0, 1, 2, 7, 64, 2047, 2049, 5000, 100000};
  for (const std::size_t na : sizes) {
    for (const std::size_t nb : sizes) {
      const mpz_class a = random_magnitude(r, rng, na), b = random_magnitude(r, rng, nb);
      const Integer da = warpnum::from_mpz(a, Place::device), db = warpnum::from_mpz(b, Place::device);
      ASSERT_EQ(da.place(), Place::device);
      ASSERT_TRUE(same(da + db, a + b)) << na << ' ' << nb;
      ASSERT_TRUE(same(da - db, a - b)) << na << ' ' << nb;
      ASSERT_EQ(da < db, a < b);
      ASSERT_EQ(da == db, a == b);
      ASSERT_TRUE(same(da - da, mpz_class(0)));
      // Mixed places: the left operand's place wins.
      const Integer mixed = da + warpnum::from_mpz(b, Place::host);
      ASSERT_EQ(mixed.place(), na == 0 && nb != 0 ? Place::host : Place::device);
      ASSERT_TRUE(same(mixed, a + b));
    }
  }
  for (const std::size_t n : {1u, 3u, 2049u, 100000u}) {
    const mpz_class a = random_magnitude(r, rng, n);
    const Integer da = warpnum::from_mpz(a, Place::device);
    for (const std::size_t bits : {0u, 1u, 31u, 32u, 33u, 1000u, 32u * 100001u}) {
      ASSERT_TRUE(same(da << bits, a << static_cast<mp_bitcnt_t>(bits))) << n << ' ' << bits;
      mpz_class shifted;
      mpz_fdiv_q_2exp(shifted.get_mpz_t(), a.get_mpz_t(), bits);
      ASSERT_TRUE(same(da >> bits, shifted)) << n << ' ' << bits;
    }
  }
  // A carry through 10^5 limbs, across tiles, through Integers.
  const mpz_class ones = (mpz_class(1) << (32 * 100000)) - 1;
  const Integer d_ones = warpnum::from_mpz(ones, Place::device);
  EXPECT_TRUE(same(d_ones + Integer(1, Place::device), ones + 1));
  EXPECT_TRUE(same((d_ones + Integer(1, Place::device)) - Integer(1, Place::device), ones));
}

/// The product of a and b on the device by `m`, compared with GMP and with the host's product.
void check_product(const mpz_class& a, const mpz_class& b, MulAlgorithm m, bool with_host) {
  const Integer da = warpnum::from_mpz(a, Place::device), db = warpnum::from_mpz(b, Place::device);
  const Integer dp = warpnum::multiply(da, db, m);
  ASSERT_EQ(dp.place(), Place::device);
  ASSERT_TRUE(same(dp, a * b)) << da.size() << " x " << db.size() << " by " << static_cast<int>(m);
  if (with_host) {
    const Integer hp = warpnum::multiply(da.to(Place::host), db.to(Place::host), m);
    ASSERT_EQ(hp.limbs(), dp.limbs());
  }
}

TEST_F(HugeDevice, ProductsOfEveryAlgorithm) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(warpnum::test::base_seed() + 4));
  std::mt19937_64 rng(warpnum::test::mix_seed(warpnum::test::base_seed() + 4));
  for (const std::size_t n : {1u, 2u, 3u, 31u, 32u, 33u, 100u, 255u, 256u, 257u, 1000u, 1023u, 1024u, 1025u, 3000u}) {
    const mpz_class a = random_magnitude(r, rng, n), b = random_magnitude(r, rng, n + rng() % 5);
    for (const MulAlgorithm m : {MulAlgorithm::automatic, MulAlgorithm::schoolbook, MulAlgorithm::karatsuba,
                                 MulAlgorithm::toom3, MulAlgorithm::toom4, MulAlgorithm::tiled, MulAlgorithm::ntt,
                                 MulAlgorithm::fft}) {
      check_product(a, b, m, true);
      check_product(a, a, m, false);
    }
    const Integer da = warpnum::from_mpz(a, Place::device);
    EXPECT_TRUE(same(warpnum::sqr(da), a * a)) << n;
  }
  // Very different lengths.
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {1, 1000000}, {1000000, 1}, {3, 100000}, {1000, 1000000}, {20000, 300000}}) {
    const mpz_class a = random_magnitude(r, rng, na), b = random_magnitude(r, rng, nb);
    check_product(a, b, MulAlgorithm::automatic, false);
    if (std::min(na, nb) <= 1000) check_product(a, b, MulAlgorithm::tiled, false);
    check_product(a, b, MulAlgorithm::ntt, false);
    check_product(a, b, MulAlgorithm::fft, false);
  }
}

TEST_F(HugeDevice, LargeAndWorstCaseProducts) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(warpnum::test::base_seed() + 5));
  std::mt19937_64 rng(warpnum::test::mix_seed(warpnum::test::base_seed() + 5));
  // Up to 10^7 decimal digits: 1,038,090 limbs.
  for (const std::size_t n : {4096u, 16384u, 65536u, 262144u, 1038090u}) {
    const mpz_class a = random_magnitude(r, rng, n), b = random_magnitude(r, rng, n);
    check_product(a, b, MulAlgorithm::automatic, false);
    const Integer da = warpnum::from_mpz(a, Place::device);
    EXPECT_TRUE(same(warpnum::sqr(da), a * a)) << n;
  }
  for (const std::size_t n : {1u, 2049u, 65536u, 1038090u}) {
    const mpz_class ones = (mpz_class(1) << (32 * n)) - 1;
    const mpz_class power = mpz_class(1) << (32 * (n - 1));
    check_product(ones, ones, MulAlgorithm::automatic, false);
    check_product(ones, power, MulAlgorithm::automatic, false);
    check_product(power, power, MulAlgorithm::automatic, false);
    if (n <= 65536) check_product(ones, ones, MulAlgorithm::tiled, false);
    check_product(ones, ones, MulAlgorithm::fft, false);
    check_product(ones, power, MulAlgorithm::fft, false);
  }
}

}  // namespace

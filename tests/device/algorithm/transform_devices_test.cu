// SPDX-License-Identifier: Apache-2.0
// tests/device/algorithm/transform_devices_test.cu: warpnum::transform (both forms), transform_reduce, inner_product
// and count_if over a device list (algorithm/detail/transform_devices.hpp, reduce_devices.hpp) on one GPU: {0, 0} and
// {0, 0, 0} (shards on streams of their own), devices::all() and {0}, each shard reading the arrays in place and on
// copies (the test switch stage_every_shard_for_tests). powm_fn, multiplies_mod, a dot product modulo m and a count
// against GMP for empty, short and uneven ranges, from raw pointers and device_vector iterators; the argument checks.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "device/staged_shards.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/algorithm/count_if.hpp>
#include <warpnum/algorithm/inner_product.hpp>
#include <warpnum/algorithm/transform.hpp>
#include <warpnum/algorithm/transform_reduce.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>

#include <thrust/device_vector.h>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

using T = BigUInt<256>;

class TransformDevices : public DeviceTest {};

/// x^2 mod m, a unary function object for the device and the host.
struct SquareMod {
  multiplies_mod<256> mul;
  WARPNUM_HD T operator()(const T& x) const { return mul(x, x); }
};

/// x^e mod m, a unary function object.
struct PowmBy {
  powm_fn<256> pw;
  T e;
  WARPNUM_HD T operator()(const T& x) const { return pw(x, e); }
};

/// x < bound.
struct Below {
  T bound;
  WARPNUM_HD bool operator()(const T& x) const { return x < bound; }
};

TEST_F(TransformDevices, UnaryBinaryAndReduceAgainstGmp) {
  in_place_and_staged([] {
    for (const std::size_t n :
         {std::size_t{0}, std::size_t{1}, std::size_t{33}, std::size_t{1000}, std::size_t{5001}}) {
      Rng rng(seed_for("transform over devices", n));
      const T m = make_modulus<T>(rng, ModKind::odd);
      const T e = random_value<T>(rng);
      std::vector<T> ha(n), hb(n);
      for (T& x : ha) x = random_value<T>(rng);
      for (T& x : hb) x = random_value<T>(rng);
      std::vector<T> want_powm(n), want_mul(n);
      oracle::Mpz sum_of_squares, dot = oracle::to_mpz(m - T{1u});
      std::ptrdiff_t below_half = 0;
      const T half = m >> 1;
      for (std::size_t i = 0; i < n; ++i) {
        oracle::Mpz z;
        mpz_powm(z, oracle::to_mpz(ha[i]), oracle::to_mpz(e), oracle::to_mpz(m));
        want_powm[i] = oracle::from_mpz<T>(z);
        mpz_mul(z, oracle::to_mpz(ha[i]), oracle::to_mpz(hb[i]));
        mpz_mod(z, z, oracle::to_mpz(m));
        want_mul[i] = oracle::from_mpz<T>(z);
        mpz_add(dot, dot, z);  // z = a[i] b[i] mod m
        mpz_powm_ui(z, oracle::to_mpz(ha[i]), 2, oracle::to_mpz(m));
        mpz_add(sum_of_squares, sum_of_squares, z);
        below_half += ha[i] < half ? 1 : 0;
      }
      mpz_mod(dot, dot, oracle::to_mpz(m));
      mpz_mod(sum_of_squares, sum_of_squares, oracle::to_mpz(m));
      const thrust::device_vector<T> a(ha.begin(), ha.end()), b(hb.begin(), hb.end());
      const T* pa = thrust::raw_pointer_cast(a.data());
      for (const devices& ds : one_gpu_lists()) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", " + list_name(ds));
        const powm_fn<256> pw(m);
        thrust::device_vector<T> out(n);
        T* po = thrust::raw_pointer_cast(out.data());
        EXPECT_EQ(transform(ds, pa, pa + n, po, PowmBy{pw, e}), po + n);
        EXPECT_EQ(std::vector<T>(out.begin(), out.end()), want_powm);
        thrust::fill(out.begin(), out.end(), T{});
        EXPECT_TRUE(transform(ds, a.begin(), a.end(), b.begin(), out.begin(), multiplies_mod<256>(m)) == out.end());
        EXPECT_EQ(std::vector<T>(out.begin(), out.end()), want_mul);
        const T total = transform_reduce(ds, a.begin(), a.end(), SquareMod{multiplies_mod<256>(m)}, T{},
                                         plus_mod<256>(m));
        EXPECT_TRUE(oracle::to_mpz(total) == sum_of_squares);
        const T ip = inner_product(ds, a.begin(), a.end(), b.begin(), T(m - T{1u}), plus_mod<256>(m),
                                   multiplies_mod<256>(m));
        EXPECT_TRUE(oracle::to_mpz(ip) == dot);
        EXPECT_EQ(count_if(ds, a.begin(), a.end(), Below{half}), below_half);
      }
    }
  });
}

// A device that does not exist, or a range that is not one, throws before anything runs (so this runs without a
// GPU: there, every id names no device).
TEST(TransformDevicesArguments, UnknownDeviceOrBadRangeThrows) {
  std::vector<T> host(4);
  const T* h = host.data();
  T* out = host.data();
  EXPECT_THROW(transform(devices{0, 4096}, h, h + 4, out, negate{}), std::invalid_argument);
  EXPECT_THROW(transform(devices{0}, h + 4, h, out, negate{}), std::invalid_argument);
  EXPECT_THROW(transform(devices{0, 4096}, h, h + 4, h, out, plus{}), std::invalid_argument);
  EXPECT_THROW(transform_reduce(devices{0, 4096}, h, h + 4, negate{}, T{}, plus{}), std::invalid_argument);
  EXPECT_THROW(inner_product(devices{0, 4096}, h, h + 4, h, T{}, plus{}, multiplies{}), std::invalid_argument);
  EXPECT_THROW(count_if(devices{0, 4096}, h, h + 4, Below{T{}}), std::invalid_argument);
  const T* none = nullptr;
  EXPECT_THROW(transform_reduce(devices{0}, none, h, negate{}, T{}, plus{}), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

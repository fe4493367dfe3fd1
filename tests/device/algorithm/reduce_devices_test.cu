// SPDX-License-Identifier: Apache-2.0
// tests/device/algorithm/reduce_devices_test.cu: warpnum::reduce over a device list (algorithm/reduce.hpp's
// overload, algorithm/detail/reduce_devices.hpp) on one GPU: {0, 0} and {0, 0, 0} (shards on threads and streams of
// their own), devices::all() and {0}, each shard reading the range in place and on copies (the test switch
// stage_every_shard_for_tests). The sum modulo 2^256, the sum and the product modulo m (plus_mod, multiplies_mod),
// and the minimum, against GMP, for empty, short and uneven ranges, from raw pointers and a device_vector's range;
// the argument checks.
#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "device/staged_shards.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/algorithm/reduce.hpp>
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

class ReduceDevices : public DeviceTest {};

struct Minimum {
  WARPNUM_HD T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};

TEST_F(ReduceDevices, SumsProductsAndMinimaAgainstGmp) {
  in_place_and_staged([] {
    for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{33}, std::size_t{1000},
                                std::size_t{40001}}) {
      Rng rng(seed_for("reduce over devices", n));
      const T m = make_modulus<T>(rng, ModKind::odd);
      std::vector<T> h(n);
      for (T& x : h) x = random_value<T>(rng);
      thrust::device_vector<T> d(h.begin(), h.end());
      const T* first = thrust::raw_pointer_cast(d.data());
      const T init = random_value<T>(rng);
      oracle::Mpz sum = oracle::to_mpz(init), sum_m = oracle::to_mpz(init), product = oracle::to_mpz(init);
      T smallest = init;
      for (const T& x : h) {
        mpz_add(sum, sum, oracle::to_mpz(x));
        mpz_add(sum_m, sum_m, oracle::to_mpz(x));
        mpz_mul(product, product, oracle::to_mpz(x));
        mpz_mod(product, product, oracle::to_mpz(m));
        smallest = x < smallest ? x : smallest;
      }
      mpz_fdiv_r_2exp(sum, sum, 256);
      mpz_mod(sum_m, sum_m, oracle::to_mpz(m));
      // init itself is not reduced by the modular objects' fold unless an element is combined with it.
      for (const devices& ds : {devices{0, 0}, devices{0, 0, 0}, devices::all(), devices{0}}) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", " + std::to_string(ds.is_all() ? 0 : ds.ids().size()) +
                     " shards (0: all)");
        EXPECT_TRUE(oracle::to_mpz(reduce(ds, first, first + n, init, plus{})) == sum);
        if (n > 0) {
          EXPECT_TRUE(oracle::to_mpz(reduce(ds, first, first + n, init, plus_mod<256>(m))) == sum_m);
          EXPECT_TRUE(oracle::to_mpz(reduce(ds, first, first + n, init, multiplies_mod<256>(m))) == product);
        } else {
          EXPECT_EQ(reduce(ds, first, first + n, init, multiplies_mod<256>(m)), init);
        }
        EXPECT_EQ(reduce(ds, first, first + n, init, Minimum{}), smallest);
        EXPECT_TRUE(oracle::to_mpz(reduce(ds, d.data(), d.data() + static_cast<std::ptrdiff_t>(n), init, plus{})) ==
                    sum);
      }
    }
  });
}

// A device that does not exist, or a range that is not one, throws before anything runs (so this runs without a
// GPU: there, every id names no device).
TEST(ReduceDevicesArguments, UnknownDeviceOrBadRangeThrows) {
  const T* none = nullptr;
  std::vector<T> host(4);
  EXPECT_THROW(reduce(devices{0, 4096}, static_cast<const T*>(host.data()), host.data() + 4, T{}, plus{}),
               std::invalid_argument);
  EXPECT_THROW(reduce(devices{0}, none, static_cast<const T*>(host.data()), T{}, plus{}), std::invalid_argument);
  const T* h = host.data();
  EXPECT_THROW(reduce(devices{0}, h + 4, h, T{}, plus{}), std::invalid_argument);
}

}  // namespace
}  // namespace warpnum::test

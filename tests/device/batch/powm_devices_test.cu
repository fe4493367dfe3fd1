// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/powm_devices_test.cu: powm_n over a device list (batch/powm_devices.hpp, its shards and streams
// batch/detail/multi_device.hpp) on one GPU: the lists {0, 0} and {0, 0, 0} (two or three shards on GPU 0, each on
// its own stream) and devices::all(), each shard reading the arrays in place and, as a shard on another GPU than
// the arrays' does, working on copies (the test switch stage_every_shard_for_tests). Every element against GMP's
// mpz_powm and against the one-GPU powm_n, at 256, 1024 and 2048 bits (one thread an element, and the lane groups),
// for uneven counts; the three forms; a user's stream whose work before and after the call is ordered with the
// shards without a wait between; the argument checks.
#include "device/batch/powm_suite.hpp"
#include "device/staged_shards.hpp"

#include <warpnum/batch/devices.hpp>
#include <warpnum/batch/powm_devices.hpp>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

// powm_suite.hpp's typed suite is instantiated by powm_test.cu and the others; this file uses its helpers alone.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BatchPowm);

namespace warpnum::test {
namespace {

template <class T> bool same_words(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

/// An exponent each, one odd modulus, over `ds`: every element against GMP and the one-GPU result.
template <class T> void check_exponent_each(const devices& ds, std::size_t n, const std::string& what) {
  SCOPED_TRACE(what + ", " + std::to_string(T::bits) + " bits, n = " + std::to_string(n));
  const std::uint64_t seed = seed_for("powm_n devices " + what, T::bits + n);
  Rng rng(seed);
  const T m = make_modulus<T>(rng, ModKind::odd);
  std::vector<T> base(n), exp(n);
  for (std::size_t i = 0; i < n; ++i) {
    base[i] = batch_base<T>(rng, m, i);
    exp[i] = make_exponent<T>(rng);
  }
  DeviceArray<T> d_base(n), d_exp(n), d_out(n), d_one(n);
  to_device(d_base, base);
  to_device(d_exp, exp);
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  powm_n(d_base.get(), d_exp.get(), m, d_one.get(), n);
  powm_n(ds, d_base.get(), d_exp.get(), m, d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  const std::vector<T> out = to_host(d_out, n), one = to_host(d_one, n);
  EXPECT_TRUE(same_words(out, one)) << "the device list's results differ from the one-GPU form's";
  for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], exp[i], m, i, seed);
}

class PowmDevices : public DeviceTest {};

TEST_F(PowmDevices, ExponentEachOverTwoAndThreeShards) {
  in_place_and_staged([] {
    for (const std::size_t n : {std::size_t{1}, std::size_t{33}, std::size_t{1000}, std::size_t{3001}}) {
      check_exponent_each<BigUInt<256>>(devices{0, 0}, n, "{0, 0}");
      check_exponent_each<BigUInt<256>>(devices{0, 0, 0}, n, "{0, 0, 0}");
    }
    check_exponent_each<BigUInt<1024>>(devices{0, 0}, 777, "{0, 0}");
    check_exponent_each<BigUInt<2048>>(devices{0, 0, 0}, 100, "{0, 0, 0}");  // lane groups
    check_exponent_each<BigUInt<256>>(devices::all(), 1000, "all()");
    check_exponent_each<BigUInt<256>>(devices{0}, 1000, "{0}");
  });
}

/// One exponent for all, out aliasing base, on a user's stream: the inputs copied to the device, the call, and the
/// results copied back are all queued on the stream, with one wait at the end, so the shards are ordered after the
/// copy in and the copy out after every shard.
TEST_F(PowmDevices, OneExponentInPlaceOrderedOnAStream) {
  using T = BigUInt<1024>;
  in_place_and_staged([] {
    const std::size_t n = 2500;
    const std::uint64_t seed = seed_for("powm_n devices one exponent", T::bits);
    Rng rng(seed);
    cudaStream_t stream;
    WARPNUM_TEST_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const T m = make_modulus<T>(rng, ModKind::odd);
    const T e = random_value<T>(rng);
    std::vector<T> base(n), out(n);
    for (std::size_t i = 0; i < n; ++i) base[i] = batch_base<T>(rng, m, i);
    DeviceArray<T> d_x(n);
    WARPNUM_TEST_CUDA(cudaMemsetAsync(d_x.get(), 0, d_x.bytes(), stream));
    WARPNUM_TEST_CUDA(cudaMemcpyAsync(d_x.get(), base.data(), d_x.bytes(), cudaMemcpyHostToDevice, stream));
    powm_n(devices{0, 0, 0}, d_x.get(), e, m, d_x.get(), n, stream);
    WARPNUM_TEST_CUDA(cudaMemcpyAsync(out.data(), d_x.get(), d_x.bytes(), cudaMemcpyDeviceToHost, stream));
    WARPNUM_TEST_CUDA(cudaStreamSynchronize(stream));
    WARPNUM_TEST_CUDA(cudaStreamDestroy(stream));
    for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], e, m, i, seed);
  });
}

/// A modulus each (zero and one among them) with statuses, over {0, 0}.
TEST_F(PowmDevices, ModulusEachWithStatuses) {
  in_place_and_staged([] {
    check_modulus_each<BigUInt<256>>("powm_n devices modulus each", 1500,
                                     [](const auto* b, const auto* e, const auto* m, auto* o, std::size_t n,
                                        Status* s) { powm_n(devices{0, 0}, b, e, m, o, n, s); });
  });
}

// A device that does not exist and a zero modulus throw before anything is launched (so this runs without a GPU:
// there, every id names no device); n == 0 launches nothing.
TEST(PowmDevicesArguments, UnknownDeviceOrZeroModulusThrows) {
  using T = BigUInt<256>;
  const T* none = nullptr;
  T* out = nullptr;
  EXPECT_THROW(powm_n(devices{0, 4096}, none, none, T{7u}, out, 10), std::invalid_argument);
  EXPECT_THROW(powm_n(devices{-1}, none, T{3u}, T{7u}, out, 10), std::invalid_argument);
  EXPECT_THROW(powm_n(devices{4096}, none, none, none, out, 10), std::invalid_argument);
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    EXPECT_THROW(powm_n(devices::all(), none, none, T{7u}, out, 10), std::runtime_error);
    return;
  }
  EXPECT_THROW(powm_n(devices{0, 0}, none, none, T{}, out, 10), std::domain_error);
  EXPECT_THROW(powm_n(devices{0}, none, T{3u}, T{}, out, 10), std::domain_error);
  EXPECT_NO_THROW(powm_n(devices{0, 0}, none, none, T{7u}, out, 0));
  EXPECT_NO_THROW(powm_n(devices::all(), none, none, none, out, 0));
}

}  // namespace
}  // namespace warpnum::test

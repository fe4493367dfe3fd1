// SPDX-License-Identifier: Apache-2.0
// tests/device/thrust/thrust_test.cu: tests/cases/thrust_interop.hpp with Thrust's CUDA system on the GPU, each
// check run again with thrust::host and the two compared bitwise (both also meet GMP); plus what only the GPU
// has: a `__device__` lambda in thrust::transform and warpnum::transform, and division by zero through the
// function objects, which gives divmod_checked's values there (docs/errors.md). Skips without a GPU.
#include "cases/thrust_interop.hpp"
#include "device/kernel_check.hpp"

#include <cuda/functional>

#include <cstring>
#include <vector>

static_assert(THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA, "built with Thrust's CUDA device system");

namespace warpnum::test {

/// Expects the GPU's results to equal the host's, byte for byte.
template <class T> void expect_same_bits(const char* what, const T& device, const T& host) {
  static_assert(std::is_trivially_copyable_v<T>);
  EXPECT_EQ(std::memcmp(&device, &host, sizeof(T)), 0) << what << ": the GPU's result differs from the host's";
}
template <class T> void expect_same_bits(const char* what, const std::vector<T>& device, const std::vector<T>& host) {
  ASSERT_EQ(device.size(), host.size()) << what;
  std::size_t differ = 0;
  for (std::size_t i = 0; i < device.size(); ++i) differ += std::memcmp(&device[i], &host[i], sizeof(T)) != 0 ? 1 : 0;
  EXPECT_EQ(differ, 0u) << what << ": results of the GPU that differ from the host's, of " << device.size();
}

/// x^2 - x + 1 mod 2^1024 by a `__device__` lambda: through thrust::transform as it is (Thrust does not need
/// its result type), and through warpnum::transform with cuda::proclaim_return_type.
inline std::vector<U1024> device_lambda(std::uint64_t seed) {
  const std::vector<U1024> a = operands<U1024>(seed, 600);
  thrust::device_vector<U1024> da(a.begin(), a.end()), dr(a.size()), dr2(a.size());
  const auto f = [] __device__(const U1024& x) -> U1024 { return x * x - x + U1024{1u}; };
  thrust::transform(thrust::device, da.begin(), da.end(), dr.begin(), f);
  warpnum::transform(thrust::device, da.begin(), da.end(), dr2.begin(), cuda::proclaim_return_type<U1024>(f));
  const std::vector<U1024> r = to_std(dr);
  const auto want = [&](std::size_t i) { return gmp_square_minus_plus_one(a[i]); };
  const auto describe = [&](std::size_t i) { return hex(a[i]); };
  expect_elements<DeviceSystem>("thrust::transform __device__ lambda, 1024", seed, r, want, describe);
  expect_elements<DeviceSystem>("warpnum::transform __device__ lambda, 1024", seed, to_std(dr2), want, describe);
  return r;
}

/// warpnum::divides and warpnum::modulus with zero divisors on the GPU: the quotient with every bit set (-1
/// signed), the remainder the dividend; the other elements as usual.
inline void division_by_zero(std::uint64_t seed) {
  const std::vector<I256> a = operands<I256>(seed, 256);
  std::vector<I256> b = operands<I256>(seed + 1, 256, true);
  for (std::size_t i = 0; i < b.size(); i += 3) b[i] = I256{};
  thrust::device_vector<I256> da(a.begin(), a.end()), db(b.begin(), b.end()), dq(a.size()), dr(a.size());
  warpnum::transform(thrust::device, da.begin(), da.end(), db.begin(), dq.begin(), warpnum::divides{});
  warpnum::transform(thrust::device, da.begin(), da.end(), db.begin(), dr.begin(), warpnum::modulus{});
  const std::vector<I256> q = to_std(dq);
  const std::vector<I256> r = to_std(dr);
  const auto describe = [&](std::size_t i) { return hex(a[i]) + ", " + hex(b[i]); };
  expect_elements<DeviceSystem>(
      "warpnum::divides on the GPU", seed, q,
      [&](std::size_t i) {
        oracle::Mpz x(-1);
        if (!b[i].is_zero()) mpz_tdiv_q(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
        return x;
      },
      describe);
  expect_elements<DeviceSystem>(
      "warpnum::modulus on the GPU", seed, r,
      [&](std::size_t i) {
        oracle::Mpz x = oracle::to_mpz(a[i]);
        if (!b[i].is_zero()) mpz_tdiv_r(x, oracle::to_mpz(a[i]), oracle::to_mpz(b[i]));
        return x;
      },
      describe);
}

namespace {

class ThrustDevice : public DeviceTest {};

#define WARPNUM_THRUST_TEST(Name, check)                                  \
  TEST_F(ThrustDevice, Name) {                                            \
    const std::uint64_t seed = seed_for("thrust_interop " #check);        \
    const auto device = check<DeviceSystem>(seed);                        \
    const auto host = check<HostSystem>(seed);                            \
    expect_same_bits(#check, device, host);                               \
  }
WARPNUM_THRUST_INTEROP_CHECKS(WARPNUM_THRUST_TEST)
#undef WARPNUM_THRUST_TEST

TEST_F(ThrustDevice, DeviceLambda) {
  const std::vector<U1024> device = device_lambda(seed_for("thrust_interop device_lambda"));
  // The same function on the host: the host-device lambda of thrust_transform_lambda, run by thrust::host.
  expect_same_bits("device_lambda", device, thrust_transform_lambda<HostSystem>(seed_for("thrust_interop device_lambda")));
}

TEST_F(ThrustDevice, DivisionByZero) { division_by_zero(seed_for("thrust_interop division_by_zero")); }

}  // namespace
}  // namespace warpnum::test

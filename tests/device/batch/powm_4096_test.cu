// tests/device/batch/powm_4096_test.cu: powm_n at 4096 bits with an odd shared modulus (the lane-group path,
// 16 lanes an element) against mpz_powm: an exponent each, then one exponent for all in place. The even and
// per-element forms take one thread an element, too slow at this width for a test (they are the code the
// narrower widths test).
#include "device/batch/powm_suite.hpp"

namespace warpnum::test {
namespace {

using T = BigUInt<4096>;

// powm_suite.hpp's typed suite is not instantiated here (its even and per-element forms are too slow at 4096 bits).
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BatchPowm);

class BatchPowm4096 : public DeviceTest {};

TEST_F(BatchPowm4096, OddSharedModulus) {
  const std::uint64_t seed = seed_for("batch powm 4096 odd shared modulus", T::bits);
  Rng rng(seed);
  const std::size_t n = 200;
  const T m = make_modulus<T>(rng, ModKind::odd);
  std::vector<T> base(n), exp(n);
  for (std::size_t i = 0; i < n; ++i) {
    base[i] = batch_base<T>(rng, m, i);
    exp[i] = make_exponent<T>(rng);
  }
  DeviceArray<T> d_base(n), d_exp(n), d_out(n);
  to_device(d_base, base);
  to_device(d_exp, exp);
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  powm_n(d_base.get(), d_exp.get(), m, d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  const std::vector<T> out = to_host(d_out, n);
  for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], exp[i], m, i, seed);
}

TEST_F(BatchPowm4096, SharedExponentInPlace) {
  const std::uint64_t seed = seed_for("batch powm 4096 shared exponent", T::bits);
  Rng rng(seed);
  const std::size_t n = 200;
  for (int k = 0; k < 2; ++k) {
    const T m = make_modulus<T>(rng, ModKind::odd);
    const T e = k == 0 ? T{65537u} : random_value<T>(rng);
    std::vector<T> base(n);
    for (std::size_t i = 0; i < n; ++i) base[i] = batch_base<T>(rng, m, i);
    DeviceArray<T> d_x(n);
    to_device(d_x, base);
    powm_n(d_x.get(), e, m, d_x.get(), n);
    WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
    const std::vector<T> out = to_host(d_x, n);
    for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], e, m, i, seed);
  }
}

}  // namespace
}  // namespace warpnum::test

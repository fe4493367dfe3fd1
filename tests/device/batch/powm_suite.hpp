// SPDX-License-Identifier: Apache-2.0
// tests/device/batch/powm_suite.hpp: warpnum::powm_n (batch/powm.hpp, its kernels batch/kernel/powm.hpp) against
// GMP's mpz_powm, element by element:
// one odd and one even modulus shared by the batch, one exponent for all, a modulus per element (zero and one
// among them, with their statuses), bases at and above the modulus, exponents 0, 1, 2, short and full width.
// The same for the constant-time form, warpnum::ct::powm_n (batch/ct/powm.hpp: one thread an element, lane groups of
// warp::ct::Montgomery from 2048 bits), with odd shared moduli.
// Instantiated per width by powm_test.cu and powm_2048_test.cu.
#pragma once

#include "cases/modular_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/batch/ct/powm.hpp>
#include <warpnum/batch/powm.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/status.hpp>

#include <cuda_runtime.h>
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum::test {

/// Bases: mostly random values (most above a random modulus' half, many above it), and 0, 1, m - 1, m, m + 1.
template <class T> T batch_base(Rng& rng, const T& m, std::size_t i) {
  switch (i % 16) {
    case 0: return T{};
    case 1: return T{1u};
    case 2: return m - 1u;
    case 3: return m;
    case 4: return m + 1u;
    default: return random_value<T>(rng);
  }
}

template <class T> std::vector<T> to_host(const DeviceArray<T>& d, std::size_t n) {
  std::vector<T> h(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(h.data(), d.get(), n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
template <class T> void to_device(DeviceArray<T>& d, const std::vector<T>& h) {
  WARPNUM_TEST_CUDA(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
}

/// Expects got == base^e mod m by mpz_powm (0 for m == 0); on failure names the element and its operands.
template <class T, class E>
void expect_powm(const T& got, const T& base, const E& e, const T& m, std::size_t i, std::uint64_t seed) {
  using oracle::Mpz;
  Mpz want;
  if (!m.is_zero()) mpz_powm(want, oracle::to_mpz(base), oracle::to_mpz(e), oracle::to_mpz(m));
  EXPECT_TRUE(oracle::to_mpz(got) == want)
      << "element " << i << " (seed 0x" << std::hex << seed << std::dec << ")\n  base " << oracle::to_text(oracle::to_mpz(base))
      << "\n  exp  " << oracle::to_text(oracle::to_mpz(e)) << "\n  mod  " << oracle::to_text(oracle::to_mpz(m))
      << "\n  got  " << oracle::to_text(oracle::to_mpz(got)) << "\n  want " << oracle::to_text(want);
}

/// powm_n (ConstantTime: ct::powm_n) with one modulus for the whole batch (odd, then even when `with_even`), an
/// exponent each, up to the full width; n elements.
template <class T, bool ConstantTime = false>
void check_shared_modulus(const std::string& name, std::size_t n, bool with_even) {
  const std::uint64_t seed = seed_for(name, T::bits);
  Rng rng(seed);
  for (const bool odd : {true, false}) {
    if (!odd && !with_even) break;
    const T m = make_modulus<T>(rng, odd ? ModKind::odd : ModKind::even);
    std::vector<T> base(n), exp(n);
    for (std::size_t i = 0; i < n; ++i) {
      base[i] = batch_base<T>(rng, m, i);
      exp[i] = make_exponent<T>(rng);
    }
    DeviceArray<T> d_base(n), d_exp(n), d_out(n);
    to_device(d_base, base);
    to_device(d_exp, exp);
    WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
    if constexpr (ConstantTime) {
      ct::powm_n(d_base.get(), d_exp.get(), m, d_out.get(), n);
    } else {
      powm_n(d_base.get(), d_exp.get(), m, d_out.get(), n);
    }
    WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
    const std::vector<T> out = to_host(d_out, n);
    for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], exp[i], m, i, seed);
  }
}

/// powm_n (ConstantTime: ct::powm_n) with one exponent for every element (65537, then a full-width random one), out
/// aliasing base, on a stream; odd moduli; n elements.
template <class T, bool ConstantTime = false>
void check_shared_exponent_in_place(const std::string& name, std::size_t n) {
  const std::uint64_t seed = seed_for(name, T::bits);
  Rng rng(seed);
  cudaStream_t stream;
  WARPNUM_TEST_CUDA(cudaStreamCreate(&stream));
  for (int k = 0; k < 2; ++k) {
    const T m = make_modulus<T>(rng, ModKind::odd);
    const T e = k == 0 ? T{65537u} : random_value<T>(rng);
    std::vector<T> base(n);
    for (std::size_t i = 0; i < n; ++i) base[i] = batch_base<T>(rng, m, i);
    DeviceArray<T> d_x(n);
    to_device(d_x, base);
    if constexpr (ConstantTime) {
      ct::powm_n(d_x.get(), e, m, d_x.get(), n, stream);
    } else {
      powm_n(d_x.get(), e, m, d_x.get(), n, stream);
    }
    WARPNUM_TEST_CUDA(cudaStreamSynchronize(stream));
    const std::vector<T> out = to_host(d_x, n);
    for (std::size_t i = 0; i < n; ++i) expect_powm(out[i], base[i], e, m, i, seed);
  }
  WARPNUM_TEST_CUDA(cudaStreamDestroy(stream));
}

template <class T> class BatchPowm : public DeviceTest {};
TYPED_TEST_SUITE_P(BatchPowm);

/// Elements per test: fewer at 2048 bits and above, where one thread's exponentiation takes milliseconds.
template <class T> constexpr std::size_t batch_count() { return T::bits <= 1024 ? 3000 : 600; }

TYPED_TEST_P(BatchPowm, SharedModulus) {
  check_shared_modulus<TypeParam>("batch powm shared modulus", batch_count<TypeParam>(), true);
}

TYPED_TEST_P(BatchPowm, SharedExponentInPlace) {
  check_shared_exponent_in_place<TypeParam>("batch powm shared exponent", batch_count<TypeParam>());
}

TYPED_TEST_P(BatchPowm, ConstantTimeSharedModulus) {
  check_shared_modulus<TypeParam, true>("batch ct::powm shared modulus", batch_count<TypeParam>(), false);
}

TYPED_TEST_P(BatchPowm, ConstantTimeSharedExponentInPlace) {
  check_shared_exponent_in_place<TypeParam, true>("batch ct::powm shared exponent", batch_count<TypeParam>());
}

/// A modulus per element, odd and even, with 0 (result 0, Status::division_by_zero) and 1 among them; a 64-bit
/// exponent type; n elements. run(base, exp, mod, out, n, status) computes them on device arrays.
template <class T, class Run> void check_modulus_each(const std::string& name, std::size_t n, Run&& run) {
  using E = BigUInt<64>;
  const std::uint64_t seed = seed_for(name, T::bits);
  Rng rng(seed);
  std::vector<T> base(n), mod(n);
  std::vector<E> exp(n);
  for (std::size_t i = 0; i < n; ++i) {
    mod[i] = any_modulus<T>(rng, i);
    base[i] = batch_base<T>(rng, mod[i], i);
    exp[i] = make_exponent<E>(rng);
  }
  DeviceArray<T> d_base(n), d_mod(n), d_out(n);
  DeviceArray<E> d_exp(n);
  DeviceArray<Status> d_status(n);
  to_device(d_base, base);
  to_device(d_mod, mod);
  to_device(d_exp, exp);
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  WARPNUM_TEST_CUDA(cudaMemset(d_status.get(), 0xa5, d_status.bytes()));
  run(d_base.get(), d_exp.get(), d_mod.get(), d_out.get(), n, d_status.get());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  const std::vector<T> out = to_host(d_out, n);
  const std::vector<Status> status = to_host(d_status, n);
  for (std::size_t i = 0; i < n; ++i) {
    expect_powm(out[i], base[i], exp[i], mod[i], i, seed);
    EXPECT_EQ(status[i], mod[i].is_zero() ? Status::division_by_zero : Status::ok) << "element " << i;
  }
}

TYPED_TEST_P(BatchPowm, PerElementModulus) {
  check_modulus_each<TypeParam>("batch powm per-element modulus", batch_count<TypeParam>(),
                                [](const auto* b, const auto* e, const auto* m, auto* o, std::size_t n, Status* s) {
                                  powm_n(b, e, m, o, n, s);
                                });
}

REGISTER_TYPED_TEST_SUITE_P(BatchPowm, SharedModulus, SharedExponentInPlace, ConstantTimeSharedModulus,
                            ConstantTimeSharedExponentInPlace, PerElementModulus);

/// Width names for the instantiations ("256", "1024", ...).
struct BatchWidthName {
  template <class T> static std::string GetName(int) { return std::to_string(T::bits); }
};

}  // namespace warpnum::test

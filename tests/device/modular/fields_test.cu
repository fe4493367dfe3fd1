// SPDX-License-Identifier: Apache-2.0
// tests/device/modular/fields_test.cu: fields.hpp on the device, through kernels templated on the field type as a
// user writes them (`template <class F> __global__ void k(const F*, ...)`, launched as k<BN254Fr>): every named
// field runs the chain of tests/cases/field_chain.hpp (products, squares, sums, differences, negation, a power, the
// inverse, a quotient) over edge values (0, 1, 2, p - 1, p - 2, p/2, all ones) and seeded random elements,
// compared bitwise with the host, whose chain the host test checks against GMP.
#include "cases/field_chain.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/fields.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

/// The user's kernel: one chain a thread, the field a template argument.
template <class F>
__global__ void field_chain_kernel(const F* a, const F* b, FieldChainOut<F>* out, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = field_chain(a[i], b[i]);
}

/// A host function template that launches it, as a user's library would.
template <class F> std::vector<FieldChainOut<F>> chains_on_device(const std::vector<F>& a, const std::vector<F>& b) {
  const std::size_t n = a.size();
  DeviceArray<F> d_a(n);
  DeviceArray<F> d_b(n);
  DeviceArray<FieldChainOut<F>> d_out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(d_a.get(), a.data(), d_a.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemcpy(d_b.get(), b.data(), d_b.bytes(), cudaMemcpyHostToDevice));
  WARPNUM_TEST_CUDA(cudaMemset(d_out.get(), 0xa5, d_out.bytes()));
  constexpr unsigned threads = 128;
  field_chain_kernel<F><<<static_cast<unsigned>((n + threads - 1) / threads), threads>>>(d_a.get(), d_b.get(),
                                                                                         d_out.get(), n);
  WARPNUM_TEST_CUDA(cudaGetLastError());
  WARPNUM_TEST_CUDA(cudaDeviceSynchronize());
  std::vector<FieldChainOut<F>> out(n);
  WARPNUM_TEST_CUDA(cudaMemcpy(out.data(), d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost));
  return out;
}

template <class F> class NamedFieldDevice : public DeviceTest {};
using Fields = ::testing::Types<BN254Fr, BN254Fp, BLS12381Fr, BLS12381Fp, Secp256k1Fp, Secp256k1Fn, P256Fp, P256Fn,
                                Ed25519Fp, Ed25519Fn>;
TYPED_TEST_SUITE(NamedFieldDevice, Fields);

TYPED_TEST(NamedFieldDevice, TemplatedKernelMatchesHost) {
  using F = TypeParam;
  using U = typename F::value_type;
  const U p = F::modulus();
  const std::uint64_t seed = mix_seed(base_seed() ^ seed_for("named field device " + to_string(p, 16)));
  Rng rng(seed);
  const std::vector<U> edges = {U{0u}, U{1u}, U{2u}, p - U{1u}, p - U{2u}, p >> 1, (p >> 1) + U{1u}, U::max()};
  std::vector<F> a;
  std::vector<F> b;
  for (const U& x : edges) {
    for (const U& y : edges) {
      a.push_back(F(x));
      b.push_back(F(y));
    }
  }
  for (int i = 0; i < 2000; ++i) {
    a.push_back(F(random_value<U>(rng)));
    b.push_back(rng.chance(1, 8) ? F(edges[rng.below(edges.size())]) : F(random_value<U>(rng)));
  }
  const std::vector<FieldChainOut<F>> device = chains_on_device(a, b);
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const FieldChainOut<F> host = field_chain(a[i], b[i]);
    if (std::memcmp(&host, &device[i], sizeof host) == 0) continue;
    if (++mismatches > 5) continue;
    ADD_FAILURE() << "field 0x" << to_string(p, 16) << ", element " << i << " (seed 0x" << std::hex << seed
                  << std::dec << "): a = " << a[i] << ", b = " << b[i] << word_diff(host, device[i]);
  }
  EXPECT_EQ(mismatches, 0u) << "of " << a.size();
}

}  // namespace
}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/kernel_template_nvcc_test.cu: kernel templates over GF2n compile (nvcc 13.0 once wrote a Poly
// template argument into the host stub as code g++ could not parse); the kernels' results are checked by
// tests/device/gf2n/. Host only: takes the kernels' addresses, launches nothing.
#include <warpnum/gf2n.hpp>

#include <gtest/gtest.h>

namespace {

template <class T> __global__ void square_all(T* p, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) p[i] = square(p[i]);
}

// A __global__ template whose own parameter is a Poly (template <int N, Poly P> __global__ ...) still fails in
// nvcc 13.0's host stub (it names the class by its mangled name there); take the field as a type, as above.

TEST(GF2nKernelTemplate, InstantiatesWithDefaultAndExplicitPolynomials) {
  using warpnum::GF2n;
  using warpnum::Poly;
  EXPECT_NE(&square_all<GF2n<64>>, nullptr);
  EXPECT_NE((&square_all<GF2n<128, Poly{128, 7, 2, 1, 0}>>), nullptr);
  EXPECT_NE((&square_all<GF2n<8, Poly{8, 7, 6, 5, 4, 2, 0}>>), nullptr);
  EXPECT_NE((&square_all<GF2n<163, Poly{163, 7, 6, 3, 0}>>), nullptr);
}

}  // namespace

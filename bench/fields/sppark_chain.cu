// SPDX-License-Identifier: Apache-2.0
// bench/fields/sppark_chain.cu: the same chains as warpnum's, by sppark's field types (Supranational's
// ff/mont_t.cuh: alt_bn128::fp_t and bls12_381::fp_t, 32-bit limbs), for warpnum-field-bench. Compiled only when
// CMake is given checkouts of sppark and blst (WARPNUM_SPPARK_SOURCE, scripts/fetch-sppark.sh); nothing of either is
// in this repository. sppark's device field types exist in the device pass only, so the kernels' bodies are seen by
// that pass alone; their signatures take raw limbs.
#include "field_chain.cuh"

#include <ff/alt_bn128.hpp>
#include <ff/bls12-381.hpp>

namespace warpnum::bench::fields {
namespace {

template <Field F, Op O>
__global__ void sppark_chain(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, std::size_t n,
                             int chain) {
#if defined(__CUDA_ARCH__)
  using T = std::conditional_t<F == Field::bn254_fp, alt_bn128::fp_t, bls12_381::fp_t>;
  constexpr int limbs = F == Field::bn254_fp ? 8 : 12;  // field_limbs(F), which is host code
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  T x;  // loaded limb by limb (fp_t's constructor from limbs is constexpr host code)
  for (int j = 0; j < limbs; ++j) x[j] = a[i * limbs + j];
  if constexpr (O == Op::mul) {
    T y;
    for (int j = 0; j < limbs; ++j) y[j] = b[i * limbs + j];
    for (int k = 0; k < chain; ++k) x = x * y;
  } else {
    for (int k = 0; k < chain; ++k) x.sqr();
  }
  x.store(out + i * limbs);
#else
  (void)a, (void)b, (void)out, (void)n, (void)chain;
#endif
}

template <Field F, Op O>
void launch(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, std::size_t n, int chain,
            unsigned threads) {
  sppark_chain<F, O><<<static_cast<unsigned>((n + threads - 1) / threads), threads>>>(a, b, out, n, chain);
}

}  // namespace

bool have_sppark() { return true; }

bool launch_sppark(Field field, Op op, const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                   std::size_t n, int chain, unsigned threads) {
  if (field == Field::bn254_fp) {
    op == Op::mul ? launch<Field::bn254_fp, Op::mul>(a, b, out, n, chain, threads)
                  : launch<Field::bn254_fp, Op::sqr>(a, b, out, n, chain, threads);
  } else {
    op == Op::mul ? launch<Field::bls12_381_fp, Op::mul>(a, b, out, n, chain, threads)
                  : launch<Field::bls12_381_fp, Op::sqr>(a, b, out, n, chain, threads);
  }
  return true;
}

}  // namespace warpnum::bench::fields

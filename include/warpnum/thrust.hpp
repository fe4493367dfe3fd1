// SPDX-License-Identifier: Apache-2.0
// warpnum/thrust.hpp: warpnum's integers in Thrust. Nothing needs adapting, so this header states what Thrust
// relies on, checks it at compile time, and brings in the function objects:
//   - BigUInt and BigInt (also GF2n, Fp) are trivially copyable and standard-layout: thrust::device_vector
//     copies them with cudaMemcpy, and CUB's kernels may move them through shared memory bitwise;
//   - value-initialisation gives zero, so thrust::device_vector<BigUInt<1024>> v(n) holds n zeros;
//   - every operator is host and device code: thrust::plus<>, multiplies<>, minus<>, bit_xor<>, ... and
//     thrust::reduce, inner_product, transform_reduce, scans work on them (the product and sum modulo 2^Bits);
//   - the comparisons < <= > >= == != are host and device code (`<=>` is host only), so thrust::sort merge-sorts
//     by `<`, and thrust::less<>, greater<>, minimum<>, maximum<>, min_element, max_element work.
// For a modular product or sum, or a modular power, use warpnum::multiplies_mod, plus_mod and powm_fn
// (<warpnum/functional.hpp>, included here); for Thrust's algorithms under warpnum's names, <warpnum/algorithm.hpp>.
// Device lambdas (`[] __device__ (const BigUInt<1024>& x) { return x * x; }`) need nvcc's --extended-lambda.
//
// Under a plain C++ compiler this header needs the CUDA toolkit's include folders (include/ and include/cccl);
// define THRUST_DEVICE_SYSTEM as THRUST_DEVICE_SYSTEM_OMP or THRUST_DEVICE_SYSTEM_CPP to run device_vector's
// algorithms on the host.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/functional.hpp>

#include <thrust/functional.h>
#include <thrust/type_traits/is_trivially_relocatable.h>

#include <type_traits>

namespace warpnum::detail {

// What the comment above relies on, checked at two widths (every width shares the one template).
static_assert(thrust::is_trivially_relocatable_v<BigUInt<256>> && thrust::is_trivially_relocatable_v<BigInt<1024>>,
              "warpnum: Thrust must be able to copy BigUInt and BigInt bitwise");
static_assert(std::is_trivially_default_constructible_v<BigUInt<1024>> && std::is_standard_layout_v<BigUInt<1024>>,
              "warpnum: BigUInt must be trivial and standard-layout (shared memory in CUB's kernels)");
static_assert(sizeof(BigUInt<1024>) == 128, "warpnum: BigUInt<Bits> must hold Bits / 8 bytes and no more");

}  // namespace warpnum::detail

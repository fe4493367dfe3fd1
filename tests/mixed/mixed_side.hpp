// SPDX-License-Identifier: Apache-2.0
// tests/mixed/mixed_side.hpp: the body both halves of the mixed program compile, one under g++ and one under
// nvcc: the batch expression of the test, its host check, and what the half's batch layer says of the GPU.
#pragma once

#include "mixed/mixed.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

namespace warpnum::test {
// Internal linkage: an inline function here would be one weak symbol with a different body in each half (it uses
// each compiler's batch layer), and the linker would keep one of the two, the very fault under test.
namespace {

MixedSide mixed_side(const char* compiler) {
  using T = BigUInt<1024>;
  constexpr std::size_t n = 1000;
  std::vector<T> va(n), vb(n), vc(n);
  std::uint64_t x = 0x9e3779b97f4a7c15ull;  // a fixed walk through the words: the same operands in both halves
  for (std::vector<T>* v : {&va, &vb, &vc}) {
    for (T& e : *v) {
      for (int k = 0; k < T::num_limbs; ++k) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        e.data()[k] = static_cast<std::uint32_t>(x >> 32);
      }
    }
  }
  MixedSide side;
  side.compiler = compiler;
  side.gpu = gpu_available();
  const Batch<T> a(va), b(vb), c(vc);
  const std::uint64_t before = batch::evaluations();
  const Batch<T> d = a * b + c;
  side.evaluations = batch::evaluations() - before;
  side.on_device = d.place() == Place::device;
  const std::vector<T> vd = d.to_vector();
  side.right = vd.size() == n;
  for (std::size_t i = 0; i < n && side.right; ++i) side.right = vd[i] == va[i] * vb[i] + vc[i];
  try {
    const Batch<T> device(4, Place::device);
    side.device_refusal = "";
  } catch (const std::exception& e) {
    side.device_refusal = e.what();
  }
  return side;
}

}  // namespace
}  // namespace warpnum::test

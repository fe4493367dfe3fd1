// SPDX-License-Identifier: Apache-2.0
// tests/compiler/repro_inputs.hpp: the inputs of the compiler-fault reproducers, the same on every run and in both
// harnesses (repro.hpp on the GPU, host_repro.hpp for tests/compiler/interpret.py).
#pragma once

#include <warpnum/bigint.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::repro {

/// SplitMix64.
inline std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// A random BigUInt<Bits> from the state.
template <std::size_t Bits> BigUInt<Bits> random(std::uint64_t& state) {
  BigUInt<Bits> x;
  for (int i = 0; i < BigUInt<Bits>::num_limbs; ++i) x.limbs_[i] = static_cast<std::uint32_t>(next(state));
  return x;
}

}  // namespace warpnum::repro

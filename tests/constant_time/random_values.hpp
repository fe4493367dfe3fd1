// SPDX-License-Identifier: Apache-2.0
// tests/constant_time/random_values.hpp: the inputs of the constant-time checks: uniform BigUInt values and odd
// values with their top bit set (moduli), from the programs' one seeded generator.
#pragma once

#include <warpnum/bigint.hpp>

#include <cstddef>
#include <cstdint>
#include <random>

namespace warpnum::ct_checks {

/// The generator every constant-time check draws from: seeded, so a run can be repeated.
inline std::mt19937_64& generator() {
  static std::mt19937_64 g(20261205);
  return g;
}

/// Every limb uniform.
template <std::size_t Bits> BigUInt<Bits> random_uint() {
  BigUInt<Bits> x;
  for (int i = 0; i < BigUInt<Bits>::num_limbs; ++i) x.limbs_[i] = static_cast<std::uint32_t>(generator()());
  return x;
}

/// Uniform, then odd and with its top bit set: a modulus of the full width.
template <std::size_t Bits> BigUInt<Bits> random_odd() {
  BigUInt<Bits> x = random_uint<Bits>();
  x.set_bit(0);
  x.set_bit(Bits - 1);
  return x;
}

}  // namespace warpnum::ct_checks

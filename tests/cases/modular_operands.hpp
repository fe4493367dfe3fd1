// SPDX-License-Identifier: Apache-2.0
// tests/cases/modular_operands.hpp: the moduli and exponents the device modular tests draw (tests/device/modular/,
// tests/device/batch/): odd and even moduli of random_value's shapes, zero and one now and then, and exponents
// 0, 1, 2, short, all ones or of random length.
#pragma once

#include "cases/random.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace warpnum::test {

enum class ModKind { odd, even, zero, one };

/// A modulus of the kind: odd or even random_value shapes (edge values among them), 0, or 1.
template <class T> T make_modulus(Rng& rng, ModKind kind) {
  if (kind == ModKind::zero) return T{};
  if (kind == ModKind::one) return T{1u};
  T m = rng.chance(1, 4) ? edge_values<T>()[rng.below(edge_values<T>().size())] : random_value<T>(rng);
  m.set_bit(0, kind == ModKind::odd);
  if (m.is_zero()) m = T{2u};
  return m;
}

/// Mostly odd and even moduli, with zero and one now and then.
template <class T> T any_modulus(Rng& rng, std::size_t i) {
  if (i % 16 == 7) return make_modulus<T>(rng, ModKind::zero);
  if (i % 16 == 11) return make_modulus<T>(rng, ModKind::one);
  return make_modulus<T>(rng, i % 2 == 0 ? ModKind::odd : ModKind::even);
}

/// An exponent: 0, 1, 2, short, of random length, or all ones.
template <class E> E make_exponent(Rng& rng, std::size_t max_bits = E::bits) {
  max_bits = std::min(max_bits, E::bits);
  switch (rng.below(8)) {
    case 0: return E{};
    case 1: return E{1u};
    case 2: return E{2u};
    case 3: return E{static_cast<std::uint32_t>(rng.below(1u << 16))};
    case 4: return max_bits == E::bits ? ~E{} : (E{1u} << max_bits) - 1u;
    default: {
      E e = random_value<E>(rng);
      const std::size_t bits = 1 + rng.below(max_bits);
      return bits >= E::bits ? e : (e << (E::bits - bits)) >> (E::bits - bits);
    }
  }
}

}  // namespace warpnum::test

// tests/cases/huge_operands.hpp: seeded operands of any size for the tests of warpnum::Integer and of the
// algorithms above multiplication (include/warpnum/huge/), as mpz_class: limbs from the carry-heavy mix of
// random.hpp, runs of ones and zeros, powers of two and their neighbours.
#pragma once

#include "cases/random.hpp"

#include <gmpxx.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpnum::test {

/// A nonnegative number of exactly `limbs` 32-bit limbs (top limb nonzero; 0 for limbs == 0), in one of a few shapes.
inline mpz_class random_huge(Rng& rng, std::size_t limbs) {
  if (limbs == 0) return 0;
  std::vector<std::uint32_t> w(limbs);
  const auto shape = rng.below(6);
  for (auto& x : w) {
    switch (shape) {
      case 0: x = special_word<std::uint32_t>(rng); break;
      case 1: x = 0xffffffffu; break;              // 2^k - 1
      case 2: x = 0; break;                        // 2^k, after the top limb below
      default: x = rng.u32(); break;
    }
  }
  if (shape == 1 && rng.chance(1, 2)) w[rng.below(limbs)] = rng.u32();
  if (w.back() == 0) w.back() = shape == 2 ? (1u << rng.below(32)) : (rng.u32() | 1u);
  mpz_class z;
  mpz_import(z.get_mpz_t(), w.size(), -1, sizeof(std::uint32_t), 0, 0, w.data());
  return z;
}

/// A size from 1 to max_limbs, small sizes favoured (a uniform exponent).
inline std::size_t random_limbs(Rng& rng, std::size_t max_limbs) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < max_limbs) ++bits;
  const std::size_t top = std::size_t{1} << rng.below(bits + 1);
  return 1 + rng.below(top < max_limbs ? top : max_limbs);
}

}  // namespace warpnum::test

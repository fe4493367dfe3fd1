// SPDX-License-Identifier: Apache-2.0
// tests/cases/mpz_values.hpp: operands for the tests of integers of any size, as GMP numbers: a random number of a
// given length in limbs and sign, and the number whose limbs are all the largest (every carry runs to its top).
#pragma once

#include <gmp.h>
#include <gmpxx.h>

#include <cstddef>

namespace warpnum::test {

/// A random number below 2^(32 limbs) (its top limb may be anything, zero included), negated when asked.
inline mpz_class random_value(gmp_randclass& r, std::size_t limbs, bool negative) {
  mpz_class z = r.get_z_bits(static_cast<mp_bitcnt_t>(32 * limbs));
  return negative ? mpz_class(-z) : z;
}

/// 2^(32 limbs) - 1: every limb the largest.
inline mpz_class all_ones(std::size_t limbs) {
  mpz_class z = 1;
  mpz_mul_2exp(z.get_mpz_t(), z.get_mpz_t(), static_cast<mp_bitcnt_t>(32 * limbs));
  return z - 1;
}

}  // namespace warpnum::test

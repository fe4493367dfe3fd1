// SPDX-License-Identifier: Apache-2.0
// tests/cases/huge_operands.hpp: seeded operands of any size for the tests of warpnum::Integer and of the
// algorithms above multiplication (include/warpnum/huge/), as mpz_class: limbs from the carry-heavy mix of
// random.hpp, runs of ones and zeros, powers of two and their neighbours; uniform ones from GMP's generator; and
// the division oracle.
#pragma once

#include "cases/random.hpp"

#include <warpnum/integer.hpp>

#include <gmpxx.h>
#include <gtest/gtest.h>

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

/// A random number below 2^(32 limbs) from GMP's generator (its top limb may be anything, zero included), negated
/// when asked.
inline mpz_class uniform_huge(gmp_randclass& r, std::size_t limbs, bool negative) {
  mpz_class z = r.get_z_bits(static_cast<mp_bitcnt_t>(32 * limbs));
  return negative ? mpz_class(-z) : z;
}

/// 2^(32 limbs) - 1: every limb the largest (every carry runs to its top).
inline mpz_class all_ones(std::size_t limbs) {
  mpz_class z = 1;
  mpz_mul_2exp(z.get_mpz_t(), z.get_mpz_t(), static_cast<mp_bitcnt_t>(32 * limbs));
  return z - 1;
}

/// A size from 1 to max_limbs, small sizes favoured (a uniform exponent).
inline std::size_t random_limbs(Rng& rng, std::size_t max_limbs) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < max_limbs) ++bits;
  const std::size_t top = std::size_t{1} << rng.below(bits + 1);
  return 1 + rng.below(top < max_limbs ? top : max_limbs);
}

/// Integer's divmod_floor, / and % of a by b, both made in `place`, against GMP's mpz_fdiv_qr and mpz_tdiv_qr; the
/// results must stay in `place` (a zero has no limbs and may be anywhere).
inline ::testing::AssertionResult check_division(const mpz_class& a, const mpz_class& b, Place place) {
  const Integer x = from_mpz(a, place);
  const Integer y = from_mpz(b, place);
  mpz_class fq, fr, tq, tr;
  mpz_fdiv_qr(fq.get_mpz_t(), fr.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  mpz_tdiv_qr(tq.get_mpz_t(), tr.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  const IntegerDivResult f = divmod_floor(x, y);
  const Integer q = x / y;
  const Integer r = x % y;
  const auto elsewhere = [place](const Integer& v) { return !v.is_zero() && v.place() != place; };
  const char* wrong = nullptr;
  if (to_mpz_class(f.quot) != fq) wrong = "divmod_floor quot";
  else if (to_mpz_class(f.rem) != fr) wrong = "divmod_floor rem";
  else if (to_mpz_class(q) != tq) wrong = "operator/";
  else if (to_mpz_class(r) != tr) wrong = "operator%";
  else if (elsewhere(f.quot) || elsewhere(f.rem) || elsewhere(q) || elsewhere(r)) wrong = "place";
  if (wrong == nullptr) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << wrong << " of a (" << mpz_sizeinbase(a.get_mpz_t(), 2) << " bits) by b (" << mpz_sizeinbase(b.get_mpz_t(), 2)
          << " bits)";
  if (mpz_sizeinbase(a.get_mpz_t(), 2) <= 4096) failure << ": a = 0x" << a.get_str(16) << ", b = 0x" << b.get_str(16);
  return failure;
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/cases/radix_tree_cases.hpp: to_text_tree and from_text_tree (src/huge/radix_tree.cpp) against GMP's
// mpz_get_str and mpz_set_str on a given Place, both directions and both signs: small values; powers of the base
// and their neighbours around every leaf and level boundary (remainders 0 and D - 1, where a quotient estimate off
// by one would show) and the largest number of each level; random numbers and runs of the largest digit and of
// zeros, from one digit to 3 * 10^5, and every shape of the leaves; quotient estimates moved on purpose. Run by tests/host/huge/radix_tree_test.cpp and
// tests/device/huge/radix_tree_test.cu.
#pragma once

#include <warpnum/huge/radix_conversion.hpp>
#include <warpnum/huge/radix_tree.hpp>
#include <warpnum/integer.hpp>

#include "../../src/huge/engine.hpp"

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

namespace warpnum::test::radix_tree_cases {

inline std::uint64_t seed() {
  const char* s = std::getenv("WARPNUM_TEST_SEED");
  return s != nullptr ? std::strtoull(s, nullptr, 0) : 0x7ad1'0000'2026ull;
}

inline mpz_class random_in_base(gmp_randclass& r, int base, std::size_t digits) {
  mpz_class top;
  mpz_ui_pow_ui(top.get_mpz_t(), static_cast<unsigned long>(base), digits);
  return r.get_z_range(top);
}

/// Checks both directions for z >= 0 (and -z) in the base, on the place.
inline void check_value(const mpz_class& z, int base, Place place, const std::string& what) {
  const std::string expected = z.get_str(base);
  const Integer x = from_mpz(z, place);
  ASSERT_EQ(huge::to_text_tree(x, base), expected)
      << what << " (base " << base << ", " << expected.size() << " digits)";
  const Integer back = huge::from_text_tree(expected, base, place);
  ASSERT_EQ(back.place(), x.place());
  ASSERT_TRUE(to_mpz_class(back) == z) << what << " parsed (base " << base << ", " << expected.size() << " digits)";
  if (z != 0) {
    ASSERT_EQ(huge::to_text_tree(-x, base), "-" + expected) << what << " negated";
  }
}

inline void small_and_edge_values(Place place) {
  for (const int base : {3, 7, 10, 36}) {
    for (const unsigned long v : {0ul, 1ul, 2ul, 9ul, 10ul, 35ul, 36ul, 4294967295ul, 4294967296ul}) {
      check_value(mpz_class(v), base, place, "small " + std::to_string(v));
    }
  }
}

/// base^e - 1, base^e and base^e + 1 for e = leaf digits times 2^k and a few digits either side, and base^(2e) - 1.
inline void powers_of_the_base(Place place) {
  for (const int base : {3, 10, 36}) {
    const std::size_t leaf = huge::tree_leaf_words * huge::radix_word(base).digits;
    for (std::size_t level = 0; level < 5; ++level) {
      for (const long delta : {-3l, -1l, 0l, 1l, 2l}) {
        const auto e = static_cast<unsigned long>(static_cast<long>(leaf << level) + delta);
        mpz_class p;
        mpz_ui_pow_ui(p.get_mpz_t(), static_cast<unsigned long>(base), e);
        for (const int off : {-1, 0, 1}) {
          check_value(p + off, base, place, "base^" + std::to_string(e) + "+" + std::to_string(off));
        }
        check_value(p * p - 1, base, place, "base^" + std::to_string(2 * e) + "-1");
      }
    }
  }
}

inline void random_values_and_digit_runs(Place place) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 1));
  std::mt19937_64 rng(seed());
  for (const int base : {7, 10, 36}) {
    for (const std::size_t digits : {1u, 100u, 287u, 288u, 289u, 1000u, 4607u, 20000u, 100000u, 300000u}) {
      if (base != 10 && digits > 100000) continue;
      check_value(random_in_base(r, base, digits), base, place, "random");
      // The largest digit, or zeros, over long runs: "(base-1)...(base-1)" and "1 000...2...000".
      const std::string largest(digits, huge::radix_digit_char(static_cast<unsigned>(base - 1)));
      check_value(mpz_class(largest, base), base, place, "largest digit");
      std::string sparse(digits, '0');
      sparse[0] = '1';
      sparse[rng() % digits] = '2';
      check_value(mpz_class(sparse, base), base, place, "mostly zeros");
    }
  }
}

/// Every leaf shape (leaves of 1 to 64 words, 2 to 2^7 of them): random numbers of 1 to 70,000 digits, in steps
/// that fall on every residue of the leaf's digits.
inline void every_leaf_shape(Place place) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 4));
  for (std::size_t digits = 1; digits < 70000; digits = digits < 700 ? digits + 13 : digits * 5 / 4) {
    check_value(random_in_base(r, 10, digits), 10, place, "leaf shapes");
  }
}

/// Quotient estimates moved by -2 to 2 (huge::radix_estimate_offset_for_tests) still give every digit: the bias
/// and the table of multiples cover estimates further off than Barrett's bound, which random values rarely reach.
inline void estimates_off_by_up_to_two(Place place) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 3));
  struct Reset {
    ~Reset() { huge::radix_estimate_offset_for_tests = 0; }
  } reset;
  for (const int offset : {-2, -1, 1, 2}) {
    huge::radix_estimate_offset_for_tests = offset;
    for (const std::size_t digits : {1u, 288u, 577u, 5000u, 40000u}) {
      check_value(random_in_base(r, 10, digits), 10, place, "offset " + std::to_string(offset));
      mpz_class p;
      mpz_ui_pow_ui(p.get_mpz_t(), 10, digits);
      check_value(p, 10, place, "10^digits, offset " + std::to_string(offset));
      check_value(p - 1, 10, place, "10^digits - 1, offset " + std::to_string(offset));
    }
  }
}

}  // namespace warpnum::test::radix_tree_cases

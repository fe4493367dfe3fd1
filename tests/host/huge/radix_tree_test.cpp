// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/radix_tree_test.cpp: huge/radix_tree.hpp and src/huge/radix_tree.cpp on the host: the per-slot
// helpers (slot_bits, slot_limb, leaf_to_digits, digits_to_leaf, compare_slot) against direct computation, and
// to_text_tree / from_text_tree (radix conversion by whole levels, the path of Integers on the device) against GMP
// in bases 3, 7, 10 and 36 (tests/cases/radix_tree_cases.hpp). The leaves' tests go through every digit of those
// bases both ways (huge/radix_digits.hpp; upper case and bad characters: text_test.cpp).
#include "cases/radix_tree_cases.hpp"

#include <warpnum/huge/radix_conversion.hpp>
#include <warpnum/huge/radix_tree.hpp>
#include <warpnum/integer.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace {

using warpnum::Place;
namespace cases = warpnum::test::radix_tree_cases;

TEST(RadixTree, SlotBits) {
  const std::vector<std::uint32_t> x = {0x89abcdefu, 0x01234567u, 0xfedcba98u, 0x76543210u};
  // Slot 1 of 2 limbs: 0x7654321 0fedcba98.
  EXPECT_EQ(warpnum::huge::slot_bits(x.data(), 4, 2, 2, 0), 0xfedcba98u);
  EXPECT_EQ(warpnum::huge::slot_bits(x.data(), 4, 2, 2, 4), 0x0fedcba9u);
  EXPECT_EQ(warpnum::huge::slot_bits(x.data(), 4, 2, 2, 36), 0x07654321u);  // bits past the slot read 0
  EXPECT_EQ(warpnum::huge::slot_bits(x.data(), 4, 0, 2, 60), 0x0u);         // not slot 1's bits
  EXPECT_EQ(warpnum::huge::slot_bits(x.data(), 3, 2, 2, 32), 0x0u);         // past x's end
  EXPECT_EQ(warpnum::huge::slot_limb(x.data(), 4, 1, 3, 0), 0x76543210u);
  EXPECT_EQ(warpnum::huge::slot_limb(x.data(), 4, 1, 3, 1), 0x0u);
}

TEST(RadixTree, Leaves) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(cases::seed()));
  for (const int base : {3, 7, 10, 36}) {
    const warpnum::huge::RadixWord w = warpnum::huge::radix_word(base);
    const auto words = static_cast<unsigned>(warpnum::huge::tree_leaf_words);
    const std::size_t digits = words * w.digits;
    for (int trial = 0; trial < 50; ++trial) {
      mpz_class z = cases::random_in_base(r, base, trial == 0 ? digits : 1 + mpz_class(r.get_z_range(digits)).get_ui());
      if (trial == 1) z = 0;
      if (trial == 2) mpz_ui_pow_ui(z.get_mpz_t(), static_cast<unsigned long>(base), digits), z -= 1;
      std::vector<std::uint32_t> limbs(warpnum::huge::radix_leaf_limbs_max, 0u);
      std::size_t n = 0;
      mpz_export(limbs.data(), &n, -1, 4, 0, 0, z.get_mpz_t());
      std::string text(digits, '?');
      warpnum::huge::leaf_to_digits(limbs.data(), n, w.value, static_cast<unsigned>(w.digits), words,
                                    static_cast<unsigned>(base), text.data());
      std::string expected = z.get_str(base);
      expected.insert(0, digits - expected.size(), '0');
      ASSERT_EQ(text, expected) << base << ' ' << trial;
      std::vector<std::uint32_t> back(warpnum::huge::radix_leaf_limbs_max, 7u);
      // Read from 5 positions before the text (those read as '0').
      const std::string shifted = text.substr(5);
      warpnum::huge::digits_to_leaf(shifted.data(), -5, w.value, static_cast<unsigned>(w.digits), words,
                                    static_cast<unsigned>(base), back.data());
      mpz_class value;
      mpz_import(value.get_mpz_t(), back.size(), -1, 4, 0, 0, back.data());
      mpz_class expected_value;
      expected_value.set_str(shifted.empty() ? "0" : shifted, base);
      ASSERT_TRUE(value == expected_value) << base << ' ' << trial;
    }
  }
}

TEST(RadixTree, CompareSlot) {
  // Slots of 3 limbs; table rows of 2: row 1 = {5, 1}.
  const std::vector<std::uint32_t> r = {5, 1, 0, 4, 1, 0, 5, 1, 1};
  const std::vector<std::uint32_t> table = {0, 0, 5, 1};
  EXPECT_EQ(warpnum::huge::compare_slot(r.data(), 9, 0, 3, table.data(), 4, 1, 2), 0);
  EXPECT_EQ(warpnum::huge::compare_slot(r.data(), 9, 1, 3, table.data(), 4, 1, 2), -1);
  EXPECT_EQ(warpnum::huge::compare_slot(r.data(), 9, 2, 3, table.data(), 4, 1, 2), 1);
  EXPECT_EQ(warpnum::huge::compare_slot(r.data(), 8, 2, 3, table.data(), 4, 1, 2), 0);  // limbs past r read 0
  EXPECT_EQ(warpnum::huge::compare_slot(r.data(), 9, 1, 3, table.data(), 3, 1, 2), 1);  // and past the table
}

TEST(RadixTree, SmallAndEdgeValues) { cases::small_and_edge_values(Place::host); }
TEST(RadixTree, PowersOfTheBaseAndNeighbours) { cases::powers_of_the_base(Place::host); }
TEST(RadixTree, RandomValuesAndDigitRuns) { cases::random_values_and_digit_runs(Place::host); }
TEST(RadixTree, EveryLeafShape) { cases::every_leaf_shape(Place::host); }
TEST(RadixTree, EstimatesOffByUpToTwo) { cases::estimates_off_by_up_to_two(Place::host); }

}  // namespace

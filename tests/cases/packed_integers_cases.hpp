// SPDX-License-Identifier: Apache-2.0
// tests/cases/packed_integers_cases.hpp: PackedIntegers, multiply_each and add_each (<warpnum/packed_integers.hpp>)
// against GMP on a given Place and stream: packing and unpacking (zeros, signs, Integers from either place); products
// of chosen pairs over lengths from 1 limb to past the transform's threshold in one batch (tiled and transform
// products side by side, squares, repeated indices, zero-length operands, the largest limbs everywhere, where every
// carry runs to the top of its slot and must stop there); levels of a product tree built by batches only; sums with
// carries out of every slot; and the errors of the header's table. Run by tests/host/huge/packed_integers_test.cpp
// and tests/device/huge/packed_integers_test.cu.
#pragma once

#include <warpnum/integer.hpp>

#include "cases/huge_operands.hpp"
#include <warpnum/packed_integers.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test::packed_integers_cases {

using warpnum::test::all_ones;
using warpnum::test::uniform_huge;

/// The cases' seed: WARPNUM_TEST_SEED (decimal or 0x hex) if set, else a fixed one.
inline std::uint64_t seed() {
  const char* s = std::getenv("WARPNUM_TEST_SEED");
  return s != nullptr ? std::strtoull(s, nullptr, 0) : 0x9ac6'0000'2026ull;
}

inline PackedIntegers pack(const std::vector<mpz_class>& zs, Place place, stream_handle stream) {
  std::vector<Integer> xs;
  xs.reserve(zs.size());
  for (const mpz_class& z : zs) xs.push_back(from_mpz(z, Place::host));
  return PackedIntegers(xs, place, stream);
}

/// Every integer of p equals zs's, by get() and by to_vector().
inline void expect_values(const PackedIntegers& p, const std::vector<mpz_class>& zs, const std::string& what) {
  ASSERT_EQ(p.size(), zs.size()) << what;
  const std::vector<Integer> all = p.to_vector();
  for (std::size_t i = 0; i < zs.size(); ++i) {
    EXPECT_TRUE(to_mpz_class(all[i]) == zs[i]) << what << ", integer " << i;
    EXPECT_EQ(all[i].place(), p.place()) << what;
  }
  for (std::size_t i = 0; i < zs.size(); i += 1 + zs.size() / 7) {
    EXPECT_TRUE(to_mpz_class(p.get(i)) == zs[i]) << what << ", get(" << i << ")";
  }
}

inline std::vector<std::size_t> lengths(Place place) {
  if (place == Place::device) return {0, 1, 2, 3, 64, 255, 256, 257, 1000, 4000, 6000, 40000};
  return {0, 1, 2, 3, 64, 255, 256, 257, 1000, 13000};
}

inline void pack_and_unpack(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed()));
  std::vector<mpz_class> zs;
  for (const std::size_t n : lengths(place)) {
    zs.push_back(uniform_huge(r, n, zs.size() % 3 == 1));
  }
  zs.push_back(0);
  zs.push_back(-all_ones(5));
  const PackedIntegers p = pack(zs, place, stream);
  EXPECT_EQ(p.place(), place);
  EXPECT_EQ(p.stream(), stream);
  std::size_t total = 0;
  for (std::size_t i = 0; i < zs.size(); ++i) {
    EXPECT_EQ(p.offset(i), total);
    total += p.limb_bound(i);
    EXPECT_EQ(p.is_negative(i), zs[i] < 0) << i;
  }
  EXPECT_EQ(p.total_limbs(), total);
  expect_values(p, zs, "packed");
  // From Integers in the other place too, where there is one.
  std::vector<Integer> xs = {from_mpz(zs[3], place), from_mpz(zs[1], Place::host)};
  expect_values(PackedIntegers(xs, place, stream), {zs[3], zs[1]}, "packed from either place");
  const PackedIntegers none;
  EXPECT_EQ(none.size(), 0u);
  EXPECT_EQ(none.total_limbs(), 0u);
  EXPECT_TRUE(none.to_vector().empty());
  EXPECT_THROW(static_cast<void>(p.get(zs.size())), std::out_of_range);
}

/// Products of every pair of lengths in one batch (the tiled ones and the transform's together), with signs,
/// squares (the same index twice) and zero-length operands.
inline void products_of_pairs(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 1));
  const std::vector<std::size_t> ns = lengths(place);
  std::vector<mpz_class> zx, zy;
  for (const std::size_t n : ns) {
    zx.push_back(uniform_huge(r, n, zx.size() % 2 == 1));
    zy.push_back(uniform_huge(r, n, zy.size() % 3 == 0));
  }
  zx.push_back(all_ones(700));
  zy.push_back(all_ones(300));
  const PackedIntegers x = pack(zx, place, stream), y = pack(zy, place, stream);
  std::vector<std::size_t> ix, iy;
  std::vector<mpz_class> expected;
  for (std::size_t i = 0; i < zx.size(); ++i) {
    for (std::size_t j = 0; j < zy.size(); ++j) {
      ix.push_back(i);
      iy.push_back(j);
      expected.push_back(zx[i] * zy[j]);
    }
  }
  const PackedIntegers p = multiply_each(x, ix, y, iy);
  for (std::size_t k = 0; k < ix.size(); ++k) {
    const std::size_t bound = x.limb_bound(ix[k]) == 0 || y.limb_bound(iy[k]) == 0
                                  ? 0
                                  : x.limb_bound(ix[k]) + y.limb_bound(iy[k]);
    EXPECT_EQ(p.limb_bound(k), bound) << k;
  }
  expect_values(p, expected, "x[i] * y[j]");
  // Squares and repeated indices, x with itself.
  std::vector<std::size_t> same;
  std::vector<mpz_class> squares;
  for (std::size_t i = zx.size(); i-- > 0;) {
    same.push_back(i);
    same.push_back(i);
    squares.push_back(zx[i] * zx[i]);
    squares.push_back(zx[i] * zx[i]);
  }
  expect_values(multiply_each(x, same, x, same), squares, "x[i] * x[i]");
  // No pairs.
  EXPECT_EQ(multiply_each(x, {}, y, {}).size(), 0u);
}

/// A product tree by batches only: level by level, each level's pairs in one multiply_each, the numbers' lengths
/// bounds from the level below; the root against GMP's product of the leaves.
inline void product_tree(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 2));
  const std::size_t leaves = place == Place::device ? 4096 : 512;
  std::vector<mpz_class> zs;
  mpz_class all = 1;
  for (std::size_t i = 0; i < leaves; ++i) {
    zs.push_back(uniform_huge(r, 1 + i % 9, false) + 1);
    all *= zs.back();
  }
  PackedIntegers level = pack(zs, place, stream);
  while (level.size() > 1) {
    std::vector<std::size_t> even, odd;
    for (std::size_t i = 0; i + 1 < level.size(); i += 2) {
      even.push_back(i);
      odd.push_back(i + 1);
    }
    level = multiply_each(level, even, level, odd);
  }
  EXPECT_TRUE(to_mpz_class(level.get(0)) == all);
}

/// Sums of one sign, with carries out of the top of every slot (all-ones operands), lengths unequal both ways, zero
/// lengths on either side.
inline void sums_of_pairs(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 3));
  std::vector<mpz_class> zx, zy, expected;
  for (const std::size_t n : lengths(place)) {
    for (const std::size_t m : {std::size_t{0}, std::size_t{1}, n, n + 5}) {
      const bool negative = (n + m) % 2 == 1;
      zx.push_back(negative ? mpz_class(-all_ones(n)) : all_ones(n));
      zy.push_back(uniform_huge(r, m, negative) + (negative ? -1 : 1) * (m == 0 ? 0 : 1));
      if (m == 0) zy.back() = 0;
      expected.push_back(zx.back() + zy.back());
      zx.push_back(uniform_huge(r, m, negative));
      zy.push_back(negative ? mpz_class(-all_ones(n)) : all_ones(n));
      expected.push_back(zx.back() + zy.back());
    }
  }
  const PackedIntegers x = pack(zx, place, stream), y = pack(zy, place, stream);
  const PackedIntegers s = add_each(x, y);
  for (std::size_t k = 0; k < zx.size(); ++k) {
    const std::size_t longer = std::max(x.limb_bound(k), y.limb_bound(k));
    EXPECT_EQ(s.limb_bound(k), longer == 0 ? 0 : longer + 1) << k;
  }
  expect_values(s, expected, "x[k] + y[k]");
}

inline void errors(Place place, stream_handle stream) {
  const PackedIntegers x = pack({5, 7, -9}, place, stream), y = pack({11, -13}, place, stream);
  const std::vector<std::size_t> i2 = {0, 1}, i1 = {0}, past = {3};
  EXPECT_THROW(static_cast<void>(multiply_each(x, i2, y, i1)), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(multiply_each(x, past, y, i1)), std::out_of_range);
  EXPECT_THROW(static_cast<void>(multiply_each(x, i1, y, past)), std::out_of_range);
  EXPECT_THROW(static_cast<void>(add_each(x, y)), std::invalid_argument);
  const PackedIntegers a = pack({5, 7}, place, stream);
  try {
    static_cast<void>(add_each(a, y));
    ADD_FAILURE() << "opposite signs were added";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("pair 1 has opposite signs"), std::string::npos) << e.what();
  }
  // A zero-length operand has no sign to disagree with.
  const PackedIntegers z = pack({0, 0}, place, stream);
  expect_values(add_each(z, y), {11, -13}, "zero + y");
}

}  // namespace warpnum::test::packed_integers_cases

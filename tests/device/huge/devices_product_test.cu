// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/devices_product_test.cu: multiply(devices, a, b), Integer's product over several GPUs
// (src/huge/devices_product.cu), on one GPU: the lists {0, 0} and {0, 0, 0} (block products on streams of their own),
// devices::all() and {0}, each block in place and on copies as on another GPU (the test switch
// stage_every_shard_for_tests), against GMP: short and unequal operands, squares, signs, zero, all-ones limbs, and
// products past the longest transform (lowered for the test) where both factors are cut; the argument checks.
#include "../kernel_check.hpp"
#include "../staged_shards.hpp"

#include <warpnum/batch/devices.hpp>
#include <warpnum/integer.hpp>

#include "../../../src/huge/engine.hpp"

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

using warpnum::devices;
using warpnum::Integer;
using warpnum::Place;

class DevicesProduct : public warpnum::test::DeviceTest {};

/// A value of `limbs` limbs (the top one non-zero), every third one all ones, signs alternating.
mpz_class value(gmp_randclass& r, std::size_t limbs, int k) {
  const auto bits = static_cast<mp_bitcnt_t>(32 * limbs);
  mpz_class z = k % 3 == 2 ? (mpz_class(1) << bits) - 1 : mpz_class(r.get_z_bits(bits));
  mpz_setbit(z.get_mpz_t(), bits - 1);
  return k % 2 != 0 ? mpz_class(-z) : z;
}

::testing::AssertionResult same(const Integer& x, const mpz_class& expected) {
  if (x.place() != Place::device) return ::testing::AssertionFailure() << "the product is not in device memory";
  if (warpnum::to_mpz_class(x) == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "mismatch (" << x.size() << " limbs, expected "
                                       << mpz_sizeinbase(expected.get_mpz_t(), 2) << " bits)";
}

/// Short and unequal lengths: a * b and the square over every list, in place and on copies; operands in host memory
/// and zero factors; against GMP.
void short_products_against_gmp(unsigned long seed, const std::vector<devices>& lists) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(seed);
  warpnum::test::in_place_and_staged([&] {
    int k = 0;
    for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
             {1, 1}, {5, 3}, {3, 40}, {100, 100}, {1000, 7}, {20000, 20000}, {100000, 3000}}) {
      const mpz_class a = value(r, na, k++), b = value(r, nb, k++);
      const Integer da = warpnum::from_mpz(a, Place::device), db = warpnum::from_mpz(b, Place::device);
      for (const devices& ds : lists) {
        SCOPED_TRACE(std::to_string(na) + " x " + std::to_string(nb) + " limbs, " + warpnum::test::list_name(ds));
        EXPECT_TRUE(same(warpnum::multiply(ds, da, db), a * b));
        EXPECT_TRUE(same(warpnum::multiply(ds, da, da), a * a));  // one operand: a square
      }
      // Operands in host memory are copied to the GPU first.
      EXPECT_TRUE(same(warpnum::multiply(devices{0, 0}, warpnum::from_mpz(a, Place::host), db), a * b));
    }
    const Integer zero(0, Place::device), some = warpnum::from_mpz(value(r, 9, 0), Place::device);
    EXPECT_TRUE(warpnum::multiply(devices{0, 0}, zero, some).is_zero());
    EXPECT_TRUE(warpnum::multiply(devices{0, 0}, some, zero).is_zero());
  });
}

TEST_F(DevicesProduct, AgainstGmp) { short_products_against_gmp(20261205, warpnum::test::one_gpu_lists()); }

TEST_F(DevicesProduct, PastTheLongestTransformBothFactorsAreCut) {
  // The longest transform lowered, so that the blocks of a 10^9-digit product (pieces of both factors) come at
  // small sizes.
  const std::size_t most = 4099;
  warpnum::huge::transform_product_limit_for_tests = most;
  gmp_randclass r(gmp_randinit_default);
  r.seed(20261206);
  warpnum::test::in_place_and_staged([&] {
    int k = 0;
    for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
             {most, 3}, {most - 2, 2}, {most / 2 + 5, most / 2 + 7}, {2 * most + 1, most / 3},
             {3 * most, 3 * most + 11}}) {
      const mpz_class a = value(r, na, k++), b = value(r, nb, k++);
      const Integer da = warpnum::from_mpz(a, Place::device), db = warpnum::from_mpz(b, Place::device);
      for (const devices& ds : warpnum::test::one_gpu_lists()) {
        SCOPED_TRACE(std::to_string(na) + " x " + std::to_string(nb) + " limbs, " + warpnum::test::list_name(ds));
        EXPECT_TRUE(same(warpnum::multiply(ds, da, db), a * b));
      }
    }
    const mpz_class ones = (mpz_class{1} << (32 * 3 * most)) - 1;  // every limb at its maximum: every carry runs
    const Integer d_ones = warpnum::from_mpz(ones, Place::device);
    EXPECT_TRUE(same(warpnum::multiply(devices{0, 0, 0}, d_ones, d_ones), ones * ones));
  });
  warpnum::huge::transform_product_limit_for_tests = 0;
}

/// The lists of one GPU and five entries (an odd count, and more entries than a short transform has column tiles).
std::vector<devices> lists_with_five() {
  std::vector<devices> lists = warpnum::test::one_gpu_lists();
  lists.push_back(devices{0, 0, 0, 0, 0});
  return lists;
}

TEST_F(DevicesProduct, OneTransformCutOverTheEntries) {
  // From 2^21 limbs of na + nb (about 2 10^7 digits) a product within the longest transform has that transform's
  // passes cut over the list's entries, the transposes as copies between them.
  gmp_randclass r(gmp_randinit_default);
  r.seed(20261207);
  warpnum::test::in_place_and_staged([&] {
    int k = 0;
    for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
             {std::size_t{1} << 20, std::size_t{1} << 20}, {2000000, 97152}, {1300007, 900001}}) {
      const mpz_class a = value(r, na, k++), b = value(r, nb, k++);
      const mpz_class ab = a * b;
      const Integer da = warpnum::from_mpz(a, Place::device), db = warpnum::from_mpz(b, Place::device);
      for (const devices& ds : lists_with_five()) {
        SCOPED_TRACE(std::to_string(na) + " x " + std::to_string(nb) + " limbs, " + warpnum::test::list_name(ds));
        EXPECT_TRUE(same(warpnum::multiply(ds, da, db), ab));
      }
      SCOPED_TRACE(std::to_string(na) + " limbs squared");
      EXPECT_TRUE(same(warpnum::multiply(devices{0, 0, 0}, da, da), a * a));  // one operand: a square
    }
    const mpz_class ones = (mpz_class{1} << (32 << 20)) - 1;  // every limb at its maximum: every carry runs
    const Integer d_ones = warpnum::from_mpz(ones, Place::device);
    EXPECT_TRUE(same(warpnum::multiply(devices{0, 0}, d_ones, d_ones), ones * ones));
  });
}

TEST_F(DevicesProduct, ShortTransformsCutOverTheEntries) {
  // The cut lowered to every length: transforms of one column tile or one row group, fewer than the entries.
  warpnum::huge::distributed_transform_from_for_tests = 2;
  short_products_against_gmp(20261208, lists_with_five());
  warpnum::huge::distributed_transform_from_for_tests = 0;
}

// A device that does not exist throws before anything runs (so this runs without a GPU too).
TEST(DevicesProductArguments, UnknownDeviceThrows) {
  const Integer a(12345, Place::host), b(678, Place::host);
  EXPECT_THROW(warpnum::multiply(devices{0, 4096}, a, b), std::invalid_argument);
  EXPECT_THROW(warpnum::multiply(devices{-1}, a, b), std::invalid_argument);
}

}  // namespace

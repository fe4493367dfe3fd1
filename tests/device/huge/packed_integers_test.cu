// SPDX-License-Identifier: Apache-2.0
// tests/device/huge/packed_integers_test.cu: PackedIntegers, multiply_each and add_each
// (<warpnum/packed_integers.hpp>) on the GPU against GMP: the cases of tests/cases/packed_integers_cases.hpp on the
// legacy default stream and on a stream of the library's own (warpnum::Stream), where a batch mixes the tiled
// convolution's products (one launch) with the transform's; operands in two places or on two streams refused.
// Skips where there is no GPU.
#include "../kernel_check.hpp"
#include "cases/packed_integers_cases.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/packed_integers.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

using warpnum::Place;
namespace cases = warpnum::test::packed_integers_cases;

class PackedIntegersDevice : public warpnum::test::DeviceTest {};

TEST_F(PackedIntegersDevice, PackAndUnpack) {
  const warpnum::Stream s;
  cases::pack_and_unpack(Place::device, s.get());
}
TEST_F(PackedIntegersDevice, ProductsOfPairsDefaultStream) { cases::products_of_pairs(Place::device, nullptr); }
TEST_F(PackedIntegersDevice, ProductsOfPairsOwnStream) {
  const warpnum::Stream s;
  cases::products_of_pairs(Place::device, s.get());
}
TEST_F(PackedIntegersDevice, ProductTree) {
  const warpnum::Stream s;
  cases::product_tree(Place::device, s.get());
}
TEST_F(PackedIntegersDevice, SumsOfPairs) {
  const warpnum::Stream s;
  cases::sums_of_pairs(Place::device, s.get());
}
TEST_F(PackedIntegersDevice, Errors) {
  const warpnum::Stream s;
  cases::errors(Place::device, s.get());
}

TEST_F(PackedIntegersDevice, OperandsInTwoPlacesOrOnTwoStreamsAreRefused) {
  const warpnum::Stream s1, s2;
  const warpnum::PackedIntegers on_device = cases::pack({3}, Place::device, s1.get());
  const warpnum::PackedIntegers on_host = cases::pack({4}, Place::host, s1.get());
  const warpnum::PackedIntegers other_stream = cases::pack({5}, Place::device, s2.get());
  const std::vector<std::size_t> i = {0};
  EXPECT_THROW(static_cast<void>(multiply_each(on_device, i, on_host, i)), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(multiply_each(on_device, i, other_stream, i)), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(add_each(on_device, other_stream)), std::invalid_argument);
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/async_integer_test.cpp: AsyncInteger (<warpnum/async_integer.hpp>) on the host against GMP: the
// cases of tests/cases/async_integer_cases.hpp with host Integers, where every operation is complete on return; and
// the refusal of operands on two streams until continue_on brings them together (the handles are never used on the
// host, so any two distinct values do); warpnum::Stream.
#include "cases/async_integer_cases.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/integer.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace {

using warpnum::AsyncInteger;
using warpnum::Integer;
using warpnum::Place;
namespace cases = warpnum::test::async_integer_cases;

/// A stream handle the host never dereferences.
warpnum::stream_handle fake_stream(std::uintptr_t v) { return reinterpret_cast<warpnum::stream_handle>(v); }

TEST(AsyncIntegerHost, OperatorsAgainstGmp) { cases::operators_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, ShiftsAgainstGmp) { cases::shifts_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, ChainedExpressions) { cases::chained_expressions(Place::host, fake_stream(0x100)); }
TEST(AsyncIntegerHost, Zeros) { cases::zeros(Place::host, nullptr); }
TEST(AsyncIntegerHost, DifferenceThatChangesSign) { cases::difference_that_changes_sign(Place::host, nullptr); }
TEST(AsyncIntegerHost, CopiesAndMoves) { cases::copies_and_moves(Place::host, nullptr); }
TEST(AsyncIntegerHost, LimbBoundConstructor) { cases::limb_bound_constructor(Place::host, nullptr); }
TEST(AsyncIntegerHost, ReciprocalFromBelow) { cases::reciprocal_from_below(Place::host, nullptr); }
TEST(AsyncIntegerHost, ReciprocalBaseExact) { cases::reciprocal_base_exact(Place::host, nullptr); }
TEST(AsyncIntegerHost, ShiftedSumsAgainstGmp) { cases::shifted_sums_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, ComplementShiftedAgainstGmp) { cases::complement_shifted_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, CorrectionAgainstGmp) { cases::correction_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, DivisionAgainstGmp) { cases::division_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, PublicDivisionAgainstGmp) { cases::public_division_against_gmp(Place::host, nullptr); }
TEST(AsyncIntegerHost, DivisionByZero) { cases::division_by_zero(Place::host, nullptr); }
TEST(AsyncIntegerHost, IsqrtAgainstGmp) { cases::isqrt_against_gmp(Place::host, nullptr); }

TEST(AsyncIntegerHost, OperandsOnTwoStreamsAreRefused) {
  const AsyncInteger a(Integer(7, Place::host), fake_stream(0x100));
  const AsyncInteger b(Integer(9, Place::host), fake_stream(0x200));
  try {
    static_cast<void>(a * b);
    FAIL() << "operands on two streams were accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("different streams"), std::string::npos) << e.what();
  }
  EXPECT_THROW(static_cast<void>(a + b), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(a - b), std::invalid_argument);
  // A zero with no stream goes with either.
  EXPECT_TRUE(warpnum::to_mpz_class((a + AsyncInteger()).get()) == 7);
  EXPECT_TRUE(warpnum::to_mpz_class((AsyncInteger() * b).get()) == 0);
  // continue_on brings one to the other's stream.
  AsyncInteger c = b;
  c.continue_on(a.stream());
  EXPECT_EQ(c.stream(), a.stream());
  EXPECT_TRUE(warpnum::to_mpz_class((a * c).get()) == 63);
}

TEST(AsyncIntegerHost, StreamOfItsOwn) {
  const warpnum::Stream s;  // nullptr without a GPU; host AsyncIntegers ignore it either way
  const AsyncInteger a(Integer(12, Place::host), s.get());
  EXPECT_EQ(a.stream(), s.get());
  EXPECT_TRUE(warpnum::to_mpz_class((a * a - a).get()) == 132);
  warpnum::Stream first;
  const warpnum::stream_handle handle = first.get();
  warpnum::Stream second = std::move(first);
  EXPECT_EQ(second.get(), handle);
  EXPECT_EQ(first.get(), nullptr);  // NOLINT(bugprone-use-after-move): a moved-from Stream holds none
  second = warpnum::Stream();
}

}  // namespace

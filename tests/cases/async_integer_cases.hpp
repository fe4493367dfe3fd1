// SPDX-License-Identifier: Apache-2.0
// tests/cases/async_integer_cases.hpp: AsyncInteger (<warpnum/async_integer.hpp>) against GMP on a given Place and
// stream: every operator over both signs and lengths from 1 limb to past the transform's threshold; chained
// expressions whose lengths are bounds (high zero limbs) at every step; zeros, the default AsyncInteger and results
// that turn out zero; >> of negatives (floor) at every bit offset; the status of a difference that changes sign, its
// inheritance and two statuses combined; copies and moves; Newton's reciprocal and division on AsyncIntegers
// (huge/async_integer_traits.hpp), whose differences must never change sign, the reciprocal's smallest level
// exactly, sums and differences of shifted operands in one pass, complements of shifted operands, and the
// division's one correction, decided where the limbs are; values made with a limb bound; the public divmod_floor, /
// and % with their bounds past their values and at their lengths, division by a zero found on the device, and
// isqrt. Run by tests/host/huge/async_integer_test.cpp and tests/device/huge/async_integer_test.cu.
#pragma once

#include <warpnum/async_integer.hpp>
#include <warpnum/huge/async_integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#include "cases/huge_operands.hpp"

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

namespace warpnum::test::async_integer_cases {

using warpnum::test::all_ones;
using warpnum::test::uniform_huge;

/// The cases' seed: WARPNUM_TEST_SEED (decimal or 0x hex) if set, else a fixed one.
inline std::uint64_t seed() {
  const char* s = std::getenv("WARPNUM_TEST_SEED");
  return s != nullptr ? std::strtoull(s, nullptr, 0) : 0xa5e7'0000'2026ull;
}

/// The value of x, waited for.
inline mpz_class value(const AsyncInteger& x) { return to_mpz_class(x.get()); }

inline AsyncInteger make(const mpz_class& z, Place place, stream_handle stream) {
  return AsyncInteger(from_mpz(z, place), stream);
}

/// Lengths that cross the product's algorithms on either place (host: schoolbook, Karatsuba, transform from 12,289
/// limbs; device: tiled below 5,000^2 limbs^2, the transform above).
inline std::vector<std::size_t> lengths(Place place) {
  if (place == Place::device) return {1, 2, 7, 64, 1000, 6000, 30000, 200000};
  return {1, 2, 7, 64, 300, 13000};
}

/// Every operator on every pair of lengths and signs, one operation at a time.
inline void operators_against_gmp(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed()));
  const std::vector<std::size_t> ns = lengths(place);
  for (const std::size_t na : ns) {
    for (const std::size_t nb : ns) {
      for (int signs = 0; signs < 4; ++signs) {
        const mpz_class za = uniform_huge(r, na, (signs & 1) != 0);
        const mpz_class zb = uniform_huge(r, nb, (signs & 2) != 0);
        const std::string what = std::to_string(na) + " x " + std::to_string(nb) + " limbs, signs " +
                                 std::to_string(signs);
        const AsyncInteger a = make(za, place, stream);
        const AsyncInteger b = make(zb, place, stream);
        ASSERT_EQ(a.place(), place);
        ASSERT_EQ(a.stream(), stream);
        const AsyncInteger p = a * b;
        EXPECT_EQ(p.limb_bound(), a.limb_bound() + b.limb_bound()) << what;
        EXPECT_TRUE(value(p) == za * zb) << "a * b, " << what;
        // A sum or difference is exact wherever its sign is known when queued: same signs for +, or the larger
        // magnitude first.
        if ((za >= 0) == (zb >= 0) || abs(za) >= abs(zb)) {
          EXPECT_TRUE(value(a + b) == za + zb) << "a + b, " << what;
        }
        if ((za >= 0) != (zb >= 0) || abs(za) >= abs(zb)) {
          EXPECT_TRUE(value(a - b) == za - zb) << "a - b, " << what;
        }
        if (na == nb) {
          EXPECT_TRUE(value(sqr(a)) == za * za) << "sqr(a), " << what;
          EXPECT_TRUE(value(a * a) == za * za) << "a * a, " << what;
        }
      }
    }
  }
}

/// Shifts both ways at bit offsets around limb boundaries; >> of negatives rounds toward minus infinity, with and
/// without set bits below the shift.
inline void shifts_against_gmp(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 1));
  for (const std::size_t n : {std::size_t{1}, std::size_t{3}, std::size_t{700}}) {
    for (const bool negative : {false, true}) {
      const mpz_class z = uniform_huge(r, n, negative) + (negative ? -1 : 1);  // never zero
      mpz_class exact = z;
      mpz_mul_2exp(exact.get_mpz_t(), exact.get_mpz_t(), 100);  // 100 zero bits at the bottom
      const AsyncInteger a = make(z, place, stream);
      const AsyncInteger e = make(exact, place, stream);
      for (const std::size_t bits : {0, 1, 31, 32, 33, 63, 64, 100, 101, 32 * static_cast<int>(n) - 1,
                                     32 * static_cast<int>(n), 32 * static_cast<int>(n) + 5, 100000}) {
        const std::string what = std::to_string(n) + " limbs, " + (negative ? "-" : "+") + ", " +
                                 std::to_string(bits) + " bits";
        mpz_class expected;
        mpz_mul_2exp(expected.get_mpz_t(), z.get_mpz_t(), bits);
        EXPECT_TRUE(value(a << bits) == expected) << "<< " << what;
        mpz_fdiv_q_2exp(expected.get_mpz_t(), z.get_mpz_t(), bits);
        EXPECT_TRUE(value(a >> bits) == expected) << ">> " << what;
        mpz_fdiv_q_2exp(expected.get_mpz_t(), exact.get_mpz_t(), bits);
        EXPECT_TRUE(value(e >> bits) == expected) << ">> (low bits zero) " << what;
      }
    }
  }
}

/// Chains in which every step works on bounds from the step before: high zero limbs from products whose top limb
/// is zero, sums that do not carry, differences that shrink.
inline void chained_expressions(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_mt);
  r.seed(static_cast<unsigned long>(seed() + 2));
  const std::size_t top = place == Place::device ? 40000 : 5000;
  for (const std::size_t n : {std::size_t{1}, std::size_t{5}, std::size_t{90}, top}) {
    const mpz_class za = uniform_huge(r, n, false) + 1;
    const mpz_class zb = uniform_huge(r, n, true) - 1;
    const mpz_class zc = uniform_huge(r, n / 2 + 1, false);
    const mpz_class zd = uniform_huge(r, n, false) + 1;
    const AsyncInteger a = make(za, place, stream), b = make(zb, place, stream), c = make(zc, place, stream),
                       d = make(zd, place, stream);
    // (a b + c) d: a b is negative, so + c is a difference of magnitudes with the product's the larger.
    AsyncInteger x = (a * b + c) * d;
    mpz_class zx = (za * zb + zc) * zd;
    // (x - x/2^k floor) squared, shifted, minus a small number: every length here is a bound.
    x = sqr(x - (x >> 37)) >> 5;
    mpz_class half;
    mpz_fdiv_q_2exp(half.get_mpz_t(), zx.get_mpz_t(), 37);
    zx = zx - half;
    zx = zx * zx;
    mpz_fdiv_q_2exp(zx.get_mpz_t(), zx.get_mpz_t(), 5);
    x = x - c + (a << 70) - (a << 70);
    zx = zx - zc;
    // The product of a value with a zero, and sums with that zero, keep their bounds and give zero.
    const AsyncInteger zero = x * AsyncInteger(Integer(0, place), stream);
    EXPECT_TRUE(value(zero) == 0) << n;
    EXPECT_FALSE(zero.get().is_negative()) << n;
    const AsyncInteger y = x * (a - a) + x;
    EXPECT_GT(y.limb_bound(), x.limb_bound()) << n;
    EXPECT_TRUE(value(y) == zx) << "chain, " << n << " limbs";
    EXPECT_TRUE(value(x) == zx) << "chain, " << n << " limbs";
    // Newton's step for 1/a at the precision of a: y' = 2 y - a y^2 / 2^k, all terms of known sign.
    const std::size_t k = 32 * n + 8;
    mpz_class zy = 1;
    mpz_mul_2exp(zy.get_mpz_t(), zy.get_mpz_t(), k);
    mpz_fdiv_q(zy.get_mpz_t(), zy.get_mpz_t(), za.get_mpz_t());
    zy += 3;  // an estimate a little high
    AsyncInteger ay = make(zy, place, stream);
    ay = (ay << 1) - ((a * sqr(ay)) >> k);
    mpz_class zn = zy * zy * za;
    mpz_fdiv_q_2exp(zn.get_mpz_t(), zn.get_mpz_t(), k);
    EXPECT_TRUE(value(ay) == 2 * zy - zn) << "Newton step, " << n << " limbs";
  }
}

/// Zeros: the default AsyncInteger goes with any operand; zero Integers; results that are zero are not negative.
inline void zeros(Place place, stream_handle stream) {
  const AsyncInteger none;
  EXPECT_EQ(none.limb_bound(), 0u);
  EXPECT_TRUE(value(none) == 0);
  const mpz_class z("123456789012345678901234567890");
  const AsyncInteger a = make(-z, place, stream);
  EXPECT_TRUE(value(none + a) == -z);
  EXPECT_TRUE(value(a + none) == -z);
  EXPECT_TRUE(value(none - a) == z);
  EXPECT_TRUE(value(a * none) == 0);
  EXPECT_EQ((none + a).place(), place);
  EXPECT_EQ((none + a).stream(), stream);
  EXPECT_TRUE(value(a - a) == 0);
  EXPECT_FALSE((a - a).get().is_negative());
  EXPECT_TRUE(value(-(a - a)) == 0);
  EXPECT_TRUE(value(none << 10) == 0);
  EXPECT_TRUE(value(none >> 10) == 0);
  EXPECT_TRUE(value(-none >> 10) == 0);
  EXPECT_TRUE(value((a - a) >> 3) == 0);  // a negative bound whose value is zero: floor of zero
  EXPECT_TRUE(value(a >> 1000) == -1);
}

/// A difference that changes sign sets the status: get() throws std::domain_error for it and for everything computed
/// from it, and for nothing else.
inline void difference_that_changes_sign(Place place, stream_handle stream) {
  const AsyncInteger small = make(mpz_class(5), place, stream);
  const AsyncInteger large = make(mpz_class("1000000000000000000000000"), place, stream);
  const AsyncInteger bad = small - large;
  EXPECT_THROW(static_cast<void>(bad.get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((bad * large).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((large + bad).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((bad >> 3).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>(((-large >> 3) * (bad << 2)).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((bad * AsyncInteger()).get()), std::domain_error);  // a zero keeps the status
  const AsyncInteger copy = bad;
  EXPECT_THROW(static_cast<void>(copy.get()), std::domain_error);
  // Opposite signs through + and -: the same rule.
  EXPECT_THROW(static_cast<void>((small + -large).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((-small - -large).get()), std::domain_error);
  // Two values with statuses of their own (one set, one clear) combine into a status of both.
  const AsyncInteger good = large - small;  // a status of its own, clear
  EXPECT_THROW(static_cast<void>((good * bad).get()), std::domain_error);
  EXPECT_THROW(static_cast<void>((bad + (good << 90)).get()), std::domain_error);
  EXPECT_TRUE(value(good * (good - small)) == mpz_class("999999999999999999999995") *
                                                   mpz_class("999999999999999999999990"));
  // A history of more statuses than a value lists (32: they are or'ed into one limb, 32 a kernel, past that): the
  // set one still counts, and clear ones stay clear.
  AsyncInteger many = bad;
  AsyncInteger clean = good;
  for (int k = 0; k < 70; ++k) {
    const AsyncInteger step = large - small;  // a status of its own, clear
    many = many + step;
    clean = clean + step;
  }
  EXPECT_THROW(static_cast<void>(many.get()), std::domain_error);
  EXPECT_TRUE(value(clean) == mpz_class("999999999999999999999995") * 71);
  // The same values in the allowed order, and values not computed from `bad`, are unaffected.
  EXPECT_TRUE(value(large - small) == mpz_class("999999999999999999999995"));
  EXPECT_TRUE(value(-small - large) == mpz_class("-1000000000000000000000005"));
  EXPECT_TRUE(value(small * large) == mpz_class("5000000000000000000000000"));
  try {
    static_cast<void>(bad.get());
  } catch (const std::domain_error& e) {
    EXPECT_NE(std::string(e.what()).find("queue the larger magnitude first"), std::string::npos) << e.what();
  }
}

/// Copies are deep, moves leave a zero, get() of an lvalue leaves it usable, get() of an rvalue takes its storage.
inline void copies_and_moves(Place place, stream_handle stream) {
  const mpz_class z("-98765432109876543210987654321098765432109876543210");
  AsyncInteger a = make(z, place, stream);
  AsyncInteger b = a;
  b = b * b;
  EXPECT_TRUE(value(a) == z);
  EXPECT_TRUE(value(b) == z * z);
  AsyncInteger c = std::move(b);
  EXPECT_EQ(b.limb_bound(), 0u);  // NOLINT(bugprone-use-after-move): a moved-from AsyncInteger is zero
  EXPECT_TRUE(value(c) == z * z);
  const Integer taken = std::move(c).get();
  EXPECT_TRUE(to_mpz_class(taken) == z * z);
  EXPECT_EQ(taken.place(), place);
  a = a;  // self-assignment keeps the value
  EXPECT_TRUE(value(a) == z);
  a += a;
  a -= AsyncInteger(Integer(1, place), stream);
  a *= a;
  a <<= 3;
  a >>= 2;
  const mpz_class expected = (2 * z - 1) * (2 * z - 1) * 2;
  EXPECT_TRUE(value(a) == expected);
}

/// An AsyncInteger made with a limb bound: the value, zero past it, in that many limbs (a zero in none, or in some);
/// a bound shorter than the value throws, naming both; division by such a divisor, whose top limbs are zero, and of
/// such a dividend, against GMP.
inline void limb_bound_constructor(Place place, stream_handle stream) {
  const mpz_class z("-98765432109876543210987654321098765432109876543210");  // 6 limbs
  const Integer x = from_mpz(z, place);
  const AsyncInteger a(x, stream, 9);
  EXPECT_EQ(a.limb_bound(), 9u);
  EXPECT_TRUE(value(a) == z);
  EXPECT_TRUE(to_mpz_class(x) == z);  // x is copied, not taken
  EXPECT_EQ(AsyncInteger(x, stream, x.size()).limb_bound(), x.size());
  EXPECT_EQ(AsyncInteger(Integer(0, place), stream, 0).limb_bound(), 0u);
  const AsyncInteger zero(Integer(0, place), stream, 3);
  EXPECT_EQ(zero.limb_bound(), 3u);
  EXPECT_TRUE(value(zero) == 0);
  try {
    static_cast<void>(AsyncInteger(x, stream, 5));
    ADD_FAILURE() << "a limb bound shorter than the value was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("limb bound of 5"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("6 limbs"), std::string::npos) << e.what();
  }
  const mpz_class big = mpz_class(z * z * z) + 12345;
  const AsyncInteger dividend(from_mpz(big, place), stream, 40);
  mpz_class q, r;
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), big.get_mpz_t(), z.get_mpz_t());
  const AsyncIntegerDivResult d = divmod_floor(dividend, a);
  EXPECT_TRUE(value(d.quot) == q);
  EXPECT_TRUE(value(d.rem) == r);
}

/// reciprocal_newton over AsyncIntegers: floor(2^(2n)/d) - 1 <= x <= floor(2^(2n)/d), with no difference that
/// changes sign (get() would throw), for random divisors and the edges of the start from below (a power of two,
/// one more, one less, a power of two with every bit below a level's top h set).
inline void reciprocal_from_below(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(seed() + 20));
  const mpz_class one = 1;
  std::vector<mpz_class> divisors;
  for (std::size_t bits : {2u, 31u, 33u, 63u, 64u, 1000u, 1535u, 1536u, 1537u, 3100u, 3369u, 40000u, 70000u}) {
    const mpz_class p = one << (bits - 1);
    for (std::size_t low : {std::size_t{0}, bits / 2 > 9 ? bits / 2 - 9 : 0, bits / 2 + 9, bits / 4}) {
      if (low < bits) divisors.push_back(p + (one << low) - 1);
    }
    divisors.push_back(p + 1);
    divisors.push_back(2 * p - 1);
    divisors.push_back(p + uniform_huge(r, (bits - 1) / 32 + 1, false) % p);
  }
  for (const mpz_class& d : divisors) {
    const std::size_t n = mpz_sizeinbase(d.get_mpz_t(), 2);
    mpz_class exact = one << (2 * n);
    mpz_fdiv_q(exact.get_mpz_t(), exact.get_mpz_t(), d.get_mpz_t());
    mpz_class x;
    try {
      x = value(huge::reciprocal_newton<AsyncInteger>(make(d, place, stream), n));
    } catch (const std::domain_error& e) {
      FAIL() << n << " bits: a difference changed sign (" << e.what() << "), d = 0x" << d.get_str(16);
    }
    EXPECT_TRUE(x <= exact && x >= exact - 1) << n << " bits: floor - x = " << mpz_class(exact - x).get_str();
  }
}

/// complement_shifted (newton_division.hpp: 2^bits - 1 - floor(x / 2^drop), AsyncInteger's one kernel with no
/// carries) against GMP and against the generic route on mpz_class: x of 0 to 300 limbs, drops at and around
/// multiples of 32 and past x, widths from x >> drop's own to 45 bits past it, at and off multiples of 32.
inline void complement_shifted_against_gmp(Place place, stream_handle stream) {
  gmp_randclass g(gmp_randinit_default);
  g.seed(static_cast<unsigned long>(seed() + 25));
  const mpz_class one = 1;
  for (const std::size_t limbs : {0u, 1u, 2u, 5u, 300u}) {
    const mpz_class x = uniform_huge(g, limbs, false);
    const AsyncInteger ax = make(x, place, stream);
    const AsyncInteger a_one = make(one, place, stream);
    for (const std::size_t drop : {0u, 1u, 31u, 32u, 33u, 100u, 10000u}) {
      const mpz_class high = x >> drop;
      const std::size_t own = high == 0 ? 0 : mpz_sizeinbase(high.get_mpz_t(), 2);
      for (const std::size_t extra : {0u, 1u, 31u, 32u, 45u}) {
        const std::size_t bits = own + extra;
        const mpz_class expected = (one << bits) - 1 - high;
        const std::string what = std::to_string(limbs) + " limbs, drop " + std::to_string(drop) + ", " +
                                 std::to_string(bits) + " bits";
        EXPECT_TRUE(value(huge::detail::complement_shifted<AsyncInteger>(ax, drop, bits, a_one)) == expected) << what;
        EXPECT_TRUE(huge::detail::complement_shifted<mpz_class>(x, drop, bits, one) == expected) << what;
      }
    }
  }
}

/// shifted_sum and shifted_difference (newton_division.hpp: a 2^sa +- b 2^sb, AsyncInteger's in one carry
/// resolution reading its operands shifted): shifts of both signs at and around multiples of 32, shifts that drop
/// an operand whole, operands of 0 to 70 limbs (no limbs too), the generic form on the same operands, and
/// a negative operand (the operators' route). A difference that turns negative sets the status, like operator-.
inline void shifted_sums_against_gmp(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(seed() + 25));
  const auto scaled = [](const mpz_class& x, std::ptrdiff_t s) {
    mpz_class y;
    if (s >= 0) {
      mpz_mul_2exp(y.get_mpz_t(), x.get_mpz_t(), static_cast<mp_bitcnt_t>(s));
    } else {
      mpz_fdiv_q_2exp(y.get_mpz_t(), x.get_mpz_t(), static_cast<mp_bitcnt_t>(-s));
    }
    return y;
  };
  using Traits = huge::NumberTraits<AsyncInteger>;
  const std::ptrdiff_t shifts[] = {0, 1, 31, 32, 33, 64, 95, 200, -1, -31, -32, -33, -63, -64, -700, -5000};
  for (const std::size_t na : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{70}}) {
    for (const std::size_t nb : {std::size_t{0}, std::size_t{2}, std::size_t{40}}) {
      for (const std::ptrdiff_t sa : shifts) {
        for (const std::ptrdiff_t sb : {std::ptrdiff_t{0}, std::ptrdiff_t{7}, std::ptrdiff_t{-45}}) {
          const mpz_class za = uniform_huge(r, na, false), zb = uniform_huge(r, nb, false);
          const AsyncInteger a = make(za, place, stream), b = make(zb, place, stream);
          const mpz_class sum = scaled(za, sa) + scaled(zb, sb);
          const std::string what = std::to_string(na) + " and " + std::to_string(nb) + " limbs, shifts " +
                                   std::to_string(sa) + " and " + std::to_string(sb);
          EXPECT_TRUE(value(Traits::shifted_sum(a, sa, b, sb)) == sum) << "sum, " << what;
          EXPECT_TRUE(value(huge::detail::shifted_sum(a, sa, b, sb)) == sum) << "generic sum, " << what;
          EXPECT_TRUE(huge::detail::shifted_sum(za, sa, zb, sb) == sum) << "mpz sum, " << what;
          const bool a_larger = scaled(za, sa) >= scaled(zb, sb);
          const AsyncInteger& x = a_larger ? a : b;
          const AsyncInteger& y = a_larger ? b : a;
          const std::ptrdiff_t sx = a_larger ? sa : sb, sy = a_larger ? sb : sa;
          const mpz_class difference = a_larger ? mpz_class(scaled(za, sa) - scaled(zb, sb))
                                                : mpz_class(scaled(zb, sb) - scaled(za, sa));
          EXPECT_TRUE(value(Traits::shifted_difference(x, sx, y, sy)) == difference) << "difference, " << what;
          if (difference != 0) {
            EXPECT_THROW(static_cast<void>(Traits::shifted_difference(y, sy, x, sx).get()), std::domain_error)
                << "negative difference, " << what;
          }
          if (a_larger) {  // a negative operand: the shifts and the operator, whose rule wants |a 2^sa| first
            EXPECT_TRUE(value(Traits::shifted_sum(-a, sa, b, sb)) == scaled(mpz_class(-za), sa) + scaled(zb, sb))
                << "negative a, " << what;
          }
        }
      }
    }
  }
}

/// The reciprocal's smallest level exactly (NumberTraits<AsyncInteger>::reciprocal_base: the host's algorithm D,
/// the device's by one warp): floor(2^(2 bits) / d) for d of exactly `bits` bits (as Newton's levels give it; the
/// result's bound, bits + 2, holds for no shorter d) of every limb count up to newton_division_base_limbs, bit
/// counts that are and are not multiples of 32, powers of two and their neighbours, zero limbs on top of d, and
/// divisors for which algorithm D's estimate is one too large after its test, so that it adds back (2^(32 n - 1) +
/// 1, and others found by simulating the steps on the dividend 2^(2 bits)).
inline void reciprocal_base_exact(Place place, stream_handle stream) {
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(seed() + 24));
  const mpz_class one = 1;
  struct Case {
    mpz_class d;
    std::size_t bits;
  };
  std::vector<Case> cases;
  const auto add = [&](const mpz_class& d, std::size_t bits) { cases.push_back({d, bits}); };
  for (const char* hex : {"800000000000000080000001", "800000000000000000000001", "55555555555555557fffffff",
                          "55555555555555557fffffff378b23e0", "7fffffff00000001ffffffff55555555",
                          "1000000000000000080000001"}) {
    const mpz_class d(hex, 16);
    add(d, mpz_sizeinbase(d.get_mpz_t(), 2));
  }
  const std::size_t most = 32 * huge::newton_division_base_limbs;
  for (std::size_t limbs = 1; limbs <= huge::newton_division_base_limbs; ++limbs) {
    const std::size_t bits = 32 * limbs;
    const mpz_class top = one << (bits - 1);
    add(top + 1, bits);  // adds back from 3 limbs up
    add(top, bits);
    add((top << 1) - 1, bits);
    add(top + uniform_huge(r, limbs, false) % top, bits);
    for (const std::size_t short_by : {std::size_t{1}, std::size_t{17}, std::size_t{31}}) {  // bits - short_by bits
      const std::size_t b = bits - short_by;
      if (b >= 1) add((one << (b - 1)) + uniform_huge(r, limbs, false) % (one << (b - 1)), b);
    }
  }
  for (const std::size_t bits : {std::size_t{1}, std::size_t{2}, std::size_t{33}, std::size_t{1000}, most - 1}) {
    const mpz_class top = one << (bits - 1);
    add(top, bits);
    add(top + 1, bits);
    add((top << 1) - 1, bits);
  }
  for (const Case& c : cases) {
    mpz_class exact = one << (2 * c.bits);
    mpz_fdiv_q(exact.get_mpz_t(), exact.get_mpz_t(), c.d.get_mpz_t());
    for (const bool padded : {false, true}) {  // d's bound: its limbs, or one more (zero on top)
      AsyncInteger d = make(c.d, place, stream);
      if (padded) d = d * make(mpz_class(1), place, stream);
      const mpz_class x = value(huge::NumberTraits<AsyncInteger>::reciprocal_base(d, c.bits));
      EXPECT_TRUE(x == exact) << c.bits << " bits" << (padded ? ", padded" : "") << ": d = 0x" << c.d.get_str(16)
                              << ", floor - x = " << mpz_class(exact - x).get_str();
    }
  }
}

/// The reciprocal's smallest levels past newton_division_base_limbs where the place has them (the device's block
/// kernel runs Newton's levels up to NumberTraits<AsyncInteger>::reciprocal_base_bits): X <= 2^(2 bits) / d < X + 2,
/// against GMP's floor, for d of exactly `bits` bits at bit counts just past the warp's base, at and around
/// multiples of 32, where a level's size changes, and up to the largest; d a power of two and its neighbours, all
/// ones, random, and long runs of ones and zeros; with d's bound its limbs or one more. Nothing to check on the host,
/// whose base ends at newton_division_base_limbs (reciprocal_base_exact).
inline void reciprocal_base_from_below(Place place, stream_handle stream) {
  using Traits = huge::NumberTraits<AsyncInteger>;
  const std::size_t most = Traits::reciprocal_base_bits(make(mpz_class(1), place, stream));
  const std::size_t least = 32 * huge::newton_division_base_limbs + 1;
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(seed() + 25));
  const mpz_class one = 1;
  int checked = 0;
  for (const std::size_t bits : {least, least + 1, std::size_t{1600}, std::size_t{2047}, std::size_t{2048},
                                 std::size_t{2049}, std::size_t{3001}, std::size_t{3054}, std::size_t{3055},
                                 std::size_t{4096}, std::size_t{5000}, std::size_t{8191}, std::size_t{8197},
                                 std::size_t{12345}, std::size_t{16384}, std::size_t{20000}, most - 1, most}) {
    if (bits < least || bits > most) continue;
    const mpz_class top = one << (bits - 1);
    const std::size_t limbs = (bits + 31) / 32;
    std::vector<mpz_class> divisors = {top, top + 1, (top << 1) - 1, top + uniform_huge(r, limbs, false) % top,
                                       top + (one << (bits / 2)) - 1,                        // ones below half
                                       (top << 1) - (one << (bits / 3)),                     // ones over two thirds
                                       top + ((one << (bits - 2)) - 1) - ((one << (bits / 2)) - 1)};  // ones, zeros
    for (const mpz_class& d0 : divisors) {
      mpz_class exact = one << (2 * bits);
      mpz_fdiv_q(exact.get_mpz_t(), exact.get_mpz_t(), d0.get_mpz_t());
      for (const bool padded : {false, true}) {
        AsyncInteger d = make(d0, place, stream);
        if (padded) d = d * make(mpz_class(1), place, stream);
        const mpz_class x = value(Traits::reciprocal_base(d, bits));
        const mpz_class below = exact - x;
        EXPECT_TRUE(below == 0 || below == 1) << bits << " bits" << (padded ? ", padded" : "") << ": d = 0x"
                                              << d0.get_str(16) << ", floor - x = " << below.get_str();
        ++checked;
      }
    }
  }
  if (place == Place::device) {
    EXPECT_GT(checked, 200) << "the device's base reaches " << most << " bits";
  }
}

/// correct_once (huge/async_integer_traits.hpp): for 0 <= r < 2 b, r - b and q + 1 where r >= b, else r and q,
/// with r's bound longer than, equal to and shorter than b's (high zero limbs), and q zero (no limbs).
inline void correction_against_gmp(Place place, stream_handle stream) {
  gmp_randclass g(gmp_randinit_default);
  g.seed(static_cast<unsigned long>(seed() + 21));
  for (const std::size_t nb : {std::size_t{1}, std::size_t{5}, std::size_t{300}}) {
    const mpz_class b = uniform_huge(g, nb, false) + 1;
    const mpz_class q0 = uniform_huge(g, 3, false);
    for (const mpz_class& r0 : {mpz_class(0), mpz_class(1), mpz_class(b - 1), b, mpz_class(b + 1),
                                mpz_class(2 * b - 1), mpz_class(b / 2)}) {
      for (const bool padded : {false, true}) {  // r's bound: its limbs, or one more (a product by one)
        AsyncInteger r = make(r0, place, stream);
        if (padded) r = r * make(mpz_class(1), place, stream);
        for (const bool zero_q : {false, true}) {
          AsyncInteger q = zero_q ? AsyncInteger() : make(q0, place, stream);
          AsyncInteger rr = r;
          huge::NumberTraits<AsyncInteger>::correct_once(q, rr, make(b, place, stream));
          const mpz_class qe = (zero_q ? mpz_class(0) : q0) + (r0 >= b ? 1 : 0);
          const std::string what = std::to_string(nb) + "-limb b, r - b = " + mpz_class(r0 - b).get_str() +
                                   (padded ? ", padded" : "") + (zero_q ? ", q zero" : "");
          EXPECT_TRUE(value(rr) == (r0 >= b ? mpz_class(r0 - b) : r0)) << "r, " << what;
          EXPECT_TRUE(value(q) == qe) << "q, " << what;
        }
      }
    }
  }
}

/// Newton division on AsyncIntegers (huge::divmod_by_reciprocal, as Integer's division runs on the device): quotients
/// as long as the divisor, shorter (the reciprocal of its top bits), and longer (split in pieces), dividends that
/// are exact multiples and their neighbours, where the estimate is q - 1 or q; no difference may change sign.
inline void division_against_gmp(Place place, stream_handle stream) {
  gmp_randclass g(gmp_randinit_default);
  g.seed(static_cast<unsigned long>(seed() + 22));
  const std::vector<std::size_t> divisor_limbs = place == Place::device ? std::vector<std::size_t>{49, 700, 9000}
                                                                         : std::vector<std::size_t>{49, 700};
  for (const std::size_t nb : divisor_limbs) {
    for (int i = 0; i < 3; ++i) {
      const mpz_class b = uniform_huge(g, nb, false) | (mpz_class(1) << (32 * nb - 1 - static_cast<std::size_t>(i)));
      const mpz_class q = uniform_huge(g, nb, false);
      std::vector<mpz_class> dividends = {q * b, q * b + b - 1, q * b - 1, uniform_huge(g, 2 * nb, false),
                                          uniform_huge(g, nb + nb / 2, false), uniform_huge(g, 3 * nb + 7, false),
                                          b, mpz_class(b - 1), mpz_class(b * b - 1)};
      for (const mpz_class& a : dividends) {
        const std::size_t m = mpz_sizeinbase(a.get_mpz_t(), 2);
        const std::size_t n = mpz_sizeinbase(b.get_mpz_t(), 2);
        mpz_class eq, er;
        mpz_fdiv_qr(eq.get_mpz_t(), er.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        const std::string what = std::to_string(m) + " by " + std::to_string(n) + " bits";
        try {
          huge::DivResult<AsyncInteger> got =
              huge::divmod_by_reciprocal<AsyncInteger>(make(a, place, stream), m, make(b, place, stream), n);
          EXPECT_TRUE(value(got.quot) == eq) << "quotient, " << what;
          EXPECT_TRUE(value(got.rem) == er) << "remainder, " << what;
        } catch (const std::domain_error& e) {
          ADD_FAILURE() << what << ": a difference changed sign (" << e.what() << ")";
        }
      }
    }
  }
}

/// x with a limb bound `extra` limbs longer than its value's: (x + 2^(32 (len + extra) - 1)) - that power, whose
/// high limbs are zero (the difference's sign is known: no status). Its sign is x's.
inline AsyncInteger padded(const mpz_class& x, std::size_t extra, Place place, stream_handle stream) {
  const mpz_class big = mpz_class(1) << (32 * (mpz_size(x.get_mpz_t()) * 2 + extra) - 1);
  const AsyncInteger a = make(abs(x), place, stream);
  const AsyncInteger p = make(big, place, stream);
  const AsyncInteger m = (a + p) - p;
  return x < 0 ? -m : m;
}

/// divmod_floor, / and % of AsyncIntegers (the divisor normalised on the device, every level of the reciprocal
/// queued) against GMP's mpz_fdiv_qr and mpz_tdiv_qr: divisors of 1 to past the transform's threshold limbs, random
/// and with a top limb of 1 (the longest normalising shift) or all ones, dividends shorter than, as long as and
/// longer than the divisor, all ones, exact multiples and their neighbours, every sign; operands made from Integers
/// (their bounds are their lengths: a quotient's bound of na - nb + 1 limbs, one more for floor's adjustment) and
/// operands whose limb bounds exceed their values by 1 to 40 limbs (a divisor of one significant limb in 41).
inline void public_division_against_gmp(Place place, stream_handle stream) {
  gmp_randclass g(gmp_randinit_default);
  g.seed(static_cast<unsigned long>(seed() + 23));
  const std::vector<std::size_t> divisor_limbs = place == Place::device
                                                     ? std::vector<std::size_t>{1, 2, 3, 48, 49, 300, 6000}
                                                     : std::vector<std::size_t>{1, 2, 3, 48, 49, 300};
  for (const std::size_t nb : divisor_limbs) {
    const mpz_class top_one = mpz_class(1) << (32 * (nb - 1));
    const mpz_class all_ones = (mpz_class(1) << (32 * nb)) - 1;
    for (const mpz_class& b0 : {mpz_class(uniform_huge(g, nb, false) + 1), top_one, all_ones}) {
      const mpz_class q0 = uniform_huge(g, nb + 3, false);
      const std::vector<mpz_class> dividends = {
          mpz_class(0), mpz_class(1), mpz_class(b0 - 1), b0, mpz_class(b0 + 1), q0 * b0, mpz_class(q0 * b0 - 1),
          mpz_class(q0 * b0 + b0 - 1), uniform_huge(g, nb / 2 + 1, false), uniform_huge(g, 2 * nb, false),
          uniform_huge(g, 3 * nb + 7, false), mpz_class((mpz_class(1) << (32 * (2 * nb + 1))) - 1)};
      for (const mpz_class& a0 : dividends) {
        for (int signs = 0; signs < 8; ++signs) {
          const mpz_class za = (signs & 1) != 0 ? mpz_class(-a0) : a0;
          const mpz_class zb = (signs & 2) != 0 ? mpz_class(-b0) : b0;
          const bool exact = (signs & 4) == 0;
          const int pad = exact ? 0 : (signs & 3) == 3 ? 40 : (signs & 3) + 1;  // limbs of bound past the values'
          const auto operand = [&](const mpz_class& z) {
            return exact ? make(z, place, stream) : padded(z, static_cast<std::size_t>(pad), place, stream);
          };
          const AsyncInteger a = operand(za), b = operand(zb);
          mpz_class fq, fr, tq, tr;
          mpz_fdiv_qr(fq.get_mpz_t(), fr.get_mpz_t(), za.get_mpz_t(), zb.get_mpz_t());
          mpz_tdiv_qr(tq.get_mpz_t(), tr.get_mpz_t(), za.get_mpz_t(), zb.get_mpz_t());
          const std::string what = std::to_string(mpz_sizeinbase(za.get_mpz_t(), 2)) + " by " +
                                   std::to_string(mpz_sizeinbase(zb.get_mpz_t(), 2)) + " bits, signs " +
                                   std::to_string(signs) + ", bounds " + std::to_string(a.limb_bound()) + " and " +
                                   std::to_string(b.limb_bound());
          try {
            const AsyncIntegerDivResult f = divmod_floor(a, b);
            EXPECT_TRUE(value(f.quot) == fq) << "floor quotient, " << what;
            EXPECT_TRUE(value(f.rem) == fr) << "floor remainder, " << what;
            EXPECT_LE(f.rem.limb_bound(), b.limb_bound()) << what;
            EXPECT_LE(f.quot.limb_bound(), a.limb_bound() + 1) << what;
            const AsyncInteger t = a / b;
            EXPECT_TRUE(value(t) == tq) << "a / b, " << what;
            EXPECT_TRUE(value(a % b) == tr) << "a % b, " << what;
            if (exact && a.limb_bound() != 0) {  // a zero a has no limbs: its quotient is a zero with none
              const std::size_t na = a.limb_bound(), nb_exact = b.limb_bound();
              const std::size_t quot_limbs = na >= nb_exact ? na - nb_exact + 1 : 1;
              EXPECT_LE(t.limb_bound(), quot_limbs) << what;
              EXPECT_LE(f.quot.limb_bound(), quot_limbs + 1) << what;
            }
          } catch (const std::domain_error& e) {
            ADD_FAILURE() << what << ": " << e.what();
          }
        }
      }
    }
  }
}

/// A divisor with no limbs throws when the division is queued; one whose limbs turn out zero (x - x) records a
/// status, and get() of the quotient, the remainder and what is computed from them throws, naming the division by
/// zero; a status of a difference that changed sign still names that.
inline void division_by_zero(Place place, stream_handle stream) {
  const AsyncInteger a = make(mpz_class("123456789012345678901234567890"), place, stream);
  EXPECT_THROW(static_cast<void>(a / AsyncInteger()), std::domain_error);
  EXPECT_THROW(static_cast<void>(a % make(mpz_class(0), place, stream)), std::domain_error);
  const AsyncInteger x = make(mpz_class(1) << 200, place, stream);
  const AsyncInteger zero = x - x;  // 7 limbs, all zero
  ASSERT_GT(zero.limb_bound(), 0u);
  const AsyncIntegerDivResult r = divmod_floor(a, zero);
  for (const AsyncInteger* v : {&r.quot, &r.rem}) {
    try {
      static_cast<void>((*v * a + a).get());
      ADD_FAILURE() << "a division by a zero was not reported";
    } catch (const std::domain_error& e) {
      EXPECT_NE(std::string(e.what()).find("division by zero"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(static_cast<void>((a / zero).get()), std::domain_error);
  try {
    static_cast<void>(((zero - x) / a).get());  // a difference that changes sign, then a fine division
    ADD_FAILURE() << "a difference that changed sign was not reported";
  } catch (const std::domain_error& e) {
    EXPECT_NE(std::string(e.what()).find("changed sign"), std::string::npos) << e.what();
  }
}

/// isqrt of AsyncIntegers (the radicand normalised on the device by an even shift, every level queued) against
/// GMP's mpz_sqrt: 1 limb to past the transform's threshold, squares and their neighbours, bounds past the values
/// by 1 to 40 limbs, a zero with limbs (x - x), and a negative x, refused when queued.
inline void isqrt_against_gmp(Place place, stream_handle stream) {
  gmp_randclass g(gmp_randinit_default);
  g.seed(static_cast<unsigned long>(seed() + 24));
  const std::size_t lengths[] = {1, 2, 47, 48, 49, 97, 1000, 12000};  // 12,000: past the device's transform threshold
  for (const std::size_t n : lengths) {
    const mpz_class x = uniform_huge(g, n, false) + 1;
    mpz_class s;
    mpz_sqrt(s.get_mpz_t(), x.get_mpz_t());
    for (const mpz_class& v : {x, mpz_class(s * s), mpz_class(s * s - 1), mpz_class(s * s + 2 * s), mpz_class(1),
                               mpz_class(3), mpz_class(4)}) {
      for (const std::size_t pad : {std::size_t{0}, std::size_t{1}, std::size_t{40}}) {
        const AsyncInteger a = pad != 0 ? padded(v, pad, place, stream) : make(v, place, stream);
        mpz_class root;
        mpz_sqrt(root.get_mpz_t(), v.get_mpz_t());
        try {
          const AsyncInteger r = isqrt(a);
          EXPECT_LE(r.limb_bound(), (a.limb_bound() + 1) / 2 + 1);
          EXPECT_TRUE(value(r) == root) << mpz_sizeinbase(v.get_mpz_t(), 2) << " bits, bound " << a.limb_bound();
        } catch (const std::domain_error& e) {
          ADD_FAILURE() << mpz_sizeinbase(v.get_mpz_t(), 2) << " bits, bound " << a.limb_bound() << ": " << e.what();
        }
      }
    }
  }
  const AsyncInteger x = make(mpz_class(1) << 300, place, stream);
  EXPECT_TRUE(value(isqrt(x - x)) == 0);
  EXPECT_TRUE(value(isqrt(AsyncInteger())) == 0);
  EXPECT_THROW(static_cast<void>(isqrt(-x)), std::domain_error);
}

}  // namespace warpnum::test::async_integer_cases

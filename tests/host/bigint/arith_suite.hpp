// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/arith_suite.hpp: the typed differential suite of BigUInt/BigInt against GMP, one test per
// operation (bigint/basic_int.hpp, bigint/arith.hpp, bigint/div.hpp and its detail/bigint/div.hpp, bigint/sqrt.hpp); compiled again by tests/emulation/ to run the device
// branch on the host through detail/ptx/emulation.hpp; arith_*_test.cpp instantiate it for their width groups (signed and unsigned). Each test runs
// WARPNUM_TEST_CASES seeded random cases plus the edge values (every ordered pair of them for binary operations).
#pragma once

#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#ifndef WARPNUM_TEST_CASES
/// Random cases per operation and type.
#  define WARPNUM_TEST_CASES 20000
#endif

namespace warpnum::test {

inline constexpr int random_cases = WARPNUM_TEST_CASES;

template <class T> std::string what(const char* op) { return type_name<T>() + " " + op; }
template <class T> std::uint64_t seed(const char* op) { return seed_for(what<T>(op)); }

/// Random pairs, then every pair of edge values, through check(a, b).
template <class T, class Check> void run_pairs(const char* op, Check&& check) {
  run_random_cases(what<T>(op), seed<T>(op), random_cases, [&](Rng& rng, int) {
    const T a = random_value<T>(rng);
    const T b = random_value<T>(rng);
    return check(a, b);
  });
  run_edge_pairs(what<T>(op), edge_values<T>(), check);
}

/// Random values, then the edge values, through check(a).
template <class T, class Check> void run_values(const char* op, Check&& check) {
  run_random_cases(what<T>(op), seed<T>(op), random_cases, [&](Rng& rng, int) { return check(random_value<T>(rng)); });
  run_edge_cases(what<T>(op), edge_values<T>(), check);
}

/// a if it is non-negative, else ~a (= -a - 1): a non-negative value of T that keeps a's shape.
template <class T> T non_negative(const T& a) { return a.is_negative() ? ~a : a; }

/// A random value of at most `bits` bits.
template <class T> T random_below_bits(Rng& rng, std::size_t bits) {
  T x = random_value<T>(rng);
  return bits >= T::bits ? x : T{BasicInt<T::bits, false>{x} >> (T::bits - bits)};
}

template <class T> class Arith : public ::testing::Test {};
TYPED_TEST_SUITE_P(Arith);
/// gcd and lcm, a suite of their own: at 8192 bits they take most of the time, so they run in a binary apart.
template <class T> class ArithGcd : public ::testing::Test {};
TYPED_TEST_SUITE_P(ArithGcd);

TYPED_TEST_P(Arith, Add) {
  run_pairs<TypeParam>("add", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::add, a, b); });
}
TYPED_TEST_P(Arith, Sub) {
  run_pairs<TypeParam>("sub", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::sub, a, b); });
}
TYPED_TEST_P(Arith, Mul) {
  run_pairs<TypeParam>("mul", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::mul, a, b); });
}
TYPED_TEST_P(Arith, BitAnd) {
  run_pairs<TypeParam>("and", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::bit_and, a, b); });
}
TYPED_TEST_P(Arith, BitOr) {
  run_pairs<TypeParam>("or", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::bit_or, a, b); });
}
TYPED_TEST_P(Arith, BitXor) {
  run_pairs<TypeParam>("xor", [](const TypeParam& a, const TypeParam& b) { return check_binary(BinOp::bit_xor, a, b); });
}

// Division: /, %, divmod, divmod_checked and the compound forms (check_binary adds the aliased a /= a).
TYPED_TEST_P(Arith, DivMod) {
  using T = TypeParam;
  run_random_cases(what<T>("divmod"), seed<T>("divmod"), random_cases, [](Rng& rng, int) {
    const T b = random_divisor<T>(rng);
    T a = random_value<T>(rng);
    if (rng.chance(1, 8)) a = a % (b.is_zero() ? T{1} : b);  // a dividend smaller than the divisor
    if (rng.chance(1, 8)) a = b * random_value<T>(rng);      // often an exact multiple
    return check_divmod(a, b);
  });
  run_edge_pairs(what<T>("divmod"), edge_values<T>(), [](const T& a, const T& b) { return check_divmod(a, b); });
  int index = 0;
  for (const auto& c : add_back_cases<T>()) {
    EXPECT_TRUE(check_divmod(c[0], c[1])) << "add-back case " << index;
    EXPECT_TRUE(check_divmod(-c[0], c[1])) << "add-back case " << index;
    ++index;
  }
  run_edge_pairs(what<T>("div (aliased)"), edge_values<T>(), [](const T& a, const T& b) {
    return b.is_zero() ? pass() : check_binary(BinOp::div, a, b);
  });
  run_edge_pairs(what<T>("mod (aliased)"), edge_values<T>(), [](const T& a, const T& b) {
    return b.is_zero() ? pass() : check_binary(BinOp::mod, a, b);
  });
}

TYPED_TEST_P(Arith, Shift) {
  using T = TypeParam;
  run_random_cases(what<T>("shift"), seed<T>("shift"), random_cases,
                   [](Rng& rng, int) { return check_shift(random_value<T>(rng), random_shift<T>(rng)); });
  constexpr std::uint64_t b = T::bits;
  for (const std::uint64_t s : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{31}, std::uint64_t{32},
                                std::uint64_t{33}, std::uint64_t{63}, std::uint64_t{64}, std::uint64_t{65}, b - 1, b,
                                b + 1, 2 * b, std::uint64_t{1} << 32, ~std::uint64_t{0}}) {
    run_edge_cases(what<T>("shift") + " by " + std::to_string(s), edge_values<T>(),
                   [s](const T& a) { return check_shift(a, s); });
  }
}

TYPED_TEST_P(Arith, Compare) {
  using T = TypeParam;
  run_random_cases(what<T>("compare"), seed<T>("compare"), random_cases, [](Rng& rng, int) {
    const T a = random_value<T>(rng);
    T b = random_value<T>(rng);
    switch (rng.below(4)) {
      case 0:
        b = a;
        break;
      case 1:  // differs from a in one limb only
        b = a;
        b.data()[rng.below(T::num_limbs)] = rng.u32();
        break;
      case 2:
        b = a + T{static_cast<int>(rng.below(5)) - 2};
        break;
      default:
        break;
    }
    return check_compare(a, b);
  });
  run_edge_pairs(what<T>("compare"), edge_values<T>(), [](const T& a, const T& b) { return check_compare(a, b); });
}

// Unary -, ~, +, !, bool, abs, is_zero, is_negative, ++ and -- (pre and post).
TYPED_TEST_P(Arith, UnaryAndIncrement) {
  run_values<TypeParam>("unary", [](const TypeParam& a) { return check_unary(a); });
}

// popcount, countl_zero, countr_zero, bit_width, bit, set_bit.
TYPED_TEST_P(Arith, BitQueries) {
  using T = TypeParam;
  run_random_cases(what<T>("bits"), seed<T>("bits"), random_cases, [](Rng& rng, int) {
    const T a = random_value<T>(rng);
    return check_bits(a, random_shift<T>(rng), rng.chance(1, 2));
  });
  for (const std::uint64_t i : {std::uint64_t{0}, std::uint64_t{31}, std::uint64_t{32}, std::uint64_t{T::bits - 1},
                                std::uint64_t{T::bits}, ~std::uint64_t{0}}) {
    run_edge_cases(what<T>("bits"), edge_values<T>(), [i](const T& a) { return check_bits(a, i, true); });
    run_edge_cases(what<T>("bits"), edge_values<T>(), [i](const T& a) { return check_bits(a, i, false); });
  }
}

TYPED_TEST_P(Arith, MulWide) {
  run_pairs<TypeParam>("mul_wide", [](const TypeParam& a, const TypeParam& b) { return check_mul_wide(a, b); });
}

TYPED_TEST_P(Arith, Sqr) {
  run_values<TypeParam>("sqr", [](const TypeParam& a) { return check_sqr(a); });
}

// pow(a, e) for a built-in exponent. Exponents are mostly small (each bit costs a multiplication at this width),
// with a share of full 64-bit ones.
TYPED_TEST_P(Arith, Pow) {
  using T = TypeParam;
  run_random_cases(what<T>("pow"), seed<T>("pow"), random_cases, [](Rng& rng, int) {
    const T a = random_value<T>(rng);
    std::uint64_t e = rng.next();
    const unsigned e_bits = rng.chance(1, 16) ? 64 : static_cast<unsigned>(rng.below(T::bits >= 2048 ? 9 : 17));
    if (e_bits < 64) e &= (std::uint64_t{1} << e_bits) - 1;
    return check_pow(a, e);
  });
  for (const std::uint64_t e : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3},
                                std::uint64_t{T::bits - 1}, std::uint64_t{T::bits}, ~std::uint64_t{0}}) {
    run_edge_cases(what<T>("pow") + " e = " + std::to_string(e), edge_values<T>(), [e](const T& a) { return check_pow(a, e); });
  }
}

// pow(a, e) for BigUInt exponents of 32 bits and of the base's width.
TYPED_TEST_P(Arith, PowBigExponent) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  run_random_cases(what<T>("pow (BigUInt exponent)"), seed<T>("pow (BigUInt exponent)"), random_cases, [](Rng& rng, int i) {
    const T a = random_value<T>(rng);
    const std::size_t e_bits = static_cast<std::size_t>(rng.chance(1, 64) ? 64 : rng.below(T::bits >= 2048 ? 9 : 17));
    if (i % 2 == 0) return check_pow(a, random_below_bits<BigUInt<32>>(rng, e_bits));
    return check_pow(a, random_below_bits<E>(rng, e_bits));
  });
  // Exponents past the width: an odd base has order dividing 2^(Bits-2), an even one reaches 0.
  for (const E& e : {E{}, E{1u}, ~E{}, E{1u} << (T::bits - 2), (E{1u} << (T::bits - 2)) + E{1u}}) {
    for (const T& a : {T{3}, T{-3}, T{2}, T{0x12345679u}, T::max(), T::min()}) {
      EXPECT_TRUE(check_pow(a, e));
    }
  }
}

TYPED_TEST_P(Arith, Isqrt) {
  using T = TypeParam;
  run_random_cases(what<T>("isqrt"), seed<T>("isqrt"), random_cases, [](Rng& rng, int) {
    T a = non_negative(random_value<T>(rng));
    if (rng.chance(1, 4)) {
      // A square, or one off it: the root's boundaries (for unsigned types also roots of the full Bits / 2 bits,
      // where the top level's correction of the root comes up most often).
      const std::size_t root_bits = T::is_signed || rng.chance(1, 2) ? T::bits / 2 - 1 : T::bits / 2;
      const T r = random_below_bits<T>(rng, root_bits);
      a = r * r;
      switch (rng.below(3)) {
        case 0: a = a - T{1}; break;
        case 1: a = a + T{1}; break;
        default: break;
      }
      a = non_negative(a);
    }
    return check_isqrt(a);
  });
  run_edge_cases(what<T>("isqrt"), edge_values<T>(), [](const T& a) { return check_isqrt(non_negative(a)); });
}

/// Operands for gcd and lcm: any values, values of independent random lengths, or multiples of a common factor.
/// (A gcd takes about Bits / 20 rounds of a pass over the words, so full-width pairs are a quarter of the mix.)
template <class T> std::array<T, 2> gcd_operands(Rng& rng) {
  switch (rng.below(4)) {
    case 0:
      return {random_value<T>(rng), random_value<T>(rng)};
    case 1: {
      const T g = random_below_bits<T>(rng, 1 + rng.below(T::bits / 2));
      return {g * random_below_bits<T>(rng, rng.below(T::bits / 2)), g * random_below_bits<T>(rng, rng.below(T::bits / 2))};
    }
    default:
      return {random_below_bits<T>(rng, rng.below(T::bits + 1)), random_below_bits<T>(rng, rng.below(T::bits + 1))};
  }
}

TYPED_TEST_P(ArithGcd, Gcd) {
  using T = TypeParam;
  run_random_cases(what<T>("gcd"), seed<T>("gcd"), random_cases, [](Rng& rng, int) {
    const auto [a, b] = gcd_operands<T>(rng);
    return check_gcd(a, b);
  });
  // Ordered pairs: the algorithm treats its operands differently (the first, made odd, is Pornin's b).
  run_edge_pairs(what<T>("gcd"), edge_values<T>(), [](const T& a, const T& b) { return check_gcd(a, b); });
}

TYPED_TEST_P(ArithGcd, Lcm) {
  using T = TypeParam;
  run_random_cases(what<T>("lcm"), seed<T>("lcm"), random_cases, [](Rng& rng, int) {
    const auto [a, b] = gcd_operands<T>(rng);
    return check_lcm(a, b);
  });
  run_edge_pairs(what<T>("lcm"), edge_values<T>(), [](const T& a, const T& b) { return check_lcm(a, b); }, true);
}

// double(a), including ties and values that round up to the next power of two or past double's range.
TYPED_TEST_P(Arith, ToDouble) {
  using T = TypeParam;
  using U = BigUInt<T::bits>;
  run_random_cases(what<T>("double"), seed<T>("double"), random_cases, [](Rng& rng, int) {
    if (T::bits <= 64 || rng.chance(1, 2)) return check_to_double(random_value<T>(rng));
    // A 53- to 55-bit head (ties, ties to odd, just above and below a tie), shifted, plus a low sticky part.
    const std::uint64_t heads[] = {(1ull << 53) + 1, (1ull << 53) + 3, (1ull << 54) - 1, (1ull << 53) - 1,
                                   (1ull << 54) + 1, (1ull << 54) + 2, (1ull << 55) - 1, (1ull << 52) + 1};
    U m{heads[rng.below(8)]};
    const std::uint64_t room = T::bits - (T::is_signed ? 1 : 0) - static_cast<std::uint64_t>(bit_width(m));
    const std::uint64_t shift = rng.below(room + 1);
    m <<= shift;
    if (shift > 0 && rng.chance(1, 2)) m |= U{1u} << rng.below(shift);
    T x{m};
    if (T::is_signed && rng.chance(1, 2)) x = -x;
    return check_to_double(x);
  });
  run_edge_cases(what<T>("double"), edge_values<T>(), [](const T& a) { return check_to_double(a); });
  if constexpr (T::bits > 1025) {
    // Around double's largest value (2^53 - 1) * 2^971: 2^1024 - 2^970 is a tie that rounds up to 2^1024, infinity.
    const U top = U{1u} << 1024;
    const U half_ulp = U{1u} << 970;
    for (const U& m : {top, top - half_ulp, top - half_ulp - U{1u}, top - half_ulp + U{1u}, top - (half_ulp << 1),
                       top >> 1, (top >> 1) + half_ulp, top + U{1u}}) {
      EXPECT_TRUE(check_to_double(T{m}));
      if (T::is_signed) {
        EXPECT_TRUE(check_to_double(-T{m}));
      }
    }
  }
}

TYPED_TEST_P(Arith, Bytes) {
  using T = TypeParam;
  run_random_cases(what<T>("bytes"), seed<T>("bytes"), random_cases, [](Rng& rng, int) {
    const T a = random_value<T>(rng);
    return check_bytes(a, static_cast<std::size_t>(rng.below(T::bits / 8 + 1)));
  });
  run_edge_cases(what<T>("bytes"), edge_values<T>(), [](const T& a) { return check_bytes(a, T::bits / 16); });
}

REGISTER_TYPED_TEST_SUITE_P(Arith, Add, Sub, Mul, BitAnd, BitOr, BitXor, DivMod, Shift, Compare, UnaryAndIncrement,
                            BitQueries, MulWide, Sqr, Pow, PowBigExponent, Isqrt, ToDouble, Bytes);
REGISTER_TYPED_TEST_SUITE_P(ArithGcd, Gcd, Lcm);

}  // namespace warpnum::test

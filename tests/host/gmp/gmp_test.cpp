// SPDX-License-Identifier: Apache-2.0
// tests/host/gmp/gmp_test.cpp: <warpnum/gmp.hpp>. For BigUInt and BigInt of 32 to 32768 bits: the conversions both
// ways against a reference that goes through text (to_string and the string constructor, themselves checked against
// GMP by tests/host/bigint/), on the edge values and seeded random values of cases/random.hpp; warpnum's + - * / %
// and mul_wide against GMP's arithmetic on the converted operands; the range of every type at its ends (the error
// form's std::out_of_range and its messages, from_mpz_checked's status, from_mpz_wrapping's two's complement) and on
// random integers of up to three times the width. For GF2n of degrees 7 to 571 (32-bit and 64-bit words, N a
// multiple of the word and not): both ways, x^i as 2^i, + as GMP's xor, and the errors.
#include "cases/random.hpp"
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/gmp.hpp>
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

/// How GoogleTest shows an mpz_class: in hexadecimal, by mpz_get_str (gmpxx's operator<< lives in libgmpxx, which the
/// tests need not link).
inline void PrintTo(const mpz_class& z, std::ostream* os) { *os << "0x" << z.get_str(16); }

namespace warpnum::test {
namespace {

template <class T> std::string type_name() { return (T::is_signed ? "BigInt<" : "BigUInt<") + std::to_string(T::bits) + ">"; }

/// The reference value of x: its hexadecimal text read by GMP (no mpz_import involved).
template <class T> mpz_class by_text(const T& x) { return mpz_class(to_string(x, 16), 16); }

/// The reference T of a z in T's range: GMP's hexadecimal text read by T's string constructor.
template <class T> T from_text(const mpz_class& z) {
  const std::string hex = z.get_str(16);
  return hex[0] == '-' ? T("-0x" + hex.substr(1)) : T("0x" + hex);
}

/// z mod 2^Bits as T (two's complement for BigInt), by text: what from_mpz_wrapping must give.
template <class T> T wrapped_by_text(const mpz_class& z) {
  mpz_class low;
  mpz_fdiv_r_2exp(low.get_mpz_t(), z.get_mpz_t(), T::bits);  // in [0, 2^Bits)
  return T{from_text<BasicInt<T::bits, false>>(low)};
}

/// 2^k.
mpz_class power_of_two(std::size_t k) {
  mpz_class p;
  mpz_setbit(p.get_mpz_t(), k);
  return p;
}

/// An integer of random shape (cases/random.hpp's words) of up to `max_words` 32-bit words, either sign.
mpz_class random_integer(Rng& rng, int max_words) {
  const int n = static_cast<int>(rng.below(static_cast<std::uint64_t>(max_words) + 1));
  if (n == 0) return mpz_class(0);
  std::vector<std::uint32_t> words(static_cast<std::size_t>(n));
  random_words(rng, words.data(), n);
  mpz_class z;
  mpz_import(z.get_mpz_t(), static_cast<std::size_t>(n), -1, sizeof(std::uint32_t), 0, 0, words.data());
  return rng.chance(1, 2) ? mpz_class(-z) : z;
}

template <class T> constexpr int cases_for() { return T::bits <= 1024 ? 2000 : (T::bits <= 4096 ? 300 : 40); }

// ---- BigUInt and BigInt ----------------------------------------------------------------------------------------------

template <class T> class GmpInt : public ::testing::Test {};
struct Names {
  template <class T> static std::string GetName(int) { return (T::is_signed ? "BigInt" : "BigUInt") + std::to_string(T::bits); }
};
using IntTypes = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<64>, BigInt<64>, BigUInt<96>, BigInt<96>, BigUInt<256>,
                                  BigInt<256>, BigUInt<1024>, BigInt<1024>, BigUInt<4096>, BigInt<4096>, BigUInt<32768>,
                                  BigInt<32768>>;
TYPED_TEST_SUITE(GmpInt, IntTypes, Names);

/// x to GMP and back, every form: mpz_t and mpz_class, the error, checked and wrapping forms.
template <class T> ::testing::AssertionResult round_trip(const T& x) {
  const mpz_class want = by_text(x);
  const mpz_class got = to_mpz_class(x);
  if (got != want) {
    return ::testing::AssertionFailure() << type_name<T>() << " " << to_string(x, 16) << ": to_mpz_class gave "
                                         << got.get_str(16) << ", want " << want.get_str(16);
  }
  mpz_t z;
  mpz_init_set_str(z, "-123456789abcdef0123456789abcdef0123456789abcdef", 16);  // to_mpz overwrites any value
  to_mpz(z, x);
  const bool same = mpz_cmp(z, want.get_mpz_t()) == 0;
  const T back_ptr = from_mpz<T>(z);
  mpz_clear(z);
  if (!same) return ::testing::AssertionFailure() << type_name<T>() << " " << to_string(x, 16) << ": to_mpz differs";
  const ModResult<T> checked = from_mpz_checked<T>(want);
  if (back_ptr != x || from_mpz<T>(want) != x || checked.value != x || checked.status != Status::ok ||
      from_mpz_wrapping<T>(want) != x || from_mpz_wrapping<T>(want.get_mpz_t()) != x) {
    return ::testing::AssertionFailure() << type_name<T>() << " " << to_string(x, 16) << ": a from_mpz form did not give it back";
  }
  return ::testing::AssertionSuccess();
}

TYPED_TEST(GmpInt, RoundTripEdgeValues) {
  using T = TypeParam;
  run_edge_cases(type_name<T>() + " round trip", edge_values<T>(), [](const T& x) { return round_trip(x); });
}

TYPED_TEST(GmpInt, RoundTripRandomValues) {
  using T = TypeParam;
  run_random_cases(type_name<T>() + " round trip", seed_for("GmpInt.RoundTripRandomValues", T::bits), cases_for<T>(),
                   [](Rng& rng, int) { return round_trip(random_value<T>(rng)); });
  // random<T>-style uniform values as well.
  std::mt19937_64 g(seed_for("GmpInt.RoundTripRandomValues.uniform", T::bits));
  for (int i = 0; i < 50; ++i) {
    T x;
    for (int l = 0; l < T::num_limbs; ++l) x.data()[l] = static_cast<std::uint32_t>(g());
    ASSERT_TRUE(round_trip(x));
  }
}

/// warpnum's arithmetic equals GMP's on the converted operands (reduced modulo 2^Bits by from_mpz_wrapping; mul_wide's
/// full product and the remainder fit, so from_mpz takes them exactly).
template <class T> ::testing::AssertionResult same_arithmetic(const T& a, const T& b) {
  const mpz_class za = to_mpz_class(a);
  const mpz_class zb = to_mpz_class(b);
  auto fail = [&](const char* op) {
    return ::testing::AssertionFailure() << type_name<T>() << " " << op << " of " << to_string(a, 16) << " and "
                                         << to_string(b, 16);
  };
  if (from_mpz_wrapping<T>(za * zb) != a * b) return fail("*");
  if (from_mpz_wrapping<T>(za + zb) != a + b) return fail("+");
  if (from_mpz_wrapping<T>(za - zb) != a - b) return fail("-");
  if (from_mpz<BasicInt<2 * T::bits, T::is_signed>>(za * zb) != mul_wide(a, b)) return fail("mul_wide");
  if ((cmp(za, zb) < 0) != (a < b) || (cmp(za, zb) == 0) != (a == b)) return fail("compare");
  if (!b.is_zero()) {
    mpz_class q;
    mpz_class r;
    mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), za.get_mpz_t(), zb.get_mpz_t());
    const auto [quot, rem] = divmod(a, b);
    if (from_mpz_wrapping<T>(q) != quot) return fail("/");  // MIN / -1 wraps to MIN in both
    if (from_mpz<T>(r) != rem) return fail("%");
  }
  return ::testing::AssertionSuccess();
}

TYPED_TEST(GmpInt, ArithmeticMatchesGmp) {
  using T = TypeParam;
  run_random_cases(type_name<T>() + " arithmetic", seed_for("GmpInt.ArithmeticMatchesGmp", T::bits), cases_for<T>() / 2,
                   [](Rng& rng, int) { return same_arithmetic(random_value<T>(rng), random_value<T>(rng)); });
  if constexpr (T::bits <= 4096) {
    run_edge_pairs(type_name<T>() + " arithmetic", edge_values<T>(), [](const T& a, const T& b) { return same_arithmetic(a, b); });
  }
}

/// The ends of each range: the last value in and the first out, both ways from zero, in every form.
TYPED_TEST(GmpInt, RangeEnds) {
  using T = TypeParam;
  constexpr std::size_t bits = T::bits;
  const mpz_class top = T::is_signed ? power_of_two(bits - 1) : power_of_two(bits);  // the first value above max()
  const mpz_class bottom = T::is_signed ? mpz_class(-power_of_two(bits - 1)) : mpz_class(0);  // min()
  EXPECT_EQ(from_mpz<T>(mpz_class(top - 1)), T::max());
  EXPECT_EQ(from_mpz<T>(bottom), T::min());
  for (const mpz_class& out : {mpz_class(top), mpz_class(top + 1), mpz_class(bottom - 1), mpz_class(bottom - top),
                               mpz_class(power_of_two(3 * bits) + 7), mpz_class(-power_of_two(2 * bits))}) {
    const std::string message = thrown_message<std::out_of_range>([&] { (void)from_mpz<T>(out); });
    EXPECT_NE(message.find("warpnum: from_mpz: "), std::string::npos) << message;
    EXPECT_NE(message.find("does not fit in " + type_name<T>()), std::string::npos) << message;
    EXPECT_NE(message.find("from_mpz_wrapping<" + type_name<T>() + ">"), std::string::npos) << message;
    EXPECT_THROW((void)from_mpz<T>(out.get_mpz_t()), std::out_of_range);
    const ModResult<T> checked = from_mpz_checked<T>(out);
    EXPECT_EQ(checked.status, Status::out_of_range);
    EXPECT_EQ(checked.value, wrapped_by_text<T>(out)) << out.get_str(16);
    EXPECT_EQ(from_mpz_wrapping<T>(out), wrapped_by_text<T>(out)) << out.get_str(16);
  }
  // Two's complement: -1 is every bit set, 2^Bits is 0, max() + 1 is min().
  EXPECT_EQ(from_mpz_wrapping<T>(mpz_class(-1)), ~T{});
  EXPECT_EQ(from_mpz_wrapping<T>(power_of_two(bits)), T{});
  EXPECT_EQ(from_mpz_wrapping<T>(mpz_class(top)), T::is_signed ? T::min() : T{});
  EXPECT_EQ(from_mpz_wrapping<T>(mpz_class(power_of_two(bits) + 5)), T{5});
  EXPECT_EQ(from_mpz_wrapping<T>(mpz_class(-power_of_two(bits) - 1)), ~T{});
  EXPECT_EQ(to_mpz_class(T::max()), mpz_class(top - 1));
  EXPECT_EQ(to_mpz_class(T::min()), bottom);
  EXPECT_EQ(to_mpz_class(~T{}), T::is_signed ? mpz_class(-1) : mpz_class(power_of_two(bits) - 1));
}

/// Integers of up to three times the width, either sign: the checked form says whether each fits (by GMP's own
/// comparisons with the ends), the error form throws exactly then, and the value is z mod 2^Bits.
TYPED_TEST(GmpInt, RandomIntegersInAndOutOfRange) {
  using T = TypeParam;
  const mpz_class top = T::is_signed ? power_of_two(T::bits - 1) : power_of_two(T::bits);
  const mpz_class bottom = T::is_signed ? mpz_class(-top) : mpz_class(0);
  run_random_cases(type_name<T>() + " from_mpz", seed_for("GmpInt.RandomIntegersInAndOutOfRange", T::bits), cases_for<T>(),
                   [&](Rng& rng, int) -> ::testing::AssertionResult {
                     const mpz_class z = random_integer(rng, 3 * T::num_limbs);
                     const bool fits = bottom <= z && z < top;
                     const ModResult<T> checked = from_mpz_checked<T>(z);
                     const T want = wrapped_by_text<T>(z);
                     bool threw = false;
                     try {
                       (void)from_mpz<T>(z);
                     } catch (const std::out_of_range&) {
                       threw = true;
                     }
                     if (checked.value == want && (checked.status == Status::ok) == fits && threw != fits &&
                         from_mpz_wrapping<T>(z) == want) {
                       return ::testing::AssertionSuccess();
                     }
                     return ::testing::AssertionFailure() << "z = " << z.get_str(16) << (fits ? " (fits)" : " (does not fit)")
                                                          << ": checked " << to_string(checked.value, 16) << " status "
                                                          << static_cast<int>(checked.status) << ", want " << to_string(want, 16)
                                                          << (threw ? ", threw" : ", did not throw");
                   });
}

TEST(GmpIntMessages, NameTheTypeAndTheFix) {
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_mpz<BigUInt<256>>(mpz_class(-1)); }),
            "warpnum: from_mpz: a negative integer does not fit in BigUInt<256>; use BigInt<256>, or "
            "from_mpz_wrapping<BigUInt<256>> to reduce it modulo 2^256 (its two's complement)");
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_mpz<BigUInt<96>>(power_of_two(96)); }),
            "warpnum: from_mpz: a 97-bit integer does not fit in BigUInt<96>, whose range is [0, 2^96 - 1]; use a wider "
            "type, or from_mpz_wrapping<BigUInt<96>> to reduce it modulo 2^96");
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_mpz<BigInt<64>>(mpz_class(-power_of_two(63) - 1)); }),
            "warpnum: from_mpz: a negative 64-bit integer does not fit in BigInt<64>, whose range is [-2^63, 2^63 - 1]; "
            "use a wider type, or from_mpz_wrapping<BigInt<64>> to reduce it modulo 2^64");
}

/// GMP expressions convert (evaluated into an mpz_class first).
TEST(GmpIntExpressions, Convert) {
  const mpz_class a("123456789012345678901234567890");
  const mpz_class b("-987654321");
  EXPECT_EQ(from_mpz<BigInt<256>>(a * b + 1), BigInt<256>{"-121932631124828532112482853211126352689"});
  EXPECT_EQ(from_mpz_wrapping<BigUInt<64>>(a * a), BigUInt<64>{from_text<BigInt<256>>(a) * from_text<BigInt<256>>(a)});
  EXPECT_EQ(from_mpz_checked<BigInt<64>>(a - a).status, Status::ok);
}

// ---- GF2n --------------------------------------------------------------------------------------------------------

template <class F> class GmpField : public ::testing::Test {};
struct FieldNames {
  template <class F> static std::string GetName(int) { return "GF2n" + std::to_string(F::degree); }
};
// 32-bit words (7, 32) and 64-bit words (63, 64, 113, 233, 571); N a multiple of the word and not.
using FieldTypes = ::testing::Types<GF2n<7>, GF2n<32>, GF2n<63>, GF2n<64>, GF2n<113>, GF2n<233>, GF2n<571>>;
TYPED_TEST_SUITE(GmpField, FieldTypes, FieldNames);

template <class F> std::string field_name() { return "GF2n<" + std::to_string(F::degree) + ">"; }

/// The reference value of f's coefficients: to_biguint's text (bit i the coefficient of x^i).
template <class F> mpz_class field_by_text(const F& f) { return by_text(f.to_biguint()); }

TYPED_TEST(GmpField, RoundTripAndXor) {
  using F = TypeParam;
  std::vector<F> values = {F::zero(), F::one(), F::monomial(F::degree - 1), F::monomial(F::degree / 2)};
  F all{};
  for (int i = 0; i < F::degree; ++i) all += F::monomial(i);
  values.push_back(all);
  std::mt19937_64 g(seed_for("GmpField.RoundTripAndXor", F::degree));
  for (int i = 0; i < 300; ++i) values.push_back(F::random(g));
  for (std::size_t i = 0; i < values.size(); ++i) {
    const F& f = values[i];
    const mpz_class want = field_by_text(f);
    ASSERT_EQ(to_mpz_class(f), want) << field_name<F>() << " value " << i;
    mpz_class z(-5);
    to_mpz(z.get_mpz_t(), f);
    ASSERT_EQ(z, want) << field_name<F>() << " value " << i;
    ASSERT_TRUE(from_mpz<F>(want) == f) << field_name<F>() << " value " << i;
    ASSERT_TRUE(from_mpz<F>(want.get_mpz_t()) == f) << field_name<F>() << " value " << i;
    const ModResult<F> checked = from_mpz_checked<F>(want);
    ASSERT_TRUE(checked.value == f && checked.status == Status::ok) << field_name<F>() << " value " << i;
    // Addition in GF(2^N) is GMP's xor of the coefficient integers.
    const F& h = values[(i * 7 + 3) % values.size()];
    const mpz_class sum = to_mpz_class(f) ^ to_mpz_class(h);
    ASSERT_EQ(to_mpz_class(f + h), sum) << field_name<F>() << " values " << i;
  }
  for (int i = 0; i < F::degree; ++i) ASSERT_EQ(to_mpz_class(F::monomial(i)), power_of_two(static_cast<std::size_t>(i)));
}

TYPED_TEST(GmpField, Errors) {
  using F = TypeParam;
  const std::string name = field_name<F>();
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_mpz<F>(mpz_class(-1)); }),
            "warpnum: from_mpz: a negative integer is not an element of " + name +
                " (bit i of a non-negative integer is the coefficient of x^i)");
  EXPECT_EQ(thrown_message<std::out_of_range>([] { (void)from_mpz<F>(power_of_two(F::degree)); }),
            "warpnum: from_mpz: the integer has a coefficient at x^" + std::to_string(F::degree) + ", beyond " + name +
                " (bit i is the coefficient of x^i: reduce the polynomial modulo P first)");
  EXPECT_THROW((void)from_mpz<F>(mpz_class(power_of_two(3 * F::degree) + 1).get_mpz_t()), std::out_of_range);
  // The checked form keeps the bits of |z| below N.
  const mpz_class over = power_of_two(F::degree) + power_of_two(F::degree + 40) + 5;
  for (const mpz_class& z : {over, mpz_class(-over)}) {
    const ModResult<F> r = from_mpz_checked<F>(z);
    EXPECT_EQ(r.status, Status::out_of_range);
    EXPECT_TRUE(r.value == F{5u}) << name << ": " << to_string(r.value);
  }
  EXPECT_TRUE(from_mpz<F>(mpz_class(power_of_two(F::degree) - 1)) == [] {
    F all{};
    for (int i = 0; i < F::degree; ++i) all += F::monomial(i);
    return all;
  }());
}

}  // namespace
}  // namespace warpnum::test

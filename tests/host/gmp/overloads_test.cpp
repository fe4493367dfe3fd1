// SPDX-License-Identifier: Apache-2.0
// tests/host/gmp/overloads_test.cpp: <warpnum/gmp.hpp> in one translation unit with the other GMP conversions of the
// library, integer.hpp's from_mpz / to_mpz / to_mpz_class for Integer and boost.hpp's to_mpz_class /
// from_mpz_class for boost_int and boost_uint: everything compiles, each call resolves to the overload of its
// argument (or explicit template argument) without ambiguity, qualified and by argument-dependent lookup, and the
// fixed-width and Boost ones give the right values. Integer's are checked in unevaluated contexts only: their bodies
// need the library warpnum::huge, which this test does not link (tests/host/huge/ runs them).
#include <warpnum/bigint.hpp>
#include <warpnum/boost.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/gmp.hpp>
#include <warpnum/integer.hpp>
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <concepts>
#include <ostream>
#include <type_traits>
#include <utility>

/// How GoogleTest shows an mpz_class: in hexadecimal, by mpz_get_str (gmpxx's operator<< lives in libgmpxx, which the
/// tests need not link).
inline void PrintTo(const mpz_class& z, std::ostream* os) { *os << "0x" << z.get_str(16); }

namespace {

using warpnum::BigInt;
using warpnum::BigUInt;
using warpnum::GF2n;
using warpnum::Integer;
using warpnum::ModResult;
using warpnum::Place;

// ---- which overload each call selects, by its result type ----

// from_mpz without a template argument is Integer's; with one, the fixed-width (or field) type's.
static_assert(std::is_same_v<decltype(warpnum::from_mpz(std::declval<mpz_srcptr>())), Integer>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz(std::declval<mpz_ptr>())), Integer>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz(std::declval<const mpz_class&>())), Integer>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz(std::declval<mpz_srcptr>(), Place::host)), Integer>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz<BigInt<256>>(std::declval<mpz_srcptr>())), BigInt<256>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz<BigInt<256>>(std::declval<mpz_ptr>())), BigInt<256>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz<BigUInt<96>>(std::declval<const mpz_class&>())), BigUInt<96>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz<GF2n<233>>(std::declval<mpz_class&>())), GF2n<233>>);
// A GMP expression template converts to mpz_class for the fixed-width form (and for Integer's).
static_assert(std::is_same_v<decltype(warpnum::from_mpz<BigInt<64>>(std::declval<mpz_class>() * 2)), BigInt<64>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz(std::declval<mpz_class>() * 2)), Integer>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz_checked<BigUInt<64>>(std::declval<mpz_srcptr>())),
                             ModResult<BigUInt<64>>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz_wrapping<BigInt<64>>(std::declval<const mpz_class&>())), BigInt<64>>);
static_assert(std::is_same_v<decltype(warpnum::from_mpz_class<warpnum::boost_int<256>>(std::declval<const mpz_class&>())),
                             warpnum::boost_int<256>>);

// to_mpz_class and to_mpz accept each value type, Integer and Boost's numbers, unambiguously.
template <class X> constexpr bool to_mpz_class_resolves = requires(const X& x) {
  { warpnum::to_mpz_class(x) } -> std::same_as<mpz_class>;
};
template <class X> constexpr bool to_mpz_resolves = requires(mpz_ptr out, const X& x) { warpnum::to_mpz(out, x); };
template <class X> constexpr bool to_mpz_class_by_adl = requires(const X& x) { to_mpz_class(x); };
static_assert(to_mpz_class_resolves<Integer> && to_mpz_resolves<Integer> && to_mpz_class_by_adl<Integer>);
static_assert(to_mpz_class_resolves<BigInt<256>> && to_mpz_resolves<BigInt<256>> && to_mpz_class_by_adl<BigInt<256>>);
static_assert(to_mpz_class_resolves<BigUInt<32768>> && to_mpz_resolves<BigUInt<32768>>);
static_assert(to_mpz_class_resolves<GF2n<571>> && to_mpz_resolves<GF2n<571>> && to_mpz_class_by_adl<GF2n<7>>);
static_assert(to_mpz_class_resolves<warpnum::boost_int<256>> && to_mpz_class_by_adl<warpnum::boost_uint<128>>);
// Boost's numbers have only to_mpz_class (boost.hpp), not the fixed-width to_mpz: no silent conversion to BigInt.
static_assert(!to_mpz_resolves<warpnum::boost_int<256>>);

// The fixed-width forms take only BigUInt, BigInt and (except the wrapping form) GF2n.
template <class T> constexpr bool from_mpz_takes = requires(mpz_srcptr z) { warpnum::from_mpz<T>(z); };
template <class T> constexpr bool from_mpz_wrapping_takes = requires(mpz_srcptr z) { warpnum::from_mpz_wrapping<T>(z); };
static_assert(from_mpz_takes<BigInt<32>> && from_mpz_takes<GF2n<63>> && !from_mpz_takes<Integer> &&
              !from_mpz_takes<warpnum::boost_int<256>> && !from_mpz_takes<int>);
static_assert(from_mpz_wrapping_takes<BigUInt<32>> && !from_mpz_wrapping_takes<GF2n<63>> && !from_mpz_wrapping_takes<Integer>);

}  // namespace

namespace user {

// A user's code calling by argument-dependent lookup.
mpz_class by_adl(const BigInt<256>& x) { return to_mpz_class(x); }
mpz_class by_adl(const warpnum::boost_int<256>& x) { return to_mpz_class(x); }
mpz_class by_adl(const GF2n<233>& x) { return to_mpz_class(x); }
BigInt<256> from_by_adl(const mpz_class& z) {
  using warpnum::from_mpz;
  return from_mpz<BigInt<256>>(z);
}

}  // namespace user

namespace {

TEST(GmpOverloads, EachTypeGetsItsOwn) {
  const mpz_class z("-0x1234567890abcdef1234567890abcdef", 0);
  // The fixed-width, Boost and field conversions side by side, with the values they must give.
  const BigInt<256> x = warpnum::from_mpz<BigInt<256>>(z);
  EXPECT_EQ(x, BigInt<256>{"-0x1234567890abcdef1234567890abcdef"});
  const auto b = warpnum::from_mpz_class<warpnum::boost_int<256>>(z);
  EXPECT_EQ(warpnum::to_mpz_class(b), z);
  EXPECT_EQ(warpnum::to_mpz_class(x), z);
  EXPECT_EQ(user::by_adl(x), z);
  EXPECT_EQ(user::by_adl(b), z);
  EXPECT_EQ(user::from_by_adl(z), x);
  const auto f = warpnum::from_mpz<GF2n<233>>(mpz_class(0x13));
  EXPECT_TRUE(f == GF2n<233>{0x13u});
  EXPECT_EQ(user::by_adl(f), mpz_class(0x13));
  mpz_t raw;
  mpz_init(raw);
  warpnum::to_mpz(raw, BigUInt<96>::max());
  EXPECT_EQ(mpz_sizeinbase(raw, 2), 96u);
  warpnum::to_mpz(raw, f);
  EXPECT_EQ(mpz_get_ui(raw), 0x13u);
  EXPECT_EQ(warpnum::from_mpz<BigUInt<32>>(raw), BigUInt<32>{0x13u});
  mpz_clear(raw);
}

}  // namespace

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/errors_test.cpp: every error of modular.hpp on the host: Montgomery with an even or zero
// modulus (std::domain_error, and the statuses and modulo-1 context of Montgomery::checked), Barrett with a zero
// modulus, powm and multi_powm with a zero modulus (and the {0, division_by_zero} of their checked forms), modinv
// without an inverse, FixedBaseTable's bad window, exponent width and modulus; and the edge cases that are not
// errors (modulus 1, 0^0, the empty product).
#include "cases/bigint_checks.hpp"
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum {
namespace {

using test::thrown_message;

template <class T> class ModularErrors : public ::testing::Test {};
using ErrorTypes = ::testing::Types<BigUInt<32>, BigUInt<64>, BigUInt<96>, BigUInt<256>, BigUInt<1024>>;
TYPED_TEST_SUITE(ModularErrors, ErrorTypes, test::TypeNames);

/// Zero and even moduli: 0, 2, 10, 2^(Bits-1), all ones but bit 0, and an even value spanning every limb.
template <class T> std::vector<T> even_moduli() {
  T spread{};
  for (int i = 0; i < T::num_limbs; ++i) spread.data()[i] = 0x9e3779b8u + static_cast<std::uint32_t>(i);
  return {T{}, T{2u}, T{10u}, T{1u} << (T::bits - 1), ~T{} - 1u, spread};
}

TYPED_TEST(ModularErrors, MontgomeryEvenOrZeroModulus) {
  using T = TypeParam;
  for (const T& m : even_moduli<T>()) {
    EXPECT_THROW((void)Montgomery<T::bits>(m), std::domain_error) << test::show(m);
  }
  // The message says what is wrong and what to use instead.
  const std::string what = thrown_message<std::domain_error>([] { (void)Montgomery<T::bits>(T{4u}); });
  EXPECT_NE(what.find("odd modulus"), std::string::npos) << what;
  EXPECT_NE(what.find("Barrett"), std::string::npos) << what;
  EXPECT_NE(what.find("powm"), std::string::npos) << what;
  EXPECT_NO_THROW((void)Montgomery<T::bits>(T{1u}));
  EXPECT_NO_THROW((void)Montgomery<T::bits>(~T{}));
}

// Montgomery::checked never throws: division_by_zero for 0, invalid_argument for an even m, and then a context
// that works modulo 1 (modulus 1, every result 0, for the values the operations accept).
TYPED_TEST(ModularErrors, MontgomeryChecked) {
  using T = TypeParam;
  for (const T& m : even_moduli<T>()) {
    const auto ctx = Montgomery<T::bits>::checked(m);
    EXPECT_EQ(ctx.status(), m.is_zero() ? Status::division_by_zero : Status::invalid_argument) << test::show(m);
    EXPECT_EQ(ctx.modulus(), T{1u});
    EXPECT_EQ(ctx.one(), T{});
    EXPECT_EQ(ctx.r_squared(), T{});
    // to_montgomery and from_montgomery take any value; mul takes a b < m R = R.
    for (const T& x : {T{}, T{1u}, T{7u}, ~T{}, T{1u} << (T::bits - 1), m}) {
      EXPECT_EQ(ctx.to_montgomery(x), T{}) << test::show(x);
      EXPECT_EQ(ctx.from_montgomery(x), T{}) << test::show(x);
      EXPECT_EQ(ctx.pow(ctx.to_montgomery(x), BigUInt<T::bits>{~T{}}), T{}) << test::show(x);
      EXPECT_EQ(ctx.pow(ctx.to_montgomery(x), std::uint64_t{0}), T{}) << test::show(x);
    }
    EXPECT_EQ(ctx.mul(T{5u}, T{7u}), T{});
    EXPECT_EQ(ctx.sqr(T{}), T{});
    EXPECT_EQ(ctx.add(T{}, T{}), T{});
    EXPECT_EQ(ctx.sub(T{}, T{}), T{});
    EXPECT_EQ(ctx.neg(T{}), T{});
  }
  for (const T& m : {T{1u}, T{3u}, ~T{}}) {
    EXPECT_EQ(Montgomery<T::bits>::checked(m).status(), Status::ok) << test::show(m);
    EXPECT_EQ(Montgomery<T::bits>::checked(m).modulus(), m);
  }
}

TYPED_TEST(ModularErrors, BarrettZeroModulus) {
  using T = TypeParam;
  using W = BigUInt<2 * T::bits>;
  EXPECT_THROW((void)Barrett<T::bits>(T{}), std::domain_error);
  const std::string what = thrown_message<std::domain_error>([] { (void)Barrett<T::bits>(T{}); });
  EXPECT_NE(what.find("zero"), std::string::npos) << what;
  const auto ctx = Barrett<T::bits>::checked(T{});
  EXPECT_EQ(ctx.status(), Status::division_by_zero);
  EXPECT_EQ(ctx.modulus(), T{1u});
  EXPECT_EQ(ctx.one(), T{});
  for (const T& x : {T{}, T{1u}, ~T{}}) {
    EXPECT_EQ(ctx.reduce(x), T{}) << test::show(x);
    EXPECT_EQ(ctx.reduce(W{x}), T{}) << test::show(x);  // reduce takes x < m 2^Bits = 2^Bits
  }
  EXPECT_EQ(ctx.mul(T{}, T{}), T{});
  EXPECT_EQ(ctx.pow(T{}, BigUInt<64>{5u}), T{});
  // Any non-zero modulus is fine, even or odd.
  for (const T& m : {T{1u}, T{2u}, T{1u} << (T::bits - 1), ~T{}}) {
    EXPECT_NO_THROW((void)Barrett<T::bits>(m)) << test::show(m);
    EXPECT_EQ(Barrett<T::bits>::checked(m).status(), Status::ok) << test::show(m);
  }
}

TYPED_TEST(ModularErrors, PowmZeroModulus) {
  using T = TypeParam;
  for (const T& a : {T{}, T{1u}, T{3u}, ~T{}}) {
    EXPECT_THROW((void)powm(a, BigUInt<T::bits>{5u}, T{}), std::domain_error) << test::show(a);
    EXPECT_THROW((void)powm(a, BigUInt<2 * T::bits>{}, T{}), std::domain_error) << test::show(a);
    EXPECT_THROW((void)powm(a, std::uint64_t{0}, T{}), std::domain_error) << test::show(a);
    const auto r = powm_checked(a, BigUInt<32>{5u}, T{});
    EXPECT_EQ(r.status, Status::division_by_zero);
    EXPECT_EQ(r.value, T{});
    const auto r0 = powm_checked(a, BigUInt<32>{}, T{});  // a^0 is still no result modulo 0
    EXPECT_EQ(r0.status, Status::division_by_zero);
    EXPECT_EQ(r0.value, T{});
  }
  const std::string what = thrown_message<std::domain_error>([] { (void)powm(T{2u}, std::uint64_t{3}, T{}); });
  EXPECT_NE(what.find("zero"), std::string::npos) << what;
}

TYPED_TEST(ModularErrors, MultiPowmZeroModulus) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  const std::vector<T> g(40, T{3u});
  const std::vector<E> e(40, E{7u});
  for (const int count : {0, 1, 5, 40}) {
    EXPECT_THROW((void)multi_powm(g.data(), e.data(), count, T{}), std::domain_error) << count;
    const auto r = multi_powm_checked(g.data(), e.data(), count, T{});
    EXPECT_EQ(r.status, Status::division_by_zero) << count;
    EXPECT_EQ(r.value, T{}) << count;
  }
}

TYPED_TEST(ModularErrors, ModinvNoInverse) {
  using T = TypeParam;
  // gcd(a, m) != 1: a multiple of a factor of m (odd and even m; 65537 divides 2^32 - 1, hence 2^Bits - 1), 0,
  // a = m, and both even.
  const T pairs[][2] = {{T{2u}, T{4u}}, {T{6u}, T{9u}}, {T{}, T{7u}}, {T{15u}, T{15u}}, {T{10u}, T{1u} << (T::bits - 1)},
                        {T{0x10001u}, ~T{}}, {T{3u} * T{0x10001u}, T{3u}}, {T{}, T{2u}}};
  for (const auto& p : pairs) {
    const T& a = p[0];
    const T& m = p[1];
    EXPECT_THROW((void)modinv(a, m), std::domain_error) << test::show(a) << ", " << test::show(m);
    const auto r = modinv_checked(a, m);
    EXPECT_EQ(r.status, Status::not_invertible) << test::show(a) << ", " << test::show(m);
    EXPECT_EQ(r.value, T{});
  }
  const std::string what = thrown_message<std::domain_error>([] { (void)modinv(T{2u}, T{4u}); });
  EXPECT_NE(what.find("no inverse"), std::string::npos) << what;
  EXPECT_NE(what.find("modinv_checked"), std::string::npos) << what;  // names the non-throwing form
  // A zero modulus is a different error.
  EXPECT_THROW((void)modinv(T{3u}, T{}), std::domain_error);
  const auto z = modinv_checked(T{3u}, T{});
  EXPECT_EQ(z.status, Status::division_by_zero);
  EXPECT_EQ(z.value, T{});
  const std::string zero_what = thrown_message<std::domain_error>([] { (void)modinv(T{3u}, T{}); });
  EXPECT_NE(zero_what.find("zero"), std::string::npos) << zero_what;
}

TYPED_TEST(ModularErrors, FixedBaseTable) {
  using T = TypeParam;
  const T m = ~T{};  // odd
  // A window outside 1 to 8 bits, or no exponent bits: std::invalid_argument.
  for (const int window : {-1, 0, 9, 16}) {
    EXPECT_THROW((void)FixedBaseTable<T::bits>(T{3u}, m, 64, window), std::invalid_argument) << "window " << window;
  }
  for (const int bits : {0, -1, -64}) {
    EXPECT_THROW((void)FixedBaseTable<T::bits>(T{3u}, m, bits, 4), std::invalid_argument) << "exponent_bits " << bits;
  }
  const std::string what = thrown_message<std::invalid_argument>([&] { (void)FixedBaseTable<T::bits>(T{3u}, m, 64, 9); });
  EXPECT_NE(what.find("window"), std::string::npos) << what;
  // An even or zero modulus: std::domain_error (from the Montgomery context).
  for (const T& even : even_moduli<T>()) {
    EXPECT_THROW((void)FixedBaseTable<T::bits>(T{3u}, even, 64, 4), std::domain_error) << test::show(even);
  }
  // An exponent wider than the table: std::out_of_range; exactly exponent_bits bits is fine, whatever its type.
  const FixedBaseTable<T::bits> table(T{3u}, m, 13, 4);
  EXPECT_THROW((void)table.pow(BigUInt<32>{1u << 13}), std::out_of_range);
  EXPECT_THROW((void)table.pow(BigUInt<2 * T::bits>{1u} << (2 * T::bits - 1)), std::out_of_range);
  const std::string wide = thrown_message<std::out_of_range>([&] { (void)table.pow(BigUInt<64>{~0ull}); });
  EXPECT_NE(wide.find("wider than the table"), std::string::npos) << wide;
  EXPECT_EQ(table.pow(BigUInt<32>{(1u << 13) - 1}), powm(T{3u}, BigUInt<32>{(1u << 13) - 1}, m));
  EXPECT_EQ(table.pow(BigUInt<2 * T::bits>{5u}), powm(T{3u}, std::uint64_t{5}, m));
  // Windows 1 and 8 are allowed.
  EXPECT_NO_THROW((void)FixedBaseTable<T::bits>(T{3u}, m, 16, 1));
  EXPECT_NO_THROW((void)FixedBaseTable<T::bits>(T{3u}, m, 16, 8));
}

// The edge cases that are not errors: modulus 1 (every result 0, status ok), 0^0 = 1, the empty product is 1,
// a base at or above the modulus, is_probable_prime of 0 and 1 and any round count.
TYPED_TEST(ModularErrors, NotErrors) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  EXPECT_EQ(powm(T{5u}, E{}, T{1u}), T{});
  EXPECT_EQ(powm_checked(T{5u}, E{3u}, T{1u}).status, Status::ok);
  EXPECT_EQ(powm(T{}, E{}, T{7u}), T{1u});
  EXPECT_EQ(powm(T{}, E{}, T{8u}), T{1u});
  EXPECT_EQ(powm(T{7u}, E{1u}, T{7u}), T{});
  EXPECT_EQ(powm(~T{}, std::uint64_t{1}, T{10u}), ~T{} % T{10u});
  EXPECT_EQ(modinv(T{5u}, T{1u}), T{});
  EXPECT_EQ(modinv_checked(T{}, T{1u}).status, Status::ok);
  EXPECT_EQ(modinv(T{1u}, T{2u}), T{1u});
  EXPECT_EQ(modinv(~T{}, T{2u}), T{1u});
  const T* no_bases = nullptr;
  const E* no_exponents = nullptr;
  EXPECT_EQ(multi_powm(no_bases, no_exponents, 0, T{7u}), T{1u});
  EXPECT_EQ(multi_powm(no_bases, no_exponents, 0, T{8u}), T{1u});
  EXPECT_EQ(multi_powm(no_bases, no_exponents, 0, T{1u}), T{});
  EXPECT_FALSE(is_probable_prime(T{}));
  EXPECT_FALSE(is_probable_prime(T{1u}));
  EXPECT_TRUE(is_probable_prime(T{2u}, 0));
  EXPECT_TRUE(is_probable_prime(T{101u}, -3));
}

}  // namespace
}  // namespace warpnum

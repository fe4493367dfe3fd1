// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/inverse_test.cpp: modular/inverse.hpp's modinv and modinv_checked against mpz_invert (and
// mpz_gcd for whether an inverse exists): odd moduli (Pornin's binary GCD, also called directly as
// detail::inverse_odd) and even ones (through the odd a), 2^k for every k, 2^k +- 1, all ones, primes (2^61 - 1,
// 2^127 - 1, secp256k1's and BN254's field primes); operands 0, 1, 2, m - 1, m, m + 1, above m, powers of two and
// (m + 1) / 2; the documented outcomes (docs/errors.md): no inverse gives {0, not_invertible} and
// std::domain_error, a zero modulus {0, division_by_zero}, and the modulus 1 is not an error (the inverse is 0);
// the inverse of the inverse; and fixed values in constant evaluation. At 32 bits (one limb), 96 (an odd number of
// limbs: 32-bit words on the host), 256 and 2048 bits. The random differential cases of every width are
// modular_suite.hpp's, whose check bodies this file shares.
#include "cases/thrown.hpp"
#include "host/modular/modular_suite.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular/inverse.hpp>
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation ------------------------------------------------------------------------------------

/// a modinv(a, m) = 1 (mod m), checked by a double-width product.
template <std::size_t Bits> constexpr bool is_inverse(const BigUInt<Bits>& a, const BigUInt<Bits>& m) {
  const auto r = modinv_checked(a, m);
  return r.status == Status::ok && r.value < m && mul_wide(a % m, r.value) % BigUInt<2 * Bits>(m) == BigUInt<2 * Bits>{1u};
}

constexpr bool fixed_inverses() {
  using U = BigUInt<64>;
  bool ok = modinv(U{3u}, U{7u}) == U{5u} && modinv(U{3u}, U{8u}) == U{3u} && modinv(U{7u}, U{1u} << 63) == U{0x6db6db6db6db6db7ull};
  ok = ok && is_inverse(U{2u}, U{0xffffffffffffffc5ull}) && is_inverse(~U{}, U{1001u} << 20) && is_inverse(U{11u}, ~U{});
  ok = ok && modinv_checked(U{6u}, U{9u}).status == Status::not_invertible && modinv_checked(U{6u}, U{9u}).value == U{};
  ok = ok && modinv_checked(U{3u}, U{6u}).status == Status::not_invertible && modinv_checked(U{4u}, U{}).status == Status::division_by_zero;
  ok = ok && modinv_checked(U{4u}, U{1u}).status == Status::ok && modinv_checked(U{4u}, U{1u}).value == U{};
  // 96 bits: three limbs, the 32-bit word algorithm; an even modulus with a large odd part.
  using W = BigUInt<96>;
  ok = ok && is_inverse(W{"0x123456789abcdef012345"}, W{"0xfffffffffffffffffffffffd"}) && is_inverse(W{0x10001u}, W{"0xfedcba9876543210fedcba98"});
  return ok && is_inverse(BigUInt<32>{0xfffffffeu}, BigUInt<32>{0xfffffffbu});
}
static_assert(fixed_inverses());

TEST(InverseConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_inverses()); }

// ---- against GMP ------------------------------------------------------------------------------------------------

template <class T> class Inverse : public ::testing::Test {};
using InverseTypes = ::testing::Types<BigUInt<32>, BigUInt<96>, BigUInt<256>, BigUInt<2048>>;
TYPED_TEST_SUITE(Inverse, InverseTypes, TypeNames);

/// check_modinv (modular_suite.hpp) for a and m, plus: modinv of the inverse is a mod m.
template <class T> ::testing::AssertionResult check_inverse(const T& a, const T& m) {
  WARPNUM_TEST_CHECK(check_modinv(a, m));
  const auto r = modinv_checked(a, m);
  if (r.status == Status::ok && m > T{1u} && modinv_checked(r.value, m).value != a % m)
    return fail("modinv(modinv(a, m), m) != a mod m", [&] { return "a = " + show(a) + ", m = " + show(m); });
  return pass();
}

/// The operands tried with each modulus m: 0, 1, 2, 3, m - 2, m - 1, m, m + 1, 2m - 1 (when it fits), all ones,
/// (m + 1) / 2 (the inverse of 2 for odd m), powers of two at limb boundaries, and two random values.
template <class T> std::vector<T> operands_for(const T& m, Rng& rng) {
  std::vector<T> v = {T{}, T{1u}, T{2u}, T{3u}, T{m - 2u}, T{m - 1u}, m, T{m + 1u}, ~T{}, T{(m >> 1) + 1u}};
  if (!m.bit(T::bits - 1)) v.push_back(T{(m << 1) - 1u});
  for (const std::size_t k : {std::size_t{31}, std::size_t{32}, std::size_t{63}, std::size_t{64}, T::bits - 1})
    if (k < T::bits) v.push_back(T{1u} << k);
  v.push_back(random_value<T>(rng));
  v.push_back(below(rng, m));
  return v;
}

// Odd moduli of structured shapes: 3, 2^k +- 1 at limb boundaries, all ones (2^Bits - 1), 2^(Bits - 1) + 1,
// primes; each with the operands of operands_for.
TYPED_TEST(Inverse, OddModuli) {
  using T = TypeParam;
  std::vector<T> moduli = {T{3u}, T{5u}, T{0x10001u}, ~T{}, T{(T{1u} << (T::bits - 1)) + 1u}, T{0xfffffffbu}};
  for (const std::size_t k : {std::size_t{2}, std::size_t{31}, std::size_t{32}, std::size_t{33}, std::size_t{63},
                              std::size_t{64}, std::size_t{65}, std::size_t{127}, std::size_t{128}, T::bits / 2, T::bits - 32}) {
    if (k == 0 || k >= T::bits) continue;
    moduli.push_back(T{(T{1u} << k) - 1u});
    moduli.push_back(T{(T{1u} << k) + 1u});
  }
  if (T::bits >= 64) moduli.push_back(T{BigUInt<64>{0x1fffffffffffffffull}});  // 2^61 - 1
  if (T::bits >= 128) moduli.push_back(T{(T{1u} << 127) - 1u});
  if (T::bits >= 256) {
    moduli.push_back(T{BigUInt<256>{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"}});  // secp256k1
    moduli.push_back(T{BigUInt<256>{"21888242871839275222246405745257275088696311157297823662689037894645226208583"}});  // BN254
  }
  Rng rng(seed_for("modinv odd moduli", T::bits));
  run_edge_cases(type_name<T>() + " modinv odd moduli", moduli, [&](const T& m) {
    for (const T& a : operands_for(m, rng)) WARPNUM_TEST_CHECK(check_inverse(a, m));
    // The inverses of 2 and of -1 are known.
    const auto describe = [&] { return "m = " + show(m); };
    WARPNUM_TEST_CHECK(same_value("modinv(2, m)", to_mpz(T{(m >> 1) + 1u}), modinv(T{2u}, m), describe));
    WARPNUM_TEST_CHECK(same_value("modinv(m - 1, m)", to_mpz(T{m - 1u}), modinv(T{m - 1u}, m), describe));
    return pass();
  });
}

// Even moduli: 2^k for every k (the odd a's inverse modulo a power of two), 2^k times an odd number, 2 (2^Bits -
// 1) (all ones but bit 0), 2^Bits - 2^k; with the operands of operands_for, of which the even ones have no inverse.
TYPED_TEST(Inverse, EvenModuli) {
  using T = TypeParam;
  Rng rng(seed_for("modinv even moduli", T::bits));
  std::vector<T> moduli = {T{2u}, T{4u}, T{6u}, T{~T{} - 1u}, T{~T{} << 32}, T{(~T{} >> 1) - 1u}};
  for (std::size_t k = 1; k < T::bits; k += (T::bits <= 256 ? 1 : 7)) moduli.push_back(T{1u} << k);
  for (int i = 0; i < 8; ++i) moduli.push_back(T{(exact_bits<T>(rng, 1 + rng.below(T::bits / 2)) | T{1u}) << (1 + rng.below(T::bits / 2 - 1))});
  run_edge_cases(type_name<T>() + " modinv even moduli", moduli, [&](const T& m) {
    if (m.is_zero()) return pass();  // 2^Bits - 2^32 at 32 bits
    for (const T& a : operands_for(m, rng)) WARPNUM_TEST_CHECK(check_inverse(a, m));
    // a random odd a of each length: invertible exactly when the odd part of m shares no factor with it
    for (int c = 0; c < 3; ++c) WARPNUM_TEST_CHECK(check_inverse(T{exact_bits<T>(rng, 1 + rng.below(T::bits)) | T{1u}}, m));
    return pass();
  });
}

// No inverse: gcd(a, m) > 1 for odd and even m, a = 0, a a multiple of m, a sharing a large odd factor with m,
// and an even m whose odd a shares its odd part's factor (m = 6, a = 3: the odd a's inverse of m mod a fails
// inside). Every one gives {0, Status::not_invertible} and modinv throws std::domain_error naming the
// non-throwing form.
TYPED_TEST(Inverse, NotInvertible) {
  using T = TypeParam;
  Rng rng(seed_for("modinv not invertible", T::bits));
  std::vector<std::pair<T, T>> pairs = {{T{}, T{3u}}, {T{}, T{2u}}, {T{3u}, T{6u}}, {T{9u}, T{12u}}, {T{15u}, T{15u}},
                                        {T{30u}, T{15u}}, {T{2u}, T{1u} << (T::bits - 1)}, {T{0x10001u}, ~T{}},
                                        {T{3u}, T{~T{} - 1u}}, {T{5u}, T{~T{} - 1u}}};
  for (int i = 0; i < 20; ++i) {
    const std::size_t fb = 2 + rng.below(T::bits / 2 - 1);
    const T f = exact_bits<T>(rng, fb) | T{1u};  // an odd common factor > 1
    const T k = exact_bits<T>(rng, 1 + rng.below(T::bits - fb));
    const T j = exact_bits<T>(rng, 1 + rng.below(T::bits - fb));
    pairs.emplace_back(T{f * j}, T{f * k});
    pairs.emplace_back(T{f * j}, T{f * k * T{2u}});
  }
  for (const auto& [a, m] : pairs) {
    if (m.is_zero()) continue;
    EXPECT_TRUE(check_inverse(a, m));
    Mpz g;
    mpz_gcd(g, to_mpz(a), to_mpz(m));
    if (cmp_ui(g, 1) == 0) continue;  // a product wrapped into a coprime pair: checked above, not this case
    const auto r = modinv_checked(a, m);
    EXPECT_EQ(r.status, Status::not_invertible) << show(a) << ", " << show(m);
    EXPECT_EQ(r.value, T{}) << show(a) << ", " << show(m);
    const std::string what = thrown_message<std::domain_error>([&] { (void)modinv(a, m); });
    EXPECT_NE(what.find("no inverse"), std::string::npos) << what;
  }
}

// The modulus 1: every value is the inverse of every value; modinv_checked gives {0, ok} and modinv 0, without
// throwing. The modulus 0: {0, division_by_zero} and std::domain_error.
TYPED_TEST(Inverse, ModuliOneAndZero) {
  using T = TypeParam;
  Rng rng(seed_for("modinv modulus one", T::bits));
  std::vector<T> values = {T{}, T{1u}, T{2u}, ~T{}, T{1u} << (T::bits - 1)};
  values.push_back(random_value<T>(rng));
  for (const T& a : values) {
    const auto r = modinv_checked(a, T{1u});
    EXPECT_EQ(r.status, Status::ok) << show(a);
    EXPECT_EQ(r.value, T{}) << show(a);
    EXPECT_EQ(modinv(a, T{1u}), T{}) << show(a);
    const auto z = modinv_checked(a, T{});
    EXPECT_EQ(z.status, Status::division_by_zero) << show(a);
    EXPECT_EQ(z.value, T{}) << show(a);
    const std::string what = thrown_message<std::domain_error>([&] { (void)modinv(a, T{}); });
    EXPECT_NE(what.find("zero"), std::string::npos) << what;
  }
}

// detail::inverse_odd, the odd-modulus algorithm, directly: x < m for odd m > 1 of random lengths, x = 0, 1,
// m - 1 and x sharing a factor with m, against mpz_invert.
TYPED_TEST(Inverse, InverseOddDirect) {
  using T = TypeParam;
  const int cases = T::bits >= 2048 ? 200 : 2000;
  run_random_cases(type_name<T>() + " inverse_odd", seed_for("inverse_odd", T::bits), cases, [](Rng& rng, int i) {
    T m = random_modulus<T>(rng, Parity::odd);
    if (m == T{1u}) m = T{3u};
    T x;
    switch (i % 6) {
      case 0: x = T{}; break;
      case 1: x = T{1u}; break;
      case 2: x = m - 1u; break;
      case 3: {  // x = m / f * j for a small factor f of m, if any: often not invertible
        const T f{static_cast<std::uint32_t>(3 + 2 * rng.below(20))};
        x = m % f == T{} ? T{m / f * T{static_cast<std::uint32_t>(1 + rng.below(2))}} % m : below(rng, m);
        break;
      }
      default: x = below(rng, m); break;
    }
    const auto got = detail::inverse_odd(x, m);
    Mpz want;
    const bool invertible = mpz_invert(want, to_mpz(x), to_mpz(m)) != 0;
    const auto describe = [&] { return "x = " + show(x) + ", m = " + show(m); };
    WARPNUM_TEST_CHECK(same_status("inverse_odd(x, m).status", invertible ? Status::ok : Status::not_invertible, got.status, describe));
    return same_value("inverse_odd(x, m).value", invertible ? want : Mpz(0L), got.value, describe);
  });
}

// Random operands of modular_suite.hpp's mix (about a third with a common factor), odd, even and any moduli.
TYPED_TEST(Inverse, Random) {
  using T = TypeParam;
  const int cases = T::bits >= 2048 ? 300 : 3000;
  run_random_cases(type_name<T>() + " modinv random", seed_for("modinv random", T::bits), cases, [](Rng& rng, int i) {
    const auto [a, m] = modinv_operands<T>(rng, i % 3 == 0 ? Parity::odd : i % 3 == 1 ? Parity::even : Parity::any);
    return check_inverse(a, m);
  });
}

}  // namespace
// The typed suite of modular_suite.hpp runs in modular_*_test.cpp; this file shares its check bodies only.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Modular);
}  // namespace warpnum::test

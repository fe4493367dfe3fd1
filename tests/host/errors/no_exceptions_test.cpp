// SPDX-License-Identifier: Apache-2.0
// tests/host/errors/no_exceptions_test.cpp: the error model of a host built with -fno-exceptions (docs/errors.md,
// "The error model"; its one throw point, detail/raise.hpp). Compiled without exceptions (tests/CMakeLists.txt; ctest label noexcept). An error of an
// operation with a defined result gives the device's result on the host, the operators as well as the `_checked`
// forms: division by zero, isqrt of a negative, modinv without an inverse, powm modulo 0, contexts for a bad
// modulus, from_bytes with bytes that do not fit, the inverse of zero in GF2n and Fp, an empty random range, a
// batch's division by zero. An error of a host-only operation with no defined result (malformed text, a bad base, a
// batch expression over batches of different sizes) prints its message and aborts: death tests.
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/random.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || WARPNUM_HAS_EXCEPTIONS || GTEST_HAS_EXCEPTIONS
#  error "tests/host/errors/no_exceptions_test.cpp must be compiled with -fno-exceptions"
#endif

namespace warpnum {
namespace {

using U256 = BigUInt<256>;
using I256 = BigInt<256>;

TEST(NoExceptions, DivisionByZeroGivesTheDeviceResult) {
  const U256 a{"0x123456789abcdef0123456789abcdef"};
  EXPECT_EQ(a / U256{}, ~U256{});
  EXPECT_EQ(a % U256{}, a);
  const auto d = divmod(a, U256{});
  EXPECT_EQ(d.quot, ~U256{});
  EXPECT_EQ(d.rem, a);
  U256 x = a;
  x /= U256{};
  EXPECT_EQ(x, ~U256{});
  x = a;
  x %= U256{};
  EXPECT_EQ(x, a);
  const auto c = divmod_checked(a, U256{});
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.status, Status::division_by_zero);
  EXPECT_EQ(c.quot, ~U256{});
  EXPECT_EQ(c.rem, a);

  const I256 s{-12345};
  EXPECT_EQ(s / I256{}, I256{-1});
  EXPECT_EQ(s % I256{}, s);
  EXPECT_TRUE(divmod_checked(s, I256{7}).ok());
}

TEST(NoExceptions, IsqrtOfANegativeIsZero) {
  EXPECT_EQ(isqrt(I256{-4}), I256{});
  EXPECT_EQ(isqrt(I256::min()), I256{});
  EXPECT_EQ(isqrt(I256{16}), I256{4});
}

TEST(NoExceptions, ModinvAndPowm) {
  // gcd(6, 9) = 3: no inverse.
  EXPECT_EQ(modinv(U256{6u}, U256{9u}), U256{});
  const Checked<U256> none = modinv_checked(U256{6u}, U256{9u});
  EXPECT_EQ(none.status, Status::not_invertible);
  EXPECT_EQ(none.value, U256{});
  EXPECT_EQ(modinv(U256{3u}, U256{}), U256{});
  EXPECT_EQ(modinv_checked(U256{3u}, U256{}).status, Status::division_by_zero);
  EXPECT_EQ(modinv(U256{3u}, U256{7u}), U256{5u});

  EXPECT_EQ(powm(U256{3u}, U256{5u}, U256{}), U256{});
  const ModResult<U256> p = powm_checked(U256{3u}, U256{5u}, U256{});  // ModResult is Checked
  EXPECT_FALSE(p.ok());
  EXPECT_EQ(p.status, Status::division_by_zero);
  EXPECT_EQ(p.value, U256{});
  const std::array<U256, 2> g{U256{2u}, U256{3u}};
  const std::array<U256, 2> e{U256{5u}, U256{7u}};
  EXPECT_EQ(multi_powm(g.data(), e.data(), 2, U256{}), U256{});
  EXPECT_EQ(powm(U256{3u}, U256{5u}, U256{7u}), U256{5u});  // 243 mod 7
}

TEST(NoExceptions, ContextsForABadModulus) {
  // An even modulus: the constructor's context works modulo 1 and its status says why.
  const Montgomery<256> even(U256{10u});
  EXPECT_EQ(even.status(), Status::invalid_argument);
  EXPECT_EQ(even.from_montgomery(even.mul(even.to_montgomery(U256{3u}), even.to_montgomery(U256{4u}))), U256{});
  EXPECT_EQ(Montgomery<256>(U256{}).status(), Status::division_by_zero);
  EXPECT_EQ(Montgomery<256>::checked(U256{10u}).status(), Status::invalid_argument);
  EXPECT_EQ(Montgomery<256>(U256{11u}).status(), Status::ok);
  const Barrett<256> zero(U256{});
  EXPECT_EQ(zero.status(), Status::division_by_zero);
  EXPECT_EQ(zero.reduce(U256{12345u}), U256{});
}

TEST(NoExceptions, FromBytesIgnoresTheExcess) {
  std::array<std::uint8_t, 40> bytes{};
  bytes[0] = 0x2a;
  bytes[35] = 0x01;  // beyond the 32 bytes of a BigUInt<256>
  EXPECT_EQ(from_bytes<U256>(bytes.data(), bytes.size()), U256{0x2au});
}

TEST(NoExceptions, FieldInverseOfZero) {
  using F = GF2n<163>;
  EXPECT_EQ(inverse(F{}), F{});
  EXPECT_EQ(F::one() / F{}, F{});
  const Checked<F> z = inverse_checked(F{});
  EXPECT_EQ(z.status, Status::not_invertible);
  EXPECT_TRUE(z.value.is_zero());
  EXPECT_EQ(inverse(F::one()), F::one());
  // A coefficient at x^N or above is dropped, as on the device.
  EXPECT_EQ(GF2n<8>(std::uint64_t{0x1ff}), GF2n<8>(std::uint64_t{0xff}));

  static constexpr U256 p{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};
  using P = Fp<256, p>;
  EXPECT_EQ(inverse(P{}), P{});
  EXPECT_EQ(P(std::uint64_t{5}) / P{}, P{});
  EXPECT_EQ(inverse_checked(P{}).status, Status::not_invertible);
  // A composite modulus: 3 has no inverse modulo 15.
  static constexpr BigUInt<64> fifteen{15u};
  using Q = Fp<64, fifteen>;
  EXPECT_EQ(inverse_checked(Q(std::uint64_t{3})).status, Status::not_invertible);
  EXPECT_EQ(inverse(Q(std::uint64_t{3})), Q{});
}

TEST(NoExceptions, EmptyRandomRange) {
  Philox4x32 g(7);
  const Philox4x32 before = g;
  EXPECT_EQ(random_below(g, U256{}), U256{});
  EXPECT_EQ(random_below_checked(g, I256{-3}).status, Status::invalid_argument);
  EXPECT_TRUE(g == before);  // nothing drawn
  uniform_int_distribution<U256> d(U256{9u}, U256{2u});
  EXPECT_EQ(d.status(), Status::invalid_argument);
  EXPECT_EQ(d(g), U256{9u});
  EXPECT_TRUE(g == before);
}

TEST(NoExceptions, BatchDivisionByZeroSetsTheFlag) {
  std::vector<U256> va{U256{7u}, U256{8u}, U256{9u}};
  std::vector<U256> vb{U256{2u}, U256{}, U256{3u}};
  Batch<U256> a(va, Place::host), b(vb, Place::host);
  Batch<U256> q = a / b;
  const std::vector<U256> got = q.to_vector();
  EXPECT_EQ(got[0], U256{3u});
  EXPECT_EQ(got[1], ~U256{});
  EXPECT_EQ(got[2], U256{3u});
  EXPECT_EQ(q.status(), Status::division_by_zero);
}

// Host-only errors have no defined result: the message on stderr, then std::abort.
TEST(NoExceptionsDeathTest, MalformedTextAborts) {
  EXPECT_DEATH((void)U256{std::string_view{"0x12g"}}, "warpnum: invalid character 'g' at position 4 in \"0x12g\"");
  EXPECT_DEATH((void)U256{std::string_view{""}}, "warpnum: no digits in");
  EXPECT_DEATH((void)BigUInt<32>{std::string_view{"4294967296"}}, "does not fit in BigUInt<32>");
  EXPECT_DEATH((void)from_string<U256>("12", 40), "base must be 0 or from 2 to 36, got 40");
  EXPECT_DEATH((void)to_string(U256{5u}, 1), "base must be from 2 to 36, got 1");
  EXPECT_DEATH((void)GF2n<8>{std::string_view{"0x1g"}}, "invalid character 'g' at position 3");
}

TEST(NoExceptionsDeathTest, BatchOfDifferentSizesAborts) {
  std::vector<U256> va(3, U256{1u}), vb(4, U256{2u});
  Batch<U256> a(va, Place::host), b(vb, Place::host);
  EXPECT_DEATH(
      {
        Batch<U256> c = a + b;
        (void)c;
      },
      "batch expression over batches of different sizes \\(3 and 4\\)");
}

}  // namespace
}  // namespace warpnum

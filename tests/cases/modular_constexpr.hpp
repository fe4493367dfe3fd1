// SPDX-License-Identifier: Apache-2.0
// tests/cases/modular_constexpr.hpp: fixed-value checks of modular.hpp at 64 and 256 bits as WARPNUM_HD constexpr
// functions: static_asserted in tests/host/modular/constexpr_test.cpp (constant evaluation: the 32-bit limb
// bodies), run there on the host (the 64-bit word bodies) and in a kernel by tests/device/modular/. Few values
// and short exponents where the compiler's constexpr budget is at stake (is_probable_prime with 1 or 2 rounds at
// 256 bits). Every expected value was computed independently with Python 3 (pow(b, e, m), pow(a, -1, m), %, and
// sympy.isprime), never by warpnum.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

namespace warpnum::test::cx_mod {

using U64 = BigUInt<64>;
using U128 = BigUInt<128>;
using U256 = BigUInt<256>;

/// 2^64 - 59, the largest prime below 2^64 (an odd modulus with the top bit set).
WARPNUM_HD constexpr U64 p64() { return U64{"0xffffffffffffffc5"}; }
/// secp256k1's p = 2^256 - 2^32 - 977 (odd, top bit set, a long run of ones).
WARPNUM_HD constexpr U256 p256() { return U256{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"}; }
WARPNUM_HD constexpr U256 g256() { return U256{"0x0123456789abcdeffedcba98765432100f1e2d3c4b5a69788796a5b4c3d2e1f0"}; }
WARPNUM_HD constexpr U256 e256() { return U256{"0x1f2e3d4c5b6a798899aabbccddeeff0011223344556677888877665544332211"}; }

// powm: odd moduli (Montgomery) and even ones (Barrett), an exponent of another width.
WARPNUM_HD constexpr bool powm_64() {
  bool ok = powm(U64{3u}, U64{200u}, U64{1000000007u}) == U64{136318165u};
  ok = ok && powm(U64{"0x0123456789abcdef"}, U64{"0xfedcba9876543210"}, p64()) == U64{"0xe5fd58e46915a48b"};
  // Even modulus 10^18.
  ok = ok && powm(U64{"0x0123456789abcdef"}, U64{"0x0fedcba987654321"}, U64{"1000000000000000000"}) == U64{"0xdaab86cd46cbef"};
  ok = ok && powm(U64{3u}, BigUInt<32>{200u}, U64{1000000007u}) == U64{136318165u};
  ok = ok && powm(U64{3u}, std::uint64_t{200}, U64{1000000007u}) == U64{136318165u};
  ok = ok && powm(U64{5u}, U64{}, U64{1u}) == U64{} && powm(U64{}, U64{}, U64{7u}) == U64{1u};
  const auto z = powm_checked(U64{3u}, U64{2u}, U64{});
  return ok && z.status == Status::division_by_zero && z.value == U64{};
}

WARPNUM_HD constexpr bool powm_256() {
  bool ok = powm(g256(), e256(), p256()) == U256{"0xcc0607f0785ad8c9a9f8d602b4fcaa25d399e1bf325e4231dd7281d40b24a2d2"};
  // Even moduli: 2^255 (a power of two) and p - 1.
  ok = ok && powm(g256() | U256{1u}, e256(), U256{1u} << 255) ==
                 U256{"0x496a46d29c784a57d61cb850bcc81cdfd31b2c95740c53197cb07e6480e3e8f1"};
  ok = ok && powm(g256(), e256(), p256() - 1u) == U256{"0x3d140d77b2b21c097fe76b20982475a62714d7057578f0ecfcc4461bc4f8885c"};
  // Fermat: 2^(p - 1) = 1 modulo the prime p = 2^255 - 19.
  const U256 p25519 = (U256{1u} << 255) - 19u;
  return ok && powm(U256{2u}, p25519 - 1u, p25519) == U256{1u};
}

// modinv: odd and even moduli, no inverse.
WARPNUM_HD constexpr bool modinv_64() {
  bool ok = modinv(U64{3u}, U64{1000000007u}) == U64{333333336u};
  ok = ok && modinv(U64{3u}, U64{1u} << 63) == U64{"0x2aaaaaaaaaaaaaab"};
  ok = ok && modinv(U64{"0x0123456789abcdef"}, p64()) == U64{"0xfe97e97e97e97e5c"};
  const auto none = modinv_checked(U64{6u}, U64{9u});
  ok = ok && none.status == Status::not_invertible && none.value == U64{};
  return ok && modinv(U64{12345u}, U64{1u}) == U64{};
}

WARPNUM_HD constexpr bool modinv_256() {
  bool ok = modinv(g256(), p256()) == U256{"0x7cb55550415560a93f509b0bb779ee8b9059c5accd05d640cb74f36b20405a6d"};
  ok = ok && modinv(g256() | U256{1u}, U256{1u} << 255) == U256{"0x15aa50ffffffffffdaacefffffffffffffffffffffffffffffef11"};
  return ok && modinv_checked(g256(), U256{1u} << 255).status == Status::not_invertible;
}

// Montgomery: the raw product a b 2^-Bits mod m, and the product through to_montgomery and from_montgomery.
WARPNUM_HD constexpr bool montgomery_64() {
  const Montgomery<64> ctx(p64());
  const U64 a{"0x0123456789abcdef"};
  const U64 b{"0xfedcba9876543210"};
  bool ok = ctx.status() == Status::ok && ctx.mul(a, b) == U64{"0xdf0031bdb15b1edf"};
  ok = ok && ctx.from_montgomery(ctx.mul(ctx.to_montgomery(a), ctx.to_montgomery(b))) == U64{"0x650b76b7e0002926"};
  const auto even = Montgomery<64>::checked(U64{10u});
  return ok && even.status() == Status::invalid_argument && even.to_montgomery(a) == U64{};
}

WARPNUM_HD constexpr bool montgomery_256() {
  const Montgomery<256> ctx(p256());
  bool ok = ctx.mul(g256(), e256()) == U256{"0x213ebfbc40a29f5aa9ef749e617280c9c12b1c792083fe1fb17c5a8e54019f97"};
  return ok && ctx.from_montgomery(ctx.mul(ctx.to_montgomery(g256()), ctx.to_montgomery(e256()))) ==
                   U256{"0x211c5ccd56919da0ec4e913ba7289e73560ba864c9393182d0d5f97f7aadb072"};
}

// Barrett: reduce of a double-width value below m 2^Bits, odd and even moduli.
WARPNUM_HD constexpr bool barrett_64() {
  const U128 x{"0xfedcba98765432100123456789abcdef"};
  bool ok = Barrett<64>(p64()).reduce(x) == U64{"0xbe02468acf1364fd"};
  ok = ok && Barrett<64>(U64{"1000000000000000000"}).reduce(U128{"0x0123456789abcdeffedcba9876543210"}) == U64{"0x49cc372a5283210"};
  const auto zero = Barrett<64>::checked(U64{});
  return ok && zero.status() == Status::division_by_zero && zero.reduce(x) == U64{};
}

WARPNUM_HD constexpr bool barrett_256() {
  return Barrett<256>(p256() - 1u).reduce(mul_wide(g256(), e256())) ==
         U256{"0x213fd6d1174271cb9e67239f78472edd15ae58eb8c3c159b7333ed5b074f5254"};
}

// is_probable_prime: primes, a composite without small factors, a strong pseudoprime to the first 11 prime bases
// (3825123056546413051, OEIS A014233), a Carmichael number.
WARPNUM_HD constexpr bool prime_64() {
  bool ok = is_probable_prime(U64{1000000007u}) && is_probable_prime(p64()) && is_probable_prime((U64{1u} << 61) - 1u);
  ok = ok && !is_probable_prime(U64{561u}) && !is_probable_prime(U64{1000000007u} * U64{998244353u});
  ok = ok && is_probable_prime(U64{"3825123056546413051"}, 11) && !is_probable_prime(U64{"3825123056546413051"});
  return ok && !is_probable_prime(U64{1u}) && is_probable_prime(U64{2u}) && !is_probable_prime(U64{});
}

WARPNUM_HD constexpr bool prime_256() {
  bool ok = is_probable_prime(p256(), 2) && is_probable_prime((U256{1u} << 255) - 19u, 1);
  // (2^127 - 1)(2^61 - 1): two Mersenne primes, no factor below 100.
  return ok && !is_probable_prime(((U256{1u} << 127) - 1u) * ((U256{1u} << 61) - 1u), 2);
}

}  // namespace warpnum::test::cx_mod

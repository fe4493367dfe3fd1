// SPDX-License-Identifier: Apache-2.0
// tests/cases/bigint_constexpr.hpp: checks of BigUInt/BigInt on fixed values whose results were computed with
// Python's integers. Each is a WARPNUM_HD constexpr bool, so one body is static_asserted (constant evaluation runs
// the 32-bit word algorithms), run by a host test (the 64-bit word fast paths) and can run in a kernel. Widths
// stay at 512 bits and below and the values few: compilers cap constexpr work (chfast/intx #335).
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>

#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <string_view>

namespace warpnum::test::cx {

using U256 = BigUInt<256>;
using I256 = BigInt<256>;
using U512 = BigUInt<512>;
using I512 = BigInt<512>;

// secp256k1's field prime p and the x coordinate of its generator G.
WARPNUM_HD constexpr U256 p() { return U256{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"}; }
WARPNUM_HD constexpr U256 g() { return U256{"0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"}; }

/// + - * and mul_wide, with carries and borrows through all eight limbs.
WARPNUM_HD constexpr bool add_sub_mul_256() {
  const U256 a = p();
  const U256 b = g();
  U256 c = a;
  c += b;
  bool ok = a + b == U256{"0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815a16f813c7"} && c == a + b;
  ok = ok && a - b == U256{"0x8641998106234453aa5f9d6a3178f4f8fd640324d231d726a60d7ea3e907e497"};
  ok = ok && b - a == U256{"0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815c16f81b69"};
  ok = ok && a * b == U256{"0x667e19bc16f760b76860b73fcc02ed63dce1d6acd6439924a2883bc5572df4e8"};
  ok = ok && mul_wide(a, b) == U512{"0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815a9d39af48667e19bc16f760b76860b73fcc02ed63dce1d6acd6439924a2883bc5572df4e8"};
  ok = ok && U256::max() + U256{1} == U256{} && U256{} - U256{1} == U256::max();
  U256 x = U256::max();
  ok = ok && ++x == U256{} && x-- == U256{} && x == U256::max();
  return ok;
}

/// / and % with a normalised divisor, a one-limb divisor and a three-limb (129-bit) divisor; divmod_checked by 0.
WARPNUM_HD constexpr bool div_256() {
  const U256 a = p();
  const U256 c{0xfffffffbu};
  const U256 d{"0x100000000000000000000000000000001"};
  bool ok = a / g() == U256{2} && a % g() == U256{"0xc8333020c4688a754bf3ad462f1e9f1fac80649a463ae4d4c1afd48d20fccff"};
  ok = ok && a / c == U256{"0x100000005000000190000007d0000027100000c3500003d090001312c"} && a % c == U256{0x5f20bu};
  ok = ok && a / d == U256{"0xfffffffffffffffffffffffffffffffe"} && a % d == U256{"0xfffffffffffffffffffffffefffffc31"};
  ok = ok && c / a == U256{} && c % a == c;
  const auto z = divmod_checked(a, U256{});
  ok = ok && z.status == Status::division_by_zero && z.quot == ~U256{} && z.rem == a;
  const auto r = divmod(a, d);
  return ok && r.quot * d + r.rem == a;
}

/// Signed: truncating division, the remainder's sign, arithmetic shift, the signed full product.
WARPNUM_HD constexpr bool signed_256() {
  const I256 ng = -I256{g()};
  const I256 c{0xfffffffbll};
  const I256 d{"0x100000000000000000000000000000001"};
  bool ok = ng / c == I256{"-0x79be66815a94bc331a880f95532f58f1a288b9935a79c8ba1e536cfd"} && ng % c == I256{-0xae993889ll};
  ok = ok && ng / -d == I256{"0x79be667ef9dcbbac55a06295ce870b06"} && ng % -d == I256{"-0x88dd965c33f16d2d04521ec548710c92"};
  ok = ok && I256{g()} / -d == I256{"-0x79be667ef9dcbbac55a06295ce870b06"};
  ok = ok && I256{g()} % -d == I256{"0x88dd965c33f16d2d04521ec548710c92"};
  ok = ok && (ng >> 77) == I256{"-0x3cdf333f7cee5dd62ad0314ae7438583814dfe6d96e72"};
  ok = ok && ng * d == I256{"-0x7c5a635a27aae485af92e3f0e57f229f029bfcdb2dce28d959f2815b16f81798"};
  ok = ok && mul_wide(ng, d) == I512{"-0x79be667ef9dcbbac55a06295ce870b077c5a635a27aae485af92e3f0e57f229f029bfcdb2dce28d959f2815b16f81798"};
  ok = ok && I256::min() / I256{-1} == I256::min() && I256::min() % I256{-1} == I256{};
  ok = ok && abs(I256::min()) == I256::min() && abs(ng) == I256{g()};
  ok = ok && (I256{-1} >> 1000) == I256{-1} && (I256{-1} << 255) == I256::min();
  ok = ok && I256{-5} < I256{3} && I256::min() < I256::max() && compare(I256{-1}, I256{}) == -1;
  return ok && ng.is_negative() && !I256{g()}.is_negative();
}

/// Shifts, bit queries, bitwise operators.
WARPNUM_HD constexpr bool bits_256() {
  const U256 a = p();
  const U256 b = g();
  bool ok = (a << 77) == U256{"0xffffffffffffffffffffffffffffffffffffdfffff85e0000000000000000000"};
  ok = ok && (a >> 77) == U256{"0x7ffffffffffffffffffffffffffffffffffffffffffff"};
  ok = ok && (a << 256) == U256{} && (a >> 256) == U256{} && (a << 0) == a;
  ok = ok && popcount(a) == 250 && countl_zero(b) == 1 && countr_zero(b) == 3 && bit_width(b) == 255;
  ok = ok && countl_zero(U256{}) == 256 && countr_zero(U256{}) == 256 && bit_width(U256{}) == 0;
  ok = ok && (a & b) == ~(~a | ~b) && (a ^ b ^ b) == a && (a | b) == ((a ^ b) | (a & b));
  U256 x{};
  x.set_bit(200);
  ok = ok && x == (U256{1} << 200) && x.bit(200) && !x.bit(199) && !x.bit(1000);
  x.set_bit(200, false);
  return ok && x.is_zero() && !x;
}

/// pow (both overloads), isqrt, gcd, lcm.
WARPNUM_HD constexpr bool number_theory_256() {
  const U256 a = p();
  bool ok = pow(a, 65537) == U256{"0xac716232e1b570664dd2efa0ccea491f941ba520f1c5d7db15060766afaffc2f"};
  ok = ok && pow(a, g()) == U256{"0x938d3be934557c9b5f1c6c6914d6ce3435e167d84eb864d883f28eb73f826781"};
  ok = ok && pow(U256{3}, 1000) == U256{"0xce065bd2a048f32939dc42ec08348318c4940c56f7867dbe5616937bd3b85b21"};
  ok = ok && pow(g(), 65537) == U256{} && pow(a, 0) == U256{1} && pow(a, U256{}) == U256{1};
  ok = ok && isqrt(a) == U256{"0xffffffffffffffffffffffffffffffff"} && isqrt(U256{}) == U256{};
  const U256 x{"0x121fa00ad77d7422358d29092d964322236d88fe5618cf"};
  const U256 y{"0x1601d49e501c131e917bdec818e1331e7b7a0a29c8c52"};
  ok = ok && gcd(x, y) == U256{"0x33333333333333033333333333333303"};
  ok = ok && lcm(x, y) == U256{"0x7ca3ca5c56e3d3abc55a9918039c5428e3370363c6b8807d9a8034a81a"};
  ok = ok && gcd(a, g()) == U256{1} && gcd(U256{}, g()) == g() && lcm(U256{}, g()) == U256{};
  return ok && gcd(I256{-12}, I256{18}) == I256{6} && lcm(I256{-4}, I256{6}) == I256{12};
}

/// 512 bits: product, division, root and the full product, all at the constexpr limit.
WARPNUM_HD constexpr bool arith_512() {
  const U512 q = U512{} - U512{569};  // 2^512 - 569
  const U512 r{"0xa1b2c3d4e5f60718293a4b5c6d7e8f90aabbccddeeff00112233445566778899"};
  bool ok = q * r == U512{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe9899aabbcce02a3b4c5d6e7f90a1b2e7748495a6b7cb38d9eafc0d1e2f405163ef"};
  ok = ok && q / r == U512{"0x1954c4a989533ae90fe313e85011cb46218f6705bf8c111e1847dab6ff601c136"};
  ok = ok && q % r == U512{"0x83e2f047f21ecff84921319944106d2579469db534581cfdf11782aab634d481"};
  ok = ok && isqrt(q) == U512{"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"};
  ok = ok && mul_wide(q, q) == BigUInt<1024>{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffb8e0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004f0b1"};
  return ok && I512{-7} * I512{6} == I512{-42} && I512::min() + I512::max() == I512{-1};
}

/// 96 bits: three limbs, the host's padded case.
WARPNUM_HD constexpr bool arith_96() {
  const BigUInt<96> a{"0xfedcba9876543210deadbeef"};
  const BigUInt<96> b{"0x1234567890abcdef1"};
  bool ok = a * b == BigUInt<96>{"0x3311296b0bfc6af0daa800ff"} && a / b == BigUInt<96>{0xe0000000u};
  ok = ok && a % b == BigUInt<96>{"0x8ceeeefdfeadbeef"} && gcd(a, b) == BigUInt<96>{1};
  return ok && mul_wide(a, b) == BigUInt<192>{"0x121fa00acd77d74243311296b0bfc6af0daa800ff"};
}

/// Conversions: built-ins in and out, widths, double (rounded to nearest), bytes.
WARPNUM_HD constexpr bool conversions() {
  bool ok = BigInt<256>{-1} == ~BigInt<256>{} && BigUInt<256>{-1} == U256::max();
  ok = ok && static_cast<int>(I256{-7}) == -7 && static_cast<unsigned char>(p()) == 0x2f;
  ok = ok && static_cast<long long>(BigInt<32>{-2}) == -2;
  ok = ok && BigInt<512>{I256{-3}} == BigInt<512>{-3} && BigUInt<64>{I256{-1}} == BigUInt<64>::max();
  ok = ok && static_cast<double>(p()) == 1.157920892373162e+77 && static_cast<double>(-I256{g()}) == -5.5066263022277344e+76;
  ok = ok && static_cast<double>(BigUInt<128>{(1ull << 53) + 1}) == 9007199254740992.0;  // a tie, to even
  ok = ok && static_cast<double>(BigUInt<128>{(1ull << 53) + 3}) == 9007199254740996.0;
  const std::array<std::uint8_t, 32> le = to_bytes(p());
  const std::array<std::uint8_t, 32> be = to_bytes(p(), std::endian::big);
  ok = ok && le[0] == 0x2f && le[31] == 0xff && be[31] == 0x2f && be[0] == 0xff;
  ok = ok && from_bytes<U256>(le.data(), 32) == p() && from_bytes<U256>(be.data(), 32, std::endian::big) == p();
  return ok && from_bytes<U256>(le.data(), 1) == U256{0x2fu};
}

/// Text at compile time (host constexpr: to_chars and from_chars are not device functions).
constexpr bool text() {
  char buf[80] = {};
  auto r = to_chars(buf, buf + sizeof buf, p());
  bool ok = r.ec == std::errc{} &&
            std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)) ==
                "115792089237316195423570985008687907853269984665640564039457584007908834671663";
  r = to_chars(buf, buf + sizeof buf, g(), 36);
  ok = ok && std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)) == "318hs83r8s0us5bzfbdfzp4eajc6mwu5zmr55uagvni4yl6460";
  r = to_chars(buf, buf + sizeof buf, I256{-255}, 16, true);
  ok = ok && std::string_view(buf, static_cast<std::size_t>(r.ptr - buf)) == "-FF";
  constexpr std::string_view text = "-318hs83r8s0us5bzfbdfzp4eajc6mwu5zmr55uagvni4yl6460!";
  I256 v{};
  const auto f = from_chars(text.data(), text.data() + text.size(), v, 36);
  ok = ok && f.ec == std::errc{} && *f.ptr == '!' && v == -I256{g()};
  constexpr std::string_view big = "1000000000000000000000000000000000000000000000000000000000000000000000000000000";
  return ok && from_chars(big.data(), big.data() + big.size(), v).ec == std::errc::result_out_of_range && v == -I256{g()};
}

}  // namespace warpnum::test::cx

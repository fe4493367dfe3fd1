// SPDX-License-Identifier: Apache-2.0
// tests/cases/gf2n_constexpr.hpp: fixed-value checks of GF2n at N = 8 (AES's field), 64 and 128 as WARPNUM_HD
// constexpr functions: static_asserted in tests/host/gf2n/gf2n_test.cpp and run in a kernel by
// tests/device/gf2n/gf2n_test.cu. The expected values are NTL's (GF2E over the same polynomial), except the two
// AES ones, which FIPS-197 gives: {57} * {83} = {c1} (Sec. 4.2) and the inverse of {53} is {ca} (Sec. 5.1.1).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>

#include <cstdint>

namespace warpnum::test::cx_gf2n {

/// The element of GF2n<128> with words {lo, hi}.
WARPNUM_HD constexpr GF2n<128> f128(std::uint64_t hi, std::uint64_t lo) {
  GF2n<128> x{};
  x.words_[0] = lo;
  x.words_[1] = hi;
  return x;
}

/// AES's field, x^8 + x^4 + x^3 + x + 1 (the default polynomial of degree 8).
WARPNUM_HD constexpr bool aes_8() {
  using F = GF2n<8, Poly{8, 4, 3, 1, 0}>;
  const F a{0x57u}, b{0x83u};
  return a * b == F{0xc1u} && a + b == F{0xd4u} && a - b == F{0xd4u} && inverse(F{0x53u}) == F{0xcau} &&
         F{0x53u} * F{0xcau} == F::one() && square(a) == F{0xa5u} && inverse(a) == F{0xbfu} && a / b == F{0x38u} &&
         pow(a, std::uint64_t{12345}) == F{0xb3u} && sqrt(a) == F{0xf5u} && trace(a) == 0 && -a == a &&
         inverse_checked(F{}).status == Status::not_invertible && inverse_checked(a).value == F{0xbfu} &&
         pow(F{}, std::uint64_t{0}) == F::one() && F::monomial(7) * F::monomial(1) == F{0x1bu} &&
         F{0x57u}.to_biguint() == BigUInt<32>{0x57u} && F{BigUInt<64>{0x57u}} == a && a.coefficient(6) && !a.coefficient(5);
}

/// x^64 + x^4 + x^3 + x + 1.
WARPNUM_HD constexpr bool field_64() {
  using F = GF2n<64>;
  const F a{0x0123456789abcdefull}, b{0xfedcba9876543210ull};
  return a * b == F{0x48827ab55d976fa0ull} && square(a) == F{0x405a2833e1fb8992ull} &&
         inverse(a) == F{0x482870f8db3decdaull} && a / b == F{0xe3d40dcea681ecc5ull} &&
         pow(a, std::uint64_t{12345}) == F{0xc499324ecbbee0f5ull} && pow(a, BigUInt<32>{12345u}) == F{0xc499324ecbbee0f5ull} &&
         sqrt(a) == F{0x030365651eb5e14aull} && trace(a) == 0 && trace(F::one()) == 0 &&
         F::monomial(63) * F::monomial(1) == F{0x1bu} && a < b && a != b;
}

/// x^128 + x^7 + x^2 + x + 1 (GCM's polynomial, here with the integer bit order, not GCM's reflected one).
WARPNUM_HD constexpr bool field_128() {
  using F = GF2n<128>;
  const F a = f128(0x123456789abcdef0ull, 0xfedcba9876543210ull);
  const F b = f128(0x8000000000000000ull, 1);
  return a * b == f128(0xa06719ebd7106ea6ull, 0x35f98e61428efb34ull) &&
         square(a) == f128(0xd04ac228b8228ba1ull, 0x71eb638919832a00ull) &&
         inverse(a) == f128(0xc0afa9bb18b17abfull, 0x2a71be5afdc6a76cull) &&
         a / b == f128(0x3be011f5a402e1b5ull, 0x01f7258d1364bc4full) &&
         pow(a, std::uint64_t{12345}) == f128(0x2e912615db14c9ddull, 0xc03796d852037731ull) &&
         sqrt(a) == f128(0x02d9ea87717166d0ull, 0x418679657dd74534ull) && trace(a) == 1 &&
         F::monomial(127) * F::monomial(1) == F{0x87u} && a * inverse(a) == F::one();
}

/// solve_quadratic and half_trace at N = 127 and 8 (a root of z^2 + z = c, or none when trace(c) == 1).
WARPNUM_HD constexpr bool quadratic() {
  using F = GF2n<127>;
  const F c = F{0x0123456789abcdefull} * F::monomial(60) + F{0x1234u};
  const QuadraticRoot<F> r = solve_quadratic(c);
  // half_trace(c) is a root when trace(c) == 0 (N odd); the solver's is that one or the other, + 1.
  const bool ok127 = trace(c) == 0 ? r.exists && square(r.root) + r.root == c &&
                                         (half_trace(c) == r.root || half_trace(c) + F::one() == r.root)
                                   : !r.exists && r.root.is_zero();
  using G = GF2n<8>;
  int roots = 0;
  for (unsigned v = 0; v < 256; ++v) {
    const QuadraticRoot<G> s = solve_quadratic(G{v});
    if (s.exists != (trace(G{v}) == 0)) return false;
    if (s.exists && !(square(s.root) + s.root == G{v})) return false;
    roots += s.exists ? 1 : 0;
  }
  return ok127 && roots == 128;
}

}  // namespace warpnum::test::cx_gf2n

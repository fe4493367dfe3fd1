// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/clmul_word.hpp: the portable carry-less (GF(2)[x]) products of 32- and 64-bit words and the
// square of a word, which constant evaluation and the device run (the host's PCLMULQDQ form is
// detail/x86/clmul_x86.hpp; clmul.hpp chooses). Bit i of a word is the coefficient of x^i.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum::detail::gf2x {

/// A 128-bit carry-less product: lo holds x^0..x^63, hi x^64..x^127.
struct Clmul128 {
  std::uint64_t lo;
  std::uint64_t hi;
};

/// The carry-less product of two 32-bit words by ordinary multiplication of "spaced" operands. Split a and b into
/// the four classes of bit positions modulo 4 (a_i = a & 0x11111111 << i). In an integer product a_i * b_j every
/// set bit pair lands on a position of class i + j mod 4, and a position receives at most 8 pairs, so the sum of
/// everything below a position p of that class is at most 8 (2^(p-4) + 2^(p-8) + ...) < 2^p: bit p of the integer
/// product is the parity of the pairs at p, i.e. the carry-less coefficient. The carries land on the other three
/// classes, which the masks drop; four products XOR into each class.
WARPNUM_HD constexpr std::uint64_t clmul32_portable(std::uint32_t a, std::uint32_t b) noexcept {
  constexpr std::uint32_t m = 0x11111111u;
  constexpr std::uint64_t mm = 0x1111111111111111ull;
  const std::uint64_t a0 = a & m, a1 = a & (m << 1), a2 = a & (m << 2), a3 = a & (m << 3);
  const std::uint64_t b0 = b & m, b1 = b & (m << 1), b2 = b & (m << 2), b3 = b & (m << 3);
  const std::uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
  const std::uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
  const std::uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
  const std::uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
  return (z0 & mm) | (z1 & (mm << 1)) | (z2 & (mm << 2)) | (z3 & (mm << 3));
}

/// 64 x 64 -> 128 bits from three 32-bit products (Karatsuba: the middle term is (a0 + a1)(b0 + b1) - lo - hi).
WARPNUM_HD constexpr Clmul128 clmul64_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
  const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
  const std::uint64_t lo = clmul32_portable(a0, b0);
  const std::uint64_t hi = clmul32_portable(a1, b1);
  const std::uint64_t mid = clmul32_portable(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  return {lo ^ (mid << 32), hi ^ (mid >> 32)};
}

/// Spreads the 32 bits of w to the even positions of a 64-bit word (the square of w as a polynomial).
WARPNUM_HD constexpr std::uint64_t spread32(std::uint32_t w) noexcept {
  std::uint64_t x = w;
  x = (x | (x << 16)) & 0x0000ffff0000ffffull;
  x = (x | (x << 8)) & 0x00ff00ff00ff00ffull;
  x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0full;
  x = (x | (x << 2)) & 0x3333333333333333ull;
  x = (x | (x << 1)) & 0x5555555555555555ull;
  return x;
}

}  // namespace warpnum::detail::gf2x

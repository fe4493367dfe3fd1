// SPDX-License-Identifier: Apache-2.0
// tests/host/bigint/inline_asm_operands_test.cpp: the x86-64 inline assembly whose outputs are written before some
// of its inputs are read (ColumnSum::add_sum_host, gf2x::mul_mod64_x86), called where an input and an in/out
// operand hold the same value. GCC gives equal values one register unless the written-early operand is
// early-clobber ("+&"); without it these calls read the new value for the old (seen with g++ 12 at -O1 to -O3).
#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/gf2n/clmul.hpp>

#include <gtest/gtest.h>

#include <cstdint>

namespace {

#if WARPNUM_DETAIL_X86_64_ASM

using Sum = warpnum::detail::ColumnSum<std::uint64_t>;

// Out of line, so that the values are unknown and the register allocation is the one the comments describe.

/// {x, 0, 0} + {y, x, 0}: c0 and o.c1 are the same value x.
[[gnu::noinline]] Sum sum_c0_is_o1(std::uint64_t x, std::uint64_t y) {
  Sum s{x, 0, 0};
  s.add_sum_host(Sum{y, x, 0});
  return s;
}
/// {x, y, 0} + {x, x, x}: c0, o.c0, o.c1 and o.c2 the same value.
[[gnu::noinline]] Sum sum_all_x(std::uint64_t x, std::uint64_t y) {
  Sum s{x, y, 0};
  s.add_sum_host(Sum{x, x, x});
  return s;
}

TEST(InlineAsmOperands, AddSumHostEqualValues) {
  for (const std::uint64_t x : {~std::uint64_t{0}, std::uint64_t{1} << 63, std::uint64_t{0x0123456789abcdef}, std::uint64_t{0}}) {
    for (const std::uint64_t y : {std::uint64_t{1}, std::uint64_t{5}, ~std::uint64_t{0}}) {
      const unsigned __int128 low = static_cast<unsigned __int128>(x) + y;
      const unsigned __int128 mid = static_cast<unsigned __int128>(x) + static_cast<std::uint64_t>(low >> 64);
      Sum s = sum_c0_is_o1(x, y);
      EXPECT_EQ(s.c0, static_cast<std::uint64_t>(low)) << x << " " << y;
      EXPECT_EQ(s.c1, static_cast<std::uint64_t>(mid)) << x << " " << y;
      EXPECT_EQ(s.c2, static_cast<std::uint64_t>(mid >> 64)) << x << " " << y;

      const unsigned __int128 low2 = static_cast<unsigned __int128>(x) + x;
      const unsigned __int128 mid2 = static_cast<unsigned __int128>(y) + x + static_cast<std::uint64_t>(low2 >> 64);
      s = sum_all_x(x, y);
      EXPECT_EQ(s.c0, static_cast<std::uint64_t>(low2)) << x << " " << y;
      EXPECT_EQ(s.c1, static_cast<std::uint64_t>(mid2)) << x << " " << y;
      EXPECT_EQ(s.c2, x + static_cast<std::uint64_t>(mid2 >> 64)) << x << " " << y;
    }
  }
}

/// a b mod (x^64 + r1), one bit of b at a time.
std::uint64_t mul_mod64_reference(std::uint64_t a, std::uint64_t b, std::uint64_t r1) {
  std::uint64_t acc = 0;
  for (int i = 63; i >= 0; --i) {
    const bool top = (acc >> 63) != 0;
    acc <<= 1;
    if (top) acc ^= r1;
    if (((b >> i) & 1) != 0) acc ^= a;
  }
  return acc;
}

/// v * b mod (x^64 + v): the operand a and the reduction word r1 the same value.
[[gnu::noinline]] std::uint64_t mul_mod64_a_is_r1(std::uint64_t v, std::uint64_t b) {
  std::uint64_t res;
  warpnum::detail::gf2x::mul_mod64_x86(&res, &v, &b, v);
  return res;
}

TEST(InlineAsmOperands, MulMod64EqualValues) {
  if (!warpnum::detail::cpu_has_pclmul()) GTEST_SKIP() << "no PCLMULQDQ on this processor";
  // deg r1 <= 32, as mul_mod64_x86 requires.
  for (const std::uint64_t v : {std::uint64_t{0x1b}, std::uint64_t{0x8000001b}, std::uint64_t{0x100000007}, std::uint64_t{0xd}}) {
    for (const std::uint64_t b : {std::uint64_t{0xfedcba9876543210}, ~std::uint64_t{0}, std::uint64_t{1} << 63}) {
      EXPECT_EQ(mul_mod64_a_is_r1(v, b), mul_mod64_reference(v, b, v)) << std::hex << v << " " << b;
    }
  }
}

#else

TEST(InlineAsmOperands, NotX86) { GTEST_SKIP() << "no x86-64 inline assembly in this build"; }

#endif

}  // namespace

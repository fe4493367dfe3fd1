// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ptx/emulation.hpp: the PTX instructions and CUDA intrinsics of the per-thread device code as host
// functions, one per instruction, for a host compiler that emulates the device branch (WARPNUM_EMULATE_DEVICE,
// config.hpp, which includes this file). Each follows the PTX ISA's definition over 32-bit words, the carry flag
// CC.CF included; nothing here is compiled otherwise.
#pragma once

#if defined(WARPNUM_EMULATE_DEVICE)

#  include <cmath>
#  include <cstdint>
#  include <cstdio>
#  include <cstdlib>

// Each instruction is inlined wherever the compiler optimises at all (-Og included), as CUDA's __forceinline__
// inlines the device code around it: called out of line, the instructions' calls were most of an emulated suite's
// run at -Og (g++ 12, 2026-12-05).
#  define WARPNUM_EMULATED_INSTRUCTION inline __attribute__((always_inline))

namespace warpnum::detail::ptx::emulated {

/// What an "=r" operand or a `.reg` of an asm statement holds before an instruction writes it: a value the
/// hardware does not define, here a fixed pattern, so that a chain that reads one gives a wrong result.
inline constexpr std::uint32_t undefined_register = 0xa5a5a5a5u;

/// The condition code's carry flag, CC.CF. It does not survive between asm statements: each emulated statement
/// starts with it undefined, and an instruction that reads it then stops the program.
struct CarryFlag {
  std::uint32_t cf = 0;
  bool defined = false;
};

[[noreturn]] inline void undefined_carry_read() noexcept {
  std::fputs("warpnum device emulation: a PTX instruction read CC.CF before any instruction of its asm statement "
             "set it\n",
             stderr);
  std::abort();
}

WARPNUM_EMULATED_INSTRUCTION std::uint64_t carry_in(const CarryFlag& cc) noexcept {
  if (!cc.defined) undefined_carry_read();
  return cc.cf;
}

/// Sets CC.CF from bit 32 of a sum, or (sub, subc: a borrow) from its sign.
WARPNUM_EMULATED_INSTRUCTION void set_carry(CarryFlag& cc, std::uint64_t bit) noexcept {
  cc.cf = static_cast<std::uint32_t>(bit & 1u);
  cc.defined = true;
}

WARPNUM_EMULATED_INSTRUCTION std::uint32_t lo(std::uint32_t a, std::uint32_t b) noexcept {
  return static_cast<std::uint32_t>(std::uint64_t{a} * b);
}
WARPNUM_EMULATED_INSTRUCTION std::uint32_t hi(std::uint32_t a, std::uint32_t b) noexcept {
  return static_cast<std::uint32_t>((std::uint64_t{a} * b) >> 32);
}

// Each function is the instruction of its name ("." as "_", the type .u32 left out), operands in PTX's order:
// the destination d first, written in place after every source has been read.

/// add.cc.u32 d, a, b: d = a + b, CC.CF = the carry out.
WARPNUM_EMULATED_INSTRUCTION void add_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint64_t s = std::uint64_t{a} + b;
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}
/// addc.u32 d, a, b: d = a + b + CC.CF; CC.CF is left as it is.
WARPNUM_EMULATED_INSTRUCTION void addc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  d = static_cast<std::uint32_t>(std::uint64_t{a} + b + carry_in(cc));
}
/// addc.cc.u32 d, a, b: d = a + b + CC.CF, CC.CF = the carry out.
WARPNUM_EMULATED_INSTRUCTION void addc_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint64_t s = std::uint64_t{a} + b + carry_in(cc);
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}
/// sub.cc.u32 d, a, b: d = a - b, CC.CF = the borrow out.
WARPNUM_EMULATED_INSTRUCTION void sub_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint64_t s = std::uint64_t{a} - b;
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 63);
}
/// subc.u32 d, a, b: d = a - (b + CC.CF); CC.CF is left as it is.
WARPNUM_EMULATED_INSTRUCTION void subc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  d = static_cast<std::uint32_t>(std::uint64_t{a} - (std::uint64_t{b} + carry_in(cc)));
}
/// subc.cc.u32 d, a, b: d = a - (b + CC.CF), CC.CF = the borrow out.
WARPNUM_EMULATED_INSTRUCTION void subc_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint64_t s = std::uint64_t{a} - (std::uint64_t{b} + carry_in(cc));
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 63);
}

/// mad.lo.u32 d, a, b, c: d = low word of a b, plus c; CC.CF is neither read nor written.
WARPNUM_EMULATED_INSTRUCTION void mad_lo(CarryFlag&, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                         std::uint32_t c) noexcept {
  d = lo(a, b) + c;
}
/// mad.lo.cc.u32 d, a, b, c: d = low word of a b, plus c; CC.CF = the carry out of the addition.
WARPNUM_EMULATED_INSTRUCTION void mad_lo_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                            std::uint32_t c) noexcept {
  const std::uint64_t s = std::uint64_t{lo(a, b)} + c;
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}
/// madc.lo.u32 d, a, b, c: d = low word of a b, plus c and CC.CF.
WARPNUM_EMULATED_INSTRUCTION void madc_lo(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                          std::uint32_t c) noexcept {
  d = static_cast<std::uint32_t>(std::uint64_t{lo(a, b)} + c + carry_in(cc));
}
/// madc.lo.cc.u32 d, a, b, c: d = low word of a b, plus c and CC.CF; CC.CF = the carry out.
WARPNUM_EMULATED_INSTRUCTION void madc_lo_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                             std::uint32_t c) noexcept {
  const std::uint64_t s = std::uint64_t{lo(a, b)} + c + carry_in(cc);
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}
/// mad.hi.u32 d, a, b, c: d = high word of a b, plus c.
WARPNUM_EMULATED_INSTRUCTION void mad_hi(CarryFlag&, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                         std::uint32_t c) noexcept {
  d = hi(a, b) + c;
}
/// mad.hi.cc.u32 d, a, b, c: d = high word of a b, plus c; CC.CF = the carry out.
WARPNUM_EMULATED_INSTRUCTION void mad_hi_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                            std::uint32_t c) noexcept {
  const std::uint64_t s = std::uint64_t{hi(a, b)} + c;
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}
/// madc.hi.u32 d, a, b, c: d = high word of a b, plus c and CC.CF.
WARPNUM_EMULATED_INSTRUCTION void madc_hi(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                          std::uint32_t c) noexcept {
  d = static_cast<std::uint32_t>(std::uint64_t{hi(a, b)} + c + carry_in(cc));
}
/// madc.hi.cc.u32 d, a, b, c: d = high word of a b, plus c and CC.CF; CC.CF = the carry out.
WARPNUM_EMULATED_INSTRUCTION void madc_hi_cc(CarryFlag& cc, std::uint32_t& d, std::uint32_t a, std::uint32_t b,
                                             std::uint32_t c) noexcept {
  const std::uint64_t s = std::uint64_t{hi(a, b)} + c + carry_in(cc);
  d = static_cast<std::uint32_t>(s);
  set_carry(cc, s >> 32);
}

}  // namespace warpnum::detail::ptx::emulated

// The CUDA intrinsics that the device branch of the per-thread code calls, under their CUDA names and signatures
// (CUDA Math API, "Integer Intrinsics" and "Double Precision Intrinsics"), so that the device branch compiles as
// written. A plain host compile includes no CUDA header, so no other declaration of these names exists.

/// The number of leading zero bits of x, 32 for 0.
WARPNUM_EMULATED_INSTRUCTION int __clz(int x) noexcept { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
/// The number of leading zero bits of x, 64 for 0.
WARPNUM_EMULATED_INSTRUCTION int __clzll(long long x) noexcept {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
/// The position of the least significant set bit of x, counting from 1; 0 for 0.
WARPNUM_EMULATED_INSTRUCTION int __ffs(int x) noexcept { return __builtin_ffs(x); }
/// The position of the least significant set bit of x, counting from 1; 0 for 0.
WARPNUM_EMULATED_INSTRUCTION int __ffsll(long long x) noexcept { return __builtin_ffsll(x); }
/// The number of set bits of x.
WARPNUM_EMULATED_INSTRUCTION int __popc(unsigned int x) noexcept { return __builtin_popcount(x); }
/// The number of set bits of x.
WARPNUM_EMULATED_INSTRUCTION int __popcll(unsigned long long x) noexcept { return __builtin_popcountll(x); }
/// The square root of x rounded to nearest (IEEE 754, as std::sqrt).
WARPNUM_EMULATED_INSTRUCTION double __dsqrt_rn(double x) noexcept { return std::sqrt(x); }

#endif

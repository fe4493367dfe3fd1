// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ptx/mad_column.hpp: the three-word column accumulator of Comba's method (ColumnSum in
// detail/bigint/mul.hpp) on the device, each step one PTX carry chain (mad.lo.cc, madc.hi.cc, addc; add.cc,
// addc.cc, addc: every sm). The outputs are early-clobber, as in the generated chains (scripts/gen_mad_row.py):
// without it nvcc 13.0 may give an input the register of an in/out operand it knows equal, and the chain then
// reads a word it has already overwritten (a 64-bit Miller-Rabin test went wrong on an H100, 2026-11-25).
// Beside each asm statement, its emulation (WARPNUM_EMULATE_DEVICE, config.hpp): the same instructions in the same
// order over the same operand numbers, as scripts/gen_mad_row.py writes them for the generated chains.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

#if WARPNUM_DEVICE_BRANCH
namespace warpnum::detail::ptx {

/// (c2:c1:c0) += a b. The product's low and high words are adjacent in one chain, so ptxas (CUDA 13, sm_90)
/// makes them one IMAD.WIDE.U32 into the pair c1:c0 and an IADD3.X for the carry into c2.
WARPNUM_DEVICE_INLINE void mad_column(std::uint32_t& c0, std::uint32_t& c1, std::uint32_t& c2, std::uint32_t a,
                                      std::uint32_t b) {
#if defined(WARPNUM_EMULATE_DEVICE)
  std::uint32_t reg[5] = {c0, c1, c2, a, b};
  emulated::CarryFlag cc;
  emulated::mad_lo_cc(cc, reg[0], reg[3], reg[4], reg[0]);
  emulated::madc_hi_cc(cc, reg[1], reg[3], reg[4], reg[1]);
  emulated::addc(cc, reg[2], reg[2], 0u);
  c0 = reg[0]; c1 = reg[1]; c2 = reg[2];
#else
  asm("mad.lo.cc.u32 %0, %3, %4, %0;"
      "madc.hi.cc.u32 %1, %3, %4, %1;"
      "addc.u32 %2, %2, 0;"
      : "+&r"(c0), "+&r"(c1), "+&r"(c2)
      : "r"(a), "r"(b));
#endif
}

/// (c2:c1:c0) += (o2:o1:o0), dropping the carry out of c2.
WARPNUM_DEVICE_INLINE void add_column(std::uint32_t& c0, std::uint32_t& c1, std::uint32_t& c2, std::uint32_t o0,
                                      std::uint32_t o1, std::uint32_t o2) {
#if defined(WARPNUM_EMULATE_DEVICE)
  std::uint32_t reg[6] = {c0, c1, c2, o0, o1, o2};
  emulated::CarryFlag cc;
  emulated::add_cc(cc, reg[0], reg[0], reg[3]);
  emulated::addc_cc(cc, reg[1], reg[1], reg[4]);
  emulated::addc(cc, reg[2], reg[2], reg[5]);
  c0 = reg[0]; c1 = reg[1]; c2 = reg[2];
#else
  asm("add.cc.u32 %0, %0, %3;"
      "addc.cc.u32 %1, %1, %4;"
      "addc.u32 %2, %2, %5;"
      : "+&r"(c0), "+&r"(c1), "+&r"(c2)
      : "r"(o0), "r"(o1), "r"(o2));
#endif
}

}  // namespace warpnum::detail::ptx
#endif

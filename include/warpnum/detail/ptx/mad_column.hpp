// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ptx/mad_column.hpp: the three-word column accumulator of Comba's method (ColumnSum in
// detail/bigint/mul.hpp) on the device, each step one PTX carry chain (mad.lo.cc, madc.hi.cc, addc; add.cc,
// addc.cc, addc: every sm). The outputs are early-clobber, as in the generated chains (scripts/gen_mad_row.py):
// without it nvcc 13.0 may give an input the register of an in/out operand it knows equal, and the chain then
// reads a word it has already overwritten (a 64-bit Miller-Rabin test went wrong on an H100, 2026-11-25).
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

#if WARPNUM_HAS_CUDA
namespace warpnum::detail::ptx {

/// (c2:c1:c0) += a b. The product's low and high words are adjacent in one chain, so ptxas (CUDA 13, sm_90)
/// makes them one IMAD.WIDE.U32 into the pair c1:c0 and an IADD3.X for the carry into c2.
__device__ __forceinline__ void mad_column(std::uint32_t& c0, std::uint32_t& c1, std::uint32_t& c2, std::uint32_t a,
                                           std::uint32_t b) {
  asm("mad.lo.cc.u32 %0, %3, %4, %0;"
      "madc.hi.cc.u32 %1, %3, %4, %1;"
      "addc.u32 %2, %2, 0;"
      : "+&r"(c0), "+&r"(c1), "+&r"(c2)
      : "r"(a), "r"(b));
}

/// (c2:c1:c0) += (o2:o1:o0), dropping the carry out of c2.
__device__ __forceinline__ void add_column(std::uint32_t& c0, std::uint32_t& c1, std::uint32_t& c2, std::uint32_t o0,
                                           std::uint32_t o1, std::uint32_t o2) {
  asm("add.cc.u32 %0, %0, %3;"
      "addc.cc.u32 %1, %1, %4;"
      "addc.u32 %2, %2, %5;"
      : "+&r"(c0), "+&r"(c1), "+&r"(c2)
      : "r"(o0), "r"(o1), "r"(o2));
}

}  // namespace warpnum::detail::ptx
#endif

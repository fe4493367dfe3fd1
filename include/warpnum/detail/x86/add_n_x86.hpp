// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/add_n_x86.hpp: x86-64 assembly bodies of r = a + b and r = a - b over a run-time number of
// 64-bit words (mpn::add_n, mpn::sub_n in detail/mpn/add.hpp choose them): one adc (sbb) chain, four words a trip.
// Nothing on other hosts.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum::detail {

#if WARPNUM_DETAIL_X86_64_ASM
// The chain: n % 4 single words, then n / 4 trips of four; the counts are tested by jrcxz and counted down by dec,
// which leave the carry flag alone (test or cmp would clear it). OP is adcq or sbbq. Operands: a, b, r (each
// advanced), count (rcx), trips; rax holds each word; the carry (borrow) out lands in `out`.
#  define WARPNUM_DETAIL_ADD_N_CHAIN(OP)                                                                         \
    "xorl %k[out], %k[out]\n\t" /* CF = 0 */                                                                     \
    "jrcxz 2f\n"                                                                                                 \
    "1:\n\t"                                                                                                     \
    "movq (%[a]), %%rax\n\t" OP " (%[b]), %%rax\n\t"                                                             \
    "movq %%rax, (%[r])\n\t"                                                                                     \
    "leaq 8(%[a]), %[a]\n\t"                                                                                     \
    "leaq 8(%[b]), %[b]\n\t"                                                                                     \
    "leaq 8(%[r]), %[r]\n\t"                                                                                     \
    "decq %%rcx\n\t"                                                                                             \
    "jnz 1b\n"                                                                                                   \
    "2:\n\t"                                                                                                     \
    "movq %[trips], %%rcx\n\t"                                                                                   \
    "jrcxz 4f\n"                                                                                                 \
    "3:\n\t"                                                                                                     \
    "movq (%[a]), %%rax\n\t" OP " (%[b]), %%rax\n\t"                                                             \
    "movq %%rax, (%[r])\n\t"                                                                                     \
    "movq 8(%[a]), %%rax\n\t" OP " 8(%[b]), %%rax\n\t"                                                           \
    "movq %%rax, 8(%[r])\n\t"                                                                                    \
    "movq 16(%[a]), %%rax\n\t" OP " 16(%[b]), %%rax\n\t"                                                         \
    "movq %%rax, 16(%[r])\n\t"                                                                                   \
    "movq 24(%[a]), %%rax\n\t" OP " 24(%[b]), %%rax\n\t"                                                         \
    "movq %%rax, 24(%[r])\n\t"                                                                                   \
    "leaq 32(%[a]), %[a]\n\t"                                                                                    \
    "leaq 32(%[b]), %[b]\n\t"                                                                                    \
    "leaq 32(%[r]), %[r]\n\t"                                                                                    \
    "decq %%rcx\n\t"                                                                                             \
    "jnz 3b\n"                                                                                                   \
    "4:\n\t"                                                                                                     \
    "movl $0, %k[out]\n\t" /* mov keeps the flags */                                                             \
    "adcq $0, %[out]"

/// r = a + b over n >= 0 words; returns the carry out (0 or 1). r may alias a or b (each word is read before it
/// is written).
inline std::uint64_t add_n_x86(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, int n) noexcept {
  std::uint64_t out;
  std::uint64_t count = static_cast<std::uint64_t>(n) % 4;
  const std::uint64_t trips = static_cast<std::uint64_t>(n) / 4;
  __asm__ volatile(WARPNUM_DETAIL_ADD_N_CHAIN("adcq")
                   : [out] "=&r"(out), [a] "+r"(a), [b] "+r"(b), [r] "+r"(r), "+c"(count)
                   : [trips] "r"(trips)
                   : "rax", "cc", "memory");
  return out;
}

/// r = a - b over n >= 0 words; returns the borrow out (0 or 1). r may alias a or b.
inline std::uint64_t sub_n_x86(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, int n) noexcept {
  std::uint64_t out;
  std::uint64_t count = static_cast<std::uint64_t>(n) % 4;
  const std::uint64_t trips = static_cast<std::uint64_t>(n) / 4;
  __asm__ volatile(WARPNUM_DETAIL_ADD_N_CHAIN("sbbq")
                   : [out] "=&r"(out), [a] "+r"(a), [b] "+r"(b), [r] "+r"(r), "+c"(count)
                   : [trips] "r"(trips)
                   : "rax", "cc", "memory");
  return out;
}
#  undef WARPNUM_DETAIL_ADD_N_CHAIN
#endif

}  // namespace warpnum::detail

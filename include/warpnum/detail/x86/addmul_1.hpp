// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/addmul_1.hpp: r = u + a w over 64-bit words in x86-64 assembly: a mul/adc loop for any x86-64
// and a mulx/adcx/adox loop for processors with BMI2 and ADX. addmul_1 (detail/modular/montgomery.hpp) chooses.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
namespace warpnum::detail {

/// x86-64 body of addmul_1 on 64-bit words (n >= 1), for any x86-64: the carry word in a register, the two
/// additions' carries in the flags.
inline std::uint64_t addmul_1_x86(std::uint64_t* r, const std::uint64_t* u, const std::uint64_t* a, int n,
                                  std::uint64_t w) noexcept {
  std::uint64_t carry = 0;
  std::uint64_t i = 0;
  const std::uint64_t count = static_cast<std::uint64_t>(n);
  __asm__ volatile(  // volatile: it writes memory, so it must stay even when the carry is unused
      "1:\n\t"
      "movq (%[a],%[i],8), %%rax\n\t"
      "mulq %[w]\n\t"                       // rdx:rax = a[i] * w
      "addq %[carry], %%rax\n\t"
      "adcq $0, %%rdx\n\t"                  // + carry in
      "addq (%[u],%[i],8), %%rax\n\t"       // + u[i]
      "adcq $0, %%rdx\n\t"
      "movq %%rax, (%[r],%[i],8)\n\t"
      "movq %%rdx, %[carry]\n\t"
      "incq %[i]\n\t"
      "cmpq %[count], %[i]\n\t"
      "jb 1b"
      : [carry] "+&r"(carry), [i] "+&r"(i)
      : [a] "r"(a), [u] "r"(u), [r] "r"(r), [w] "r"(w), [count] "r"(count)
      : "rax", "rdx", "cc", "memory");
  return carry;
}

/// The same with mulx and adcx/adox (n >= 1): the product words s_i = lo(a_i w) + hi(a_{i-1} w) summed on the
/// OF chain (adox), u + s on the CF chain (adcx), two words an iteration, as in submul_1_adx. Carry out = last
/// high word + OF + CF (no overflow: u + a w < b^(n + 1)).
inline std::uint64_t addmul_1_adx(std::uint64_t* r, const std::uint64_t* u, const std::uint64_t* a, int n,
                                  std::uint64_t w) noexcept {
  const std::uint64_t* a_end = a + n;
  const std::uint64_t* u_end = u + n;
  std::uint64_t* r_end = r + n;
  std::uint64_t h0;
  std::uint64_t i = static_cast<std::uint64_t>(n);
  __asm__ volatile(  // see addmul_1_x86
      "negq %[i]\n\t"
      "testq $1, %[i]\n\t"
      "jnz 3f\n\t"
      "xorl %k[h0], %k[h0]\n\t"            // even count: no high word yet; OF = CF = 0
      "jmp 1f\n"
      "3:\n\t"
      "decq %[i]\n\t"                       // odd count: the second half processes word i + 1
      "xorl %%r9d, %%r9d\n\t"               // OF = CF = 0
      "jmp 2f\n"
      "1:\n\t"
      "mulxq (%[a],%[i],8), %%r10, %%r9\n\t"
      "adoxq %[h0], %%r10\n\t"
      "adcxq (%[u],%[i],8), %%r10\n\t"
      "movq %%r10, (%[r],%[i],8)\n"
      "2:\n\t"
      "mulxq 8(%[a],%[i],8), %%r10, %[h0]\n\t"
      "adoxq %%r9, %%r10\n\t"
      "adcxq 8(%[u],%[i],8), %%r10\n\t"
      "movq %%r10, 8(%[r],%[i],8)\n\t"
      "leaq 2(%[i]), %[i]\n\t"
      "jrcxz 4f\n\t"
      "jmp 1b\n"
      "4:\n\t"
      "movl $0, %%r11d\n\t"                 // mov keeps the flags
      "adoxq %%r11, %[h0]\n\t"              // + OF
      "adcxq %%r11, %[h0]"                  // + CF
      : [i] "+c"(i), [h0] "=&r"(h0)
      : [a] "r"(a_end), [u] "r"(u_end), [r] "r"(r_end), "d"(w)
      : "r9", "r10", "r11", "cc", "memory");  // r9: the other high word, r10: sum word, r11: zero
  return h0;
}

}  // namespace warpnum::detail
#endif

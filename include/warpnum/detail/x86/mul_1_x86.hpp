// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/mul_1_x86.hpp: x86-64 assembly bodies of the rows r = u + a w and r = u - a w on 64-bit
// words (mpn::addmul_1, mpn::submul_1 in detail/mpn/mul_1.hpp choose them): a mul/adc loop for any x86-64, and
// for processors with BMI2 and ADX a loop of two carry chains (mulx, adcx, adox) and, in place, blocks of four
// words on two adc chains. Nothing on other hosts.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

namespace warpnum::detail {

#if WARPNUM_DETAIL_X86_64_ASM
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

/// r += a w in place (n >= 1) with mulx and plain adc, four words an iteration: the two sums of each word (s_i =
/// lo(a_i w) + hi(a_(i-1) w), then r_i + s_i) run as two adc chains one after the other over the block's four
/// words, each chain's carry kept in a register between blocks (the pending high word; the second chain's carry
/// as 0 or all ones, by sbb, put back into CF by adding all ones), and no instruction is an adcx or adox. Schoolbook
/// rows of 32 to 64 words (bench-host-mpn_bench, 2026-12-05): 0.63-0.65 ns a word product against 0.70-0.74 for
/// addmul_1_adx on the development machine's AMD EPYC (GMP's mpn_mul_basecase 0.64-0.65), level with it within the
/// noise on an Intel Xeon. Lengths not a multiple of four take single words first. Carry out = the pending high
/// word + the second chain's carry. mpn::addmul_1 takes it where r is u.
inline std::uint64_t addmul_1_adc_blocks(std::uint64_t* r, const std::uint64_t* a, int n, std::uint64_t w) noexcept {
  std::uint64_t high = 0;   // the first chain's pending high word
  std::uint64_t carry = 0;  // the second chain's carry: 0 or all ones
  auto i = -static_cast<std::int64_t>(n);  // counts up to 0
  const std::uint64_t* a_end = a + n;
  std::uint64_t* r_end = r + n;
  __asm__ volatile(  // see addmul_1_x86
      "testq $3, %[i]\n\t"
      "jz 2f\n"
      "1:\n\t"                                   // single words until a multiple of four remain
      "mulxq (%[a],%[i],8), %%r8, %%r9\n\t"
      "addq %[high], %%r8\n\t"
      "adcq $0, %%r9\n\t"
      "addq $-1, %[carry]\n\t"                   // CF = the second chain's carry
      "adcq (%[r],%[i],8), %%r8\n\t"
      "sbbq %[carry], %[carry]\n\t"
      "movq %%r8, (%[r],%[i],8)\n\t"
      "movq %%r9, %[high]\n\t"
      "incq %[i]\n\t"
      "testq $3, %[i]\n\t"
      "jnz 1b\n"
      "2:\n\t"
      "testq %[i], %[i]\n\t"
      "jz 4f\n"
      "3:\n\t"
      "mulxq (%[a],%[i],8), %%r8, %%r9\n\t"
      "mulxq 8(%[a],%[i],8), %%r10, %%r11\n\t"
      "mulxq 16(%[a],%[i],8), %%r12, %%r13\n\t"
      "mulxq 24(%[a],%[i],8), %%r14, %%r15\n\t"
      "addq %[high], %%r8\n\t"                   // first chain: s = lo + the high word below
      "adcq %%r9, %%r10\n\t"
      "adcq %%r11, %%r12\n\t"
      "adcq %%r13, %%r14\n\t"
      "adcq $0, %%r15\n\t"
      "addq $-1, %[carry]\n\t"                   // second chain: r + s
      "adcq (%[r],%[i],8), %%r8\n\t"
      "adcq 8(%[r],%[i],8), %%r10\n\t"
      "adcq 16(%[r],%[i],8), %%r12\n\t"
      "adcq 24(%[r],%[i],8), %%r14\n\t"
      "sbbq %[carry], %[carry]\n\t"
      "movq %%r8, (%[r],%[i],8)\n\t"
      "movq %%r10, 8(%[r],%[i],8)\n\t"
      "movq %%r12, 16(%[r],%[i],8)\n\t"
      "movq %%r14, 24(%[r],%[i],8)\n\t"
      "movq %%r15, %[high]\n\t"
      "addq $4, %[i]\n\t"
      "jnz 3b\n"
      "4:"
      : [high] "+&r"(high), [carry] "+&r"(carry), [i] "+&r"(i)
      : [a] "r"(a_end), [r] "r"(r_end), "d"(w)
      : "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
  return high - carry;
}

/// x86-64 body of submul_1 on 64-bit words (n >= 1), for any x86-64: the borrow word rides in a register and
/// the carries in the flags, 9 instructions a word; GCC 12 makes about 14 of the portable body and spills the
/// flags of the _addcarry_u64/_subborrow_u64 version through memory. Three dependent steps a word.
/// The arrays are read and written only by the assembly, so they may be 32-bit limb storage (x86 is
/// little-endian).
inline std::uint64_t submul_1_x86(void* r, const void* u, const void* a, int n, std::uint64_t w) noexcept {
  std::uint64_t borrow = 0;
  std::uint64_t i = 0;
  const std::uint64_t count = static_cast<std::uint64_t>(n);
  __asm__ volatile(  // volatile: it writes memory, so it must stay even when the borrow is unused
      "1:\n\t"
      "movq (%[a],%[i],8), %%rax\n\t"
      "mulq %[w]\n\t"                       // rdx:rax = a[i] * w
      "addq %[borrow], %%rax\n\t"
      "adcq $0, %%rdx\n\t"                  // + borrow in
      "movq (%[u],%[i],8), %%r8\n\t"
      "subq %%rax, %%r8\n\t"                // u[i] - low word
      "movq %%r8, (%[r],%[i],8)\n\t"
      "adcq $0, %%rdx\n\t"                  // borrow out = high word + borrow of the subtraction
      "movq %%rdx, %[borrow]\n\t"
      "incq %[i]\n\t"
      "cmpq %[count], %[i]\n\t"
      "jb 1b"
      : [borrow] "+&r"(borrow), [i] "+&r"(i)
      : [a] "r"(a), [u] "r"(u), [r] "r"(r), [w] "r"(w), [count] "r"(count)
      : "rax", "rdx", "r8", "cc", "memory");
  return borrow;
}

/// The same on processors with mulx and adcx/adox (n >= 1): two independent carry chains, one step each a
/// word. The product words s_i = lo(a_i w) + hi(a_{i-1} w) are summed on the OF chain (adox), and
/// u - s = u + ~s + 1 on the CF chain (adcx; `not` leaves the flags alone), so the chains never meet.
/// Two words an iteration; an odd count enters at the second half. Loop control by lea and jrcxz, which
/// keep the flags. Borrow out = last high word + OF + (1 - CF).
inline std::uint64_t submul_1_adx(void* r, const void* u, const void* a, int n, std::uint64_t w) noexcept {
  const std::uint64_t* a_end = static_cast<const std::uint64_t*>(a) + n;
  const std::uint64_t* u_end = static_cast<const std::uint64_t*>(u) + n;
  std::uint64_t* r_end = static_cast<std::uint64_t*>(r) + n;
  std::uint64_t h0;
  std::uint64_t i = static_cast<std::uint64_t>(n);
  __asm__ volatile(  // see submul_1_x86
      "negq %[i]\n\t"
      "testq $1, %[i]\n\t"
      "jnz 3f\n\t"
      "xorl %k[h0], %k[h0]\n\t"            // even count: start at the first half, no high word yet
      "stc\n\t"                             // OF = 0 (xor), CF = 1 (the +1 of u + ~s + 1)
      "jmp 1f\n"
      "3:\n\t"
      "decq %[i]\n\t"                       // odd count: the second half processes word i + 1
      "xorl %%r9d, %%r9d\n\t"
      "stc\n\t"
      "jmp 2f\n"
      "1:\n\t"
      "mulxq (%[a],%[i],8), %%r10, %%r9\n\t"
      "adoxq %[h0], %%r10\n\t"
      "notq %%r10\n\t"
      "movq (%[u],%[i],8), %%r11\n\t"
      "adcxq %%r10, %%r11\n\t"
      "movq %%r11, (%[r],%[i],8)\n"
      "2:\n\t"
      "mulxq 8(%[a],%[i],8), %%r10, %[h0]\n\t"
      "adoxq %%r9, %%r10\n\t"
      "notq %%r10\n\t"
      "movq 8(%[u],%[i],8), %%r11\n\t"
      "adcxq %%r10, %%r11\n\t"
      "movq %%r11, 8(%[r],%[i],8)\n\t"
      "leaq 2(%[i]), %[i]\n\t"
      "jrcxz 4f\n\t"
      "jmp 1b\n"
      "4:\n\t"
      "movl $0, %%r11d\n\t"
      "adoxq %%r11, %[h0]\n\t"               // + OF
      "movl $1, %%r11d\n\t"
      "sbbq $0, %%r11\n\t"                   // 1 - CF
      "addq %%r11, %[h0]"
      : [i] "+c"(i), [h0] "=&r"(h0)
      : [a] "r"(a_end), [u] "r"(u_end), [r] "r"(r_end), "d"(w)
      : "r9", "r10", "r11", "cc", "memory");  // r9: the other high word, r10: product low word, r11: scratch
  return h0;
}
#endif

}  // namespace warpnum::detail

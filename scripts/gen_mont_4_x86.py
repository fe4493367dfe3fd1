#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes include/warpnum/detail/x86/mont_4_adx.hpp: the host's 4-word (256-bit) Montgomery product and square
in x86-64 assembly with mulx, adcx and adox (BMI2 and ADX), chosen at run time by host64::mont_mul. The code is
unrolled with every intermediate word in a register, and the register of each word changes from step to step,
so it is generated here from the algorithm rather than written out by hand.
Run from the repository root: python3 scripts/gen_mont_4_x86.py [--check]
(--check: exit 1 when the header differs from what this script writes; CI runs it.)

The algorithm (separated operand scanning: the full product, then REDC):
  1. t[0..8) = a b (or a^2: the cross products a_i a_j, i < j, once, then doubled and the squares added), by rows
     of mulx; a row adds the low words of a_k b_j on the OF chain (adox) and the high words on the CF chain
     (adcx), so the two carry chains run side by side.
  2. For i = 0..3: q = t_i (-m^-1) mod 2^64, then t[i..i+4) + q m[0..4) as in addmul_1_adx: s_k = lo(q m_k) +
     hi(q m_(k-1)) on the OF chain, t + s on the CF chain. Word i becomes zero, and its register then takes the
     row's carry word c_i (the high word of q m_3 + OF + CF, which cannot overflow). c_i belongs at word i + 4
     and is added only at the end, as in redc_n: the q of a later row depends on words 1..3 only, which c_i never
     touches. (t4..t7) + (c0..c3) = t 2^-256 < 2m, since a b < m 2^256.
  3. One subtraction of m; a carry-or-no-borrow selects t - m, else t stays (cmov, no branch).
"""
import pathlib
import sys

from gen_x86_common import asm_body, write_or_check

OUT = pathlib.Path(__file__).resolve().parent.parent / "include/warpnum/detail/x86/mont_4_adx.hpp"


def r(name):
    return f"%[{name}]"


def r32(name):
    return f"%k[{name}]"


def t(i):
    return f"t{i}"


def product_rows():
    """t[0..8) = a b; b's pointer arrives in t7's register, which becomes word 7 once b[3] is loaded."""
    s = [
        "movq (%[t7]), %%rdx",  # b0
        f"mulxq (%[a]), {r('t0')}, {r('t1')}",
        f"mulxq 8(%[a]), {r('lo')}, {r('t2')}",
        f"addq {r('lo')}, {r('t1')}",
        f"mulxq 16(%[a]), {r('lo')}, {r('t3')}",
        f"adcq {r('lo')}, {r('t2')}",
        f"mulxq 24(%[a]), {r('lo')}, {r('t4')}",
        f"adcq {r('lo')}, {r('t3')}",
        f"adcq $0, {r('t4')}",
    ]
    for j in range(1, 4):
        s.append(f"movq {8 * j}(%[t7]), %%rdx")  # b_j (for j = 3 the last use of the pointer)
        s.append(f"xorl {r32(t(j + 4))}, {r32(t(j + 4))}")  # the row's new top word; CF = OF = 0
        for k in range(4):
            s.append(f"mulxq {8 * k}(%[a]), {r('lo')}, {r('hi')}")
            s.append(f"adoxq {r('lo')}, {r(t(j + k))}")
            s.append(f"adcxq {r('hi')}, {r(t(j + k + 1))}")  # the last: t_(j+4) = hi + CF, no carry out
        s.append(f"movl $0, {r32('lo')}")  # mov keeps the flags
        s.append(f"adoxq {r('lo')}, {r(t(j + 4))}")  # OF into the top word: the rows' sum fits in j + 5 words
    return s


def square_rows():
    """t[0..8) = a^2: cross products once (positions 1..6), then doubled on the CF chain while the squares are
    added on the OF chain."""
    s = [
        "movq (%[a]), %%rdx",  # a0
        f"mulxq 8(%[a]), {r('t1')}, {r('t2')}",
        f"mulxq 16(%[a]), {r('lo')}, {r('t3')}",
        f"addq {r('lo')}, {r('t2')}",
        f"mulxq 24(%[a]), {r('lo')}, {r('t4')}",
        f"adcq {r('lo')}, {r('t3')}",
        f"adcq $0, {r('t4')}",
        "movq 8(%[a]), %%rdx",  # a1
        f"xorl {r32('t5')}, {r32('t5')}",
        f"mulxq 16(%[a]), {r('lo')}, {r('hi')}",
        f"adoxq {r('lo')}, {r('t3')}",
        f"adcxq {r('hi')}, {r('t4')}",
        f"mulxq 24(%[a]), {r('lo')}, {r('hi')}",
        f"adoxq {r('lo')}, {r('t4')}",
        f"adcxq {r('hi')}, {r('t5')}",
        f"movl $0, {r32('lo')}",
        f"adoxq {r('lo')}, {r('t5')}",
        "movq 16(%[a]), %%rdx",  # a2
        f"mulxq 24(%[a]), {r('lo')}, {r('t6')}",
        f"addq {r('lo')}, {r('t5')}",
        f"adcq $0, {r('t6')}",
        "movq (%[a]), %%rdx",
        f"xorl {r32('t7')}, {r32('t7')}",
        f"mulxq %%rdx, {r('t0')}, {r('hi')}",  # a0^2 at words 0, 1
        f"adcxq {r('t1')}, {r('t1')}",
        f"adoxq {r('hi')}, {r('t1')}",
    ]
    for i in range(1, 4):
        s.append(f"movq {8 * i}(%[a]), %%rdx")
        s.append(f"mulxq %%rdx, {r('lo')}, {r('hi')}")  # a_i^2 at words 2i, 2i + 1
        s.append(f"adcxq {r(t(2 * i))}, {r(t(2 * i))}")
        s.append(f"adoxq {r('lo')}, {r(t(2 * i))}")
        s.append(f"adcxq {r(t(2 * i + 1))}, {r(t(2 * i + 1))}")
        s.append(f"adoxq {r('hi')}, {r(t(2 * i + 1))}")
    return s


def redc_rows():
    """REDC of t[0..8) by m; the result (< m) in t4..t7."""
    s = []
    for i in range(4):
        ti = t(i)
        his = ["hi", ti]  # the high words alternate between hi and word i's register (free once word i is 0)
        s += [
            f"movq {r(ti)}, %%rdx",
            "imulq %[minv], %%rdx",  # q
            f"xorl {r32('lo')}, {r32('lo')}",  # CF = OF = 0
            f"mulxq (%[m]), {r('lo')}, {r('hi')}",
            f"adcxq {r('lo')}, {r(ti)}",  # word i becomes 0
        ]
        for k in range(1, 4):
            s.append(f"mulxq {8 * k}(%[m]), {r('lo')}, {r(his[k % 2])}")
            s.append(f"adoxq {r(his[(k - 1) % 2])}, {r('lo')}")
            s.append(f"adcxq {r('lo')}, {r(t(i + k))}")
        s += [
            f"movl $0, {r32('lo')}",
            f"adoxq {r('lo')}, {r(ti)}",  # c_i = hi(q m_3) + OF + CF < 2^64
            f"adcxq {r('lo')}, {r(ti)}",
        ]
    s += [
        f"addq {r('t0')}, {r('t4')}",  # (t4..t7) + (c0..c3)
        f"adcq {r('t1')}, {r('t5')}",
        f"adcq {r('t2')}, {r('t6')}",
        f"adcq {r('t3')}, {r('t7')}",
        f"movl $0, {r32('lo')}",
        f"adcq $0, {r('lo')}",  # lo = the carry out
    ]
    for k in range(4):
        s.append(f"movq {r(t(4 + k))}, {r(t(k))}")
    s.append(f"subq (%[m]), {r('t0')}")
    for k in range(1, 4):
        s.append(f"sbbq {8 * k}(%[m]), {r(t(k))}")
    s.append(f"sbbq $0, {r('lo')}")  # CF: carry 0 and a borrow, i.e. the sum is below m
    for k in range(4):
        s.append(f"cmovncq {r(t(k))}, {r(t(4 + k))}")
    return s


def function(name, doc, params, setup, lines, t7_constraint, extra_outs="", extra_ins=""):
    """An inline function around one asm statement; extra_outs and extra_ins: the looped form's counter and
    result address, and a becomes an in/out operand (the loop points it at r). Every output is early-clobber: the
    loop writes a and n before it reads m, minv and r again on its next pass, so none of those may share a register
    with them (without the "&" a caller whose a equals m, or whose constant n equals minv, could get one)."""
    outs = ", ".join(f'[t{i}] "=&r"(t{i})' for i in range(7))
    ins = extra_ins + '[m] "r"(m), [minv] "rm"(minv)'
    if extra_outs:
        extra_outs = ', [a] "+&r"(a)' + extra_outs
    else:
        ins = '[a] "r"(a), ' + ins
    return f"""{doc}
WARPNUM_FORCEINLINE void {name}({params}) noexcept {{
  [[maybe_unused]] std::uint64_t t0, t1, t2, t3, lo, hi;  // scratch: outputs only so that they get registers
  std::uint64_t t4, t5, t6;
  {setup}
  __asm__(
{asm_body(lines)}
      : {outs},
        [t7] {t7_constraint}(t7), [lo] "=&r"(lo), [hi] "=&r"(hi){extra_outs}
      : {ins}
      : "rdx", "cc", "memory");
  // Two 16-byte stores: the caller copies the value with 16-byte loads, which cannot take their data from two
  // 8-byte stores in the store buffer (a forwarding stall of about 10 ns a call, development machine).
  _mm_storeu_si128(static_cast<__m128i*>(r), _mm_set_epi64x(static_cast<long long>(t5), static_cast<long long>(t4)));
  _mm_storeu_si128(static_cast<__m128i*>(r) + 1, _mm_set_epi64x(static_cast<long long>(t7), static_cast<long long>(t6)));
}}
"""


def header():
    mul = function(
        "mont_mul_4_adx",
        "/// r = a b 2^-256 mod m for 4-word a, b, m (m odd, a b < m 2^256), minv = -m^-1 mod 2^64; r < m and may alias\n"
        "/// a or b. Needs BMI2 and ADX (host_has_mulx_adx).",
        "void* r, const void* a, const void* b, const void* m, std::uint64_t minv",
        "std::uint64_t t7 = reinterpret_cast<std::uintptr_t>(b);  // b's address; word 7 once b[3] is loaded",
        product_rows() + redc_rows(),
        '"+&r"',
    )
    # n squarings in a row: after each but the last, the result goes to r (8-byte stores that the next square's
    # 8-byte loads take straight from the store buffer) and a points there. r's address comes from memory or a
    # register, as the compiler likes: no register is left for it to reserve.
    loop = ["1:"] + square_rows() + redc_rows() + [
        "decl %[n]",
        "jz 2f",
        "movq %[r], %[a]",
    ] + [f"movq {r(t(4 + k))}, {8 * k}(%[a])" for k in range(4)] + ["jmp 1b", "2:"]
    sqr_n = function(
        "mont_sqr_4_adx_n",
        "/// r = a^(2^n) 2^(256 (1 - 2^n)) mod m: n >= 1 squarings in a row, each a^2 2^-256 mod m (see mont_mul_4_adx;\n"
        "/// the square takes 10 products instead of 16), the call's fixed costs paid once.",
        "void* r, const void* a, const void* m, std::uint64_t minv, int n",
        "std::uint64_t t7;",
        loop,
        '"=&r"',
        extra_outs=', [n] "+&rm"(n)',
        extra_ins='[r] "rm"(r), ',
    )
    return f"""// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/mont_4_adx.hpp: the host's 4-word Montgomery product and square in x86-64 assembly
// (mulx, adcx, adox). Generated by scripts/gen_mont_4_x86.py; do not edit (the script explains the algorithm).
// host64::mont_mul (detail/montgomery/select.hpp) calls these when the processor has BMI2 and ADX; mont_mul_columns<4> and
// mont_sqr_columns<4> (montgomery.hpp) are the reference and the fallback. Each function is about 140
// instructions with every word in a register: GCC 12 made 346 of the columns, 123 of them moves around mulq's
// fixed registers (docs/benchmarks.md).
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <emmintrin.h>

namespace warpnum::detail {{

{mul}
{sqr_n}
/// r = a^2 2^-256 mod m (see mont_mul_4_adx): 10 products for the square instead of 16; mont_sqr_4_adx_n's loop
/// once (two instructions more than a body of its own).
WARPNUM_FORCEINLINE void mont_sqr_4_adx(void* r, const void* a, const void* m, std::uint64_t minv) noexcept {{
  mont_sqr_4_adx_n(r, a, m, minv, 1);
}}
}}  // namespace warpnum::detail
#endif
"""


def main():
    return write_or_check(OUT, header(), "scripts/gen_mont_4_x86.py")


if __name__ == "__main__":
    sys.exit(main())

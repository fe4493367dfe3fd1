#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes include/warpnum/detail/ptx/mad_row.hpp: one row of schoolbook multiplication as one PTX carry chain, for
every row length from 1 to MAX_LENGTH limbs (the forms that carry out of the row up to MAX_FULL_ROW), and the
diagonal of squaring (of a full square up to MAX_FULL_ROW); and add_chain.hpp: additions of up to MAX_LENGTH limbs. Inline PTX needs a literal instruction
string per length, so the rows are generated rather than written by hand. Beside each asm statement the same
instructions are written out as C++ over 32-bit words (detail/ptx/emulation.hpp, one function per PTX instruction),
which a host compiler runs when WARPNUM_EMULATE_DEVICE is defined (config.hpp): translated from the asm text itself,
so that the emulated chain is the PTX. Run from the repository root: python3 scripts/gen_mad_row.py [--check]
(--check: exit 1 when a generated header differs from what this script writes, or when an emulation written by hand
beside an asm statement of detail/ptx/mad_column.hpp is not the translation of that statement.)
"""
import pathlib
import re
import sys

MAX_LENGTH = 64  # 2048 bits: above that a thread cannot hold its operands in registers
# Rows that carry out of their last limb (MadRow's lo_carry, hi_carry) and the diagonal of a full square
# (SqrDiagonal's full) belong to full products, whose 2N-limb result a thread holds only up to N = MAX_LENGTH / 2
# (device_rows_full in detail/mul/select.hpp; a lane's K limbs in warp/sum_rotate_mul.hpp, 2 K <= max_mad_row).
# Longer ones would have no caller, yet every CUDA translation unit would parse them. The header states the bound (max_full_row), and the callers static_assert it.
MAX_FULL_ROW = MAX_LENGTH // 2
OUT = pathlib.Path(__file__).resolve().parent.parent / "include/warpnum/detail/ptx/mad_row.hpp"
ADD_OUT = OUT.with_name("add_chain.hpp")
COLUMN = OUT.with_name("mad_column.hpp")  # written by hand; --check compares its emulations with the translation


# Every output operand is early-clobber ("+&r", "=&r"): each chain writes its first words before it reads its
# last inputs, so no input may share a register with an output. Without the "&" the compiler may give an input
# and an in/out operand that it knows to be equal one register (it did: a Montgomery row whose q equalled the
# window's first word, with constant operands), and the chain then reads a word it has already overwritten.


# The emulation (WARPNUM_EMULATE_DEVICE) runs an asm statement as the GPU does: the operands %0, %1, ... are
# registers, loaded from their C++ expressions when the statement starts ("+" outputs and inputs; "=" outputs hold
# an undefined value until written), the instructions run in order over them, each writing its destination in
# place, and the outputs are stored back when it ends. The carry flag is undefined at the start of each statement
# (it does not survive between asm statements) and reading it then stops the program. Which operands share a
# register is the compiler's choice and is not modelled: here every operand has a register of its own, as the
# early-clobber constraints ask.
EMULATED = {
    "add.cc.u32", "addc.u32", "addc.cc.u32", "sub.cc.u32", "subc.u32", "subc.cc.u32",
    "mad.lo.u32", "mad.lo.cc.u32", "madc.lo.u32", "madc.lo.cc.u32",
    "mad.hi.u32", "mad.hi.cc.u32", "madc.hi.u32", "madc.hi.cc.u32",
}  # each one function of detail/ptx/emulation.hpp: the opcode with "." as "_" and without ".u32"


class Asm:
    """One asm statement: its instruction lines (C string literals), outputs and inputs (constraint lists)."""

    def __init__(self, lines, outs, ins):
        self.lines, self.outs, self.ins = lines, outs, ins

    def statement(self):
        """The asm statement, as nvcc compiles it."""
        body = "\n        ".join(self.lines)
        return f"asm({body}\n        : {self.outs}\n        : {self.ins});"

    def emulation(self, indent):
        """The statement as C++ over the register array `reg`: one call a PTX instruction, read from the asm text."""
        operands = re.findall(r'"([=+]?&?r)"\(([^()]*(?:\([^()]*\))?[^()]*)\)', self.outs + ", " + self.ins)
        values = ["emulated::undefined_register" if c.startswith("=") else e for c, e in operands]
        pad = " " * indent
        out = [f"{pad}std::uint32_t reg[{len(operands)}] = {{{', '.join(values)}}};", f"{pad}emulated::CarryFlag cc;"]
        text = "".join(re.fullmatch(r'"(.*)"', line).group(1) for line in self.lines)
        depth = 0
        for token in re.findall(r"[{}]|[^{};]+;", text):
            token = token.strip()
            if token == "{":
                out.append(f"{pad}{'  ' * depth}{{")
                depth += 1
            elif token == "}":
                depth -= 1
                out.append(f"{pad}{'  ' * depth}}}")
            elif token.startswith(".reg"):
                kind, name = re.fullmatch(r"\.reg\s+(\.u32)\s+(\w+);", token).groups()
                out.append(f"{pad}{'  ' * depth}std::uint32_t {name} = emulated::undefined_register;")
            else:
                opcode, args = re.fullmatch(r"(\S+)\s+(.*);", token).groups()
                if opcode not in EMULATED:
                    raise ValueError(f"no emulation of {opcode}")
                fn = opcode.removesuffix(".u32").replace(".", "_")
                mapped = []
                for arg in (a.strip() for a in args.split(",")):
                    if arg.startswith("%"):
                        mapped.append(f"reg[{int(arg[1:])}]")
                    elif re.fullmatch(r"(0x[0-9a-fA-F]+|[0-9]+)", arg):
                        mapped.append(f"{arg}u")
                    else:
                        mapped.append(arg)  # a register of the statement's own (.reg)
                out.append(f"{pad}{'  ' * depth}emulated::{fn}(cc, {', '.join(mapped)});")
        stores = [f"{e} = reg[{k}];" for k, (c, e) in enumerate(operands) if c.startswith(("=", "+"))]
        line = ""
        for store in stores:  # a few stores a line
            if line and len(pad + line + " " + store) > 116:
                out.append(pad + line)
                line = ""
            line = f"{line} {store}" if line else store
        out.append(pad + line)
        return out

    def body(self, indent):
        """The asm statement and, selected by WARPNUM_EMULATE_DEVICE, its emulation."""
        pad = " " * indent
        return (["#if defined(WARPNUM_EMULATE_DEVICE)"] + self.emulation(indent) + ["#else", pad + self.statement(),
                "#endif"])


def chain(length, half, carry_out):
    """The asm statement for r[0..length) += half(a[i] * b), carry into r[length] when carry_out."""
    n_out = length + (1 if carry_out else 0)
    a0 = n_out  # operand number of a[0]
    b = n_out + length
    lines = []
    for i in range(length):
        last = i == length - 1 and not carry_out
        if i == 0:
            op = f"mad.{half}.u32" if last else f"mad.{half}.cc.u32"
        else:
            op = f"madc.{half}.u32" if last else f"madc.{half}.cc.u32"
        lines.append(f'"{op} %{i}, %{a0 + i}, %{b}, %{i};"')
    if carry_out:
        lines.append(f'"addc.u32 %{length}, %{length}, 0;"')
    outs = ", ".join(f'"+&r"(r[{i}])' for i in range(n_out))
    ins = ", ".join(f'"r"(a[{i}])' for i in range(length))
    return Asm(lines, outs, f"{ins}, \"r\"(b)")


def wide_chain(products, variant):
    """The asm statement for r += sum of a[2m] * b * 2^(64 m), m < products, as one chain in which each product's
    low and high words follow each other (mad.lo.cc, madc.hi.cc): ptxas fuses each such pair into one 32x32+64-bit
    multiply-add with carry in and out (IMAD.WIDE.U32.X on sm_90), where separate low and high chains take an
    IMAD and an IADD3 a word. variant: "add" (carry out of r[2 products - 1] dropped), "carry" (added into
    r[2 products]), "tail" (the last product's low word only, at r[2 products - 2]; carry dropped)."""
    words = 2 * products - (1 if variant == "tail" else 0)
    n_out = words + (1 if variant == "carry" else 0)
    a0 = n_out
    b = n_out + products
    lines = []
    for k in range(words):
        m, half = k // 2, ("lo" if k % 2 == 0 else "hi")
        last = k == words - 1 and variant != "carry"
        op = ("mad" if k == 0 else "madc") + f".{half}" + ("" if last else ".cc") + ".u32"
        lines.append(f'"{op} %{k}, %{a0 + m}, %{b}, %{k};"')
    if variant == "carry":
        lines.append(f'"addc.u32 %{words}, %{words}, 0;"')
    outs = ", ".join(f'"+&r"(r[{k}])' for k in range(n_out))
    ins = ", ".join(f'"r"(a[{2 * m}])' for m in range(products))
    return Asm(lines, outs, f"{ins}, \"r\"(b)")


def diagonal(count, positions):
    """The asm statement for r[0..positions) += sum of a[i]^2 * 2^(64 i), as one chain (squaring's diagonal)."""
    a0 = positions
    lines = []
    for k in range(positions):
        i = k // 2
        half = "lo" if k % 2 == 0 else "hi"
        last = k == positions - 1
        op = ("mad" if k == 0 else "madc") + f".{half}" + ("" if last else ".cc") + ".u32"
        lines.append(f'"{op} %{k}, %{a0 + i}, %{a0 + i}, %{k};"')
    outs = ", ".join(f'"+&r"(r[{k}])' for k in range(positions))
    ins = ", ".join(f'"r"(a[{i}])' for i in range((positions + 1) // 2))
    return Asm(lines, outs, ins)


def carry_chain(length, op, carry_in=False):
    """The asm statement for r[0..length) op= a[0..length) as one chain (op: "add" or "sub"), plus carry_in (0 or 1)
    when carry_in; the last output is the carry out (add: 0 or 1) or the borrow out as a mask (sub: 0 or ~0)."""
    a0 = length + 1
    lines = []
    if carry_in:
        # The first addition only sets the carry flag to (carry_in != 0), into a register of the asm block's own.
        lines += ['"{ .reg .u32 t;"', f'"add.cc.u32 t, %{a0 + length}, 0xffffffff;"']
    for i in range(length):
        first = i == 0 and not carry_in
        lines.append(f'"{op}{"" if first else "c"}.cc.u32 %{i}, %{i}, %{a0 + i};"')
    lines.append(f'"{op}c.u32 %{length}, 0, 0;{" }" if carry_in else ""}"')
    result = "carry" if op == "add" else "mask"
    outs = ", ".join([f'"+&r"(r[{i}])' for i in range(length)] + [f'"=&r"({result})'])
    ins = ", ".join([f'"r"(a[{i}])' for i in range(length)] + (['"r"(carry_in)'] if carry_in else []))
    return Asm(lines, outs, ins)


def header(name, description):
    """The opening lines of a generated header: its name and origin, what it holds, includes, namespace."""
    return (
        ["// SPDX-License-Identifier: Apache-2.0",
         f"// warpnum/detail/ptx/{name}: generated by scripts/gen_mad_row.py; do not edit."]
        + [f"// {line}" for line in description]
        + ["// Beside each asm statement, its instructions as C++ for a host compiler that emulates the device branch",
           "// (WARPNUM_EMULATE_DEVICE, config.hpp; detail/ptx/emulation.hpp)."]
        + ["#pragma once", "", "#include <warpnum/config.hpp>", "", "#include <cstdint>", "", "#if WARPNUM_DEVICE_BRANCH",
           "namespace warpnum::detail::ptx {", ""]
    )


def main():
    parts = header(
        "mad_row.hpp",
        [
            "One row of schoolbook multiplication, r += (low or high words of a * b), as a single PTX carry chain",
            "(mad.lo.cc, madc.lo.cc, madc.hi.cc, addc: every sm). Two instructions a 32x32-bit product, the least",
            "there is; inline PTX needs a literal string per row length, hence the generator.",
        ],
    ) + [
        f"/// Longest row (limbs) there is a MadRow for.",
        f"inline constexpr int max_mad_row = {MAX_LENGTH};",
        "",
        "/// Longest row of a full product (2L-limb result: device_rows_full in detail/mul/select.hpp and",
        "/// warp/sum_rotate_mul.hpp): MadRow<L> has `lo_carry` and `hi_carry`, and SqrDiagonal<L> has `full`, only up",
        "/// to this length. Above it a call of one of them does not compile.",
        f"inline constexpr int max_full_row = {MAX_FULL_ROW};",
        "",
        "/// MadRow<L>: r[0, L) += lo (or hi) words of a[0, L) * b, as one carry chain. `lo` and `hi` drop the carry",
        "/// out of r[L - 1]; `lo_carry` and `hi_carry` (L <= max_full_row) add it into r[L], which the caller",
        "/// guarantees cannot overflow.",
        "template <int L> struct MadRow;",
        "",
    ]
    for length in range(1, MAX_LENGTH + 1):
        parts.append(f"template <> struct MadRow<{length}> {{")
        for half in ("lo", "hi"):
            for carry_out in (False, True) if length <= MAX_FULL_ROW else (False,):
                name = half + ("_carry" if carry_out else "")
                parts.append(f"  WARPNUM_DEVICE_INLINE static void {name}(std::uint32_t* r, const std::uint32_t* a, std::uint32_t b) {{")
                parts += chain(length, half, carry_out).body(4)
                parts.append("  }")
        parts.append("};")
        parts.append("")
    parts += [
        "/// Longest WideRow (products) there is.",
        f"inline constexpr int max_wide_row = {MAX_LENGTH // 2};",
        "",
        "/// WideRow<P>: r[0, 2P) += sum of a[2m] * b * 2^(64 m) for m < P (every other limb of a: pass a or a + 1),",
        "/// one carry chain in which each product's low and high words are adjacent, so that ptxas makes each product",
        "/// one fused multiply-add with carries (IMAD.WIDE.U32.X on sm_90) instead of an IMAD and an IADD3 a word.",
        "/// `add` drops the carry out of r[2P - 1]; `add_carry` adds it into r[2P], which the caller guarantees cannot",
        "/// overflow; `add_tail` adds only the low word of the last product (r[0, 2P - 1)) and drops the carry.",
        "template <int P> struct WideRow;",
        "",
    ]
    for products in range(1, MAX_LENGTH // 2 + 1):
        parts.append(f"template <> struct WideRow<{products}> {{")
        for variant, name in (("add", "add"), ("carry", "add_carry"), ("tail", "add_tail")):
            parts.append(f"  WARPNUM_DEVICE_INLINE static void {name}(std::uint32_t* r, const std::uint32_t* a, std::uint32_t b) {{")
            parts += wide_chain(products, variant).body(4)
            parts.append("  }")
        parts.append("};")
        parts.append("")
    parts += [
        "/// SqrDiagonal<N>: adds the squares a[i]^2 of an N-limb number at limbs 2i, 2i + 1 as one carry chain:",
        "/// `full` over r[0, 2N) (N <= max_full_row), `low` over r[0, N) (dropping what lies above).",
        "template <int N> struct SqrDiagonal;",
        "",
    ]
    for count in range(1, MAX_LENGTH + 1):
        parts.append(f"template <> struct SqrDiagonal<{count}> {{")
        if count <= MAX_FULL_ROW:
            parts.append("  WARPNUM_DEVICE_INLINE static void full(std::uint32_t* r, const std::uint32_t* a) {")
            parts += diagonal(count, 2 * count).body(4)
            parts.append("  }")
        parts.append("  WARPNUM_DEVICE_INLINE static void low(std::uint32_t* r, const std::uint32_t* a) {")
        parts += diagonal(count, count).body(4)
        parts.append("  }")
        parts.append("};")
        parts.append("")
    parts += ["}  // namespace warpnum::detail::ptx", "#endif", ""]
    outputs = {OUT: "\n".join(parts)}

    adds = header(
        "add_chain.hpp",
        [
            "Multi-limb addition and subtraction as one PTX carry chain (add.cc, addc.cc, sub.cc, subc.cc: every sm),",
            "for the lane-group algorithms in warp/ and the device's Karatsuba step.",
        ],
    ) + [
        "/// AddChain<L>::add(r, a): r[0, L) += a[0, L) as one carry chain; returns the carry out (0 or 1).",
        "/// add(r, a, carry_in): the same plus carry_in (0 or 1).",
        "template <int L> struct AddChain;",
        "",
    ]
    def method(name, params, result, chain):
        """One static member: runs `chain` and returns its last output, `result`."""
        return [f"  WARPNUM_DEVICE_INLINE static std::uint32_t {name}({params}) {{",
                f"    std::uint32_t {result};"] + chain.body(4) + [f"    return {result};", "  }"]

    operands = "std::uint32_t* r, const std::uint32_t* a"
    for length in range(1, MAX_LENGTH + 1):
        adds.append(f"template <> struct AddChain<{length}> {{")
        adds += method("add", operands, "carry", carry_chain(length, "add"))
        adds += method("add", operands + ", std::uint32_t carry_in", "carry", carry_chain(length, "add", carry_in=True))
        adds += ["};", ""]
    adds += [
        "/// SubChain<L>::sub(r, a): r[0, L) -= a[0, L) as one borrow chain; returns the borrow out as a mask: 0, or",
        "/// all ones when a was the larger.",
        "template <int L> struct SubChain;",
        "",
    ]
    for length in range(1, MAX_LENGTH + 1):
        adds.append(f"template <> struct SubChain<{length}> {{")
        adds += method("sub", operands, "mask", carry_chain(length, "sub"))
        adds += ["};", ""]
    adds += ["}  // namespace warpnum::detail::ptx", "#endif", ""]
    outputs[ADD_OUT] = "\n".join(adds)
    if "--check" not in sys.argv[1:]:
        for path, text in outputs.items():
            path.write_text(text)
        return 0
    failed = [f"{path.name} differs from what scripts/gen_mad_row.py writes"
              for path, text in outputs.items() if path.read_text() != text]
    failed += [f"{name}: an asm statement without an emulation before it, or one that is not its translation"
               for name in check_hand_written(COLUMN)]
    for message in failed:
        print(f"gen_mad_row.py --check: {message}")
    return 1 if failed else 0


def check_hand_written(path):
    """Each asm statement of a hand-written header against the emulation block before it: [path.name] if one
    differs from the statement's translation (layout aside) or a statement has none."""

    def statements(lines):  # C++ statements, whitespace collapsed
        return [" ".join(x.split()) for x in "\n".join(lines).split(";") if x.strip()]

    text = path.read_text()
    blocks = re.findall(r"#if defined\(WARPNUM_EMULATE_DEVICE\)\n(.*?)#else\n\s*asm\((.*?)\);\n#endif", text, re.S)
    for emulation, statement in blocks:
        lines, outs, ins = re.fullmatch(r"(.*?)\s*:\s*(.*?)\s*:\s*(.*)", statement, re.S).groups()
        asm = Asm(re.findall(r'"[^"]*"', lines), " ".join(outs.split()), " ".join(ins.split()))
        if statements(emulation.splitlines()) != statements(asm.emulation(0)):
            return [path.name]
    return [] if blocks and len(blocks) == len(re.findall(r"\basm\(", text)) else [path.name]


if __name__ == "__main__":
    sys.exit(main())

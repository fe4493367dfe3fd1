#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the machine code (SASS) of constant-time kernels for decisions on secrets: a data-flow analysis from each
kernel's secret arguments through registers, predicates, the stack and shared memory, which fails where a secret
reaches

  - the predicate of a branch, an exit, a return or a call, or the register of an indirect branch;
  - the address of a load or store (global, local, shared, constant), or the predicate of one (a memory access
    that happens or not by a secret is a secret-dependent access pattern).

Selections (SEL, predicated moves and arithmetic) may depend on secrets: they run the same instructions either way.

Kernel arguments live in constant bank 0 from offset 0x210 (sm_90); the first 8 bytes, the output pointer, are public
and every later byte is secret (tests/constant_time/ct_kernels.cu passes its secrets so). The analysis is
flow-sensitive over each kernel's control-flow graph, with a register pair or quad for the .64, .128 and .WIDE forms;
a subroutine is analysed apart for each call site that reaches it (a return goes back to that call only). A lane
group's shuffles and ballots carry a secret from lane to lane: one thread's analysis stands for every lane, as all
run the same code. Kernels named ct_leaky_* run variable-time functions and must be flagged: they show that the
check can fail.

    python3 scripts/ct_sass_check.py CUBIN_OR_BINARY [--kernel REGEX] [--verbose]

cuobjdump and nvdisasm come from scripts/sass.py (NVIDIA's wheels, fetched once where the toolkit lacks them).
Exit status 0 when every ct_ kernel is clean and every ct_leaky_ kernel is flagged, 1 otherwise, 77 (skipped) where
no cuobjdump can be found or fetched.
"""
import argparse
import collections
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import sass  # noqa: E402

PARAM_BASE = 0x210  # sm_90's first kernel argument in c[0x0]
PUBLIC_PARAM_BYTES = 8  # the output pointer

INSTRUCTION = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
PREDICATE = re.compile(r"^@(!?)(U?P(?:T|\d))\s+")
REGISTER = re.compile(r"(?<![\w.])(U?R)(\d+|Z)(\.64)?|(?<![\w.])(U?P)(\d|T)")
CONSTANT = re.compile(r"c\[0x0\]\[(?:(U?R\d+)(?:\.64)?\s*\+?\s*)?(?:(-?0x[0-9a-f]+))?\]")
BRANCH_TARGET = re.compile(r"(0x[0-9a-f]+)\s*$")

MEMORY_OPS = ("LD", "LDG", "LDL", "LDS", "LDC", "ULDC", "ST", "STG", "STL", "STS", "ATOM", "ATOMG", "ATOMS", "RED",
              "LDSM", "LDGSTS", "TLD", "TEX", "SULD", "SUST")
STORES = ("ST", "STG", "STL", "STS", "RED", "SUST")
CONTROL = ("BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "CALL", "BREAK", "BSSY", "BSYNC", "WARPSYNC", "BAR", "KILL",
           "NOP", "YIELD", "DEPBAR", "MEMBAR", "FENCE", "ERRBAR", "CCTL", "BPT")


def split_operands(text):
    """Operands separated by top-level commas (brackets kept together)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[":
            depth += 1
        elif ch in "]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def registers(operand, width=1):
    """The registers an operand names (R4.64 and, for a value of `width` words, R4 .. R4+width-1); RZ, PT omitted."""
    regs = []
    for m in REGISTER.finditer(operand):
        if m.group(1):
            if m.group(2) == "Z":
                continue
            n = int(m.group(2))
            w = 2 if m.group(3) else width
            regs += [f"{m.group(1)}{n + k}" for k in range(w)]
        elif m.group(5) != "T":
            regs.append(f"{m.group(4)}{m.group(5)}")
    return regs


def value_width(opcode):
    mods = opcode.split(".")[1:]
    if "128" in mods:
        return 4
    if "64" in mods or "WIDE" in mods:
        return 2
    if opcode.split(".")[0] == "CS2R" and "32" not in mods:
        return 2  # CS2R R16, SRZ clears R16 and R17
    return 1


class Instruction:
    def __init__(self, address, text):
        self.address = address
        self.text = text
        m = PREDICATE.match(text)
        self.predicate = m.group(2) if m else None
        body = text[m.end():] if m else text
        parts = body.split(None, 1)
        self.opcode = parts[0]
        self.base = self.opcode.split(".")[0]
        self.operands = split_operands(parts[1]) if len(parts) > 1 else []
        self.width = value_width(self.opcode)

    def is_memory(self):
        return self.base in MEMORY_OPS

    def addresses(self):
        """Registers inside the brackets of the memory operand (its address), and constant-bank indices."""
        regs = []
        for op in self.operands:
            for inner in re.findall(r"\[([^\]]*)\]", op):
                if inner.startswith("0x0") and op.startswith("c["):
                    continue  # the bank number
                regs += registers(inner)
        return regs

    def destinations(self):
        """The operands written: the first, and the predicates right after it (carry-outs, a second predicate); a
        shuffle's first two (the lane-in-range predicate and the value), a vote's first (its predicates are read)."""
        if self.base in STORES or self.base in CONTROL or not self.operands:
            return []
        if self.base == "SHFL":
            return [r for op in self.operands[:2] for r in registers(op)]
        if self.base in ("VOTE", "VOTEU"):
            return registers(self.operands[0])
        out = registers(self.operands[0], self.width if not self.opcode.startswith("IMAD.WIDE") else 2)
        for op in self.operands[1:]:
            if re.fullmatch(r"U?P(\d|T)", op):
                out += registers(op)
            else:
                break
        return out

    def sources(self):
        """The registers read (value operands; the addresses too, as the value read depends on them)."""
        if self.base in CONTROL:
            return [r for op in self.operands for r in registers(op)]
        if self.base == "SHFL":  # SHFL.IDX Pd, Rd, value, lane, clamp: the value crosses lanes, and so its taint
            return [r for op in self.operands[2:] for r in registers(op)]
        if self.base in ("VOTE", "VOTEU"):  # VOTE.ANY Rd, PT, Pa: a ballot of a secret predicate is secret
            return [r for op in self.operands[1:] for r in registers(op)]
        ops = self.operands if self.base in STORES else self.operands[1:]
        if self.base not in STORES:
            # skip the predicate destinations right after the first operand
            while ops and re.fullmatch(r"U?P(\d|T)", ops[0]):
                ops = ops[1:]
        out = []
        for i, op in enumerate(ops):
            wide = self.width
            if self.opcode.startswith("IMAD.WIDE"):
                wide = 2 if i == 2 else 1  # a b + c: the addend c is a pair
            elif self.base not in STORES:
                wide = 1
            out += registers(op, wide if "[" not in op else 1)
        return out


def parse(listing):
    """{kernel name: [Instruction]} from cuobjdump -sass."""
    kernels, name, body = {}, None, []
    for line in listing.splitlines():
        if "Function :" in line:
            if name:
                kernels[name] = body
            name, body = line.split("Function :")[1].strip(), []
            continue
        m = INSTRUCTION.match(line)
        if m and name:
            body.append(Instruction(int(m.group(1), 16), m.group(2)))
    if name:
        kernels[name] = body
    return kernels


def secret_constant(ins):
    """Whether an LDC/ULDC reads the secret arguments (offset past the public output pointer)."""
    for op in ins.operands:
        m = CONSTANT.search(op)
        if not m:
            continue
        offset = int(m.group(2), 16) if m.group(2) else 0
        if offset >= PARAM_BASE + PUBLIC_PARAM_BYTES:
            return True
        if m.group(1) and offset >= PARAM_BASE:
            return True  # register-indexed into the arguments: may reach the secrets
    return False


def local_slot(ins):
    """The stack slot ('L+0x10') of an LDL/STL at [R1+offset], or 'L*' for any other address."""
    for op in ins.operands:
        m = re.fullmatch(r"\[R1(?:\s*\+\s*(-?0x[0-9a-f]+))?\]", op)
        if m:
            return f"L{int(m.group(1), 16) if m.group(1) else 0:+#x}"
        if op.startswith("["):
            return "L*"
    return "L*"


def analyse(body):
    """Runs the taint analysis over one kernel; returns the violations (address, text, why). Calls are analysed in
    the context of their call site (one level of call strings): a subroutine's instructions carry the state of each
    call that reaches them apart, and its return goes back to that call's next instruction only, so that a register
    or stack slot that holds a secret around one call does not taint the same one around another."""
    index = {ins.address: i for i, ins in enumerate(body)}
    call_contexts = collections.defaultdict(set)  # call site -> the contexts it was reached in

    def successors(i, context):
        """(address, context) pairs after instruction i run in `context` (None: the kernel; else a call's address)."""
        ins = body[i]
        nxt = [(body[i + 1].address, context)] if i + 1 < len(body) else []
        if ins.base in ("BRA", "JMP", "CALL"):
            m = BRANCH_TARGET.search(ins.text)
            target = int(m.group(1), 16) if m else None
            if ins.base == "CALL":
                call_contexts[ins.address].add(context)
                return [(target, ins.address)] if target is not None else []  # back through RET
            return ([(target, context)] if target is not None else []) + (nxt if ins.predicate else [])
        if ins.base in ("EXIT", "KILL"):
            return nxt if ins.predicate else []
        if ins.base == "RET":
            if context is None:  # a return outside any call seen: every call's next instruction, conservatively
                back = [(body[k + 1].address, c) for k, b in enumerate(body) if b.base == "CALL" and k + 1 < len(body)
                        for c in call_contexts[b.address] or {None}]
            else:
                k = index[context]
                back = [(body[k + 1].address, c) for c in call_contexts[context]] if k + 1 < len(body) else []
            return back + (nxt if ins.predicate else [])
        if ins.base in ("BRX", "JMX"):
            return [(b.address, context) for b in body]  # anywhere: conservative
        return nxt

    state = {(body[0].address, None): frozenset()} if body else {}
    work = collections.deque([(0, None)]) if body else collections.deque()
    violations = {}
    while work:
        i, context = work.popleft()
        ins = body[i]
        taint = set(state[(ins.address, context)])
        pred_secret = ins.predicate is not None and ins.predicate in taint
        srcs = ins.sources()
        secret_in = any(r in taint for r in srcs) or pred_secret
        if ins.base in ("LDC", "ULDC") and secret_constant(ins):
            secret_in = True
        if ins.base in ("LDL",):
            slot = local_slot(ins)
            any_slot = any(t.startswith("L") for t in taint)
            secret_in = secret_in or slot in taint or "L*" in taint or (slot == "L*" and any_slot)
        if ins.base in ("LDS", "LDSM"):
            secret_in = secret_in or "S*" in taint
        # violations
        if ins.base in CONTROL and pred_secret and ins.base in ("BRA", "JMP", "EXIT", "RET", "CALL", "BREAK", "KILL"):
            violations[ins.address] = (ins.text, f"the predicate {ins.predicate} of a {ins.base} depends on a secret")
        if ins.base in ("BRX", "JMX") and any(r in taint for r in srcs):
            violations[ins.address] = (ins.text, "an indirect branch's target depends on a secret")
        if ins.is_memory():
            bad = [r for r in ins.addresses() if r in taint]
            if bad:
                violations[ins.address] = (ins.text, f"the address ({', '.join(bad)}) depends on a secret")
            elif pred_secret:
                why = f"whether the access happens ({ins.predicate}) depends on a secret"
                violations[ins.address] = (ins.text, why)
        # transfer
        out = set(taint)
        if ins.base == "STL":
            slot = local_slot(ins)
            value_secret = any(r in taint for r in registers(ins.operands[-1], ins.width)) or pred_secret
            if value_secret:
                out.add(slot)
            elif slot != "L*" and not ins.predicate:
                out.discard(slot)
        elif ins.base in ("STS", "ATOMS"):
            if any(r in taint for r in srcs) or pred_secret:
                out.add("S*")
        for d in ins.destinations():
            if secret_in:
                out.add(d)
            elif not ins.predicate:
                out.discard(d)
        frozen = frozenset(out)
        before = set(call_contexts[ins.address]) if ins.base == "CALL" else None
        for key in successors(i, context):
            if key[0] not in index:
                continue
            old = state.get(key)
            new = frozen if old is None else old | frozen
            if new != old:
                state[key] = new
                work.append((index[key[0]], key[1]))
        if ins.base == "CALL" and before != call_contexts[ins.address]:
            # a new context for this call: its subroutine's returns, already analysed, must reach it too
            for k, b in enumerate(body):
                if b.base == "RET" and (b.address, ins.address) in state:
                    work.append((k, ins.address))
    return sorted((a, t, why) for a, (t, why) in violations.items())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--kernel", default="ct_", help="regular expression the kernels' names must match")
    parser.add_argument("--verbose", action="store_true", help="list every violation, not the first five")
    args = parser.parse_args()
    try:
        tool, env = sass.cuobjdump()
    except (subprocess.CalledProcessError, OSError, SystemExit) as e:
        print(f"ct_sass_check: no cuobjdump ({e}); skipped (install the CUDA toolkit's, or let pip reach PyPI)")
        return 77
    listing = subprocess.run([tool, "-sass", args.binary], env=env, check=True, capture_output=True, text=True).stdout
    kernels = {k: v for k, v in parse(listing).items() if re.search(args.kernel, k)}
    if not kernels:
        print(f"ct_sass_check: no kernel matches {args.kernel!r} in {args.binary}", file=sys.stderr)
        return 1
    failed = 0
    for name, body in sorted(kernels.items()):
        leaky = "ct_leaky_" in name
        found = analyse(body)
        ok = bool(found) == leaky
        verdict = ("flagged, as a variable-time control must be" if leaky else "SECRET-DEPENDENT") if found else (
            "NOT flagged: the check cannot see a leak" if leaky else "no decision on a secret")
        print(f"{name}: {len(body)} instructions, {len(found)} flagged: {verdict}")
        for address, text, why in found[: None if args.verbose else 5]:
            print(f"    /*{address:04x}*/ {text}    <- {why}")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

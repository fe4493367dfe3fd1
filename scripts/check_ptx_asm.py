#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks PTX for inline-asm blocks that read a register they have already overwritten: the sign of an asm statement
whose outputs are not early-clobber ("+r", "=r" instead of "+&r", "=&r"), so that the compiler gave an input the
register of an output and a later instruction of the chain reads the output's new value instead of the input.

nvcc brackets each inline-asm statement in its PTX by "// begin inline asm" and "// end inline asm", with the
operands already replaced by registers. Within a block, an instruction's first operand is its destination (a
register, a vector {%r1, %r2}, or a predicate pair p|q; stores, reductions, barriers and branches have none) and
the others, with the guard @p, are its sources. A block is flagged when an instruction reads, as a source, a
register that an earlier instruction of the same block wrote. A read and a write of one register by the same
instruction is an in/out operand ("+&r": mad.lo.cc.u32 %r1, %r2, %r3, %r1) and is fine, as are registers the block
declares itself ({ .reg .u32 t; ... }). The carry flag of .cc chains is no register and is not tracked.

The rule fits warpnum's chains (detail/ptx/): each output is written by one instruction, which alone reads it, so
a later instruction that reads an output's register can only read an input that shares it. An asm statement that
means to read an output written by an earlier instruction must keep the value in a register of its own
({ .reg .u32 t; ... }) or it is flagged too.

With --asm-module OUT.ptx it writes, instead of checking, one PTX module that holds every distinct inline-asm block
of the files once (blocks that differ only in register numbers are one), inside one kernel that declares the
registers they name with the types the files declare, for the files' .version and .target. Assembling that module
with ptxas for the target (nvcc -cubin -arch=sm_80 OUT.ptx) checks every inline-asm instruction, with its operand
types, against the target: the rest of the files' PTX was made by NVVM for that target and needs no such check,
while an asm statement's text is passed through as written and can name an instruction the target lacks. A second
per-file ptxas run of code NVVM made would check nothing more and takes as long as NVVM on warpnum's tests.

Usage: check_ptx_asm.py [--require-blocks] [--asm-module OUT.ptx] FILE_OR_FOLDER...  (folders: every *.ptx below
them). Make PTX with nvcc -ptx, or keep it from a normal compile with nvcc -keep -keep-dir <folder>. Prints each
finding (file, line, function, block, register) and a summary; exit status 1 when something is flagged, 2 on bad
input (no file, files of different targets for --asm-module, or with --require-blocks no inline asm at all).
"""
import argparse
import contextlib
import pathlib
import re
import shutil
import subprocess
import sys

BEGIN = "// begin inline asm"
END = "// end inline asm"

# Instructions without a destination operand: every register they name is read.
NO_DESTINATION = {
    "st", "st.async", "stmatrix", "red", "red.async", "prefetch", "prefetchu", "bar", "barrier", "bra", "brx",
    "call", "ret", "exit", "membar", "fence", "trap", "brkpt", "nanosleep", "pmevent", "sust", "sured", "cp",
    "cp.async", "cp.reduce", "multimem.st", "multimem.red", "setmaxnreg", "griddepcontrol", "wmma.store",
    "discard", "applypriority", "createpolicy.noop", "tensormap.replace", "mbarrier.init", "mbarrier.inval",
    "mbarrier.expect_tx", "mbarrier.complete_tx", "cp.async.bulk", "cp.async.bulk.tensor",
}

FUNCTION_RE = re.compile(r"^\s*(?:\.(?:visible|weak|extern)\s+)*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$.]+)")
REGISTER_RE = re.compile(r"%[A-Za-z_$][\w$]*")
REG_DECL_RE = re.compile(r"^\.reg\s+(?:\.v\d\s+)?\.\w+\s+(.*)$")


class Instruction:
    def __init__(self, text, opcode, dests, sources):
        self.text = text
        self.opcode = opcode  # with its modifiers and types: "madc.hi.cc.u32"
        self.dests = dests  # registers written
        self.sources = sources  # registers read, in order, with repeats


def split_top(text, sep):
    """Splits text at sep where it is not inside braces, brackets or parentheses."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def strip_scopes(statement):
    """Removes the braces that open and close scopes (not those of vector operands) around one statement."""
    s = statement.strip()
    while s and s[0] in "{}":
        s = s[1:].strip()
    while s.endswith("}") and s.count("{") < s.count("}"):
        s = s[:-1].strip()
    return s


def parse_block(text):
    """The instructions of one inline-asm block, in order, and the names it declares with .reg."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = "\n".join(line.split("//", 1)[0] for line in text.splitlines())
    temporaries = set()
    instructions = []
    for raw in text.split(";"):
        s = strip_scopes(raw.replace("\n", " "))
        if not s:
            continue
        declaration = REG_DECL_RE.match(s)
        if declaration:
            for name in declaration.group(1).split(","):
                name = name.strip()
                counted = re.match(r"^([\w$%]+)<(\d+)>$", name)
                if counted:
                    temporaries.update(f"{counted.group(1)}{i}" for i in range(int(counted.group(2))))
                elif name:
                    temporaries.add(name)
            continue
        if s.startswith("."):  # another directive (.pragma, .loc)
            continue
        s = re.sub(r"^[\w$]+:\s*", "", s)  # a label
        guard = []
        match = re.match(r"^@!?(\S+)\s+(.*)$", s)
        if match:
            guard, s = [match.group(1)], match.group(2)
        pieces = s.split(None, 1)
        if not pieces:
            continue
        opcode = pieces[0]
        operands = [o.strip() for o in split_top(pieces[1], ",")] if len(pieces) > 1 else []
        operands = [o for o in operands if o]
        # Opcode families: "st.global.u32" is "st", "mbarrier.init.shared.b64" is "mbarrier.init".
        parts = opcode.split(".")
        families = {".".join(parts[:k]) for k in range(1, len(parts) + 1)}
        has_destination = bool(operands) and not (families & NO_DESTINATION) and not operands[0].startswith("[")
        dests, sources = [], []
        for n in guard:
            if n not in temporaries:
                sources += REGISTER_RE.findall(n)
        for index, operand in enumerate(operands):
            names = [n for n in REGISTER_RE.findall(operand) if n not in temporaries]
            if index == 0 and has_destination:
                dests += names
            else:
                sources += names
        instructions.append(Instruction(s, opcode, dests, sources))
    return instructions


def hazards(instructions):
    """(register, writer index, reader index) for each read of a register written by an earlier instruction."""
    written = {}
    found = []
    for j, instruction in enumerate(instructions):
        reported = set()
        for name in instruction.sources:
            if name in written and name not in reported:
                found.append((name, written[name], j))
                reported.add(name)
        for name in instruction.dests:
            written[name] = j
    return found


def scan(path, lines=None):
    """Yields (line number, function, block text, instructions, hazards) for each inline-asm block of a PTX file
    (its lines, where the caller has read them already)."""
    function = "(outside any function)"
    block, start = None, 0
    with contextlib.nullcontext(lines) if lines is not None else open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if block is None:
                if BEGIN in line:
                    block, start = [], number
                    continue
                match = FUNCTION_RE.match(line)
                if match:
                    function = match.group(1)
            elif END in line:
                text = "\n".join(block)
                instructions = parse_block(text)
                yield start, function, text, instructions, hazards(instructions)
                block = None
            else:
                block.append(line.rstrip("\n"))
    if block is not None:
        raise ValueError(f"{path}:{start}: inline asm block without '{END}'")


def demangle(names):
    """Demangled names by c++filt where it is installed; the names themselves otherwise."""
    names = sorted(set(names))
    tool = shutil.which("c++filt") or shutil.which("cu++filt")
    if not tool or not names:
        return {n: n for n in names}
    try:
        out = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {n: n for n in names}
    return dict(zip(names, out.splitlines())) if len(out.splitlines()) == len(names) else {n: n for n in names}


def ptx_files(arguments):
    files = []
    for argument in arguments:
        path = pathlib.Path(argument)
        if path.is_dir():
            files += sorted(path.rglob("*.ptx"))
        elif path.is_file():
            files.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {argument}")
    return files


REG_RANGE_DECL_RE = re.compile(r"^\s*\.reg\s+(\.\w+)\s+%([A-Za-z_$][A-Za-z_$]*)<\d+>;")
NUMBERED_REGISTER_RE = re.compile(r"%([A-Za-z_$][A-Za-z_$]*?)(\d+)\b")


def write_asm_module(files, out, require_blocks):
    """--asm-module: every distinct inline-asm block of the files in one kernel of one PTX module (see above)."""
    header = {}  # ".version" / ".target" -> the line, which must agree across the files
    types = {}  # register prefix ("rd") -> its declared type (".b64"), from the files' .reg declarations
    blocks = {}  # block with register numbers taken out -> (file, line, block)
    for path in files:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
        for line in lines:
            for directive in (".version", ".target"):
                if line.startswith(directive + " "):
                    if header.setdefault(directive, line.strip()) != line.strip():
                        print(f"check_ptx_asm.py: {path}: '{line.strip()}', but an earlier file has "
                              f"'{header[directive]}': one module holds one target", file=sys.stderr)
                        return 2
            match = REG_RANGE_DECL_RE.match(line)
            if match:
                types.setdefault(match.group(2), match.group(1))
        for start, _, text, _, _ in scan(path, lines):
            key = " ".join(NUMBERED_REGISTER_RE.sub(r"%\1", text).split())
            blocks.setdefault(key, (path.name, start, text))
    if not blocks:
        print("check_ptx_asm.py: no inline asm block found; no module written", file=sys.stderr)
        return 2 if require_blocks else 0
    counts = {}  # prefix -> one more than the highest register number of that prefix named
    for _, _, text in blocks.values():
        for prefix, number in NUMBERED_REGISTER_RE.findall(text):
            if prefix in types:  # else a special register (%clock64) or a block's own declaration
                counts[prefix] = max(counts.get(prefix, 0), int(number) + 1)
    lines = [header.get(".version", ".version 8.0"), header.get(".target", ".target sm_80"), ".address_size 64", "",
             "// Every distinct inline-asm block of the PTX files checked by scripts/check_ptx_asm.py, for ptxas.",
             ".visible .entry inline_asm_blocks()", "{"]
    lines += [f"\t.reg {types[prefix]} %{prefix}<{count}>;" for prefix, count in sorted(counts.items())]
    for name, start, text in blocks.values():
        lines += [f"\t// {name}:{start}", "\t{", text, "\t}"]
    lines += ["\tret;", "}", ""]
    out.write_text("\n".join(lines), encoding="utf-8")
    print(f"check_ptx_asm.py: {len(files)} PTX files, {len(blocks)} distinct inline asm blocks written to {out}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+", help="PTX files, or folders to search for *.ptx")
    parser.add_argument("--require-blocks", action="store_true",
                        help="fail (status 2) when the files hold no inline asm at all: a check of nothing")
    parser.add_argument("--max-shown", type=int, default=20, help="findings printed in full (default 20)")
    parser.add_argument("--asm-module", default=None, metavar="OUT.ptx",
                        help="write every distinct inline-asm block of the files into one PTX module for ptxas "
                             "(the target's check of the asm statements) instead of checking the blocks")
    args = parser.parse_args(argv)
    try:
        files = ptx_files(args.paths)
    except FileNotFoundError as error:
        print(f"check_ptx_asm.py: {error}", file=sys.stderr)
        return 2
    if not files:
        print("check_ptx_asm.py: no .ptx file found", file=sys.stderr)
        return 2
    if args.asm_module is not None:
        return write_asm_module(files, pathlib.Path(args.asm_module), args.require_blocks)
    blocks = 0
    findings = []  # (file, line, function, text, instructions, hazards)
    for path in files:
        for start, function, text, instructions, found in scan(path):
            blocks += 1
            if found:
                findings.append((path, start, function, text, instructions, found))
    names = demangle(f[2] for f in findings)
    for shown, (path, start, function, text, instructions, found) in enumerate(findings):
        if shown >= args.max_shown:
            print(f"... and {len(findings) - shown} more blocks")
            break
        print(f"{path}:{start}: in {names[function]}")
        for register, writer, reader in found:
            print(f"  {register} is written by instruction {writer + 1} ({instructions[writer].text}) and then read "
                  f"by instruction {reader + 1} ({instructions[reader].text})")
        print("  block:")
        for instruction in instructions:
            print(f"    {instruction.text};")
    print(f"check_ptx_asm.py: {len(files)} PTX files, {blocks} inline asm blocks, {len(findings)} reading a register "
          "they wrote before (outputs not early-clobber?)")
    if args.require_blocks and blocks == 0:
        print("check_ptx_asm.py: no inline asm block found; nothing was checked", file=sys.stderr)
        return 2
    return 1 if findings else 0

if __name__ == "__main__":
    sys.exit(main())

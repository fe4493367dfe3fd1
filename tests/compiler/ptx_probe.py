#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Probes a kernel's PTX where ptxas makes wrong machine code of right PTX: copies chosen registers and local memory,
at chosen lines of the kernel, into a probe area of the result buffer, so that one GPU run shows at which point the
machine code's values first part from the PTX's own (scripts/ptx_interpreter.py).

Input: a folder from tests/compiler/sass_cases.py (its <name>.ptx, the kernel with the functions it calls, and
<name>.cases; --entry names the kernel where the module has several). Each --probe is LINE:ITEM,ITEM,... and inserts, before line LINE of <name>.ptx (1-based; in the
kernel or in any function it calls), stores of
  %r12, %rd7, %rs3, %p5       a register (a predicate as 0 or 1, a 16-bit register widened to 32 bits);
  [%rd570]:96                 96 bytes of local memory from the address in a register (ld.local; a multiple of 4);
  [%rd9+16]:32                the same from an offset;
  g[%rd247]:96                the same through a generic address;
  depot                       the whole local frame of the function (its __local_depot, from %SPL).
LINE@%r7<N:ITEM,... probes inside a loop: a copy of the items for each value 0 .. N-1 of the 32-bit register %r7
(the loop's counter; other values are not stored), so that every iteration's values are kept; LINE@%r7/32<N:...
takes the copy of %r7 / 32 (a counter that steps by 32).
Every item takes a multiple of 8 bytes of the thread's probe area; the areas follow the n results of the launch
(thread i's at out + n * result size + i * area size; the kernel stores out + n * result size in a .global
variable at its start, which the probes read). A probe line that the thread does not reach leaves its bytes as
they were (0xa5 on the GPU and in the interpreter); a probe line reached more than once keeps the last values.
The PTX runs twice in the interpreter, with unwritten registers and memory read as zeros and as ones: probe words
that differ between the two are not compared (a frame's bytes that nothing wrote).

Writes <name>-<tag>.ptx, <name>-<tag>.cases (format WNCASES2: per case the input, the PTX's result and probe area,
the host's result and the probe area's mask, 0xff for bytes compared), <name>-<tag>.probes (the layout: offset,
size, probe line, item), one cubin per --variants entry, and their rows in runs.txt; tests/compiler/sass_check
prints every probe word where the GPU and the PTX differ, with its item.

    tests/compiler/ptx_probe.py build-sass --name chained256 --tag p1 \\
        --probe '41388:[%rd570]:96,[%rd2795]:96,[%rd3885]:32' '41418:%r1920,%r1921,%rs228' \\
        --variants O3=-O3 O0=-O0
"""
import argparse
import os
import pathlib
import re
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import ptx_interpreter as pi  # noqa: E402

ENTRY = re.compile(r"^\.visible \.entry\s+(\S+?)\(", re.M)
MEMORY = re.compile(r"^(g?)\[(%\w+)(?:\+(\d+))?\]:(\d+)$")
FUNCTION_START = re.compile(r"^(?:\.visible |\.weak )?\.(?:func|entry)\b")
DEPOT = re.compile(r"\.local \.align \d+ \.b8\s+__local_depot\d+\[(\d+)\]")


def read_cases(path):
    """(functor, [(input, ptx result, host result)], result size) of a WNCASES1 file."""
    data = pathlib.Path(path).read_bytes()
    if data[:8] != b"WNCASES1":
        raise SystemExit(f"ptx_probe: {path} is not a WNCASES1 file of tests/compiler/sass_cases.py")
    count, op_size, in_size, out_size = struct.unpack_from("<4I", data, 8)
    functor = data[24:24 + op_size]
    p, cases = 24 + op_size, []
    for _ in range(count):
        inp = data[p:p + in_size]
        ptx = data[p + in_size:p + in_size + out_size]
        host = data[p + in_size + out_size:p + in_size + 2 * out_size]
        cases.append((inp, ptx, host))
        p += in_size + 2 * out_size
    return functor, cases, out_size


def register_width(text, name):
    """The width in bits of register name, from the kernel's .reg declarations (%r<N>, %rd<N>, %rs<N>, %p<N>)."""
    prefix = re.match(r"%([a-zA-Z]+)", name).group(1)
    m = re.search(r"\.reg \.(b|u|s|pred|f)(\d*)\s+%" + prefix + r"<", text)
    if not m:
        raise SystemExit(f"ptx_probe: no declaration of the registers %{prefix}<N>")
    return 1 if m.group(1) == "pred" else int(m.group(2))


def probe_block(area, items, k, index=None):
    """The PTX of one probe: the thread's probe area's address, then a store per item; index: (register, count,
    bytes a copy, step) for a probe kept per loop iteration (copy register / step)."""
    lines = [f"\t{{ // probe {k}", "\t.reg .b64 %pq_a, %pq_t;", "\t.reg .b32 %pq_w<4>;", "\t.reg .pred %pq_p;",
             "\tld.global.u64 %pq_a, [__probe_out];", "\tmov.u32 %pq_w0, %ctaid.x;", "\tmov.u32 %pq_w1, %ntid.x;",
             "\tmov.u32 %pq_w2, %tid.x;", "\tmad.lo.u32 %pq_w0, %pq_w0, %pq_w1, %pq_w2;",
             f"\tmul.wide.u32 %pq_t, %pq_w0, {area};", "\tadd.s64 %pq_a, %pq_a, %pq_t;"]
    if index:
        reg, count, size, step = index
        lines += [f"\tdiv.u32 %pq_w3, {reg}, {step};", f"\tsetp.lt.u32 %pq_p, %pq_w3, {count};",
                  f"\t@!%pq_p bra $L__probe_{k}_end;", f"\tmul.wide.u32 %pq_t, %pq_w3, {size};",
                  "\tadd.s64 %pq_a, %pq_a, %pq_t;"]
    for offset, _size, item, kind, width in items:
        if kind == "mem":
            space, reg, base, nbytes = item
            for b in range(0, nbytes, 4):
                lines.append(f"\tld{space}.u32 %pq_w3, [{reg}+{base + b}];")
                lines.append(f"\tst.global.u32 [%pq_a+{offset + b}], %pq_w3;")
        elif width == 1:
            lines += [f"\tselp.u32 %pq_w3, 1, 0, {item};", f"\tst.global.u32 [%pq_a+{offset}], %pq_w3;"]
        elif width == 16:
            lines += [f"\tcvt.u32.u16 %pq_w3, {item};", f"\tst.global.u32 [%pq_a+{offset}], %pq_w3;"]
        elif width == 32:
            lines.append(f"\tst.global.u32 [%pq_a+{offset}], {item};")
        else:
            lines.append(f"\tst.global.u64 [%pq_a+{offset}], {item};")
    if index:
        lines.append(f"$L__probe_{k}_end:")
    lines.append(f"\t}} // probe {k}")
    return "\n".join(lines) + "\n"


def kernel_start(entry, out_size):
    """The PTX that stores out + n * result size in __probe_out, at the kernel's first instruction."""
    return (f"\t{{ // probe area\n\t.reg .b64 %pq_a, %pq_t;\n\tld.param.u64 %pq_a, [{entry}_param_2];\n"
            f"\tcvta.to.global.u64 %pq_a, %pq_a;\n\tld.param.u64 %pq_t, [{entry}_param_3];\n"
            f"\tmul.lo.u64 %pq_t, %pq_t, {out_size};\n\tadd.s64 %pq_a, %pq_a, %pq_t;\n"
            f"\tst.global.u64 [__probe_out], %pq_a;\n\t}} // probe area\n")


def enclosing_depot(lines, number):
    """The size of the local frame of the function that holds line number (1-based)."""
    for i in range(number - 1, -1, -1):
        m = DEPOT.search(lines[i])
        if m:
            return int(m.group(1))
        if FUNCTION_START.match(lines[i]):
            break
    raise SystemExit(f"ptx_probe: line {number}: its function has no local frame (__local_depot)")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", help="a folder of tests/compiler/sass_cases.py")
    ap.add_argument("--name", default="kernel", help="the stem of its files (default kernel)")
    ap.add_argument("--cases", help="the cases file (default <name>.cases)")
    ap.add_argument("--tag", required=True, help="names the probed files: <name>-<tag>.*")
    ap.add_argument("--probe", nargs="+", required=True, help="LINE:ITEM,ITEM,...")
    ap.add_argument("--entry", help="the kernel, where the module has several (default: the first)")
    ap.add_argument("--variants", nargs="*", default=["O3=-O3"], help="ptxas variants, name=flags (none: no cubin)")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "ptxas"))
    args = ap.parse_args(argv)

    folder = pathlib.Path(args.folder)
    text = (folder / f"{args.name}.ptx").read_text(encoding="utf-8")
    entries = ENTRY.findall(text)
    entry = args.entry or entries[0]
    if entry not in entries:
        raise SystemExit(f"ptx_probe: no kernel {entry} in {args.name}.ptx (it has {', '.join(entries)})")
    functor, cases, out_size = read_cases(folder / (args.cases or f"{args.name}.cases"))

    lines = text.splitlines(keepends=True)
    # the layout of the probe area
    probes, layout, offset = {}, [], 0
    for k, spec in enumerate(args.probe):
        line, _, items = spec.partition(":")
        index = None
        if "@" in line:
            line, _, loop = line.partition("@")
            reg, _, count = loop.partition("<")
            reg, _, step = reg.partition("/")
            index = [reg, int(count), 0, int(step or 1)]
        start = offset
        parsed = []
        for item in re.split(r",(?![^\[]*\])", items):
            if item == "depot":
                item = f"[%SPL]:{enclosing_depot(lines, int(line))}"
            m = MEMORY.match(item)
            if m:
                nbytes = int(m.group(4))
                parsed.append([None, nbytes, (".local" if not m.group(1) else "", m.group(2), int(m.group(3) or 0), nbytes),
                               "mem", 0])
                layout.append((offset, nbytes, int(line), item))
            else:
                width = register_width(text, item)
                parsed.append([None, 8, item, "reg", width])
                layout.append((offset, 8, int(line), item))
            parsed[-1][0] = offset - start
            offset += (parsed[-1][1] + 7) // 8 * 8
        if index:  # one copy of the items for each iteration
            index[2] = offset - start
            for i in range(1, index[1]):
                for p_off, size, _l, item in [x for x in layout if x[0] >= start and x[0] < start + index[2]]:
                    layout.append((p_off + i * index[2], size, int(line), f"{item}#{i}"))
            offset = start + index[1] * index[2]
        for p in parsed:
            p[0] += start
        probes.setdefault(int(line), []).append((parsed, index))
    area = (offset + 15) // 16 * 16

    out_lines, k, in_entry, started = [], 0, False, False
    for number, line in enumerate(lines, 1):
        if line.startswith(".address_size"):
            line += "\n.global .align 8 .u64 __probe_out;\n"
        if line.startswith(".visible .entry"):
            in_entry = ENTRY.match(line).group(1) == entry
        elif in_entry and not started and re.match(r"^\s*[a-z]", line):  # the kernel's first instruction
            out_lines.append(kernel_start(entry, out_size))
            started = True
        for items, index in probes.get(number, []):
            out_lines.append(probe_block(area, items, k, index))
            k += 1
        out_lines.append(line)
    tag = f"{args.name}-{args.tag}"
    ptx_file = folder / f"{tag}.ptx"
    ptx_file.write_text("".join(out_lines), encoding="utf-8")
    with open(folder / f"{tag}.probes", "w", encoding="utf-8") as f:
        for off, size, line, item in layout:
            f.write(f"{off} {size} {line} {item}\n")

    module = pi.Module.from_file(ptx_file)
    records = []
    for n, (inp, _ptx, host) in enumerate(cases):
        results = []
        for fill in (0x00, 0xFF):
            memory = pi.GlobalMemory()
            a_in = memory.alloc(len(inp))
            memory.write(a_in, inp)
            a_out = memory.alloc(out_size + area)
            memory.write(a_out, b"\xa5" * (out_size + area))
            module.run(entry, [functor, a_in, a_out, 1], memory, unwritten=fill, registers=fill)
            results.append(memory.read(a_out, out_size + area))
        if results[0][:out_size] != results[1][:out_size]:
            raise SystemExit(f"ptx_probe: case {n}: the probed PTX's result depends on bytes nothing wrote")
        got = results[0]
        mask = bytes(0xFF if all(r[out_size + w:out_size + w + 4] == got[out_size + w:out_size + w + 4] for r in results)
                     else 0 for w in range(0, area, 4) for _ in range(4))
        records.append((inp, got, host + mask))
        print(f"ptx_probe: case {n}: PTX {'=' if got[:out_size] == host else '!='} host", flush=True)
    with open(folder / f"{tag}.cases", "wb") as f:
        f.write(b"WNCASES2" + struct.pack("<5I", len(records), len(functor), len(cases[0][0]), out_size, area) + functor)
        for inp, got, host in records:
            f.write(inp + got + host)
    rows = []
    for variant in args.variants:
        vname, _, flags = variant.partition("=")
        cubin = folder / f"{tag}-{vname}.cubin"
        subprocess.run([args.ptxas, "-arch=sm_90", *flags.split(), str(ptx_file), "-o", str(cubin)], check=True)
        rows.append(f"{cubin.name} {entry} {tag}.cases\n")
    with open(folder / "runs.txt", "a", encoding="utf-8") as f:
        f.writelines(rows)
    print(f"ptx_probe: {ptx_file}: {k} probes, {area} bytes a thread; cubins: "
          f"{', '.join(v.partition('=')[0] for v in args.variants)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prepares a check of ptxas on one device-fuzz kernel: from the mismatch records of a device-fuzz log (their replay
lines, tests/device/fuzz/replay_ptx.py) and the PTX the binary was built from, writes into a folder
  <name>.ptx         the kernel and every function it calls, as a module of their own (ptxas makes the same machine
                     code of it as of the whole translation unit's PTX: check with cuobjdump -sass);
  <name>.cases       the records' functor and inputs, with the PTX's own results (scripts/ptx_interpreter.py) and the
                     host's (the records' expected results); <name>-2.cases and so on for records of other functors;
  <name>-<v>.cubin   ptxas's machine code of it (sm_90) for each variant v of --variants (name=flags);
  runs.txt           one line per cubin: cubin, kernel, cases;
  sass_check         tests/compiler/sass_check.cpp, built with g++ against the CUDA driver API (the toolkit's stub
                     libcuda; the GPU machine's driver provides the real one), which scripts/gpu-run.sh's section
                     sass_check runs on each line of runs.txt.

    tests/compiler/sass_cases.py device-fuzz.log modular_small.ptx --kernel ModChainedINS_8BasicIntILm256 \\
        --out build-sass/chained256 --variants "O3=-O3" "O1=-O1" "O0=-O0"

A record whose PTX result differs from its host result was made wrong before ptxas (NVVM): the check then shows that
the GPU reproduces the PTX; one whose PTX result is the host's but whose device result was wrong points at ptxas, the
driver or the GPU."""
import argparse
import os
import pathlib
import re
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "device" / "fuzz"))
import ptx_interpreter as pi  # noqa: E402
from replay_ptx import records  # noqa: E402

FUNCTION = re.compile(r"^(?:// \.globl\s+\S+\n)?(?:\.visible |\.weak |\.extern )?\.(?:func|entry)\s+(?:\([^)]*\)\s*)?(\S+?)\(",
                      re.M)
CALL = re.compile(r"call(?:\.uni)?\s+(?:\([^)]*\),\s*)?([\w$]+),")


def kernel_module(text, entry):
    """The module's header, declarations of the functions the entry calls, then their bodies and the entry's."""
    # the header ends at the first function or forward declaration (nvcc declares every function at the top; ptxas
    # refuses a declared function without a body, so only the kept functions are declared again below)
    header = text[:re.search(r"^(?:// \.globl|(?:\.visible |\.weak |\.extern )?\.(?:func|entry)\b)", text, re.M).start()]
    bodies = {}
    for m in FUNCTION.finditer(text):
        brace, semi = text.find("{", m.end()), text.find(";", m.end())
        if semi != -1 and semi < brace:
            continue  # a declaration
        bodies[m.group(1)] = text[m.start():text.find("\n}\n", m.end()) + 3]
    order, todo = [], [entry]
    while todo:
        name = todo.pop()
        if name in order:
            continue
        order.append(name)
        todo += [c for c in CALL.findall(bodies[name]) if c in bodies]
    parts = [header]
    parts += [bodies[n][:bodies[n].find("{")].rstrip() + ";\n" for n in order[1:]]
    parts += [bodies[n] + "\n" for n in reversed(order)]
    return "".join(parts)


def ptx_result(module, entry, functor, inp, size):
    """The kernel's result for one input, as thread 0 of fuzz_kernel with n = 1; None where it depends on bytes
    nothing wrote (the result differs with such bytes read as zeros and as ones)."""
    results = []
    for fill in (0x00, 0xFF):
        memory = pi.GlobalMemory()
        a_in = memory.alloc(len(inp))
        memory.write(a_in, inp)
        a_out = memory.alloc(size)
        memory.write(a_out, b"\xa5" * size)
        module.run(entry, [functor, a_in, a_out, 1], memory, unwritten=fill, registers=fill)
        results.append(memory.read(a_out, size))
    return results[0] if results[0] == results[1] else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", help="a device-fuzz log whose MISMATCH records have replay lines")
    ap.add_argument("ptx", help="the PTX of the translation unit holding the kernel")
    ap.add_argument("--kernel", required=True, help="a part of the kernel's mangled name that names one kernel")
    ap.add_argument("--out", required=True, help="the folder to write into")
    ap.add_argument("--name", default="kernel", help="the files' stem (default kernel)")
    ap.add_argument("--variants", nargs="*", default=["O3=-O3"], help="ptxas variants, name=flags")
    ap.add_argument("--ptxas", default=os.environ.get("PTXAS", "ptxas"))
    args = ap.parse_args(argv)

    chosen = [r for r in records(args.log) if args.kernel in r[1]]
    kernels = {r[1] for r in chosen}
    if len(kernels) != 1:
        raise SystemExit(f"sass_cases: --kernel names {len(kernels)} kernels of the log's records: {sorted(kernels)}")
    entry = kernels.pop()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    ptx_file = out / f"{args.name}.ptx"
    ptx_file.write_text(kernel_module(pathlib.Path(args.ptx).read_text(encoding="utf-8", errors="replace"), entry),
                        encoding="utf-8")
    module = pi.Module.from_file(ptx_file)
    size = len(chosen[0][4])
    # One cases file per functor (records of other runs carry other contexts): <name>.cases, <name>-2.cases, ...
    groups = {}
    for record in chosen:
        groups.setdefault(record[2], []).append(record)
    case_files, count, ptx_wrong = [], 0, 0
    for k, (functor, group) in enumerate(groups.items()):
        cases = []
        for _task, _kernel, _functor, inp, expected, _device in group:
            got = ptx_result(module, entry, functor, inp, size)
            if got is None:
                raise SystemExit("sass_cases: a record's PTX result depends on bytes nothing wrote")
            ptx_wrong += got != expected
            cases.append((inp, got, expected))
        name = f"{args.name}.cases" if k == 0 else f"{args.name}-{k + 1}.cases"
        with open(out / name, "wb") as f:
            f.write(b"WNCASES1" + struct.pack("<4I", len(cases), len(functor), len(cases[0][0]), size) + functor)
            for inp, got, expected in cases:
                f.write(inp + got + expected)
        case_files.append(name)
        count += len(cases)
    runs = []
    for variant in args.variants:
        vname, _, flags = variant.partition("=")
        cubin = out / f"{args.name}-{vname}.cubin"
        subprocess.run([args.ptxas, "-arch=sm_90", *flags.split(), str(ptx_file), "-o", str(cubin)], check=True)
        runs += [f"{cubin.name} {entry} {name}\n" for name in case_files]
    with open(out / "runs.txt", "a", encoding="utf-8") as f:
        f.writelines(runs)
    checker = out / "sass_check"
    if not checker.exists():
        cuda = pathlib.Path(os.environ.get("CUDA_HOME", pathlib.Path(args.ptxas).resolve().parent.parent
                                           if os.sep in args.ptxas else "/usr/local/cuda"))
        subprocess.run([os.environ.get("CXX", "g++"), "-std=c++20", "-O2", f"-I{cuda / 'include'}",
                        str(ROOT / "tests" / "compiler" / "sass_check.cpp"), "-o", str(checker),
                        f"-L{cuda / 'lib64' / 'stubs'}", "-lcuda", "-static-libstdc++", "-static-libgcc"], check=True)
    print(f"sass_cases: {out}: {count} cases of {entry[:60]}... in {len(case_files)} file(s); {ptx_wrong} whose PTX "
          f"result differs from the host's; cubins: {', '.join(v.partition('=')[0] for v in args.variants)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the PTX of a compiler-fault reproducer (tests/compiler/f*.cu) in scripts/ptx_interpreter.py, one thread per
input, and compares each result with the host's: a result that is wrong here is wrong in the PTX that NVVM
(nvcc's optimiser) wrote, before ptxas; one that is right here but wrong on the GPU went wrong after the PTX.

For each reproducer named:
  1. the host's side: a copy of the .cu file with '#include "repro.hpp"' replaced by tests/compiler/host_repro.hpp,
     compiled with g++ (CXX) as C++, so that the reproducer's own main() builds its inputs and its own functor
     computes the host's results; it writes both to <out>/host/<name>.{in,out,txt};
  2. the PTX of each form (fault: nvcc's default, O1: -Xcicc -O1, kept: -DWARPNUM_REPRO_KEEP_WORKAROUND, or a
     "// build-form: <suffix> <flags>" line of the .cu), made with tests/compiler/build.sh's flags plus -ptx
     unless <out>/<name>[-<form>].ptx exists (NVCC: the nvcc to use); any other form name runs the file
     <out>/<name>-<form>.ptx as it is (e.g. a hand-edited copy of the fault form's PTX);
  3. apply_kernel run for every input i as thread i (blockIdx.x * blockDim.x + threadIdx.x = i, blockDim.x as
     the reproducer's check() launches it) with the output buffer first filled with 0xa5 as repro.hpp does; each
     result's fields compared with the host's.

  tests/compiler/interpret.py [--out build-ptx] [--forms fault,O1] [--inputs 0-7,12] [--jobs N]
                              [--registers zero|raise|PATTERN] [--expect-right FORMS] [--expect-wrong FORMS]
                              f4_barrett_powm [f3_select_shift ...]
Prints one line per input and form, then per form: the wrong results per field, instructions and time.
By default a load of never-written memory gives an undefined value that raises only when used (--unwritten lazy):
nvcc's PTX loads whole vectors of local memory of which some elements were never written and are not used.
Exit status 0 when every form ran (whatever the results, unless --expect-right or --expect-wrong says otherwise), 1
when a run raised or an expectation failed, 2 on a setup error."""
import argparse
import multiprocessing
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import ptx_interpreter as pi  # noqa: E402

NVCC_FLAGS = ["-std=c++20", "-O2", "-arch=sm_90", "-ccbin", "g++", "-Iinclude", "-Itests/compiler"]
FORM_FLAGS = {"fault": [], "O1": ["-Xcicc", "-O1"], "kept": ["-DWARPNUM_REPRO_KEEP_WORKAROUND"]}
# The fields of each reproducer's Out (name, offset, size); other reproducers: the whole result as one field.
FIELDS = {
    "f3_select_shift": [("composite", 0, 4), ("p25519", 4, 4), ("p256", 8, 4)],
    "f4_barrett_powm": [("by_bits", 0, 128), ("by_u64", 128, 128), ("checked", 256, 128), ("status", 384, 4),
                        ("unused", 388, 12)],
}


def reproducer_source(name):
    path = ROOT / "tests" / "compiler" / f"{name}.cu"
    if not path.exists():
        matches = sorted((ROOT / "tests" / "compiler").glob(f"{name}*.cu"))
        if len(matches) != 1:
            raise SystemExit(f"interpret: no single reproducer tests/compiler/{name}*.cu")
        path = matches[0]
    return path


def newer(target, *sources):
    return target.exists() and all(target.stat().st_mtime >= s.stat().st_mtime for s in sources)


def host_reference(source, out):
    """Builds and runs the host side; returns (In bytes, Out bytes, sizeof In, sizeof Out, n, threads)."""
    name = source.stem
    folder = out / "host"
    folder.mkdir(parents=True, exist_ok=True)
    cpp = folder / f"{name}.host.cpp"
    exe = folder / f"{name}.host"
    harness = ROOT / "tests" / "compiler" / "host_repro.hpp"
    inputs = ROOT / "tests" / "compiler" / "repro_inputs.hpp"
    text = source.read_text()
    replaced, count = re.subn(r'^#include "repro.hpp"', '#include "host_repro.hpp"', text, flags=re.M)
    if count != 1:
        raise SystemExit(f"interpret: {source} does not include repro.hpp on a line of its own")
    if not cpp.exists() or cpp.read_text() != replaced:
        cpp.write_text(replaced)
    if not newer(exe, cpp, harness, inputs):
        cxx = os.environ.get("CXX", "g++")
        cmd = [cxx, "-std=c++20", "-O2", "-Iinclude", "-Itests/compiler", "-x", "c++", str(cpp), "-o", str(exe)]
        print("interpret: " + " ".join(cmd), flush=True)
        subprocess.run(cmd, cwd=ROOT, check=True)
    prefix = folder / name
    env = dict(os.environ, WARPNUM_REPRO_DUMP=str(prefix))
    run = subprocess.run([str(exe)], cwd=ROOT, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"interpret: the host side of {name} failed: {run.stdout}{run.stderr}")
    _, in_size, out_size, n, threads = (prefix.with_suffix(".txt")).read_text().split()
    return (prefix.with_suffix(".in").read_bytes(), prefix.with_suffix(".out").read_bytes(), int(in_size),
            int(out_size), int(n), int(threads))


def form_flags(source, form):
    if form in FORM_FLAGS:
        return FORM_FLAGS[form]
    for line in source.read_text().splitlines():
        m = re.match(r"^// build-form: (\S+)\s*(.*)$", line)
        if m and m.group(1) == form:
            return m.group(2).split()
    raise SystemExit(f"interpret: {source.name} has no form {form}")


def ptx_file(source, form, out):
    """The PTX of one form, made with nvcc unless it exists and is newer than the source and every header (a form
    of FORM_FLAGS or the file's build-form lines; any other form's file is used as it is)."""
    path = out / (f"{source.stem}.ptx" if form == "fault" else f"{source.stem}-{form}.ptx")
    known = form in FORM_FLAGS or f"// build-form: {form} " in source.read_text()
    if path.exists() and (not known or newer(path, source, *ROOT.glob("include/warpnum/**/*.hpp"))):
        return path
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    cmd = [nvcc, *NVCC_FLAGS, *form_flags(source, form), "-ptx", str(source.relative_to(ROOT)), "-o", str(path)]
    print("interpret: " + " ".join(cmd), flush=True)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True)
    print(f"interpret: {path.name} made in {time.perf_counter() - start:.0f} s", flush=True)
    return path


def parse_inputs(text, n):
    if not text:
        return list(range(n))
    out = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return [i for i in out if 0 <= i < n]


# One module per process (the workers of --jobs load their own).
_modules = {}


def run_input(job):
    """Runs thread i of apply_kernel; returns (i, result bytes or None, instructions, calls, seconds,
    (loads of unwritten memory, undefined results, offsets of result bytes left undefined), error)."""
    ptx, i, in_bytes, in_size, out_size, n, threads, registers, unwritten = job
    module = _modules.get(ptx)
    if module is None:
        module = _modules[ptx] = pi.Module.from_file(ptx)
    entries = [e for e in module.entries() if "apply_kernel" in e]
    if len(entries) != 1:
        return i, None, 0, 0, 0.0, None, f"{len(entries)} apply_kernel entries in {ptx} (one functor a reproducer)"
    gm = pi.GlobalMemory()
    a_in = gm.alloc(len(in_bytes))
    gm.write(a_in, in_bytes)
    a_out = gm.alloc(out_size * n)
    gm.write(a_out, b"\xa5" * (out_size * n))  # as repro.hpp's cudaMemset
    start = time.perf_counter()
    try:
        stats = module.run(entries[0], [a_in, a_out, n], gm, tid=(i % threads, 0, 0), ntid=(threads, 1, 1),
                           ctaid=(i // threads, 0, 0), nctaid=((n + threads - 1) // threads, 1, 1),
                           registers=registers, unwritten=unwritten)
    except pi.PtxError as e:
        return (i, None, module._instructions, module._calls, time.perf_counter() - start, None,
                f"{type(e).__name__}: {e}")
    addr = a_out + out_size * i
    undefined = [k for k in range(out_size) if not gm.is_written(addr + k, 1)]  # stores of undefined values
    return (i, gm.read(addr, out_size, unchecked=True), stats.instructions, stats.calls, stats.seconds,
            (stats.unwritten_reads, stats.undefined_results, undefined), None)


def compare(got, want, fields):
    """The names of the fields that differ, with the first differing word of each."""
    wrong = []
    for name, off, size in fields:
        g, w = got[off:off + size], want[off:off + size]
        if g != w:
            k = next(j for j in range(0, size, 4) if g[j:j + 4] != w[j:j + 4])
            wrong.append(f"{name} (word {k // 4}: ptx 0x{int.from_bytes(g[k:k + 4], 'little'):08x}, "
                         f"host 0x{int.from_bytes(w[k:k + 4], 'little'):08x})")
    return wrong


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reproducers", nargs="+", help="names of tests/compiler/*.cu (f4_barrett_powm, or f4)")
    ap.add_argument("--out", default=str(ROOT / "build-ptx"), help="folder of the PTX and host files")
    ap.add_argument("--forms", default="fault,O1", help="comma-separated forms (fault, O1, kept, build-form names)")
    ap.add_argument("--inputs", default="", help="inputs to run, e.g. 0-7,12 (default all)")
    ap.add_argument("--jobs", type=int, default=1, help="processes running inputs in parallel")
    ap.add_argument("--registers", default="zero",
                    help="what a register holds before written: zero, raise, or a bit pattern (0xa5a5...)")
    ap.add_argument("--unwritten", default="lazy",
                    help="reads of never-written memory: lazy (undefined values; a use of one raises), raise, or "
                         "a fill byte")
    ap.add_argument("--expect-right", default="",
                    help="comma-separated forms that must give the host's result for every input run (exit 1 if not)")
    ap.add_argument("--expect-wrong", default="",
                    help="comma-separated forms that must give a wrong result for at least one input (exit 1 if not)")
    args = ap.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    registers = args.registers if args.registers in ("zero", "raise") else int(args.registers, 0)
    unwritten = args.unwritten if args.unwritten in ("lazy", "raise") else int(args.unwritten, 0)
    status = 0
    for name in args.reproducers:
        source = reproducer_source(name)
        in_bytes, out_bytes, in_size, out_size, n, threads = host_reference(source, out)
        fields = FIELDS.get(source.stem, [("result", 0, out_size)])
        inputs = parse_inputs(args.inputs, n)
        summary = []
        for form in args.forms.split(","):
            ptx = str(ptx_file(source, form, out))
            start = time.perf_counter()
            pi_module = pi.Module.from_file(ptx)  # parse errors show here, once
            print(f"{source.stem} {form}: {ptx} ({len(pi_module.functions)} functions, parsed in "
                  f"{time.perf_counter() - start:.1f} s); {len(inputs)} inputs, {threads} threads a block", flush=True)
            del pi_module
            jobs = [(ptx, i, in_bytes, in_size, out_size, n, threads, registers, unwritten) for i in inputs]
            wrong_fields = {f[0]: 0 for f in fields}
            wrong, errors, instructions, seconds = 0, 0, 0, 0.0
            start = time.perf_counter()
            if args.jobs > 1:
                pool = multiprocessing.get_context("fork").Pool(args.jobs)
                results = pool.imap(run_input, jobs)
            else:
                pool = None
                results = map(run_input, jobs)
            for i, got, count, calls, secs, undefined, error in results:
                instructions += count
                seconds += secs
                if error is not None:
                    errors += 1
                    print(f"  input {i:3d}: ERROR after {count} instructions: {error}", flush=True)
                    continue
                unwritten_reads, undefined_results, undefined_bytes = undefined
                bad = compare(got, out_bytes[out_size * i:out_size * (i + 1)], fields)
                for name_, off, size in fields:
                    if any(off <= k < off + size for k in undefined_bytes) and not any(
                            b.startswith(name_ + " ") for b in bad):
                        bad.append(f"{name_} (undefined bytes)")
                for f in bad:
                    wrong_fields[f.split()[0]] += 1
                wrong += bool(bad)
                verdict = "wrong: " + "; ".join(bad) if bad else "right"
                if undefined_bytes:
                    verdict += f" ({len(undefined_bytes)} result bytes undefined)"
                extra = f", {unwritten_reads} loads of unwritten memory" if unwritten_reads else ""
                extra += f", {undefined_results} undefined results" if undefined_results else ""
                print(f"  input {i:3d}: {verdict}  [{count} instructions, {calls} calls, {secs:.1f} s{extra}]",
                      flush=True)
            if pool is not None:
                pool.close()
                pool.join()
            wall = time.perf_counter() - start
            per_field = ", ".join(f"{k} {v}" for k, v in wrong_fields.items())
            line = (f"{source.stem} {form}: {wrong} of {len(inputs)} wrong ({per_field}); {errors} errors; "
                    f"{instructions} instructions in {seconds:.0f} s of runs ({wall:.0f} s wall, "
                    f"{instructions / max(seconds, 1e-9) / 1e6:.2f} M/s)")
            print(line, flush=True)
            summary.append(line)
            status |= 1 if errors else 0
            if form in args.expect_right.split(",") and wrong:
                summary.append(f"{source.stem} {form}: EXPECTED every input right")
                status |= 1
            if form in args.expect_wrong.split(",") and not wrong:
                summary.append(f"{source.stem} {form}: EXPECTED a wrong result (the fault this form reproduces)")
                status |= 1
        print("\n".join(["summary:"] + summary))
    return status


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Replays the mismatches of a device-fuzz log in the PTX interpreter (scripts/ptx_interpreter.py), to tell where a
wrong device result was made: in the PTX that NVVM wrote (the interpreted PTX gives the device's result), or after
it, in ptxas, the driver or the GPU (the interpreted PTX gives the host's result).

Each MISMATCH record of device-fuzz ends with a line
    replay: kernel <mangled name> functor <hex> input <hex> expected <hex> device <hex>
(the kernel's arguments and both results, bytes in hex, lowest address first). The kernel is looked up by name in
the PTX given: .ptx files, or CUDA binaries or objects whose embedded PTX is read with cuobjdump -ptx (CUOBJDUMP, or
cuobjdump on PATH; the device-fuzz binary that wrote the log carries its own PTX, compute_90). The thread runs with
the functor, a pointer to its input, a pointer to its result and n = 1, as fuzz_kernel's thread 0.

    tests/device/fuzz/replay_ptx.py device-fuzz.log build-gpu/bin/device-fuzz
    tests/device/fuzz/replay_ptx.py device-fuzz.log modular_small.ptx --limit 5

One line per record: the task, then "PTX = device" (made wrong before ptxas), "PTX = host" (the PTX is right),
"PTX = neither", or "PTX = unwritten" (the result depends on memory or registers that nothing wrote: the thread runs
twice, with such bytes read as zeros and as ones); then a count per task. Exit status 0 when every record ran, 1 when one raised, 2 on a setup error."""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "scripts"))
import ptx_interpreter as pi  # noqa: E402

RECORD = re.compile(r"^MISMATCH (\S+)")
REPLAY = re.compile(r"^\s*replay: kernel (\S+) functor ([0-9a-f]+) input ([0-9a-f]+) expected ([0-9a-f]+) device ([0-9a-f]+)")


def records(log):
    """(task label, kernel, functor, input, expected, device) for every MISMATCH record with a replay line."""
    task = None
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = RECORD.match(line)
            if m:
                task = m.group(1)
                continue
            m = REPLAY.match(line)
            if m and task:
                kernel, functor, inp, expected, device = m.groups()
                yield task, kernel, bytes.fromhex(functor), bytes.fromhex(inp), bytes.fromhex(expected), bytes.fromhex(device)


def ptx_modules(paths, workdir):
    """The PTX files of the arguments: .ptx files as they are, the embedded PTX of anything else (cuobjdump)."""
    out = []
    for path in paths:
        if path.endswith(".ptx"):
            out.append(path)
            continue
        tool = os.environ.get("CUOBJDUMP") or shutil.which("cuobjdump")
        if not tool:
            raise SystemExit("replay_ptx: reading the PTX of a binary needs cuobjdump (CUOBJDUMP=<path>, or on PATH; "
                             "NVIDIA's wheel nvidia-cuda-cuobjdump has one)")
        text = subprocess.run([tool, "-ptx", path], check=True, capture_output=True, text=True).stdout
        # cuobjdump prints each module after a header "Fatbin ptx code:" or "Fatbin elf code:"
        for k, block in enumerate(re.split(r"^Fatbin \w+ code:$", text, flags=re.M)):
            start = block.find(".version")
            if start < 0 or ".entry" not in block:
                continue
            name = pathlib.Path(workdir) / f"{pathlib.Path(path).name}.{k}.ptx"
            name.write_text(block[start:], encoding="utf-8")
            out.append(str(name))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", help="a device-fuzz log")
    ap.add_argument("ptx", nargs="+", help=".ptx files, or binaries whose PTX cuobjdump reads")
    ap.add_argument("--limit", type=int, default=0, help="records to replay at most per task (0: all)")
    args = ap.parse_args(argv)

    todo = list(records(args.log))
    if not todo:
        print(f"replay_ptx: no MISMATCH record with a replay line in {args.log}")
        return 0
    with tempfile.TemporaryDirectory() as work:
        files = ptx_modules(args.ptx, work)
        where = {}  # kernel name -> PTX file
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                for m in re.finditer(r"^\.visible \.entry (\S+?)\(", fh.read(), re.M):
                    where.setdefault(m.group(1), f)
        modules = {}
        counts = {}
        status = 0
        per_task = {}
        for task, kernel, functor, inp, expected, device in todo:
            per_task[task] = per_task.get(task, 0) + 1
            if args.limit and per_task[task] > args.limit:
                continue
            if kernel not in where:
                print(f"{task}: kernel {kernel[:60]}... is in none of the PTX given")
                status = 1
                continue
            if where[kernel] not in modules:
                modules[where[kernel]] = pi.Module.from_file(where[kernel])
            module = modules[where[kernel]]
            # Twice: memory that nothing wrote reads as zeros, then as ones. nvcc's PTX copies padding and loads whole
            # vectors of which it uses a part; a result that differs between the two runs depends on such bytes.
            results = []
            try:
                for fill in (0x00, 0xFF):
                    memory = pi.GlobalMemory()
                    a_in = memory.alloc(len(inp))
                    memory.write(a_in, inp)
                    a_out = memory.alloc(len(expected))
                    memory.write(a_out, b"\xa5" * len(expected))  # device-fuzz fills its results so
                    stats = module.run(kernel, [functor, a_in, a_out, 1], memory, unwritten=fill, registers=fill)
                    results.append(memory.read(a_out, len(expected)))
            except pi.PtxError as e:
                print(f"{task}: the interpreter stopped: {e}")
                status = 1
                continue
            got = results[0]
            if results[0] != results[1]:
                verdict = "unwritten"
            else:
                verdict = "device" if got == device else "host" if got == expected else "neither"
            counts[(task, verdict)] = counts.get((task, verdict), 0) + 1
            print(f"{task}: PTX = {verdict} ({stats.instructions} instructions)", flush=True)
    print()
    for (task, verdict), n in sorted(counts.items()):
        meaning = {"device": "wrong in the PTX (NVVM)", "host": "right in the PTX (wrong after it: ptxas, driver or GPU)",
                   "neither": "the PTX gives a third result",
                   "unwritten": "whose PTX result depends on memory or registers nothing wrote"}[verdict]
        print(f"{task}: {n} record(s) {meaning}")
    return status


if __name__ == "__main__":
    sys.exit(main())

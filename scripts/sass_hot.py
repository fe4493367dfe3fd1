#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Where a kernel's instructions go, from Nsight Compute's source page as CSV (ncu -i REPORT --page source --csv
--print-source sass; scripts/huge-profile.sh writes it with SOURCE=1): for each kernel, the warp instructions it
executed by opcode, and its runs of machine code that execute equally often (straight-line code: a basic block or a
loop body), the most executed first, each with its opcodes and its stall samples.

    scripts/sass_hot.py SOURCE.csv [--top N] [--listing]
"""
import argparse
import csv
import io
import re
import sys
from collections import Counter


def number(text):
    text = (text or "").replace(",", "").strip()
    try:
        return float(text)
    except ValueError:
        return 0.0


def kernels(path):
    """Yields (kernel name, rows) for each kernel's table in the file (a table starts at a header row that has an
    address and a source column; the last non-table line before it names the kernel)."""
    lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    name, header, rows = "kernel", None, []
    for line in lines:
        cells = next(csv.reader(io.StringIO(line)), [])
        if cells and "Address" in cells and "Source" in cells:
            if header is not None:
                yield name, header, rows
            header, rows = cells, []
            continue
        if header is not None and len(cells) == len(header) and re.match(r"^(0x)?[0-9a-fA-F]+$", cells[0].strip()):
            rows.append(dict(zip(header, cells)))
            continue
        if line.strip() and not line.startswith("=="):
            if header is not None:
                yield name, header, rows
                header, rows = None, []
            name = line.strip().strip('"')
    if header is not None:
        yield name, header, rows


def column(header, *words):
    for h in header:
        if all(w.lower() in h.lower() for w in words):
            return h
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--listing", action="store_true", help="print the instructions of each run shown")
    args = ap.parse_args()
    found = False
    shown = set()
    for name, header, rows in kernels(args.csv):
        if (name, len(rows)) in shown:  # a table the page prints twice
            continue
        shown.add((name, len(rows)))
        executed = column(header, "Instructions Executed")
        if executed is None or not rows:
            continue
        found = True
        stalls = column(header, "Warp Stall Sampling", "All")
        total = sum(number(r[executed]) for r in rows)
        print(f"== {name[:150]}")
        print(f"{total / 1e6:.1f} M warp instructions executed, {len(rows)} instructions")
        by_op = Counter()
        for r in rows:
            op = r["Source"].split()[0] if r["Source"].split() else "?"
            if op.startswith("@"):
                op = r["Source"].split()[1]
            by_op[op.split(".")[0]] += number(r[executed])
        print("by opcode (M): " + ", ".join(f"{op} {n / 1e6:.1f}" for op, n in by_op.most_common(16)))
        runs, start = [], 0
        for i in range(1, len(rows) + 1):
            if i == len(rows) or number(rows[i][executed]) != number(rows[start][executed]):
                runs.append((start, i))
                start = i
        weight = lambda se: number(rows[se[0]][executed]) * (se[1] - se[0])
        for s, e in sorted(runs, key=weight, reverse=True)[: args.top]:
            ops = Counter(r["Source"].split()[0 if not r["Source"].startswith("@") else 1].split(".")[0]
                          for r in rows[s:e])
            samples = sum(number(r[stalls]) for r in rows[s:e]) if stalls else 0
            print(f"  {rows[s]['Address']}-{rows[e - 1]['Address']}: {e - s} instructions x "
                  f"{number(rows[s][executed]) / 1e3:.0f} K = {weight((s, e)) / 1e6:.1f} M "
                  f"({100 * weight((s, e)) / total:.1f}%), stall samples {samples:.0f}: "
                  + ", ".join(f"{op} {n}" for op, n in ops.most_common(8)))
            if args.listing:
                for r in rows[s:e]:
                    print(f"      {r['Address']}  {r['Source']}")
    if not found:
        print(f"sass_hot: no source table with executed instructions in {args.csv}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The table of scripts/gpu-run.sh's section cgbn: CGBN's perf_tests (gpu_throughput_report.csv, the best
threads-per-instance of each operation and width) and CGBN's low-half product in the same harness
(cgbn-mul-low.csv) beside warpnum-bench's compute mode (warpnum-*.csv, the best strategy of each), all measured in
one run on one GPU. perf_tests' `mul` is the full product (cgbn_mul_wide) with its low half kept, so the table
sets warpnum's low-half `mul` against cgbn_mul and lists perf_tests' figure as `mul_wide`, unmatched.

  scripts/cgbn_side_by_side.py FOLDER [--markdown FILE]

Prints the table; exits 1 when a warpnum-bench row is marked wrong or a file is missing, 0 otherwise."""
import argparse
import csv
import pathlib
import sys

# CGBN's operation names against warpnum-bench's.
NAMES = {"mul": "mul_wide", "div_qr": "div_qr", "sqrt": "sqrt", "gcd": "gcd", "powm_odd": "powm", "modinv": "modinv"}


def rate_text(r):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if r >= scale:
            return f"{r / scale:.3g} {unit}/s"
    return f"{r:.3g} /s"


def read_cgbn(path):
    """{(op, bits): ops a second} from CGBN's report: a header ',bits,bits,...' and one row per operation."""
    rows = list(csv.reader(path.read_text().splitlines()))
    sizes = [int(s) for s in rows[0][1:]]
    out = {}
    for row in rows[1:]:
        if not row:
            continue
        op = row[0].strip('"')
        for bits, value in zip(sizes, row[1:]):
            if value.strip():
                out[(NAMES.get(op, op), bits)] = float(value)
    return out


def read_warpnum(folder):
    """{(op, bits): (ops a second, strategy)} from warpnum-bench's CSVs, compute mode, the best right row; and
    whether every row was right."""
    best, right = {}, True
    for path in sorted(folder.glob("warpnum-*.csv")):
        with path.open() as f:
            for row in csv.DictReader(f):
                if row["mode"] != "compute":
                    continue
                if row["correct"].strip().lower() not in ("1", "true", "yes"):
                    what = f"{row['op']} {row['bits']} {row['strategy']}"
                    print(f"cgbn_side_by_side: {path.name}: {what} is marked wrong", file=sys.stderr)
                    right = False
                    continue
                key = (row["op"], int(row["bits"]))
                rate = float(row["ops_per_s"])
                if rate > best.get(key, (0, ""))[0]:
                    best[key] = (rate, row["strategy"])
    return best, right


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--markdown", type=pathlib.Path)
    args = parser.parse_args()
    report = args.folder / "gpu_throughput_report.csv"
    if not report.exists():
        print(f"cgbn_side_by_side: no {report} (did cgbn-xmp-tester run?)", file=sys.stderr)
        return 1
    cgbn = read_cgbn(report)
    low = args.folder / "cgbn-mul-low.csv"
    if low.exists():
        with low.open() as f:
            for row in csv.DictReader(f):
                if row["correct"].strip() not in ("1", "true"):
                    print(f"cgbn_side_by_side: cgbn-mul-low {row['bits']}:{row['tpi']} is marked wrong",
                          file=sys.stderr)
                    continue
                key = ("mul", int(row["bits"]))
                cgbn[key] = max(cgbn.get(key, 0.0), float(row["ops_per_s"]))
    warpnum, right = read_warpnum(args.folder)
    if not warpnum:
        print(f"cgbn_side_by_side: no warpnum-*.csv in {args.folder}", file=sys.stderr)
        return 1
    lines = ["| operation | bits | CGBN (best threads per instance) | warpnum (best strategy) | warpnum / CGBN |",
             "|---|---:|---:|---:|---:|"]
    order = ["mul", "mul_wide"] + [v for v in NAMES.values() if v != "mul_wide"]
    for op, bits in sorted(set(cgbn) | set(warpnum), key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1])):
        c = cgbn.get((op, bits))
        w = warpnum.get((op, bits))
        ratio = f"{w[0] / c:.2f}x" if c and w else "-"
        lines.append(f"| {op} | {bits} | {rate_text(c) if c else '-'} | "
                     f"{rate_text(w[0]) + ' (' + w[1] + ')' if w else '-'} | {ratio} |")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.markdown:
        args.markdown.write_text(text)
    return 0 if right else 1


if __name__ == "__main__":
    sys.exit(main())

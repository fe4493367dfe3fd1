#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compares two builds of warpnum-bench measured in one GPU run (scripts/gpu-run.sh compare): for every operation,
mode, width and strategy, the median rate of each build over the rounds, their ratio (new over base) and the
spread of each build's rounds, so that a ratio inside the spread reads as noise. Ends with the fastest strategy of
each (operation, mode, width), as the summary tables of docs/benchmarks.md quote it.

    python3 scripts/compare_bench.py <folder of compare-{base,new}-<op>-<round>.csv> [--markdown FILE]
"""
import csv
import glob
import os
import re
import statistics
import sys


def load(folder):
    """{(which, op, mode, bits, strategy): [rates over rounds]}, and the device name."""
    rates, device = {}, ""
    for path in sorted(glob.glob(os.path.join(folder, "compare-*-*-*.csv"))):
        m = re.match(r"compare-(base|new)-(.+)-(\d+)\.csv$", os.path.basename(path))
        if not m:
            continue
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row.get("correct") != "1":
                    continue
                device = row["device"]
                key = (m.group(1), row["op"], row["mode"], int(row["bits"]), row["strategy"])
                rates.setdefault(key, []).append(float(row["ops_per_s"]))
    return rates, device


def si(x):
    for unit, scale in (("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if x >= scale:
            return f"{x / scale:.3g} {unit}"
    return f"{x:.3g}"


def spread(values):
    """(max - min) / median of one build's rounds."""
    med = statistics.median(values)
    return (max(values) - min(values)) / med if med else 0.0


def report(lines):
    """Prints the table and, with --markdown FILE, writes it as a page for docs/results/ (which names its licence,
    as every file there does)."""
    text = "\n".join(lines) + "\n"
    if "--markdown" in sys.argv:
        with open(sys.argv[sys.argv.index("--markdown") + 1], "w") as f:
            f.write("<!-- SPDX-License-Identifier: Apache-2.0 -->\n" + text)
    print(text)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    rates, device = load(folder)
    keys = sorted({k[1:] for k in rates if ("base",) + k[1:] in rates and ("new",) + k[1:] in rates})
    if not keys:
        sys.exit(f"compare_bench: no pairs of base and new results in {folder}")
    lines = [f"warpnum-bench, base build against new build, {device}: medians over rounds (ops/s)", "",
             "| op | mode | bits | strategy | base | new | new / base | spread base | spread new |",
             "|---|---|---:|---|---:|---:|---:|---:|---:|"]
    best = {}
    for op, mode, bits, strategy in keys:
        b, n = rates[("base", op, mode, bits, strategy)], rates[("new", op, mode, bits, strategy)]
        mb, mn = statistics.median(b), statistics.median(n)
        lines.append(f"| {op} | {mode} | {bits} | {strategy} | {si(mb)} | {si(mn)} | {mn / mb:.3f} | "
                     f"{100 * spread(b):.1f}% | {100 * spread(n):.1f}% |")
        for which, med in (("base", mb), ("new", mn)):
            cur = best.setdefault((op, mode, bits), {}).get(which)
            if cur is None or med > cur[0]:
                best[(op, mode, bits)][which] = (med, strategy)
    lines += ["", "Fastest strategy of each build:", "",
              "| op | mode | bits | base (strategy) | new (strategy) | new / base |", "|---|---|---:|---:|---:|---:|"]
    ratios = []
    for (op, mode, bits), v in sorted(best.items()):
        (mb, sb), (mn, sn) = v["base"], v["new"]
        ratios.append(mn / mb)
        lines.append(f"| {op} | {mode} | {bits} | {si(mb)} ({sb}) | {si(mn)} ({sn}) | {mn / mb:.3f} |")
    lines += ["", f"Fastest-strategy ratios new / base: median {statistics.median(ratios):.3f}, "
                  f"lowest {min(ratios):.3f}, highest {max(ratios):.3f} over {len(ratios)} cells."]
    report(lines)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Compares two builds of the host benchmarks (bench-host-*) measured in one run (scripts/gpu-run.sh compare_host):
for every benchmark, the median time of each build over the rounds (each round's figure is Google Benchmark's
median of its repetitions), their ratio (new over base: below 1, the new build is faster) and the spread of each
build's rounds. Rows whose ratio leaves [1 - tolerance, 1 + tolerance] by more than both builds' spreads are listed
at the end; GMP's and Boost's rows are the same code in both builds and show the run's noise.

    python3 scripts/compare_host_bench.py <folder of compare-host-{base,new}-<bench>-<round>.json> [--markdown FILE]
                                          [--tolerance 0.03]
"""
import glob
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_bench import report, spread  # noqa: E402  (one table page and one spread for both comparisons)


def load(folder):
    """{(which, bench, name): [median times over rounds]} in ns, and the machine's description."""
    times, context = {}, ""
    for path in sorted(glob.glob(os.path.join(folder, "compare-host-*-*-*.json"))):
        m = re.match(r"compare-host-(base|new)-(.+)-(\d+)\.json$", os.path.basename(path))
        if not m:
            continue
        with open(path) as f:
            data = json.load(f)
        ctx = data.get("context", {})
        context = f"{ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz"
        for b in data.get("benchmarks", []):
            if b.get("aggregate_name") != "median":
                continue
            scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
            key = (m.group(1), m.group(2), b["run_name"])
            times.setdefault(key, []).append(b["real_time"] * scale)
    return times, context


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    tolerance = float(sys.argv[sys.argv.index("--tolerance") + 1]) if "--tolerance" in sys.argv else 0.03
    times, context = load(folder)
    keys = sorted({k[1:] for k in times if ("base",) + k[1:] in times and ("new",) + k[1:] in times})
    if not keys:
        sys.exit(f"compare_host_bench: no pairs of base and new results in {folder}")
    lines = [f"Host benchmarks, base build against new build ({context}): medians over rounds", "",
             "| benchmark | case | base (ns) | new (ns) | new / base | spread base | spread new |",
             "|---|---|---:|---:|---:|---:|---:|"]
    outside, ratios = [], []
    for bench, name in keys:
        b, n = times[("base", bench, name)], times[("new", bench, name)]
        mb, mn = statistics.median(b), statistics.median(n)
        r = mn / mb
        ours = "warpnum" in name or "boost_int" in name
        if ours:
            ratios.append(r)
        lines.append(f"| {bench} | {name} | {mb:.4g} | {mn:.4g} | {r:.3f} | {100 * spread(b):.1f}% | {100 * spread(n):.1f}% |")
        noise = max(spread(b), spread(n))
        if ours and abs(r - 1) > tolerance + noise:
            outside.append(f"{bench} {name}: {r:.3f} (spreads {100 * spread(b):.1f}%, {100 * spread(n):.1f}%)")
    lines += ["", f"warpnum's rows, time new / base: median {statistics.median(ratios):.3f}, lowest {min(ratios):.3f}, "
                  f"highest {max(ratios):.3f} over {len(ratios)} rows.",
              f"Rows further than {100 * tolerance:.0f}% plus their spread from 1: " + ("none." if not outside else "")]
    lines += [f"- {o}" for o in outside]
    report(lines)


if __name__ == "__main__":
    main()

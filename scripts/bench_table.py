#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""scripts/bench_table.py: turns bench-host-bigint_bench's JSON (Google Benchmark, with repetitions) into the
markdown table of docs/benchmarks.md and, where matplotlib is installed, a plot.

    bench_table.py RESULT.json [--plot docs/img/host-bigint.png]

Rows are (operation, bits); columns are the median time of warpnum, GMP and Boost, and the ratios the issue's
targets are stated in: warpnum / GMP (mul <= 1.2, div <= 1.5) and Boost / warpnum (mul >= 2).
"""
import argparse
import json
import sys
from collections import defaultdict


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--plot")
    args = ap.parse_args()
    data = json.load(open(args.json))
    med = defaultdict(dict)  # (op, bits) -> lib -> ns
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        op, bits, lib = b["run_name"].split("/")[:3]
        scale = {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
        med[(op, int(bits))][lib] = b["real_time"] * scale
    ctx = data["context"]
    print(f"Host: {ctx.get('host_name', '?')}, {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, "
          f"{ctx.get('date', '')}; median of {ctx.get('repetitions', '?')} repetitions\n")
    print("| op | bits | warpnum (ns) | GMP (ns) | Boost (ns) | warpnum / GMP | Boost / warpnum |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (op, bits) in sorted(med, key=lambda k: (k[0], k[1])):
        r = med[(op, bits)]
        w, g, bo = r.get("warpnum"), r.get("gmp"), r.get("boost")
        fmt = lambda x: f"{x:.1f}" if x is not None else "-"
        ratio = lambda x, y: f"{x / y:.2f}" if x and y else "-"
        print(f"| {op} | {bits} | {fmt(w)} | {fmt(g)} | {fmt(bo)} | {ratio(w, g)} | {ratio(bo, w)} |")
    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("(no matplotlib: plot skipped; apt-get install python3-matplotlib)", file=sys.stderr)
            return
        ops = sorted({op for op, _ in med})
        fig, axes = plt.subplots(1, len(ops), figsize=(5 * len(ops), 4))
        for ax, op in zip(axes, ops):
            for lib, style in (("warpnum", "o-"), ("gmp", "s--"), ("boost", "^:")):
                pts = sorted((bits, r[lib]) for (o, bits), r in med.items() if o == op and lib in r)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=lib)
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_title(op)
            ax.set_xlabel("bits")
            ax.set_ylabel("ns per operation")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend()
        fig.suptitle("host: BigUInt<N> against GMP (mpn) and Boost cpp_int (lower is better)")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)


if __name__ == "__main__":
    main()

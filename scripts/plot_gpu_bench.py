#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots warpnum-bench's CSV: products per second against width, one line per strategy, one panel per mode, with
the IMAD ceiling (compute) or the memory limit (batch) and CGBN's H100 figures for reference.

    /usr/bin/python3 scripts/plot_gpu_bench.py warpnum-bench.csv docs/img/gpu-mul-h100.png
"""
import csv
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    if not rows:
        sys.exit("plot_gpu_bench: no rows in " + sys.argv[1])
    device = rows[0]["device"]
    modes = [m for m in ("compute", "batch") if any(r["mode"] == m for r in rows)]
    fig, axes = plt.subplots(1, len(modes), figsize=(6.5 * len(modes), 4.8), squeeze=False)
    for ax, mode in zip(axes[0], modes):
        lines = defaultdict(list)
        ceiling = {}
        cgbn = {}
        for r in rows:
            if r["mode"] != mode:
                continue
            bits = int(r["bits"])
            lines[r["strategy"]].append((bits, float(r["ops_per_s"])))
            ceiling[bits] = float(r["ceiling_ops_per_s"])
            if float(r["cgbn_h100_ops_per_s"]) > 0:
                cgbn[bits] = float(r["cgbn_h100_ops_per_s"])
        # One colour per lane count, a line style per algorithm: per thread solid black, sum-rotate dashed,
        # paired columns solid, with Karatsuba blocks dash-dotted, shared memory dotted; the batch kernels that
        # prefetch dotted (thread-pf) and dash-dotted (thread-st).
        colours = {g: plt.cm.viridis(i / 5) for i, g in enumerate(("2", "4", "8", "16", "32"))}

        def lanes_of(strategy):  # "kpair16" -> "16"
            return strategy.lstrip("abcdefghijklmnopqrstuvwxyz-")

        def style(strategy):
            if strategy.startswith("thread"):
                return {"color": "black", "linestyle": {"thread": "-", "thread-pf": ":"}.get(strategy, "-.")}
            linestyle = {"rot": "--", "kpair": "-.", "smem": ":"}.get(strategy.rstrip("0123456789"), "-")
            return {"color": colours.get(lanes_of(strategy), "grey"), "linestyle": linestyle}

        def order(strategy):
            return (not strategy.startswith("thread"), strategy.rstrip("0123456789"), int("0" + lanes_of(strategy)), strategy)

        for strategy in sorted(lines, key=order):
            pts = sorted(lines[strategy])
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3, label=strategy, **style(strategy))
        cb = sorted(ceiling)
        ax.plot(cb, [ceiling[b] for b in cb], "k--", label="multiply ceiling" if mode == "compute" else "memory limit")
        if cgbn:
            gb = sorted(cgbn)
            ax.plot(gb, [cgbn[b] for b in gb], "rx", markersize=10, label="CGBN (H100)")
            ax.plot(gb, [1.25 * cgbn[b] for b in gb], "r_", markersize=14, label="target 1.25x CGBN")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("bits")
        ax.set_ylabel("products / s")
        ax.set_title(f"{mode} mode, a * b (low half)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
    fig.suptitle(f"warpnum-bench on {device}")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()

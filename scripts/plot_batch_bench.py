#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots what the batch layer costs, from warpnum-bench's CSVs of --op mul and --op fma2 in batch mode: left,
c = a * b by warpnum::Batch beside the engine's fastest stand-alone kernel at each width and the memory limit;
right, e = a * b + c * d fused (one Batch expression) and unfused (three), each with its memory limit.

    /usr/bin/python3 scripts/plot_batch_bench.py warpnum-bench-mul.csv warpnum-bench-fma2.csv docs/img/gpu-batch-h100.png
"""
import csv
import sys
from collections import defaultdict

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def rows(path):
    return [r for r in csv.DictReader(open(path)) if r["mode"] == "batch" and r["correct"] == "1"]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    mul, fma = rows(sys.argv[1]), rows(sys.argv[2])
    if not mul or not fma:
        sys.exit("plot_batch_bench: no batch rows")
    device = mul[0]["device"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8))

    batch, best, limit = {}, defaultdict(float), {}
    best_name = {}
    for r in mul:
        bits, rate = int(r["bits"]), float(r["ops_per_s"])
        if r["strategy"] == "Batch":
            batch[bits] = rate
            limit[bits] = float(r["ceiling_ops_per_s"])
        elif rate > best[bits]:
            best[bits], best_name[bits] = rate, r["strategy"]
    widths = sorted(batch)
    left.plot(widths, [limit[b] for b in widths], "k:", label="memory limit (3 numbers a product)")
    left.plot(widths, [best[b] for b in widths], "s-", label="fastest stand-alone kernel (" +
              ", ".join(f"{b}: {best_name[b]}" for b in widths) + ")")
    left.plot(widths, [batch[b] for b in widths], "o-", label="Batch<BigUInt<Bits>> c = a * b")
    for b in widths:
        left.annotate(f"{batch[b] / best[b]:.2f}", (b, batch[b]), textcoords="offset points", xytext=(4, -12), fontsize=8)
    left.set(xscale="log", yscale="log", xlabel="bits", ylabel="products per second",
             title=f"c = a * b over 10^7 pairs ({device})")
    left.set_xticks(widths, [str(b) for b in widths])
    left.legend(fontsize=7)

    series = defaultdict(dict)
    ceilings = defaultdict(dict)
    for r in fma:
        series[r["strategy"]][int(r["bits"])] = float(r["ops_per_s"])
        ceilings[r["strategy"]][int(r["bits"])] = float(r["ceiling_ops_per_s"])
    widths = sorted(series["fused"])
    for name, marker in (("fused", "o-"), ("unfused", "s-")):
        right.plot(widths, [series[name][b] for b in widths], marker, label=f"{name}")
        right.plot(widths, [ceilings[name][b] for b in widths], ":", label=f"{name}: memory limit")
    for b in widths:
        right.annotate(f"{series['fused'][b] / series['unfused'][b]:.2f}x", (b, series["fused"][b]),
                       textcoords="offset points", xytext=(4, 4), fontsize=8)
    right.set(xscale="log", yscale="log", xlabel="bits", ylabel="results per second",
              title="e = a * b + c * d: one Batch expression against three")
    right.set_xticks(widths, [str(b) for b in widths])
    for ax in (left, right):
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    right.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(sys.argv[3], dpi=110)


if __name__ == "__main__":
    main()

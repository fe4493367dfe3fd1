#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots the GPU's modular and number-theoretic operations from warpnum-bench's CSVs (one per operation): for each operation and width, the
fastest compute-mode strategy's rate over CGBN's H100 figure, beside the aim (1.25x for powm, div_qr and sqrt,
2x for gcd and modinv). Bars that reach their aim are filled, the others hatched.

    /usr/bin/python3 scripts/plot_modular_bench.py docs/img/gpu-modular-h100.png warpnum-bench-{powm,div_qr,sqrt,gcd,modinv}.csv
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.patches  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

OPS = ["powm", "div_qr", "sqrt", "gcd", "modinv"]
TARGET = {"powm": 1.25, "div_qr": 1.25, "sqrt": 1.25, "gcd": 2.0, "modinv": 2.0}
WIDTHS = [256, 1024, 2048, 4096]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    best = {}  # (op, bits) -> (ratio to CGBN, strategy)
    device = "?"
    for path in sys.argv[2:]:
        for r in csv.DictReader(open(path)):
            device = r["device"]
            cgbn = float(r["cgbn_h100_ops_per_s"])
            if r["mode"] != "compute" or cgbn <= 0 or r["correct"] != "1":
                continue
            key = (r["op"], int(r["bits"]))
            ratio = float(r["ops_per_s"]) / cgbn
            if key not in best or ratio > best[key][0]:
                best[key] = (ratio, r["strategy"])
    if not best:
        sys.exit("plot_modular_bench: no compute-mode rows with a CGBN figure")
    fig, ax = plt.subplots(figsize=(10, 4.6))
    width = 0.8 / len(WIDTHS)
    colours = ["#4c72b0", "#55a868", "#c44e52", "#8172b2"]
    for j, bits in enumerate(WIDTHS):
        for i, op in enumerate(OPS):
            if (op, bits) not in best:
                continue
            ratio, strategy = best[(op, bits)]
            x = i + (j - (len(WIDTHS) - 1) / 2) * width
            met = ratio >= TARGET[op]
            ax.bar(x, ratio, width * 0.9, color=colours[j] if met else "white", edgecolor=colours[j],
                   hatch=None if met else "///")
            ax.text(x, ratio * 1.04, f"{ratio:.2f}", ha="center", va="bottom", fontsize=7, rotation=90)
    for i, op in enumerate(OPS):
        ax.hlines(TARGET[op], i - 0.45, i + 0.45, colors="black", linestyles="dashed", linewidth=1)
    ax.axhline(1.0, color="grey", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks(range(len(OPS)), OPS)
    ax.set_ylabel("x CGBN on an H100 (log scale)")
    ax.set_title(f"warpnum-bench compute mode against CGBN, {device}\n"
                 "dashed: the aim; hatched: short of it")
    ax.set_ylim(0.5, None)
    handles = [matplotlib.patches.Patch(color=c, label=f"{b} bits") for b, c in zip(WIDTHS, colours)]
    ax.legend(handles=handles, loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(sys.argv[1], dpi=110)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Plots Integer's exact product on the GPU against GMP and against the speed aims, from the logs of one GPU run
(scripts/gpu-run.sh huge, then bench-huge-integer-mul --crossover): time in ms over decimal digits, log-log.

    /usr/bin/python3 scripts/plot_huge_mul.py docs/results/2026-11-25 docs/img/huge-mul-h100.png

The folder holds bench-huge-integer-mul.log (the 10^5..10^8-digit products and GMP's mpz_mul on one core),
bench-huge-mul.log (the convolutions alone) and crossover-device.txt (multiply(a, b, algorithm) by algorithm).
"""
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

DIGITS_PER_LIMB = 32 * math.log10(2)


def table(path, first_column_numeric=True):
    """The rows of a whitespace table whose first field is a number (or, with first_column_numeric off, any row
    with at least 5 fields), as lists of strings; comment and header lines are skipped."""
    out = []
    for line in open(path):
        fields = line.split()
        if not fields or line.startswith("#"):
            continue
        if first_column_numeric and not fields[0].isdigit():
            continue
        out.append(fields)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    folder, out = sys.argv[1], sys.argv[2]
    products = [r for r in table(os.path.join(folder, "bench-huge-integer-mul.log"), False) if r[0] in ("mul", "sqr")]
    conv = table(os.path.join(folder, "bench-huge-mul.log"))
    cross = table(os.path.join(folder, "crossover-device.txt"))

    fig, ax = plt.subplots(figsize=(8.5, 5.5))
    mul = [r for r in products if r[0] == "mul"]
    ax.plot([float(r[1]) for r in mul], [float(r[4]) for r in mul], "s-", color="tab:gray",
            label="GMP 6.2.1 mpz_mul, one core of the GPU machine")
    tiled = [(float(r[0]) * DIGITS_PER_LIMB, float(r[1])) for r in cross if r[1] != "-"]
    ntt = [(float(r[0]) * DIGITS_PER_LIMB, float(r[2])) for r in cross if r[2] != "-"]
    ax.plot(*zip(*tiled), ".-", color="tab:orange", label="Integer a * b, tiled convolution (forced)")
    ax.plot(*zip(*ntt), ".-", color="tab:green", label="Integer a * b, three-prime NTT (forced)")
    ax.plot([float(r[1]) for r in mul], [float(r[3]) for r in mul], "o-", color="tab:blue", linewidth=2,
            label="Integer a * b, exact product (automatic)")
    ax.plot([float(r[1]) for r in conv], [float(r[4]) for r in conv], ":", color="tab:blue",
            label="its NTT convolution alone (no carries)")
    targets = [(1e6, 0.5), (1e7, 1.5), (1e8, 12.0)]
    ax.plot(*zip(*targets), "x", color="tab:red", markersize=11, markeredgewidth=2, label="aims: 0.5, 1.5, 12 ms")
    for digits, low, high in [(1e6, 0.2, 0.2), (1e7, 0.56, 0.75), (1e8, 5.5, 8.8)]:
        ax.plot([digits, digits], [low, high], "-", color="tab:purple", linewidth=6, alpha=0.4,
                label="cuFFT alone (2 forward + 1 inverse), reference" if digits == 1e6 else None)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("decimal digits of each operand")
    ax.set_ylabel("ms per product (operands in device memory)")
    ax.set_title("Exact products of huge integers, NVIDIA H100 80GB HBM3 (2026-11-25)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"plot_huge_mul: wrote {out}")


if __name__ == "__main__":
    main()

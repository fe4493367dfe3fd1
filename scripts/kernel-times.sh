#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/kernel-times.sh: every kernel a program runs on the GPU, timed by Nsight Compute (gpu__time_duration, the
# clocks left as they are), summed by kernel name: count, total ms, mean us, most time first. What a sequence of
# operations spends in its kernels, against its time end to end (the rest is the gaps between them).
#   scripts/kernel-times.sh OUT_PREFIX PROGRAM [ARG...]
# Writes OUT_PREFIX.csv (ncu's rows) and OUT_PREFIX.txt (the summary, also printed). Example, every kernel of a
# division of 2 x 10^6 by 10^6 digits (two Integer and two AsyncInteger divisions, graph replays, a product):
#   scripts/kernel-times.sh build-gpu/division-1e6 build-gpu/bin/bench-huge-async --division --digits 1e6 --reps 1
set -euo pipefail
(($# >= 2)) || { echo "usage: $0 OUT_PREFIX PROGRAM [ARG...]" >&2; exit 2; }
out=$1
shift
command -v ncu > /dev/null || { echo "kernel-times: ncu (Nsight Compute) is not on PATH" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
ncu --clock-control none --metrics gpu__time_duration.sum --csv --print-units base "$@" > "$out.csv" 2> "$out.err" ||
  { echo "kernel-times: ncu failed (its messages: $out.err)" >&2; tail -n 20 "$out.err" >&2; exit 1; }
python3 - "$out.csv" "$*" > "$out.txt" << 'PY'
import csv, sys
totals, counts = {}, {}
with open(sys.argv[1], newline="") as f:
    rows = [line for line in f if line.startswith('"')]
for row in csv.DictReader(rows):
    if row.get("Metric Name") != "gpu__time_duration.sum":
        continue
    name = row["Kernel Name"]
    ns = float(row["Metric Value"].replace(",", ""))
    totals[name] = totals.get(name, 0.0) + ns
    counts[name] = counts.get(name, 0) + 1
print(f"ncu --clock-control none --metrics gpu__time_duration.sum over: {sys.argv[2]}")
print(f"{sum(counts.values())} kernels, {sum(totals.values()) / 1e6:.3f} ms in all")
print(f"{'count':>7} {'total ms':>9} {'mean us':>9}  kernel")
for name in sorted(totals, key=totals.get, reverse=True):
    print(f"{counts[name]:7d} {totals[name] / 1e6:9.3f} {totals[name] / counts[name] / 1e3:9.2f}  {name[:110]}")
PY
cat "$out.txt"

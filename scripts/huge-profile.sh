#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/huge-profile.sh: where the time of one huge product's transform goes, on the GPU machine. For each build
# given: the machine code of the transform's kernels (an opcode histogram of each, from cuobjdump through
# scripts/sass.py), then Nsight Compute's counters for the four kernels of one product (the columns forward, the
# rows, the columns inverse and the remainder step) of bench-huge-mul at SIZE limbs (default 10380890: 10^8 decimal
# digits a factor), after a warm-up product. Counters need a machine whose runtime lets ncu read them; where it
# can't, the script says so and prints the histograms alone.
#   scripts/huge-profile.sh BUILD [BUILD ...]
# Each BUILD is a folder holding bench-huge-mul or a .tar.xz from scripts/gpu-build.sh. Environment: SIZE,
# SECTIONS (ncu sections; default the speed of light, compute and memory workload, occupancy, warp states,
# scheduler and instruction statistics), RAW (a regular expression: collect ncu's full set instead and print every raw
# metric whose line matches it, e.g. 'issue_stalled.*per_issue_active|pipe_.*pct_of_peak_sustained_active'), SOURCE
# (set: also each kernel's machine code with the warp instructions each instruction executed and its stall samples,
# ncu's source page as CSV, NAME-source.csv, for scripts/sass_hot.py), OUT (a folder for the reports; default
# build-gpu/huge-profile; they are also packed into one file, reports.tar.xz, beside it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
(($# >= 1)) || { echo "usage: $0 BUILD [BUILD ...]  (folders or .tar.xz of scripts/gpu-build.sh)" >&2; exit 2; }
size=${SIZE:-10380890}
sections=${SECTIONS:-SpeedOfLight ComputeWorkloadAnalysis MemoryWorkloadAnalysis Occupancy WarpStateStats SchedulerStats InstructionStats LaunchStats}
logs=${OUT:-build-gpu/huge-profile}
mkdir -p "$logs"
kernels='regex:columns_forward_kernel|rows_kernel|columns_inverse_kernel|crt_kernel'
section_args=()
if [[ -n ${RAW:-} ]]; then
  section_args=(--set full --page raw)
else
  for s in $sections; do section_args+=(--section "$s"); done
fi
i=0
for build in "$@"; do
  i=$((i + 1))
  given=$build
  if [[ $build == *.tar.xz ]]; then
    dir=$(mktemp -d)
    tar -xJf "$build" -C "$dir"
    build=$(dirname "$(find "$dir" -name bench-huge-mul -type f | head -n1)")
  fi
  exe=$build/bench-huge-mul
  [[ -x $exe ]] || { echo "huge-profile: no $exe" >&2; exit 1; }
  name=build$i
  echo "=== $name: $given"
  python3 scripts/sass.py "$exe" --kernel 'columns_forward|rows_kernel|columns_inverse|crt_kernel' |
    sed -E 's/^_ZN7warpnum4huge[^ ]*(columns_forward_kernel|rows_kernel|columns_inverse_kernel|crt_kernel)[^:]*:/\1:/' |
    tee "$logs/$name-sass.txt"
  if ! command -v ncu > /dev/null 2>&1; then
    echo "huge-profile: no ncu on this machine; the histograms alone"
    continue
  fi
  # The first product (4 kernels) warms up; the next one is profiled. The clocks are left as they run.
  if ncu --clock-control none -k "$kernels" --launch-skip 4 --launch-count 4 "${section_args[@]}" \
      "$exe" --target gpu --sizes "$size" --reps 1 > "$logs/$name-ncu.txt" 2>&1; then
    if [[ -n ${RAW:-} ]]; then
      grep -v '^==PROF==' "$logs/$name-ncu.txt" | grep -E "_kernel\(|$RAW" |
        sed -E 's/^.*(columns_forward_kernel|rows_kernel|columns_inverse_kernel|crt_kernel)\(.*/\1/; s/  +/ /g'
      continue
    fi
    grep -v '^==PROF==' "$logs/$name-ncu.txt" | grep -E \
      '_kernel|Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|L1/TEX Hit|L2 Hit|Executed Ipc A|Issue Slots Busy|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Limit|No Eligible|Active Warps Per|Eligible Warps|Warp Cycles Per Issued|Executed Instructions  |Shared Memory Configuration Size|Bank' || true
    grep -iE 'stall|est\. (local )?speedup' "$logs/$name-ncu.txt" | head -n 40 || true
  else
    echo "huge-profile: ncu could not profile (its output follows); the histograms alone"
    tail -n 5 "$logs/$name-ncu.txt"
  fi
  if [[ -n ${SOURCE:-} ]]; then
    # Instruction-level counters of the same product's kernels, then the source page of each, as machine code.
    if ncu --clock-control none -k "$kernels" --launch-skip 4 --launch-count 4 --section SourceCounters \
        --section WarpStateStats -f -o "$logs/$name-source" "$exe" --target gpu --sizes "$size" --reps 1 \
        > "$logs/$name-source.txt" 2>&1; then
      ncu -i "$logs/$name-source.ncu-rep" --page source --csv --print-source sass > "$logs/$name-source.csv" 2>&1 ||
        echo "huge-profile: ncu could not print the source page (see $logs/$name-source.csv)"
      python3 scripts/sass_hot.py "$logs/$name-source.csv" || true
    else
      echo "huge-profile: ncu could not collect the source counters"
      tail -n 5 "$logs/$name-source.txt"
    fi
  fi
done
tar -cJf "$logs.tar.xz" -C "$(dirname "$logs")" "$(basename "$logs")"
echo "huge-profile: reports in $logs and $logs.tar.xz"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The forward columns' limb loads, variants of one build side by side (bench-huge-mul, 10^6 to 10^8 digits), round
# after round; then the convolution test under each variant. WARPNUM_EXPERIMENT_SPLIT: loads a thread in flight
# before the first step (0: the first step reads the limbs itself); WARPNUM_EXPERIMENT_BLOCKS=2: two blocks an SM.
#   BIN=build.tar.xz OUT=folder docs/results/2026-12-05/huge-split-load/run.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../../.."
out=${OUT:-build-gpu/split-load}
mkdir -p "$out"
dir=$(mktemp -d)
tar -xJf "${BIN:?a .tar.xz of scripts/gpu-build.sh}" -C "$dir"
bin=$(dirname "$(find "$dir" -name bench-huge-mul -type f | head -n1)")
variants=("0 3" "4 3" "8 3" "10 3" "16 3" "0 2" "8 2" "16 2")
for round in 1 2 3; do
  for v in "${variants[@]}"; do
    read -r split blocks <<< "$v"
    echo "=== round $round split $split blocks $blocks"
    WARPNUM_EXPERIMENT_SPLIT=$split WARPNUM_EXPERIMENT_BLOCKS=$blocks "$bin/bench-huge-mul" --target gpu \
      --sizes 103810,1038090,10380890 --reps 20 | tee "$out/r$round-s$split-b$blocks.log"
  done
done
for v in "8 3" "10 3" "16 2"; do
  read -r split blocks <<< "$v"
  echo "=== test split $split blocks $blocks"
  WARPNUM_EXPERIMENT_SPLIT=$split WARPNUM_EXPERIMENT_BLOCKS=$blocks timeout 150 "$bin/device-huge-convolve_test" \
    > "$out/test-s$split-b$blocks.log" 2>&1 && echo passed || { echo FAILED; tail -20 "$out/test-s$split-b$blocks.log"; }
done

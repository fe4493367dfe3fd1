#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The columns' blocks an SM: the forward columns at two blocks (64 registers), the inverse at three (40) or, with
# WARPNUM_EXPERIMENT_INVERSE_BLOCKS=2 (experiment.patch), two; the convolution (bench-huge-mul) round after round,
# then the product as Integer beside GMP (bench-huge-integer-mul) and the convolution and Integer tests.
#   BIN=build.tar.xz OUT=folder docs/results/2026-12-05/huge-column-blocks/run.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../../../.."
out=${OUT:-build-gpu/column-blocks}
mkdir -p "$out"
dir=$(mktemp -d)
tar -xJf "${BIN:?a .tar.xz of scripts/gpu-build.sh}" -C "$dir"
bin=$(dirname "$(find "$dir" -name bench-huge-mul -type f | head -n1)")
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader | tee "$out/device.txt"
for round in 1 2 3; do
  for inverse in 3 2; do
    echo "=== round $round inverse blocks $inverse"
    WARPNUM_EXPERIMENT_INVERSE_BLOCKS=$inverse "$bin/bench-huge-mul" --target gpu \
      --sizes 103810,1038090,10380890 --reps 20 | tee "$out/mul-r$round-i$inverse.log"
  done
done
for inverse in 3 2; do
  echo "=== Integer, inverse blocks $inverse"
  WARPNUM_EXPERIMENT_INVERSE_BLOCKS=$inverse "$bin/bench-huge-integer-mul" --digits 1e6,1e7,1e8 \
    --text-digits 1000 --div-digits 1000 | tee "$out/integer-i$inverse.log"
done
for t in device-huge-convolve_test device-huge-integer_test; do
  echo "=== $t"
  timeout 200 "$bin/$t" > "$out/$t.log" 2>&1 && echo passed || { echo FAILED; tail -20 "$out/$t.log"; }
done

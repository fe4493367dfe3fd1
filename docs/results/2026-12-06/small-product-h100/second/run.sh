#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The product of 10^6 digits, second run: where the columns' extra instructions are (Nsight Compute's source
# counters of one product of 103,811 limbs, base and final2, then scripts/sass_hot.py), and two builds of final2 each
# with one change taken back: v1 the limbs past an operand skipped by a branch again (no zero word), v2 the inverse
# columns' tile copied out a word a thread again (no copy_tile_out). Every kernel of their products timed, then the
# convolution alone (bench-huge-mul) of all four builds at 10^6 to 10^8 digits, alternating, two rounds.
# Carried: build-gpu/carry-small (the four builds' bench-huge-mul).
set -u
R=$OUT/small2
mkdir -p "$R"
for b in v1 v2; do
  timeout 60 scripts/kernel-times.sh "$R/kernels-$b" build-gpu/carry-small/$b/bench-huge-mul --target gpu --sizes 103811 \
    --reps 5 > /dev/null 2>&1; echo "kernel times $b exit $?"; sed -n 3,8p "$R/kernels-$b.txt" | cut -c1-110
done
OUT=$R/compare SECTIONS=mul ROUNDS=2 timeout 200 scripts/huge-builds-compare.sh build-gpu/carry-small/base \
  build-gpu/carry-small/final2 build-gpu/carry-small/v1 build-gpu/carry-small/v2 > "$R/compare.log" 2>&1
echo "compare exit $?"
for f in "$R"/compare/*-mul.log; do echo "== $(basename "$f")"; grep -E "^ +[0-9]+ " "$f"; done
SOURCE=1 SIZE=103811 OUT=$R/prof timeout 200 scripts/huge-profile.sh build-gpu/carry-small/base build-gpu/carry-small/final2 \
  > "$R/prof.log" 2>&1; echo "profile exit $?"
grep -E "^===|Duration|Executed Instructions  " "$R/prof.log" | head -n 20
tar -cJf "$OUT/small2.tar.xz" -C "$OUT" small2 && rm -rf "$R"

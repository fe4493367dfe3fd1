#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The product of 10^6 digits, third run: the build with reverse_small's bit count a template parameter (`fixed`),
# whose last column step no longer picks each element by a chain of compares: its device tests of Integer's
# convolution and product, every kernel of five products of 10^6 digits timed, then base (ccdb5e4), final2 (2265f78)
# and fixed side by side, alternating, two rounds: bench-huge-integer-mul at 10^6 and 10^7 digits (each product checked
# against GMP first) and the convolution alone at 10^6 to 10^8. First, device-nccl-shards_test of the tree whose
# gather and scatter share one body (nccl/shards.hpp). Logs straight under $OUT, so that a run cut short still brings
# back what it did. Carried: build-gpu/carry-fix.
set -u
c=build-gpu/carry-fix
R=$OUT
mkdir -p "$R/tests"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$R/nvidia-smi.log" 2>&1
mkdir -p "$R/nccl-bin" && cp $c/device-nccl-shards_test "$R/nccl-bin/"
BIN=$R/nccl-bin OUT=$R/nccl RUN_TIMEOUT=150 scripts/gpu-run.sh device 2>&1 | tail -n 3
rm -rf "$R/nccl-bin"
timeout 60 scripts/kernel-times.sh "$R/kernels-fixed" $c/fixed/bench-huge-mul --target gpu --sizes 103811 --reps 5 \
  > /dev/null 2>&1; echo "kernel times fixed exit $?"; sed -n 3,8p "$R/kernels-fixed.txt" | cut -c1-110
tar -xJf $c/fixed-tests.tar.xz -C $c/fixed
for t in device-huge-convolve_test device-huge-integer_test; do
  timeout 120 $c/fixed/$t > "$R/tests/$t.log" 2>&1; echo "$t exit $? $(grep -E '^\[  (PASSED|FAILED) ' "$R/tests/$t.log" | tr '\n' ' ')"
done
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7 --text-digits 1e3 --div-digits 1e3" \
  timeout 300 scripts/huge-builds-compare.sh $c/base $c/final2 $c/fixed > "$R/compare.log" 2>&1
echo "compare exit $?"
for f in "$R"/compare/*-bench.log; do echo "== $(basename "$f")"; grep -E "^(mul|sqr) " "$f"; done
for f in "$R"/compare/*-mul.log; do echo "== $(basename "$f")"; grep -E "^ +[0-9]+ " "$f"; done

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The column kernels' middle radix-2 steps on Shoup's product, on one H100 in one call. Builds
# (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped):
#   main             the row kernel on Shoup's product (commit dfe20e5): device-huge-convolve_test, bench-huge-mul,
#                    bench-huge-integer-mul
#   colpairs         the column kernels' radix-2 steps between their first and last on Shoup's product too, their
#                    pairs a region of the table read from global memory: device-huge-convolve_test,
#                    device-huge-integer_test, bench-huge-mul, bench-huge-integer-mul
#   broken-colpairs  colpairs reading those pairs one pair off, a fault on purpose: the two tests
# In order: the ceilings of main's bench-huge-mul (the butterflies with ntt's Shoup product); the tests of colpairs
# and of the fault; the convolution alone of main and colpairs, three rounds alternating; Integer's products (each
# checked against GMP first) of both at 10^7 and 10^8 digits, two rounds; Nsight Compute's raw counters of colpairs.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
timeout 60 "$X/main/bench-huge-mul" --ceilings --target gpu --sizes 10380890 --reps 5 > "$R/ceilings.log" 2>&1
grep "^# ceil" "$R/ceilings.log"
for t in device-huge-convolve_test device-huge-integer_test; do
  for b in colpairs broken-colpairs; do test_one $b $t; done
done
convolutions compare 3 100 $X/main $X/colpairs
products compare-bench 2 120 1e7,1e8 $X/main $X/colpairs
counters profile 100 $X/colpairs
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

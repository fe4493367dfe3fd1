#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Shoup's high product as IMAD.HI, on one H100 in one call. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside,
# programs from scripts/gpu-build.sh, stripped):
#   main      the row kernel on Shoup's product (commit dfe20e5): device-huge-convolve_test, bench-huge-mul,
#             bench-huge-integer-mul
#   colpairs  the column kernels' middle radix-2 steps on Shoup's product too (../column-pairs-h100): the same
#             programs and device-huge-integer_test
#   final     colpairs with Shoup's high product by ntt::mul_high (__umulhi on the device: IMAD.HI, where the 64-bit
#             product's high half compiled to IMAD.WIDE): the same four programs
# In order: the ceilings of final's bench-huge-mul; the tests of final; the convolution alone of the three, three rounds
# alternating; Integer's products (each checked against GMP first) of main and final at 10^7 and 10^8 digits, two
# rounds; Nsight Compute's raw counters of final at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
timeout 60 "$X/final/bench-huge-mul" --ceilings --target gpu --sizes 10380890 --reps 5 > "$R/ceilings.log" 2>&1
grep "^# ceil" "$R/ceilings.log"
for t in device-huge-convolve_test device-huge-integer_test; do test_one final $t; done
convolutions compare 3 100 $X/main $X/colpairs $X/final
products compare-bench 2 120 1e7,1e8 $X/main $X/final
counters profile 100 $X/final
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

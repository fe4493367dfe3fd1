#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The radix-3 and radix-5 transforms by Winograd's small-N algorithms (one product and four, where they took two and
# eight), on one H100 in one call. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from
# scripts/gpu-build.sh, stripped):
#   main              the tree before (commit 747a7b7): device-huge-convolve_test, device-huge-integer_test,
#                     bench-huge-mul, bench-huge-integer-mul
#   winograd          the new radix-3 and radix-5 transforms: the same programs
#   broken-winograd   winograd with one product of the 5-point transform by the wrong constant, a fault on purpose:
#                     the two tests
#   cols256           winograd with the column kernels' blocks at most 256 threads, compiled for two blocks an SM
#                     (128 registers a thread; at 10^8 digits 8 columns of 32 threads, so each thread takes the same
#                     number of items in every step, where 512 threads took 2 or 3): the same programs
#   colpairs256       cols256 with the columns' last forward and first inverse steps on Shoup's product too (the
#                     table's column pairs, where they took Montgomery's from the flat table): the same programs
# Two calls. `run.sh 1`: the tests of winograd, of the fault, of cols256 and of colpairs256; the convolution alone of
# main, winograd, cols256 and colpairs256, three rounds alternating; Integer's products (each checked against GMP
# first) of the four at 10^7 and 10^8 digits, two rounds. `run.sh 2`: Nsight Compute's raw counters of winograd.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
if [ "${1:-1}" = 1 ]; then
  for t in device-huge-convolve_test device-huge-integer_test; do
    for b in winograd broken-winograd cols256 colpairs256; do test_one $b $t; done
  done
  convolutions compare 3 140 $X/main $X/winograd $X/cols256 $X/colpairs256
  products compare-bench 2 170 1e7,1e8 $X/main $X/winograd $X/cols256 $X/colpairs256
else
  counters profile 100 $X/winograd
fi
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

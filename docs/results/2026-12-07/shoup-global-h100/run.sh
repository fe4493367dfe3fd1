#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where the row kernel reads its Shoup pairs, on one H100 in one call. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/
# inside, programs from scripts/gpu-build.sh, stripped; each holds device-huge-convolve_test,
# device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul):
#   base    Montgomery's product everywhere (commit 373cd19)
#   pairs   the half-sizes up to 2048 from a copy in shared memory, 4096 from global memory (../shoup-pairs-h100)
#   global  rows of up to 2^12 elements with every pair in shared memory; rows of 2^13 with those of half-sizes up
#           to 256 there and their step of half-sizes 2^12 to 2^9 reading its pairs from global memory
# In order: the tests of global; the convolution alone of the three, three rounds alternating; Integer's products
# (each checked against GMP first) of base and global at 10^6, 10^7 and 10^8 digits, two rounds; Nsight Compute's
# raw counters of the transform's kernels for global at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do test_one global $t; done
convolutions compare 3 120 $X/base $X/pairs $X/global
products compare-bench 2 150 1e6,1e7,1e8 $X/base $X/global
counters profile 120 $X/global
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where the row kernel's time goes with Shoup's product, on one H100 in one call. Builds
# (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped; each holds
# device-huge-convolve_test, device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul):
#   base   Montgomery's product everywhere (commit 373cd19)
#   pairs  the rows' twiddles as pairs with their Shoup quotients, those of half-sizes up to 256 copied to shared
#          memory, the larger ones read from global memory (../shoup-rows-h100)
#   mixed  the rows' steps of half-sizes up to 256 with Shoup's pairs, the step of half-sizes 2^12 to 2^9 with
#          Montgomery's product, both tables in shared memory (104 KiB a block: more than the 99 KiB that every GPU
#          gives a block, so an experiment on the H100 alone)
# In order: the tests of mixed; the convolution alone of the three, three rounds alternating; Nsight Compute's raw
# counters of the row kernel (instructions, issue, pipes, stall samples) for base, pairs and mixed at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do test_one mixed $t; done
convolutions compare 3 120 $X/base $X/pairs $X/mixed
counters profile 240 $X/base $X/pairs $X/mixed
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

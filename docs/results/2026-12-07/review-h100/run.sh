#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The review's simplification of the transform kernels, on one H100 in one call: every table copy batched (the column
# kernels' too) and the inverse's level of half-size 1 through radix_pow2_levels' FirstUnit. Builds
# (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped):
#   unit     the code before (commit 68488e2): device-huge-convolve_test, device-huge-integer_test, bench-huge-mul,
#            bench-huge-integer-mul
#   mended   the simplification (main): the same four programs
# In order: the tests of mended; the convolution alone of unit and mended, three rounds alternating; Integer's
# products (each checked against GMP first) of both at 10^7 and 10^8 digits, one round.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products
for t in device-huge-convolve_test device-huge-integer_test; do test_one mended $t; done
convolutions compare 3 90 $X/unit $X/mended
products compare-bench 1 90 1e7,1e8 $X/unit $X/mended
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

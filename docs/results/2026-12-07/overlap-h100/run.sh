#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The transform kernels' copies in flight together, on one H100. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/
# inside, programs from scripts/gpu-build.sh, stripped): device-huge-convolve_test, device-huge-integer_test,
# bench-huge-mul, bench-huge-integer-mul of
#   base      the tree before (commit 545c350)
#   overlap   the twiddle tables copied in by cp.async beside the tiles and rows (no round trip of their own), the
#             rows of both operands in one batch of loads (8 quads a thread at 10^8 digits), and the inverse rows'
#             table copied during the pointwise product
#   split     overlap with operand 1's rows copied in by cp.async while operand 0's rows go forward
#   broken-split  split with each word of operand 1's rows copied from its neighbour's place, a fault on purpose:
#             device-huge-convolve_test alone
# Calls, their logs in callN/:
#   `run.sh 1`: the tests of split; the convolution alone of base, overlap and split, three rounds alternating;
#   Integer's products (each checked against GMP first) at 10^8 digits, two rounds; Nsight Compute's raw counters of
#   base and split; the convolution tests of broken-split and of overlap.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
case "${1:-1}" in
  1)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one split $t; done
    convolutions compare 3 80 $X/base $X/overlap $X/split
    products compare-bench 2 100 1e8 $X/base $X/overlap $X/split
    counters profile 90 $X/base $X/split
    test_one broken-split device-huge-convolve_test
    test_one overlap device-huge-convolve_test
    ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

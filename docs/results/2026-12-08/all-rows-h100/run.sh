#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The rows' first and last steps on the residues at the other row lengths, on one H100.
# Builds (build-gpu/carry-next/NAME.tar.xz, each packed by scripts/pack-build.sh NAME with the four programs
# device-huge-convolve_test, device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul):
#   rowload    the tree before (commit 978dd31): rows of 2^13 elements (10^8 digits) alone read and write the
#              residues in their first forward and last inverse steps, the other lengths copy their rows in and out
#   allrows    rowload with allrows.patch (this folder): rows of 2^12, 2^11 and 2^9 elements too (first steps of
#              half-sizes 2^11 to 2^9, 2^10 to 2^9 and 2^8 to 2^5: 10^7 digits are rows of 2^11, 10^6 digits rows
#              of 2^9)
#   broken-allrows  a fault on purpose, device-huge-convolve_test alone: each input of the rows' first step read one
#              word to the right of its place (RowMoveRun's `g + 1` where Load)
# Calls, their logs in callN/:
#   `run.sh 1`: the tests of allrows; the convolution alone of rowload and allrows at 10^6, 10^7 and 10^8 digits,
#   three rounds alternating; Integer's products (each checked against GMP first) at the same sizes, two rounds; the
#   convolution tests of the broken build.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
case "${1:-1}" in
  1)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one allrows $t; done
    convolutions compare 3 100 $X/rowload $X/allrows
    products compare-bench 2 200 1e6,1e7,1e8 $X/rowload $X/allrows
    test_one broken-allrows device-huge-convolve_test
    ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The transforms' copies between shared memory and the residues folded into the steps beside them, on one H100:
# the run prepared on 2026-12-07, whose folder (../../2026-12-07/last-stores-h100/) holds the three patches.
# Builds (build-gpu/carry-next/NAME.tar.xz, each packed by scripts/pack-build.sh NAME with the four programs
# device-huge-convolve_test, device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul):
#   base       the tree before (commit 47f4db8: its transform is 173e79b's)
#   laststore  base with laststore.patch: the inverse columns' last step on columns of 5 2^9 elements (10^8 digits:
#              the radix-5 step joined with a level) writes its outputs to the residues, where the tile was copied
#              out after it
#   rowstore   base with rowstore.patch: laststore, and the inverse rows' last step on rows of 2^13 elements (its
#              half-sizes 2^12 to 2^9) writes the residues, where copy_rows copied the block out after it
#   rowload    base with rowload.patch: rowstore, and the forward rows' first step reads the residues, where
#              copy_rows copied both operands' rows in before it
#   broken-laststore, broken-rowstore, broken-rowload  faults on purpose, device-huge-convolve_test alone: each
#              output of the new step written one word to the right of its place (StoreRun's and RowStoreRun's
#              `global + ...` plus 1), and for rowload each input read one word to the right (RowMoveRun's `g + 1`
#              where Load)
# Calls, their logs in callN/:
#   `run.sh 1`: the tests of rowload (which holds the others); the convolution alone of base, laststore, rowstore
#   and rowload, three rounds alternating; Integer's products (each checked against GMP first) at 10^8 digits, two
#   rounds; the 10^8-digit convolution tests of the broken builds; Nsight Compute's raw counters of base and
#   rowload.
#   `run.sh 2`: call 1 without Nsight Compute.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
faults() {  # the 10^8-digit convolution tests (the new steps run at those) of each broken build
  for b in broken-laststore broken-rowstore broken-rowload; do
    GTEST_FILTER='*DecimalDigitTargetsAgainstGmp*:*OperandPastHalfTheLength*' test_one $b device-huge-convolve_test
  done
}
case "${1:-1}" in
  1 | 2)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one rowload $t; done
    convolutions compare 3 100 $X/base $X/laststore $X/rowstore $X/rowload
    products compare-bench 2 130 1e8 $X/base $X/laststore $X/rowstore $X/rowload
    faults
    if [ "${1:-1}" = 1 ]; then counters profile 90 $X/base $X/rowload; fi
    ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

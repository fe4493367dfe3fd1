#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The columns' first and last steps by constant offsets, on one H100, in three calls (STEP=tests, af, profile; each
# fits a little device time). Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside: device-huge-convolve_test,
# device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul from scripts/gpu-build.sh, stripped):
#   base              the code before (commit 5405f10)
#   af                the last forward and first inverse steps' offsets, and LimbCopyRun in the first step (main)
#   all               af with column-threads.patch (320 threads a column block at 10^8 digits; dropped)
#   broken-addresses  the last-step change alone, its shared offsets without their padding (a fault on purpose)
#   broken-first      the first-step change alone, its shared distance without its padding (a fault on purpose)
# STEP=tests:   the convolution test of all and of the faults; the convolution alone of base, af and all, two rounds;
#               Integer's 10^8-digit product of base and all, one round (checked against GMP first).
# STEP=af:      af's convolution and Integer tests; Integer's products of base and af at 10^6 to 10^8 digits.
# STEP=profile: the convolution alone of base and af; Nsight Compute's instruction counts, stall reasons and pipe use
#               for af at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products
case ${STEP:-} in
  tests)
    nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $R/nvidia-smi.log
    for b in all broken-addresses broken-first; do test_one $b device-huge-convolve_test; done
    convolutions compare 2 60 $X/base $X/af $X/all
    products compare-bench 1 90 1e8 $X/base $X/all ;;
  af)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one af $t; done
    products af-bench 1 90 1e6,1e7,1e8 $X/base $X/af ;;
  profile)
    convolutions af-mul 1 60 $X/base $X/af
    raw='issue_stalled.*per_issue_active|pipe_(alu|fma|fmaheavy|lsu|shared).*pct_of_peak_sustained_active'
    RAW="$raw|inst_executed.sum " OUT=$R/profile-af timeout 150 scripts/huge-profile.sh $X/af > $R/profile-af.log 2>&1
    echo "profile exit $? ($SECONDS s)"
    rm -f $R/profile-af/*.ncu-rep ;;
  *) echo "usage: STEP=tests|af|profile $0" >&2; exit 2 ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

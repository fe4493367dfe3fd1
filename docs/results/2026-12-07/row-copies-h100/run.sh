#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The row kernel's copies with their loads in flight together, and the columns' level of half-size 1 as a sum and a
# difference beside the four-step twiddles, on one H100 in two calls (STEP=all, then STEP=rounds). Builds
# (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped):
#   base          the code before (commit 242e4d0): device-huge-convolve_test, device-huge-integer_test,
#                 bench-huge-mul, bench-huge-integer-mul
#   batch         the row kernel's batched copies alone: device-huge-convolve_test, bench-huge-mul,
#                 bench-huge-integer-mul
#   new           both changes (main): the four programs of base
#   broken-pairs  new with each pair's second element given the first's four-step twiddle (a fault on purpose):
#                 device-huge-convolve_test, device-huge-integer_test
#   broken-batch  new with the second load of each batch never stored (a fault on purpose): the same two tests
# STEP=all (the default), in order: the tests of new and of the two faults; the convolution alone (bench-huge-mul)
# of base, batch and new, three rounds alternating; Integer's products (bench-huge-integer-mul, each checked against
# GMP first) of base, batch and new at 10^6 to 10^8 digits; Nsight Compute's instruction counts, stall reasons and
# pipe use for new at 10^8 digits (base's are those of ../column-steps-h100, the same code).
# STEP=rounds: Integer's products of base and new at 10^7 and 10^8 digits, two more rounds alternating.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products
everything() {
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $R/nvidia-smi.log
  for t in device-huge-convolve_test device-huge-integer_test; do
    for b in new broken-pairs broken-batch; do test_one $b $t; done
  done
  convolutions compare 3 120 $X/base $X/batch $X/new
  products compare-bench 1 150 1e6,1e7,1e8 $X/base $X/batch $X/new
  raw='issue_stalled.*per_issue_active|pipe_(alu|fma|fmaheavy|lsu|shared).*pct_of_peak_sustained_active'
  RAW="$raw|inst_executed.sum |pcsamp_warps_issue_stalled_.*_not_issued " OUT=$R/profile timeout 200 \
    scripts/huge-profile.sh $X/new > $R/profile.log 2>&1
  echo "profile exit $? ($SECONDS s)"
  rm -f $R/profile/*.ncu-rep
}
rounds() {
  products rounds 2 200 1e7,1e8 $X/base $X/new
}
case ${STEP:-all} in
  all) everything ;;
  rounds) rounds ;;
  *) echo "usage: [STEP=all|rounds] $0" >&2; exit 2 ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The columns' last forward and first inverse steps with their pairs of twiddle 1 as sums and differences, on one
# H100 in one call. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh,
# stripped):
#   new          the code before (commit 8a42de3, "new" of ../row-copies-h100): device-huge-convolve_test,
#                device-huge-integer_test, bench-huge-mul, bench-huge-integer-mul
#   unit         the change (main): the same four programs
#   broken-unit  unit with each such pair's difference taken the wrong way round (a fault on purpose):
#                device-huge-convolve_test, device-huge-integer_test
# In order: the tests of unit and of the fault; the convolution alone (bench-huge-mul) of new and unit, three rounds
# alternating; Integer's products (bench-huge-integer-mul, each checked against GMP first) of new and unit at 10^7 and
# 10^8 digits, two rounds alternating; Nsight Compute's instruction counts for unit at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv | tee $R/nvidia-smi.log
for t in device-huge-convolve_test device-huge-integer_test; do
  for b in unit broken-unit; do test_one $b $t; done
done
convolutions compare 3 90 $X/new $X/unit
products compare-bench 2 120 1e7,1e8 $X/new $X/unit
RAW="inst_executed.sum |issue_active.avg.pct_of_peak_sustained_active" OUT=$R/profile timeout 120 \
  scripts/huge-profile.sh $X/unit > $R/profile.log 2>&1
echo "profile exit $? ($SECONDS s)"
rm -f $R/profile/*.ncu-rep
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

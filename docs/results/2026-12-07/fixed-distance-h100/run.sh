#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# builds side by side: base (9ca6db4) and fixed (the rows' full steps and the columns' step of half-sizes 2^7 to 2^4
# with their element distances as constants, the column kernels' tile width a template argument where it is 8 or 16
# columns); the device tests of fixed and of two builds with a fault planted in each new path (rows: the last item of
# each fixed step skipped; columns: the same in the step of half-size 2^7); then Nsight Compute's stall reasons and
# pipe use for fixed's transform kernels at 10^8 digits. SHORT=1: the convolution's device test and the convolution
# alone at 10^6 to 10^8 digits, two rounds, nothing else (a run on little device time).
set -u
c=build-gpu/carry-s2
R=$OUT/w
mkdir -p $R/tests
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.log 2>&1
cat $R/nvidia-smi.log
if [[ -n ${SHORT:-} ]]; then
  timeout 90 $c/fixed/device-huge-convolve_test > $R/tests/device-huge-convolve_test.log 2>&1; echo "fixed convolve exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/device-huge-convolve_test.log | tr '\n' ' ') ($SECONDS s)"
  for r in 1 2; do for b in base fixed; do echo "== $b round $r: $($c/$b/bench-huge-mul --target gpu --sizes 103810,1038090,10380890 | grep -E '^ +[0-9]+ ' | awk '{print $1, $5, $6}' | tr '\n' ' ')"; done; done
  tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R
  exit 0
fi
for t in device-huge-convolve_test device-huge-integer_test; do
  timeout 200 $c/fixed/$t > $R/tests/$t.log 2>&1; echo "fixed $t exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/$t.log | tr '\n' ' ') ($SECONDS s)"
done
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7,1e8 --text-digits 1e3 --div-digits 1e3" timeout 200 scripts/huge-builds-compare.sh $c/base $c/fixed > $R/compare.log 2>&1
echo "compare exit $? ($SECONDS s)"
for f in $R/compare/*-bench.log; do echo "== $(basename $f)"; grep -E "^(mul|sqr) " $f; done
for f in $R/compare/*-mul.log; do echo "== $(basename $f)"; grep -E "^ +[0-9]+ " $f; done
for v in rows cols; do
  timeout 60 $c/broken-$v/device-huge-convolve_test > $R/tests/broken-$v.log 2>&1; echo "broken-$v exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/broken-$v.log | tr '\n' ' ') ($SECONDS s)"
done
if ((SECONDS < 280)); then
  RAW='issue_stalled.*per_issue_active|pipe_(alu|fma|fmaheavy|lsu|shared).*pct_of_peak_sustained_active|inst_executed.sum ' OUT=$R/profile timeout 120 scripts/huge-profile.sh $c/fixed > $R/profile.log 2>&1
  echo "profile exit $? ($SECONDS s)"
  grep -E "^(columns_forward_kernel|rows_kernel|columns_inverse_kernel|crt_kernel)$|stalled|pipe_|inst_executed" $R/profile.log | grep -vE " 0(\.0+)?$" | head -200
fi
rm -f $R/profile/*.ncu-rep
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

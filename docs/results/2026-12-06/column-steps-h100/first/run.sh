#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# builds side by side: base (ccdb5e4), wide (column steps of up to four levels), joined (and the radix-5 step
# joined with the first radix-2 level); the device tests of the joined build; its profile, 10^9-digit product and pi
#   run.sh 1: the tests and the builds side by side; run.sh 2: the profile and 10^9 digits
set -u
c=build-gpu/carry-now
R=$OUT/w$1
mkdir -p $R/tests
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.log 2>&1
if [[ $1 == 1 ]]; then
for t in device-huge-convolve_test device-huge-integer_test device-huge-devices_product_test device-huge-async_integer_test device-huge-division_text_test; do
  timeout 200 $c/joined/$t > $R/tests/$t.log 2>&1; echo "$t exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/$t.log | tr '\n' ' ')"
done
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7,1e8 --text-digits 1e7 --div-digits 1e7" timeout 300 scripts/huge-builds-compare.sh $c/base $c/wide $c/joined > $R/compare.log 2>&1
echo "compare exit $?"
grep "^===" $R/compare.log
for f in $R/compare/*-bench.log; do echo "== $f"; grep -E "^(mul|sqr|to_string|parse|divmod) " $f | grep -v "node by node" ; done
for f in $R/compare/*-mul.log; do echo "== $f"; grep -E "^ +[0-9]+ " $f; done
else
SOURCE=1 OUT=$R/prof timeout 150 scripts/huge-profile.sh $c/joined > $R/prof.log 2>&1; echo "profile exit $?"
grep -E "Duration|Issue Slots Busy|Registers Per|Kernel Name|columns|rows_kernel|crt_kernel" $R/prof.log | grep -v "^ *$" | head -40
rm -f $R/prof/reports.tar.xz $R/prof/*.ncu-rep
timeout 200 $c/joined/bench-huge-integer-mul --place device --digits 1e9 --text-digits 1e3 --div-digits 1e3 --reps 3 > $R/mul-1e9.log 2>&1; echo "1e9 exit $?"; grep -E "^(mul|sqr) " $R/mul-1e9.log
fi
tar -cJf $OUT/w$1.tar.xz -C $OUT w$1 && rm -rf $R

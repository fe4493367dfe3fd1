#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# builds side by side: base (344f51c), new (the row pass), new2 (the row pass and the carries in one pass)
set -u
c=build-gpu/carry-now
R=$OUT/w
mkdir -p $R/tests
for t in device-huge-convolve_test device-huge-integer_test device-huge-devices_product_test device-huge-async_integer_test device-huge-division_text_test; do
  timeout 300 $c/new2/$t > $R/tests/$t.log 2>&1; echo "$t exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/$t.log | tr '\n' ' ')"
done
timeout 300 $c/broken/device-huge-integer_test > $R/tests/broken-device-huge-integer_test.log 2>&1; echo "broken (carry in dropped on purpose) exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/broken-device-huge-integer_test.log | tr '\n' ' ')"
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7,1e8 --text-digits 1e7 --div-digits 1e7" timeout 400 scripts/huge-builds-compare.sh $c/base $c/new $c/new2 > $R/compare.log 2>&1
echo "compare exit $?"
grep "ntt_ms\|^convolution: *10380890\|^===" $R/compare.log
for f in $R/compare/*-bench.log; do echo "== $f"; grep -E "^(mul|sqr|to_string|parse|divmod) " $f | grep -v "node by node" ; done
timeout 200 scripts/kernel-times.sh $R/kt/product $c/new2/bench-huge-integer-mul --place device --digits 1e8 --text-digits 1e3 --div-digits 1e3 --reps 1 > $R/kt.log 2>&1
head -12 $R/kt/product.txt
rm -f $R/kt/product.csv
tar -czf $OUT/w.tgz -C $OUT w && rm -rf $R

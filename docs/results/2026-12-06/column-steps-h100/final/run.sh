#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# builds side by side: base (ccdb5e4), final (column steps of up to four levels where that makes a pass fewer, the
# radix-5 step joined with the first radix-2 level, the inverse columns' tile copied out 16 bytes a thread), final2
# (and the limbs past an operand read from a zero word, no branch); the device tests of the final builds and of a
# build whose tile copy is broken on purpose; then the 10^9-digit product and pi to 10^9 digits.
set -u
c=build-gpu/carry-now
R=$OUT/w
mkdir -p $R/tests
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.log 2>&1
tar -xJf $c/final-tests.tar.xz -C $c/final
for t in device-huge-convolve_test device-huge-integer_test device-huge-devices_product_test device-huge-async_integer_test device-huge-division_text_test; do
  timeout 200 $c/final/$t > $R/tests/$t.log 2>&1; echo "$t exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/$t.log | tr '\n' ' ')"
done
best=final2
for t in device-huge-convolve_test device-huge-integer_test; do
  timeout 100 $c/final2/$t > $R/tests/final2-$t.log 2>&1 || best=final; echo "final2 $t: $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/final2-$t.log | tr '\n' ' ')"
  timeout 100 $c/broken/$t > $R/tests/broken-$t.log 2>&1; echo "broken (tile copy) $t exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/broken-$t.log | tr '\n' ' ')"
done
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7,1e8 --text-digits 1e7 --div-digits 1e7" timeout 170 scripts/huge-builds-compare.sh $c/base $c/final $c/final2 > $R/compare.log 2>&1
echo "compare exit $?"
grep "^===" $R/compare.log
for f in $R/compare/*-bench.log; do echo "== $f"; grep -E "^(mul|sqr|to_string|parse|divmod) " $f | grep -v "node by node" ; done
for f in $R/compare/*-mul.log; do echo "== $f"; grep -E "^ +[0-9]+ " $f; done
echo "10^9 digits and pi with $best ($SECONDS s so far)"
if ((SECONDS > 150)); then echo "skipped: no time"; tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R; exit 0; fi
timeout 100 $c/$best/bench-huge-integer-mul --place device --digits 1e9 --text-digits 1e3 --div-digits 1e3 --reps 3 > $R/mul-1e9.log 2>&1; echo "1e9 exit $?"; grep -E "^(mul|sqr) " $R/mul-1e9.log
((SECONDS < 200)) && timeout 60 $c/$best/warpnum-pi-digits 1000000000 --verify > $R/pi-1e9.log 2>&1; echo "pi 1e9 exit $?"; tail -8 $R/pi-1e9.log | cut -c1-160
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

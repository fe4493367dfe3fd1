#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The final tree of the day on one H100 in one call. Build (build-gpu/carry-next/head.tar.xz, head/ inside, programs
# from scripts/gpu-build.sh, stripped): commit 9309db4's device-huge-convolve_test, device-huge-integer_test,
# bench-huge-mul and bench-huge-integer-mul. In order: the two device tests; bench-huge-mul --ceilings with the
# convolutions of 10^6 to 10^8 digits; Integer's products (each checked against GMP first) at 10^7 and 10^8 digits,
# twice. Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do test_one head $t; done
timeout 90 "$X/head/bench-huge-mul" --ceilings --target gpu --sizes 103810,1038090,10380890 > "$R/mul.log" 2>&1
echo "mul exit $? ($SECONDS s)"; grep -E "^# ceil|^ +[0-9]" "$R/mul.log"
for i in 1 2; do
  timeout 90 "$X/head/bench-huge-integer-mul" --digits 1e7,1e8 --text-digits 1e3 --div-digits 1e3 \
    > "$R/products-$i.log" 2>&1
  echo "products $i exit $? ($SECONDS s)"; grep -E "^(mul|sqr) " "$R/products-$i.log"
done
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The second review of the day's change on one H100 in one call: the tables' pair regions filled through one helper
# on the host and ntt::table_word on the device (the tables kernel's machine code changed; every other kernel of
# convolve.cu is the same as before). Build (build-gpu/carry-next/review.tar.xz, review/ inside, programs from
# scripts/gpu-build.sh, stripped): device-huge-convolve_test, device-huge-integer_test, bench-huge-integer-mul.
# In order: the two device tests; Integer's products (checked against GMP first) at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do test_one review $t; done
timeout 60 "$X/review/bench-huge-integer-mul" --digits 1e8 --text-digits 1e3 --div-digits 1e3 > "$R/products.log" 2>&1
echo "products exit $? ($SECONDS s)"; grep -E "^(mul|sqr) " "$R/products.log"
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

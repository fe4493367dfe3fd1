#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The columns-in-three-passes build (2265f78, `final2`) at a billion digits: the product of two 10^9-digit numbers
# with the operands on the device (checked against GMP first), then pi to 10^9 digits with its check. Carried:
# build-gpu/carry-now.
set -u
c=build-gpu/carry-now/final2
R=$OUT/billion
mkdir -p "$R"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$R/nvidia-smi.log" 2>&1
timeout 150 $c/bench-huge-integer-mul --place device --digits 1e9 --text-digits 1e3 --div-digits 1e3 --reps 3 \
  > "$R/mul-1e9.log" 2>&1; echo "1e9 exit $?"; grep -E "^(mul|sqr) " "$R/mul-1e9.log"
timeout 120 $c/warpnum-pi-digits 1000000000 --verify > "$R/pi-1e9.log" 2>&1; echo "pi 1e9 exit $?"
tail -n 10 "$R/pi-1e9.log" | cut -c1-160
tar -cJf "$OUT/billion.tar.xz" -C "$OUT" billion && rm -rf "$R"

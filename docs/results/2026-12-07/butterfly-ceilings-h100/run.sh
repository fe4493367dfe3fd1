#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The ceilings of the transform's arithmetic on one H100: bench-huge-mul --ceilings (32-bit multiply-adds, FP64 fused
# multiply-adds, the copy bandwidth, mul.hi.u32 and mul.wide.u32, and radix-2 butterflies in registers with
# Montgomery's product, as the transform has them, and with Shoup's), three times, then the convolution of 10^8
# digits. Build (build-gpu/carry-next/ceil.tar.xz, ceil/ inside): bench-huge-mul, stripped.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs)
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for i in 1 2 3; do
  timeout 120 "$X/ceil/bench-huge-mul" --ceilings --target gpu --sizes 10380890 --reps 5 > "$R/ceilings-$i.log" 2>&1
  echo "round $i exit $? ($SECONDS s)"; grep -E "^# (ceil|dev)|^ *10380890" "$R/ceilings-$i.log"
done
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

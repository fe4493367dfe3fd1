#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The row kernel's butterflies with Shoup's product, twiddles as pairs (the twiddle and its quotient), on one H100 in
# one call. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped):
#   base          Montgomery's product everywhere (commit 373cd19): device-huge-convolve_test,
#                 device-huge-integer_test, bench-huge-mul, bench-huge-integer-mul
#   pairs         the change: the same four programs. Half-sizes up to 2048 read their pairs from a copy in shared
#                 memory, half-size 4096 (rows of 2^13 elements) from the table in global memory; the pair region is
#                 the table's last, so that the kernels' argument keeps its size
#   broken-pairs  pairs with Shoup's product left unreduced (in [0, 2p)), a fault on purpose: the two tests
#   broken-split  pairs reading half-size 4096 one pair off, a fault on purpose: the two tests
# In order: the tests of pairs and of the faults; the convolution alone of base and pairs, three rounds alternating;
# Integer's products (each checked against GMP first) of both at 10^7 and 10^8 digits, two rounds; Nsight Compute's
# raw counters of the transform's kernels for base and pairs at 10^8 digits.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do
  for b in pairs broken-pairs broken-split; do test_one $b $t; done
done
convolutions compare 3 120 $X/base $X/pairs
products compare-bench 2 150 1e7,1e8 $X/base $X/pairs
counters profile 200 $X/base $X/pairs
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

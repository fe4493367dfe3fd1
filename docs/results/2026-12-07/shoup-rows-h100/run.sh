#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The row kernel's butterflies with Shoup's product, on one H100 in one call. Builds
# (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs from scripts/gpu-build.sh, stripped; each holds
# device-huge-convolve_test, device-huge-integer_test, bench-huge-mul and bench-huge-integer-mul):
#   base      Montgomery's product everywhere (commit 373cd19)
#   quotient  the rows' twiddles as Shoup quotients alone, one word each, the twiddle recovered by a high product
#   pairs     the rows' twiddles as pairs (the twiddle and its quotient), those of half-sizes up to 256 copied to
#             shared memory, the larger ones read from global memory
# In order: the tests of pairs; the convolution alone of the three, three rounds alternating; Integer's products
# (each checked against GMP first) of base and pairs at 10^7 and 10^8 digits, two rounds.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products
nvidia-smi > "$R/nvidia-smi.log" 2>&1
for t in device-huge-convolve_test device-huge-integer_test; do test_one pairs $t; done
convolutions compare 3 120 $X/base $X/quotient $X/pairs
products compare-bench 2 150 1e7,1e8 $X/base $X/pairs
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

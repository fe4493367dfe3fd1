#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The column tiles moved whole between shared memory and global memory (the inverse's tile of residues and the
# forward's tile of limbs copied in by cp.async before the first step, the forward's residues copied out after the
# last), and the limbs reduced by Shoup's product by 1, on one H100. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/
# inside, programs from scripts/gpu-build.sh, stripped):
#   winograd       the tree before (commit b434f49): device-huge-convolve_test, device-huge-integer_test,
#                  bench-huge-mul, bench-huge-integer-mul
#   one            the limbs reduced by Shoup's product by 1 (commit 5e4a077): the same programs
#   broken-one     one with the quotient of 1 one too small, a fault on purpose: the two tests
#   tiles          one with the inverse's residues copied in and the forward's copied out: the same programs
#   broken-tiles   tiles with the tile's rows in shared memory stepped without the padding, a fault on purpose: the
#                  two tests
#   limbs          tiles with the forward's limbs copied in too: the same programs
#   broken-limbs   limbs with the limbs of the quad that straddles an operand's end dropped, a fault on purpose: the
#                  two tests
# and, to find which copy cost time in the first call, limbs with one or two of its three copies:
#   limbin         the forward's limbs copied in alone: device-huge-convolve_test, bench-huge-mul,
#                  bench-huge-integer-mul
#   resin          limbin and the inverse's residues copied in: the same programs
#   fwdout         limbin and the forward's residues copied out: the same programs
# and, once those had been measured:
#   final          limbin and the inverse's residues copied in where its first step's items do not divide evenly
#                  among the block's threads (10^8 digits, not 10^7): the four programs
#   broken-final   final with half of each copied quad left out, a fault on purpose: the two tests
# Three calls, their logs in call1/, call4/ and call5/:
#   `run.sh 1`: the tests of one, broken-one, tiles, broken-tiles, limbs and broken-limbs; the convolution alone of
#   winograd, one, tiles and limbs, three rounds alternating.
#   `run.sh 4`: the convolution test of limbin, resin and fwdout; the convolution alone of winograd, one, limbs,
#   limbin, resin and fwdout, five rounds; Integer's products (each checked against GMP first) of the six at 10^8
#   digits, two rounds.
#   `run.sh 5`: the tests of final and broken-final; the convolution alone of winograd, one, limbin, resin and final,
#   five rounds; Integer's products of winograd and final at 10^7 and 10^8 digits, two rounds; Nsight Compute's raw
#   counters of winograd and final.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
case "${1:-1}" in
  1)
    for t in device-huge-convolve_test device-huge-integer_test; do
      for b in one broken-one tiles broken-tiles limbs broken-limbs; do test_one $b $t; done
    done
    convolutions compare 3 160 $X/winograd $X/one $X/tiles $X/limbs
    ;;
  4)
    for b in limbin resin fwdout; do test_one $b device-huge-convolve_test; done
    convolutions compare-copies 5 150 $X/winograd $X/one $X/limbs $X/limbin $X/resin $X/fwdout
    products compare-copies-bench 2 300 1e8 $X/winograd $X/one $X/limbs $X/limbin $X/resin $X/fwdout
    ;;
  5)
    for t in device-huge-convolve_test device-huge-integer_test; do
      for b in final broken-final; do test_one $b $t; done
    done
    convolutions compare-final 5 150 $X/winograd $X/one $X/limbin $X/resin $X/final
    products compare-final-bench 2 200 1e7,1e8 $X/winograd $X/final
    counters profile-final 200 $X/winograd $X/final
    ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

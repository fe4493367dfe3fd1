#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The columns' chains of four-step twiddle powers on Shoup's product by G (the factor's quotient made without a
# division, ntt::shoup_from_montgomery), on one H100. Builds (build-gpu/carry-next/NAME.tar.xz, NAME/ inside, programs
# from scripts/gpu-build.sh, stripped):
#   final          the tree before (commit 0f87959): device-huge-convolve_test, device-huge-integer_test,
#                  bench-huge-mul, bench-huge-integer-mul
#   chain          the chains on Shoup's product: the same programs
#   broken-chain   chain with every quotient made one too small, a fault on purpose: the two tests
#   prefetch       chain with each item's four-step twiddle words read one item ahead: the four programs
#   broken-w       prefetch with each factor's twiddle left in Montgomery form, a fault on purpose: the two tests
#   wino           prefetch with the radix-5 constants on Shoup's product too: device-huge-convolve_test,
#                  bench-huge-mul, bench-huge-integer-mul
#   zero           prefetch with the first forward step skipping the columns' upper half where the operand fills at
#                  most half the transform's length: the four programs
#   broken-zero    zero with one product of the 5-point transform on two nonzero inputs wrong, a fault on purpose:
#                  device-huge-convolve_test
#   cg             zero with the row kernel's rows loaded past the L1 cache (ld.global.cg), so that the twiddle
#                  pairs it reads from global memory stay there: the four programs
#   pf             cg with the row kernel's twiddle pairs of half-sizes 2^12 to 2^9 prefetched into the L1 cache
#                  (prefetch.global.L1, one line a thread) before the forward's rows are copied in and before the
#                  inverse's steps: the four programs
#   review         the final tree after its review (commit ae91903: the read-ahead through ntt::four_step_words, the
#                  same instructions in another order): device-huge-convolve_test, device-huge-integer_test
# broken-chain's fault only leaves some powers unreduced (in [p, 2p): the same residues), which the products after
# them accept, so its tests pass; broken-w's changes every twiddle of the chains.
# Five calls, their logs in call1/ to call5/:
#   `run.sh 1`: the tests of chain and broken-chain, and prefetch's convolution test; the convolution alone of final,
#   chain and prefetch, five rounds alternating; Integer's products (each checked against GMP first) of final and
#   chain at 10^7 and 10^8 digits, two rounds; Nsight Compute's raw counters of final and chain.
#   `run.sh 2`: the convolution tests of broken-w, zero and broken-zero, and zero's Integer test; the convolution alone
#   of final, chain, prefetch, wino and zero, five rounds; Integer's products of final and zero at 10^8 digits, two
#   rounds; the raw counters of prefetch and zero, and zero's instruction-level counters (SOURCE).
#   `run.sh 3`: the tests of cg; the convolution alone of final, zero and cg, five rounds; Integer's products of final,
#   zero and cg at 10^8 digits, two rounds; cg's raw and instruction-level counters.
#   `run.sh 4`: the tests of pf; the convolution alone of zero and pf, five rounds; Integer's products of zero and pf
#   at 10^7 and 10^8 digits, two rounds; pf's raw and instruction-level counters.
#   `run.sh 5`: the tests of review.
# Call with carry build-gpu/carry-next; the logs come back packed in $OUT/w.tar.xz.
set -u
source scripts/device-builds.sh  # $X (the builds), $R (the logs), test_one, convolutions, products, counters
nvidia-smi > "$R/nvidia-smi.log" 2>&1
case "${1:-1}" in
  1)
    for t in device-huge-convolve_test device-huge-integer_test; do
      for b in chain broken-chain; do test_one $b $t; done
    done
    test_one prefetch device-huge-convolve_test
    convolutions compare 5 150 $X/final $X/chain $X/prefetch
    products compare-bench 2 200 1e7,1e8 $X/final $X/chain
    counters profile 200 $X/final $X/chain
    ;;
  2)
    for b in broken-w zero broken-zero; do test_one $b device-huge-convolve_test; done
    test_one zero device-huge-integer_test
    convolutions compare 5 150 $X/final $X/chain $X/prefetch $X/wino $X/zero
    products compare-bench 2 200 1e8 $X/final $X/zero
    counters profile 200 $X/prefetch $X/zero
    OUT=$R/source SOURCE=1 timeout 200 scripts/huge-profile.sh $X/zero > "$R/source.log" 2>&1
    echo "source exit $? ($SECONDS s)"
    rm -f "$R"/source/*.ncu-rep
    ;;
  3)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one cg $t; done
    convolutions compare 5 150 $X/final $X/zero $X/cg
    products compare-bench 2 200 1e8 $X/final $X/zero $X/cg
    counters profile 200 $X/cg
    OUT=$R/source SOURCE=1 timeout 200 scripts/huge-profile.sh $X/cg > "$R/source.log" 2>&1
    echo "source exit $? ($SECONDS s)"
    rm -f "$R"/source/*.ncu-rep
    ;;
  4)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one pf $t; done
    convolutions compare 5 150 $X/zero $X/pf
    products compare-bench 2 200 1e7,1e8 $X/zero $X/pf
    counters profile 200 $X/pf
    OUT=$R/source SOURCE=1 timeout 200 scripts/huge-profile.sh $X/pf > "$R/source.log" 2>&1
    echo "source exit $? ($SECONDS s)"
    rm -f "$R"/source/*.ncu-rep
    ;;
  5)
    for t in device-huge-convolve_test device-huge-integer_test; do test_one review $t; done
    ;;
esac
tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R

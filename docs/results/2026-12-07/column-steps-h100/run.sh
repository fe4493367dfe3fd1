#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds side by side (build-gpu/carry-next/NAME.tar.xz, each the convolution's device tests and benchmarks):
#   base       the code before these changes (commit 5405f10)
#   addresses  the columns' last forward step and first inverse step: each element's shared word and limb the item's
#              base plus an offset of n alone
#   first      the columns' first forward step at 10^8 digits (the joined radix-5 step): LimbCopyRun, each element the
#              item's first plus a constant distance
#   af         addresses and first
#   all        af and column_threads: the column kernels launched with the most threads from 256 to 512 that share a
#              full step's items evenly (320 at 10^8 digits)
#   broken-addresses, broken-first: a fault planted on purpose in each new path (the shared offsets without their
#              padding)
# Runs the device tests of all and af, the planted faults' convolution test, the builds base, af and all compared (two
# rounds, every product checked against GMP first; threads' effect is all against af), the convolution alone of base,
# addresses and first, then Nsight Compute's instruction counts, stall reasons and pipe use for all at 10^8 digits while
# time is left. SHORT=1: the convolution's tests of all and of the planted faults, the convolution alone of base, af and
# all (two rounds), and the 10^8-digit Integer product of base and all (one round), nothing else. AF=1: af's device
# tests, and Integer's products of base and af (one round). PROFILE=1: the convolution alone of base and af, then
# Nsight Compute on af. The measured run was SHORT=1, then AF=1, then PROFILE=1, on one H100.
# The builds: scripts/gpu-build.sh device-huge-convolve_test device-huge-integer_test bench-huge-mul
# bench-huge-integer-mul on each version of src/huge/convolve.cu (all adds column-threads.patch to af), the four
# programs stripped and packed as build-gpu/carry-next/NAME.tar.xz (NAME/ inside); call with carry
# build-gpu/carry-next.
set -u
raw='issue_stalled.*per_issue_active|pipe_(alu|fma|fmaheavy|lsu|shared).*pct_of_peak_sustained_active'
raw+='|inst_executed.sum '
c=build-gpu/carry-next
X=$c/x
R=$OUT/w
mkdir -p $R/tests $X
for f in $c/*.tar.xz; do tar -xJf "$f" -C $X; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.log 2>&1
cat $R/nvidia-smi.log
test_one() {  # BUILD TEST
  timeout 200 $X/$1/$2 > $R/tests/$1-$2.log 2>&1
  echo "$1 $2 exit $? $(grep -E '^\[  (PASSED|FAILED) ' $R/tests/$1-$2.log | tr '\n' ' ') ($SECONDS s)"
}
bench_one_round() {  # NAME DIGITS BUILD...: Integer's products of the builds, one round, to $R/NAME/
  local name=$1 digits=$2
  shift 2
  OUT=$R/$name SECTIONS="bench" ROUNDS=1 BENCH_ARGS="--digits $digits --text-digits 1e3 --div-digits 1e3" \
    timeout 90 scripts/huge-builds-compare.sh "$@" > $R/$name.log 2>&1
  echo "$name exit $? ($SECONDS s): builds $*"
  for f in $R/$name/*-bench.log; do echo "== $(basename $f)"; grep -E "^(mul|sqr) " $f; done
}
finish() {
  tar -cJf $OUT/w.tar.xz -C $OUT w && rm -rf $R
  exit 0
}
if [[ -n ${AF:-} ]]; then  # af's own tests, and Integer's products of base and af, one round (to af-bench/)
  for t in device-huge-convolve_test device-huge-integer_test; do test_one af $t; done
  bench_one_round af-bench 1e6,1e7,1e8 $X/base $X/af
  finish
fi
if [[ -n ${PROFILE:-} ]]; then  # the convolution alone of base and af, one round, then af's profile at 10^8 digits
  OUT=$R/af-mul SECTIONS="mul" ROUNDS=1 timeout 40 scripts/huge-builds-compare.sh $X/base $X/af > $R/af-mul.log 2>&1
  grep convolution: $R/af-mul.log
  RAW=$raw OUT=$R/profile-af timeout 150 scripts/huge-profile.sh $X/af > $R/profile-af.log 2>&1
  echo "profile exit $? ($SECONDS s)"
  rm -f $R/profile-af/*.ncu-rep
  finish
fi
if [[ -n ${SHORT:-} ]]; then  # little device time: the tests that decide, the convolution alone, one checked product
  for b in all broken-addresses broken-first; do test_one $b device-huge-convolve_test; done
  OUT=$R/compare SECTIONS="mul" ROUNDS=2 timeout 60 scripts/huge-builds-compare.sh $X/base $X/af $X/all \
    > $R/compare.log 2>&1
  echo "compare exit $? ($SECONDS s): builds 1-3 = base af all"
  grep convolution: $R/compare.log
  bench_one_round compare-bench 1e8 $X/base $X/all
  finish
fi
for t in device-huge-convolve_test device-huge-integer_test; do test_one all $t; done
for b in af broken-addresses broken-first; do test_one $b device-huge-convolve_test; done
OUT=$R/compare SECTIONS="bench mul" ROUNDS=2 BENCH_ARGS="--digits 1e6,1e7,1e8 --text-digits 1e3 --div-digits 1e3" \
  timeout 240 scripts/huge-builds-compare.sh $X/base $X/af $X/all > $R/compare.log 2>&1
echo "compare exit $? ($SECONDS s): builds 1-3 = base af all"
OUT=$R/compare-each SECTIONS="mul" ROUNDS=2 timeout 60 scripts/huge-builds-compare.sh $X/base $X/addresses $X/first \
  > $R/compare-each.log 2>&1
echo "compare-each exit $? ($SECONDS s): builds 1-3 = base addresses first"
grep convolution: $R/compare-each.log
for f in $R/compare/*-bench.log; do echo "== $(basename $f)"; grep -E "^(mul|sqr) " $f; done
for f in $R/compare/*-mul.log; do echo "== $(basename $f)"; grep -E "^ +[0-9]+ " $f; done
for b in all; do
  if ((SECONDS < 250)); then
    RAW=$raw OUT=$R/profile-$b timeout 100 scripts/huge-profile.sh $X/$b > $R/profile-$b.log 2>&1
    echo "profile $b exit $? ($SECONDS s)"
    grep -E "^(columns_forward_kernel|rows_kernel|columns_inverse_kernel|crt_kernel)|inst_executed.sum " \
      $R/profile-$b.log
    rm -f $R/profile-$b/*.ncu-rep
  fi
done
finish

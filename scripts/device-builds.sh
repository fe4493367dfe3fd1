# SPDX-License-Identifier: Apache-2.0
# scripts/device-builds.sh: sourced by a results folder's run.sh on the GPU machine, from the repository root. Unpacks
# the builds carried in build-gpu/carry-next (NAME.tar.xz, each holding NAME/ with stripped programs: made here by
# scripts/pack-build.sh) into $X, makes $R ($OUT/w) and $R/tests for the logs, and defines test_one (below),
# convolutions and products (further below, builds side by side) and counters (Nsight Compute). Needs OUT, the device
# machine's output folder.
#   test_one BUILD TEST   runs build BUILD's device test TEST into $R/tests/BUILD-TEST.log and prints its verdict.
c=build-gpu/carry-next
X=$c/x
R=$OUT/w
mkdir -p "$R/tests" "$X"
for f in "$c"/*.tar.xz; do tar -xJf "$f" -C "$X"; done
test_one() {  # BUILD TEST
  timeout 200 "$X/$1/$2" > "$R/tests/$1-$2.log" 2>&1
  echo "$1 $2 exit $? $(grep -E '^\[  (PASSED|FAILED) ' "$R/tests/$1-$2.log" | tr '\n' ' ') ($SECONDS s)"
}
# Builds side by side (scripts/huge-builds-compare.sh), rounds alternating, logs in $R/NAME.log and $R/NAME/:
#   convolutions NAME ROUNDS LIMIT BUILD...           the convolution alone (bench-huge-mul); prints its times
#   products NAME ROUNDS LIMIT DIGITS BUILD...        Integer's products (bench-huge-integer-mul, each checked
#                                                     against GMP first) at DIGITS; prints the mul and sqr rows
#   counters NAME LIMIT BUILD...                      Nsight Compute's raw counters of the transform's kernels
#                                                     (scripts/huge-profile.sh at 10^8 digits: time, warp
#                                                     instructions, issue, pipes, stall samples) into $R/NAME.log
#                                                     and $R/NAME/ (its reports packed, the .ncu-rep files left out)
# LIMIT: seconds for the whole comparison.
convolutions() {
  local name=$1 rounds=$2 limit=$3
  shift 3
  OUT=$R/$name SECTIONS="mul" ROUNDS=$rounds timeout "$limit" scripts/huge-builds-compare.sh "$@" > "$R/$name.log" 2>&1
  echo "$name exit $? ($SECONDS s): builds $*"
  grep convolution: "$R/$name.log"
}
products() {
  local name=$1 rounds=$2 limit=$3 digits=$4
  shift 4
  OUT=$R/$name SECTIONS="bench" ROUNDS=$rounds BENCH_ARGS="--digits $digits --text-digits 1e3 --div-digits 1e3" \
    timeout "$limit" scripts/huge-builds-compare.sh "$@" > "$R/$name.log" 2>&1
  echo "$name exit $? ($SECONDS s): builds $*"
  for f in "$R/$name"/*-bench.log; do echo "== $(basename "$f")"; grep -E "^(mul|sqr) " "$f"; done
}
counters() {
  local name=$1 limit=$2
  shift 2
  RAW="inst_executed.sum |issue_active.avg.pct|pipe_(alu|fma|fmaheavy)_cycles_active.avg.pct_of_peak_sustained_active|\
pcsamp_warps_issue_stalled_[a-z_]+ |gpu__time_duration.sum" OUT=$R/$name timeout "$limit" \
    scripts/huge-profile.sh "$@" > "$R/$name.log" 2>&1
  echo "$name exit $? ($SECONDS s)"
  rm -f "$R/$name"/*.ncu-rep
}

# SPDX-License-Identifier: Apache-2.0
# scripts/device-builds.sh: sourced by a results folder's run.sh on the GPU machine, from the repository root. Unpacks
# the builds carried in build-gpu/carry-next (NAME.tar.xz, each holding NAME/ with stripped programs from
# scripts/gpu-build.sh) into $X, makes $R ($OUT/w) and $R/tests for the logs, and defines
#   test_one BUILD TEST   runs build BUILD's device test TEST into $R/tests/BUILD-TEST.log and prints its verdict.
# Needs OUT, the device machine's output folder.
c=build-gpu/carry-next
X=$c/x
R=$OUT/w
mkdir -p "$R/tests" "$X"
for f in "$c"/*.tar.xz; do tar -xJf "$f" -C "$X"; done
test_one() {  # BUILD TEST
  timeout 200 "$X/$1/$2" > "$R/tests/$1-$2.log" 2>&1
  echo "$1 $2 exit $? $(grep -E '^\[  (PASSED|FAILED) ' "$R/tests/$1-$2.log" | tr '\n' ' ') ($SECONDS s)"
}

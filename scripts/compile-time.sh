#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/compile-time.sh: how long warpnum's headers take to compile, this tree against another (a baseline
# checkout), the two alternating ROUNDS times (default 3) so that a busy machine slows both alike; prints each
# tree's median seconds and their ratio.
#   scripts/compile-time.sh BASE_TREE
# Measured: nvcc -O3 for sm_90 of bench/compile/user_kernel_1024.cu (a user's 1024-bit kernel), and g++ -O2 of
# tests/host/bigint/arith_large_test.cpp and tests/host/modular/modular_mid_test.cpp (typed suites over
# widths). The baseline compiles this tree's bench/compile/user_kernel_1024.cu against its own headers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
base=${1:?"compile-time: give the baseline tree (a checkout of warpnum)"}
rounds=${ROUNDS:-3}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
kernel=$PWD/bench/compile/user_kernel_1024.cu
gtest_inc=$(dirname "$(find /usr/include /usr/local/include -maxdepth 2 -name gtest -type d 2>/dev/null | head -n1)")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seconds() { # seconds <command...>: wall seconds of the command (its output dropped)
  local t0 t1
  t0=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || { echo "compile-time: failed: $*" >&2; exit 1; }
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}
declare -A times
for round in $(seq 1 "$rounds"); do
  for which in base new; do
    tree=$PWD
    [[ $which == base ]] && tree=$base
    times[$which,kernel]+="$(seconds "$nvcc" -std=c++20 -O3 -arch=sm_90 -I"$tree/include" -c "$kernel" -o "$out/k.o") "
    for t in tests/host/bigint/arith_large_test.cpp tests/host/modular/modular_mid_test.cpp; do
      times[$which,$t]+="$(seconds g++ -std=c++20 -O2 -I"$tree/include" -I"$tree/tests" -I"$gtest_inc" -c "$tree/$t" -o "$out/t.o") "
    done
    echo "compile-time: round $round, $which done" >&2
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-48s %8s %8s %10s\n' "translation unit" "base s" "new s" "new/base"
for unit in kernel tests/host/bigint/arith_large_test.cpp tests/host/modular/modular_mid_test.cpp; do
  b=$(echo "${times[base,$unit]}" | median)
  n=$(echo "${times[new,$unit]}" | median)
  name=$unit
  [[ $unit == kernel ]] && name="bench/compile/user_kernel_1024.cu (nvcc)"
  printf '%-48s %8.2f %8.2f %10.3f\n' "$name" "$b" "$n" "$(awk -v n="$n" -v b="$b" 'BEGIN { print n / b }')"
done

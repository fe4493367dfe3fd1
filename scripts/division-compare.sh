#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/division-compare.sh: two or more builds' bench-huge-async --division side by side on one machine (the
# division of 2d by d digits as Integer, as AsyncInteger queued and from a CUDA graph, and isqrt both ways, each
# checked against GMP before it is timed), build after build for ROUNDS rounds (default 2), so that the machine's
# drift falls on every build alike.
#   scripts/division-compare.sh BUILD_A BUILD_B ...
# Each BUILD is a folder holding bench-huge-async or a .tar.xz from scripts/gpu-build.sh. Environment: DIVISION_ARGS
# (default "--digits 1e4,1e5,1e6 --reps 9"), ROUNDS, OUT (a folder for the logs; default build-gpu/division-compare).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# < 2)); then
  echo "usage: $0 BUILD_A BUILD_B [BUILD_C ...]  (folders or .tar.xz of scripts/gpu-build.sh)" >&2
  exit 2
fi
division_args=${DIVISION_ARGS:---digits 1e4,1e5,1e6 --reps 9}
rounds=${ROUNDS:-2}
logs=${OUT:-build-gpu/division-compare}
mkdir -p "$logs"
bins=()
for build in "$@"; do
  if [[ $build == *.tar.xz ]]; then
    dir=$(mktemp -d)
    tar -xJf "$build" -C "$dir"
    build=$(dirname "$(find "$dir" -name bench-huge-async -type f | head -n1)")
  fi
  [[ -x $build/bench-huge-async ]] || { echo "division-compare: no $build/bench-huge-async" >&2; exit 1; }
  bins+=("$build")
done
for ((r = 1; r <= rounds; ++r)); do
  for i in "${!bins[@]}"; do
    name="build$((i + 1))-round$r"
    echo "=== $name: ${bins[$i]} (round $r of $rounds)"
    # shellcheck disable=SC2086 # division_args is a list of arguments
    "${bins[$i]}/bench-huge-async" --division $division_args 2>&1 | tee "$logs/$name.log" | grep -v '^bench-huge-async'
  done
done
echo "division-compare: logs in $logs"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/huge-builds-compare.sh: two or more builds of warpnum's huge integers side by side on one machine:
# bench-huge-integer-mul (products, text and division, each checked against GMP before it is timed),
# warpnum-pi-digits and, where the build has it, bench-huge-mul (the convolution alone), build after build for ROUNDS
# rounds (default 2), so that the machine's drift falls on every build alike. Prints each pi timing line, the
# convolution's times and where the benchmark tables are.
#   scripts/huge-builds-compare.sh BUILD_A BUILD_B ...
# Each BUILD is a folder holding the two programs or a .tar.xz from scripts/gpu-build.sh. Environment: BENCH_ARGS
# (bench-huge-integer-mul's arguments; default "--digits 1e6 --text-digits 1e6,1e7 --div-digits 1e5,1e6,1e7"),
# PI_DIGITS (default 1e8), PI_ARGS (pi's further arguments, e.g. --verify, which checks every digit after the timed
# stages), MUL_ARGS (bench-huge-mul's; default "--target gpu --sizes 103810,1038090,10380890": 10^6 to 10^8 decimal
# digits), ROUNDS, OUT (a folder for the logs; default build-gpu/builds-compare).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# < 2)); then
  echo "usage: $0 BUILD_A BUILD_B [BUILD_C ...]  (folders or .tar.xz of scripts/gpu-build.sh)" >&2
  exit 2
fi
bench_args=${BENCH_ARGS:---digits 1e6 --text-digits 1e6,1e7 --div-digits 1e5,1e6,1e7}
pi_digits=${PI_DIGITS:-1e8}
pi_args=${PI_ARGS:-}
mul_args=${MUL_ARGS:---target gpu --sizes 103810,1038090,10380890}
rounds=${ROUNDS:-2}
logs=${OUT:-build-gpu/builds-compare}
mkdir -p "$logs"
bins=()
for build in "$@"; do
  if [[ $build == *.tar.xz ]]; then
    dir=$(mktemp -d)
    tar -xJf "$build" -C "$dir"
    build=$(dirname "$(find "$dir" -name bench-huge-integer-mul -type f | head -n1)")
  fi
  for program in bench-huge-integer-mul warpnum-pi-digits; do
    [[ -x $build/$program ]] || { echo "huge-builds-compare: no $build/$program" >&2; exit 1; }
  done
  bins+=("$build")
done
for ((r = 1; r <= rounds; ++r)); do
  for i in "${!bins[@]}"; do
    name="build$((i + 1))-round$r"
    echo "=== $name: ${bins[$i]} (round $r of $rounds)"
    # shellcheck disable=SC2086 # bench_args is a list of arguments
    "${bins[$i]}/bench-huge-integer-mul" $bench_args --csv "$logs/$name.csv" > "$logs/$name-bench.log" 2>&1
    # shellcheck disable=SC2086 # pi_args is a list of arguments
    "${bins[$i]}/warpnum-pi-digits" "$pi_digits" $pi_args > "$logs/$name-pi.log" 2> /dev/null
    echo "pi: $(grep '^warpnum ' "$logs/$name-pi.log")"
    grep -i 'verif' "$logs/$name-pi.log" | tail -n1 || true
    if [[ -x ${bins[$i]}/bench-huge-mul ]]; then
      # shellcheck disable=SC2086 # mul_args is a list of arguments
      "${bins[$i]}/bench-huge-mul" $mul_args > "$logs/$name-mul.log" 2>&1
      grep -v '^#' "$logs/$name-mul.log" | sed 's/^/convolution: /'
    fi
  done
done
echo "huge-builds-compare: tables in $logs/build<N>-round<R>-bench.log and .csv"

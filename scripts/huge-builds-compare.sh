#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/huge-builds-compare.sh: two or more builds of warpnum's huge integers side by side on one machine, build
# after build for ROUNDS rounds (default 2), so that the machine's drift falls on every build alike. SECTIONS (default
# "bench pi mul") picks what each round runs:
#   bench     bench-huge-integer-mul (products, text and division, each checked against GMP before it is timed)
#   pi        warpnum-pi-digits; prints each pi timing line
#   mul       bench-huge-mul (the convolution alone), where the build has it; prints its times
#   division  bench-huge-async --division (divmod_floor as Integer, as AsyncInteger queued and from a CUDA graph, and
#             isqrt both ways, each checked against GMP first); prints its rows
#   scripts/huge-builds-compare.sh BUILD_A BUILD_B ...
# Each BUILD is a folder holding the programs or a .tar.xz from scripts/gpu-build.sh. Environment: BENCH_ARGS
# (bench-huge-integer-mul's arguments; default "--digits 1e6 --text-digits 1e6,1e7 --div-digits 1e5,1e6,1e7"),
# PI_DIGITS (default 1e8), PI_ARGS (pi's further arguments, e.g. --verify, which checks every digit after the timed
# stages), MUL_ARGS (bench-huge-mul's; default "--target gpu --sizes 103810,1038090,10380890": 10^6 to 10^8 decimal
# digits), DIVISION_ARGS (bench-huge-async --division's; default "--digits 1e4,1e5,1e6 --reps 9"), SECTIONS, ROUNDS,
# OUT (a folder for the logs; default build-gpu/builds-compare).
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
division_args=${DIVISION_ARGS:---digits 1e4,1e5,1e6 --reps 9}
read -r -a sections <<< "${SECTIONS:-bench pi mul}"
rounds=${ROUNDS:-2}
logs=${OUT:-build-gpu/builds-compare}
mkdir -p "$logs"
required=()
for section in "${sections[@]}"; do
  case $section in
    bench) required+=(bench-huge-integer-mul) ;;
    pi) required+=(warpnum-pi-digits) ;;
    mul) ;;
    division) required+=(bench-huge-async) ;;
    *) echo "huge-builds-compare: unknown section '$section' (bench, pi, mul, division)" >&2; exit 2 ;;
  esac
done
bins=()
for build in "$@"; do
  if [[ $build == *.tar.xz ]]; then
    dir=$(mktemp -d)
    tar -xJf "$build" -C "$dir"
    build=$(dirname "$(find "$dir" \( -name 'bench-huge-*' -o -name warpnum-pi-digits \) -type f | head -n1)")
  fi
  for program in "${required[@]}"; do
    [[ -x $build/$program ]] || { echo "huge-builds-compare: no $build/$program" >&2; exit 1; }
  done
  bins+=("$build")
done
for ((r = 1; r <= rounds; ++r)); do
  for i in "${!bins[@]}"; do
    name="build$((i + 1))-round$r"
    bin=${bins[$i]}
    echo "=== $name: $bin (round $r of $rounds)"
    for section in "${sections[@]}"; do
      case $section in
        bench)
          # shellcheck disable=SC2086 # bench_args is a list of arguments
          "$bin/bench-huge-integer-mul" $bench_args --csv "$logs/$name.csv" > "$logs/$name-bench.log" 2>&1 ;;
        pi)
          # shellcheck disable=SC2086 # pi_args is a list of arguments
          "$bin/warpnum-pi-digits" "$pi_digits" $pi_args > "$logs/$name-pi.log" 2> /dev/null
          echo "pi: $(grep '^warpnum ' "$logs/$name-pi.log")"
          grep -i 'verif' "$logs/$name-pi.log" | tail -n1 || true ;;
        mul)
          if [[ -x $bin/bench-huge-mul ]]; then
            # shellcheck disable=SC2086 # mul_args is a list of arguments
            "$bin/bench-huge-mul" $mul_args > "$logs/$name-mul.log" 2>&1
            grep -v '^#' "$logs/$name-mul.log" | sed 's/^/convolution: /'
          fi ;;
        division)
          # shellcheck disable=SC2086 # division_args is a list of arguments
          "$bin/bench-huge-async" --division $division_args > "$logs/$name-division.log" 2>&1
          grep -v '^bench-huge-async' "$logs/$name-division.log" | sed 's/^/division: /' ;;
      esac
    done
  done
done
echo "huge-builds-compare: logs in $logs (build<N>-round<R>-<section>.log; bench tables also in .csv)"

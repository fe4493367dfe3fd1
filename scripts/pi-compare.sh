#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/pi-compare.sh: warpnum-pi-digits under several option sets, alternating for ROUNDS rounds (default 3), so
# that the machine's drift falls on every set alike; prints each run's timing line and a table of the totals and
# the series' times.
#   scripts/pi-compare.sh DIGITS "OPTIONS A" "OPTIONS B" ...
# e.g. scripts/pi-compare.sh 1e8 "--streams 0" "--streams 8". Environment: BIN (a folder with warpnum-pi-digits, or
# a .tar.xz from scripts/gpu-build.sh; default build-gpu/bin), ROUNDS, OUT (a folder for the logs; default
# build-gpu/pi-compare).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# < 2)); then
  echo "usage: $0 DIGITS \"OPTIONS A\" [\"OPTIONS B\" ...]" >&2
  exit 2
fi
digits=$1
shift
bin=${BIN:-build-gpu/bin}
if [[ $bin == *.tar.xz ]]; then
  dir=$(mktemp -d)
  tar -xJf "$bin" -C "$dir"
  bin=$(dirname "$(find "$dir" -name warpnum-pi-digits -type f | head -n1)")
fi
logs=${OUT:-build-gpu/pi-compare}
mkdir -p "$logs"
rounds=${ROUNDS:-3}
declare -A totals
for ((r = 1; r <= rounds; ++r)); do
  i=0
  for options in "$@"; do
    i=$((i + 1))
    log="$logs/pi-$digits-set$i-round$r.log"
    # shellcheck disable=SC2086 # options is a list of arguments
    "$bin/warpnum-pi-digits" "$digits" $options > "$log" 2> /dev/null
    line=$(grep '^warpnum ' "$log")
    echo "round $r, set $i ($options): $line"
    totals[$i]="${totals[$i]:-} $(awk '{ print $(NF-1) " (" $3 ")" }' <<< "$line")"
  done
done
echo
echo "| options | total (series) in s, each round |"
echo "|---|---|"
i=0
for options in "$@"; do
  i=$((i + 1))
  echo "| \`$options\` |${totals[$i]} |"
done

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/compiler/run.sh: runs the reproducers that tests/compiler/build.sh built, on a GPU, and prints one table
# (reproducer, form, nvcc, result) from their RESULT lines. A reproducer's fault form FAILing means the compiler has
# the fault; its -O1 and -kept forms must PASS (they are the controls).
#   tests/compiler/run.sh [folder...]     (default: every build-compiler/nvcc-* folder)
# Exits 0 when every control (-O1, -kept, and a reproducer's own control lines) passed and every reproducer ran,
# whatever the fault forms gave; else 1.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2

folders=("$@")
((${#folders[@]})) || folders=(build-compiler/nvcc-*)
rows=()
bad=0
for dir in "${folders[@]}"; do
  [[ -d $dir ]] || continue
  version=$(sed -n 's/.*(\(.*\))/\1/p' "$dir/nvcc.txt" 2>/dev/null)
  for exe in "$dir"/f*; do
    [[ -f $exe && -x $exe ]] || continue
    name=$(basename "$exe")
    form=fault
    [[ $name == *-* ]] && form=${name#*-}
    # A reproducer may print several result lines: its controls first, which must pass in every form, then the
    # fault form's.
    lines=$(timeout "${RUN_TIMEOUT:-300}" "$exe" 2>&1 | grep '^RESULT')
    count=$(grep -c . <<< "$lines")
    k=0
    while read -r other; do
      [[ -n $other ]] || continue
      k=$((k + 1))
      echo "$name ($version): ${other#RESULT }"
      ((k < count)) && [[ $(awk '{print $3}' <<< "$other") != PASS ]] && bad=1
    done <<< "$lines"
    line=$(tail -n1 <<< "$lines")
    [[ -n $line ]] || { line="RESULT $name ERROR no result (exit or timeout)"; echo "$name ($version): ${line#RESULT }"; }
    result=$(awk '{print $3}' <<< "$line")
    detail=$(cut -d' ' -f4- <<< "$line")
    [[ ($form == O1 || $form == kept) && $result != PASS ]] && bad=1
    [[ $result == ERROR ]] && bad=1  # no kernel ran: no GPU, or a driver too old for the runtime
    rows+=("$(printf '%-18s %-6s %-10s %-6s %s' "${name%%-*}" "$form" "${version:-?}" "$result" "$detail")")
  done
done
echo
printf '%-18s %-6s %-10s %-6s %s\n' reproducer form nvcc result detail
printf '%s\n' "${rows[@]}" | sort
exit "$bad"

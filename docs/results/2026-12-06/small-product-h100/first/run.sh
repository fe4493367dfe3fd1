#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Why the product of 10^6 digits got slower with the columns in three passes: every kernel of five products of
# 103,811 limbs (10^6 digits a factor) timed by Nsight Compute (scripts/kernel-times.sh), then its counters over the
# four transform kernels of one product (scripts/huge-profile.sh), in the build before (ccdb5e4, `base`) and after
# (2265f78, `final2`); and each build's product at 10^6 digits, alternating, two rounds. Carried: build-gpu/carry-now.
set -u
c=build-gpu/carry-now
R=$OUT/small
mkdir -p "$R"
for b in base final2; do
  timeout 60 scripts/kernel-times.sh "$R/kernels-$b" $c/$b/bench-huge-mul --target gpu --sizes 103811 --reps 5 \
    > /dev/null 2>&1; echo "kernel times $b exit $?"; head -n 14 "$R/kernels-$b.txt"
done
SIZE=103811 OUT=$R/prof timeout 150 scripts/huge-profile.sh $c/base $c/final2 > "$R/prof.log" 2>&1; echo "profile exit $?"
grep -E "^(==|  *(Duration|Executed Instructions|Registers Per Thread|Block Size|Grid Size|Achieved Occupancy) )" \
  "$R/prof.log" | head -n 80
for round in 1 2; do
  for b in base final2; do
    timeout 60 $c/$b/bench-huge-integer-mul --place device --digits 1e6 --text-digits 1e3 --div-digits 1e3 --reps 20 \
      > "$R/mul-$b-$round.log" 2>&1
    echo "$b round $round: $(grep -E '^(mul|sqr) ' "$R/mul-$b-$round.log" | tr -s ' ' | tr '\n' ';')"
  done
done
tar -cJf "$OUT/small.tar.xz" -C "$OUT" small && rm -rf "$R"

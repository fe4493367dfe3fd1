#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Integer's division of 10^5 and 3 10^5 digits in host memory, one and two threads, the build before the host changes
# (base, 344f51c) and the final one alternating, four rounds
set -u
c=build-gpu/carry-now
R=$OUT/h2
mkdir -p $R
for round in 1 2 3 4; do
  for threads in 1 2; do
    for build in base final; do
      OMP_NUM_THREADS=$threads timeout 120 $c/$build/bench-huge-integer-mul --place host --digits 1e4 --text-digits 1e3 --div-digits 1e5,3e5 --reps 9 > $R/$build-$threads-round$round.log 2>&1
      echo "== $build, $threads threads, round $round (exit $?)"; grep -E "^divmod" $R/$build-$threads-round$round.log | cut -c1-75
    done
  done
done
tar -czf $OUT/h2.tgz -C $OUT h2 && rm -rf $R

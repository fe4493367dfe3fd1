#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/bench-host.sh: builds and runs the host benchmark (BigUInt against GMP and Boost), then prints the
# markdown table for docs/benchmarks.md and draws docs/img/host-bigint.png. Run it on a quiet machine: the
# numbers are medians of 5 repetitions, and other work on the cores moves them. The repetitions of all the
# benchmarks run in a random interleaved order, so that a machine whose speed drifts (the GPU machine's host
# moved 2x within seconds on 2026-11-23) slows ours and GMP's alike rather than one of them.
#   scripts/bench-host.sh [extra Google Benchmark flags]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin=${BENCH_BIN:-build/bin/bench-host-bigint_bench}
if [[ -z ${BENCH_BIN:-} ]]; then
  cmake --preset default >/dev/null
  cmake --build build --target bench-host-bigint_bench
fi
out=${OUT:-build}/bench-host.json
"$bin" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true --benchmark_min_time=0.2 \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="$out" --benchmark_out_format=json "$@"
py=python3
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null && py=/usr/bin/python3
mkdir -p docs/img
"$py" scripts/bench_table.py "$out" --plot docs/img/host-bigint.png

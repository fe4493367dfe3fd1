#!/usr/bin/env bash
# scripts/run-tests.sh: installs dependencies, configures (preset default), builds everything (tests, header checks,
# examples, benchmarks) and runs ctest. Exits non-zero on any failure; prints the total wall time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$SECONDS
report() { echo "run-tests: $1 after $((SECONDS - start)) s wall time"; }
trap 'report "FAILED (exit $?)"' ERR

./scripts/install-deps.sh
cmake --preset default
cmake --build --preset default -j "$(nproc)"
ctest --test-dir build --output-on-failure -j2

trap - ERR
report "passed"

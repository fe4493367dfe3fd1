#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/run-tests.sh: installs dependencies, fetches Boost 1.81's own tests (scripts/fetch-boost-tests.sh),
# configures (preset default), builds everything (tests, header checks, examples, benchmarks) and runs ctest; then
# the host tests under AddressSanitizer and UndefinedBehaviorSanitizer (presets sanitize: g++, a subset of the host
# tests and the emulated device tests) and the fuzzers of the text parsers (preset fuzz: clang and libFuzzer, each
# harness for a bounded time; docs/build.md, "Sanitizers and fuzzing"). Exits non-zero on any failure, a failed
# fetch included; WARPNUM_SKIP_BOOST_TESTS=1 leaves Boost's tests out, WARPNUM_SKIP_SANITIZERS=1 the sanitizer
# build and the fuzzers. Prints the wall time of each step and the total.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

start=$SECONDS
report() { echo "run-tests: $1 after $((SECONDS - start)) s wall time"; }
trap 'report "FAILED (exit $?)"' ERR
step_start=$SECONDS
step_done() {
  echo "run-tests: step $1: $((SECONDS - step_start)) s wall time"
  step_start=$SECONDS
}

./scripts/install-deps.sh
# Boost.Multiprecision 1.81's test_arithmetic on warpnum's Boost backend (tests/boost/): its sources come from Debian's
# archive at run time and are cached in .cache/boost-1.81; CI must run them, so a failed fetch fails the run.
if [[ ${WARPNUM_SKIP_BOOST_TESTS:-0} == 1 ]]; then
  echo "run-tests: WARPNUM_SKIP_BOOST_TESTS=1: Boost's own tests (tests/boost/) are not fetched, built or run"
  boost_source=""
elif ! boost_source=$(./scripts/fetch-boost-tests.sh); then
  echo "run-tests: could not fetch Boost 1.81's tests (the fix is above);" \
       "WARPNUM_SKIP_BOOST_TESTS=1 runs without them" >&2
  report "FAILED (fetch-boost-tests)"
  exit 1
fi
step_done "dependencies and Boost's tests"
# Without a GPU nothing here runs device code: every CUDA source is compiled to PTX alone (90-virtual: nvcc's front
# end and NVVM, host code complete, no ptxas) with NVVM at -O0 (WARPNUM_DEVICE_COMPILE_CHECK), which takes a
# fraction of -O3's time on warpnum's unrolled code and checks the same source; target arch_check compiles the
# device tests and the library's kernels once more at NVVM's -O3 for sm_80 and assembles them with ptxas
# (tests/CMakeLists.txt). With a GPU the preset's sm_90 machine code is built at -O3 and the device tests run.
# Passed every time, so that a build folder moved between machines follows the machine.
if nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
  cuda_architectures=90
  compile_check=OFF
else
  cuda_architectures=90-virtual
  compile_check=ON
  echo "run-tests: no GPU found (nvidia-smi -L): device code is compiled to PTX only (CUDA architectures 90-virtual)," \
       "NVVM at -O0; nothing runs it"
fi
cmake --preset default "-DWARPNUM_BOOST_TEST_SOURCE=$boost_source" "-DWARPNUM_CUDA_ARCHITECTURES=$cuda_architectures" \
      "-DWARPNUM_DEVICE_COMPILE_CHECK=$compile_check"
cmake --build --preset default -j "$(nproc)"
step_done "build (preset default)"
ctest --test-dir build --output-on-failure -j2
step_done "ctest (preset default)"

if [[ ${WARPNUM_SKIP_SANITIZERS:-0} == 1 ]]; then
  echo "run-tests: WARPNUM_SKIP_SANITIZERS=1: the sanitizer build (preset sanitize) and the fuzzers (preset fuzz)" \
       "are not built or run"
else
  cmake --preset sanitize
  cmake --build --preset sanitize
  step_done "build (preset sanitize)"
  ctest --preset sanitize
  step_done "ctest (preset sanitize)"
  cmake --preset fuzz
  cmake --build --preset fuzz
  step_done "build (preset fuzz)"
  ctest --preset fuzz
  step_done "ctest (preset fuzz)"
fi

trap - ERR
report "passed"

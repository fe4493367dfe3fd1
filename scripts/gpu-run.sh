#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/gpu-run.sh: runs, on the GPU machine, what scripts/gpu-build.sh put in build-gpu/bin: device tests, host
# tests, the demo and warpnum-rsa-batch, the GPU benchmark driver, the host benchmarks. Needs no cmake and no GMP. Logs go to
# ${OUT:-build-gpu/gpu-run}; a summary table (binary, exit status, gtest passed/failed/skipped) ends the output.
# Exits non-zero if anything failed.
#   scripts/gpu-run.sh [device] [host] [demo] [gpubench] [huge] [bench] [fuzz] [sanitize] [mixed] [compare] [compare_host] [compiler]
#                      [sass_check] [sass] [fields] [cgbn] [fft] [ct] [scaling] [host_division] [host_crossover]
# (default: the first eight, in that order; fuzz: device-fuzz, every device operation against the host's in three
# kernel shapes, after a planted fault that it must report; sanitize: compute-sanitizer over every device-* binary,
# see the section; mixed: the programs linked from a g++ and an nvcc object (tests/mixed);
# compare: warpnum-bench against a baseline build of it, BASE_BENCH, alternating COMPARE_ROUNDS times (default 3)
# over GPU_BENCH_OPS with GPU_BENCH_ARGS, then scripts/compare_bench.py's table; fields: warpnum-field-bench, prime-field
# products beside sppark's (FIELD_BENCH_ARGS); cgbn: CGBN's perf_tests and warpnum-bench's compute mode in one run
# (CGBN_OPS, CGBN_BITS); compiler: the nvcc-fault reproducers
# of tests/compiler, built by tests/compiler/build.sh (COMPILER_BIN: their folders); sass_check: the machine code of
# single kernels against their own PTX's results (SASS_DIR, from tests/compiler/sass_cases.py); sass: the registers and SASS of
# warpnum-bench's kernels, for reading what the compiler made of them, when the machine has cuobjdump; fft: Integer's
# products by the double-precision FFT against the number-theoretic transform, FFT_DIGITS and, unless FFT_BILLION=0,
# 10^9 digits, then the device's crossover; ct: the constant-time functions on the GPU: device-ct-ct_test, the
# timing test ct-device-timing (CT_TIMING_ARGS), warpnum-bench's batch powm beside powm_ct (the target: powm_ct at
# 2048 bits at least 0.7 of powm's rate) and warpnum-rsa-batch --constant-time at 2048 bits (CT_RSA_ARGS); scaling:
# several GPUs of the node, docs/scaling.md: the device-list tests, powm and fma2 over device lists (SCALING_BITS) and
# Integer's product over device lists (SCALING_DIGITS, SCALING_LIST: lists such as "0,0 0,0,0,0", all on a machine
# of several GPUs); host_division: Integer's division in host memory on every core, two and one, beside GMP
# (HOST_DIVISION_DIGITS); host_crossover: the host's product algorithms side by side on every core, two and one)
# Environment: BIN (default build-gpu/bin; a .tar.xz from scripts/gpu-build.sh is unpacked first), RUN_TIMEOUT per binary in s (default 900), GPU_BENCH_ARGS (arguments
# for warpnum-bench, e.g. --bits 1024 --mode compute), GPU_BENCH_OPS (the operations warpnum-bench runs, one
# after another: default "mul"; e.g. "mul powm div_qr sqrt gcd modinv"), BENCH_ARGS (extra arguments for every host benchmark,
# e.g. --benchmark_filter=mul), FUZZ_ARGS (for device-fuzz, e.g. --quick, --ops 50000000, --seed 0x1234),
# HUGE_BENCH_ARGS, HUGE_MUL_ARGS, HUGE_ASYNC_ARGS, HUGE_DIVISION_ARGS and PI_DIGITS (section huge),
# SANITIZE_TOOLS, SANITIZE_SHARDS, SANITIZE_TIMEOUT, SANITIZE_BUDGET, SANITIZE_BINARIES (a regular expression: the
# device-* binaries to check), SANITIZE_FILTER (a GoogleTest filter for them; with SANITIZE_SHARDS=1 one test alone)
# (see the section sanitize).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bin=${BIN:-build-gpu/bin}
logs=${OUT:-build-gpu/gpu-run}
timeout_s=${RUN_TIMEOUT:-900}
sections=("$@")
((${#sections[@]})) || sections=(device host demo gpubench huge bench fuzz sanitize)
mkdir -p "$logs"
if [[ $bin == *.tar.xz && -f $bin ]]; then # scripts/gpu-build.sh's packed carry folder
  unpacked=$(mktemp -d)
  tar -xJf "$bin" -C "$unpacked"
  bin=$unpacked/carry
fi
[[ -d $bin ]] || { echo "gpu-run: no $bin; run scripts/gpu-build.sh first and carry $bin here" >&2; exit 1; }
# The NCCL tests (device-nccl-*) link libnccl.so.2, too large to carry: the machine's own, from CUDA's packages or
# from a Python environment's nvidia-nccl-cu13 wheel, which is added to the library path where the loader lacks one.
if ! ldconfig -p 2>/dev/null | grep -q 'libnccl\.so\.2 ' &&
   nccl_lib=$(python3 -c 'import nvidia.nccl as m; print(list(m.__path__)[0] + "/lib")' 2>/dev/null) &&
   [[ -e $nccl_lib/libnccl.so.2 ]]; then
  export LD_LIBRARY_PATH=$nccl_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  echo "gpu-run: libnccl.so.2 from $nccl_lib"
fi

{
  echo "gpu-run: $(date -u '+%Y-%m-%d %H:%M:%S UTC') on $(uname -n)"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi -L || true
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader || true
  else
    echo "gpu-run: nvidia-smi not found; device tests will skip"
  fi
} 2>&1 | tee "$logs/nvidia-smi.log"

rows=()
failed=0
run_one() { # run_one <executable> [arguments...]
  local exe=$1 name log rc passed failed_n skipped
  shift
  name=$(basename "$exe")
  log="$logs/$name${log_suffix:-}.log"  # log_suffix: a binary run twice in a section keeps both logs
  echo
  echo "=== $name $*"
  rc=0
  timeout "$timeout_s" "$exe" "$@" 2>&1 | tee "$log" || rc=${PIPESTATUS[0]}
  passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\..*/\1/p' "$log" | tail -n1)
  failed_n=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\{0,1\}, listed below:.*/\1/p' "$log" | tail -n1)
  skipped=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) tests\{0,1\}, listed below:.*/\1/p' "$log" | tail -n1)
  if grep -q '^\[==========\]' "$log"; then # a gtest binary: absent counts are zero
    : "${passed:=0}" "${failed_n:=0}" "${skipped:=0}"
  fi
  ((rc == 0)) || failed=1
  rows+=("$(printf '%-48s %6s %7s %7s %8s' "$name" "$rc" "${passed:--}" "${failed_n:--}" "${skipped:--}")")
}

shopt -s nullglob # a section with no binaries runs nothing
for section in "${sections[@]}"; do
  case $section in
    device) # the GoogleTest binaries; device-fuzz has its own section
      for exe in "$bin"/device-*; do [[ $(basename "$exe") == device-fuzz ]] || run_one "$exe"; done ;;
    fuzz) # device-fuzz (tests/device/fuzz/): first a short run with a planted fault (bit 0 of every device result of
      # two tasks flipped), which must report mismatches and exit 1, so the checker is seen to fail; then the run
      # itself (default about 10^7 operations; FUZZ_ARGS), whose mismatches, if any, are printed in full
      if [[ -x $bin/device-fuzz ]]; then
        planted=0
        "$bin/device-fuzz" --quick --plant --only 'BigUInt<64>/alone/add' --only 'BigInt<4096>/alone/mul' \
          > "$logs/device-fuzz-planted.log" 2>&1 || planted=$?
        if [[ $planted == 1 ]] && grep -q '^MISMATCH ' "$logs/device-fuzz-planted.log"; then
          echo "gpu-run: device-fuzz reported the planted fault ($(grep -c '^MISMATCH ' "$logs/device-fuzz-planted.log") mismatches printed, exit 1)"
        elif grep -q 'no GPU' "$logs/device-fuzz-planted.log"; then
          echo "gpu-run: device-fuzz found no GPU"
        else
          echo "gpu-run: device-fuzz did NOT report the planted fault (exit $planted); see $logs/device-fuzz-planted.log"
          failed=1
          rows+=("$(printf '%-48s %6s %7s %7s %8s' device-fuzz-planted "$planted" - - -)")
        fi
        # shellcheck disable=SC2086 # FUZZ_ARGS is a list of arguments
        run_one "$bin/device-fuzz" ${FUZZ_ARGS:-}
      fi
      ;;
    sanitize)
      # compute-sanitizer over every device-* binary: memcheck and initcheck on each; racecheck and synccheck only on
      # the binaries whose kernels use shared memory or block barriers (SANITIZE_SHARED below: the batch kernels,
      # the lane-group stage, product and GF(2^N) tests, Integer's carries and convolutions, Thrust; the other
      # kernels are one thread per number, with neither). To fit a run of about 9 minutes on the GPU machine, each
      # GoogleTest binary runs one shard of its tests per tool (GoogleTest's GTEST_TOTAL_SHARDS=SANITIZE_SHARDS,
      # default 8, a different shard for each tool and binary), device-fuzz a --quick run of its fused and chained
      # kernels;
      # a run stops after SANITIZE_TIMEOUT s (default 60), and none starts after SANITIZE_BUDGET s (default 420).
      # One row per binary and tool: tool:binary, exit status, tests passed, the sanitizer's errors (or timeout,
      # or not run), seconds.
      sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
      if [[ ! -x $sanitizer ]]; then
        echo "gpu-run: no compute-sanitizer; sanitize skipped"
        failed=1
      else
        shards=${SANITIZE_SHARDS:-8}
        sanitize_start=$SECONDS
        shared_re=${SANITIZE_SHARED:-'^device-(batch-|warp-stage_test|warp-mul_test|warp-gf2n_sliced_mul_test|huge-|thrust-)'}
        shard=0
        for tool in ${SANITIZE_TOOLS:-memcheck initcheck racecheck synccheck}; do # tool by tool: a cut budget
          for exe in "$bin"/device-*; do                                           # leaves out the last tools
            name=$(basename "$exe")
            if [[ -n ${SANITIZE_BINARIES:-} ]] && ! [[ $name =~ $SANITIZE_BINARIES ]]; then continue; fi
            if [[ $tool == racecheck || $tool == synccheck ]] && ! [[ $name =~ $shared_re ]]; then continue; fi
            log="$logs/sanitize-$tool-$name.log"
            if ((SECONDS - sanitize_start > ${SANITIZE_BUDGET:-420})); then
              rows+=("$(printf '%-48s %6s %7s %7s %8s' "$tool:$name" - - - "not run")")
              continue
            fi
            args=()
            envs=()
            if [[ $name == device-fuzz ]]; then
              args=(--quick --ops 20000 --only /fused/ --only /chained/)
            else
              envs=(GTEST_TOTAL_SHARDS="$shards" GTEST_SHARD_INDEX=$((shard % shards)))
              [[ -z ${SANITIZE_FILTER:-} ]] || envs+=(GTEST_FILTER="$SANITIZE_FILTER")
              shard=$((shard + 1))
            fi
            echo "=== $tool $name ${envs[*]} ${args[*]}"
            rc=0
            t0=$SECONDS
            env "${envs[@]}" timeout "${SANITIZE_TIMEOUT:-60}" "$sanitizer" --tool "$tool" --error-exitcode 99 \
              --print-limit 20 "$exe" "${args[@]}" > "$log" 2>&1 || rc=$?
            errors=$(sed -n 's/^========= ERROR SUMMARY: \([0-9]*\) error.*/\1/p' "$log" | tail -n1)
            passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\..*/\1/p' "$log" | tail -n1)
            if ((rc == 124)); then errors=timeout; fi
            # A shard with no tests (a binary of fewer tests than shards): compute-sanitizer exits 255, as the
            # program ends before any CUDA call. Nothing was checked there; not a failure.
            if grep -q '^\[==========\] Running 0 tests' "$log"; then rc=0; errors="empty shard"; fi
            echo "gpu-run: $tool $name: exit $rc, errors ${errors:-?}, $((SECONDS - t0)) s"
            ((rc == 0)) || failed=1
            rows+=("$(printf '%-48s %6s %7s %7s %8s' "$tool:$name" "$rc" "${passed:--}" "${errors:--}" "$((SECONDS - t0))s")")
          done
        done
        echo "gpu-run: sanitize took $((SECONDS - sanitize_start)) s (rows: tool:binary, exit, tests passed, sanitizer errors, seconds)"
      fi
      ;;
    host) for exe in "$bin"/host-* "$bin"/host_nvcc-*; do run_one "$exe"; done ;;
    demo) # the examples that check themselves: the demo, RSA-2048 and RSA-4096 beside GMP, GHASH over 2^20 messages,
      # the Mandelbrot deep zoom (GPU against CPU rows and GMP), the Thrust and batch usages
      for exe in "$bin"/warpnum-demo "$bin"/warpnum-rsa-batch "$bin"/warpnum-ghash "$bin"/warpnum-mandelbrot \
                 "$bin"/warpnum-thrust-transform; do if [[ -x $exe ]]; then run_one "$exe"; fi; done ;;
    gpubench)
      # shellcheck disable=SC2086 # GPU_BENCH_ARGS is a list of arguments
      if [[ -x $bin/warpnum-bench ]]; then
        for op in ${GPU_BENCH_OPS:-mul}; do
          run_one "$bin/warpnum-bench" --op "$op" --csv "$logs/warpnum-bench-$op.csv" ${GPU_BENCH_ARGS:-}
          cp "$logs/warpnum-bench.log" "$logs/warpnum-bench-$op.log"
        done
      fi
      ;;
    fields) # warpnum-field-bench: prime-field mul and sqr (BN254, BLS12-381 base fields) beside sppark's where the
      # build has it (WARPNUM_SPPARK_SOURCE), every result checked against the host, a sample against GMP;
      # FIELD_BENCH_ARGS (e.g. --elements 1048576 --chain 128 --runs 5)
      # shellcheck disable=SC2086 # FIELD_BENCH_ARGS is a list of arguments
      if [[ -x $bin/warpnum-field-bench ]]; then
        run_one "$bin/warpnum-field-bench" --json "$logs/field-bench.json" ${FIELD_BENCH_ARGS:-}
      fi
      ;;
    cgbn) # CGBN's own perf_tests (cgbn-xmp-tester, built with WARPNUM_CGBN_SOURCE: scripts/fetch-cgbn.sh), CGBN's
      # low-half product in their harness (cgbn-mul-low: perf_tests' mul is the full product) and warpnum-bench's
      # compute mode, the same method, one after the other on this GPU: CGBN_OPS (CGBN's names,
      # default "mul div_qr sqrt gcd powm_odd modinv") at CGBN_BITS (default "256 1024 2048 4096"), every
      # threads-per-instance CGBN supports there; then scripts/cgbn_side_by_side.py's table of the best of each.
      if [[ -x $bin/cgbn-xmp-tester ]]; then
        cgbn_ops=${CGBN_OPS:-mul div_qr sqrt gcd powm_odd modinv}
        cgbn_bits=${CGBN_BITS:-256 1024 2048 4096}
        bits_list=${cgbn_bits// /,}  # warpnum-bench's and cgbn-mul-low's --bits form
        mkdir -p "$logs/cgbn"
        echo "=== cgbn-xmp-tester $cgbn_ops $cgbn_bits"
        tester=$(realpath "$bin/cgbn-xmp-tester")  # it writes its report into the folder it runs in
        # shellcheck disable=SC2086 # the lists are arguments
        (cd "$logs/cgbn" && timeout "$timeout_s" "$tester" $cgbn_ops $cgbn_bits) \
          > "$logs/cgbn/xmp-tester.log" 2>&1 || { echo "gpu-run: cgbn-xmp-tester failed"; failed=1; }
        tail -n 12 "$logs/cgbn/xmp-tester.log"
        if [[ -x $bin/cgbn-mul-low && " $cgbn_ops " == *" mul "* ]]; then
          echo "=== cgbn-mul-low --bits $bits_list"
          timeout "$timeout_s" "$bin/cgbn-mul-low" --bits "$bits_list" --csv "$logs/cgbn/cgbn-mul-low.csv" ||
            { echo "gpu-run: cgbn-mul-low failed"; failed=1; }
        fi
        for op in $cgbn_ops; do
          wop=${op%_odd}
          echo "=== warpnum-bench --op $wop --mode compute --bits $bits_list"
          timeout "$timeout_s" "$bin/warpnum-bench" --op "$wop" --mode compute --bits "$bits_list" \
            --csv "$logs/cgbn/warpnum-$wop.csv" > "$logs/cgbn/warpnum-$wop.log" 2>&1 ||
            { echo "gpu-run: warpnum-bench --op $wop failed"; failed=1; }
        done
        python3 scripts/cgbn_side_by_side.py "$logs/cgbn" --markdown "$logs/cgbn-side-by-side.md" || failed=1
      else
        echo "gpu-run: no $bin/cgbn-xmp-tester (configure with -DWARPNUM_CGBN_SOURCE=\"\$(scripts/fetch-cgbn.sh)\")"
        failed=1
      fi
      ;;
    huge) # Integer's exact product and text against GMP on one core of this machine (bench-huge-integer-mul),
      # the convolutions alone (bench-huge-mul), a chain of operations and a division synchronised, queued and from
      # a graph (bench-huge-async, bench-huge-async --division), and pi to PI_DIGITS (default 10^7) digits checked
      # against GMP
      # shellcheck disable=SC2086 # *_ARGS are lists of arguments
      if [[ -x $bin/bench-huge-integer-mul ]]; then
        run_one "$bin/bench-huge-integer-mul" --csv "$logs/huge-integer-mul.csv" ${HUGE_BENCH_ARGS:-}
      fi
      if [[ -x $bin/bench-huge-mul ]]; then run_one "$bin/bench-huge-mul" --target gpu ${HUGE_MUL_ARGS:-}; fi
      if [[ -x $bin/bench-huge-async ]]; then
        run_one "$bin/bench-huge-async" --csv "$logs/huge-async.csv" ${HUGE_ASYNC_ARGS:-}
        run_one "$bin/bench-huge-async" --division ${HUGE_DIVISION_ARGS:---digits 1e4,1e5,1e6,1e7}
      fi
      if [[ -x $bin/warpnum-pi-digits ]]; then
        run_one "$bin/warpnum-pi-digits" "${PI_DIGITS:-10000000}" --check --output "$logs/pi.txt"
        gzip -f "$logs/pi.txt" 2>/dev/null || true
      fi
      ;;
    ct) # the constant-time functions on the GPU (docs/security.md): results (one thread, lane groups, ct::powm_n),
      # timing classes, speed beside the default powm_n
      for t in device-ct-ct_test device-ct-lane_montgomery_test; do
        [[ -x $bin/$t ]] && run_one "$bin/$t"
      done
      # shellcheck disable=SC2086 # CT_TIMING_ARGS is a list of arguments
      [[ -x $bin/ct-device-timing ]] && run_one "$bin/ct-device-timing" ${CT_TIMING_ARGS:-}
      if [[ -x $bin/warpnum-bench ]]; then
        for op in powm powm_ct; do
          log_suffix=-$op
          run_one "$bin/warpnum-bench" --op "$op" --mode batch --bits 256,1024,2048,4096
        done
        log_suffix=
      fi
      # shellcheck disable=SC2086 # CT_RSA_ARGS is a list of arguments
      [[ -x $bin/warpnum-rsa-batch ]] && run_one "$bin/warpnum-rsa-batch" --bits 2048 --constant-time \
        ${CT_RSA_ARGS:---count 100000 --gmp-count 16000}
      true
      ;;
    fft) # the double-precision FFT against the number-theoretic transform: `Integer` products and squares of FFT_DIGITS
      # (default 10^7, 10^8 and 2 10^8) and of 10^9 digits, each by the automatic choice and by each algorithm,
      # checked against GMP first (at 10^9 GMP's checks take about a minute); then the device's crossover table
      if [[ -x $bin/bench-huge-integer-mul ]]; then
        log_suffix=-fft
        run_one "$bin/bench-huge-integer-mul" --place device --digits "${FFT_DIGITS:-1e7,1e8,2e8}" --algorithms ntt,fft \
          --text-digits "" --div-digits "" --csv "$logs/fft.csv"
        if [[ ${FFT_BILLION:-1} != 0 ]]; then
          log_suffix=-fft-billion
          run_one "$bin/bench-huge-integer-mul" --place device --digits 1e9 --reps 3 --algorithms ntt,fft \
            --text-digits "" --div-digits "" --csv "$logs/fft-billion.csv"
        fi
        log_suffix=-crossover
        run_one "$bin/bench-huge-integer-mul" --place device --crossover --reps 5
        log_suffix=
      fi
      ;;
    bench)
      for exe in "$bin"/bench-host-*; do
        # shellcheck disable=SC2086 # BENCH_ARGS is a list of arguments
        run_one "$exe" --benchmark_out="$logs/$(basename "$exe").json" --benchmark_out_format=json ${BENCH_ARGS:-}
      done
      ;;
    mixed) for exe in "$bin"/mixed-*; do run_one "$exe"; done ;;
    compare)
      base_bench=${BASE_BENCH:?"gpu-run: compare needs BASE_BENCH, the baseline warpnum-bench"}
      if [[ $base_bench == *.xz ]]; then xz -dc "$base_bench" > "$logs/warpnum-bench-base" && base_bench=$logs/warpnum-bench-base; fi
      chmod +x "$base_bench"
      for round in $(seq 1 "${COMPARE_ROUNDS:-3}"); do
        for op in ${GPU_BENCH_OPS:-mul}; do
          for which in base new; do # alternating, so that a drift of the clocks touches both builds alike
            exe=$bin/warpnum-bench
            [[ $which == base ]] && exe=$base_bench
            echo "=== compare round $round: $which warpnum-bench --op $op ${GPU_BENCH_ARGS:-}"
            # shellcheck disable=SC2086 # GPU_BENCH_ARGS is a list of arguments
            timeout "$timeout_s" "$exe" --op "$op" --csv "$logs/compare-$which-$op-$round.csv" ${GPU_BENCH_ARGS:-} \
              > "$logs/compare-$which-$op-$round.log" 2>&1 || { echo "gpu-run: $which $op round $round failed"; failed=1; }
          done
        done
      done
      python3 scripts/compare_bench.py "$logs" --markdown "$logs/compare.md" || failed=1
      ;;
    compare_host) # the host benchmarks (bench-host-*) of this build against a baseline build's (BASE_HOST_BENCH: a
      # folder of bench-host-* binaries, or a .tar.xz of one), the two at once on two cores of their own (taskset;
      # HOST_COMPARE_CORES, default "2 4"; the cores swap each round), or with one core named there one after the
      # other on it (the first in turn alternating each round: for a machine of two cores, or one whose cores
      # disturb each other); COMPARE_ROUNDS rounds (default 2), HOST_COMPARE_ARGS for every run (default 3
      # repetitions of 0.1 s), HOST_COMPARE_BENCHES the benchmarks (default every bench-host-*, e.g. "bigint
      # modular"); then scripts/compare_host_bench.py's table. The batch benchmark, which uses every core, runs
      # alone, base and new in turn.
      base_host=${BASE_HOST_BENCH:?"gpu-run: compare_host needs BASE_HOST_BENCH, a folder of baseline bench-host-* binaries"}
      if [[ $base_host == *.tar.xz ]]; then
        mkdir -p "$logs/base-host-bench" && tar -xJf "$base_host" -C "$logs/base-host-bench"
        base_host=$(dirname "$(find "$logs/base-host-bench" -name 'bench-host-*' -type f | head -n1)")
      fi
      host_args=(${HOST_COMPARE_ARGS:---benchmark_repetitions=3 --benchmark_report_aggregates_only=true --benchmark_min_time=0.1})
      for round in $(seq 1 "${COMPARE_ROUNDS:-2}"); do
        read -r -a cores <<< "${HOST_COMPARE_CORES:-2 4}"
        ((round % 2 == 0 && ${#cores[@]} > 1)) && cores=("${cores[1]}" "${cores[0]}")
        for exe in "$bin"/bench-host-*; do
          name=$(basename "$exe" | sed 's/^bench-host-//; s/_bench$//')
          if [[ -n ${HOST_COMPARE_BENCHES:-} && " $HOST_COMPARE_BENCHES " != *" $name "* ]]; then continue; fi
          [[ -x $base_host/$(basename "$exe") ]] || { echo "gpu-run: no baseline $(basename "$exe")"; continue; }
          echo "=== compare_host round $round: $name"
          if ((${#cores[@]} == 1)); then
            order=(base new)
            ((round % 2 == 0)) && order=(new base)
            for which in "${order[@]}"; do
              e=$exe; [[ $which == base ]] && e=$base_host/$(basename "$exe")
              timeout "$timeout_s" taskset -c "${cores[0]}" "$e" "${host_args[@]}" \
                --benchmark_out="$logs/compare-host-$which-$name-$round.json" --benchmark_out_format=json \
                > "$logs/compare-host-$which-$name-$round.log" 2>&1 || failed=1
            done
          elif [[ $name == batch ]]; then
            for which in base new; do
              e=$exe; [[ $which == base ]] && e=$base_host/$(basename "$exe")
              timeout "$timeout_s" "$e" "${host_args[@]}" --benchmark_out="$logs/compare-host-$which-$name-$round.json" \
                --benchmark_out_format=json > "$logs/compare-host-$which-$name-$round.log" 2>&1 || failed=1
            done
          else
            timeout "$timeout_s" taskset -c "${cores[0]}" "$base_host/$(basename "$exe")" "${host_args[@]}" \
              --benchmark_out="$logs/compare-host-base-$name-$round.json" --benchmark_out_format=json \
              > "$logs/compare-host-base-$name-$round.log" 2>&1 &
            base_pid=$!
            timeout "$timeout_s" taskset -c "${cores[1]}" "$exe" "${host_args[@]}" \
              --benchmark_out="$logs/compare-host-new-$name-$round.json" --benchmark_out_format=json \
              > "$logs/compare-host-new-$name-$round.log" 2>&1 || failed=1
            wait "$base_pid" || failed=1
          fi
        done
      done
      python3 scripts/compare_host_bench.py "$logs" --markdown "$logs/compare-host.md" || failed=1
      ;;
    compiler) # the nvcc-fault reproducers of tests/compiler (build.sh builds them, per compiler, into
      # build-compiler/nvcc-<version>; COMPILER_BIN: those folders), and their table; fails only where a control
      # (the -O1 or workaround-kept form) fails: a fault form that fails is the finding
      rc=0
      # shellcheck disable=SC2086 # COMPILER_BIN is a list of folders
      tests/compiler/run.sh ${COMPILER_BIN:-} 2>&1 | tee "$logs/compiler.txt" || rc=${PIPESTATUS[0]}
      ((rc == 0)) || failed=1
      rows+=("$(printf '%-48s %6s %7s %7s %8s' compiler-reproducers "$rc" "$(grep -c '): .* PASS ' "$logs/compiler.txt")" \
                "$(grep -c '): .* FAIL ' "$logs/compiler.txt")" -)")
      ;;
    sass_check) # ptxas's machine code of single kernels against their own PTX (tests/compiler/sass_cases.py writes
      # the folder SASS_DIR: cubins, cases, runs.txt and the sass_check program); a row per cubin: exit 0 when the
      # GPU gives the PTX's results, 1 when it does not (a finding, not a failure of this run), 2 on an error
      sass_dir=${SASS_DIR:?"gpu-run: sass_check needs SASS_DIR, a folder from tests/compiler/sass_cases.py"}
      if [[ $sass_dir == *.tar.xz ]]; then
        unpacked_sass=$(mktemp -d)
        tar -xJf "$sass_dir" -C "$unpacked_sass"
        sass_dir=$(find "$unpacked_sass" -name runs.txt -printf '%h\n' | head -n1)
      fi
      while read -r cubin entry cases; do
        [[ -n $cubin ]] || continue
        rc=0
        (cd "$sass_dir" && ./sass_check "$cubin" "$entry" "$cases") 2>&1 | tee -a "$logs/sass_check.txt" || rc=${PIPESTATUS[0]}
        ((rc <= 1)) || failed=1
        rows+=("$(printf '%-48s %6s %7s %7s %8s' "sass_check:${cubin%.cubin}" "$rc" - - -)")
      done < "$sass_dir/runs.txt"
      ;;
    scaling) # several GPUs of this node (docs/scaling.md): the device-list tests (with the real list where the machine
      # has several GPUs: they run {0, 0} and every GPU), then warpnum-bench's batch powm over device lists beside the
      # one-GPU call (SCALING_BITS, default 1024,2048), the sharded batch's a * b + c * d beside one batch's, and
      # Integer's product over a device list
      for exe in "$bin"/device-*devices* "$bin"/device-*sharded*; do run_one "$exe"; done
      if [[ -x $bin/warpnum-bench ]]; then
        log_suffix=-scaling-powm
        run_one "$bin/warpnum-bench" --op powm --mode batch --bits "${SCALING_BITS:-1024,2048}" \
          --strategy thread,mont4,devices-0-0,devices-all
        log_suffix=-scaling-fma
        run_one "$bin/warpnum-bench" --op fma2 --mode batch --bits 1024 --strategy all
        log_suffix=
      fi
      # Integer's product over device lists (SCALING_LIST: lists separated by spaces, "0,0" by default, "all" on a
      # machine of several GPUs) beside the one-GPU product, at SCALING_DIGITS (default 10^8: one transform cut over
      # the list's entries, and 10^9: 25 block products), checked against GMP
      if [[ -x $bin/bench-huge-integer-mul ]]; then
        for list in ${SCALING_LIST:-0,0}; do
          log_suffix=-scaling-${list//,/-}
          run_one "$bin/bench-huge-integer-mul" --place device --digits "${SCALING_DIGITS:-1e8,1e9}" --reps 3 \
            --text-digits "" --div-digits "" --devices "$list"
        done
        log_suffix=
      fi
      ;;
    host_division) # Integer's products and division in host memory on this machine's cores beside GMP on one
      # (bench-huge-integer-mul --place host), with every core, two threads and one (OpenMP's OMP_NUM_THREADS), at
      # HOST_DIVISION_DIGITS (default 3 10^4 to 10^6 digits, the quotient as long as the divisor); each division also
      # with its quotient in one, two and four pieces, remainders from wrapped and whole products (--division-variants)
      if [[ -x $bin/bench-huge-integer-mul ]]; then
        for threads in "$(nproc)" 2 1; do
          log_suffix=-host-division-$threads
          OMP_NUM_THREADS=$threads run_one "$bin/bench-huge-integer-mul" --place host --digits 1e5,1e6 --reps 5 \
            --text-digits "" --div-digits "${HOST_DIVISION_DIGITS:-3e4,1e5,3e5,1e6}" --division-variants
        done
        log_suffix=
      fi
      ;;
    host_crossover) # the host's algorithms side by side (bench-huge-integer-mul --place host --crossover: equal
      # lengths, then n by 4n limbs), with every core, two threads and one, for src/huge/thresholds.hpp
      if [[ -x $bin/bench-huge-integer-mul ]]; then
        for threads in "$(nproc)" 2 1; do
          log_suffix=-host-crossover-$threads
          OMP_NUM_THREADS=$threads run_one "$bin/bench-huge-integer-mul" --place host --crossover --reps 5
        done
        log_suffix=
      fi
      ;;
    sass)
      cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
      if [[ -x $cuobjdump && -x $bin/warpnum-bench ]]; then
        "$cuobjdump" --dump-resource-usage "$bin/warpnum-bench" > "$logs/warpnum-bench.resources.txt" 2>&1 || true
        "$cuobjdump" -sass "$bin/warpnum-bench" 2>&1 | gzip > "$logs/warpnum-bench.sass.gz" || true
        echo "gpu-run: resources and SASS of warpnum-bench in $logs"
      else
        echo "gpu-run: no cuobjdump (or no warpnum-bench); sass skipped"
      fi
      ;;
    *) echo "gpu-run: unknown section '$section' (device host demo gpubench huge bench fuzz sanitize mixed compare compare_host compiler sass_check sass fields cgbn fft ct scaling host_division host_crossover)" >&2; exit 2 ;;
  esac
done

{
  echo
  printf '%-48s %6s %7s %7s %8s\n' binary exit passed failed skipped
  if ((${#rows[@]})); then printf '%s\n' "${rows[@]}"; else echo "(nothing ran: no executables in $bin)"; fi
  echo "gpu-run: $([[ $failed == 0 ]] && echo "all passed" || echo "FAILURES"); logs in $logs"
} | tee "$logs/summary.txt"
exit "$failed"

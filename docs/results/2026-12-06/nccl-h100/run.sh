#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# NCCL's collectives of include/warpnum/nccl/ on one GPU: tests/device/nccl/shards_test.cu starts itself twice, each
# rank posing as a host of its own (NCCL_HOSTID), through scripts/gpu-run.sh's device section; then a build with two
# faults planted in nccl/shards.hpp (the gather's receives all at element 0, the scatter's own shard half copied),
# which must fail. Carried: build-gpu/carry-nccl (device-nccl-shards_test, broken-device-nccl-shards_test).
set -u
c=build-gpu/carry-nccl
R=$OUT/w
mkdir -p "$R"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$R/nvidia-smi.log" 2>&1
python3 -c 'import nvidia.nccl as m, os; print("nvidia-nccl wheel:", os.listdir(list(m.__path__)[0] + "/lib"))' 2>&1
python3 -m pip show nvidia-nccl-cu13 2>/dev/null | grep -i '^version'
mkdir -p "$R/bin" && cp "$c/device-nccl-shards_test" "$R/bin/"
BIN=$R/bin OUT=$R/tests RUN_TIMEOUT=400 scripts/gpu-run.sh device 2>&1 | tail -n 25
nccl_lib=$(python3 -c 'import nvidia.nccl as m; print(list(m.__path__)[0] + "/lib")' 2>/dev/null)
export LD_LIBRARY_PATH=$nccl_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
NCCL_DEBUG=WARN timeout 200 "$c/broken-device-nccl-shards_test" > "$R/broken.log" 2>&1
echo "planted faults: exit $? (must not be 0): $(grep -E '^\[  (PASSED|FAILED) ' "$R/broken.log" | tr '\n' ' ')"
grep -E '^\[  FAILED  \] [A-Z]' "$R/broken.log"
tar -cJf "$OUT/w.tar.xz" -C "$OUT" w && rm -rf "$R"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/run-demo.sh: installs dependencies, configures (preset default), builds warpnum-demo and runs it.
# Arguments are passed to the demo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh
cmake --preset default
cmake --build --preset default --target warpnum-demo -j "$(nproc)"
./build/bin/warpnum-demo "$@"

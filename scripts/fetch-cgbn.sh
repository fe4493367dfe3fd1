#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/fetch-cgbn.sh: a checkout of NVIDIA's CGBN (MIT licence) at a pinned commit in .cache/peers/CGBN (or under
# $WARPNUM_PEERS_DIR), for the side-by-side run of CGBN's own perf_tests beside warpnum-bench (scripts/gpu-run.sh
# section cgbn):
#   cmake --preset gpu -DWARPNUM_CGBN_SOURCE="$(scripts/fetch-cgbn.sh)"
# Clones from GitHub, or from $WARPNUM_CGBN_GIT (a mirror's URL or a local clone, bare or not). Nothing of CGBN is
# committed here. Prints the checkout's folder as its only line on stdout.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# shellcheck source=scripts/peer-checkout.sh
source scripts/peer-checkout.sh

dest=$(realpath -m "${WARPNUM_PEERS_DIR:-.cache/peers}/CGBN")
peer_checkout fetch-cgbn cgbn "${WARPNUM_CGBN_GIT:-https://github.com/NVlabs/CGBN}" \
  6e6fdc1ab3e7c4e7899a83dc52ee1005b7e8c217 "$dest"  # master, 2024-09-25
echo "$dest"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/fetch-sppark.sh: checkouts of Supranational's sppark and blst (both Apache-2.0) at pinned commits, in
# .cache/peers/sppark and .cache/peers/blst (or under $WARPNUM_PEERS_DIR), for warpnum-field-bench's side-by-side
# run (sppark's field headers include blst's blst_t.hpp in host code):
#   cmake --preset gpu -DWARPNUM_SPPARK_SOURCE="$(scripts/fetch-sppark.sh)"
# Clones from GitHub, or from $WARPNUM_SPPARK_GIT and $WARPNUM_BLST_GIT (a mirror's URL or a local clone, bare or
# not). Nothing of either is committed here. Prints the folder holding both as its only line on stdout.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

dir=$(realpath -m "${WARPNUM_PEERS_DIR:-.cache/peers}")
# shellcheck source=scripts/peer-checkout.sh
source scripts/peer-checkout.sh

peer_checkout fetch-sppark sppark "${WARPNUM_SPPARK_GIT:-https://github.com/supranational/sppark}" \
  17278d74295392f9813f009300b257a688422b7a "$dir/sppark"  # main, 2026-06-04
peer_checkout fetch-sppark blst "${WARPNUM_BLST_GIT:-https://github.com/supranational/blst}" \
  dece82ea537b422890888bacde4034ca5b5a44d8 "$dir/blst"  # master, 2026-04-17
echo "$dir"

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
say() { echo "fetch-sppark: $*" >&2; }

# checkout NAME URL COMMIT
checkout() {
  local name=$1 url=$2 commit=$3 dest="$dir/$1"
  if [[ "$(git -C "$dest" rev-parse HEAD 2>/dev/null)" == "$commit" ]]; then
    say "using $dest ($name $commit)"
    return
  fi
  rm -rf "$dest"
  mkdir -p "$dir"
  say "cloning $url into $dest"
  git clone -q --no-checkout "$url" "$dest" ||
    { say "ERROR: git clone $url failed; fix: check the network, or set WARPNUM_${name^^}_GIT to a reachable clone"
      exit 1; }
  git -C "$dest" checkout -q "$commit" ||
    { say "ERROR: $url has no commit $commit; fix: point WARPNUM_${name^^}_GIT at a clone that has it"; exit 1; }
  say "$name $commit in $dest"
}

checkout sppark "${WARPNUM_SPPARK_GIT:-https://github.com/supranational/sppark}" \
  17278d74295392f9813f009300b257a688422b7a  # main, 2026-06-04
checkout blst "${WARPNUM_BLST_GIT:-https://github.com/supranational/blst}" \
  dece82ea537b422890888bacde4034ca5b5a44d8  # master, 2026-04-17
echo "$dir"

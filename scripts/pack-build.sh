#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/pack-build.sh NAME TARGET...: builds TARGETs of the working tree with the gpu preset (build-gpu/, as
# scripts/gpu-build.sh does) and packs them, stripped, as build-gpu/carry-next/NAME.tar.xz with NAME/ inside: one
# build of a side-by-side comparison on the GPU machine (a results folder's run.sh sources scripts/device-builds.sh,
# which unpacks every NAME.tar.xz there). To pack another commit's build, check that commit out first; to plant a
# fault, edit, pack, and restore the file.
#   scripts/pack-build.sh base device-huge-convolve_test bench-huge-mul
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if (($# < 2)); then
  echo "usage: scripts/pack-build.sh NAME TARGET..." >&2
  exit 2
fi
name=$1
shift
[ -f build-gpu/CMakeCache.txt ] || cmake --preset gpu > /dev/null
log=build-gpu/pack-$name.log
if ! cmake --build --preset gpu -j "$(nproc)" --target "$@" > "$log" 2>&1; then
  tail -30 "$log" >&2
  echo "pack-build: the build of $name failed (whole log: $log)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/$name"
for t in "$@"; do cp "build-gpu/bin/$t" "$tmp/$name/"; done
strip "$tmp/$name"/*
mkdir -p build-gpu/carry-next
tar -cJf "build-gpu/carry-next/$name.tar.xz" -C "$tmp" "$name"
# Changes anywhere but the docs and the scripts can change the programs.
echo "pack-build: build-gpu/carry-next/$name.tar.xz ($(du -h "build-gpu/carry-next/$name.tar.xz" | cut -f1)," \
     "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs' ':!scripts' || echo ', with changes'))"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/gpu-build.sh: builds everything for the GPU machine into build-gpu/ (preset gpu: CUDA required, sm_90,
# GMP, GoogleTest and the C++ runtime linked statically); all binaries land in build-gpu/bin. Then prints how to
# run them there with scripts/gpu-run.sh.
#   scripts/gpu-build.sh [target...]
# With targets (e.g. device-gf2n-gf2n_test warpnum-bench), builds and carries only those: a short GPU session's
# build of what changed, not the 20 minutes of everything on two cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh
cmake --preset gpu
targets=("$@")
if ((${#targets[@]})); then
  cmake --build --preset gpu -j "$(nproc)" --target "${targets[@]}"
else
  cmake --build --preset gpu -j "$(nproc)"
fi

bin=build-gpu/bin
echo
echo "gpu-build: $(find "$bin" -maxdepth 1 -type f -executable ! -name '*.so*' | wc -l) executables in $bin" \
     "($(du -sh "$bin" | cut -f1) with the bundled libraries)"
# The GPU machine needs a glibc at least this new (nothing else: no GMP, no libstdc++ beyond what is in $bin).
glibc=$(find "$bin" -maxdepth 1 -type f -executable -exec objdump -T {} + 2>/dev/null |
        grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n1)
echo "gpu-build: newest glibc symbol version needed: ${glibc:-unknown}"
# What the GPU machine runs (device tests and device-fuzz, demo, benchmarks and their bundled libraries),
# stripped, in one folder small enough to copy there in one go (64 MiB); the host tests run here, in CI.
carry=build-gpu/carry
rm -rf "$carry"
mkdir -p "$carry"
if ((${#targets[@]})); then
  carried=("$bin"/*.so*)
  for t in "${targets[@]}"; do carried+=("$bin/$t"); done
else
  carried=("$bin"/device-* "$bin"/sanitizer-* "$bin"/mixed-* "$bin"/warpnum-demo "$bin"/warpnum-rsa-batch "$bin"/warpnum-ghash "$bin"/warpnum-mandelbrot
           "$bin"/warpnum-thrust-transform "$bin"/warpnum-pi-digits "$bin"/warpnum-bench "$bin"/warpnum-field-bench
           "$bin"/cgbn-xmp-tester "$bin"/cgbn-mul-low "$bin"/bench-* "$bin"/ct-device-timing "$bin"/*.so*)
fi
for f in "${carried[@]}"; do
  [[ -e $f ]] && cp -L "$f" "$carry/"
done
find "$carry" -maxdepth 1 -type f -executable ! -name '*.so*' -exec strip {} +
# The same, compressed: the stripped binaries outgrew 64 MiB (about 100 MB against
# 25 MB packed, 2026-11-25); scripts/gpu-run.sh unpacks it when BIN names it. -9: with device-fuzz the device
# binaries alone pack to 59.5 MB at -6 and 55.8 MB at -9 (2026-11-26), beside a working tree of 8 MB.
tar -cf - -C build-gpu carry | xz -T0 -9 > build-gpu/carry.tar.xz
echo "gpu-build: $carry holds what the GPU machine runs ($(du -sh "$carry" | cut -f1));" \
     "build-gpu/carry.tar.xz the same packed ($(du -sh build-gpu/carry.tar.xz | cut -f1))"
cat <<'MSG'

On the GPU machine, from a copy of this repository that carries build-gpu/bin (no configure, no GMP needed):
    BIN=build-gpu/carry.tar.xz scripts/gpu-run.sh device demo gpubench bench   # what build-gpu/carry holds
    BIN=build-gpu/carry.tar.xz scripts/gpu-run.sh fuzz sanitize   # device-fuzz; compute-sanitizer over device-*
    scripts/gpu-run.sh                      # all sections, from build-gpu/bin (host tests too)
Logs and a summary go to ${OUT:-build-gpu/gpu-run}.
MSG

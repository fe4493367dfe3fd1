#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/install-cuda-wheels.sh: installs an nvcc from NVIDIA's Python wheels into a virtual environment (default
# .venv-cuda/, git-ignored), with what it needs to compile and link CUDA programs (runtime headers and libraries,
# CCCL, NVVM), and prints the path of its nvcc. Builds with it pass -ccbin g++.
#   scripts/install-cuda-wheels.sh [version]     (default 13.5.37; VENV=<folder> to install elsewhere)
# Example: NVCC=$(scripts/install-cuda-wheels.sh | tail -n1) tests/compiler/build.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=${1:-13.5.37}
venv=${VENV:-.venv-cuda}
series=${version%%.*}
[[ -x $venv/bin/python ]] || python3 -m venv "$venv" ||
  { echo "install-cuda-wheels: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
# nvcc, its front end headers (crt), NVVM, the runtime and CCCL (<nv/target>, <cuda/std/...>) of the same release.
"$venv/bin/python" -m pip install -q --disable-pip-version-check \
  "nvidia-cuda-nvcc==$version" "nvidia-cuda-crt==$version" "nvidia-cuda-runtime==$version" \
  "nvidia-nvvm==$version" "nvidia-cuda-cccl~=$series.0" >&2
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
nvcc=$(find "$site/nvidia" -path '*/bin/nvcc' -type f | head -n1)
[[ -n $nvcc ]] || { echo "install-cuda-wheels: no nvcc found under $site/nvidia" >&2; exit 1; }
root=$(dirname "$(dirname "$nvcc")")
# The wheels put each component in its own folder or share one (nvidia/cu13/); nvcc looks for include/, lib/ and
# nvvm/ beside its bin/. Link what is missing there from the other wheels' folders.
for comp in "$site"/nvidia/*/; do
  comp=${comp%/}
  [[ $comp -ef $root ]] && continue
  for sub in include lib lib64 nvvm; do
    [[ -d $comp/$sub ]] || continue
    mkdir -p "$root/$sub"
    for f in "$comp/$sub"/*; do [[ -e $root/$sub/$(basename "$f") ]] || ln -s "$f" "$root/$sub/"; done
  done
done
# CMake and nvcc look for lib64/ on x86-64 Linux.
[[ -e $root/lib64 || ! -d $root/lib ]] || ln -s lib "$root/lib64"
"$nvcc" --version >&2
echo "$nvcc"

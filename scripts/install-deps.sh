#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/install-deps.sh: installs the Debian packages warpnum's build, tests, benchmarks and plots need (apt-get,
# only what is missing); dpkg-dev and xz-utils are for scripts/fetch-boost-tests.sh (apt-get source, the .tar.xz),
# doxygen for the API reference (ctest docs-doxygen), clang and libclang-rt-14-dev (libFuzzer and clang's sanitizer
# runtimes) for the fuzzers (preset fuzz), python3-venv for scripts/install-cuda-wheels.sh (newer nvcc from PyPI),
# valgrind for the constant-time functions' memcheck tests (ctest -L constant_time), Open MPI for the tests of the
# distributed batch (tests/mpi/, mpiexec on 2 ranks).
# Never installs CUDA; reports whether nvcc is there.
set -euo pipefail

packages=(
  g++ cmake ninja-build make
  libgmp-dev libntl-dev libgtest-dev googletest libbenchmark-dev libboost-dev
  python3-matplotlib python3-venv doxygen
  clang libclang-rt-14-dev
  dpkg-dev xz-utils
  valgrind
  libopenmpi-dev openmpi-bin
)

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
  else
    echo "install-deps: missing ${missing[*]}, and neither root nor sudo is available" >&2
    exit 1
  fi
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present"
fi

if command -v nvcc >/dev/null 2>&1; then
  echo "install-deps: nvcc found: $(command -v nvcc) ($(nvcc --version | grep -o 'release [0-9.]*'))"
elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
  echo "install-deps: nvcc found at /usr/local/cuda/bin/nvcc but not on PATH; add it to PATH (or set CUDACXX)"
else
  echo "install-deps: nvcc not found; CUDA targets are skipped (host build and tests only)"
fi

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/early-clobber-reach.sh: which sources' optimised PTX lets ctest ptx-early-clobber see a PTX chain whose
# outputs are not early-clobber. It copies include/ to a scratch folder, takes the early-clobber marks out of the
# chains of include/warpnum/detail/ptx/ ("+&r" becomes "+r", "=&r" "=r", and the same for "l"), compiles every
# device test and src/huge/*.cu to PTX for sm_80 at NVVM's -O3 against that copy, and runs scripts/check_ptx_asm.py
# on each file. A source whose line shows chains above zero catches the fault; the sources that do are the ones
# tests/CMakeLists.txt compiles at -O3 for the check (arch_check_optimised). The compiler shares an output's register
# with an input only where it knows the two equal (constant arguments, say), so most sources catch nothing.
#
# Usage: scripts/early-clobber-reach.sh [-j JOBS] [SOURCE...]   (default: every device test and src/huge/*.cu;
# JOBS: nproc; NVCC_FLAGS: more nvcc flags, such as -I for GMP's headers). Needs nvcc and python3; no GPU.
# Prints "seconds blocks chains source" a line, sorted by source.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jobs=$(nproc)
if [[ ${1:-} == -j ]]; then
  jobs=$2
  shift 2
fi
if (($#)); then
  sources=("$@")
else
  mapfile -t sources < <(find tests/device -name '*_test.cu' | sort; ls src/huge/*.cu)
fi
nvcc=${NVCC:-nvcc}
command -v "$nvcc" > /dev/null || { echo "early-clobber-reach: no nvcc (set NVCC)" >&2; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r include "$scratch/include"
sed -i 's/"+&r"/"+r"/g; s/"=&r"/"=r"/g; s/"+&l"/"+l"/g; s/"=&l"/"=l"/g' "$scratch"/include/warpnum/detail/ptx/*.hpp
if grep -q '"[+=]&[rl]"' "$scratch"/include/warpnum/detail/ptx/*.hpp; then
  echo "early-clobber-reach: marks left in the copy" >&2
  exit 1
fi
echo "early-clobber-reach: $("$nvcc" --version | tail -1); ${#sources[@]} sources, $jobs at a time"

one() {
  local source=$1 scratch=$2 nvcc=$3
  local name ptx start seconds line
  name=$(echo "$source" | tr '/' '-')
  ptx="$scratch/$name.ptx"
  start=$(date +%s.%N)
  # NVCC_FLAGS: more flags, e.g. -I for GMP's headers where they are not in the default paths.
  # shellcheck disable=SC2086
  if ! "$nvcc" -std=c++20 -O2 -DNDEBUG --extended-lambda -ptx -arch=sm_80 -I"$scratch/include" -Itests -Isrc/huge ${NVCC_FLAGS:-} \
       "$source" -o "$ptx" 2> "$ptx.err"; then
    echo "failed: $source (nvcc: $(head -c 300 "$ptx.err"))"
    return
  fi
  seconds=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
  # check_ptx_asm.py's last line: "N PTX files, B inline asm blocks, C reading a register they wrote before ..."
  line=$(python3 scripts/check_ptx_asm.py "$ptx" 2>&1 | tail -1 || true)
  printf '%6.1f %7s %4s %s\n' "$seconds" "$(echo "$line" | sed -E 's/.* ([0-9]+) inline asm blocks.*/\1/')" \
         "$(echo "$line" | sed -E 's/.* ([0-9]+) reading a register.*/\1/')" "$source"
}
export -f one
printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {} "$scratch" "$nvcc" | sort -k4

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/compiler/build.sh: builds every nvcc-fault reproducer of tests/compiler/ (f*.cu) for sm_90 in three forms:
# <name> (nvcc's default device optimisation, the fault), <name>-O1 (NVVM at -O1: -Xcicc -O1, the control) and
# <name>-kept (the library's workaround kept: -DWARPNUM_REPRO_KEEP_WORKAROUND), the forms the file names in lines
# "// build-form: <suffix> <flags>" (<name>-<suffix>), plus <name>.ptx (what NVVM made of
# the fault form), into one folder per compiler.
#   tests/compiler/build.sh [out-folder]
# Environment: NVCC (default: nvcc on PATH; e.g. the one scripts/install-cuda-wheels.sh prints), JOBS (parallel
# compiles, default 1), ONLY (a space-separated list of reproducer names to build, default all), FORMS (default
# "fault O1 kept"). The default folder is build-compiler/nvcc-<version>.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

nvcc=${NVCC:-nvcc}
version=$("$nvcc" --version | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
out=${1:-build-compiler/nvcc-$version}
mkdir -p "$out"
echo "$nvcc ($version)" > "$out/nvcc.txt"
flags=(-std=c++20 -O2 -arch=sm_90 -ccbin g++ -Iinclude -Itests/compiler)
names=()
for f in tests/compiler/f*.cu; do
  name=$(basename "$f" .cu)
  if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then continue; fi
  names+=("$name")
done
jobs=()
for name in "${names[@]}"; do
  # A reproducer may name more forms in lines "// build-form: <suffix> <flags>".
  while read -r suffix extra; do
    jobs+=("$name|$extra|$name-$suffix")
  done < <(sed -n 's|^// build-form: ||p' "tests/compiler/$name.cu")
  for form in ${FORMS:-fault O1 kept}; do
    case $form in
      fault) jobs+=("$name||$name") ;;
      O1) jobs+=("$name|-Xcicc -O1|$name-O1") ;;
      kept) jobs+=("$name|-DWARPNUM_REPRO_KEEP_WORKAROUND|$name-kept") ;;
    esac
  done
done
# shellcheck disable=SC2317 # run by xargs through bash -c
build_one() { # build_one "<name>|<extra flags>|<output>"
  local name extra exe
  IFS='|' read -r name extra exe <<< "$1"
  # shellcheck disable=SC2086 # extra is a list of flags
  if "$nvcc" "${flags[@]}" $extra "tests/compiler/$name.cu" -o "$out/$exe" 2> "$out/$exe.build.log"; then
    echo "compiler/build: $out/$exe"
  else
    echo "compiler/build: $exe FAILED to build (see $out/$exe.build.log)" >&2
    return 1
  fi
  if [[ -z $extra ]]; then "$nvcc" "${flags[@]}" -ptx "tests/compiler/$name.cu" -o "$out/$name.ptx" 2>/dev/null || true; fi
}
export -f build_one
export nvcc out
export flags_str="${flags[*]}"
status=0
# shellcheck disable=SC2016 # expanded by the inner bash
printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-1}" -I{} bash -c 'flags=($flags_str); build_one "$1"' _ {} || status=1
echo "compiler/build: $(find "$out" -maxdepth 1 -type f -executable | wc -l) reproducers in $out (nvcc $version)"
exit "$status"

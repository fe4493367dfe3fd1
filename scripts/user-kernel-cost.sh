#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/user-kernel-cost.sh: what one per-thread operation costs in a user's kernel, by width: nvcc -O3 for sm_90
# of bench/compile/user_op.cu (one operation a thread), its wall time, and ptxas's registers, stack frame and spill
# bytes for the kernel. Prints a Markdown table (the one in docs/benchmarks.md, "Per-thread operations in your
# kernels").
#   scripts/user-kernel-cost.sh [OPS] [WIDTHS]     (default: "mul div powm modinv" and "256 1024 2048 4096")
# With CGBN_SOURCE set to a checkout of NVlabs/CGBN, a last row gives the same for CGBN's powm sample
# (samples/sample_03_powm/powm_odd.cu, its kernel set to 2048 bits on 16 lanes a number, window 5), the like
# kernel of the peer; it needs gmp.h.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ops=${1:-mul div powm modinv}
widths=${2:-256 1024 2048 4096}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "| operation | bits | nvcc s | registers | stack bytes | spill stores / loads bytes |"
echo "|---|---:|---:|---:|---:|---|"
for op in $ops; do
  for bits in $widths; do
    echo "user-kernel-cost: $op at $bits bits..." >&2
    t0=$(date +%s.%N)
    "$nvcc" -std=c++20 -O3 -arch=sm_90 -Iinclude -DBITS="$bits" -DWARPNUM_OP_"${op^^}" -Xptxas -v \
      -c bench/compile/user_op.cu -o "$out/k.o" > "$out/log" 2>&1 || { cat "$out/log" >&2; exit 1; }
    t1=$(date +%s.%N)
    # ptxas -v: the kernel's lines follow "Compiling entry function '..user_op..'".
    info=$(awk '/Compiling entry function .*user_op/ {f = 1}
                f && /stack frame/ {s = $0} f && /Used [0-9]+ registers/ {r = $0; exit}
                END {print s; print r}' "$out/log")
    stack=$(grep -o '[0-9]* bytes stack frame' <<< "$info" | cut -d' ' -f1)
    spills=$(grep -o '[0-9]* bytes spill stores, [0-9]* bytes spill loads' <<< "$info" | awk '{print $1 " / " $5}')
    regs=$(grep -o 'Used [0-9]* registers' <<< "$info" | awk '{print $2}')
    printf '| `%s` | %s | %.1f | %s | %s | %s |\n' "$op" "$bits" \
      "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" "$regs" "$stack" "$spills"
  done
done
if [[ -n ${CGBN_SOURCE:-} ]]; then
  echo "user-kernel-cost: CGBN's powm at 2048 bits, 16 lanes..." >&2
  sample="$CGBN_SOURCE/samples/sample_03_powm"
  # A copy in the scratch folder (the checkout is left as it is); -I"$sample" resolves its "../utility/support.h".
  sed 's/typedef powm_params_t<[0-9]*, [0-9]*, [0-9]*> params;/typedef powm_params_t<16, 2048, 5> params;/' \
    "$sample/powm_odd.cu" > "$out/cgbn_powm_2048.cu"
  t0=$(date +%s.%N)
  "$nvcc" -std=c++17 -O3 -arch=sm_90 -I"$CGBN_SOURCE/include" -I"$sample" -Xptxas -v -c "$out/cgbn_powm_2048.cu" \
    -o "$out/c.o" > "$out/log" 2>&1 || { cat "$out/log" >&2; exit 1; }
  t1=$(date +%s.%N)
  info=$(awk '/Compiling entry function .*kernel_powm_odd/ {f = 1}
              f && /stack frame/ {s = $0} f && /Used [0-9]+ registers/ {r = $0; exit}
              END {print s; print r}' "$out/log")
  printf '| CGBN powm sample, 16 lanes a number | 2048 | %.1f | %s | %s | %s |\n' \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" \
    "$(grep -o 'Used [0-9]* registers' <<< "$info" | awk '{print $2}')" \
    "$(grep -o '[0-9]* bytes stack frame' <<< "$info" | cut -d' ' -f1)" \
    "$(grep -o '[0-9]* bytes spill stores, [0-9]* bytes spill loads' <<< "$info" | awk '{print $1 " / " $5}')"
fi

// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f5_chunk_min.cu: the smallest reproducer of nvcc fault F5, a ptxas fault (sm_90 and sm_100).
//
// An out-of-line function walks count items in chunks of 32, k = min(count - first, 32) per chunk; one kernel
// calls it with the count 3 written in the call, the other with the count loaded from memory (so that the function
// keeps its parameter). Its PTX, the same for both calls:
//     sub.s32   %r10, %r6, %r13;        // count - first
//     min.s32   %r11, %r10, 32;
// where the count is the constant 3, ptxas (13.0.88 and 13.5.37, -O1 and up) fuses the two into
//     VIADDMNMX R0, R3, 0xfffffffd, R4, PT ;   // min(first + -3, 32): the subtraction's operands swapped
// and the sum is -3000 instead of 3000. With the loaded count it emits VIADDMNMX R0, R2, -R3, 0x20 (right). ptxas
// -O0 is right, and so are sm_80, sm_86, sm_89 and sm_120 (no VIADDMNMX there). The same PTX run in
// scripts/ptx_interpreter.py gives 3000.
// The form kept (-DWARPNUM_REPRO_KEEP_WORKAROUND) counts the items left instead, as warpnum's multi_pow does since:
// ptxas then computes 3 - first with IADD3 and takes the minimum by VIMNMX.
// Result (H200, driver 580.159.04, 2026-11-28): REPRODUCED with nvcc 13.0.88 and 13.5.37, 32 of 32 wrong
// (0xfffff448 = -3000), with ptxas -O1 too; right with ptxas -O0, -Xcicc -O1 and -kept; the loaded count right in
// every form.
// build-form: ptxas-O0 -Xptxas -O0
// build-form: ptxas-O1 -Xptxas -O1
#include "repro.hpp"

namespace {
struct In {
  int count, unused;
};
struct Out {
  int sum, unused;
};

WARPNUM_HD int chunk_sum_body(int count) {
  int total = 0;
#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
  WARPNUM_NO_UNROLL
  for (int first = 0; first < count; first += 32) {
    const int left = count - first;
    total += (left < 32 ? left : 32) * 1000 + first;
  }
#else
  WARPNUM_NO_UNROLL
  for (int first = 0, left = count; left > 0; first += 32, left -= 32) total += (left < 32 ? left : 32) * 1000 + first;
#endif
  return total;
}
__device__ __noinline__ int chunk_sum_out_of_line(int count) { return chunk_sum_body(count); }
WARPNUM_HD int chunk_sum(int count) {
  WARPNUM_IF_ELSE_DEVICE((return chunk_sum_out_of_line(count);), (return chunk_sum_body(count);))
}
template <bool Constant> struct ChunkSum {
  WARPNUM_HD Out operator()(const In& in) const { return {chunk_sum(Constant ? 3 : in.count), 0}; }
};
}  // namespace

int main() {
  const std::vector<In> in(32, In{3, 0});
  const int loaded = warpnum::repro::check<ChunkSum<false>>("f5_chunk_min(loaded)", in, 32);
  const int constant = warpnum::repro::check<ChunkSum<true>>("f5_chunk_min", in, 32);
  return loaded == 2 || constant == 2 ? 2 : loaded || constant ? 1 : 0;
}

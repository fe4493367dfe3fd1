// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f6_select_after_call.cu: the smallest reproducer of nvcc fault F6 (and of F3), an NVVM fault: a
// load of a live local object is folded away by the GVN that NVPTX's code generator runs among llc's IR passes.
//
// No warpnum code: a 256-bit value n of eight limbs (alignas(16), as BigUInt<256>) is copied from the input into a
// local, passed by pointer to an out-of-line function (divide(q, r, n, b), as divmod_limbs_device<8>), and then
//     const U mm = (n.l[0] & 1) != 0 ? n : U{{1u}};   // Montgomery::checked: mm = m odd ? m : 1
//     const U one = shl(U{{1u}}, mm.l[7] & 255u);      // R mod m by doublings: 1 << (bit_width(mm) - 1) first
// The PTX (nvcc 13.0.88 -O2 -arch=sm_90 -ptx) never tests n.l[0] after the call: it stores {1, 0, ...} over n's
// local slot and gives mm = 1 for every n (the host: mm = n for an odd n):
//     call.uni  ..._divide..., (param0, param1, param2, param3);   // param2: n, at %SP+96
//     ld.local.u32  %r45, [%rd15+32];                              // divmod(...).rem.l[0] == 12345
//     setp.eq.s32  %p2, %r45, 12345;
//     @%p2 bra  $L__BB0_5;
//     st.local.v4.u32  [%rd25], {%r47, %r48, %r48, %r48};         // {1, 0, 0, 0} over n (%SPL+96), no test
// opt-bisect (-Xcicc --Xopt -Xcicc -opt-bisect-limit=N, each PTX run by tests/compiler/interpret.py) finds the
// pass: right up to pass 195, "Combine redundant instructions", wrong from pass 196, "Global Value Numbering" on the
// kernel: the GVN of NVPTX's straight-line scalar optimisations (Straight line strength reduction, Combine
// redundant instructions, GVN, Nary reassociation, Early CSE), after the GPU Load and Store Vectorizer. The same
// pass, found the same way, first makes wrong the PTX of three more kernels: with powm for even moduli by CRT and
// a division-free Montgomery::checked (a change not in the library), the ten constexpr check groups of
// cases/modular_constexpr.hpp in one kernel (a branch on a predicate register that nothing writes: GVN made the
// condition undef) and prime_256 alone in a kernel (Montgomery::checked(n) no longer tests n: the context is the
// one modulo 1, so every round says "prime"); and f3_select_shift with the library of 9c48af6 (pass 2928 of 3035).
// From the inlining of probe() into its caller on (pass 34), n and the temporary U{{1u}} share one local slot (not
// the stack colouring: -Xcicc=--Xllc,-no-stack-coloring leaves it); the PTX before GVN reads n before the slot is
// reused and is right. NVVM prints no IR (-print-after and the like are rejected), so what GVN saw is not known;
// a lifetime.start of the shared slot between the store of n and the load of n.l[0] would let GVN use undef.
// The source has no undefined behaviour: every object is written before it is read; the host program of this file
// is clean under g++ -fsanitize=undefined,address and under valgrind.
// Wrong: the default, -O3, -Xcicc=--Xllc,-no-stack-coloring (nosc), n a constant instead of a copy of the input.
// Right: -Xcicc -O1 (NVVM then inlines none of probe, divmod and shl; the late GVN runs there too), the control
// without alignas(16) (-kept), n read from global memory with no local copy.
// Result (H200, nvcc 13.0.88, 2026-11-28): REPRODUCED, 18 of 32 wrong (the odd inputs: the device gives mm = 1),
// also with -Xptxas -O0 and with -Xcicc=--Xllc,-no-stack-coloring; right with -Xcicc -O1 and -kept. The PTX run in
// scripts/ptx_interpreter.py (tests/compiler/interpret.py --registers raise) is wrong for the same 18 in the fault,
// O3 and nosc forms and right in O1 and kept: the PTX is already wrong, before ptxas. nvcc 13.5.37 (PTX interpreted
// only): right; its PTX tests n.l[0] (--registers raise stops at a mov.b64 whose undefined high half is not used:
// right with every register fill), as are its PTX of f6_probe and of prime_256 alone.
// build-form: nosc -Xcicc=--Xllc,-no-stack-coloring
// build-form: O3 -O3
// build-form: ptxas-O0 -Xptxas -O0
#include "repro.hpp"

namespace {
#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
struct alignas(16) U {
  std::uint32_t l[8];
};
#else
struct U {
  std::uint32_t l[8];
};
#endif
struct In {
  U n;
};
struct Out {
  std::uint32_t st, m[8];
};
struct Pair {
  U quot, rem;
};

#ifdef __CUDACC__
__device__ __noinline__ void divide(std::uint32_t* q, std::uint32_t* r, const std::uint32_t* a,
                                    const std::uint32_t* b) {
  std::uint32_t s = 0;
  for (int i = 0; i < 8; ++i) s += a[i] * b[i];
  for (int i = 0; i < 8; ++i) r[i] = s + i, q[i] = s - i;
}
#endif
WARPNUM_HD Pair divmod(const U& a, const U& b) {
  Pair r;
  WARPNUM_IF_ELSE_DEVICE((divide(r.quot.l, r.rem.l, a.l, b.l);), (std::uint32_t s = 0;
                                                                   for (int i = 0; i < 8; ++i) s += a.l[i] * b.l[i];
                                                                   for (int i = 0; i < 8; ++i) {
                                                                     r.rem.l[i] = s + i;
                                                                     r.quot.l[i] = s - i;
                                                                   }))
  return r;
}
/// a << s for s < 256, as mpn::shl_n.
WARPNUM_HD U shl(const U& a, unsigned s) {
  U r;
  const int ws = static_cast<int>(s / 32), bs = static_cast<int>(s % 32);
  WARPNUM_NO_UNROLL
  for (int i = 7; i >= ws; --i) {
    std::uint32_t v = a.l[i - ws] << bs;
    if (bs != 0 && i - ws - 1 >= 0) v |= a.l[i - ws - 1] >> (32 - bs);
    r.l[i] = v;
  }
  WARPNUM_NO_UNROLL
  for (int i = ws - 1; i >= 0; --i) r.l[i] = 0;
  return r;
}
WARPNUM_HD U probe(const U& n, std::uint32_t& st) {
  if (divmod(n, U{{1000u}}).rem.l[0] == 12345) return U{};
  const U mm = (n.l[0] & 1) != 0 ? n : U{{1u}};
  const U one = shl(U{{1u}}, mm.l[7] & 255u);
  st = one.l[0] + mm.l[0];
  return mm;
}
struct Probe {
  WARPNUM_HD Out operator()(const In& in) const {
    Out o{};
    const U n = in.n;
    const U m = probe(n, o.st);
    for (int i = 0; i < 8; ++i) o.m[i] = m.l[i];
    return o;
  }
};
}  // namespace

int main() {
  std::vector<In> in(32);
  std::uint64_t state = 6;
  for (auto& x : in) {
    for (auto& limb : x.n.l) limb = static_cast<std::uint32_t>(warpnum::repro::next(state));
  }
  in[0].n = U{{0xfffffc2fu, 0xfffffffeu, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u}};  // secp256k1's p
  return warpnum::repro::check<Probe>("f6_select_after_call", in, 32);
}

// SPDX-License-Identifier: Apache-2.0
// tests/ptx/interp_carry.cu: carry chains of inline PTX, for the test of scripts/ptx_interpreter.py
// (tests/ptx/ptx_interpreter_test.py computes the expected results): a 256-bit addition and subtraction
// (add.cc, addc.cc, addc; sub.cc, subc.cc, subc), a 128 x 128 -> 256-bit product by rows of
// mad.lo.cc / madc.hi.cc / madc.lo.cc chains (the shape of include/warpnum/detail/ptx/mad_row.hpp) summed by an
// add.cc chain, and the other carry forms one at a time. One thread per input.
//   nvcc -std=c++20 -O2 -arch=sm_90 -ptx interp_carry.cu -o interp_carry.ptx
#include <cstdint>

struct In {
  uint32_t a[8], b[8];
};
struct Out {
  uint32_t sum[8], carry, diff[8], borrow, prod[8], misc[8];
};

// r = a + b; returns the carry out.
__device__ uint32_t add256(uint32_t* r, const uint32_t* a, const uint32_t* b) {
  uint32_t c;
  asm("add.cc.u32 %0, %9, %17;"
      "addc.cc.u32 %1, %10, %18;"
      "addc.cc.u32 %2, %11, %19;"
      "addc.cc.u32 %3, %12, %20;"
      "addc.cc.u32 %4, %13, %21;"
      "addc.cc.u32 %5, %14, %22;"
      "addc.cc.u32 %6, %15, %23;"
      "addc.cc.u32 %7, %16, %24;"
      "addc.u32 %8, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(c)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]),
        "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
  return c;
}

// r = a - b; returns 0xffffffff on a borrow out, else 0.
__device__ uint32_t sub256(uint32_t* r, const uint32_t* a, const uint32_t* b) {
  uint32_t c;
  asm("sub.cc.u32 %0, %9, %17;"
      "subc.cc.u32 %1, %10, %18;"
      "subc.cc.u32 %2, %11, %19;"
      "subc.cc.u32 %3, %12, %20;"
      "subc.cc.u32 %4, %13, %21;"
      "subc.cc.u32 %5, %14, %22;"
      "subc.cc.u32 %6, %15, %23;"
      "subc.cc.u32 %7, %16, %24;"
      "subc.u32 %8, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(c)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]),
        "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
  return c;
}

// t[0, 6) = a[0, 4) * b: the even limbs of a in one chain, the odd ones in a second.
__device__ void row(uint32_t* t, const uint32_t* a, uint32_t b) {
  uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
  asm("mad.lo.cc.u32 %0, %6, %10, %0;"
      "madc.hi.cc.u32 %1, %6, %10, %1;"
      "madc.lo.cc.u32 %2, %8, %10, %2;"
      "madc.hi.cc.u32 %3, %8, %10, %3;"
      "addc.u32 %4, %4, 0;"
      "mad.lo.cc.u32 %1, %7, %10, %1;"
      "madc.hi.cc.u32 %2, %7, %10, %2;"
      "madc.lo.cc.u32 %3, %9, %10, %3;"
      "madc.hi.cc.u32 %4, %9, %10, %4;"
      "addc.u32 %5, %5, 0;"
      : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r4), "+r"(r5)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b));
  t[0] = r0, t[1] = r1, t[2] = r2, t[3] = r3, t[4] = r4, t[5] = r5;
}

// p[0, 8) = a[0, 4) * b[0, 4).
__device__ void mul128(uint32_t* p, const uint32_t* a, const uint32_t* b) {
#pragma unroll
  for (int k = 0; k < 8; ++k) p[k] = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    uint32_t t[6];
    row(t, a, b[i]);
    uint32_t c;
    asm("add.cc.u32 %0, %0, %6;"
        "addc.cc.u32 %1, %1, %7;"
        "addc.cc.u32 %2, %2, %8;"
        "addc.cc.u32 %3, %3, %9;"
        "addc.cc.u32 %4, %4, %10;"
        "addc.u32 %5, 0, 0;"
        : "+r"(p[i]), "+r"(p[i + 1]), "+r"(p[i + 2]), "+r"(p[i + 3]), "+r"(p[i + 4]), "=r"(c)
        : "r"(t[0]), "r"(t[1]), "r"(t[2]), "r"(t[3]), "r"(t[4]));
    if (i + 5 < 8) p[i + 5] += c;
  }
}

// The other carry forms, one small asm statement each.
__device__ void misc(uint32_t* m, const uint32_t* a, const uint32_t* b) {
  // m0, m1: hi(a0 b0) + a1 with mad.hi.cc, and its carry
  asm("mad.hi.cc.u32 %0, %2, %3, %4; addc.u32 %1, 0, 0;" : "=r"(m[0]), "=r"(m[1]) : "r"(a[0]), "r"(b[0]), "r"(a[1]));
  // m2: lo(a3 b3) + a4 + carry(a2 + b2) with madc.lo
  asm("{ .reg .u32 t; add.cc.u32 t, %1, %2; madc.lo.u32 %0, %3, %4, %5; }"
      : "=r"(m[2]) : "r"(a[2]), "r"(b[2]), "r"(a[3]), "r"(b[3]), "r"(a[4]));
  // m3: hi(a3 b3) + a4 + carry(a2 + b2) with madc.hi
  asm("{ .reg .u32 t; add.cc.u32 t, %1, %2; madc.hi.u32 %0, %3, %4, %5; }"
      : "=r"(m[3]) : "r"(a[2]), "r"(b[2]), "r"(a[3]), "r"(b[3]), "r"(a[4]));
  // m4: a6 - b6 - borrow(a5 - b5) with subc; m5: 0 - 0 - borrow(a5 - b5)
  asm("{ .reg .u32 t; sub.cc.u32 t, %2, %3; subc.u32 %0, %4, %5; sub.cc.u32 t, %2, %3; subc.u32 %1, 0, 0; }"
      : "=r"(m[4]), "=r"(m[5]) : "r"(a[5]), "r"(b[5]), "r"(a[6]), "r"(b[6]));
  // m6, m7: lo(a0 b1) + a2 + carry(a7 + b7) with madc.lo.cc, and its carry
  asm("{ .reg .u32 t; add.cc.u32 t, %2, %3; madc.lo.cc.u32 %0, %4, %5, %6; addc.u32 %1, 0, 0; }"
      : "=r"(m[6]), "=r"(m[7]) : "r"(a[7]), "r"(b[7]), "r"(a[0]), "r"(b[1]), "r"(a[2]));
}

__global__ void carry_kernel(const In* in, Out* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const In x = in[i];
  Out r;
  r.carry = add256(r.sum, x.a, x.b);
  r.borrow = sub256(r.diff, x.a, x.b);
  mul128(r.prod, x.a, x.b);
  misc(r.misc, x.a, x.b);
  out[i] = r;
}

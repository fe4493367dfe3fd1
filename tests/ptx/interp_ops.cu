// SPDX-License-Identifier: Apache-2.0
// tests/ptx/interp_ops.cu: integer instructions one by one, for the test of scripts/ptx_interpreter.py
// (tests/ptx/ptx_interpreter_test.py computes the expected results): shifts by run-time amounts (also of 32 bits
// and more, by inline PTX, where PTX clamps), funnel shifts, 32- and 64-bit division, bit operations, byte permutes,
// high products, conversions with sign extension, and predicates.
//   nvcc -std=c++20 -O2 -arch=sm_90 -ptx interp_ops.cu -o interp_ops.ptx
#include <cstdint>

struct In {
  uint32_t a, b;
  uint64_t x, y;
  int32_t s;
  uint32_t sh;  // a shift amount, 0 .. 80
};
constexpr int kOut = 48;

__device__ uint32_t shl32(uint32_t v, uint32_t n) {
  uint32_t r;
  asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(n));
  return r;
}
__device__ uint32_t shr32(uint32_t v, uint32_t n) {
  uint32_t r;
  asm("shr.u32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(n));
  return r;
}
__device__ int32_t sar32(int32_t v, uint32_t n) {
  int32_t r;
  asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(n));
  return r;
}
__device__ uint64_t shl64(uint64_t v, uint32_t n) {
  uint64_t r;
  asm("shl.b64 %0, %1, %2;" : "=l"(r) : "l"(v), "r"(n));
  return r;
}
__device__ uint32_t bfe_u(uint32_t v, uint32_t pos, uint32_t len) {
  uint32_t r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(v), "r"(pos), "r"(len));
  return r;
}
__device__ uint32_t bfe_s(uint32_t v, uint32_t pos, uint32_t len) {
  uint32_t r;
  asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(v), "r"(pos), "r"(len));
  return r;
}
__device__ uint32_t bfi(uint32_t a, uint32_t b, uint32_t pos, uint32_t len) {
  uint32_t r;
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(pos), "r"(len));
  return r;
}
__device__ uint32_t bfind(uint32_t v) {
  uint32_t r;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(v));
  return r;
}

__global__ void ops_kernel(const In* in, uint64_t* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const In v = in[i];
  uint64_t* o = out + kOut * i;
  const uint32_t a = v.a, b = v.b, sh = v.sh;
  const uint64_t x = v.x, y = v.y;
  const int32_t s = v.s;
  o[0] = a << (sh & 31);
  o[1] = a >> (sh & 31);
  o[2] = x << (sh & 63);
  o[3] = x >> (sh & 63);
  o[4] = static_cast<uint64_t>(static_cast<int64_t>(x) >> (sh & 63));
  o[5] = static_cast<uint32_t>(s >> (sh & 31));
  o[6] = shl32(a, sh);
  o[7] = shr32(a, sh);
  o[8] = static_cast<uint32_t>(sar32(s, sh));
  o[9] = shl64(x, sh);
  o[10] = __funnelshift_l(a, b, sh);
  o[11] = __funnelshift_lc(a, b, sh);
  o[12] = __funnelshift_r(a, b, sh);
  o[13] = __funnelshift_rc(a, b, sh);
  o[14] = x / (y | 1);
  o[15] = x % (y | 1);
  o[16] = static_cast<uint64_t>(static_cast<int64_t>(x) / static_cast<int64_t>(y | 1));
  o[17] = static_cast<uint64_t>(static_cast<int64_t>(x) % static_cast<int64_t>(y | 1));
  o[18] = a / (b | 1);
  o[19] = a % (b | 1);
  o[20] = static_cast<uint32_t>(s / static_cast<int32_t>(b | 1));
  o[21] = static_cast<uint32_t>(s % static_cast<int32_t>(b | 1));
  o[22] = static_cast<uint32_t>(__clz(static_cast<int>(a)));
  o[23] = static_cast<uint32_t>(__popc(a));
  o[24] = __brev(a);
  o[25] = static_cast<uint32_t>(__ffs(static_cast<int>(a)));
  o[26] = static_cast<uint32_t>(__clzll(static_cast<long long>(x)));
  o[27] = static_cast<uint32_t>(__popcll(x));
  o[28] = __byte_perm(a, b, sh * 0x1234u);
  o[29] = __umulhi(a, b);
  o[30] = __umul64hi(x, y);
  o[31] = static_cast<uint64_t>(a) * b;
  o[32] = static_cast<uint64_t>(static_cast<int64_t>(s) * static_cast<int32_t>(b));
  o[33] = static_cast<uint32_t>(min(s, static_cast<int32_t>(b))) | static_cast<uint64_t>(max(a, b)) << 32;
  o[34] = static_cast<uint32_t>(abs(s));
  o[35] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(a)));
  o[36] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(b)));
  o[37] = static_cast<uint64_t>(static_cast<int64_t>(s));
  o[38] = bfe_u(a, sh & 31, b & 31);
  o[39] = bfe_s(a, sh & 31, b & 31);
  o[40] = bfi(a, b, sh & 31, (sh >> 2) & 31);
  o[41] = bfind(a & b);
  uint32_t flags = 0;
  flags |= (a > b) ? 1u : 0u;
  flags |= (s < 0) ? 2u : 0u;
  flags |= (static_cast<int32_t>(a) < s) ? 4u : 0u;
  flags |= (x >= y) ? 8u : 0u;
  flags |= (static_cast<int64_t>(x) <= static_cast<int64_t>(y)) ? 16u : 0u;
  flags |= ((a & 1) != 0 && (b & 2) == 0) ? 32u : 0u;
  flags |= ((a > b) != (s < 0)) ? 64u : 0u;
  o[42] = flags;
  o[43] = __sad(a, b, sh);
  o[44] = __mulhi(s, static_cast<int32_t>(a));
  o[45] = static_cast<uint64_t>(__mul64hi(static_cast<long long>(x), static_cast<long long>(y)));
  o[46] = static_cast<uint16_t>(a) * static_cast<uint32_t>(static_cast<uint16_t>(b >> 16));
  o[47] = (a ^ ~b) + (x ^ (y >> 3));
}

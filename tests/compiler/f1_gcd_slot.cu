// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f1_gcd_slot.cu: reproducer of nvcc fault F1, gcd inlined into its caller and then a / gcd.
//
// The library runs gcd out of line on the device (gcd_limbs_device, docs/compiler-workarounds.md, "gcd runs out of
// line"). This file undoes that for one width: an explicit specialisation of detail::gcd_limbs calls the binary gcd
// inline, and the kernel computes {gcd(a, b), lcm(a, b)} (lcm = a / gcd(a, b) * b), as the GcdLcm device tests do.
// With -DWARPNUM_REPRO_INLINE_DIVISION the division is inlined too (the library runs it out of line since "Division
// runs out of line"; when the gcd fault was found both were inline). Built with -DWARPNUM_REPRO_KEEP_WORKAROUND it is
// the library's own code (the control). WARPNUM_REPRO_BITS: the width (default 128).
// Result (H100, driver 580.159.04, 2026-11-26): NOT REPRODUCED stand-alone. Every form passed: with nvcc 13.0.88 at
// 128 bits with the division out of line (as the library is) and inline, and at 64 and 256 bits inline; with nvcc
// 13.5.37 the default form.
// PTX evidence (nvcc 13.0.88 -O2 -arch=sm_90 -ptx, the default form): the quotient of a / gcd(a, b) and its divisor,
// the gcd, are given one local slot, %SP+0, in the call of the out-of-line division:
//   st.local.v4.u32  [%rd1], {%r956, %r957, %r958, %r959};   // gcd(a, b) stored at depot offset 0 (%rd1 = %SPL+0)
//   add.u64  %rd487, %SP, 64;                                // a
//   add.u64  %rd486, %SP, 0;                                 // q ...
//   add.s64  %rd467, %rd486, 16;                             // r
//   st.param.b64 [param0+0], %rd486;                         // divmod_limbs_device<4>(q = %SP+0,
//   st.param.b64 [param1+0], %rd467;                         //   r = %SP+16,
//   st.param.b64 [param2+0], %rd487;                         //   a = %SP+64,
//   st.param.b64 [param3+0], %rd486;                         //   b = %SP+0): q and b share one slot
// Two objects alive at once in one slot; here the result is still right (the callee is done with b before it
// writes q).
// In the kernels where the fault was seen (2026-11-21, division inline) it gave a / gcd = 2^32 - 1 instead of 1.
// build-form: inline -DWARPNUM_REPRO_INLINE_DIVISION
// build-form: inline-O1 -DWARPNUM_REPRO_INLINE_DIVISION -Xcicc -O1
// build-form: inline64 -DWARPNUM_REPRO_INLINE_DIVISION -DWARPNUM_REPRO_BITS=64
// build-form: inline256 -DWARPNUM_REPRO_INLINE_DIVISION -DWARPNUM_REPRO_BITS=256
#include <warpnum/bigint.hpp>

#ifndef WARPNUM_REPRO_BITS
#  define WARPNUM_REPRO_BITS 128
#endif
namespace {
constexpr std::size_t bits = WARPNUM_REPRO_BITS;
constexpr int limbs = static_cast<int>(bits / 32);
}  // namespace

#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
namespace warpnum::detail {
template <> WARPNUM_HD constexpr void gcd_limbs<limbs>(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((gcd_n<limb_t, limbs, bgcd_device_fixed<limbs>>(r, a, b); return;), ())
  }
  gcd_n<limb_t, limbs>(r, a, b);
}
#  ifdef WARPNUM_REPRO_INLINE_DIVISION
template <> WARPNUM_HD constexpr void divmod_limbs<limbs>(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  divmod_n<limb_t, limbs>(q, r, a, b);
}
#  endif
}  // namespace warpnum::detail
#endif

#include "repro.hpp"

namespace {
using T = warpnum::BigUInt<bits>;
struct In {
  T a, b;
};
struct Out {
  T gcd, lcm;
};
struct GcdLcm {
  WARPNUM_HD Out operator()(const In& in) const { return {gcd(in.a, in.b), lcm(in.a, in.b)}; }
};
}  // namespace

int main() {
  std::uint64_t state = 0x5eed'f1f1ull;
  std::vector<In> in;
  for (int i = 0; i < 64; ++i) {
    In x{warpnum::repro::random<bits>(state), {}};
    if (i % 2 == 0) {
      x.b = x.a;  // |a| == |b|: a / gcd(a, b) is 1
    } else {
      const T c = T(warpnum::repro::next(state) | 1u);
      x.b = warpnum::repro::random<bits>(state);
      x.a = x.a * c;
      x.b = x.b * c;
    }
    in.push_back(x);
  }
  return warpnum::repro::check<GcdLcm>("f1_gcd_slot", in);
}

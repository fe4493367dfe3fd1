// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f4_barrett_powm.cu: reproducer of nvcc fault F4, 1024-bit Barrett exponentiations in one kernel.
//
// On the device the library takes the 32-limb full product by one Karatsuba step over 16-limb rows
// (docs/compiler-workarounds.md, "The 32-limb full product by a Karatsuba step"). This file undoes that: an explicit
// specialisation of detail::mul_full_limbs<32> takes the 32-limb rows on the device, as before. The kernel is the
// shape of the device tests' PowmOp at 1024 bits: powm with a BigUInt exponent, powm with its low 64 bits
// (std::uint64_t), and powm_checked, for 64 inputs, half of them with an even modulus (Barrett). With
// -DWARPNUM_REPRO_KEEP_WORKAROUND it is the library's own code (the control).
// Result (H100, driver 580.159.04, 2026-11-26): REPRODUCED with nvcc 13.0.88: powm_checked(a, e, m) differs from the
// host for 18 of 64 inputs, while powm(a, e, m) in the same kernel, which computes powm_checked(a, e, m) too, is
// right for all. Right with -Xcicc -O1, with the Karatsuba step kept (-kept), and with nvcc 13.5.37.
// Cause (found by running this PTX in scripts/ptx_interpreter.py, tests/compiler/interpret.py, 2026-11-28): NVVM's
// stack colouring gives two objects of Barrett<1024>::reduce that are live at once one local-memory slot. In
//     const value_type q0(q);
//     const value_type q1 = value_type(q >> static_cast<int>(Bits)) + 1u;
//     value_type r = u0 - q1 * d_;
//     if (r > q0) r += d_;
// q0 (128 bytes) and the temporary q >> Bits (256 bytes) both lie at %SPL+0 (nvcc 13.0.88 -O2 -arch=sm_90 -ptx,
// .func _ZNK7warpnum7BarrettILm1024EE6reduceERKNS_8BasicIntILm2048ELb0EEE):
//     add.u64           %rd1027, %SPL, 0;                     // the temporary q >> Bits
//     add.u64           %rd2, %SPL, 0;                        // q0
//     st.local.v4.u32   [%rd2], {%r5705, %r5704, %r5702, %r5703};  // q0 = low half of q (eight such stores)
//   $L__BB2_15:                                              // the temporary: q's high half, over q0
//     ld.local.u32      %r5766, [%rd1026+128];
//     st.local.u32      [%rd1027], %r5766;
//     ...
//     add.s64           %rd754, %rd2, %rd752;                 // r > q0 reads q0 back: the high half of q
//     ld.local.u32      %r28, [%rd754];
// so `r > q0` compares with the wrong number, and where r + d then wraps past 2^1024 the result is wrong. The
// interpreted PTX is wrong for 18 of 64 inputs, as on the H100, only in `checked` (powm, compiled out of line, is
// right); the -O1, -kept and `nosc` forms (NVVM's stack colouring off: -Xcicc=--Xllc,-no-stack-coloring, which
// warpnum's CMake target passes) are right on all 64.
// build-form: nosc -Xcicc=--Xllc,-no-stack-coloring
#include <warpnum/bigint.hpp>

#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
namespace warpnum::detail {
template <> WARPNUM_HD constexpr void mul_full_limbs<32>(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#  if WARPNUM_HAS_CUDA
  WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_full_rows<32>(r, a, b); return;)
#  endif
  WARPNUM_DETAIL_ON_HOST64(host64::mul_full<32>(r, a, b); return;)
  mul_full_n(r, a, b, 32);
}
}  // namespace warpnum::detail
#endif

#include <warpnum/modular.hpp>

#include "repro.hpp"

namespace {
constexpr std::size_t bits = 1024;
using T = warpnum::BigUInt<bits>;
struct In {
  T a, e, m;
};
struct Out {
  T by_bits, by_u64, checked;
  std::uint32_t status, unused[3];  // no padding: results are compared byte for byte
};
struct Powm {
  WARPNUM_HD Out operator()(const In& in) const {
    const auto e64 = static_cast<std::uint64_t>(warpnum::BigUInt<64>(in.e));
    const auto c = warpnum::powm_checked(in.a, in.e, in.m);
    return {warpnum::powm(in.a, in.e, in.m), warpnum::powm(in.a, e64, in.m), c.value,
            static_cast<std::uint32_t>(c.status), {0, 0, 0}};
  }
};
}  // namespace

int main() {
  std::uint64_t state = 0x5eed'f4f4ull;
  std::vector<In> in;
  for (int i = 0; i < 64; ++i) {
    In x{warpnum::repro::random<bits>(state), warpnum::repro::random<bits>(state), warpnum::repro::random<bits>(state)};
    x.m.limbs_[0] = i % 2 ? (x.m.limbs_[0] | 1u) : (x.m.limbs_[0] & ~1u);  // even moduli: Barrett
    x.m.limbs_[0] |= x.m.limbs_[0] == 0 ? 2u : 0u;
    in.push_back(x);
  }
  return warpnum::repro::check<Powm>("f4_barrett_powm", in);
}

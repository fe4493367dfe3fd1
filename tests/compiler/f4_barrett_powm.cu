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
// PTX evidence (nvcc 13.0.88 -O2 -arch=sm_90 -ptx): the two identical computations are compiled twice, and differ:
//   .func (.param .align 4 .b8 func_retval0[128]) _ZN7warpnum4powmILm1024ELm1024EE...   // powm: out of line, right
//   call.uni (retval0), _ZN7warpnum4powmILm1024ELm1024EE..., (param0, param1, param2);   // by_bits
// while powm_checked is inlined into the kernel (its Barrett context: calls of divmod_limbs_device<64> and <32>,
// then Barrett<1024>::reduce, ::mul, ::sqr out of line, the 32-limb rows inline between them): wrong. The
// instruction where the inlined copy first differs was not located.
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

// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f2_lost_stores.cu: reproducer of nvcc fault F2, stores into an object under construction lost.
//
// The library builds a Montgomery context from local variables at once (Montgomery::checked) and runs the device's
// Montgomery product above 32 limbs out of line (mont_mul_limbs_device): docs/compiler-workarounds.md, "Contexts
// built from local variables" and "Montgomery product above 32 limbs out of line". This file undoes the first for
// 2048 bits: an explicit specialisation of Montgomery<2048>::checked is the earlier form, `Montgomery c{};` then
// stores of status, modulus, -m^-1, R mod m and R^2 mod m into c, then `return c;`. With
// -DWARPNUM_REPRO_INLINE_PRODUCT the product is inlined too (both workarounds undone); with
// -DWARPNUM_REPRO_KEEP_WORKAROUND it is the library's own code (the control). The kernel builds the context from
// each input's odd modulus and writes m, R mod m, R^2 mod m and one Montgomery product a b mod m; with
// -DWARPNUM_REPRO_FULL also a^e mod m and a second context by the constructor, the shape of the device tests'
// MontgomeryDeviceContextOp.
// Result (H100, driver 580.159.04, 2026-11-26): NOT REPRODUCED stand-alone. Every form passed with nvcc 13.0.88 and
// 13.5.37: the context by stores into `c` with the product out of line and inline, in the small kernel and in the
// shape of MontgomeryDeviceContextOp (-DWARPNUM_REPRO_FULL). With no failing kernel there was no lost store to point
// at in the PTX. The fault was seen on 2026-11-22 and 2026-11-23 in kernels of the library as it was then; the code
// around the context (products, division, shifts) has changed since, and may no longer give NVVM that shape here.
// build-form: inline -DWARPNUM_REPRO_INLINE_PRODUCT
// build-form: inline-O1 -DWARPNUM_REPRO_INLINE_PRODUCT -Xcicc -O1
// build-form: full -DWARPNUM_REPRO_FULL
// build-form: full-inline -DWARPNUM_REPRO_FULL -DWARPNUM_REPRO_INLINE_PRODUCT
// build-form: full-O1 -DWARPNUM_REPRO_FULL -Xcicc -O1
#include <warpnum/modular.hpp>

namespace {
constexpr std::size_t bits = 2048;
}

#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
namespace warpnum {
#  ifdef WARPNUM_REPRO_INLINE_PRODUCT
namespace detail {
template <> WARPNUM_HD constexpr void mont_mul_limbs<64, false>(limb_t* r, const limb_t* a, const limb_t* b,
                                                                const limb_t* m, std::uint64_t minv) noexcept {
  mont_mul_portable<64, false>(r, a, b, m, minv);
}
template <> WARPNUM_HD constexpr void mont_mul_limbs<64, true>(limb_t* r, const limb_t* a, const limb_t* b,
                                                               const limb_t* m, std::uint64_t minv) noexcept {
  mont_mul_portable<64, true>(r, a, b, m, minv);
}
}  // namespace detail
#  endif
template <> WARPNUM_HD constexpr Montgomery<bits> Montgomery<bits>::checked(const BigUInt<bits>& m) noexcept {
  Montgomery c{};
  c.status_ = m.is_zero() ? Status::division_by_zero : (m.bit(0) ? Status::ok : Status::invalid_argument);
  const value_type mm = c.status_ == Status::ok ? m : value_type{1};
  // The earlier Montgomery::init(mm), inline: every constant stored into c as it is computed.
  c.m_ = mm;
  c.minv_ = detail::neg_inverse_mod_2_64(static_cast<std::uint64_t>(BigUInt<64>(mm)));
  c.one_ = (value_type{} - mm) % mm;  // R mod m = (R - m) mod m
  constexpr detail::RSquaredSteps steps = detail::r_squared_steps(bits);
  value_type x = c.one_;
  for (int i = 0; i < steps.doublings; ++i) x = detail::add_mod(x, x, c.m_);
  for (int i = 0; i < steps.squarings; ++i) x = c.sqr(x);
  c.r2_ = x;
  return c;
}
}  // namespace warpnum
#endif

#include "repro.hpp"

namespace {
using T = warpnum::BigUInt<bits>;
struct In {
  T m, a, b;
};
#ifndef WARPNUM_REPRO_FULL
struct Out {
  T m, one, r2, product;
};
struct Context {
  WARPNUM_HD Out operator()(const In& in) const {
    const auto c = warpnum::Montgomery<bits>::checked(in.m);
    return {c.modulus(), c.one(), c.r_squared(), c.from_montgomery(c.mul(c.to_montgomery(in.a), c.to_montgomery(in.b)))};
  }
};
#else
struct Out {
  T m, one, r2, product, power, ctor_r2;
  std::uint32_t minv_low, minv_high, unused[2];  // no padding: results are compared byte for byte
};
struct Context {  // b serves as the exponent
  WARPNUM_HD Out operator()(const In& in) const {
    const auto c = warpnum::Montgomery<bits>::checked(in.m);
    const warpnum::Montgomery<bits> k(in.m);  // odd m: the same context, by the constructor
    return {c.modulus(),
            c.one(),
            c.r_squared(),
            c.from_montgomery(c.mul(c.to_montgomery(in.a), c.to_montgomery(in.b))),
            c.from_montgomery(c.pow(c.to_montgomery(in.a), in.b)),
            k.r_squared(),
            static_cast<std::uint32_t>(c.neg_inverse()),
            static_cast<std::uint32_t>(c.neg_inverse() >> 32),
            {0, 0}};
  }
};
#endif
}  // namespace

int main() {
  std::uint64_t state = 0x5eed'f2f2ull;
  std::vector<In> in;
  for (int i = 0; i < 64; ++i) {
    In x{warpnum::repro::random<bits>(state), warpnum::repro::random<bits>(state), warpnum::repro::random<bits>(state)};
    x.m.limbs_[0] |= 1u;
    in.push_back(x);
  }
  return warpnum::repro::check<Context>("f2_lost_stores", in);
}

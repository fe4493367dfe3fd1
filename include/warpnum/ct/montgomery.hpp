// SPDX-License-Identifier: Apache-2.0
// warpnum/ct/montgomery.hpp: ct::Montgomery<Bits>, Montgomery arithmetic whose running time and memory accesses do not
// depend on the values, the modulus included: built without a division, products by constant-time variants,
// sums and differences by masks, exponentiation by fixed windows with a masked table scan, inverses modulo a prime
// by Fermat's little theorem. Host, device and constexpr. What is and is not covered: docs/security.md.
// Errors (docs/errors.md): the constructor throws std::domain_error on the host for an even or zero modulus;
// `checked` and device code give a context working modulo 1 and a Status.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/ct/choice.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/ct/window_pow.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/modular/montgomery.hpp>
#include <warpnum/detail/montgomery/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum::ct {

/// Montgomery arithmetic modulo an odd m (R = 2^Bits) for secret operands, secret exponents and a secret modulus
/// (an RSA prime): the same interface as warpnum::Montgomery, and the same values, with every operation running the
/// same instructions and touching the same memory for all values of its width. The products are Montgomery's in
/// their constant-time form (detail/montgomery/select.hpp: the same code but for the host's Karatsuba blocks at 2048
/// and 4096 bits, about 3 % slower, and the device's small squares); what costs more is the exponentiation (fixed
/// windows over the whole exponent width, each table entry read by a scan of the table, against sliding windows)
/// and the context (doublings instead of a division: one at full width on the host, Bits on the device). Use
/// Montgomery where nothing is secret.
///
/// On the host the modulus's bit length is public (it sets how many doublings build the context; GMP's
/// mpz_powm_sec likewise treats sizes as public); its value, the operands and the exponents are not. Values are
/// Montgomery forms below m, as in Montgomery; to_montgomery takes any value. An even or zero modulus is an error:
/// the constructor throws std::domain_error on the host; `checked` (and the constructor in device code) gives a
/// context whose status() says so and that works modulo 1 (every result 0). The status is the one value derived
/// from the modulus that may decide control flow.
template <std::size_t Bits>
class Montgomery {
 public:
  using value_type = BigUInt<Bits>;
  static constexpr int num_limbs = value_type::num_limbs;

  /// Indeterminate, like `int`; assign a constructed context before use.
  Montgomery() = default;

  /// The context for an odd modulus m. Host: std::domain_error for an even or zero m.
  WARPNUM_HD constexpr explicit Montgomery(const value_type& m) : Montgomery(checked(m)) {
    if (status_ != Status::ok) detail::raise<std::domain_error>("warpnum: ct::Montgomery needs an odd modulus");
  }

  /// The context for m without throwing: status() is Status::division_by_zero for m == 0, Status::invalid_argument
  /// for an even m (the context then works modulo 1), else Status::ok. R mod m by doublings modulo m from 2^(k-1),
  /// k the bit length of m, and R^2 mod m by the squarings of warpnum::Montgomery, each constant-time: no division,
  /// whose steps would depend on m. The bit length k and the status are the values of m treated as public.
  static WARPNUM_HD constexpr Montgomery checked(const value_type& m) noexcept {
    namespace dct = detail::ct;
    const detail::limb_t zero = dct::is_zero_limbs<num_limbs>(m.limbs_);
    const detail::limb_t odd = dct::mask_from_bit(m.limbs_[0]);
    const auto code = static_cast<detail::limb_t>(
        dct::select_word(zero, static_cast<detail::limb_t>(Status::division_by_zero),
                         dct::select_word(odd, static_cast<detail::limb_t>(Status::ok),
                                          static_cast<detail::limb_t>(Status::invalid_argument))));
    const value_type mm = ct::select(Choice::from_mask(odd), m, value_type{1u});
    const std::uint64_t minv = detail::neg_inverse_mod_2_64(static_cast<std::uint64_t>(BigUInt<64>(mm)));
    // 2^(k-1) < m for m of k bits (k public: declassified on the host; 1 on the device, where no declassification
    // point would show in the machine code that scripts/ct_sass_check.py reads), 0 where m = 1, then Bits - k + 1
    // doublings: R mod m. On the host one doubling for a modulus of the full width (an RSA or a field's prime).
    const int k = dct::public_bit_width<num_limbs>(mm.limbs_);
    value_type one{};
    one.set_bit(static_cast<std::size_t>(k - 1));
    one = ct::select(Choice::from_mask(dct::equal_limbs<num_limbs>(mm.limbs_, value_type{1u}.limbs_)), value_type{},
                     one);
    WARPNUM_NO_UNROLL
    for (int i = k - 1; i < static_cast<int>(Bits); ++i) {
      dct::add_mod_limbs<num_limbs>(one.limbs_, one.limbs_, one.limbs_, mm.limbs_);
    }
    constexpr warpnum::detail::RSquaredSteps steps = warpnum::detail::r_squared_steps(Bits);
    value_type x = one;
    WARPNUM_NO_UNROLL
    for (int i = 0; i < steps.doublings; ++i) dct::add_mod_limbs<num_limbs>(x.limbs_, x.limbs_, x.limbs_, mm.limbs_);
    WARPNUM_NO_UNROLL
    for (int i = 0; i < steps.squarings; ++i) x = square(x, mm, minv);
    return Montgomery(mm, one, x, minv, static_cast<Status>(dct::declassify_word(code)));  // the status is public
  }

  /// The modulus (1 for a context whose status is not ok).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return m_; }
  WARPNUM_HD constexpr Status status() const noexcept { return status_; }
  /// -m^-1 mod 2^64.
  WARPNUM_HD constexpr std::uint64_t neg_inverse() const noexcept { return minv_; }
  /// The Montgomery form of 1: R mod m.
  WARPNUM_HD constexpr const value_type& one() const noexcept { return one_; }
  /// R^2 mod m.
  WARPNUM_HD constexpr const value_type& r_squared() const noexcept { return r2_; }

  /// a R mod m, for any a (also a >= m).
  WARPNUM_HD constexpr value_type to_montgomery(const value_type& a) const noexcept { return mul(a, r2_); }
  /// a R^-1 mod m: the ordinary value of a Montgomery form (any a).
  WARPNUM_HD constexpr value_type from_montgomery(const value_type& a) const noexcept { return mul(a, value_type{1u}); }

  /// a b R^-1 mod m, for a b < m R (e.g. both below m).
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, false, true>(r.limbs_, a.limbs_, b.limbs_, m_.limbs_, minv_);
    return r;
  }
  /// a^2 R^-1 mod m.
  WARPNUM_HD constexpr value_type sqr(const value_type& a) const noexcept { return square(a, m_, minv_); }
  /// a^(2^n) R^(1 - 2^n) mod m: n squarings in a row (a itself for n <= 0); at 256 bits on a host with BMI2 and ADX
  /// one call of the generated assembly loop (the same squaring as sqr's, its count public).
  WARPNUM_HD constexpr value_type sqr_n(const value_type& a, int n) const noexcept {
    return detail::mont_sqr_n(*this, a, n);
  }
  /// (a + b) mod m for a, b < m.
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    value_type r;
    detail::ct::add_mod_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_, m_.limbs_);
    return r;
  }
  /// (a - b) mod m for a, b < m.
  WARPNUM_HD constexpr value_type sub(const value_type& a, const value_type& b) const noexcept {
    value_type r;
    detail::ct::sub_mod_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_, m_.limbs_);
    return r;
  }
  /// -a mod m for a < m.
  WARPNUM_HD constexpr value_type neg(const value_type& a) const noexcept { return sub(value_type{}, a); }

  /// x^e in Montgomery form for x in Montgomery form and a secret e: fixed windows over all EBits bits of e's type,
  /// each table entry read by a scan of the whole table (detail/ct/window_pow.hpp). x^0 is one().
  template <std::size_t EBits>
  WARPNUM_HD constexpr value_type pow(const value_type& x, const BigUInt<EBits>& e) const noexcept {
    return detail::ct::window_pow(*this, x, e);
  }
  /// a^e mod m for an ordinary value a (any a) and a secret e, result in ordinary form.
  template <std::size_t EBits>
  WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return from_montgomery(pow(to_montgomery(a), e));
  }
  /// The Montgomery form of the inverse of x (a Montgomery form) modulo a prime m: x^(m - 2) (Fermat's little
  /// theorem), for a secret x and a secret prime alike. x = 0, which has no inverse, gives 0; for a composite m the
  /// result is not an inverse (warpnum::modinv, which is not constant-time, serves there).
  WARPNUM_HD constexpr value_type inverse_prime(const value_type& x) const noexcept {
    value_type e;
    detail::ct::sub_limbs<num_limbs>(e.limbs_, m_.limbs_, value_type{2u}.limbs_);  // m = 1 (a failed context): any e
    return pow(x, e);
  }

 private:
  WARPNUM_HD constexpr Montgomery(const value_type& m, const value_type& one, const value_type& r2, std::uint64_t minv,
                                  Status status) noexcept
      : m_(m), one_(one), r2_(r2), minv_(minv), status_(status) {}

  static WARPNUM_HD constexpr value_type square(const value_type& a, const value_type& m, std::uint64_t minv) noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, true, true>(r.limbs_, a.limbs_, a.limbs_, m.limbs_, minv);
    return r;
  }

  value_type m_;
  value_type one_;
  value_type r2_;
  std::uint64_t minv_;  // -m^-1 mod 2^64
  Status status_;
};

}  // namespace warpnum::ct

// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/montgomery.hpp: Montgomery<Bits>, the context of Montgomery arithmetic modulo an odd number.
// Errors (docs/errors.md): host calls throw std::domain_error; the `_checked` forms and device code return a
// defined value and a Status. Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/add_mod.hpp>
#include <warpnum/detail/modular/montgomery.hpp>
#include <warpnum/detail/montgomery/select.hpp>
#include <warpnum/detail/pow/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum {

namespace detail {

/// How a Montgomery context gets R^2 mod m from R mod m without a division: with Bits = d 2^k (d odd), d
/// doublings give 2^d R, and k Montgomery squarings then give 2^(d 2^k) R = R^2 (1 doubling and 10 squarings
/// at 1024 bits). Montgomery<Bits> and warp::Montgomery<Bits, G> both follow it.
struct RSquaredSteps {
  int doublings;
  int squarings;
};
WARPNUM_HD constexpr RSquaredSteps r_squared_steps(std::size_t bits) noexcept {
  RSquaredSteps s{static_cast<int>(bits), 0};
  while (s.doublings % 2 == 0) {
    s.doublings /= 2;
    ++s.squarings;
  }
  return s;
}

}  // namespace detail

/// Montgomery arithmetic modulo an odd modulus m (R = 2^Bits): values in Montgomery form x R mod m, each
/// multiplication one product and one REDC. The context (modulus, -m^-1 mod 2^64, R mod m, R^2 mod m) is
/// trivially copyable: build it on the host and pass it to kernels by value, or build it in device code.
///
/// mul, sqr, add, sub, neg and pow take and return Montgomery forms below m; to_montgomery takes any value.
/// An even (or zero) modulus is an error: the constructor throws std::domain_error on the host; `checked` (and
/// the constructor in device code) gives a context whose status() says so and that works modulo 1, so every
/// result is 0.
template <std::size_t Bits> class Montgomery {
 public:
  using value_type = BigUInt<Bits>;
  static constexpr int num_limbs = value_type::num_limbs;

  /// Indeterminate, like `int`; assign a constructed context before use.
  Montgomery() = default;

  /// The context for an odd modulus m. Host: std::domain_error for an even or zero m.
  WARPNUM_HD constexpr explicit Montgomery(const value_type& m) : Montgomery(checked(m)) {
    if (status_ != Status::ok)
      detail::raise<std::domain_error>("warpnum: Montgomery needs an odd modulus (use Barrett, or powm, for an even one)");
  }

  /// The context for m without throwing: status() is Status::division_by_zero for m == 0, Status::invalid_argument for
  /// an even m (the context then works modulo 1), else Status::ok.
  ///
  /// Built from local variables once, never by stores into a context under construction, which nvcc 13.0 compiled
  /// wrongly (docs/compiler-workarounds.md, "Contexts built from local variables", 2026-11-23).
  static WARPNUM_HD constexpr Montgomery checked(const value_type& m) noexcept {
    const Status status = m.is_zero() ? Status::division_by_zero : (m.bit(0) ? Status::ok : Status::invalid_argument);
    const value_type mm = status == Status::ok ? m : value_type{1};
    const std::uint64_t minv = detail::neg_inverse_mod_2_64(static_cast<std::uint64_t>(BigUInt<64>(mm)));
    const value_type one = (value_type{} - mm) % mm;  // R mod m = (R - m) mod m
    constexpr detail::RSquaredSteps steps = detail::r_squared_steps(Bits);
    value_type x = one;
    for (int i = 0; i < steps.doublings; ++i) x = detail::add_mod(x, x, mm);
    for (int i = 0; i < steps.squarings; ++i) x = square(x, mm, minv);
    return Montgomery(mm, one, x, minv, status);
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

  /// a b R^-1 mod m (the Montgomery form of the product), for a b < m R (e.g. both below m).
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, false>(r.limbs_, a.limbs_, b.limbs_, m_.limbs_, minv_);
    return r;
  }
  /// a^2 R^-1 mod m (on the host the square's cross products once; on the device the product a a).
  WARPNUM_HD constexpr value_type sqr(const value_type& a) const noexcept { return square(a, m_, minv_); }
  /// a^(2^n) R^(1 - 2^n) mod m: n squarings in a row (a itself for n <= 0); at 256 bits on the host one call of
  /// a loop in assembly.
  WARPNUM_HD constexpr value_type sqr_n(const value_type& a, int n) const noexcept {
    return detail::mont_sqr_n(*this, a, n);
  }
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    return detail::add_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type sub(const value_type& a, const value_type& b) const noexcept {
    return detail::sub_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type neg(const value_type& a) const noexcept { return a.is_zero() ? a : m_ - a; }

  /// x^e in Montgomery form, for x in Montgomery form (sliding windows); x^0 is one().
  template <std::size_t EBits> WARPNUM_HD constexpr value_type pow(const value_type& x, const BigUInt<EBits>& e) const noexcept {
    return detail::window_pow(*this, x, e);
  }
  WARPNUM_HD constexpr value_type pow(const value_type& x, std::uint64_t e) const noexcept { return pow(x, BigUInt<64>(e)); }
  /// a^e mod m for an ordinary value a (any a, also a >= m), result in ordinary form: what powm computes, with
  /// the context built once for many calls.
  template <std::size_t EBits> WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return from_montgomery(pow(to_montgomery(a), e));
  }

 private:
  WARPNUM_HD constexpr Montgomery(const value_type& m, const value_type& one, const value_type& r2, std::uint64_t minv,
                                  Status status) noexcept
      : m_(m), one_(one), r2_(r2), minv_(minv), status_(status) {}

  static WARPNUM_HD constexpr value_type square(const value_type& a, const value_type& m, std::uint64_t minv) noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, true>(r.limbs_, a.limbs_, a.limbs_, m.limbs_, minv);
    return r;
  }

  value_type m_;
  value_type one_;
  value_type r2_;
  std::uint64_t minv_;    // -m^-1 mod 2^64
  Status status_;
};

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/barrett.hpp: Barrett<Bits>, reduction modulo any non-zero number by a precomputed reciprocal.
// Errors (docs/errors.md): host calls throw std::domain_error; the `_checked` forms and device code return a
// defined value and a Status. Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/add_mod.hpp>
#include <warpnum/detail/pow/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum {

/// Barrett-style reduction modulo any non-zero m (Bits <= 32768), values in ordinary form: x mod m for x below
/// m 2^Bits (a product of reduced values) by the multi-word form of Moller and Granlund's division by a
/// precomputed reciprocal (Alg. 4 with the base b = 2^Bits): v = floor((b^2 - 1) / d) - b for the normalised
/// modulus d = m 2^s, then one full product, one low product and at most two corrections; no division. A zero
/// modulus: std::domain_error on the host; `checked` gives status() Status::division_by_zero and a context
/// that works modulo 1.
template <std::size_t Bits> class Barrett {
 public:
  using value_type = BigUInt<Bits>;
  using wide_type = BigUInt<2 * Bits>;

  Barrett() = default;

  WARPNUM_HD constexpr explicit Barrett(const value_type& m) : Barrett(checked(m)) {
    if (status_ != Status::ok) detail::raise<std::domain_error>("warpnum: Barrett: the modulus is zero");
  }

  /// The context for m without throwing: status() is Status::division_by_zero for m == 0, else Status::ok. Built
  /// from local variables once, as Montgomery::checked is (docs/compiler-workarounds.md).
  static WARPNUM_HD constexpr Barrett checked(const value_type& m) noexcept {
    const Status status = m.is_zero() ? Status::division_by_zero : Status::ok;
    const value_type mm = status == Status::ok ? m : value_type{1};
    const int shift = countl_zero(mm);
    const value_type d = mm << shift;
    // floor((b^2 - 1) / d) - b = floor(((b - 1 - d) b + b - 1) / d): the quotient fits in Bits bits.
    wide_type num = wide_type(~d) << static_cast<int>(Bits);
    num |= wide_type(~value_type{});
    const value_type v(num / wide_type(d));
    return Barrett(mm, d, v, shift, status);
  }

  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return m_; }
  WARPNUM_HD constexpr Status status() const noexcept { return status_; }

  /// x mod m for x < m 2^Bits.
  WARPNUM_HD constexpr value_type reduce(const wide_type& x) const noexcept {
    const wide_type xn = x << shift_;
    const value_type u1(xn >> static_cast<int>(Bits));
    const value_type u0(xn);
    // (q1, q0) = v u1 + (u1, u0); q1 + 1 is the quotient or one too large (M&G Alg. 4).
    const wide_type q = mul_wide(v_, u1) + xn;
    const value_type q0(q);
    const value_type q1 = value_type(q >> static_cast<int>(Bits)) + 1u;
    value_type r = u0 - q1 * d_;
    if (r > q0) r += d_;
    if (r >= d_) r -= d_;
    return r >> shift_;
  }
  /// x mod m for any x.
  WARPNUM_HD constexpr value_type reduce(const value_type& x) const noexcept { return reduce(wide_type(x)); }

  /// a b mod m for a, b < m (or any a b < m 2^Bits).
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    return reduce(mul_wide(a, b));
  }
  WARPNUM_HD constexpr value_type sqr(const value_type& a) const noexcept { return reduce(sqr_wide(a)); }
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    return detail::add_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type sub(const value_type& a, const value_type& b) const noexcept {
    return detail::sub_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type neg(const value_type& a) const noexcept { return a.is_zero() ? a : m_ - a; }
  /// 1 mod m.
  WARPNUM_HD constexpr value_type one() const noexcept { return value_type{m_ == value_type{1u} ? 0u : 1u}; }

  /// x^e mod m for x < m (sliding windows).
  template <std::size_t EBits> WARPNUM_HD constexpr value_type pow(const value_type& x, const BigUInt<EBits>& e) const noexcept {
    return detail::window_pow(*this, x, e);
  }
  /// a^e mod m for any a (also a >= m): what powm computes, with the context built once for many calls.
  template <std::size_t EBits> WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return pow(reduce(a), e);
  }

 private:
  WARPNUM_HD constexpr Barrett(const value_type& m, const value_type& d, const value_type& v, int shift, Status status) noexcept
      : m_(m), d_(d), v_(v), shift_(shift), status_(status) {}

  value_type m_;
  value_type d_;
  value_type v_;
  int shift_;
  Status status_;
};

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/boost/eval.hpp: the operations of boost_backend (the eval_* functions Boost.Multiprecision finds by
// argument-dependent lookup), each forwarding to BasicInt's, and the conversions to and from mpz_class.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/boost/backend.hpp>
#include <warpnum/config.hpp>
#include <warpnum/modular.hpp>

#include <boost/multiprecision/detail/integer_ops.hpp>  // powm, gcd, msb, bit_test, divide_qr, ... for integer backends (as gmp.hpp)
#include <boost/multiprecision/number.hpp>
#include <boost/throw_exception.hpp>
#include <boost/version.hpp>

#include <gmpxx.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ios>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>

#if BOOST_VERSION < 107600
#  include <boost/mpl/list.hpp>
#endif

namespace warpnum {

// ---- the backend's operations (found by argument-dependent lookup) -------------------------------------------

namespace detail::boost_adapter {
[[noreturn]] inline void division_by_zero() { BOOST_THROW_EXCEPTION(std::overflow_error("Division by zero.")); }
template <std::size_t Bits, bool Signed> void check_bits(const BasicInt<Bits, Signed>& v) {
  if (v.is_zero()) BOOST_THROW_EXCEPTION(std::range_error("No bits were set in the operand."));
  if constexpr (Signed) {
    if (v.is_negative()) {
      BOOST_THROW_EXCEPTION(
          std::range_error("Testing individual bits in negative values is not supported - results are undefined."));
    }
  }
}
}  // namespace detail::boost_adapter

template <std::size_t B, bool S> constexpr void eval_add(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() += a.value(); }
template <std::size_t B, bool S> constexpr void eval_subtract(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() -= a.value(); }
template <std::size_t B, bool S> constexpr void eval_multiply(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() *= a.value(); }
template <std::size_t B, bool S>
constexpr void eval_add(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() + b.value();
}
template <std::size_t B, bool S>
constexpr void eval_subtract(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() - b.value();
}
template <std::size_t B, bool S>
constexpr void eval_multiply(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() * b.value();
}
/// The widening product: r = a b exactly when r holds 2 B bits or more (boost::multiprecision::multiply into a
/// wider number).
template <std::size_t R, bool RS, std::size_t B, bool S>
  requires(R > B)
void eval_multiply(boost_backend<R, RS>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  if constexpr (R == 2 * B && RS == S) {
    r.value() = mul_wide(a.value(), b.value());
  } else {
    r.value() = BasicInt<R, RS>(a.value()) * BasicInt<R, RS>(b.value());
  }
}
template <std::size_t B, bool S> void eval_divide(boost_backend<B, S>& r, const boost_backend<B, S>& a) {
  if (a.value().is_zero()) detail::boost_adapter::division_by_zero();
  r.value() = divmod(r.value(), a.value()).quot;
}
template <std::size_t B, bool S> void eval_divide(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) {
  if (b.value().is_zero()) detail::boost_adapter::division_by_zero();
  r.value() = divmod(a.value(), b.value()).quot;
}
template <std::size_t B, bool S> void eval_modulus(boost_backend<B, S>& r, const boost_backend<B, S>& a) {
  if (a.value().is_zero()) detail::boost_adapter::division_by_zero();
  r.value() = divmod(r.value(), a.value()).rem;
}
template <std::size_t B, bool S> void eval_modulus(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) {
  if (b.value().is_zero()) detail::boost_adapter::division_by_zero();
  r.value() = divmod(a.value(), b.value()).rem;
}
/// Quotient and remainder in one division (boost::multiprecision::divide_qr).
template <std::size_t B, bool S>
void eval_qr(const boost_backend<B, S>& x, const boost_backend<B, S>& y, boost_backend<B, S>& q, boost_backend<B, S>& r) {
  if (y.value().is_zero()) detail::boost_adapter::division_by_zero();
  const auto d = divmod(x.value(), y.value());
  q.value() = d.quot;
  r.value() = d.rem;
}
/// x mod m for a built-in m (boost::multiprecision::integer_modulus): the remainder's magnitude.
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
I eval_integer_modulus(const boost_backend<B, S>& x, I m) {
  if (m == 0) detail::boost_adapter::division_by_zero();
  using U = BasicInt<B, false>;
  const bool neg = S && x.value().is_negative();
  const U mag(neg ? -x.value() : x.value());
  using UI = std::make_unsigned_t<I>;
  const UI um = m < 0 ? static_cast<UI>(UI{0} - static_cast<UI>(m)) : static_cast<UI>(m);  // |m|, also for the minimum
  return static_cast<I>(static_cast<unsigned long long>(BasicInt<64, false>(mag % U(static_cast<unsigned long long>(um)))));
}

template <std::size_t B, bool S> constexpr void eval_bitwise_and(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() &= a.value(); }
template <std::size_t B, bool S> constexpr void eval_bitwise_or(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() |= a.value(); }
template <std::size_t B, bool S> constexpr void eval_bitwise_xor(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept { r.value() ^= a.value(); }
template <std::size_t B, bool S>
constexpr void eval_bitwise_and(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() & b.value();
}
template <std::size_t B, bool S>
constexpr void eval_bitwise_or(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() | b.value();
}
template <std::size_t B, bool S>
constexpr void eval_bitwise_xor(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = a.value() ^ b.value();
}
template <std::size_t B, bool S> constexpr void eval_complement(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept {
  r.value() = ~a.value();
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
constexpr void eval_left_shift(boost_backend<B, S>& r, I s) noexcept {
  r.value() <<= static_cast<std::uint64_t>(s);
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
constexpr void eval_right_shift(boost_backend<B, S>& r, I s) noexcept {
  r.value() >>= static_cast<std::uint64_t>(s);
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
constexpr void eval_left_shift(boost_backend<B, S>& r, const boost_backend<B, S>& a, I s) noexcept {
  r.value() = a.value() << static_cast<std::uint64_t>(s);
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
constexpr void eval_right_shift(boost_backend<B, S>& r, const boost_backend<B, S>& a, I s) noexcept {
  r.value() = a.value() >> static_cast<std::uint64_t>(s);
}

template <std::size_t B, bool S> constexpr bool eval_is_zero(const boost_backend<B, S>& a) noexcept { return a.value().is_zero(); }
template <std::size_t B, bool S> constexpr int eval_get_sign(const boost_backend<B, S>& a) noexcept {
  if constexpr (S) {
    if (a.value().is_negative()) return -1;
  }
  return a.value().is_zero() ? 0 : 1;
}
template <std::size_t B, bool S> constexpr bool eval_eq(const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  return a.value() == b.value();
}
template <std::size_t B, bool S> constexpr bool eval_lt(const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  return a.value() < b.value();
}
template <std::size_t B, bool S> constexpr bool eval_gt(const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  return a.value() > b.value();
}
template <std::size_t B, bool S> constexpr void eval_abs(boost_backend<B, S>& r, const boost_backend<B, S>& a) noexcept {
  r.value() = abs(a.value());
}
template <std::size_t B, bool S> constexpr void eval_increment(boost_backend<B, S>& r) noexcept { ++r.value(); }
template <std::size_t B, bool S> constexpr void eval_decrement(boost_backend<B, S>& r) noexcept { --r.value(); }

/// Conversion to a built-in with Boost's rules for its fixed-width cpp_int: a signed target saturates at its
/// limits; an unsigned one takes the low bits of a non-negative value and throws std::range_error for a negative
/// one; a floating-point one rounds.
template <detail::boost_adapter::arithmetic R, std::size_t B, bool S> void eval_convert_to(R* result, const boost_backend<B, S>& a) {
  if constexpr (std::is_floating_point_v<R>) {
    *result = static_cast<R>(a.to_long_double());
  } else if constexpr (std::is_same_v<R, bool>) {
    *result = !a.value().is_zero();
  } else if constexpr (detail::boost_adapter::is_signed_integer<R>) {
    if (a.compare(detail::boost_adapter::max_of<R>) > 0) {
      *result = detail::boost_adapter::max_of<R>;
    } else if (a.compare(detail::boost_adapter::min_of<R>) < 0) {
      *result = detail::boost_adapter::min_of<R>;
    } else {
      *result = a.template to_builtin_wrapping<R>();
    }
  } else {
    if constexpr (S) {
      if (a.value().is_negative())
        BOOST_THROW_EXCEPTION(std::range_error("Attempt to assign a negative value to an unsigned type."));
    }
    *result = a.template to_builtin_wrapping<R>();
  }
}

/// The index of the least and the most significant set bit; zero or a negative value: std::range_error.
template <std::size_t B, bool S> unsigned eval_lsb(const boost_backend<B, S>& a) {
  detail::boost_adapter::check_bits(a.value());
  return static_cast<unsigned>(countr_zero(a.value()));
}
template <std::size_t B, bool S> unsigned eval_msb(const boost_backend<B, S>& a) {
  detail::boost_adapter::check_bits(a.value());
  return static_cast<unsigned>(bit_width(a.value()) - 1);
}
/// Bit i of the two's complement value (i at or above Bits: the sign).
template <std::size_t B, bool S> constexpr bool eval_bit_test(const boost_backend<B, S>& a, unsigned i) noexcept {
  if (i >= B) return S && a.value().is_negative();
  return a.value().bit(static_cast<int>(i));
}
template <std::size_t B, bool S> constexpr void eval_bit_set(boost_backend<B, S>& a, unsigned i) noexcept {
  if (i < B) a.value().limbs_[i / 32] |= 1u << (i % 32);
}
template <std::size_t B, bool S> constexpr void eval_bit_unset(boost_backend<B, S>& a, unsigned i) noexcept {
  if (i < B) a.value().limbs_[i / 32] &= ~(1u << (i % 32));
}
template <std::size_t B, bool S> constexpr void eval_bit_flip(boost_backend<B, S>& a, unsigned i) noexcept {
  if (i < B) a.value().limbs_[i / 32] ^= 1u << (i % 32);
}

template <std::size_t B, bool S> void eval_gcd(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = gcd(a.value(), b.value());
}
template <std::size_t B, bool S> void eval_lcm(boost_backend<B, S>& r, const boost_backend<B, S>& a, const boost_backend<B, S>& b) noexcept {
  r.value() = lcm(a.value(), b.value());
}
/// s = floor(sqrt(x)), r = x - s^2; a negative x: std::range_error.
template <std::size_t B, bool S> void eval_integer_sqrt(boost_backend<B, S>& s, boost_backend<B, S>& r, const boost_backend<B, S>& x) {
  if (eval_get_sign(x) < 0) BOOST_THROW_EXCEPTION(std::range_error("Can not take the square root of a negative number."));
  s.value() = isqrt(x.value());
  r.value() = x.value() - s.value() * s.value();
}

/// a^p mod c as Boost's integer powm defines it: each step's remainder truncated (C++'s %), so the result has the
/// sign of a^p and the magnitude |a|^p mod |c|. p < 0: std::runtime_error; c == 0: std::overflow_error.
template <std::size_t B, bool S>
void eval_powm(boost_backend<B, S>& result, const boost_backend<B, S>& a, const boost_backend<B, S>& p, const boost_backend<B, S>& c) {
  using U = BigUInt<B>;
  if (eval_get_sign(p) < 0) BOOST_THROW_EXCEPTION(std::runtime_error("powm requires a positive exponent."));
  if (c.value().is_zero()) detail::boost_adapter::division_by_zero();
  const bool a_neg = S && a.value().is_negative();
  const bool c_neg = S && c.value().is_negative();
  const U mag_a(a_neg ? -a.value() : a.value());
  const U mag_c(c_neg ? -c.value() : c.value());
  const U e(p.value());
  const U r = powm(mag_a, e, mag_c);
  result.value() = typename boost_backend<B, S>::value_type(a_neg && e.bit(0) ? -r : r);
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
void eval_powm(boost_backend<B, S>& result, const boost_backend<B, S>& a, I p, const boost_backend<B, S>& c) {
  if (p < 0) BOOST_THROW_EXCEPTION(std::runtime_error("powm requires a positive exponent."));
  eval_powm(result, a, boost_backend<B, S>(p), c);
}
template <std::size_t B, bool S, class I>
  requires(std::is_integral_v<I>)
void eval_powm(boost_backend<B, S>& result, const boost_backend<B, S>& a, const boost_backend<B, S>& p, I c) {
  eval_powm(result, a, p, boost_backend<B, S>(c));
}
template <std::size_t B, bool S, class I1, class I2>
  requires(std::is_integral_v<I1> && std::is_integral_v<I2>)
void eval_powm(boost_backend<B, S>& result, const boost_backend<B, S>& a, I1 p, I2 c) {
  if (p < 0) BOOST_THROW_EXCEPTION(std::runtime_error("powm requires a positive exponent."));
  eval_powm(result, a, boost_backend<B, S>(p), boost_backend<B, S>(c));
}

template <std::size_t B, bool S> std::size_t hash_value(const boost_backend<B, S>& a) noexcept {
  return std::hash<BasicInt<B, S>>{}(a.value());
}

// ---- mpz_class ------------------------------------------------------------------------------------------------

/// The value of x as an mpz_class (cpp_int and mpz_int convert through Boost's own explicit constructors:
/// `boost::multiprecision::cpp_int(x)`, `boost_int<256>(some_cpp_int)`).
template <std::size_t B, bool S, boost::multiprecision::expression_template_option ET>
mpz_class to_mpz_class(const boost::multiprecision::number<boost_backend<B, S>, ET>& x) {
  const auto& v = x.backend().value();
  const bool neg = S && v.is_negative();
  const BasicInt<B, false> m(neg ? -v : v);
  mpz_class r;
  mpz_import(r.get_mpz_t(), BasicInt<B, false>::num_limbs, -1, sizeof(std::uint32_t), 0, 0, m.limbs_);
  if (neg) r = -r;
  return r;
}
/// z as the number type N (a boost_int or boost_uint), wrapped modulo 2^Bits.
template <class N> N from_mpz_class(const mpz_class& z) {
  using V = typename N::backend_type::value_type;
  BasicInt<V::bits, false> m{};
  mpz_class a = abs(z);
  mpz_class low;
  mpz_fdiv_r_2exp(low.get_mpz_t(), a.get_mpz_t(), V::bits);
  std::size_t count = 0;
  mpz_export(m.limbs_, &count, -1, sizeof(std::uint32_t), 0, 0, low.get_mpz_t());
  N r;
  r.backend().value() = V(sgn(z) < 0 ? -m : m);
  return r;
}

}  // namespace warpnum

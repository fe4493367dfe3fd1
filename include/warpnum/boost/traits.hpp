// SPDX-License-Identifier: Apache-2.0
// warpnum/boost/traits.hpp: what Boost.Multiprecision and the standard library ask of boost_backend's number<>
// types: the number category, no expression templates by default, std::numeric_limits.
#pragma once

#include <warpnum/boost/backend.hpp>

#include <boost/multiprecision/number.hpp>
#include <boost/version.hpp>

#include <cstddef>
#include <limits>
#include <type_traits>

#if BOOST_VERSION < 107600
#  include <boost/mpl/int.hpp>
#endif

namespace boost::multiprecision {

// Boost's traits are mpl integral constants before 1.76, std ones after (its overloads take those exact types).
#if BOOST_VERSION < 107600
template <std::size_t Bits, bool Signed>
struct number_category<warpnum::boost_backend<Bits, Signed>> : public mpl::int_<number_kind_integer> {};
template <std::size_t Bits> struct is_unsigned_number<warpnum::boost_backend<Bits, false>> : public mpl::true_ {};
#else
template <std::size_t Bits, bool Signed>
struct number_category<warpnum::boost_backend<Bits, Signed>> : public std::integral_constant<int, number_kind_integer> {};
template <std::size_t Bits> struct is_unsigned_number<warpnum::boost_backend<Bits, false>> : public std::true_type {};
#endif
template <std::size_t Bits, bool Signed>
struct expression_template_default<warpnum::boost_backend<Bits, Signed>> {
  static constexpr expression_template_option value = et_off;
};

}  // namespace boost::multiprecision

/// numeric_limits of the two's complement (or unsigned) Bits-bit type: [-2^(Bits-1), 2^(Bits-1) - 1] or
/// [0, 2^Bits - 1], modulo arithmetic.
template <std::size_t Bits, bool Signed, boost::multiprecision::expression_template_option ET>
class std::numeric_limits<boost::multiprecision::number<warpnum::boost_backend<Bits, Signed>, ET>> {
  using number_type = boost::multiprecision::number<warpnum::boost_backend<Bits, Signed>, ET>;
  using value_limits = std::numeric_limits<warpnum::BasicInt<Bits, Signed>>;
  static number_type make(const warpnum::BasicInt<Bits, Signed>& v) {
    number_type r;
    r.backend().value() = v;
    return r;
  }

 public:
  static constexpr bool is_specialized = true;
  static number_type(min)() { return make(warpnum::BasicInt<Bits, Signed>::min()); }
  static number_type(max)() { return make(warpnum::BasicInt<Bits, Signed>::max()); }
  static number_type lowest() { return (min)(); }
  static constexpr int digits = value_limits::digits;
  static constexpr int digits10 = value_limits::digits10;
  static constexpr int max_digits10 = value_limits::max_digits10;
  static constexpr bool is_signed = Signed;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr int radix = 2;
  static number_type epsilon() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static number_type round_error() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static constexpr int min_exponent = 0;
  static constexpr int min_exponent10 = 0;
  static constexpr int max_exponent = 0;
  static constexpr int max_exponent10 = 0;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static number_type infinity() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static number_type quiet_NaN() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static number_type signaling_NaN() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static number_type denorm_min() { return make(warpnum::BasicInt<Bits, Signed>{}); }
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = true;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr std::float_round_style round_style = std::round_toward_zero;
};

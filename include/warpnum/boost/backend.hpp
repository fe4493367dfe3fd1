// SPDX-License-Identifier: Apache-2.0
// warpnum/boost/backend.hpp: boost_backend<Bits, Signed>, a Boost.Multiprecision integer backend holding one BasicInt,
// and the number<> types over it (boost_int, boost_uint). Include <warpnum/boost.hpp>, which adds its operations.
#pragma once

#include <warpnum/bigint.hpp>
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

namespace detail::boost_adapter {
// Boost 1.76 moved its backends' type lists from boost::mpl::list to std::tuple.
#if BOOST_VERSION < 107600
template <class... T> using type_list = boost::mpl::list<T...>;
#else
template <class... T> using type_list = std::tuple<T...>;
#endif

// The built-in integers, __int128 included where the compiler has it (std::is_integral does not count it under
// -std=c++20, but Boost's number does).
template <class T> inline constexpr bool is_int128 = false;
#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 int128_type;
__extension__ typedef unsigned __int128 uint128_type;
template <> inline constexpr bool is_int128<int128_type> = true;
template <> inline constexpr bool is_int128<uint128_type> = true;
#  define WARPNUM_BOOST_INT128_TYPES , detail::boost_adapter::int128_type
#  define WARPNUM_BOOST_UINT128_TYPES , detail::boost_adapter::uint128_type
#else
#  define WARPNUM_BOOST_INT128_TYPES
#  define WARPNUM_BOOST_UINT128_TYPES
#endif
template <class T> concept integer = std::is_integral_v<T> || is_int128<T>;
template <class T> concept arithmetic = integer<T> || std::is_floating_point_v<T>;
template <class T> inline constexpr bool is_signed_integer = std::is_signed_v<T>
#if defined(__SIZEOF_INT128__)
    || std::is_same_v<T, int128_type>
#endif
    ;
template <class T> struct unsigned_of { using type = std::make_unsigned_t<T>; };
#if defined(__SIZEOF_INT128__)
template <> struct unsigned_of<int128_type> { using type = uint128_type; };
template <> struct unsigned_of<uint128_type> { using type = uint128_type; };
#endif
template <class T> inline constexpr T max_of = static_cast<T>(
    static_cast<typename unsigned_of<T>::type>(~typename unsigned_of<T>::type{0}) >> (is_signed_integer<T> ? 1 : 0));
template <class T> inline constexpr T min_of = is_signed_integer<T> ? static_cast<T>(-max_of<T> - 1) : T{0};
}  // namespace detail::boost_adapter

/// A Boost.Multiprecision backend holding a BigInt<Bits> (Signed) or BigUInt<Bits>: fixed width, wrapping like
/// Boost's unchecked cpp_int types. Use it through boost_int / boost_uint.
template <std::size_t Bits, bool Signed> class boost_backend {
 public:
  using value_type = BasicInt<Bits, Signed>;
  using signed_types =
      detail::boost_adapter::type_list<signed char, short, int, long, long long WARPNUM_BOOST_INT128_TYPES>;
  using unsigned_types = detail::boost_adapter::type_list<unsigned char, unsigned short, unsigned, unsigned long,
                                                          unsigned long long WARPNUM_BOOST_UINT128_TYPES>;
  using float_types = detail::boost_adapter::type_list<float, double, long double>;

  constexpr boost_backend() noexcept : v_{} {}
  constexpr explicit boost_backend(const value_type& v) noexcept : v_(v) {}
  constexpr boost_backend(const boost_backend&) noexcept = default;
  constexpr boost_backend& operator=(const boost_backend&) noexcept = default;
  /// Another width or signedness of this backend: wrapped or sign-extended as BasicInt's conversion does;
  /// implicit where every value fits (wider, and not signed to unsigned), as for BasicInt.
  template <std::size_t B2, bool S2>
    requires(B2 != Bits || S2 != Signed)
  constexpr explicit(!(B2 < Bits && (S2 == Signed || !S2))) boost_backend(const boost_backend<B2, S2>& o) noexcept
      : v_(value_type(o.value())) {}
  /// Assignment from another width (number::assign, convert_to): wrapped or extended as above.
  template <std::size_t B2, bool S2>
    requires(B2 != Bits || S2 != Signed)
  constexpr boost_backend& operator=(const boost_backend<B2, S2>& o) noexcept {
    v_ = value_type(o.value());
    return *this;
  }

  template <detail::boost_adapter::integer I> constexpr boost_backend(I i) noexcept : v_(make_integer(i)) {}
  template <detail::boost_adapter::integer I> constexpr boost_backend& operator=(I i) noexcept {
    v_ = make_integer(i);
    return *this;
  }
  template <class F>
    requires(std::is_floating_point_v<F>)
  boost_backend& operator=(F f) {
    v_ = from_float(static_cast<long double>(f));
    return *this;
  }
  /// Text as Boost's cpp_int reads it: an optional '-', then "0x"/"0X" and hex digits, or a leading '0' and octal
  /// digits, or decimal digits; wrapped modulo 2^Bits. Anything else: std::runtime_error.
  boost_backend& operator=(const char* s) {
    v_ = parse(s);
    return *this;
  }

  void swap(boost_backend& o) noexcept { std::swap(v_, o.v_); }
  constexpr const value_type& value() const noexcept { return v_; }
  constexpr value_type& value() noexcept { return v_; }

  /// Decimal, or hex/oct (std::ios_base::hex, oct) with showbase and uppercase; showpos puts '+' before a
  /// non-negative decimal. A negative value in hex or oct: std::runtime_error, as for Boost's cpp_int.
  std::string str(std::streamsize /*digits*/, std::ios_base::fmtflags f) const {
    const int base = (f & std::ios_base::oct) == std::ios_base::oct ? 8 : (f & std::ios_base::hex) == std::ios_base::hex ? 16 : 10;
    if (base == 10) {
      std::string s = to_string(v_, 10);
      if (s[0] != '-' && (f & std::ios_base::showpos)) s.insert(s.begin(), '+');
      return s;
    }
    if constexpr (Signed) {
      if (v_.is_negative())
        BOOST_THROW_EXCEPTION(std::runtime_error("Base 8 or 16 printing of negative numbers is not supported."));
    }
    std::string s = to_string(BasicInt<Bits, false>(v_), base);
    if (f & std::ios_base::uppercase)
      for (char& c : s) c = static_cast<char>(c >= 'a' && c <= 'f' ? c - 'a' + 'A' : c);
    if (f & std::ios_base::showbase) s.insert(0, base == 8 ? "0" : (f & std::ios_base::uppercase) ? "0X" : "0x");
    return s;
  }

  constexpr void negate() noexcept { v_ = -v_; }
  constexpr int compare(const boost_backend& o) const noexcept { return warpnum::compare(v_, o.v_); }
  template <detail::boost_adapter::arithmetic A> int compare(A a) const {
    if constexpr (std::is_floating_point_v<A>) {
      const long double x = to_long_double();
      return x < a ? -1 : x > a ? 1 : 0;
    } else {
      // The built-in's mathematical value against ours: through the wider of the two types.
      if constexpr (detail::boost_adapter::is_signed_integer<A> && !Signed) {
        if (a < 0) return 1;
      }
      if constexpr (!detail::boost_adapter::is_signed_integer<A> && Signed) {
        if (v_.is_negative()) return -1;
      }
      if constexpr (sizeof(A) * 8 > Bits) {
        const A mine = to_builtin_wrapping<A>();
        return mine < a ? -1 : mine > a ? 1 : 0;
      } else {
        return warpnum::compare(v_, make_integer(a));
      }
    }
  }

  /// The value as a long double (rounded by the conversion of each word).
  long double to_long_double() const noexcept {
    const bool neg = Signed && v_.is_negative();
    const BasicInt<Bits, false> m(neg ? -v_ : v_);
    long double r = 0;
    for (int i = value_type::num_limbs - 1; i >= 0; --i) r = r * 4294967296.0L + m.limbs_[i];
    return neg ? -r : r;
  }
  /// The low bits of the value as A (two's complement wrap).
  template <class A> A to_builtin_wrapping() const noexcept {
    using U = typename detail::boost_adapter::unsigned_of<A>::type;
    U r = 0;
    for (int i = 0; i < value_type::num_limbs && i * 32 < static_cast<int>(sizeof(U) * 8); ++i)
      r = static_cast<U>(r | (static_cast<U>(v_.limbs_[i]) << (i * 32)));
    return static_cast<A>(r);
  }

 private:
  template <class I> static constexpr value_type make_integer(I i) noexcept {
    if constexpr (detail::boost_adapter::is_int128<I>) {
      // Its 32-bit words, sign-extended (or zero-extended) to the width.
      using U = typename detail::boost_adapter::unsigned_of<I>::type;
      const U u = static_cast<U>(i);
      const bool negative = detail::boost_adapter::is_signed_integer<I> && i < 0;
      BasicInt<Bits, false> r{};
      for (int k = 0; k < value_type::num_limbs; ++k)
        r.limbs_[k] = k < 4 ? static_cast<std::uint32_t>(u >> (32 * k)) : (negative ? ~std::uint32_t{0} : 0u);
      return value_type(r);
    } else if constexpr (std::is_same_v<I, bool>) {
      return value_type(static_cast<unsigned>(i));
    } else if constexpr (sizeof(I) * 8 > Bits) {
      return value_type(BasicInt<sizeof(I) * 8 < 64 ? 64 : sizeof(I) * 8, std::is_signed_v<I>>(i));
    } else if constexpr (std::is_same_v<I, char> || std::is_same_v<I, wchar_t> || std::is_same_v<I, char8_t> ||
                         std::is_same_v<I, char16_t> || std::is_same_v<I, char32_t>) {
      return value_type(static_cast<std::conditional_t<std::is_signed_v<I>, long long, unsigned long long>>(i));
    } else {
      return value_type(i);
    }
  }

  static value_type from_float(long double f) {
    if (!std::isfinite(f)) BOOST_THROW_EXCEPTION(std::runtime_error("Cannot convert a non-finite number to an integer."));
    const bool neg = f < 0;
    long double a = std::trunc(neg ? -f : f);
    // a = m 2^e with m an integer of at most 64 bits: take 32 bits at a time from the top.
    BasicInt<Bits, false> r{};
    if (a >= 1) {
      int e = 0;
      const long double frac = std::frexp(a, &e);  // a = frac 2^e, 0.5 <= frac < 1
      long double m = frac;
      int bits = e;
      while (m != 0 && bits > 0) {
        m = std::ldexp(m, 32);
        const long double word = std::floor(m);
        m -= word;
        const int shift = bits - 32;
        BasicInt<Bits, false> w(static_cast<std::uint32_t>(word));
        r += shift >= 0 ? (w << static_cast<unsigned>(shift)) : (w >> static_cast<unsigned>(-shift));
        bits -= 32;
      }
    }
    return value_type(neg ? -r : r);
  }

  static value_type parse(const char* s) {
    std::size_t n = s != nullptr ? std::strlen(s) : 0;
    bool negative = false;
    if (n != 0 && *s == '-') {
      negative = true;
      ++s;
      --n;
    }
    unsigned radix = 10;
    if (n != 0 && *s == '0') {
      if (n > 1 && (s[1] == 'x' || s[1] == 'X')) {
        radix = 16;
        s += 2;
        n -= 2;
      } else {
        radix = 8;
        ++s;
        --n;
      }
    }
    BasicInt<Bits, false> r{};
    for (; n != 0; ++s, --n) {
      const char c = *s;
      const unsigned d = c >= '0' && c <= '9'   ? static_cast<unsigned>(c - '0')
                         : c >= 'a' && c <= 'f' ? static_cast<unsigned>(c - 'a' + 10)
                         : c >= 'A' && c <= 'F' ? static_cast<unsigned>(c - 'A' + 10)
                                                : 99u;
      if (d >= radix) BOOST_THROW_EXCEPTION(std::runtime_error("Unexpected content found while parsing character string."));
      r = r * BasicInt<Bits, false>(radix) + BasicInt<Bits, false>(d);
    }
    return value_type(negative ? -r : r);
  }

  value_type v_;
};

/// number<> over warpnum, without expression templates (like Boost's fixed-width cpp_int types).
template <std::size_t Bits>
using boost_int = boost::multiprecision::number<boost_backend<Bits, true>, boost::multiprecision::et_off>;
template <std::size_t Bits>
using boost_uint = boost::multiprecision::number<boost_backend<Bits, false>, boost::multiprecision::et_off>;

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/boost.hpp: BigInt and BigUInt as a Boost.Multiprecision backend, so that code written for
// boost::multiprecision::int1024_t switches to warpnum by one typedef:
//
//   using Int = warpnum::boost_int<1024>;      // was: boost::multiprecision::int1024_t
//   Int a = 1, b("0x123456789abcdef");
//   Int c = powm(a + b, b, Int(1000000007));   // Boost's free functions work: powm, gcd, lcm, sqrt, msb, ...
//
// Host code only; needs Boost.Multiprecision's headers (Debian's 1.74 and Boost 1.81 are tested).
//
// Where warpnum's two's complement and Boost's signed-magnitude int1024_t differ (docs/errors.md):
// - the range: boost_int<Bits> holds [-2^(Bits-1), 2^(Bits-1) - 1] (numeric_limits says so); int1024_t holds
//   [-(2^Bits - 1), 2^Bits - 1]. Results wrap modulo 2^Bits, as Boost's unchecked types truncate;
// - bitwise operations, shifts and bit tests of negative values act on the two's complement bits (int1024_t
//   emulates the same for & | ^ ~, and its >> of a negative value rounds toward -infinity like ours); lsb, msb
//   of a negative value throw std::range_error, as Boost's do.
//
// Errors are thrown as Boost.Multiprecision throws its own, by BOOST_THROW_EXCEPTION, rather than through warpnum's
// one throw point (detail/raise.hpp): some of them come from Boost's generic code around the backend, and a program
// must get them all one way: as a boost::wrapexcept<E> (caught as E, or as boost::exception) with exceptions, and
// through the program's own boost::throw_exception under BOOST_NO_EXCEPTIONS.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
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

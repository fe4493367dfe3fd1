// SPDX-License-Identifier: Apache-2.0
// warpnum/fp.hpp: Fp<Bits, Modulus>, an element of a prime field with a compile-time modulus, for curve and
// zero-knowledge code: the operators of a number, Montgomery multiplication underneath. Host, constexpr, device.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace warpnum {

/// An element of Z/pZ for the compile-time odd modulus p = Modulus > 1, e.g.
/// `inline constexpr BigUInt<256> p256{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};`
/// `using F = Fp<256, p256>;`. Name the modulus as a variable like this: nvcc 13.0 rejects the string literal
/// written inside the template argument list (its host pass re-emits the literal as a char array), g++ accepts it.
/// Held in Montgomery form (R = 2^Bits), so `*` is one Montgomery multiplication; the context (-p^-1, R^2 mod p)
/// is computed at compile time. Trivially copyable, the size of a BigUInt<Bits>; `Fp{}` is zero.
///
/// Division and `inverse` need p prime (not checked; for a composite p they fail like a zero divisor where no
/// inverse exists): the inverse of zero is std::domain_error on the host and zero on the device. Nothing here
/// runs in constant time.
template <std::size_t Bits, BigUInt<Bits> Modulus> class Fp {
  static_assert(Modulus.bit(0) && Modulus != BigUInt<Bits>{1u}, "warpnum: Fp needs an odd modulus above 1");

 public:
  using value_type = BigUInt<Bits>;
  static constexpr std::size_t bits = Bits;

  /// The Montgomery context of p, a constant.
  static WARPNUM_HD constexpr Montgomery<Bits> context() noexcept {
    constexpr Montgomery<Bits> ctx = Montgomery<Bits>::checked(Modulus);
    return ctx;
  }
  static WARPNUM_HD constexpr value_type modulus() noexcept { return Modulus; }

  /// Indeterminate, like `int`; `Fp{}` is zero.
  Fp() = default;
  /// x mod p, for any x.
  WARPNUM_HD constexpr explicit Fp(const value_type& x) noexcept : mont_(context().to_montgomery(x)) {}
  /// A built-in integer mod p; a negative x gives p - (|x| mod p).
  template <detail::builtin_integer I> WARPNUM_HD constexpr Fp(I x) noexcept : Fp(reduced(magnitude(x))) {
    if (x < 0) *this = -*this;
  }

  /// The element whose Montgomery form is `raw` (below p).
  static WARPNUM_HD constexpr Fp from_montgomery(const value_type& raw) noexcept {
    Fp f;
    f.mont_ = raw;
    return f;
  }
  /// The Montgomery form x R mod p.
  WARPNUM_HD constexpr const value_type& montgomery() const noexcept { return mont_; }
  /// The canonical value, below p.
  WARPNUM_HD constexpr value_type value() const noexcept { return context().from_montgomery(mont_); }
  WARPNUM_HD constexpr explicit operator value_type() const noexcept { return value(); }

  static WARPNUM_HD constexpr Fp zero() noexcept { return from_montgomery(value_type{}); }
  static WARPNUM_HD constexpr Fp one() noexcept { return from_montgomery(context().one()); }
  WARPNUM_HD constexpr bool is_zero() const noexcept { return mont_.is_zero(); }

  friend WARPNUM_HD constexpr Fp operator+(const Fp& a, const Fp& b) noexcept {
    return from_montgomery(context().add(a.mont_, b.mont_));
  }
  friend WARPNUM_HD constexpr Fp operator-(const Fp& a, const Fp& b) noexcept {
    return from_montgomery(context().sub(a.mont_, b.mont_));
  }
  friend WARPNUM_HD constexpr Fp operator*(const Fp& a, const Fp& b) noexcept {
    return from_montgomery(context().mul(a.mont_, b.mont_));
  }
  /// a * inverse(b); b == 0: std::domain_error on the host, zero on the device.
  friend WARPNUM_HD constexpr Fp operator/(const Fp& a, const Fp& b) { return a * inverse(b); }
  WARPNUM_HD constexpr Fp operator-() const noexcept { return from_montgomery(context().neg(mont_)); }
  WARPNUM_HD constexpr Fp operator+() const noexcept { return *this; }

  WARPNUM_HD constexpr Fp& operator+=(const Fp& b) noexcept { return *this = *this + b; }
  WARPNUM_HD constexpr Fp& operator-=(const Fp& b) noexcept { return *this = *this - b; }
  WARPNUM_HD constexpr Fp& operator*=(const Fp& b) noexcept { return *this = *this * b; }
  WARPNUM_HD constexpr Fp& operator/=(const Fp& b) { return *this = *this / b; }

  friend WARPNUM_HD constexpr bool operator==(const Fp& a, const Fp& b) noexcept { return a.mont_ == b.mont_; }

  /// x^2.
  friend WARPNUM_HD constexpr Fp square(const Fp& x) noexcept { return from_montgomery(context().sqr(x.mont_)); }
  /// x^e (sliding windows); x^0 is one.
  template <std::size_t EBits> friend WARPNUM_HD constexpr Fp pow(const Fp& x, const BigUInt<EBits>& e) noexcept {
    return from_montgomery(context().pow(x.mont_, e));
  }
  friend WARPNUM_HD constexpr Fp pow(const Fp& x, std::uint64_t e) noexcept { return pow(x, BigUInt<64>(e)); }

  /// x^-1 without throwing: {0, Status::not_invertible} for x == 0 (or no inverse, for a composite modulus).
  friend WARPNUM_HD constexpr Checked<Fp> inverse_checked(const Fp& x) noexcept {
    const auto r = modinv_checked(x.value(), Modulus);
    return {Fp(r.value), r.status};
  }
  /// x^-1 by modinv (Pornin's binary GCD). x == 0: std::domain_error on the host, zero on the device.
  friend WARPNUM_HD constexpr Fp inverse(const Fp& x) {
    const auto r = inverse_checked(x);
    if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: Fp: the inverse of zero does not exist");
    return r.value;
  }

  /// The canonical value in `base` (2 to 36), like to_string of a BigUInt.
  friend std::string to_string(const Fp& x, int base = 10) { return to_string(x.value(), base); }
  friend std::ostream& operator<<(std::ostream& os, const Fp& x) { return os << x.value(); }

 private:
  template <detail::builtin_integer I> static WARPNUM_HD constexpr std::uint64_t magnitude(I x) noexcept {
    if constexpr (std::is_signed_v<I>) {
      return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
    } else {
      return static_cast<std::uint64_t>(x);
    }
  }

  /// m mod p as a value_type (a BigUInt narrower than 64 bits cannot hold every m).
  static WARPNUM_HD constexpr value_type reduced(std::uint64_t m) noexcept {
    if constexpr (Bits >= 64) {
      return value_type(m);
    } else {
      return value_type(BigUInt<64>(m) % BigUInt<64>(Modulus));
    }
  }

  value_type mont_;
};

}  // namespace warpnum

/// std::hash over the Montgomery form (one element, one form).
template <std::size_t Bits, warpnum::BigUInt<Bits> Modulus> struct std::hash<warpnum::Fp<Bits, Modulus>> {
  std::size_t operator()(const warpnum::Fp<Bits, Modulus>& x) const noexcept {
    return std::hash<warpnum::BigUInt<Bits>>{}(x.montgomery());
  }
};

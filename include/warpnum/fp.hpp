// SPDX-License-Identifier: Apache-2.0
// warpnum/fp.hpp: PrimeField<Params> and Fp<Bits, Modulus>, an element of a prime field with a compile-time
// modulus, for curve and zero-knowledge code: the operators of a number, Montgomery multiplication underneath. Host,
// constexpr, device. The named fields (BN254, BLS12-381, secp256k1, P-256, Ed25519) are in warpnum/fields.hpp.
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
#include <type_traits>

namespace warpnum {

/// A type that names a prime field: a `static constexpr` BigUInt member `modulus` (odd, above 1), e.g.
/// `struct MyField { static constexpr BigUInt<256> modulus{"0x30644e72...f0000001"}; };`. The field is as wide as
/// the modulus's type.
template <class Params>
concept prime_field_params = requires {
  Params::modulus;
  requires detail::is_basic_int<std::remove_cvref_t<decltype(Params::modulus)>>;
  requires !std::remove_cvref_t<decltype(Params::modulus)>::is_signed;
};

/// An element of Z/pZ for the compile-time odd modulus p = Params::modulus > 1, e.g. `using Fr = BN254Fr;`
/// (`PrimeField<BN254FrParams>`, warpnum/fields.hpp) or `PrimeField<MyField>` for a parameter type of one's own.
/// Because the field is named by a type, it may be a template argument of a kernel:
/// `my_kernel<PrimeField<MyField>><<<blocks, threads>>>(...)` compiles under nvcc. `Fp<Bits, Modulus>` below is the
/// same class with the modulus given as a value.
///
/// Held in Montgomery form (R = 2^Bits), so `*` is one Montgomery multiplication; the context (-p^-1, R^2 mod p)
/// is computed at compile time. Trivially copyable, the size of a BigUInt<Bits>; `PrimeField{}` is zero.
///
/// Division and `inverse` need p prime (not checked; for a composite p they fail like a zero divisor where no
/// inverse exists): the inverse of zero is std::domain_error on the host and zero on the device. Nothing here
/// runs in constant time.
template <prime_field_params Params> class PrimeField {
 public:
  using params_type = Params;
  using value_type = std::remove_cvref_t<decltype(Params::modulus)>;
  static constexpr std::size_t bits = value_type::bits;

 private:
  static_assert(Params::modulus.bit(0) && Params::modulus != value_type{1u},
                "warpnum: a prime field needs an odd modulus above 1");

 public:
  /// The Montgomery context of p, a constant.
  static WARPNUM_HD constexpr Montgomery<bits> context() noexcept {
    constexpr Montgomery<bits> ctx = Montgomery<bits>::checked(Params::modulus);
    return ctx;
  }
  /// p.
  static WARPNUM_HD constexpr value_type modulus() noexcept {
    constexpr value_type p = Params::modulus;
    return p;
  }

  /// Indeterminate, like `int`; `PrimeField{}` is zero.
  PrimeField() = default;
  /// x mod p, for any x.
  WARPNUM_HD constexpr explicit PrimeField(const value_type& x) noexcept : mont_(context().to_montgomery(x)) {}
  /// A built-in integer mod p; a negative x gives p - (|x| mod p).
  template <detail::builtin_integer I>
  WARPNUM_HD constexpr PrimeField(I x) noexcept : PrimeField(reduced(magnitude(x))) {
    if (x < 0) *this = -*this;
  }

  /// The element whose Montgomery form is `raw` (below p).
  static WARPNUM_HD constexpr PrimeField from_montgomery(const value_type& raw) noexcept {
    PrimeField f;
    f.mont_ = raw;
    return f;
  }
  /// The Montgomery form x R mod p.
  WARPNUM_HD constexpr const value_type& montgomery() const noexcept { return mont_; }
  /// The canonical value, below p.
  WARPNUM_HD constexpr value_type value() const noexcept { return context().from_montgomery(mont_); }
  WARPNUM_HD constexpr explicit operator value_type() const noexcept { return value(); }

  static WARPNUM_HD constexpr PrimeField zero() noexcept { return from_montgomery(value_type{}); }
  static WARPNUM_HD constexpr PrimeField one() noexcept { return from_montgomery(context().one()); }
  WARPNUM_HD constexpr bool is_zero() const noexcept { return mont_.is_zero(); }

  friend WARPNUM_HD constexpr PrimeField operator+(const PrimeField& a, const PrimeField& b) noexcept {
    return from_montgomery(context().add(a.mont_, b.mont_));
  }
  friend WARPNUM_HD constexpr PrimeField operator-(const PrimeField& a, const PrimeField& b) noexcept {
    return from_montgomery(context().sub(a.mont_, b.mont_));
  }
  friend WARPNUM_HD constexpr PrimeField operator*(const PrimeField& a, const PrimeField& b) noexcept {
    return from_montgomery(context().mul(a.mont_, b.mont_));
  }
  /// a * inverse(b); b == 0: std::domain_error on the host, zero on the device.
  friend WARPNUM_HD constexpr PrimeField operator/(const PrimeField& a, const PrimeField& b) {
    return a * inverse(b);
  }
  WARPNUM_HD constexpr PrimeField operator-() const noexcept { return from_montgomery(context().neg(mont_)); }
  WARPNUM_HD constexpr PrimeField operator+() const noexcept { return *this; }

  WARPNUM_HD constexpr PrimeField& operator+=(const PrimeField& b) noexcept { return *this = *this + b; }
  WARPNUM_HD constexpr PrimeField& operator-=(const PrimeField& b) noexcept { return *this = *this - b; }
  WARPNUM_HD constexpr PrimeField& operator*=(const PrimeField& b) noexcept { return *this = *this * b; }
  WARPNUM_HD constexpr PrimeField& operator/=(const PrimeField& b) { return *this = *this / b; }

  friend WARPNUM_HD constexpr bool operator==(const PrimeField& a, const PrimeField& b) noexcept {
    return a.mont_ == b.mont_;
  }

  /// x^2.
  friend WARPNUM_HD constexpr PrimeField square(const PrimeField& x) noexcept {
    return from_montgomery(context().sqr(x.mont_));
  }
  /// x^e (sliding windows); x^0 is one.
  template <std::size_t EBits>
  friend WARPNUM_HD constexpr PrimeField pow(const PrimeField& x, const BigUInt<EBits>& e) noexcept {
    return from_montgomery(context().pow(x.mont_, e));
  }
  friend WARPNUM_HD constexpr PrimeField pow(const PrimeField& x, std::uint64_t e) noexcept {
    return pow(x, BigUInt<64>(e));
  }

  /// x^-1 without throwing: {0, Status::not_invertible} for x == 0 (or no inverse, for a composite modulus).
  friend WARPNUM_HD constexpr Checked<PrimeField> inverse_checked(const PrimeField& x) noexcept {
    const auto r = modinv_checked(x.value(), modulus());
    return {PrimeField(r.value), r.status};
  }
  /// x^-1 by modinv (Pornin's binary GCD). x == 0: std::domain_error on the host, zero on the device.
  friend WARPNUM_HD constexpr PrimeField inverse(const PrimeField& x) {
    const auto r = inverse_checked(x);
    if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: Fp: the inverse of zero does not exist");
    return r.value;
  }

  /// The canonical value in `base` (2 to 36), like to_string of a BigUInt.
  friend std::string to_string(const PrimeField& x, int base = 10) { return to_string(x.value(), base); }
  friend std::ostream& operator<<(std::ostream& os, const PrimeField& x) { return os << x.value(); }

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
    if constexpr (bits >= 64) {
      return value_type(m);
    } else {
      return value_type(BigUInt<64>(m) % BigUInt<64>(modulus()));
    }
  }

  value_type mont_;
};

namespace detail {
/// The parameter type of Fp<Bits, Modulus>.
template <std::size_t Bits, BigUInt<Bits> Modulus> struct modulus_params {
  static constexpr BigUInt<Bits> modulus = Modulus;
};
}  // namespace detail

/// The prime field of an odd modulus given as a value: `inline constexpr BigUInt<256> p{"0xffff...ffff"};`
/// `using F = Fp<256, p>;`. Name the modulus as a variable like this: nvcc 13.0 rejects the string literal written
/// inside the template argument list (its host pass re-emits the literal as a char array), g++ accepts it.
/// The same class as PrimeField<Params>, except in one place: nvcc 13.0 cannot launch a kernel whose template
/// arguments hold an Fp<Bits, Modulus>, because its host stub spells the modulus as a braced array
/// (`BasicInt<256, false>{unsigned int [8]{...}}`), which is not C++. Template kernels on PrimeField<Params>.
template <std::size_t Bits, BigUInt<Bits> Modulus> using Fp = PrimeField<detail::modulus_params<Bits, Modulus>>;

}  // namespace warpnum

/// std::hash over the Montgomery form (one element, one form).
template <class Params> struct std::hash<warpnum::PrimeField<Params>> {
  std::size_t operator()(const warpnum::PrimeField<Params>& x) const noexcept {
    return std::hash<typename warpnum::PrimeField<Params>::value_type>{}(x.montgomery());
  }
};

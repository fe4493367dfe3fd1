// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/basic_int.hpp: the class BasicInt<Bits, Signed> (BigUInt and BigInt): storage, construction,
// conversions, the operators and the bit queries. Include <warpnum/bigint.hpp>, which adds the operations.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/add/select.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/bigint/parse_text.hpp>
#include <warpnum/detail/mpn/shift.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mul/select.hpp>
#include <warpnum/status.hpp>

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace warpnum {

/// A fixed-width integer of `Bits` bits (a multiple of 32, from 32 to 65536), stored as little-endian 32-bit
/// limbs. Unsigned (`Signed == false`) wraps modulo 2^Bits like `unsigned`; signed is two's complement and
/// wraps the same way (overflow is defined, unlike `int`). Use the aliases `BigUInt<Bits>` and `BigInt<Bits>`.
///
/// Trivially copyable and standard-layout, `sizeof` is exactly Bits / 8, so arrays move with cudaMemcpy.
/// Like `int`, a default-initialised value is indeterminate (so it can live in `__shared__` memory);
/// value-initialise (`BigUInt<256> x{};`) for zero.
template <std::size_t Bits, bool Signed> class BasicInt;

/// Unsigned fixed-width integer, wrapping modulo 2^Bits.
template <std::size_t Bits> using BigUInt = BasicInt<Bits, false>;
/// Signed fixed-width integer in two's complement.
template <std::size_t Bits> using BigInt = BasicInt<Bits, true>;

namespace detail {

template <class T> inline constexpr bool is_basic_int = false;
template <std::size_t B, bool S> inline constexpr bool is_basic_int<BasicInt<B, S>> = true;

/// Built-in integer types, `bool` and character types excepted.
template <class T>
concept builtin_integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char> &&
                          !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t> &&
                          !std::same_as<T, wchar_t>;

}  // namespace detail

template <std::size_t Bits, bool Signed> class alignas(Bits % 128 == 0 ? 16 : (Bits % 64 == 0 ? 8 : 4)) BasicInt {
  static_assert(Bits % 32 == 0 && Bits >= 32 && Bits <= 65536,
                "warpnum: Bits must be a multiple of 32 from 32 to 65536 (32768 for operands of mul_wide)");

 public:
  using limb_type = detail::limb_t;
  /// Width in bits.
  static constexpr std::size_t bits = Bits;
  /// Number of 32-bit limbs.
  static constexpr int num_limbs = static_cast<int>(Bits / 32);
  static constexpr bool is_signed = Signed;

  /// The limbs, least significant first. Public only so that BasicInt is a structural type and can be a
  /// template argument (`Fp<256, p>`); use `limb()` and `data()`.
  limb_type limbs_[num_limbs];

  /// Leaves the value indeterminate, like `int`; `BasicInt{}` is zero.
  BasicInt() = default;

  /// From any built-in integer: sign-extended from a signed type, zero-extended from an unsigned one, and
  /// wrapped modulo 2^Bits. Implicit unless the built-in type is wider than Bits.
  template <detail::builtin_integer T>
  WARPNUM_HD constexpr explicit(sizeof(T) * 8 > Bits) BasicInt(T value) noexcept : limbs_{} {
    // Sign- or zero-extend to 64 bits first, then spread over the limbs.
    using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    const auto u = static_cast<std::uint64_t>(static_cast<Wide>(value));
    const limb_type fill = (std::is_signed_v<T> && value < 0) ? ~limb_type{0} : limb_type{0};
    limbs_[0] = static_cast<limb_type>(u);
    for (int i = 1; i < num_limbs; ++i) limbs_[i] = i == 1 ? static_cast<limb_type>(u >> 32) : fill;
  }

  /// From another width or signedness: sign-extended from a signed source, zero-extended from an unsigned
  /// one, truncated when narrowing. Implicit only when every value of the source is representable here
  /// (wider, and not signed to unsigned).
  template <std::size_t B2, bool S2>
    requires(B2 != Bits || S2 != Signed)
  WARPNUM_HD constexpr explicit(!(B2 < Bits && (S2 == Signed || !S2))) BasicInt(const BasicInt<B2, S2>& other) noexcept
      : limbs_{} {
    constexpr int n2 = BasicInt<B2, S2>::num_limbs;
    const limb_type fill = (S2 && (other.limbs_[n2 - 1] >> 31) != 0) ? ~limb_type{0} : 0;
    for (int i = 0; i < num_limbs; ++i) limbs_[i] = i < n2 ? other.limbs_[i] : fill;
  }

  /// Parses text: an optional '-' (signed types only), then an optional prefix 0x, 0b or 0o (either case),
  /// then at least one digit of that base (decimal without a prefix). No spaces, '+' or separators.
  /// Throws std::invalid_argument naming the first bad character, or std::out_of_range if the value does not
  /// fit.
  explicit BasicInt(std::string_view text);

  /// Parses a string literal at compile time, by the rules of the string_view constructor; a malformed or
  /// out-of-range literal fails to compile. `constexpr BigUInt<256> p{"0xffff...2f"};`
  template <std::size_t N>
  WARPNUM_HD consteval explicit BasicInt(const char (&literal)[N]) : limbs_{} {
    if (detail::parse_text<Signed>(limbs_, num_limbs, literal, N - 1).status != Status::ok)
      detail::invalid_warpnum_literal_see_docs_errors_md();
  }

  /// The largest value: 2^Bits - 1, or 2^(Bits-1) - 1 for signed.
  WARPNUM_HD static constexpr BasicInt max() noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = ~limb_type{0};
    if constexpr (Signed) r.limbs_[num_limbs - 1] = 0x7fffffffu;
    return r;
  }
  /// The smallest value: 0, or -2^(Bits-1) for signed.
  WARPNUM_HD static constexpr BasicInt min() noexcept {
    BasicInt r{};
    if constexpr (Signed) r.limbs_[num_limbs - 1] = 0x80000000u;
    return r;
  }

  /// Limb i (0 is least significant).
  WARPNUM_HD constexpr limb_type limb(int i) const noexcept { return limbs_[i]; }
  WARPNUM_HD constexpr limb_type* data() noexcept { return limbs_; }
  WARPNUM_HD constexpr const limb_type* data() const noexcept { return limbs_; }

  /// True for a negative signed value (always false for unsigned).
  WARPNUM_HD constexpr bool is_negative() const noexcept {
    if constexpr (Signed) {
      return (limbs_[num_limbs - 1] >> 31) != 0;
    } else {
      return false;
    }
  }
  /// Bit i (0 is least significant) of the two's complement pattern.
  WARPNUM_HD constexpr bool bit(std::size_t i) const noexcept {
    return i < Bits && ((limbs_[i / 32] >> (i % 32)) & 1u) != 0;
  }
  /// Sets or clears bit i; i >= Bits does nothing.
  WARPNUM_HD constexpr void set_bit(std::size_t i, bool value = true) noexcept {
    if (i >= Bits) return;
    const limb_type mask = limb_type{1} << (i % 32);
    limbs_[i / 32] = value ? (limbs_[i / 32] | mask) : (limbs_[i / 32] & ~mask);
  }
  WARPNUM_HD constexpr bool is_zero() const noexcept {
    // From the top, stopping at the first non-zero limb: one load for most values (division asks first).
    WARPNUM_HOST_UNROLL
    for (int i = num_limbs - 1; i >= 0; --i) {
      if (limbs_[i] != 0) return false;
    }
    return true;
  }

  // ---- conversions out ----

  WARPNUM_HD constexpr explicit operator bool() const noexcept { return !is_zero(); }

  /// To a built-in integer: the low bits, like a cast between built-in integers.
  template <detail::builtin_integer T> WARPNUM_HD constexpr explicit operator T() const noexcept {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (int i = 0; i < num_limbs && i * 32 < static_cast<int>(sizeof(T) * 8); ++i)
      u = static_cast<U>(u | (static_cast<U>(limbs_[i]) << (i * 32 % (sizeof(U) * 8))));
    if constexpr (sizeof(T) * 8 > Bits) {
      // Sign-extend a negative value into the wider built-in type.
      if (is_negative()) u = static_cast<U>(u | (~U{0} << Bits));
    }
    return static_cast<T>(u);
  }

  /// To double, rounded to nearest (ties to even); +-infinity beyond double's range.
  WARPNUM_HD constexpr explicit operator double() const noexcept;

  // ---- compound assignment and increments ----

  WARPNUM_HD constexpr BasicInt& operator+=(const BasicInt& b) noexcept { return *this = *this + b; }
  WARPNUM_HD constexpr BasicInt& operator-=(const BasicInt& b) noexcept { return *this = *this - b; }
  WARPNUM_HD constexpr BasicInt& operator*=(const BasicInt& b) noexcept { return *this = *this * b; }
  WARPNUM_HD constexpr BasicInt& operator/=(const BasicInt& b) { return *this = *this / b; }
  WARPNUM_HD constexpr BasicInt& operator%=(const BasicInt& b) { return *this = *this % b; }
  WARPNUM_HD constexpr BasicInt& operator&=(const BasicInt& b) noexcept { return *this = *this & b; }
  WARPNUM_HD constexpr BasicInt& operator|=(const BasicInt& b) noexcept { return *this = *this | b; }
  WARPNUM_HD constexpr BasicInt& operator^=(const BasicInt& b) noexcept { return *this = *this ^ b; }
  WARPNUM_HD constexpr BasicInt& operator<<=(std::uint64_t s) noexcept { return *this = *this << s; }
  WARPNUM_HD constexpr BasicInt& operator>>=(std::uint64_t s) noexcept { return *this = *this >> s; }
  WARPNUM_HD constexpr BasicInt& operator++() noexcept {
    detail::mpn::add_1(limbs_, limbs_, num_limbs, limb_type{1});
    return *this;
  }
  WARPNUM_HD constexpr BasicInt& operator--() noexcept {
    detail::mpn::sub_1(limbs_, limbs_, num_limbs, limb_type{1});
    return *this;
  }
  WARPNUM_HD constexpr BasicInt operator++(int) noexcept {
    BasicInt old = *this;
    ++*this;
    return old;
  }
  WARPNUM_HD constexpr BasicInt operator--(int) noexcept {
    BasicInt old = *this;
    --*this;
    return old;
  }

  // ---- arithmetic (hidden friends, so built-in integers convert on either side) ----

  friend WARPNUM_HD constexpr BasicInt operator+(const BasicInt& a) noexcept { return a; }
  friend WARPNUM_HD constexpr BasicInt operator-(const BasicInt& a) noexcept {
    BasicInt r;
    detail::mpn::neg_n(r.limbs_, a.limbs_, num_limbs);
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator~(const BasicInt& a) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = ~a.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr bool operator!(const BasicInt& a) noexcept { return a.is_zero(); }

  friend WARPNUM_HD constexpr BasicInt operator+(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::add_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator-(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::sub_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  /// The product modulo 2^Bits (the same bits for signed and unsigned).
  friend WARPNUM_HD constexpr BasicInt operator*(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::mul_low_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  /// Truncating division (toward zero). b == 0: std::domain_error on the host; on the device the quotient
  /// has every bit set (see divmod_checked).
  friend WARPNUM_HD constexpr BasicInt operator/(const BasicInt& a, const BasicInt& b) { return divmod(a, b).quot; }
  /// Remainder with the sign of the dividend. b == 0: std::domain_error on the host; the dividend on the device.
  friend WARPNUM_HD constexpr BasicInt operator%(const BasicInt& a, const BasicInt& b) { return divmod(a, b).rem; }

  friend WARPNUM_HD constexpr BasicInt operator&(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] & b.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator|(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] | b.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator^(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] ^ b.limbs_[i];
    return r;
  }
  /// Left shift; s >= Bits gives zero.
  friend WARPNUM_HD constexpr BasicInt operator<<(const BasicInt& a, std::uint64_t s) noexcept {
    BasicInt r;
    detail::mpn::shl_n(r.limbs_, a.limbs_, num_limbs, s);
    return r;
  }
  /// Right shift: logical for unsigned, arithmetic for signed; s >= Bits gives 0 (or -1 for negative).
  friend WARPNUM_HD constexpr BasicInt operator>>(const BasicInt& a, std::uint64_t s) noexcept {
    BasicInt r;
    detail::mpn::shr_n(r.limbs_, a.limbs_, num_limbs, s, a.is_negative() ? ~limb_type{0} : limb_type{0});
    return r;
  }

  // ---- comparison: <=> for host code; the named operators also work in device code ----

  friend WARPNUM_HD constexpr bool operator==(const BasicInt& a, const BasicInt& b) noexcept {
    limb_type diff = 0;
    for (int i = 0; i < num_limbs; ++i) diff |= a.limbs_[i] ^ b.limbs_[i];
    return diff == 0;
  }
  friend WARPNUM_HD constexpr bool operator!=(const BasicInt& a, const BasicInt& b) noexcept { return !(a == b); }
  friend WARPNUM_HD constexpr bool operator<(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) < 0; }
  friend WARPNUM_HD constexpr bool operator<=(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) <= 0; }
  friend WARPNUM_HD constexpr bool operator>(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) > 0; }
  friend WARPNUM_HD constexpr bool operator>=(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) >= 0; }
  friend constexpr std::strong_ordering operator<=>(const BasicInt& a, const BasicInt& b) noexcept {
    const int c = compare(a, b);
    return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }
};

// ---- named functions ----

/// -1, 0 or 1 as a is less than, equal to or greater than b.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr int compare(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  if constexpr (Signed) {
    const bool na = a.is_negative();
    if (na != b.is_negative()) return na ? -1 : 1;
  }
  return detail::mpn::cmp_n(a.limbs_, b.limbs_, BasicInt<Bits, Signed>::num_limbs);
}

template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int popcount(const BasicInt<Bits, Signed>& a) noexcept {
  int n = 0;
  for (int i = 0; i < BasicInt<Bits, Signed>::num_limbs; ++i) n += detail::popcount_word(a.limbs_[i]);
  return n;
}

/// Leading zero bits of the bit pattern; Bits for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int countl_zero(const BasicInt<Bits, Signed>& a) noexcept {
  constexpr int n = BasicInt<Bits, Signed>::num_limbs;
  for (int i = n - 1; i >= 0; --i) {
    if (a.limbs_[i] != 0) return (n - 1 - i) * 32 + detail::countl_zero_word(a.limbs_[i]);
  }
  return static_cast<int>(Bits);
}

/// Trailing zero bits; Bits for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int countr_zero(const BasicInt<Bits, Signed>& a) noexcept {
  return static_cast<int>(detail::mpn::countr_zero_n(a.limbs_, BasicInt<Bits, Signed>::num_limbs));
}

/// Bits - countl_zero: the number of bits needed to write the pattern, 0 for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int bit_width(const BasicInt<Bits, Signed>& a) noexcept {
  return static_cast<int>(Bits) - countl_zero(a);
}

// ---- out-of-class members ----

template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed>::operator double() const noexcept {
  using U = BasicInt<Bits, false>;
  const bool negative = is_negative();
  const U mag = negative ? U(-*this) : U(*this);
  const int width = bit_width(mag);
  double result;
  if (width <= 64) {
    result = static_cast<double>(static_cast<std::uint64_t>(mag));
  } else if (width > 1024) {
    result = __builtin_huge_val();
  } else {
    // The top 64 bits, with a sticky bit for everything below, round exactly as the whole number would.
    const int shift = width - 64;
    std::uint64_t top = static_cast<std::uint64_t>(mag >> static_cast<std::uint64_t>(shift));
    if (countr_zero(mag) < shift) top |= 1;
    result = static_cast<double>(top);
    for (int s = shift; s > 0; s -= 32) result *= (s >= 32 ? 4294967296.0 : static_cast<double>(std::uint64_t{1} << s));
  }
  return negative ? -result : result;
}

}  // namespace warpnum

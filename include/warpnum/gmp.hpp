// SPDX-License-Identifier: Apache-2.0
// warpnum/gmp.hpp: conversions between GMP's integers (mpz_t, mpz_class) and BigUInt, BigInt and GF2n.
//
//   mpz_class z = warpnum::to_mpz_class(x);                       // BigUInt, BigInt (signed values) or GF2n
//   auto y = warpnum::from_mpz<warpnum::BigInt<256>>(z);          // std::out_of_range if z does not fit
//   auto w = warpnum::from_mpz_wrapping<warpnum::BigUInt<256>>(z); // z mod 2^256, as BigUInt<256>{wider} does
//
// The limbs move by mpz_import and mpz_export, with no text in between: as 64-bit words where the limb count is even,
// which GMP copies whole (a 4096-bit number in 11 ns each way, against 275 ns as 32-bit words, which GMP moves a
// byte at a time; g++ 12, GMP 6.2, 2026-11-26). from_mpz_wrapping of a larger integer reads GMP's limbs directly.
// Host code only: GMP is a host library. A program that includes this header links GMP and gmpxx: in CMake the
// target warpnum::gmp, by hand -lgmpxx -lgmp.
//
// These overloads live beside integer.hpp's from_mpz / to_mpz / to_mpz_class for Integer and boost.hpp's
// to_mpz_class / from_mpz_class for boost_int and boost_uint; each call picks its own by the argument's type or the
// explicit template argument. Errors (docs/errors.md): a value outside the target type throws std::out_of_range
// naming the type and the fix; from_mpz_checked reports it as Status::out_of_range instead.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/status.hpp>

#include <gmp.h>
#include <gmpxx.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace warpnum {

namespace detail::gmp {

template <class T> inline constexpr bool is_gf2n = false;
template <int N, Poly P> inline constexpr bool is_gf2n<GF2n<N, P>> = true;

static_assert(GMP_NAIL_BITS == 0 && GMP_NUMB_BITS % 32 == 0, "warpnum/gmp.hpp needs GMP built without nails");

/// The word size mpz_import and mpz_export use for N 32-bit limbs: 8 bytes where N is even on a little-endian host
/// with 64-bit GMP limbs (the same bytes; GMP then copies whole limbs, where 4-byte words go a byte at a time: 25
/// times slower at 4096 bits), else 4.
template <int N>
inline constexpr std::size_t word_bytes =
    (N % 2 == 0 && std::endian::native == std::endian::little && sizeof(mp_limb_t) == 8) ? 8 : 4;

/// out = the unsigned number of the N little-endian limbs (its zero top limbs skipped).
template <int N> void import_limbs(mpz_ptr out, const limb_t* limbs) {
  int n = N;
  while (n > 0 && limbs[n - 1] == 0) --n;
  constexpr std::size_t bytes = word_bytes<N>;
  const std::size_t words = bytes == 8 ? (static_cast<std::size_t>(n) + 1) / 2 : static_cast<std::size_t>(n);
  mpz_import(out, words, -1, bytes, 0, 0, limbs);
}

/// The N limbs (zeroed first) = |z|, which must have at most 32 N bits.
template <int N> void export_limbs(limb_t* limbs, mpz_srcptr z) {
  for (int i = 0; i < N; ++i) limbs[i] = 0;
  std::size_t count = 0;
  mpz_export(limbs, &count, -1, word_bytes<N>, 0, 0, z);
}

/// The N limbs = |z| mod 2^(32 N), read from GMP's own limbs: mpz_export would write every word of a larger |z|.
template <int N> void low_limbs(limb_t* limbs, mpz_srcptr z) {
  const mp_limb_t* d = mpz_limbs_read(z);
  const std::size_t size = mpz_size(z);
  constexpr int per = GMP_NUMB_BITS / 32;  // 32-bit limbs in a GMP limb
  for (int i = 0; i < N; ++i) {
    const std::size_t k = static_cast<std::size_t>(i / per);
    limbs[i] = k < size ? static_cast<limb_t>(d[k] >> (32 * (i % per))) : 0u;
  }
}

/// "BigUInt<256>", "BigInt<96>", "GF2n<233>".
inline std::string int_name(std::size_t bits, bool is_signed) {
  return (is_signed ? "BigInt<" : "BigUInt<") + std::to_string(bits) + ">";
}

/// The message of from_mpz's std::out_of_range for a BasicInt (out of line: one copy for every width).
[[gnu::noinline, gnu::cold]] inline std::string int_range_message(mpz_srcptr z, std::size_t bits, bool is_signed) {
  const std::string type = int_name(bits, is_signed);
  const std::string wrap = "from_mpz_wrapping<" + type + "> to reduce it modulo 2^" + std::to_string(bits);
  if (!is_signed && mpz_sgn(z) < 0) {
    return "warpnum: from_mpz: a negative integer does not fit in " + type + "; use " + int_name(bits, true) +
           ", or " + wrap + " (its two's complement)";
  }
  const std::string range = is_signed ? "[-2^" + std::to_string(bits - 1) + ", 2^" + std::to_string(bits - 1) + " - 1]"
                                      : "[0, 2^" + std::to_string(bits) + " - 1]";
  return "warpnum: from_mpz: a " + std::string(mpz_sgn(z) < 0 ? "negative " : "") +
         std::to_string(mpz_sizeinbase(z, 2)) + "-bit integer does not fit in " + type + ", whose range is " + range +
         "; use a wider type, or " + wrap;
}

/// The message of from_mpz's std::out_of_range for a GF2n<N>.
[[gnu::noinline, gnu::cold]] inline std::string field_range_message(mpz_srcptr z, int n) {
  const std::string type = "GF2n<" + std::to_string(n) + ">";
  if (mpz_sgn(z) < 0) {
    return "warpnum: from_mpz: a negative integer is not an element of " + type +
           " (bit i of a non-negative integer is the coefficient of x^i)";
  }
  return "warpnum: from_mpz: the integer has a coefficient at x^" + std::to_string(mpz_sizeinbase(z, 2) - 1) +
         ", beyond " + type + " (bit i is the coefficient of x^i: reduce the polynomial modulo P first)";
}

/// Whether z is a value of BasicInt<Bits, Signed>.
template <std::size_t Bits, bool Signed> bool fits(mpz_srcptr z) {
  const int sign = mpz_sgn(z);
  if (sign == 0) return true;
  const std::size_t bits = mpz_sizeinbase(z, 2);  // of |z|
  if constexpr (!Signed) {
    return sign > 0 && bits <= Bits;
  } else {
    // [-2^(Bits-1), 2^(Bits-1) - 1]: fewer than Bits bits, or exactly -2^(Bits-1) (one bit set, at Bits - 1).
    return bits < Bits || (sign < 0 && bits == Bits && mpz_scan1(z, 0) == Bits - 1);
  }
}

}  // namespace detail::gmp

// ---- to GMP ----

/// out = x: the value of a BigUInt, or of a BigInt (negative where x is). `out` must be initialised (mpz_init).
template <std::size_t Bits, bool Signed> void to_mpz(mpz_ptr out, const BasicInt<Bits, Signed>& x) {
  using U = BasicInt<Bits, false>;
  const bool negative = x.is_negative();
  const U magnitude{negative ? -x : x};  // -min() is min() again, whose bits as U are 2^(Bits-1): the magnitude
  detail::gmp::import_limbs<U::num_limbs>(out, magnitude.limbs_);
  if (negative) mpz_neg(out, out);
}

/// out = the coefficients of x as an integer: bit i is the coefficient of x^i (so 0 <= out < 2^N). `out` must be
/// initialised (mpz_init).
template <int N, Poly P> void to_mpz(mpz_ptr out, const GF2n<N, P>& x) {
  using F = GF2n<N, P>;
  int n = F::num_words;
  while (n > 0 && x.words_[n - 1] == 0) --n;
  mpz_import(out, static_cast<std::size_t>(n), -1, sizeof(typename F::word_type), 0, 0, x.words_);
}

/// x as an mpz_class (see to_mpz).
template <std::size_t Bits, bool Signed> mpz_class to_mpz_class(const BasicInt<Bits, Signed>& x) {
  mpz_class z;
  to_mpz(z.get_mpz_t(), x);
  return z;
}

/// x's coefficients as an mpz_class: bit i is the coefficient of x^i (see to_mpz).
template <int N, Poly P> mpz_class to_mpz_class(const GF2n<N, P>& x) {
  mpz_class z;
  to_mpz(z.get_mpz_t(), x);
  return z;
}

// ---- from GMP ----

/// z as T without throwing: {the value, Status::ok} where z is a value of T; otherwise Status::out_of_range with
/// the value from_mpz_wrapping gives (z mod 2^Bits) for a BigUInt or BigInt, and for a GF2n<N> the bits of |z| below
/// N. T: BigUInt<Bits>, BigInt<Bits> or GF2n<N, P>. Ranges: BigUInt [0, 2^Bits - 1], BigInt [-2^(Bits-1),
/// 2^(Bits-1) - 1], GF2n<N> [0, 2^N - 1] (bit i the coefficient of x^i). For a GF2n whose P could not be proved
/// irreducible at compile time, the first call proves it (GF2n::check_field: std::invalid_argument if it is not).
template <class T>
  requires(detail::is_basic_int<T> || detail::gmp::is_gf2n<T>)
Checked<T> from_mpz_checked(mpz_srcptr z) {
  Checked<T> r{T{}, Status::ok};
  if constexpr (detail::is_basic_int<T>) {
    if (detail::gmp::fits<T::bits, T::is_signed>(z)) {
      detail::gmp::export_limbs<T::num_limbs>(r.value.limbs_, z);
    } else {
      detail::gmp::low_limbs<T::num_limbs>(r.value.limbs_, z);
      r.status = Status::out_of_range;
    }
    if (mpz_sgn(z) < 0) r.value = -r.value;
  } else {
    using W = typename T::word_type;
    T::check_field();
    if (mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= static_cast<std::size_t>(T::degree)) {
      std::size_t count = 0;
      mpz_export(r.value.words_, &count, -1, sizeof(W), 0, 0, z);
    } else {
      // The bits of |z| below N, as 32-bit limbs, into the field's words.
      BasicInt<(static_cast<std::size_t>(T::degree) + 31) / 32 * 32, false> low;
      detail::gmp::low_limbs<decltype(low)::num_limbs>(low.limbs_, z);
      for (int i = 0; i < T::degree; ++i) {
        if (low.bit(static_cast<std::size_t>(i))) r.value.words_[i / T::word_bits] |= W{1} << (i % T::word_bits);
      }
      r.status = Status::out_of_range;
    }
  }
  return r;
}

/// from_mpz_checked for an mpz_class (or a GMP expression, evaluated first).
template <class T>
  requires(detail::is_basic_int<T> || detail::gmp::is_gf2n<T>)
Checked<T> from_mpz_checked(const mpz_class& z) {
  return from_mpz_checked<T>(z.get_mpz_t());
}

/// z as T, where T is BigUInt<Bits>, BigInt<Bits> or GF2n<N, P> (bit i of z the coefficient of x^i). A z outside
/// T's range (see from_mpz_checked; a negative z for BigUInt and GF2n) throws std::out_of_range naming the type and
/// the fix (from_mpz_checked reports it without throwing).
template <class T>
  requires(detail::is_basic_int<T> || detail::gmp::is_gf2n<T>)
T from_mpz(mpz_srcptr z) {
  const Checked<T> r = from_mpz_checked<T>(z);
  if (r.status != Status::ok) {
    if constexpr (detail::is_basic_int<T>) {
      detail::raise<std::out_of_range>(detail::gmp::int_range_message(z, T::bits, T::is_signed).c_str());
    } else {
      detail::raise<std::out_of_range>(detail::gmp::field_range_message(z, T::degree).c_str());
    }
  }
  return r.value;
}

/// from_mpz for an mpz_class (or a GMP expression, evaluated first).
template <class T>
  requires(detail::is_basic_int<T> || detail::gmp::is_gf2n<T>)
T from_mpz(const mpz_class& z) {
  return from_mpz<T>(z.get_mpz_t());
}

/// z modulo 2^Bits as T = BigUInt<Bits> or BigInt<Bits>: never fails. A negative z gives its two's complement (a
/// BigUInt gets 2^Bits - |z| mod 2^Bits), a z beyond the range keeps its low Bits bits: the rule of the explicit
/// narrowing conversions between widths (BigUInt<128>{some_BigUInt<256>}) and of arithmetic overflow.
template <class T>
  requires detail::is_basic_int<T>
T from_mpz_wrapping(mpz_srcptr z) {
  return from_mpz_checked<T>(z).value;
}

/// from_mpz_wrapping for an mpz_class (or a GMP expression, evaluated first).
template <class T>
  requires detail::is_basic_int<T>
T from_mpz_wrapping(const mpz_class& z) {
  return from_mpz_checked<T>(z.get_mpz_t()).value;
}

}  // namespace warpnum

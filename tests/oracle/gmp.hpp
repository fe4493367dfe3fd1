// SPDX-License-Identifier: Apache-2.0
// tests/oracle/gmp.hpp: GMP as the reference for BigUInt/BigInt: an RAII mpz, conversions between warpnum values
// (and raw word arrays) and mpz, reduction of an exact result to a Bits-bit two's complement value, and the
// correctly rounded conversion to double.
#pragma once

#include <warpnum/bigint.hpp>

#include <gmp.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace warpnum::oracle {

/// An mpz_t that frees itself. Converts to mpz_ptr / mpz_srcptr, so it goes straight into mpz_* calls.
class Mpz {
 public:
  Mpz() { mpz_init(z_); }
  explicit Mpz(long v) { mpz_init_set_si(z_, v); }
  explicit Mpz(const char* text, int base = 0) { mpz_init_set_str(z_, text, base); }
  Mpz(const Mpz& o) { mpz_init_set(z_, o.z_); }
  Mpz& operator=(const Mpz& o) {
    mpz_set(z_, o.z_);
    return *this;
  }
  ~Mpz() { mpz_clear(z_); }

  operator mpz_ptr() noexcept { return z_; }
  operator mpz_srcptr() const noexcept { return z_; }
  mpz_ptr get() noexcept { return z_; }
  mpz_srcptr get() const noexcept { return z_; }

  friend bool operator==(const Mpz& a, const Mpz& b) { return mpz_cmp(a.z_, b.z_) == 0; }

 private:
  mpz_t z_;
};

/// z in `base`, with a "0x"/"0b"/"0o" prefix for bases 16, 2 and 8 and a leading '-': the form BasicInt's
/// string constructor reads back, so a printed operand can be pasted into a reproduction.
inline std::string to_text(mpz_srcptr z, int base = 16) {
  char* s = mpz_get_str(nullptr, base, z);
  std::string digits = s[0] == '-' ? std::string(s + 1) : std::string(s);
  void (*free_fn)(void*, std::size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  const bool negative = s[0] == '-';
  free_fn(s, std::strlen(s) + 1);
  const char* prefix = base == 16 ? "0x" : base == 2 ? "0b" : base == 8 ? "0o" : "";
  return (negative ? "-" : "") + std::string(prefix) + digits;
}

/// The value of n little-endian words (unsigned).
template <class Word> void from_words(mpz_ptr out, const Word* words, std::size_t n) {
  mpz_import(out, n, -1, sizeof(Word), 0, 0, words);
}

/// The value of n little-endian words (unsigned), as an Mpz.
template <class Word> Mpz words_value(const Word* words, int n) {
  Mpz z;
  from_words(z.get(), words, static_cast<std::size_t>(n));
  return z;
}

/// Writes z mod 2^(n * word bits) into n little-endian words (two's complement for a negative z).
template <class Word> void to_words(Word* out, mpz_srcptr z, std::size_t n) {
  Mpz r;
  mpz_fdiv_r_2exp(r, z, n * sizeof(Word) * 8);
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i) out[i] = 0;
  mpz_export(out, &count, -1, sizeof(Word), 0, 0, r);
}

/// The value of x: its bit pattern, minus 2^Bits when it is signed and negative.
template <std::size_t Bits, bool Signed> void to_mpz(mpz_ptr out, const BasicInt<Bits, Signed>& x) {
  using T = BasicInt<Bits, Signed>;
  if (!x.is_negative()) {
    from_words(out, x.data(), T::num_limbs);
    return;
  }
  // pattern - 2^Bits == -(~pattern + 1)
  detail::limb_t complement[T::num_limbs];
  for (int i = 0; i < T::num_limbs; ++i) complement[i] = ~x.limb(i);
  from_words(out, complement, T::num_limbs);
  mpz_add_ui(out, out, 1);
  mpz_neg(out, out);
}

template <std::size_t Bits, bool Signed> Mpz to_mpz(const BasicInt<Bits, Signed>& x) {
  Mpz z;
  oracle::to_mpz(z, x);  // qualified: <warpnum/gmp.hpp> has a warpnum::to_mpz of the same shape
  return z;
}

/// out = z reduced to a Bits-bit value: z mod 2^Bits, then minus 2^Bits if Signed and bit Bits-1 is set.
inline void reduce(mpz_ptr out, mpz_srcptr z, std::size_t bits, bool is_signed) {
  mpz_fdiv_r_2exp(out, z, bits);
  if (is_signed && mpz_tstbit(out, bits - 1)) {
    Mpz p;
    mpz_setbit(p, bits);
    mpz_sub(out, out, p);
  }
}

/// z reduced to the value T can hold (wrapping modulo 2^Bits).
template <class T> Mpz reduce(mpz_srcptr z) {
  Mpz r;
  reduce(r, z, T::bits, T::is_signed);
  return r;
}

/// The T whose value is z modulo 2^Bits.
template <class T> T from_mpz(mpz_srcptr z) {
  T x{};
  to_words(x.data(), z, T::num_limbs);
  return x;
}

/// The bit pattern of z as a Bits-bit number (z mod 2^Bits, non-negative).
inline Mpz pattern(mpz_srcptr z, std::size_t bits) {
  Mpz r;
  mpz_fdiv_r_2exp(r, z, bits);
  return r;
}

/// z as a double, rounded to nearest with ties to even; +-infinity beyond double's range. (mpz_get_d truncates,
/// so it is exact only below 2^53.)
inline double to_double(mpz_srcptr z) {
  if (mpz_sgn(z) == 0) return 0.0;
  Mpz m;
  mpz_abs(m, z);
  const std::size_t width = mpz_sizeinbase(m, 2);
  double result;
  if (width <= 53) {
    result = mpz_get_d(m);  // exact
  } else {
    // Keep 54 bits (53 + a guard bit) and a sticky bit for the rest; round the 53 to nearest, ties to even.
    const std::size_t shift = width - 54;
    const bool sticky = mpz_scan1(m, 0) < shift;
    Mpz top;
    mpz_tdiv_q_2exp(top, m, shift);
    std::uint64_t t = mpz_get_ui(top);  // < 2^54
    std::uint64_t mant = t >> 1;
    const bool guard = (t & 1) != 0;
    if (guard && (sticky || (mant & 1) != 0)) ++mant;  // may reach 2^53, still exact as a double
    result = std::ldexp(static_cast<double>(mant), static_cast<int>(shift + 1));  // inf on overflow
  }
  return mpz_sgn(z) < 0 ? -result : result;
}

}  // namespace warpnum::oracle

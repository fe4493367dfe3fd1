// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/number_traits.hpp: what the algorithms above multiplication (newton_division.hpp, newton_sqrt.hpp,
// radix_conversion.hpp) need of a number type beyond + - * << >> and comparisons: its bits, its limbs, numbers
// made in the same place as another, and copies between the host and that place. Specialised here for mpz_class
// (where <gmpxx.h> is found), and in integer_traits.hpp for warpnum::Integer.
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#if __has_include(<gmpxx.h>)
#  include <gmpxx.h>
#  define WARPNUM_NUMBER_TRAITS_HAS_GMP 1
#else
#  define WARPNUM_NUMBER_TRAITS_HAS_GMP 0
#endif

namespace warpnum::huge {

/// Specialise for a signed integer type N with value semantics, N + N, N - N, N * N, N << size_t, N >> size_t
/// (floor), == and <. Members:
///   static std::size_t bit_width(const N&);                          bits of |x| (0 for zero)
///   static int sign(const N&);                                       -1, 0, 1
///   static std::vector<std::uint32_t> limbs(const N&);                |x|, little-endian, on the host
///   static N from_limbs(std::span<const std::uint32_t>, const N& like); nonnegative, where `like` lives
///   static N from_uint(std::uint64_t, const N& like);                 where `like` lives
///   static N sqr(const N&);                                          x * x
///   static bool on_host(const N&);                                   whether x's limbs are in host memory
///   static N to_host(const N&);                                      a copy in host memory
///   static N to_place_of(const N& x, const N& like);                 x where `like` lives
///   static constexpr std::size_t host_limbs;                         below this size, work moves to the host
/// and optionally
///   static N reciprocal(const N& d, std::size_t n);                  reciprocal()'s result by a faster route
///                                                                    (newton_division.hpp)
template <class N> struct NumberTraits;

#if WARPNUM_NUMBER_TRAITS_HAS_GMP
/// GMP's integers: everything is on the host.
template <> struct NumberTraits<mpz_class> {
  static std::size_t bit_width(const mpz_class& x) { return sgn(x) == 0 ? 0 : mpz_sizeinbase(x.get_mpz_t(), 2); }
  static int sign(const mpz_class& x) { return sgn(x); }
  static std::vector<std::uint32_t> limbs(const mpz_class& x) {
    std::vector<std::uint32_t> out((bit_width(x) + 31) / 32);
    std::size_t count = 0;
    if (!out.empty()) mpz_export(out.data(), &count, -1, sizeof(std::uint32_t), 0, 0, x.get_mpz_t());
    out.resize(count);
    return out;
  }
  static mpz_class from_limbs(std::span<const std::uint32_t> limbs, const mpz_class& /*like*/) {
    mpz_class z;
    mpz_import(z.get_mpz_t(), limbs.size(), -1, sizeof(std::uint32_t), 0, 0, limbs.data());
    return z;
  }
  static mpz_class from_uint(std::uint64_t v, const mpz_class& /*like*/) {
    const std::uint32_t parts[2] = {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(v >> 32)};
    return from_limbs(parts, mpz_class());
  }
  static mpz_class sqr(const mpz_class& x) { return x * x; }
  static bool on_host(const mpz_class& /*x*/) { return true; }
  static mpz_class to_host(const mpz_class& x) { return x; }
  static mpz_class to_place_of(const mpz_class& x, const mpz_class& /*like*/) { return x; }
  static constexpr std::size_t host_limbs = 0;
};
#endif

}  // namespace warpnum::huge

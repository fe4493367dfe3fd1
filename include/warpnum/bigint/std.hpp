// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/std.hpp: the standard library's traits for BigUInt and BigInt: std::numeric_limits, std::hash.
#pragma once

#include <warpnum/bigint/basic_int.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

// ---- standard library integration ----

/// numeric_limits for BigUInt/BigInt. Signed overflow wraps (is_modulo) unlike `int`'s.
template <std::size_t Bits, bool Signed> struct std::numeric_limits<warpnum::BasicInt<Bits, Signed>> {
 private:
  using T = warpnum::BasicInt<Bits, Signed>;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = Signed;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_toward_zero;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = true;
  static constexpr int digits = static_cast<int>(Bits) - (Signed ? 1 : 0);
  static constexpr int digits10 = static_cast<int>(digits * 30103LL / 100000LL);  // floor(digits * log10(2))
  static constexpr int max_digits10 = 0;
  static constexpr int radix = 2;
  static constexpr int min_exponent = 0;
  static constexpr int min_exponent10 = 0;
  static constexpr int max_exponent = 0;
  static constexpr int max_exponent10 = 0;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr T min() noexcept { return T::min(); }
  static constexpr T lowest() noexcept { return T::min(); }
  static constexpr T max() noexcept { return T::max(); }
  static constexpr T epsilon() noexcept { return T{}; }
  static constexpr T round_error() noexcept { return T{}; }
  static constexpr T infinity() noexcept { return T{}; }
  static constexpr T quiet_NaN() noexcept { return T{}; }
  static constexpr T signaling_NaN() noexcept { return T{}; }
  static constexpr T denorm_min() noexcept { return T{}; }
};

/// std::hash over the bit pattern, so BigUInt/BigInt can key unordered containers.
template <std::size_t Bits, bool Signed> struct std::hash<warpnum::BasicInt<Bits, Signed>> {
  std::size_t operator()(const warpnum::BasicInt<Bits, Signed>& x) const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a offset basis, fed a limb at a time, then mixed
    for (int i = 0; i < warpnum::BasicInt<Bits, Signed>::num_limbs; ++i) {
      h = (h ^ x.limb(i)) * 0x100000001b3ull;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return static_cast<std::size_t>(h);
  }
};

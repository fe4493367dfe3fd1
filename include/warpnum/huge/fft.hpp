// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/fft.hpp: the arithmetic of the double-precision FFT convolution (Dieguez et al.'s complex-field
// approach to huge products): complex numbers, the radix-2 butterflies, the proven round-off bound that sizes the
// digits, the digits themselves and the roots. One body for the host's loops (src/huge/convolve_fft.cpp) and,
// later, kernels.
//
// A product of n-limb and m-limb numbers splits both into balanced digits of `bits` bits (in [-2^(bits-1),
// 2^(bits-1)]: a quarter of the bound of digits in [0, 2^bits), so a bit more a digit), takes the cyclic convolution
// of the two digit vectors by complex FFTs of length N = 2^log2_n >= the product's digit count (each vector the real
// part of a complex one), and rounds each coefficient to the nearest integer. The bound below
// (Percival's, proven) says how far from the true coefficients the computed ones can lie; digits are chosen so that
// it stays below 1/4, and the measured largest distance from an integer is checked against the same 1/4.
#pragma once

#include <warpnum/config.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace warpnum::huge::fft {

struct Complex {
  double re;
  double im;
};

WARPNUM_HD WARPNUM_FORCEINLINE constexpr Complex operator+(Complex a, Complex b) noexcept {
  return {a.re + b.re, a.im + b.im};
}
WARPNUM_HD WARPNUM_FORCEINLINE constexpr Complex operator-(Complex a, Complex b) noexcept {
  return {a.re - b.re, a.im - b.im};
}
WARPNUM_HD WARPNUM_FORCEINLINE constexpr Complex operator*(Complex a, Complex b) noexcept {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
/// a times the conjugate of b.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr Complex mul_conj(Complex a, Complex b) noexcept {
  return {a.re * b.re + a.im * b.im, a.im * b.re - a.re * b.im};
}

/// The forward butterfly of decimation in frequency: (u, v) -> (u + v, (u - v) w), w = e^(-2 pi i j / len).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void butterfly_forward(Complex& u, Complex& v, Complex w) noexcept {
  const Complex s = u + v;
  v = (u - v) * w;
  u = s;
}

/// The inverse butterfly of decimation in time, with the conjugate root: (u, v) -> (u + v conj(w), u - v conj(w)).
/// After the inverse of every level, the output is N times the input of the forward transform.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void butterfly_inverse(Complex& u, Complex& v, Complex w) noexcept {
  const Complex t = mul_conj(v, w);
  v = u - t;
  u = u + t;
}

/// The unit roundoff of IEEE double precision (round to nearest).
inline constexpr double unit_roundoff = 0x1p-53;
/// The largest error of a precomputed root of unity, |w' - w| (the host computes each in long double, at least 64
/// bits of significand, and rounds its two parts to double: under 2^-53 sqrt(2) plus long double's error).
inline constexpr double root_error = 0x1p-52;

/// Percival's bound on the cyclic convolution of x and y computed by radix-2 FFTs of length 2^log2_n in double
/// precision with roots off by at most root_error: every computed coefficient lies within
///   |x| |y| ((1 + e)^(3n) (1 + e sqrt(5))^(3n + 1) (1 + b)^(3n) - 1)
/// of the true one (|.| the Euclidean norm, e the unit roundoff, b the roots' error, n = log2_n): Brent, Zimmermann,
/// "Modern Computer Arithmetic", Theorem 3.3.2 (from C. Percival, "Rapid multiplication modulo the sum and difference
/// of highly composite numbers", Math. Comp. 72, 2003). A fused multiply-add computes a complex product at least as
/// accurately as the sqrt(5) e the bound assumes (Jeannerod et al.: 2 e).
inline double error_bound(unsigned log2_n, double norm_x, double norm_y) noexcept {
  const double n = log2_n;
  // The product of powers minus 1, by expm1 of its logarithm: the product is 1 plus a few 1e-14, and a plain
  // subtraction would lose most of the digits.
  const double excess = std::expm1(3 * n * std::log1p(unit_roundoff) +
                                   (3 * n + 1) * std::log1p(unit_roundoff * std::sqrt(5.0)) +
                                   3 * n * std::log1p(root_error));
  return norm_x * norm_y * excess;
}

/// The largest error the rounding step accepts: the bound must stay below it, and so must the measured largest
/// distance of a computed coefficient from an integer (half of the 1/2 that rounding could absorb).
inline constexpr double error_limit = 0.25;

/// How a product is split: balanced digits of `bits` bits (each in [-2^(bits-1), 2^(bits-1)]), transforms of length
/// 2^log2_n.
struct Split {
  unsigned bits = 0;
  unsigned log2_n = 0;
  std::size_t digits_a = 0;
  std::size_t digits_b = 0;
  double bound = 0;  ///< error_bound for the worst digits (every one of magnitude 2^(bits-1))
};

/// The balanced digits of an operand of `limbs` 32-bit limbs at `bits` bits a digit: one more than its plain digits,
/// for the carry the balancing can leave at the top.
inline std::size_t digit_count(std::size_t limbs, unsigned bits) noexcept {
  return (limbs * 32 + bits - 1) / bits + 1;
}

/// The split of na by nb limbs at `bits` bits a digit, with its bound.
inline Split split_at(std::size_t na, std::size_t nb, unsigned bits) noexcept {
  Split s;
  s.bits = bits;
  s.digits_a = digit_count(na, bits);
  s.digits_b = digit_count(nb, bits);
  while ((std::size_t{1} << s.log2_n) < s.digits_a + s.digits_b - 1) ++s.log2_n;
  const double digit_max = std::ldexp(1.0, static_cast<int>(bits) - 1);
  s.bound = error_bound(s.log2_n, std::sqrt(static_cast<double>(s.digits_a)) * digit_max,
                        std::sqrt(static_cast<double>(s.digits_b)) * digit_max);
  return s;
}

/// The split of na by nb limbs with the widest digits whose bound stays below error_limit, and whose coefficients
/// stay exact in a double (magnitudes below 2^53); bits 0 where no width of at least 2 bits qualifies within
/// transforms of 2^max_log2_n.
inline constexpr unsigned max_log2_n = 30;
inline Split choose_split(std::size_t na, std::size_t nb) noexcept {
  for (unsigned bits = 20; bits >= 2; --bits) {
    const Split s = split_at(na, nb, bits);
    if (s.log2_n > max_log2_n) continue;
    const double digit_max = std::ldexp(1.0, static_cast<int>(bits) - 1);
    const double shorter = static_cast<double>(s.digits_a < s.digits_b ? s.digits_a : s.digits_b);
    if (shorter * digit_max * digit_max >= 0x1p53) continue;  // a coefficient would not be exact in a double
    if (s.bound < error_limit) return s;
  }
  return Split{};
}

/// Digit k (bits [k bits, k bits + bits)) of the little-endian limbs x[0, n); bits <= 32.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr std::uint32_t digit(const std::uint32_t* x, std::size_t n, std::size_t k,
                                                             unsigned bits) noexcept {
  const std::size_t bit = k * bits;
  const std::size_t limb = bit / 32;
  const unsigned shift = static_cast<unsigned>(bit % 32);
  std::uint64_t window = limb < n ? x[limb] : 0;
  if (limb + 1 < n) window |= std::uint64_t{x[limb + 1]} << 32;
  return static_cast<std::uint32_t>((window >> shift) & ((std::uint64_t{1} << bits) - 1));
}

/// Balanced digit k of x[0, n) at `bits` bits (bits >= 2): the plain digit less 2^bits where its top bit is set, plus
/// the top bit of the plain digit below, so d_k = p_k + t_(k-1) - 2^bits t_k with t_k the top bit of p_k, and
/// sum d_k 2^(k bits) = x over digit_count's digits (the last is t of the top plain digit). Every digit lies in
/// [-2^(bits-1), 2^(bits-1)], the magnitudes the bound assumes, and depends on two plain digits alone: no carry runs
/// along the number, so each thread of a kernel makes its own.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr std::int32_t balanced_digit(const std::uint32_t* x, std::size_t n,
                                                                     std::size_t k, unsigned bits) noexcept {
  const std::uint32_t p = digit(x, n, k, bits);
  const std::uint32_t below = k == 0 ? 0 : digit(x, n, k - 1, bits) >> (bits - 1);
  return static_cast<std::int32_t>(p) - static_cast<std::int32_t>((p >> (bits - 1)) << bits) +
         static_cast<std::int32_t>(below);
}

// ---- host set-up ----

/// The balanced digits of x[0, n) at `bits` bits, `count` of them (digit_count's), as the real parts of
/// out[0, count).
inline void balanced_digits(const std::uint32_t* x, std::size_t n, unsigned bits, std::size_t count, Complex* out) {
  for (std::size_t k = 0; k < count; ++k) out[k] = Complex{static_cast<double>(balanced_digit(x, n, k, bits)), 0};
}

static_assert(std::numeric_limits<long double>::digits >= 64,
              "warpnum: the FFT's root_error assumes roots computed with a 64-bit significand or more");

/// The roots of a transform of N = 2^log2_n points, level by level: w_2h^j = e^(-pi i j / h) at h - 1 + j for each
/// half-size h = 1, 2, ..., N / 2 and j < h (a level's roots in consecutive entries), then 1; each computed in long
/// double and rounded, so off by less than root_error.
inline std::vector<Complex> make_roots(unsigned log2_n) {
  const std::size_t n = std::size_t{1} << log2_n;
  std::vector<Complex> w(n, Complex{1, 0});
  const long double pi = 3.141592653589793238462643383279502884L;
  for (std::size_t h = 1; 2 * h <= n; h *= 2) {
    for (std::size_t j = 0; j < h; ++j) {
      const long double angle = pi * static_cast<long double>(j) / static_cast<long double>(h);
      w[h - 1 + j] = {static_cast<double>(std::cos(angle)), static_cast<double>(-std::sin(angle))};
    }
  }
  return w;
}

}  // namespace warpnum::huge::fft

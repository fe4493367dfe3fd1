// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/newton_division.hpp: division of nonnegative integers by Newton's iteration for the reciprocal, on
// the number type's own multiply: O(M(n)) for an n-bit quotient and divisor. Host code over any type N with
// NumberTraits<N> (number_traits.hpp): warpnum::Integer (whose operations may run on the GPU) and mpz_class.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/detail/limb_vectors.hpp>
#include <warpnum/huge/number_traits.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>

namespace warpnum::huge {

template <class N> struct DivResult {
  N quot;
  N rem;
};

/// Below this many limbs in the divisor, division is Knuth D on the host (detail/limb_vectors.hpp).
inline constexpr std::size_t newton_division_base_limbs = 48;
/// Extra bits carried by reciprocals beyond the quotient's bits, so that estimates are off by at most a few units.
inline constexpr std::size_t newton_guard_bits = 8;
/// How far past the divisor's bits a reciprocal's precision may go so that a quotient a little longer than the
/// divisor (2d digits by d: often one or two bits longer) is one piece, not two.
inline constexpr std::size_t newton_quotient_slack_bits = 64;

/// floor(a / b) and a mod b by Knuth D on the host limbs; the results live where a lives. a >= 0, b > 0.
template <class N> DivResult<N> divmod_limbwise(const N& a, const N& b) {
  using Traits = NumberTraits<N>;
  const detail::LimbDivResult r = detail::divmod_limbs(Traits::limbs(a), Traits::limbs(b));
  return {Traits::from_limbs(r.quot, a), Traits::from_limbs(r.rem, a)};
}

namespace detail {

/// x, known to lie below 2^bits, with its size bound cut to that where the number type keeps one (a static member
/// below(x, bits) of its NumberTraits: AsyncInteger's lengths are bounds, and a product's bound is the sum of its
/// operands', so without the cut they would grow level by level); x itself for other types.
template <class N> N below(N x, std::size_t bits) {
  if constexpr (requires { NumberTraits<N>::below(x, bits); }) {
    return NumberTraits<N>::below(std::move(x), bits);
  } else {
    return x;
  }
}

/// a - q b, known to lie in [0, 2^bits) (a remainder from a quotient estimate): by the number type's own route where
/// its NumberTraits has one (a static member difference_below(a, q, b, bits): Integer's takes q b modulo
/// 2^(32 L) - 1 for an L just past bits / 32 where the whole product is longer, as GMP's division by Newton's
/// reciprocal does), else a - q b cut to the bound (below).
template <class N> N difference_below(const N& a, const N& q, const N& b, std::size_t bits) {
  if constexpr (requires { NumberTraits<N>::difference_below(a, q, b, bits); }) {
    return NumberTraits<N>::difference_below(a, q, b, bits);
  } else {
    return below<N>(a - q * b, bits);
  }
}

/// x 2^shift (a negative shift floors, as >> does).
template <class N> N scaled(const N& x, std::ptrdiff_t shift) {
  return shift >= 0 ? N(x << static_cast<std::size_t>(shift)) : N(x >> static_cast<std::size_t>(-shift));
}

/// a 2^sa + b 2^sb for a, b >= 0 (a negative shift floors): by the number type's own route where its NumberTraits
/// has one (a static member shifted_sum: AsyncInteger's reads the operands shifted in one carry resolution, with no
/// shifted copies), else by the shifts and the sum: the one place that chooses.
template <class N> N shifted_sum(const N& a, std::ptrdiff_t sa, const N& b, std::ptrdiff_t sb) {
  if constexpr (requires { NumberTraits<N>::shifted_sum(a, sa, b, sb); }) {
    return NumberTraits<N>::shifted_sum(a, sa, b, sb);
  } else {
    return scaled(a, sa) + scaled(b, sb);
  }
}

/// a 2^sa - b 2^sb for a, b >= 0 and a difference known not to be negative, the same way (shifted_difference).
template <class N> N shifted_difference(const N& a, std::ptrdiff_t sa, const N& b, std::ptrdiff_t sb) {
  if constexpr (requires { NumberTraits<N>::shifted_difference(a, sa, b, sb); }) {
    return NumberTraits<N>::shifted_difference(a, sa, b, sb);
  } else {
    return scaled(a, sa) - scaled(b, sb);
  }
}

/// 2^bits - 1 - floor(x / 2^drop) for 0 <= x < 2^(bits + drop): the complement of x >> drop in `bits` bits, a
/// difference with no carries. By the number type's own route where its NumberTraits has one (a static member
/// complement_shifted(x, drop, bits): AsyncInteger's is one kernel), else by a shifted difference less one.
template <class N> N complement_shifted(const N& x, std::size_t drop, std::size_t bits, const N& one) {
  if constexpr (requires { NumberTraits<N>::complement_shifted(x, drop, bits); }) {
    return NumberTraits<N>::complement_shifted(x, drop, bits);
  } else {
    return shifted_difference<N>(one, static_cast<std::ptrdiff_t>(bits), x, -static_cast<std::ptrdiff_t>(drop)) - one;
  }
}

/// floor(f / 2^drop) or one less, for f = 2^(n+h) - d xh with 0 <= f < 2^(n+3) (reciprocal_from_below's residual):
/// where the number type has a difference_below (Integer's forms d xh modulo 2^(32 L) - 1 for an L just past n / 32,
/// where the whole product, n + h bits, would be a longer transform: GMP's mpn_invertappr wraps the same product),
/// f from it; else the complement of d xh's bits from drop up (complement_shifted: no carries, no sign to read).
template <class N>
N residual_shifted(const N& d, const N& xh, std::size_t n, std::size_t h, std::size_t drop, const N& one) {
  if constexpr (requires { NumberTraits<N>::difference_below(d, xh, d, n); }) {
    return N(difference_below<N>(N(one << (n + h)), xh, d, n + 4) >> drop);
  } else {
    return complement_shifted<N>(N(d * xh), drop, n + h - drop, one);
  }
}

/// reciprocal_newton's recursion; `one` and `four` are 1 and 4 where d lives, so that the constants of every level
/// are these or shifts of them (a queued shift, for AsyncInteger, rather than a new constant each level). The
/// smallest levels are the number type's reciprocal_base where its NumberTraits has one, up to its
/// reciprocal_base_bits(d) (AsyncInteger's: a kernel, no wait; on the device one block runs every level below 1024
/// limbs); else below host_bits a d not on the host moves there (a wait, and no launches), and the smallest level is
/// Knuth D on the limbs.
template <class N>
N reciprocal_from_below(const N& d, std::size_t n, const N& one, const N& four, std::size_t host_bits) {
  using Traits = NumberTraits<N>;
  if constexpr (requires { Traits::reciprocal_base_bits(d); Traits::reciprocal_base(d, n); }) {
    if (n <= Traits::reciprocal_base_bits(d)) return Traits::reciprocal_base(d, n);
  }
  if (!Traits::on_host(d) && n < host_bits) {  // small: no launches
    const N host_d = Traits::to_host(d);
    return Traits::to_place_of(
        reciprocal_from_below<N>(host_d, n, Traits::from_uint(1, host_d), Traits::from_uint(4, host_d), host_bits),
        d);
  }
  if (n <= 32 * newton_division_base_limbs) return divmod_limbwise<N>(one << (2 * n), d).quot;
  const std::size_t h = (n + 1) / 2 + newton_guard_bits + 1;
  // xh, the reciprocal of d's top h bits dh = floor(d / 2^(n-h)), has xh <= 2^(2h) / dh, which exceeds 2^(n+h) / d
  // by less than 2^(2h) / (dh (dh + 1)) < 4 (dh >= 2^(h-1)). So X0 = (xh - 4) 2^(n-h) <= 2^(2n) / d: the start lies
  // below, and f = (2^(2n) - d X0) / 2^(n-h) = 2^(n+h) - d (xh - 4) is exact and never negative. Every operation
  // of the step has a sign known before it runs, so it can be queued without reading anything back.
  const N xh = reciprocal_from_below<N>(d >> (n - h), h, one, four, host_bits) - four;
  // The step adds X0 f 2^(n-h) / 2^(2n) = xh f / 2^(2h), f = 2^(n+h) - d xh. From X0 = e (1 - eps), e = 2^(2n) / d,
  // Newton's step gives e (1 - eps^2) <= e; X0 is off by less than 2 + 4 units of xh, so eps < 6 / 2^h and
  // e eps^2 < 2^(n+7-2h) <= 2^-11 (2h >= n + 18). Only f's bits from drop = h - 4 up are used: fd = 2^(n+h-drop)
  // - 1 - floor(d xh / 2^drop), the complement of d xh >> drop in n + h - drop bits (no carries: d xh < 2^(n+h), as
  // xh < 2^(n+h) / d), which is floor(f / 2^drop) or one less. Each of the two lowers the step by less than
  // xh / 2^(h+4) < 1/8, the final shift by less than 1: X <= e < X + 2, the contract, from below again.
  const std::size_t drop = h - 4;
  const N fd = residual_shifted<N>(d, xh, n, h, drop, one);
  const auto up = static_cast<std::ptrdiff_t>(n - h), down = static_cast<std::ptrdiff_t>(2 * h - drop);
  return below<N>(shifted_sum<N>(xh, up, N(xh * fd), -down), n + 2);  // X <= 2^(2n) / d <= 2^(n+1)
}

}  // namespace detail

/// For d of exactly n bits (2^(n-1) <= d < 2^n), an X with X <= 2^(2n) / d < X + 2, where d lives.
/// Brent, Zimmermann, "Modern Computer Arithmetic", 3.4.1 (Newton's iteration x + x (1 - d x)): the reciprocal of
/// d's top h = n/2 + 9 bits, recursively, then one step at n bits from below; only the bits that can reach the
/// result are multiplied (d by an h-bit number, h bits by n - h + 7 bits), so the cost is a few M(n). The step's
/// operations have signs known in advance (detail::reciprocal_from_below), so the levels of an AsyncInteger
/// reciprocal (async_integer_traits.hpp) queue on its stream: with no wait at all (its host_limbs is 0, its
/// smallest levels one kernel: on the device every level below 1024 limbs), or, where the caller passes host_bits
/// past that, with one wait for the levels between, which the host computes without launches.
template <class N>
N reciprocal_newton(const N& d, std::size_t n, std::size_t host_bits = 32 * NumberTraits<N>::host_limbs) {
  const N one = NumberTraits<N>::from_uint(1, d);
  return detail::reciprocal_from_below<N>(d, n, one, N(one << 2), host_bits);
}

/// reciprocal_newton's result, by the number type's own faster route where its NumberTraits has one (a static
/// member reciprocal(d, n): Integer's queues the levels on the device, src/huge/reciprocal.cpp): the one place
/// that chooses.
template <class N>
N reciprocal(const N& d, std::size_t n, std::size_t host_bits = 32 * NumberTraits<N>::host_limbs) {
  if constexpr (requires { NumberTraits<N>::reciprocal(d, n); }) {
    return NumberTraits<N>::reciprocal(d, n);
  } else {
    return reciprocal_newton<N>(d, n, host_bits);
  }
}

/// A divisor prepared for quotients of up to `quot_bits` bits: b, its bits n, and a reciprocal R from below: R <=
/// 2^(n + p) / b < R + 6, with p = quot_bits + guard bits. Reused for many dividends (radix conversion divides by
/// each power many times).
template <class N> struct NewtonDivisor {
  N divisor;
  std::size_t bits = 0;       // n
  std::size_t precision = 0;  // p
  N reciprocal;
};

/// Prepares b > 0 of n bits (bit_width(b), given: a number type whose widths take a wait knows it beforehand) for
/// quotients of up to quot_bits bits. The reciprocal of b 2^(p-n) where p > n is exact from below (X <= 2^(n+p) / b
/// < X + 2); that of b's top p bits bt = floor(b / 2^(n-p)) exceeds 2^(n+p) / b by less than 2^(n+p) / (b bt) < 4,
/// so 4 less is from below, within 6. host_bits: reciprocal's.
template <class N>
NewtonDivisor<N> make_newton_divisor(const N& b, std::size_t n, std::size_t quot_bits,
                                     std::size_t host_bits = 32 * NumberTraits<N>::host_limbs) {
  using Traits = NumberTraits<N>;
  NewtonDivisor<N> out;
  out.divisor = b;
  out.bits = n;
  out.precision = quot_bits + newton_guard_bits;
  const std::size_t p = out.precision;
  if (p > n) {
    out.reciprocal = reciprocal<N>(N(b << (p - n)), p, host_bits);
  } else {
    out.reciprocal = reciprocal<N>(N(b >> (n - p)), p, host_bits) - Traits::from_uint(4, b);
  }
  return out;
}

template <class N> NewtonDivisor<N> make_newton_divisor(const N& b, std::size_t quot_bits) {
  return make_newton_divisor(b, NumberTraits<N>::bit_width(b), quot_bits);
}

/// The one correction a quotient from below needs: q + 1 and r - b where r >= b (0 <= r < 2 b), else q and r. By the
/// number type's own route where its NumberTraits has one (a static member correct_once(q, r, b): AsyncInteger's
/// decides on the device, without a wait), else by a comparison, which also checks the result (a bug, not an input,
/// leaves it outside [0, b): std::logic_error).
template <class N> void correct_once(N& q, N& r, const N& b) {
  using Traits = NumberTraits<N>;
  if constexpr (requires { Traits::correct_once(q, r, b); }) {
    Traits::correct_once(q, r, b);
  } else {
    if (!(r < b)) {
      q = q + Traits::from_uint(1, q);
      r = r - b;
    }
    if (Traits::sign(r) < 0 || !(r < b)) {
      warpnum::detail::throw_error<std::logic_error>("warpnum: Newton division estimate is off");
    }
  }
}

/// floor(a / d) and a mod d for 0 <= a < 2^m (m: a bound on a's bits, so that no width is read) with a quotient of
/// at most d.precision - guard bits.
template <class N> DivResult<N> divmod_short_quotient(const N& a, std::size_t m, const NewtonDivisor<N>& d) {
  using Traits = NumberTraits<N>;
  const std::size_t n = d.bits;
  if (m < n) return {Traits::from_uint(0, a), a};  // a < 2^(n-1) <= b
  const std::size_t k = m - n + 1;  // the quotient has at most k bits
  // A reciprocal of p2 = k + guard bits is enough: R2 = floor(R / 2^(p - p2)) <= e2 = 2^(n + p2) / b < R2 + 7.
  const std::size_t p2 = std::min(d.precision, k + newton_guard_bits);
  N shortened;
  const N* reciprocal_p2 = &d.reciprocal;
  if (d.precision != p2) {
    shortened = d.reciprocal >> (d.precision - p2);
    reciprocal_p2 = &shortened;
  }
  // q' = floor(floor(a / 2^s) R2 / 2^(n + p2 - s)), s = n - 3: each factor from below, so q' <= a / b. Dropping a's
  // low s bits costs less than 2^s / b <= 1/4, R2's 7 units less than 7 a / 2^(n + p2) < 7 / 2^9: q' >= q - 1, so
  // r = a - q' b lies in [0, 2 b) and one correction finishes (no sign to read: a queued type never waits).
  const std::size_t s = n > 3 ? n - 3 : 0;
  N q = detail::below<N>(((a >> s) * *reciprocal_p2) >> (n + p2 - s), k);  // q' <= a / b < 2^k
  N r = detail::difference_below<N>(a, q, d.divisor, n + 1);                 // < 2 b
  correct_once(q, r, d.divisor);
  return {std::move(q), std::move(r)};
}

/// floor(a / d) and a mod d for 0 <= a < 2^m of any size: quotients longer than the divisor's precision are split
/// in halves of a (the high half's remainder joins the low half), down to pieces the reciprocal covers.
template <class N> DivResult<N> divmod_newton(const N& a, std::size_t m, const NewtonDivisor<N>& d) {
  const std::size_t n = d.bits;
  const std::size_t max_quot_bits = d.precision - newton_guard_bits;
  if (m < n || m - n + 1 <= max_quot_bits) return divmod_short_quotient(a, m, d);
  const std::size_t k = m - n + 1;
  const std::size_t low_bits = k / 2;  // the low piece's quotient has at most low_bits bits; the high one k - low_bits
  const auto shift = static_cast<std::ptrdiff_t>(low_bits);
  const N high = a >> low_bits;
  const N low = detail::shifted_difference<N>(a, 0, high, shift);
  DivResult<N> hi = divmod_newton(high, m - low_bits, d);
  // hi.rem < b, so the low piece is below b 2^low_bits: n + low_bits bits.
  DivResult<N> lo = divmod_newton<N>(detail::shifted_sum<N>(hi.rem, shift, low, 0), n + low_bits, d);
  return {detail::shifted_sum<N>(hi.quot, shift, lo.quot, 0), std::move(lo.rem)};
}

template <class N> DivResult<N> divmod_newton(const N& a, const NewtonDivisor<N>& d) {
  return divmod_newton(a, NumberTraits<N>::bit_width(a), d);
}

/// floor(a / b) and a mod b for a < 2^m and b of n bits (b >= 2^(n-1), n >= 1) by Newton's reciprocal for a quotient of
/// min(quotient / pieces, divisor + newton_quotient_slack_bits) bits: make_newton_divisor, then divmod_newton, which
/// splits longer quotients in halves. pieces = 1 takes the quotient in one piece (every product about as long as the
/// divisor, which suits a transform's near-linear cost); pieces = 2 or 4 in two or four, each by a reciprocal that
/// much shorter, so the reciprocal costs a fraction and each piece a product of its length and one of its length by
/// the divisor's (as Burnikel and Ziegler's division by blocks does), which suits Toom-Cook's costs (src/huge/
/// thresholds.hpp's host_division_pieces). Every width is given, none read. host_bits: reciprocal's.
template <class N>
DivResult<N> divmod_by_reciprocal(const N& a, std::size_t m, const N& b, std::size_t n,
                                  std::size_t host_bits = 32 * NumberTraits<N>::host_limbs, std::size_t pieces = 1) {
  const std::size_t k = m >= n ? m - n + 1 : 1;
  const std::size_t piece_bits = pieces <= 1 ? k : (k + pieces - 1) / pieces + 1;
  return divmod_newton(a, m,
                       make_newton_divisor(b, n, std::min(piece_bits, n + newton_quotient_slack_bits), host_bits));
}

/// floor(a / b) and a mod b for a >= 0, b > 0 (b == 0 throws std::domain_error): Knuth D for divisors of fewer
/// than newton_division_base_limbs limbs, else divmod_by_reciprocal, by the number type's own route where its
/// NumberTraits has one (a static member divmod_by_reciprocal(a, m, b, n): Integer's queues the whole division on
/// the device, src/huge/divide.cpp): the one place that chooses.
template <class N> DivResult<N> divmod_nonnegative(const N& a, const N& b) {
  using Traits = NumberTraits<N>;
  if (Traits::sign(b) == 0) warpnum::detail::throw_error<std::domain_error>("warpnum: division by zero");
  const std::size_t n = Traits::bit_width(b);
  const std::size_t m = Traits::bit_width(a);
  if (m < n || (m == n && a < b)) return {Traits::from_uint(0, a), a};  // m > n: a >= 2^n > b
  const std::size_t k = m - n + 1;
  if ((n + 31) / 32 <= newton_division_base_limbs || k <= 64) return divmod_limbwise(a, b);
  if constexpr (requires { Traits::divmod_by_reciprocal(a, m, b, n); }) {
    return Traits::divmod_by_reciprocal(a, m, b, n);
  } else {
    return divmod_by_reciprocal(a, m, b, n);
  }
}

}  // namespace warpnum::huge

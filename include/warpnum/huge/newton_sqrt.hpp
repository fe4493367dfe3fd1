// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/newton_sqrt.hpp: isqrt(x) = floor(sqrt(x)) by Newton's iteration with doubling precision, on the
// number type's multiply and Newton division (newton_division.hpp): O(M(n)); below newton_sqrt_base_limbs by
// Zimmermann's recursive square root on the host's words (detail/mpn/sqrt.hpp). Host code over NumberTraits<N>;
// isqrt_normalised, the same iteration with every width given, queues on AsyncInteger without a wait.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/sqrt.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/detail/limb_vectors.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/number_traits.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace warpnum::huge {

/// Up to this many limbs isqrt takes mpn::sqrtrem on the host instead of Newton's iteration: quadratic (its
/// division is schoolbook), it still beat a Newton step over it at 4096 limbs (docs/benchmarks.md, 2026-11-28).
inline constexpr std::size_t newton_sqrt_base_limbs = 4096;

/// floor(sqrt(x)) of x >= 0 by mpn::sqrtrem (P. Zimmermann, "Karatsuba Square Root", 1999) on the host's words
/// (detail::division_word): the limbs go into words and the root's words come back as limbs; the result lives
/// where x lives.
template <class N> N isqrt_limbwise(const N& x) {
  using Traits = NumberTraits<N>;
  using Word = detail::division_word;
  constexpr std::size_t lpw = detail::limbs_per_division_word;
  const std::vector<std::uint32_t> limbs = Traits::limbs(x);
  if (limbs.empty()) return Traits::from_uint(0, x);
  const std::size_t nw = (limbs.size() + lpw - 1) / lpw;
  const std::size_t sw = (nw + 1) / 2;
  const int n = detail::word_count(nw);
  // One array of words: the operand (nw), the root (sw), the remainder (sw + 1) and sqrtrem's scratch.
  std::vector<Word> words(nw + 2 * sw + 1 + static_cast<std::size_t>(warpnum::detail::mpn::sqrtrem_scratch(n)), 0);
  Word* const a = words.data();
  Word* const s = a + nw;
  Word* const r = s + sw;
  detail::limbs_to_words(a, limbs);
  warpnum::detail::mpn::sqrtrem(s, r, a, n, r + sw + 1);
  return Traits::from_limbs(detail::words_to_limbs(s, sw), x);
}

/// floor(sqrt(x)) for x >= 0 (x < 0 throws std::domain_error); the result lives where x lives.
/// Brent, Zimmermann, "Modern Computer Arithmetic", 1.5.1: y from the root of x's top half (x / 2^(2k) with k about
/// a quarter of x's bits) shifted by k is below sqrt(x) by a relative 2^-(bits/4 - 4); one Newton step
/// floor((y + floor(x / y)) / 2) is never below isqrt(x) and, squaring the error, at most a unit above it. Up to
/// newton_sqrt_base_limbs limbs, where x is on the host or small enough to move there: isqrt_limbwise.
template <class N> N isqrt(const N& x) {
  using Traits = NumberTraits<N>;
  if (Traits::sign(x) < 0) warpnum::detail::throw_error<std::domain_error>("warpnum: isqrt of a negative number");
  const std::size_t m = Traits::bit_width(x);
  // On the host where x is there, or small enough to move there (host_limbs), or at most two words.
  const bool host = Traits::on_host(x) || m < 32 * Traits::host_limbs || m <= 64;
  if (m <= 32 * newton_sqrt_base_limbs && host) return isqrt_limbwise<N>(x);
  if (!Traits::on_host(x) && m < 32 * Traits::host_limbs) {
    return Traits::to_place_of(isqrt<N>(Traits::to_host(x)), x);  // small: no launches
  }
  const std::size_t k = m / 4 > 4 ? m / 4 - 4 : 1;
  const N y0 = isqrt<N>(x >> (2 * k)) << k;
  N y = (y0 + divmod_nonnegative<N>(x, y0).quot) >> 1;
  N r = x - Traits::sqr(y);
  const N one = Traits::from_uint(1, x);
  int steps = 0;
  while (Traits::sign(r) < 0) {
    // x - (y - 1)^2 = r + 2 y - 1.
    r = r + (y << 1) - one;
    y = y - one;
    if (++steps > 64) warpnum::detail::throw_error<std::logic_error>("warpnum: Newton square root estimate is off");
  }
  return y;
}

/// floor(sqrt(x)) for 2^(m-2) <= x < 2^m, m even: a number of exactly m / 2 bits. The same step as isqrt with every
/// width known instead of read: y0 = isqrt_normalised(floor(x / 2^(2k)), m - 2k) 2^k has m / 2 bits (m - 2k is
/// even and that quotient lies in [2^(m-2k-2), 2^(m-2k))), so floor(x / y0) is divmod_by_reciprocal's with the
/// divisor's width given; y = floor((y0 + floor(x / y0)) / 2) is isqrt(x) or one more, so z = y - 1 is never above
/// it and x - z^2 never negative, and the one step back up (z + 1 where x - z^2 >= 2 z + 1) is the number type's
/// correct_once where its NumberTraits has one (AsyncInteger's: decided on the device), else a comparison. The
/// smallest level (m <= 32 newton_division_base_limbs) is the type's isqrt_base where it has one (a kernel), else
/// isqrt_limbwise. So every operation queues on an AsyncInteger, with no wait.
template <class N> N isqrt_normalised(const N& x, std::size_t m) {
  using Traits = NumberTraits<N>;
  if (m <= 32 * newton_division_base_limbs) {
    if constexpr (requires { Traits::isqrt_base(x, m); }) {
      return detail::below<N>(Traits::isqrt_base(x, m), m / 2);
    } else {
      return isqrt_limbwise<N>(x);
    }
  }
  // Each value's bound cut to its known width (detail::below), so that an AsyncInteger's bounds stay those widths.
  using detail::below;
  const std::size_t k = m / 4 - 4;
  const N y0 = below<N>(isqrt_normalised<N>(below<N>(x >> (2 * k), m - 2 * k), m - 2 * k) << k, m / 2);
  const N y = (y0 + divmod_by_reciprocal<N>(x, m, y0, m / 2).quot) >> 1;
  const N one = Traits::from_uint(1, x);
  N z = below<N>(y - one, m / 2);
  N r = below<N>(x - Traits::sqr(z), m / 2 + 3);  // x - z^2 < (z + 2)^2 - z^2 = 4 z + 4
  const N step = (z << 1) + one;
  if constexpr (requires { Traits::correct_once(z, r, step); }) {
    Traits::correct_once(z, r, step);
  } else if (!(r < step)) {
    z = z + one;
  }
  return below<N>(std::move(z), m / 2);
}

}  // namespace warpnum::huge

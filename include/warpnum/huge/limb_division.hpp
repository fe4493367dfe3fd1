// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/limb_division.hpp: long division of host limb vectors (Knuth D), the base case under Newton's
// division (newton_division.hpp) and under radix conversion (radix_conversion.hpp). Host code, plain C++.
#pragma once

#include <warpnum/config.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace warpnum::huge {

/// Quotient and remainder of two limb vectors (little-endian 32-bit limbs, no high zero limbs).
struct LimbDivResult {
  std::vector<std::uint32_t> quot;
  std::vector<std::uint32_t> rem;
};

/// Drops high zero limbs.
inline void trim_limbs(std::vector<std::uint32_t>& v) {
  while (!v.empty() && v.back() == 0) v.pop_back();
}

/// a = floor(a / d) in place (high zero limbs dropped); returns a mod d. d != 0.
inline std::uint32_t divmod_limb_inplace(std::vector<std::uint32_t>& a, std::uint32_t d) {
  std::uint64_t rem = 0;
  for (std::size_t i = a.size(); i-- > 0;) {
    const std::uint64_t cur = (rem << 32) | a[i];
    a[i] = static_cast<std::uint32_t>(cur / d);
    rem = cur % d;
  }
  trim_limbs(a);
  return static_cast<std::uint32_t>(rem);
}

/// a = a * m + add in place.
inline void mul_add_limb_inplace(std::vector<std::uint32_t>& a, std::uint32_t m, std::uint32_t add) {
  std::uint64_t carry = add;
  for (std::uint32_t& limb : a) {
    const std::uint64_t cur = static_cast<std::uint64_t>(limb) * m + carry;
    limb = static_cast<std::uint32_t>(cur);
    carry = cur >> 32;
  }
  if (carry != 0) a.push_back(static_cast<std::uint32_t>(carry));
}

/// floor(a / b) and a mod b for magnitudes a, b (high zero limbs allowed); b == 0 throws std::domain_error.
/// Knuth, TAOCP vol. 2, 4.3.1, algorithm D: O((m - n + 1) n) for m limbs over n limbs.
inline LimbDivResult divmod_limbs(std::span<const std::uint32_t> a_in, std::span<const std::uint32_t> b_in) {
  std::size_t m = a_in.size();
  std::size_t n = b_in.size();
  while (m > 0 && a_in[m - 1] == 0) --m;
  while (n > 0 && b_in[n - 1] == 0) --n;
  if (n == 0) throw std::domain_error("warpnum: division by zero");
  LimbDivResult out;
  if (m < n) {
    out.rem.assign(a_in.begin(), a_in.begin() + static_cast<std::ptrdiff_t>(m));
    return out;
  }
  if (n == 1) {
    out.quot.assign(a_in.begin(), a_in.begin() + static_cast<std::ptrdiff_t>(m));
    const std::uint32_t r = divmod_limb_inplace(out.quot, b_in[0]);
    if (r != 0) out.rem.push_back(r);
    return out;
  }
  // D1: normalise so that the divisor's top bit is set.
  const int shift = std::countl_zero(b_in[n - 1]);
  std::vector<std::uint32_t> v(n);
  std::vector<std::uint32_t> u(m + 1);
  for (std::size_t i = n; i-- > 0;) {
    const std::uint64_t lower = (shift != 0 && i > 0) ? (b_in[i - 1] >> (32 - shift)) : 0;
    v[i] = static_cast<std::uint32_t>((static_cast<std::uint64_t>(b_in[i]) << shift) | lower);
  }
  u[m] = shift != 0 ? static_cast<std::uint32_t>(a_in[m - 1] >> (32 - shift)) : 0;
  for (std::size_t i = m; i-- > 0;) {
    const std::uint64_t lower = (shift != 0 && i > 0) ? (a_in[i - 1] >> (32 - shift)) : 0;
    u[i] = static_cast<std::uint32_t>((static_cast<std::uint64_t>(a_in[i]) << shift) | lower);
  }
  constexpr std::uint64_t base = std::uint64_t{1} << 32;
  const std::uint64_t v1 = v[n - 1];
  const std::uint64_t v2 = v[n - 2];
  out.quot.assign(m - n + 1, 0);
  for (std::size_t j = m - n + 1; j-- > 0;) {
    // D3: estimate qhat from the top two limbs of the remainder and the top limb of the divisor; at most one too
    // large after the test against v2.
    const std::uint64_t top = (static_cast<std::uint64_t>(u[j + n]) << 32) | u[j + n - 1];
    std::uint64_t qhat = top / v1;
    std::uint64_t rhat = top % v1;
    while (qhat >= base || qhat * v2 > ((rhat << 32) | u[j + n - 2])) {
      --qhat;
      rhat += v1;
      if (rhat >= base) break;
    }
    // D4: u[j, j + n] -= qhat * v.
    std::uint64_t mul_carry = 0;
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t p = qhat * v[i] + mul_carry;
      mul_carry = p >> 32;
      const std::int64_t t = static_cast<std::int64_t>(u[i + j]) - static_cast<std::int64_t>(p & 0xffffffffu) + borrow;
      u[i + j] = static_cast<std::uint32_t>(t);
      borrow = t >> 32;
    }
    const std::int64_t t = static_cast<std::int64_t>(u[j + n]) - static_cast<std::int64_t>(mul_carry) + borrow;
    u[j + n] = static_cast<std::uint32_t>(t);
    // D5, D6: the rare add-back when qhat was one too large.
    if (t < 0) {
      --qhat;
      std::uint64_t carry = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t s = static_cast<std::uint64_t>(u[i + j]) + v[i] + carry;
        u[i + j] = static_cast<std::uint32_t>(s);
        carry = s >> 32;
      }
      u[j + n] = static_cast<std::uint32_t>(u[j + n] + carry);
    }
    out.quot[j] = static_cast<std::uint32_t>(qhat);
  }
  // D8: the remainder is u[0, n) shifted back.
  out.rem.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t upper = (shift != 0) ? (static_cast<std::uint64_t>(u[i + 1]) << (32 - shift)) : 0;
    out.rem[i] = static_cast<std::uint32_t>((u[i] >> shift) | upper);
  }
  trim_limbs(out.quot);
  trim_limbs(out.rem);
  return out;
}

}  // namespace warpnum::huge

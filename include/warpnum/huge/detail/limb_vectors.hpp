// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/detail/limb_vectors.hpp: arithmetic on host vectors of 32-bit limbs (little-endian), the small cases
// of the huge algorithms: trimming, multiply-add and division by one limb (radix conversion's leaves), and the
// long division of two vectors (the base case of Newton's division and of radix conversion), all by the word
// algorithms of detail/mpn/. Host code.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/div.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>
#include <warpnum/detail/raise.hpp>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace warpnum::huge::detail {

/// Quotient and remainder of two limb vectors (no high zero limbs).
struct LimbDivResult {
  std::vector<std::uint32_t> quot;
  std::vector<std::uint32_t> rem;
};

/// Drops high zero limbs.
inline void trim_limbs(std::vector<std::uint32_t>& v) {
  while (!v.empty() && v.back() == 0) v.pop_back();
}

/// The word the host divides in: 64-bit words with unsigned __int128, else the limbs themselves.
using division_word = std::conditional_t<WARPNUM_HAS_INT128 != 0, std::uint64_t, std::uint32_t>;
/// 32-bit limbs in a division_word.
inline constexpr std::size_t limbs_per_division_word = sizeof(division_word) / sizeof(std::uint32_t);

/// A length in words as the word algorithms take it (int); std::length_error beyond.
inline int word_count(std::size_t n) {
  if (n > static_cast<std::size_t>(INT_MAX) - 1) {
    warpnum::detail::throw_error<std::length_error>("warpnum: number too long for the word algorithms");
  }
  return static_cast<int>(n);
}

/// a = floor(a / d) in place (high zero limbs dropped); returns a mod d. d != 0. By mpn::divrem_1 in the host's
/// division words, read from the limbs in place (an odd count gains a zero limb first).
inline std::uint32_t divmod_limb_inplace(std::vector<std::uint32_t>& a, std::uint32_t d) {
  constexpr std::size_t lpw = limbs_per_division_word;
  if (a.empty()) return 0;
  if (a.size() % lpw != 0) a.push_back(0);
  const auto rem = warpnum::detail::mpn::divrem_1(a.data(), a.data(), word_count(a.size() / lpw), division_word{d});
  trim_limbs(a);
  return static_cast<std::uint32_t>(rem);
}

/// a = a * m + add in place.
inline void mul_add_limb_inplace(std::vector<std::uint32_t>& a, std::uint32_t m, std::uint32_t add) {
  const std::uint32_t carry = warpnum::detail::mpn::mul_1(a.data(), a.data(), word_count(a.size()), m, add);
  if (carry != 0) a.push_back(carry);
}

/// Packs the 32-bit limbs into the words w (least significant first; w zeroed by the caller, (limbs + lpw - 1) / lpw
/// of them): the word algorithms' operands.
inline void limbs_to_words(division_word* w, std::span<const std::uint32_t> limbs) {
  constexpr std::size_t lpw = limbs_per_division_word;
  for (std::size_t i = 0; i < limbs.size(); ++i) w[i / lpw] |= static_cast<division_word>(limbs[i]) << (32 * (i % lpw));
}

/// The count words at w as 32-bit limbs (count * lpw of them, high zero limbs kept).
inline std::vector<std::uint32_t> words_to_limbs(const division_word* w, std::size_t count) {
  constexpr std::size_t lpw = limbs_per_division_word;
  std::vector<std::uint32_t> limbs(count * lpw);
  for (std::size_t i = 0; i < limbs.size(); ++i) limbs[i] = static_cast<std::uint32_t>(w[i / lpw] >> (32 * (i % lpw)));
  return limbs;
}

/// floor(a / b) and a mod b for magnitudes a, b (high zero limbs allowed); b == 0 throws std::domain_error.
/// The limbs go into words (division_word), detail/mpn/div.hpp divides (Knuth's algorithm D: O((m - n + 1) n)
/// for m words over n words), and the words come back as limbs.
inline LimbDivResult divmod_limbs(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
  using Word = division_word;
  constexpr std::size_t lpw = limbs_per_division_word;
  std::size_t m = a.size();
  std::size_t n = b.size();
  while (m > 0 && a[m - 1] == 0) --m;
  while (n > 0 && b[n - 1] == 0) --n;
  if (n == 0) warpnum::detail::throw_error<std::domain_error>("warpnum: division by zero");
  LimbDivResult out;
  if (m < n) {
    out.rem.assign(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(m));
    return out;
  }
  // One array of words: u (mw), v (nw), q (mw - nw + 1), r (nw), and algorithm D's un (mw + 1) and vn (nw).
  const std::size_t mw = (m + lpw - 1) / lpw;  // the top words are non-zero: so are the top limbs
  const std::size_t nw = (n + lpw - 1) / lpw;
  const int im = word_count(mw);
  const int in = word_count(nw);
  std::vector<Word> words(mw + nw + (mw - nw + 1) + nw + (mw + 1) + nw, 0);
  Word* const u = words.data();
  Word* const v = u + mw;
  Word* const q = v + nw;
  Word* const r = q + (mw - nw + 1);
  Word* const un = r + nw;
  Word* const vn = un + mw + 1;
  limbs_to_words(u, a.first(m));
  limbs_to_words(v, b.first(n));
  warpnum::detail::mpn::divmod(q, r, u, im, v, in, un, vn);
  out.quot = words_to_limbs(q, mw - nw + 1);
  out.rem = words_to_limbs(r, nw);
  trim_limbs(out.quot);
  trim_limbs(out.rem);
  return out;
}

}  // namespace warpnum::huge::detail

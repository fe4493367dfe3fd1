// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/shift.hpp: shifts of word arrays of run-time length: by fewer bits than a word (shl_bits,
// shr_bits: GMP's mpn_lshift, mpn_rshift, the normalisation of division; the input and output may be stored in
// limbs of different widths, see get_word), by any count (shl_n, shr_n), and the count of trailing zero bits.
#pragma once

#include <warpnum/detail/limb.hpp>

namespace warpnum::detail::mpn {

/// r = a << s over n >= 1 words for 0 <= s < word bits; returns the bits shifted out of the top word.
/// r may alias a. Knuth's normalisation step, kept free of the word-shift cases of shl_n. r and a may be
/// stored in different limbs (see get_word): the shift then also converts, as division's does on the host.
/// Fixed > 0: n is the constant Fixed, and the loop is unrolled without a branch on s (double-word shifts).
template <int Fixed = 0, class Out, class In, class Word = wider_word_t<Out, In>>
WARPNUM_HD constexpr Word shl_bits(Out* r, const In* a, int n, int s) noexcept {
  if constexpr (Fixed > 0) {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const Word out = static_cast<Word>((static_cast<D>(get_word<Word>(a, Fixed - 1)) << s) >> wb);
    WARPNUM_UNROLL
    for (int i = Fixed - 1; i > 0; --i) {
      const D pair = static_cast<D>(get_word<Word>(a, i)) << wb | get_word<Word>(a, i - 1);
      set_word<Word>(r, i, static_cast<Word>((pair << s) >> wb));
    }
    set_word<Word>(r, 0, static_cast<Word>(get_word<Word>(a, 0) << s));
    return out;
  }
  if (s == 0) {
    WARPNUM_NO_UNROLL
    for (int i = n - 1; i >= 0; --i) set_word<Word>(r, i, get_word<Word>(a, i));
    return 0;
  }
  const int t = word_bits<Word> - s;
  const Word out = static_cast<Word>(get_word<Word>(a, n - 1) >> t);
  WARPNUM_NO_UNROLL
  WARPNUM_HOST_UNROLL
  for (int i = n - 1; i > 0; --i) {
    set_word<Word>(r, i, static_cast<Word>((get_word<Word>(a, i) << s) | (get_word<Word>(a, i - 1) >> t)));
  }
  set_word<Word>(r, 0, static_cast<Word>(get_word<Word>(a, 0) << s));
  return out;
}

/// r = a >> s over n >= 1 words for 0 <= s < word bits (zero fill). r may alias a; r and a may be stored in
/// different limbs, as for shl_bits.
/// Fixed > 0: as for shl_bits.
template <int Fixed = 0, class Out, class In, class Word = wider_word_t<Out, In>>
WARPNUM_HD constexpr void shr_bits(Out* r, const In* a, int n, int s) noexcept {
  if constexpr (Fixed > 0) {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed - 1; ++i) {
      const D pair = static_cast<D>(get_word<Word>(a, i + 1)) << wb | get_word<Word>(a, i);
      set_word<Word>(r, i, static_cast<Word>(pair >> s));
    }
    set_word<Word>(r, Fixed - 1, static_cast<Word>(get_word<Word>(a, Fixed - 1) >> s));
    return;
  }
  if (s == 0) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < n; ++i) set_word<Word>(r, i, get_word<Word>(a, i));
    return;
  }
  const int t = word_bits<Word> - s;
  WARPNUM_NO_UNROLL
  WARPNUM_HOST_UNROLL
  for (int i = 0; i < n - 1; ++i) {
    set_word<Word>(r, i, static_cast<Word>((get_word<Word>(a, i) >> s) | (get_word<Word>(a, i + 1) << t)));
  }
  set_word<Word>(r, n - 1, static_cast<Word>(get_word<Word>(a, n - 1) >> s));
}

/// Index of the lowest set bit of a number of n words (n words' bits for zero).
template <class Word> WARPNUM_HD constexpr unsigned long long countr_zero_n(const Word* a, int n) noexcept {
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    if (a[i] != 0) return static_cast<unsigned long long>(i) * word_bits<Word> + countr_zero_word(a[i]);
  }
  return static_cast<unsigned long long>(n) * word_bits<Word>;
}

/// r = a << s over n words (bits shifted past the top are lost), 0 <= s. r may alias a.
template <class Word> WARPNUM_HD constexpr void shl_n(Word* r, const Word* a, int n, unsigned long long s) noexcept {
  constexpr int wb = word_bits<Word>;
  if (s >= static_cast<unsigned long long>(n) * wb) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < n; ++i) r[i] = 0;
    return;
  }
  const int ws = static_cast<int>(s / wb);
  const int bs = static_cast<int>(s % wb);
  WARPNUM_NO_UNROLL
  for (int i = n - 1; i >= ws; --i) {
    Word v = static_cast<Word>(a[i - ws] << bs);
    if (bs != 0 && i - ws - 1 >= 0) v |= static_cast<Word>(a[i - ws - 1] >> (wb - bs));
    r[i] = v;
  }
  WARPNUM_NO_UNROLL
  for (int i = ws - 1; i >= 0; --i) r[i] = 0;
}

/// r = a >> s over n words, filling from the top with `fill` (0, or all ones for an arithmetic shift of a
/// negative number). r may alias a.
template <class Word>
WARPNUM_HD constexpr void shr_n(Word* r, const Word* a, int n, unsigned long long s, Word fill = 0) noexcept {
  constexpr int wb = word_bits<Word>;
  if (s >= static_cast<unsigned long long>(n) * wb) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i < n; ++i) r[i] = fill;
    return;
  }
  const int ws = static_cast<int>(s / wb);
  const int bs = static_cast<int>(s % wb);
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n - ws; ++i) {
    Word v = static_cast<Word>(a[i + ws] >> bs);
    const Word next = i + ws + 1 < n ? a[i + ws + 1] : fill;
    if (bs != 0) v |= static_cast<Word>(next << (wb - bs));
    r[i] = v;
  }
  WARPNUM_NO_UNROLL
  for (int i = n - ws; i < n; ++i) r[i] = fill;
}
}  // namespace warpnum::detail::mpn

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/shift.hpp: shifts of limb arrays by any number of bits, and the count of trailing zero bits.
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/shift.hpp>

namespace warpnum::detail {

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

// The shifts by fewer bits than a word are the core's (detail/mpn/shift.hpp); the value types call them by these
// names.
using mpn::shl_bits;
using mpn::shr_bits;

}  // namespace warpnum::detail

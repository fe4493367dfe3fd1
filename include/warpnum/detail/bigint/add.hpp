// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/add.hpp: negation and length of limb arrays; addition, subtraction and comparison come
// from detail/mpn/add.hpp.
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>

namespace warpnum::detail {

// Addition, subtraction and comparison are the core's (detail/mpn/add.hpp); the value types call them by these
// names. Their add_n and sub_n are the portable loops, which the compiler unrolls at the widths' constant lengths
// (mpn::add_n and mpn::sub_n, for lengths known only at run time, may take an assembly chain instead).
using mpn::add_1;
using mpn::cmp_n;
using mpn::sub_1;

/// r = a + b over n words; returns the carry out (0 or 1). r may alias a or b. Fixed > 0: n is the constant Fixed.
template <int Fixed = 0, class Word>
WARPNUM_HD constexpr Word add_n(Word* r, const Word* a, const Word* b, int n, Word carry = 0) noexcept {
  return mpn::add_n_portable<Fixed>(r, a, b, n, carry);
}

/// r = a - b over n words; returns the borrow out (0 or 1). r may alias a or b.
template <class Word>
WARPNUM_HD constexpr Word sub_n(Word* r, const Word* a, const Word* b, int n, Word borrow = 0) noexcept {
  return mpn::sub_n_portable(r, a, b, n, borrow);
}

/// r = -a (two's complement) over n words. r may alias a.
template <class Word> WARPNUM_HD constexpr void neg_n(Word* r, const Word* a, int n) noexcept {
  Word carry = 1;
  for (int i = 0; i < n; ++i) {
    const Word s = static_cast<Word>(~a[i]) + carry;
    carry = (carry != 0 && s == 0) ? 1 : 0;
    r[i] = s;
  }
}

/// Number of words up to and including the highest non-zero word (0 for zero).
template <class Word> WARPNUM_HD constexpr int significant_words(const Word* a, int n) noexcept {
  WARPNUM_HOST_UNROLL
  for (; n > 0; --n) {
    if (a[n - 1] != 0) break;
  }
  return n;
}

}  // namespace warpnum::detail

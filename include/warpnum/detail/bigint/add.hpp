// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/add.hpp: negation and length of limb arrays; addition, subtraction and comparison come
// from detail/mpn/add.hpp.
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>

namespace warpnum::detail {

// The run-time-length addition, subtraction and comparison are the core's (detail/mpn/add.hpp); the value types
// call them by these names.
using mpn::add_1;
using mpn::add_n;
using mpn::cmp_n;
using mpn::sub_1;
using mpn::sub_n;

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

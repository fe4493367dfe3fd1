// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/mul_basecase.hpp: schoolbook products of word arrays of run-time length, by rows
// (mul_basecase, sqr_basecase), as GMP's mpn_mul_basecase and mpn_sqr_basecase: the products below Karatsuba's
// threshold (karatsuba.hpp), and the rows of the Montgomery products at run-time lengths. One template over the word
// type: 64-bit words with unsigned __int128 on the host, 32-bit words on the device and in constant evaluation.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

namespace warpnum::detail::mpn {

/// r[0, na + nb) = a * b for na, nb >= 1 by rows: a b[0], then r[j, j + na] += a b[j] (addmul_1: assembly for
/// 64-bit words on x86-64). The rows run along a: put the longer operand there. r must not overlap a or b.
template <class Word>
WARPNUM_HD constexpr void mul_basecase(Word* r, const Word* a, int na, const Word* b, int nb) noexcept {
  r[na] = mul_1(r, a, na, b[0]);
  WARPNUM_NO_UNROLL
  for (int j = 1; j < nb; ++j) r[na + j] = addmul_1(r + j, r + j, a, na, b[j]);
}

/// r[0, 2n) = a^2 for n >= 1 by rows: the products a[i] a[j] with i < j once (row i multiplies a[i + 1, n) by a[i]
/// at word 2i + 1), then one pass that doubles them and adds the squares a[i]^2 at word 2i. r must not overlap a.
template <class Word> WARPNUM_HD constexpr void sqr_basecase(Word* r, const Word* a, int n) noexcept {
  using D = dword_t<Word>;
  constexpr int wb = word_bits<Word>;
  r[0] = 0;
  r[2 * n - 1] = 0;
  if (n > 1) r[n] = mul_1(r + 1, a + 1, n - 1, a[0]);
  WARPNUM_NO_UNROLL
  for (int i = 1; i < n - 1; ++i) r[n + i] = addmul_1(r + 2 * i + 1, r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
  Word shift_in = 0;
  Word carry = 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const Word lo = r[2 * i];
    const Word hi = r[2 * i + 1];
    const Word lo2 = static_cast<Word>((lo << 1) | shift_in);
    const Word hi2 = static_cast<Word>((hi << 1) | (lo >> (wb - 1)));
    shift_in = static_cast<Word>(hi >> (wb - 1));
    const D sq = static_cast<D>(a[i]) * a[i];
    const D s0 = static_cast<D>(lo2) + static_cast<Word>(sq) + carry;
    const D s1 = static_cast<D>(hi2) + static_cast<Word>(sq >> wb) + static_cast<Word>(s0 >> wb);
    r[2 * i] = static_cast<Word>(s0);
    r[2 * i + 1] = static_cast<Word>(s1);
    carry = static_cast<Word>(s1 >> wb);
  }
}

}  // namespace warpnum::detail::mpn

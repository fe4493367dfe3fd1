// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/montgomery.hpp: Montgomery multiplication and reduction of word arrays.
#pragma once

#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/mul_basecase.hpp>
#include <warpnum/detail/mpn/mul_1.hpp>

#include <cstdint>

namespace warpnum::detail {

/// -m^-1 mod 2^64 for an odd m0 (the low word of an odd modulus): Newton's iteration x <- x (2 - m0 x), which
/// doubles the number of correct low bits; m0 itself is right to 3 bits (m0 m0 = 1 mod 8 for odd m0).
WARPNUM_HD constexpr std::uint64_t neg_inverse_mod_2_64(std::uint64_t m0) noexcept {
  std::uint64_t x = m0;  // 3 bits
  for (int i = 0; i < 5; ++i) x *= 2 - m0 * x;  // 6, 12, 24, 48, 96 bits
  return 0 - x;
}

/// r (2n words) = a * b by rows (mpn::mul_basecase). r must not alias a or b.
template <class Word> WARPNUM_HD constexpr void mul_rows_n(Word* r, const Word* a, const Word* b, int n) noexcept {
  mpn::mul_basecase(r, a, n, b, n);
}

/// r (2n words) = a^2 by rows (mpn::sqr_basecase). r must not alias a.
template <class Word> WARPNUM_HD constexpr void sqr_rows_n(Word* r, const Word* a, int n) noexcept {
  mpn::sqr_basecase(r, a, n);
}

/// Montgomery reduction (REDC): r = t B^-n mod m for n-word m (odd), t (2n words) < m B^n, minv = -m^-1 mod B,
/// so r < m. One addmul_1 row a word, q = t[i] minv making word i zero; that word then keeps the row's carry,
/// which belongs at word i + n, and one addition at the end adds all of them (the high half stays untouched by
/// carries until then). t is destroyed. r (n words) must not overlap t.
template <class Word>
WARPNUM_HD constexpr void redc_n(Word* r, Word* t, const Word* m, int n, Word minv) noexcept {
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const Word q = static_cast<Word>(t[i] * minv);
    t[i] = mpn::addmul_1(t + i, t + i, m, n, q);
  }
  // (t B^-n) = high half + carries < 2m: one subtraction at most, selected by a mask (see select_reduced).
  const Word carry = mpn::add_n_portable(r, t + n, t, n);
  const Word borrow = mpn::sub_n_portable(t, r, m, n);  // t's low half (consumed) takes r - m
  const Word keep = static_cast<Word>(Word{0} - static_cast<Word>(carry == 0 && borrow != 0));
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) r[i] = static_cast<Word>((r[i] & keep) | (t[i] & ~keep));
}

/// r = z + carry B^W reduced below m, for z + carry B^W < 2m: z - m where that does not borrow (or carry is
/// set), else z, chosen by a mask rather than a branch. (A branch on cmp_n here, inlined into a chain of
/// Montgomery products, sent GCC 12 -O3 into minutes of jump threading: 13 minutes for 8 squarings.)
template <int W, class Word> WARPNUM_HD constexpr void select_reduced(Word* r, const Word* z, Word carry, const Word* m) noexcept {
  Word d[W];
  const Word borrow = mpn::sub_n_portable(d, z, m, W);
  const Word keep = static_cast<Word>(Word{0} - static_cast<Word>(carry == 0 && borrow != 0));  // all ones: z < m
  WARPNUM_UNROLL_ALL
  for (int i = 0; i < W; ++i) r[i] = static_cast<Word>((z[i] & keep) | (d[i] & ~keep));
}

/// Montgomery multiplication by columns for a constant number of words W (the finely integrated product
/// scanning of Koc, Acar and Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", 1996):
/// column k sums a[i] b[k - i] and q[i] m[k - i]; below W the column's low word then fixes q[k] = low * minv,
/// and q[k] m[0] clears it. 2 W^2 products in registers, no stored partial product, the products of a b and
/// of q m summed in two accumulators (as in mul_low_columns). r = a b B^-W mod m for a b < m B^W; r may alias
/// a or b.
template <int W, class Word>
WARPNUM_HD constexpr void mont_mul_columns(Word* r, const Word* a, const Word* b, const Word* m, Word minv) noexcept {
  Word q[W];
  Word z[W];
  ColumnSum<Word> acc;
  WARPNUM_HOST_UNROLL_ALL
  for (int k = 0; k < W; ++k) {
    ColumnSum<Word> red;
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 0; i <= k; ++i) acc.add_product(a[i], b[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 0; i < k; ++i) red.add_product(q[i], m[k - i]);
    acc.add_sum(red);
    q[k] = static_cast<Word>(acc.c0 * minv);
    acc.add_product(q[k], m[0]);
    acc.take_word();  // zero
  }
  WARPNUM_HOST_UNROLL_ALL
  for (int k = W; k < 2 * W - 1; ++k) {
    ColumnSum<Word> red;
    WARPNUM_HOST_UNROLL_ALL
    for (int i = k - W + 1; i < W; ++i) acc.add_product(a[i], b[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = k - W + 1; i < W; ++i) red.add_product(q[i], m[k - i]);
    acc.add_sum(red);
    z[k - W] = acc.take_word();
  }
  z[W - 1] = acc.take_word();
  select_reduced<W>(r, z, acc.c0, m);
}

/// Montgomery squaring by columns (see mont_mul_columns): each column's products a[i] a[k - i] with i < k - i
/// summed once and doubled, plus the square a[k / 2]^2: 1.5 W^2 products instead of 2 W^2. r may alias a.
template <int W, class Word>
WARPNUM_HD constexpr void mont_sqr_columns(Word* r, const Word* a, const Word* m, Word minv) noexcept {
  Word q[W];
  Word z[W];
  ColumnSum<Word> acc;
  WARPNUM_UNROLL_ALL
  for (int k = 0; k < 2 * W - 1; ++k) {
    const int lo = k < W ? 0 : k - W + 1;
    ColumnSum<Word> cross;
    // Loops of constant length (their bounds tested inside), which nvcc unrolls completely inside the unrolled
    // column loop; with the column's bounds in the loop headers it kept 40 loops rolled and q in local memory.
    WARPNUM_UNROLL_ALL
    for (int i = 0; i < W; ++i) {
      if (i >= lo && i < k - i) cross.add_product(a[i], a[k - i]);
    }
    cross.add_sum(cross);  // doubled
    if (k % 2 == 0) cross.add_product(a[k / 2], a[k / 2]);
    WARPNUM_UNROLL_ALL
    for (int i = 0; i < W; ++i) {
      if (i >= lo && i < (k < W ? k : W)) acc.add_product(q[i], m[k - i]);
    }
    acc.add_sum(cross);
    if (k < W) {
      q[k] = static_cast<Word>(acc.c0 * minv);
      acc.add_product(q[k], m[0]);
      acc.take_word();  // zero
    } else {
      z[k - W] = acc.take_word();
    }
  }
  z[W - 1] = acc.take_word();
  select_reduced<W>(r, z, acc.c0, m);
}

}  // namespace warpnum::detail

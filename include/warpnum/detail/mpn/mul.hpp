// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/mul.hpp: the full product of two word arrays of any run-time lengths (mul, as GMP's mpn_mul),
// choosing among schoolbook by rows (mul_basecase.hpp), Karatsuba (karatsuba.hpp), Toom-Cook 3-way (toom3.hpp)
// and 4-way (toom4.hpp) by the shorter length and three thresholds. One template over the word type: 64-bit words
// with unsigned __int128 on the host (Integer's multiply, src/huge/integer.cpp), 32-bit words on the device and in
// constant evaluation. The fixed widths' unrolled products (detail/bigint/mul.hpp's columns,
// detail/bigint/mul_rows.hpp's PTX rows, detail/modular/mont_wide.hpp's blocks) are variants of these.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/mpn/karatsuba.hpp>
#include <warpnum/detail/mpn/mul_basecase.hpp>
#include <warpnum/detail/mpn/toom3.hpp>
#include <warpnum/detail/mpn/toom4.hpp>

namespace warpnum::detail::mpn {

/// Words of scratch mul needs for operands of na and nb words with the given thresholds. Each level of pieces (see
/// mul) holds a piece's product, 2 nb words, while the piece multiplies: by toom4_n when whole, else (the last
/// piece, len < nb words) by a mul of nb and len words, which takes pieces of its own; the lengths fall as in
/// Euclid's algorithm.
WARPNUM_HD constexpr int mul_scratch(int na, int nb, int threshold = karatsuba_min_words,
                                     int toom3_threshold = toom3_min_words,
                                     int toom4_threshold = toom4_min_words) noexcept {
  if (na < nb) return mul_scratch(nb, na, threshold, toom3_threshold, toom4_threshold);
  if (nb < threshold) return 0;
  const int whole = toom4_scratch(nb, threshold, toom3_threshold, toom4_threshold);
  if (na == nb) return whole;
  const int len = na % nb;
  const int last = len == 0 ? 0 : mul_scratch(nb, len, threshold, toom3_threshold, toom4_threshold);
  return 2 * nb + (whole > last ? whole : last);
}

/// r[0, na + nb) = a * b for na, nb >= 1: schoolbook while the shorter operand is below threshold words, else
/// Toom-4 (toom4_n, which multiplies by Toom-3 below toom4_threshold words and by Karatsuba below toom3_threshold)
/// for equal lengths and, for unequal ones, on pieces of the longer operand as long as the shorter, each added into
/// r. a == b with na == nb: a square.
/// scratch: mul_scratch(na, nb, threshold, toom3_threshold, toom4_threshold) words. r must not overlap a, b or
/// scratch.
template <class Word>
WARPNUM_HD constexpr void mul(Word* r, const Word* a, int na, const Word* b, int nb, Word* scratch,
                              int threshold = karatsuba_min_words, int toom3_threshold = toom3_min_words,
                              int toom4_threshold = toom4_min_words) noexcept {
  if (na < nb) {
    const Word* const t = a;
    a = b;
    b = t;
    const int tn = na;
    na = nb;
    nb = tn;
  }
  if (nb < threshold) {
    if (a == b && na == nb) {
      sqr_basecase(r, a, na);
    } else {
      mul_basecase(r, a, na, b, nb);
    }
    return;
  }
  if (na == nb) {
    toom4_n(r, a, b, na, scratch, threshold, toom3_threshold, toom4_threshold);
    return;
  }
  Word* const piece = scratch;
  Word* const rest = scratch + 2 * nb;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < na + nb; ++i) r[i] = 0;
  WARPNUM_NO_UNROLL
  for (int off = 0; off < na; off += nb) {
    const int len = na - off < nb ? na - off : nb;
    if (len == nb) {
      toom4_n(piece, a + off, b, nb, rest, threshold, toom3_threshold, toom4_threshold);
    } else {
      mul(piece, b, nb, a + off, len, rest, threshold, toom3_threshold, toom4_threshold);
    }
    const Word carry = add_n(r + off, r + off, piece, len + nb);
    add_1_in_place(r + off + len + nb, na - off - len, carry);
  }
}

}  // namespace warpnum::detail::mpn

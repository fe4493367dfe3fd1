// warpnum/detail/bigint/mul.hpp: per-thread multiplication of limb arrays (Comba's column order).
#pragma once

#include <warpnum/detail/limb.hpp>

namespace warpnum::detail {

/// Three-word column accumulator of Comba's method (Honda, Ito, Nakano, Alg. 2): the running column sum
/// lives in a double word plus an overflow word, so no partial product is ever stored.
template <class Word> struct ColumnSum {
  dword_t<Word> low = 0;
  Word high = 0;

  WARPNUM_HD constexpr void add_product(Word a, Word b) noexcept {
    const dword_t<Word> p = static_cast<dword_t<Word>>(a) * b;
    low += p;
    high += low < p ? 1 : 0;
  }
  /// Returns the column's low word and shifts the sum down one word.
  WARPNUM_HD constexpr Word take_word() noexcept {
    const Word w = static_cast<Word>(low);
    low = (low >> word_bits<Word>) | (static_cast<dword_t<Word>>(high) << word_bits<Word>);
    high = 0;
    return w;
  }
};

/// r = (a * b) mod B^n: the low n words of the product of two n-word numbers. r must not alias a or b.
template <class Word>
WARPNUM_HD constexpr void mul_low_n(Word* r, const Word* a, const Word* b, int n) noexcept {
  ColumnSum<Word> acc;
  for (int k = 0; k < n; ++k) {
    WARPNUM_NO_UNROLL
    for (int i = 0; i <= k; ++i) acc.add_product(a[i], b[k - i]);
    r[k] = acc.take_word();
  }
}

/// r = a * b: the full 2n-word product of two n-word numbers. r must not alias a or b.
template <class Word>
WARPNUM_HD constexpr void mul_full_n(Word* r, const Word* a, const Word* b, int n) noexcept {
  ColumnSum<Word> acc;
  for (int k = 0; k < 2 * n - 1; ++k) {
    const int lo = k < n ? 0 : k - n + 1;
    const int hi = k < n ? k : n - 1;
    WARPNUM_NO_UNROLL
    for (int i = lo; i <= hi; ++i) acc.add_product(a[i], b[k - i]);
    r[k] = acc.take_word();
  }
  r[2 * n - 1] = acc.take_word();
}

/// r = a * w + carry over n words; returns the word carried out. r may alias a.
template <class Word>
WARPNUM_HD constexpr Word mul_1(Word* r, const Word* a, int n, Word w, Word carry = 0) noexcept {
  using D = dword_t<Word>;
  for (int i = 0; i < n; ++i) {
    const D p = static_cast<D>(a[i]) * w + carry;
    r[i] = static_cast<Word>(p);
    carry = static_cast<Word>(p >> word_bits<Word>);
  }
  return carry;
}

/// r -= a * w over n words; returns the word borrowed out of the top.
template <class Word> WARPNUM_HD constexpr Word submul_1(Word* r, const Word* a, int n, Word w) noexcept {
  using D = dword_t<Word>;
  Word borrow = 0;
  for (int i = 0; i < n; ++i) {
    const D p = static_cast<D>(a[i]) * w + borrow;
    const Word lo = static_cast<Word>(p);
    borrow = static_cast<Word>(p >> word_bits<Word>) + (r[i] < lo ? 1 : 0);
    r[i] -= lo;
  }
  return borrow;
}

}  // namespace warpnum::detail

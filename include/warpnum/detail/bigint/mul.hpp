// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/mul.hpp: per-thread multiplication of limb arrays (Comba's column order).
#pragma once

#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/ptx/mad_column.hpp>

#if WARPNUM_DEVICE_BRANCH
// The device body of a 32-bit ColumnSum step (detail/ptx/mad_column.hpp); nothing elsewhere.
#  define WARPNUM_DETAIL_ON_DEVICE_COLUMN(...) WARPNUM_IF_ELSE_DEVICE(({ __VA_ARGS__ }), ())
#else
#  define WARPNUM_DETAIL_ON_DEVICE_COLUMN(...)
#endif

namespace warpnum::detail {

/// Three-word column accumulator of Comba's method (Honda, Ito, Nakano, Alg. 2): the running column sum lives
/// in three words (c2:c1:c0), so no partial product is ever stored.
template <class Word> struct ColumnSum {
  Word c0 = 0;
  Word c1 = 0;
  Word c2 = 0;

  WARPNUM_HD constexpr void add_product(Word a, Word b) noexcept {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      if constexpr (sizeof(Word) == 8) {
        WARPNUM_IF_ELSE_DEVICE((), (add_product_host(a, b); return;))
      } else {
        WARPNUM_DETAIL_ON_DEVICE_COLUMN(ptx::mad_column(c0, c1, c2, a, b); return;)
      }
    }
    add_product_portable(a, b);
  }

  /// The reference: two double-word additions.
  WARPNUM_HD constexpr void add_product_portable(Word a, Word b) noexcept {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const D p = static_cast<D>(a) * b;
    const D low = static_cast<D>(c0) + static_cast<Word>(p);
    c0 = static_cast<Word>(low);
    const D mid = static_cast<D>(c1) + static_cast<Word>(p >> wb) + static_cast<Word>(low >> wb);
    c1 = static_cast<Word>(mid);
    c2 = static_cast<Word>(c2 + static_cast<Word>(mid >> wb));
  }

  /// x86-64: mul then one add-with-carry chain (add, adc, adc) through the flags. GCC 12 keeps the
  /// accumulator in memory for the same chain written with _addcarry_u64 (14 instructions a product instead
  /// of 5) and spills registers for the unsigned __int128 form.
  void add_product_host(Word a, Word b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
    __asm__(
        "mulq %[b]\n\t"
        "addq %%rax, %[c0]\n\t"
        "adcq %%rdx, %[c1]\n\t"
        "adcq $0, %[c2]"
        : [c0] "+r"(c0), [c1] "+r"(c1), [c2] "+r"(c2), "+a"(a)
        : [b] "rm"(b)
        : "rdx", "cc");
#else
    add_product_portable(a, b);
#endif
  }

  /// Adds another column sum: the two halves of one column, summed apart so that their carry chains overlap.
  WARPNUM_HD constexpr void add_sum(const ColumnSum& o) noexcept {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      if constexpr (sizeof(Word) == 8) {
        WARPNUM_IF_ELSE_DEVICE((), (add_sum_host(o); return;))
      } else {
        WARPNUM_DETAIL_ON_DEVICE_COLUMN(ptx::add_column(c0, c1, c2, o.c0, o.c1, o.c2); return;)
      }
    }
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const D low = static_cast<D>(c0) + o.c0;
    c0 = static_cast<Word>(low);
    const D mid = static_cast<D>(c1) + o.c1 + static_cast<Word>(low >> wb);
    c1 = static_cast<Word>(mid);
    c2 = static_cast<Word>(c2 + o.c2 + static_cast<Word>(mid >> wb));
  }

  void add_sum_host(const ColumnSum& o) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
    __asm__(
        "addq %[o0], %[c0]\n\t"
        "adcq %[o1], %[c1]\n\t"
        "adcq %[o2], %[c2]"
        // c0 and c1 are written before o1 and o2 are read: early-clobber, so that no input shares their registers
        // (GCC gives one register to equal values: c0 == o.c1 from the same variable would read the new c0).
        : [c0] "+&r"(c0), [c1] "+&r"(c1), [c2] "+r"(c2)
        : [o0] "r"(o.c0), [o1] "r"(o.c1), [o2] "r"(o.c2)
        : "cc");
#else
    using D = dword_t<Word>;
    const D low = static_cast<D>(c0) + o.c0;
    c0 = static_cast<Word>(low);
    const D mid = static_cast<D>(c1) + o.c1 + static_cast<Word>(low >> 64);
    c1 = static_cast<Word>(mid);
    c2 = static_cast<Word>(c2 + o.c2 + static_cast<Word>(mid >> 64));
#endif
  }

  /// Returns the column's low word and shifts the sum down one word.
  WARPNUM_HD constexpr Word take_word() noexcept {
    const Word w = c0;
    c0 = c1;
    c1 = c2;
    c2 = 0;
    return w;
  }
};

/// Adds the column products a[i] * b[k - i] for i in [lo, hi] to acc, two per trip (the loop control costs as
/// much as the 4-instruction product step on the host).
template <class Word>
WARPNUM_HD constexpr void add_column(ColumnSum<Word>& acc, const Word* a, const Word* b, int k, int lo, int hi) noexcept {
  int i = lo;
  WARPNUM_NO_UNROLL
  for (; i < hi; i += 2) {
    acc.add_product(a[i], b[k - i]);
    acc.add_product(a[i + 1], b[k - i - 1]);
  }
  if (i == hi) acc.add_product(a[i], b[k - i]);
}

/// r = (a * b) mod B^n: the low n words of the product of two n-word numbers. r must not alias a or b.
template <class Word>
WARPNUM_HD constexpr void mul_low_n(Word* r, const Word* a, const Word* b, int n) noexcept {
  ColumnSum<Word> acc;
  for (int k = 0; k < n; ++k) {
    add_column(acc, a, b, k, 0, k);
    r[k] = acc.take_word();
  }
}

/// mul_low_n for a constant number of words N: the same columns, which the host compiler unrolls completely
/// (about 0.75 of mul_low_n's time at 16 and 32 words on the development machine, 2026-11-21), each column's
/// products with even i and with odd i summed in two accumulators, so that two carry chains run at once (0.86
/// to 0.91 of one accumulator's time at 8 to 32 words, same machine; three gained little more, four lost). The
/// host's multiply up to 2048 bits. r must not alias a or b.
template <int N, class Word> WARPNUM_HD constexpr void mul_low_columns(Word* r, const Word* a, const Word* b) noexcept {
  ColumnSum<Word> even;
  WARPNUM_HOST_UNROLL_ALL
  for (int k = 0; k < N; ++k) {
    ColumnSum<Word> odd;
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 0; i <= k; i += 2) even.add_product(a[i], b[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 1; i <= k; i += 2) odd.add_product(a[i], b[k - i]);
    even.add_sum(odd);
    r[k] = even.take_word();
  }
}

/// r = a * b: the full 2n-word product of two n-word numbers. r must not alias a or b.
template <class Word>
WARPNUM_HD constexpr void mul_full_n(Word* r, const Word* a, const Word* b, int n) noexcept {
  ColumnSum<Word> acc;
  for (int k = 0; k < 2 * n - 1; ++k) {
    add_column(acc, a, b, k, k < n ? 0 : k - n + 1, k < n ? k : n - 1);
    r[k] = acc.take_word();
  }
  r[2 * n - 1] = acc.take_word();
}

// ---- Full products and squares by columns for a constant number of words --------------------------------
// The unrolled blocks of the host's wide Montgomery product (detail/modular/mont_wide.hpp): a 2048-bit product
// there is one Karatsuba step over 16-word blocks of these, whose products run at the speed of mul_low_columns.

/// r (2W words) = a * b + u + carry B^W for W-word a and b, a 2W-word addend u and carry 0 or 1; returns the
/// word carried out (0 or 1: the sum is below 2 B^(2W)). Product scanning as in mul_low_columns (even and odd i
/// in two accumulators); u[k] starts the odd accumulator of column k, so the addend costs no extra step. r may
/// alias u, not a or b.
template <int W, class Word>
WARPNUM_HD constexpr Word mul_add_full_columns(Word* r, const Word* a, const Word* b, const Word* u, Word carry) noexcept {
  ColumnSum<Word> even;
  WARPNUM_HOST_UNROLL_ALL
  for (int k = 0; k < 2 * W - 1; ++k) {
    const int lo = k < W ? 0 : k - W + 1;
    const int hi = k < W ? k : W - 1;
    ColumnSum<Word> odd{u[k]};
    if (k == W) {
      odd.c0 = static_cast<Word>(u[k] + carry);
      odd.c1 = odd.c0 < carry ? 1 : 0;
    }
    WARPNUM_HOST_UNROLL_ALL
    for (int i = lo; i <= hi; i += 2) even.add_product(a[i], b[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = lo + 1; i <= hi; i += 2) odd.add_product(a[i], b[k - i]);
    even.add_sum(odd);
    r[k] = even.take_word();
  }
  even.add_sum(ColumnSum<Word>{u[2 * W - 1]});
  r[2 * W - 1] = even.take_word();
  return even.c0;
}

/// r (2W words) = a * b for W-word a and b: mul_add_full_columns with a zero addend, which the compiler folds
/// away (the same instructions). r must not alias a or b.
template <int W, class Word> WARPNUM_HD constexpr void mul_full_columns(Word* r, const Word* a, const Word* b) noexcept {
  constexpr Word zero[2 * W] = {};
  mul_add_full_columns<W>(r, a, b, zero, Word{0});
}

/// r (2W words) = a^2 for a W-word a, by columns: each column's products a[i] a[k - i] with i < k - i summed
/// once (even and odd i apart) and doubled, plus the square a[k / 2]^2; W (W + 1) / 2 products. r must not
/// alias a.
template <int W, class Word> WARPNUM_HD constexpr void sqr_full_columns(Word* r, const Word* a) noexcept {
  ColumnSum<Word> acc;
  WARPNUM_HOST_UNROLL_ALL
  for (int k = 0; k < 2 * W - 1; ++k) {
    const int lo = k < W ? 0 : k - W + 1;
    ColumnSum<Word> even;
    ColumnSum<Word> odd;
    WARPNUM_HOST_UNROLL_ALL
    for (int i = lo; i < k - i; i += 2) even.add_product(a[i], a[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = lo + 1; i < k - i; i += 2) odd.add_product(a[i], a[k - i]);
    even.add_sum(odd);
    even.add_sum(even);  // doubled
    if (k % 2 == 0) even.add_product(a[k / 2], a[k / 2]);
    acc.add_sum(even);
    r[k] = acc.take_word();
  }
  r[2 * W - 1] = acc.take_word();
}

}  // namespace warpnum::detail

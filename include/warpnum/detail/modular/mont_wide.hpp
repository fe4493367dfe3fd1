// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/mont_wide.hpp: the host's Montgomery product above 16 words (2048 and 4096 bits) on
// 64-bit words: the full product or square by Karatsuba steps over unrolled 16-word column blocks, and REDC by
// 16-word blocks of columns. Host only (detail/montgomery/select.hpp calls it from host64::mont_mul).
//
// Why: a 64x64 product costs about 0.7 ns in unrolled columns against 1.0 to 1.3 ns in addmul_1 rows (Zen 3,
// GCC 12, 2026-11-23; the measurements, and what was tried and dropped: docs/benchmarks.md, "Why each variant is
// chosen").
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ct/limbs.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/modular/montgomery.hpp>

#include <cstdint>

#if WARPNUM_HAS_INT128
namespace warpnum::detail::host64 {

using word = std::uint64_t;

/// All ones where bit 0 of b is set, else 0, through detail/ct/limbs.hpp's value_barrier, so that selections by the
/// mask stay selections.
inline word ct_mask(word b) noexcept { return ct::value_barrier(word{0} - (b & 1u)); }

/// The width of the unrolled column blocks: mul_full_columns<16> is 256 products (about 6 KB of code). A
/// fully unrolled 32-word Montgomery product (mont_mul_columns<32>, 2048 products) was slower than rows.
inline constexpr int mont_wide_block = 16;

/// Whether mont_mul_wide covers W words: a Karatsuba step over 16 words (W = 32) or two steps (W = 64).
template <int W> inline constexpr bool mont_wide_words = W == 32 || W == 64;

// The 16-word blocks, out of line: each is called several times a product, and one copy of each keeps the
// code of a 2048-bit product in the first-level instruction cache.
[[gnu::noinline]] inline void sqr_block(word* r, const word* a) noexcept { sqr_full_columns<mont_wide_block>(r, a); }
[[gnu::noinline]] inline void mul_block(word* r, const word* a, const word* b) noexcept {
  mul_full_columns<mont_wide_block>(r, a, b);
}
[[gnu::noinline]] inline word mul_add_block(word* r, const word* a, const word* b, const word* u, word carry) noexcept {
  return mul_add_full_columns<mont_wide_block>(r, a, b, u, carry);
}

#if WARPNUM_DETAIL_X86_64_ASM
/// The x86-64 body of add_words (op adcq) and sub_words (op sbbq): one carry chain, four words a trip (dec and
/// lea keep the carry flag).
#  define WARPNUM_DETAIL_CARRY_CHAIN(op)                                                                       \
    "xorl %k[carry], %k[carry]\n\t"                                                                             \
    "btq $0, %[carry_in]\n" /* CF = carry_in */                                                                \
    "1:\n\t"                                                                                                   \
    "movq (%[a]), %[tmp]\n\t" op " (%[b]), %[tmp]\n\t" "movq %[tmp], (%[r])\n\t"                              \
    "movq 8(%[a]), %[tmp]\n\t" op " 8(%[b]), %[tmp]\n\t" "movq %[tmp], 8(%[r])\n\t"                           \
    "movq 16(%[a]), %[tmp]\n\t" op " 16(%[b]), %[tmp]\n\t" "movq %[tmp], 16(%[r])\n\t"                        \
    "movq 24(%[a]), %[tmp]\n\t" op " 24(%[b]), %[tmp]\n\t" "movq %[tmp], 24(%[r])\n\t"                        \
    "leaq 32(%[a]), %[a]\n\t"                                                                                  \
    "leaq 32(%[b]), %[b]\n\t"                                                                                  \
    "leaq 32(%[r]), %[r]\n\t"                                                                                  \
    "decq %[trips]\n\t"                                                                                        \
    "jnz 1b\n\t"                                                                                               \
    "adcq $0, %[carry]"
#endif

/// r = a + b + carry_in (Subtract: a - b - carry_in) over N words (N a multiple of 4, carry_in 0 or 1); returns the
/// carry (borrow) out, 0 or 1. r may alias a or b. On x86-64 one adc (sbb) chain: the portable add_n, which GCC 12
/// -O2 leaves a loop of __int128 additions, made the 2048-bit Karatsuba square 790 ns instead of 440 (-O3).
template <bool Subtract, int N>
inline word add_sub_words(word* r, const word* a, const word* b, word carry_in = 0) noexcept {
  static_assert(N % 4 == 0 && N > 0);
#if WARPNUM_DETAIL_X86_64_ASM
  word carry;
  word tmp;
  std::uint64_t trips = N / 4;
  if constexpr (Subtract) {
    __asm__ volatile(WARPNUM_DETAIL_CARRY_CHAIN("sbbq")
                     : [carry] "=&r"(carry), [tmp] "=&r"(tmp), [a] "+r"(a), [b] "+r"(b), [r] "+r"(r), [trips] "+r"(trips)
                     : [carry_in] "r"(carry_in)
                     : "cc", "memory");
  } else {
    __asm__ volatile(WARPNUM_DETAIL_CARRY_CHAIN("adcq")
                     : [carry] "=&r"(carry), [tmp] "=&r"(tmp), [a] "+r"(a), [b] "+r"(b), [r] "+r"(r), [trips] "+r"(trips)
                     : [carry_in] "r"(carry_in)
                     : "cc", "memory");
  }
  return carry;
#else
  return Subtract ? mpn::sub_n_portable(r, a, b, N, carry_in) : mpn::add_n_portable(r, a, b, N, carry_in);
#endif
}
#if WARPNUM_DETAIL_X86_64_ASM
#  undef WARPNUM_DETAIL_CARRY_CHAIN
#endif
template <int N> inline word add_words(word* r, const word* a, const word* b, word carry_in = 0) noexcept {
  return add_sub_words<false, N>(r, a, b, carry_in);
}
template <int N> inline word sub_words(word* r, const word* a, const word* b) noexcept { return add_sub_words<true, N>(r, a, b); }

/// d = |x - y| over H words; returns 1 where x < y, else 0. The comparison runs from the top word and almost
/// always stops there.
template <int H> inline word abs_diff(word* d, const word* x, const word* y) noexcept {
  int i = H - 1;
  while (i > 0 && x[i] == y[i]) --i;
  const word neg = x[i] < y[i] ? 1 : 0;
  sub_words<H>(d, neg != 0 ? y : x, neg != 0 ? x : y);
  return neg;
}

/// abs_diff in constant time (ct::Montgomery's products): x - y, then negated where it borrowed by a mask and one
/// more carry chain (-d = ~d + 1: d ^ mask plus the borrow), with no comparison or branch on the values. A 2048-bit
/// product takes about 3 % longer with it, so the variable-time products keep abs_diff. (Written as a C++ loop,
/// GCC 12 turned the chain into branches.)
template <int H> inline word abs_diff_ct(word* d, const word* x, const word* y) noexcept {
  const word borrow = sub_words<H>(d, x, y);
  const word mask = ct_mask(borrow);
  word zero[H] = {};
  WARPNUM_HOST_UNROLL_ALL
  for (int i = 0; i < H; ++i) d[i] ^= mask;
  add_words<H>(d, d, zero, borrow);
  return borrow;
}

/// r (2W words) = a^2 by one Karatsuba step: with a = a0 + a1 B^h (h = W / 2), a^2 = a0^2 + (a0^2 + a1^2 -
/// (a0 - a1)^2) B^h + a1^2 B^W, three squares of h words by Half. r must not alias a. ConstantTime: |a0 - a1| by
/// abs_diff_ct (no branch on the values).
/// The fixed-width, unrolled variant of detail/mpn/karatsuba.hpp (mpn::karatsuba_n), one step.
template <int W, void (*Half)(word*, const word*), bool ConstantTime = false>
inline void sqr_karatsuba(word* r, const word* a) noexcept {
  constexpr int h = W / 2;
  word d[h];
  word s[W];
  word mid[W];
  Half(r, a);
  Half(r + W, a + h);
  if constexpr (ConstantTime) {
    abs_diff_ct<h>(d, a, a + h);
  } else {
    abs_diff<h>(d, a, a + h);
  }
  Half(s, d);
  // mid = a0^2 + a1^2 - (a0 - a1)^2 = 2 a0 a1, below 2 B^W: W words and a top word c (0 or 1).
  word c = add_words<W>(mid, r, r + W);
  c -= sub_words<W>(mid, mid, s);
  c += add_words<W>(r + h, r + h, mid);
  mpn::add_1(r + h + W, r + h + W, h, c);  // a^2 < B^(2W): nothing carries out
}

/// r (2W words) = a b by one Karatsuba step: a0 b1 + a1 b0 = a0 b0 + a1 b1 + (a0 - a1)(b1 - b0), the last
/// as a product of absolute values whose sign is the exclusive or of the two differences' signs. r must not
/// alias a or b. ConstantTime: the differences by abs_diff_ct and the middle term's sign by a mask, no branch.
/// The fixed-width, unrolled variant of detail/mpn/karatsuba.hpp (mpn::karatsuba_n), one step.
template <int W, void (*Half)(word*, const word*, const word*), bool ConstantTime = false>
inline void mul_karatsuba(word* r, const word* a, const word* b) noexcept {
  constexpr int h = W / 2;
  word da[h];
  word db[h];
  word z1[W];
  word mid[W];
  Half(r, a, b);
  Half(r + W, a + h, b + h);
  const word neg = ConstantTime ? abs_diff_ct<h>(da, a, a + h) ^ abs_diff_ct<h>(db, b + h, b)
                                 : abs_diff<h>(da, a, a + h) ^ abs_diff<h>(db, b + h, b);
  Half(z1, da, db);
  // mid = a0 b0 + a1 b1 +- z1 = a0 b1 + a1 b0, below 2 B^W: W words and a top word c (0 or 1).
  word c = add_words<W>(mid, r, r + W);
  if constexpr (ConstantTime) {
    // mid + (z1 ^ mask) + neg, then the sign extension mask: mid - z1 = mid + ~z1 + 1 - B^W where neg
    const word mask = ct_mask(neg);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 0; i < W; ++i) z1[i] ^= mask;
    c += add_words<W>(mid, mid, z1, neg) + mask;
  } else if (neg != 0) {
    c -= sub_words<W>(mid, mid, z1);
  } else {
    c += add_words<W>(mid, mid, z1);
  }
  c += add_words<W>(r + h, r + h, mid);
  mpn::add_1(r + h + W, r + h + W, h, c);
}

template <bool ConstantTime> [[gnu::noinline]] void sqr_32(word* r, const word* a) noexcept {
  sqr_karatsuba<32, sqr_block, ConstantTime>(r, a);
}
template <bool ConstantTime> [[gnu::noinline]] void mul_32(word* r, const word* a, const word* b) noexcept {
  mul_karatsuba<32, mul_block, ConstantTime>(r, a, b);
}

/// r (2W words) = a^2 and r = a b for W in mont_wide_words; ConstantTime: with no branch on the values.
template <int W, bool ConstantTime = false> inline void sqr_wide(word* r, const word* a) noexcept {
  static_assert(mont_wide_words<W>);
  if constexpr (W == 32) {
    sqr_32<ConstantTime>(r, a);
  } else {
    sqr_karatsuba<64, sqr_32<ConstantTime>, ConstantTime>(r, a);
  }
}
template <int W, bool ConstantTime = false> inline void mul_wide(word* r, const word* a, const word* b) noexcept {
  static_assert(mont_wide_words<W>);
  if constexpr (W == 32) {
    mul_32<ConstantTime>(r, a, b);
  } else {
    mul_karatsuba<64, mul_32<ConstantTime>, ConstantTime>(r, a, b);
  }
}

/// One 16-word block of REDC by columns: q (H words) with t + q m zero in its low H words (q[k] = column k's
/// low word times minv, as in mont_mul_columns), and t[H .. 2H) = the high half of t + q m[0 .. H) (2H-word t);
/// returns the word carried out of t[2H - 1] (0 or 1). t[0 .. H) is left as it was.
template <int H> inline word redc_block_columns(word* t, word* q, const word* m, word minv) noexcept {
  ColumnSum<word> acc;
  WARPNUM_HOST_UNROLL_ALL
  for (int k = 0; k < H; ++k) {
    ColumnSum<word> red{t[k]};
    WARPNUM_HOST_UNROLL_ALL
    for (int i = 0; i < k; ++i) red.add_product(q[i], m[k - i]);
    acc.add_sum(red);
    q[k] = acc.c0 * minv;
    acc.add_product(q[k], m[0]);
    acc.take_word();  // zero
  }
  WARPNUM_HOST_UNROLL_ALL
  for (int k = H; k < 2 * H - 1; ++k) {
    ColumnSum<word> even{t[k]};
    ColumnSum<word> odd;
    WARPNUM_HOST_UNROLL_ALL
    for (int i = k - H + 1; i < H; i += 2) even.add_product(q[i], m[k - i]);
    WARPNUM_HOST_UNROLL_ALL
    for (int i = k - H + 2; i < H; i += 2) odd.add_product(q[i], m[k - i]);
    even.add_sum(odd);
    acc.add_sum(even);
    t[k] = acc.take_word();
  }
  acc.add_sum(ColumnSum<word>{t[2 * H - 1]});
  t[2 * H - 1] = acc.take_word();
  return acc.c0;
}

[[gnu::noinline]] inline word redc_block(word* t, word* q, const word* m, word minv) noexcept {
  return redc_block_columns<mont_wide_block>(t, q, m, minv);
}

/// Montgomery reduction r = t B^-W mod m (W words, odd m, t < m B^W in 2W words, minv = -m^-1 mod B) by
/// blocks of H = 16 words: for each block j, redc_block finds the H words q that clear t's words jH .. jH + H
/// and adds q m[0 .. H); mul_add_block adds q m[iH .. iH + H) for the other i, each taking the previous one's
/// carry at its word H. The same W^2 products as REDC by addmul_1 rows, in unrolled columns (about 0.7 ns a
/// product against 1.0 to 1.3 ns in rows). r < m. t is destroyed; r must not overlap t.
template <int W> inline void redc_wide(word* r, word* t, const word* m, word minv) noexcept {
  constexpr int h = mont_wide_block;
  static_assert(W % h == 0);
  word top = 0;  // word 2W of t
  WARPNUM_NO_UNROLL
  for (int j = 0; j < W / h; ++j) {
    word* tj = t + j * h;
    word q[h];
    word c = redc_block(tj, q, m, minv);
    WARPNUM_NO_UNROLL
    for (int i = 1; i < W / h; ++i) c = mul_add_block(tj + i * h, q, m + i * h, tj + i * h, c);
    // c belongs at word jh + W + h.
    const int rest = W - (j + 1) * h;
    if (rest > 0) c = mpn::add_1(tj + W + h, tj + W + h, rest, c);
    top += c;
  }
  // t B^-W = t[W .. 2W) + top B^W < 2m: subtract m unless that borrows with top clear, chosen by a mask as in
  // select_reduced (whose portable sub_n is a loop of __int128 subtractions under GCC 12 -O2).
  const word borrow = sub_words<W>(t, t + W, m);  // t's low half (consumed) takes the difference
  const word keep = 0 - static_cast<word>(top == 0 && borrow != 0);
  WARPNUM_HOST_UNROLL_ALL
  for (int i = 0; i < W; ++i) r[i] = (t[W + i] & keep) | (t[i] & ~keep);
}

}  // namespace warpnum::detail::host64
#endif

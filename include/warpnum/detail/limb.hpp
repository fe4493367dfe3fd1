// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/limb.hpp: single-word primitives (double-word products, bit counts) that the limb-array
// algorithms in detail/bigint/ are written on. Each algorithm there is one template over the word type `Word`:
// 32-bit limbs on the device and during constant evaluation, 64-bit limb pairs on the host.
#pragma once

#include <warpnum/config.hpp>

#include <cstdint>
#include <type_traits>

namespace warpnum::detail {

/// The storage limb of every value type: little-endian 32-bit words.
using limb_t = std::uint32_t;

/// `WordTraits<Word>::dword` holds the product of two words plus two more words without overflow; `sdword` is
/// its signed form (the running sums of gcd.hpp's signed linear combinations).
template <class Word> struct WordTraits;
template <> struct WordTraits<std::uint32_t> {
  using dword = std::uint64_t;
  using sdword = std::int64_t;
};
#if WARPNUM_HAS_INT128
template <> struct WordTraits<std::uint64_t> {
  using dword = unsigned __int128;
  using sdword = __int128;
};
#endif

template <class Word> using dword_t = typename WordTraits<Word>::dword;
template <class Word> using sdword_t = typename WordTraits<Word>::sdword;
template <class Word> inline constexpr int word_bits = static_cast<int>(8 * sizeof(Word));

// ---- Words stored as limbs (at most two limbs a word) -----------------------------------------------------
// An array of n Words may live in storage of narrower Limbs (a Word is then sizeof(Word) / sizeof(Limb)
// consecutive limbs, least significant first). The host's 64-bit algorithms read and write the 32-bit limb
// arrays of the value types this way, with no copy in between; GCC and Clang make each access one 64-bit
// load or store. With Limb == Word these are plain array accesses (the device's and constexpr case).

template <class Word, class Limb> inline constexpr int limbs_per_word = static_cast<int>(sizeof(Word) / sizeof(Limb));

/// Word i of an array of Words stored as Limbs.
template <class Word, class Limb> WARPNUM_HD constexpr Word get_word(const Limb* p, int i) noexcept {
  static_assert(sizeof(Word) == sizeof(Limb) || sizeof(Word) == 2 * sizeof(Limb));
  if constexpr (sizeof(Limb) == sizeof(Word)) {
    return p[i];
  } else {
    // Written out (no loop) so that it compiles to one load.
    const Limb* q = p + 2 * static_cast<long>(i);
    return static_cast<Word>(q[0]) | (static_cast<Word>(q[1]) << (8 * sizeof(Limb)));
  }
}

/// Sets word i of an array of Words stored as Limbs.
template <class Word, class Limb> WARPNUM_HD constexpr void set_word(Limb* p, int i, Word w) noexcept {
  static_assert(sizeof(Word) == sizeof(Limb) || sizeof(Word) == 2 * sizeof(Limb));
  if constexpr (sizeof(Limb) == sizeof(Word)) {
    p[i] = w;
  } else {
    // Written out (no loop) so that it compiles to one store.
    Limb* q = p + 2 * static_cast<long>(i);
    q[0] = static_cast<Limb>(w);
    q[1] = static_cast<Limb>(w >> (8 * sizeof(Limb)));
  }
}

/// The wider of two word types: the word an algorithm computes in when it reads one and writes the other.
template <class A, class B> using wider_word_t = std::conditional_t<(sizeof(A) >= sizeof(B)), A, B>;

// ---- countl_zero: _portable (constexpr reference), _device (__clz), _host (compiler builtin) ----------------

template <class Word> WARPNUM_HD constexpr int countl_zero_portable(Word x) noexcept {
  int n = 0;
  for (int shift = word_bits<Word> / 2; shift > 0; shift /= 2) {
    if ((x >> (word_bits<Word> - shift)) == 0) {
      n += shift;
      x <<= shift;
    }
  }
  return x == 0 ? n + 1 : n;
}

template <class Word> WARPNUM_HD constexpr int countl_zero_word(Word x) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (sizeof(Word) == 4) {
      WARPNUM_IF_ELSE_DEVICE((return __clz(static_cast<int>(x));),
                             (return x == 0 ? 32 : __builtin_clz(x);))
    } else {
      WARPNUM_IF_ELSE_DEVICE((return __clzll(static_cast<long long>(x));),
                             (return x == 0 ? 64 : __builtin_clzll(x);))
    }
  }
  return countl_zero_portable(x);
}

// ---- countr_zero ------------------------------------------------------------------------------------------

template <class Word> WARPNUM_HD constexpr int countr_zero_portable(Word x) noexcept {
  if (x == 0) return word_bits<Word>;
  int n = 0;
  while ((x & 1) == 0) {
    x >>= 1;
    ++n;
  }
  return n;
}

template <class Word> WARPNUM_HD constexpr int countr_zero_word(Word x) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (sizeof(Word) == 4) {
      WARPNUM_IF_ELSE_DEVICE((return __ffs(static_cast<int>(x)) == 0 ? 32 : __ffs(static_cast<int>(x)) - 1;),
                             (return x == 0 ? 32 : __builtin_ctz(x);))
    } else {
      WARPNUM_IF_ELSE_DEVICE(
          (return __ffsll(static_cast<long long>(x)) == 0 ? 64 : __ffsll(static_cast<long long>(x)) - 1;),
          (return x == 0 ? 64 : __builtin_ctzll(x);))
    }
  }
  return countr_zero_portable(x);
}

// ---- popcount ---------------------------------------------------------------------------------------------

template <class Word> WARPNUM_HD constexpr int popcount_portable(Word x) noexcept {
  int n = 0;
  for (; x != 0; x &= x - 1) ++n;
  return n;
}

template <class Word> WARPNUM_HD constexpr int popcount_word(Word x) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (sizeof(Word) == 4) {
      WARPNUM_IF_ELSE_DEVICE((return __popc(x);), (return __builtin_popcount(x);))
    } else {
      WARPNUM_IF_ELSE_DEVICE((return __popcll(x);), (return __builtin_popcountll(x);))
    }
  }
  return popcount_portable(x);
}

// ---- Division by invariant normalised divisors (Moller and Granlund) ----------------------------------------
// N. Moller, T. Granlund, "Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011: a
// quotient word from a precomputed reciprocal with two multiplications and a few adjustments, instead of a
// double-word division (a slow library call for 128-by-64 bits, and a long emulated sequence on the GPU).
// One template for 32- and 64-bit words; b below is 2^word_bits.

#if WARPNUM_HAS_INT128
/// M&G Alg. 3's first approximation: floor((2^19 - 3 * 2^8) / d9) for the top nine bits d9 = 256..511 of
/// a normalised 64-bit word.
struct ReciprocalTable {
  std::uint16_t v0[256];
  constexpr ReciprocalTable() noexcept : v0{} {
    for (unsigned i = 0; i < 256; ++i) v0[i] = static_cast<std::uint16_t>(((1u << 19) - 3u * (1u << 8)) / (256u + i));
  }
};
inline constexpr ReciprocalTable reciprocal_table{};

/// reciprocal_word for 64-bit words without a 128-by-64 division (M&G Alg. 3): an 11-bit table value, two
/// Newton steps in 64-bit arithmetic, a third with one high product, and a final adjustment. Checked against
/// the division on 2 * 10^8 random divisors and every table boundary (2026-11-21).
WARPNUM_HD constexpr std::uint64_t reciprocal_word_64(std::uint64_t d) noexcept {
  using D = unsigned __int128;
  const std::uint64_t d0 = d & 1;
  const std::uint64_t d40 = (d >> 24) + 1;
  const std::uint64_t d63 = (d >> 1) + d0;  // ceil(d / 2)
  const std::uint64_t v0 = reciprocal_table.v0[(d >> 55) - 256];
  const std::uint64_t v1 = (v0 << 11) - ((v0 * v0 * d40) >> 40) - 1;
  const std::uint64_t v2 = (v1 << 13) + ((v1 * ((std::uint64_t{1} << 60) - v1 * d40)) >> 47);
  const std::uint64_t e = ((v2 >> 1) & (std::uint64_t{0} - d0)) - v2 * d63;  // 2^96 - v2 d63 + (v2 / 2) d0
  const std::uint64_t v3 = (v2 << 31) + (static_cast<std::uint64_t>((static_cast<D>(v2) * e) >> 64) >> 1);
  const D t = static_cast<D>(v3) * d + d;
  return v3 - static_cast<std::uint64_t>(t >> 64) - d;
}
#endif

/// floor((b^2 - 1) / d) - b for a normalised word d (top bit set): M&G eq. (3). For 32-bit words one
/// double-word division; (b^2 - 1) - b d is the double word (~d, b - 1). For 64-bit words Alg. 3 above
/// (constant evaluation, hosts other than x86-64) or the processor's divq (x86-64).
template <class Word> WARPNUM_HD constexpr Word reciprocal_word(Word d) noexcept {
#if WARPNUM_HAS_INT128
  if constexpr (sizeof(Word) == 8) {
#  if WARPNUM_DETAIL_X86_64_ASM
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      // One divq (its quotient fits since ~d < d): on current x86-64 cores its latency is below that of
      // Alg. 3's chain of multiplications (Sapphire Rapids: about 20 cycles against 30; 2026-11-21).
      WARPNUM_IF_ELSE_DEVICE((), ({
        std::uint64_t quot = ~std::uint64_t{0};
        std::uint64_t high = ~static_cast<std::uint64_t>(d);
        // volatile: divq traps for d == 0, and GCC may run a plain asm speculatively. At -O3 (CMake's default for
        // Release) it hoisted this one above the test that picks a two-word divisor, so x % m of 2048-bit numbers
        // with a longer m died of SIGFPE (2026-11-25; tests/host/modular/o3_test.cpp).
        __asm__ volatile("divq %[d]" : "+a"(quot), "+d"(high) : [d] "r"(static_cast<std::uint64_t>(d)) : "cc");
        return static_cast<Word>(quot);
      }))
    }
#  endif
    return reciprocal_word_64(d);
  }
#endif
  using D = dword_t<Word>;
  const D num = (static_cast<D>(static_cast<Word>(~d)) << word_bits<Word>) | static_cast<Word>(~Word{0});
  return static_cast<Word>(num / d);
}

/// Quotient word and remainder of a 2-by-1 division.
template <class Word> struct DivResult2by1 {
  Word quot;
  Word rem;
};

/// Division by a normalised word d.
template <class Word> struct NormalisedDivisor {
  Word d;
  Word v;  // reciprocal_word(d)
  WARPNUM_HD constexpr explicit NormalisedDivisor(Word divisor) noexcept : d(divisor), v(reciprocal_word(divisor)) {}
  /// (u1, u0) / d for u1 < d: M&G Alg. 4.
  WARPNUM_HD constexpr DivResult2by1<Word> divide(Word u1, Word u0) const noexcept {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const D q = static_cast<D>(v) * u1 + ((static_cast<D>(u1) << wb) | u0);
    Word q1 = static_cast<Word>(static_cast<Word>(q >> wb) + 1);
    const Word q0 = static_cast<Word>(q);
    Word r = static_cast<Word>(u0 - q1 * d);
    if (r > q0) {  // q1 was one too large
      --q1;
      r = static_cast<Word>(r + d);
    }
    if (r >= d) {  // rare: q1 was one too small
      ++q1;
      r = static_cast<Word>(r - d);
    }
    return {q1, r};
  }
};

/// Quotient word and two-word remainder (r1, r0) of a 3-by-2 division.
template <class Word> struct DivResult3by2 {
  Word quot;
  Word r1;
  Word r0;
};

/// Division by a normalised two-word divisor (d1, d0) (d1's top bit set): the quotient-word step of
/// schoolbook division, which replaces Knuth's estimate-and-refine loop with one exact step.
template <class Word> struct NormalisedDivisor2 {
  Word d1;
  Word d0;
  Word v;  // floor((b^3 - 1) / (d1, d0)) - b

  /// The reciprocal from d1's: M&G Alg. 6.
  WARPNUM_HD constexpr NormalisedDivisor2(Word hi, Word lo) noexcept : d1(hi), d0(lo), v(reciprocal_word(hi)) {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    Word p = static_cast<Word>(d1 * v + d0);
    if (p < d0) {  // the addition of d0 carried
      --v;
      if (p >= d1) {
        --v;
        p = static_cast<Word>(p - d1);
      }
      p = static_cast<Word>(p - d1);
    }
    const D t = static_cast<D>(v) * d0;
    const Word t1 = static_cast<Word>(t >> wb);
    const Word t0 = static_cast<Word>(t);
    p = static_cast<Word>(p + t1);
    if (p < t1) {  // carried
      --v;
      if (p > d1 || (p == d1 && t0 >= d0)) --v;
    }
  }

  /// (u2, u1, u0) / (d1, d0) for (u2, u1) < (d1, d0): M&G Alg. 5.
  WARPNUM_HD constexpr DivResult3by2<Word> divide(Word u2, Word u1, Word u0) const noexcept {
    using D = dword_t<Word>;
    constexpr int wb = word_bits<Word>;
    const D d = (static_cast<D>(d1) << wb) | d0;
    const D q = static_cast<D>(v) * u2 + ((static_cast<D>(u2) << wb) | u1);
    Word q1 = static_cast<Word>(q >> wb);
    const Word q0 = static_cast<Word>(q);
    const Word r1 = static_cast<Word>(u1 - q1 * d1);
    // (r1, u0) - q1 d0 - d, modulo b^2.
    D r = ((static_cast<D>(r1) << wb) | u0) - static_cast<D>(q1) * d0 - d;
    q1 = static_cast<Word>(q1 + 1);
    if (static_cast<Word>(r >> wb) >= q0) {  // q1 was one too large
      q1 = static_cast<Word>(q1 - 1);
      r += d;
    }
    if (r >= d) {  // rare: one too small
      ++q1;
      r -= d;
    }
    return {q1, static_cast<Word>(r >> wb), static_cast<Word>(r)};
  }
};

}  // namespace warpnum::detail

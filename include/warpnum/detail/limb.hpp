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

/// `WordTraits<Word>::dword` holds the product of two words plus two more words without overflow.
template <class Word> struct WordTraits;
template <> struct WordTraits<std::uint32_t> {
  using dword = std::uint64_t;
  static constexpr int bits = 32;
};
#if WARPNUM_HAS_INT128
template <> struct WordTraits<std::uint64_t> {
  using dword = unsigned __int128;
  static constexpr int bits = 64;
};
#endif

template <class Word> using dword_t = typename WordTraits<Word>::dword;
template <class Word> inline constexpr int word_bits = WordTraits<Word>::bits;

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

// ---- 2-by-1 division by an invariant normalised word ---------------------------------------------------------

/// Divides the two-word number (u1, u0) by the one-word divisor of `Divisor`, which requires u1 < d.
template <class Word> struct DivResult2by1 {
  Word quot;
  Word rem;
};

/// Division by a normalised (top bit set) word `d`. For 32-bit words the hardware's (or the compiler's)
/// 64-by-32 division is used directly; for 64-bit words the quotient comes from a precomputed reciprocal,
/// per Moller and Granlund, "Improved division by invariant integers" (IEEE TC 2011), Alg. 4, since a
/// 128-by-64 division is a slow library call.
template <class Word> struct NormalisedDivisor {
  Word d;
  WARPNUM_HD constexpr explicit NormalisedDivisor(Word divisor) noexcept : d(divisor) {}
  WARPNUM_HD constexpr DivResult2by1<Word> divide(Word u1, Word u0) const noexcept {
    using D = dword_t<Word>;
    const D num = (static_cast<D>(u1) << word_bits<Word>) | u0;
    return {static_cast<Word>(num / d), static_cast<Word>(num % d)};
  }
};

#if WARPNUM_HAS_INT128
template <> struct NormalisedDivisor<std::uint64_t> {
  using Word = std::uint64_t;
  using D = unsigned __int128;
  Word d;
  Word v;  // floor((2^128 - 1) / d) - 2^64, Moller and Granlund, eq. (3)
  WARPNUM_HD constexpr explicit NormalisedDivisor(Word divisor) noexcept
      : d(divisor), v(static_cast<Word>(((static_cast<D>(~divisor) << 64) | ~Word{0}) / divisor)) {}
  WARPNUM_HD constexpr DivResult2by1<Word> divide(Word u1, Word u0) const noexcept {
    // Moller and Granlund, Alg. 4, l. 1-9.
    D q = static_cast<D>(v) * u1;
    q += (static_cast<D>(u1) << 64) | u0;
    Word q1 = static_cast<Word>(q >> 64) + 1;
    const Word q0 = static_cast<Word>(q);
    Word r = u0 - q1 * d;
    if (r > q0) {
      --q1;
      r += d;
    }
    if (r >= d) {
      ++q1;
      r -= d;
    }
    return {q1, r};
  }
};
#endif

}  // namespace warpnum::detail

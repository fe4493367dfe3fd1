// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mpn/mul_1.hpp: rows, the product of a word array of run-time length by one word: mul_1
// (r = a w), addmul_1 (r = u + a w) and submul_1 (r = u - a w), as GMP's mpn_mul_1, mpn_addmul_1,
// mpn_submul_1. Each has the portable body (constexpr, the device's) and, for 64-bit words on x86-64 hosts, the
// assembly of detail/x86/mul_1_x86.hpp.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/mul_1_x86.hpp>

namespace warpnum::detail::mpn {

/// r = a * w + carry over n words; returns the word carried out. r may alias a.
template <class Word>
WARPNUM_HD constexpr Word mul_1(Word* r, const Word* a, int n, Word w, Word carry = 0) noexcept {
  using D = dword_t<Word>;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const D p = static_cast<D>(a[i]) * w + carry;
    r[i] = static_cast<Word>(p);
    carry = static_cast<Word>(p >> word_bits<Word>);
  }
  return carry;
}

/// r = u + a * w over n words; returns the word carried out. r may be u. The reference body.
template <class Word>
WARPNUM_HD constexpr Word addmul_1_portable(Word* r, const Word* u, const Word* a, int n, Word w) noexcept {
  using D = dword_t<Word>;
  Word carry = 0;
  WARPNUM_NO_UNROLL
  for (int i = 0; i < n; ++i) {
    const D p = static_cast<D>(a[i]) * w + u[i] + carry;  // < 2^(2 wb): (b - 1)^2 + 2 (b - 1) = b^2 - 1
    r[i] = static_cast<Word>(p);
    carry = static_cast<Word>(p >> word_bits<Word>);
  }
  return carry;
}

/// r = u + a * w over n words; returns the word carried out. r may be u.
template <class Word> WARPNUM_HD constexpr Word addmul_1(Word* r, const Word* u, const Word* a, int n, Word w) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (sizeof(Word) == 8) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED() && n > 0) {
      WARPNUM_IF_ELSE_DEVICE((), (if (!host_has_mulx_adx) return addmul_1_x86(r, u, a, n, w);
                                  return r == u ? addmul_1_adc_blocks(r, a, n, w) : addmul_1_adx(r, u, a, n, w);))
    }
  }
#endif
  return addmul_1_portable(r, u, a, n, w);
}

/// One word of r = u - a * w: r_i = u_i - (a_i w + borrow) mod B; returns the next borrow (a word).
template <class Word>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word submul_word(Word& r, Word u, Word a, Word w, Word borrow) noexcept {
  using D = dword_t<Word>;
  // The product does not depend on the borrow, so only two short add/compare steps sit on the chain.
  const D p = static_cast<D>(a) * w;
  const Word lo = static_cast<Word>(p) + borrow;
  const Word hi = static_cast<Word>(p >> word_bits<Word>) + (lo < borrow ? 1 : 0);
  r = static_cast<Word>(u - lo);
  return hi + (u < lo ? 1 : 0);
}

/// r = u - a * w over n words; returns the word borrowed out of the top. r may be u. The reference body;
/// the arrays may be stored in narrower limbs (see get_word). Fixed > 0: n is the constant Fixed, unrolled.
template <int Fixed = 0, class Word, class Limb>
WARPNUM_HD constexpr Word submul_1_portable(Limb* r, const Limb* u, const Limb* a, int n, Word w) noexcept {
  Word borrow = 0;
  if constexpr (Fixed > 0) {
    WARPNUM_UNROLL
    for (int i = 0; i < Fixed; ++i) {
      Word ri = 0;
      borrow = submul_word(ri, get_word<Word>(u, i), get_word<Word>(a, i), w, borrow);
      set_word<Word>(r, i, ri);
    }
  } else {
    WARPNUM_NO_UNROLL
    WARPNUM_HOST_UNROLL
    for (int i = 0; i < n; ++i) {
      Word ri = 0;
      borrow = submul_word(ri, get_word<Word>(u, i), get_word<Word>(a, i), w, borrow);
      set_word<Word>(r, i, ri);
    }
  }
  return borrow;
}

/// r = u - a * w over n words; returns the word borrowed out of the top. r may be u; the arrays may be
/// stored in narrower limbs (see get_word).
template <class Word, class Limb>
WARPNUM_HD constexpr Word submul_1(Limb* r, const Limb* u, const Limb* a, int n, Word w) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (sizeof(Word) == 8) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED() && n > 0) {
      WARPNUM_IF_ELSE_DEVICE((), (return host_has_mulx_adx ? submul_1_adx(r, u, a, n, w) : submul_1_x86(r, u, a, n, w);))
    }
  }
#endif
  return submul_1_portable(r, u, a, n, w);
}

}  // namespace warpnum::detail::mpn

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/ct/limbs.hpp: the constant-time building blocks on 32-bit limb arrays of a length known at compile
// time: masks (a word of all ones or all zeros) made from secret bits without a comparison the compiler could turn
// into a branch, selection and conditional swap by masks, comparison by the borrow of a subtraction, bit lengths,
// the sum and difference modulo m, the scan of a whole table for one entry, and the one point where a value made
// from secrets becomes public (declassify_word). Every loop runs its full constant length; no branch and no memory
// index depends on a limb's value. Host, device and constant evaluation alike.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstdint>

#if defined(WARPNUM_CT_VALIDATION)
#include <valgrind/memcheck.h>
#endif

/// WARPNUM_CT_VALIDATION, defined on the command line of every translation unit of a program (or of none), makes
/// declassify_word tell Valgrind's memcheck that a value derived from secrets is now public, so that a program
/// that marks its secrets undefined (VALGRIND_MAKE_MEM_UNDEFINED) hears of every branch and memory index that
/// depends on them except those the library declares public: BoringSSL's CONSTTIME_DECLASSIFY under
/// BORINGSSL_CONSTANT_TIME_VALIDATION. For testing (tests/constant_time/); it needs <valgrind/memcheck.h>.

namespace warpnum::detail::ct {

/// x unchanged, but opaque to the optimiser on the host (an empty asm statement that claims to rewrite it), so that
/// a mask made from it stays a mask: without it GCC may see that a mask is 0 or ~0 and rebuild a select as a
/// branch (the reason BearSSL, libsodium and Rust's `subtle` pass masks through such a barrier). On the device and
/// in constant evaluation the value itself: the device compiler selects (SEL) or predicates short selects, which
/// the SASS check of the constant-time kernels verifies (scripts/ct_sass_check.py).
template <class Word> WARPNUM_HD WARPNUM_FORCEINLINE constexpr Word value_barrier(Word x) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((return x;), (__asm__("" : "+r"(x)); return x;))
  }
  return x;
}

/// x, declared public: the one place where a value computed from secrets may go on to decide control flow (a status,
/// a checked result). Under WARPNUM_CT_VALIDATION memcheck treats it as defined from here on; otherwise nothing.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr limb_t declassify_word(limb_t x) noexcept {
#if defined(WARPNUM_CT_VALIDATION)
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((), ((void)VALGRIND_MAKE_MEM_DEFINED(&x, sizeof x);))
  }
#endif
  return x;
}

/// All ones where bit 0 of b is set, else 0.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr limb_t mask_from_bit(limb_t b) noexcept {
  return value_barrier(limb_t{0} - (b & 1u));
}

/// All ones where x != 0, else 0: the top bit of x | -x is set exactly for x != 0.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr limb_t mask_nonzero(limb_t x) noexcept {
  return mask_from_bit((x | (limb_t{0} - x)) >> 31);
}

/// All ones where x == y, else 0.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr limb_t mask_equal(limb_t x, limb_t y) noexcept {
  return static_cast<limb_t>(~mask_nonzero(x ^ y));
}

/// mask ? a : b for a mask of all ones or all zeros.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr limb_t select_word(limb_t mask, limb_t a, limb_t b) noexcept {
  return b ^ (mask & (a ^ b));
}

/// r = mask ? a : b, N limbs; r may alias a or b.
template <int N>
WARPNUM_HD constexpr void select_limbs(limb_t* r, limb_t mask, const limb_t* a, const limb_t* b) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r[i] = select_word(mask, a[i], b[i]);
}

/// Swaps a and b (N limbs) where mask is all ones; leaves both where it is 0. Same work either way.
template <int N>
WARPNUM_HD constexpr void cswap_limbs(limb_t mask, limb_t* a, limb_t* b) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const limb_t t = mask & (a[i] ^ b[i]);
    a[i] ^= t;
    b[i] ^= t;
  }
}

/// All ones where a (N limbs) is zero, else 0.
template <int N>
WARPNUM_HD constexpr limb_t is_zero_limbs(const limb_t* a) noexcept {
  limb_t x = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) x |= a[i];
  return static_cast<limb_t>(~mask_nonzero(x));
}

/// All ones where a == b (N limbs), else 0.
template <int N>
WARPNUM_HD constexpr limb_t equal_limbs(const limb_t* a, const limb_t* b) noexcept {
  limb_t x = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) x |= a[i] ^ b[i];
  return static_cast<limb_t>(~mask_nonzero(x));
}

/// The bit length of x (0 for 0) by five masked halvings, no count-leading-zeros instruction (bsr's result is
/// undefined at 0, which compilers guard with a branch).
WARPNUM_HD constexpr limb_t bit_width_word(limb_t x) noexcept {
  limb_t n = 0;
  WARPNUM_UNROLL
  for (int s = 16; s >= 1; s /= 2) {
    const limb_t t = x >> s;
    const limb_t m = mask_nonzero(t);
    n += static_cast<limb_t>(s) & m;
    x = select_word(m, t, x);
  }
  return n + (x & 1u);
}

/// The bit length of a (N limbs; 0 for 0), every limb read: the highest nonzero limb's, chosen by masks.
template <int N> WARPNUM_HD constexpr limb_t bit_width_limbs(const limb_t* a) noexcept {
  limb_t width = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    width = select_word(mask_nonzero(a[i]), static_cast<limb_t>(32 * i) + bit_width_word(a[i]), width);
  }
  return width;
}

/// The bit length of a where it may be made public (a modulus's size, which sets a loop count): on the host and in
/// constant evaluation bit_width_limbs, declassified; on the device 1, a bound from below that reveals nothing (the
/// caller then loops as for a one-bit value), since the device has no declassification point that its machine code
/// would show. (Every path reads a: a path that did not would let a `const int k = ...` initialiser be folded to a
/// constant, as GCC 12 did with an earlier form that returned 1 in constant evaluation.)
template <int N> WARPNUM_HD constexpr int public_bit_width(const limb_t* a) noexcept {
  const int width = static_cast<int>(bit_width_limbs<N>(a));
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((return 1;), (return static_cast<int>(declassify_word(static_cast<limb_t>(width)));))
  }
  return width;
}

/// r = a - b - borrow over N limbs (every limb, no early exit); returns the borrow out, 0 or 1. r may alias a or b.
template <int N>
WARPNUM_HD constexpr limb_t sub_limbs(limb_t* r, const limb_t* a, const limb_t* b, limb_t borrow = 0) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const std::uint64_t d = static_cast<std::uint64_t>(a[i]) - b[i] - borrow;
    r[i] = static_cast<limb_t>(d);
    borrow = static_cast<limb_t>(d >> 32) & 1u;
  }
  return borrow;
}

/// r = a + b + carry over N limbs; returns the carry out, 0 or 1. r may alias a or b.
template <int N>
WARPNUM_HD constexpr limb_t add_limbs(limb_t* r, const limb_t* a, const limb_t* b, limb_t carry = 0) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const std::uint64_t s = static_cast<std::uint64_t>(a[i]) + b[i] + carry;
    r[i] = static_cast<limb_t>(s);
    carry = static_cast<limb_t>(s >> 32);
  }
  return carry;
}

/// All ones where a < b (N limbs, unsigned), else 0: the borrow of a - b, every limb read.
template <int N>
WARPNUM_HD constexpr limb_t less_limbs(const limb_t* a, const limb_t* b) noexcept {
  limb_t borrow = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const std::uint64_t d = static_cast<std::uint64_t>(a[i]) - b[i] - borrow;
    borrow = static_cast<limb_t>(d >> 32) & 1u;
  }
  return mask_from_bit(borrow);
}

/// r = z - m where z + carry 2^(32 N) >= m, else z (z + carry 2^(32 N) < 2 m): the last step of a sum modulo m and of
/// Montgomery's reduction, both results computed and one selected by a mask. r may alias z.
template <int N>
WARPNUM_HD constexpr void reduce_once_limbs(limb_t* r, const limb_t* z, limb_t carry, const limb_t* m) noexcept {
  limb_t d[N];
  const limb_t borrow = sub_limbs<N>(d, z, m);
  // keep z exactly where z < m with no carry: carry = 0 and the subtraction borrowed
  const limb_t keep = mask_from_bit(~carry & borrow);
  select_limbs<N>(r, keep, z, d);
}

/// r = (a + b) mod m for a, b < m. r may alias a or b.
template <int N>
WARPNUM_HD constexpr void add_mod_limbs(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m) noexcept {
  limb_t s[N];
  const limb_t carry = add_limbs<N>(s, a, b);
  reduce_once_limbs<N>(r, s, carry, m);
}

/// r = (a - b) mod m for a, b < m: a - b, plus m where it borrowed (m masked, always added). r may alias a or b.
template <int N>
WARPNUM_HD constexpr void sub_mod_limbs(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m) noexcept {
  limb_t d[N];
  const limb_t mask = mask_from_bit(sub_limbs<N>(d, a, b));
  limb_t masked[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) masked[i] = m[i] & mask;
  add_limbs<N>(r, d, masked);
}

/// Entry `index` of a table of `count` entries of N limbs each (entry k at table + k N), read by a scan of every
/// entry, each masked in or out: the memory touched is the whole table whatever the index (the table lookup of a
/// fixed-window exponentiation with a secret exponent, as in OpenSSL's BN_mod_exp_mont_consttime and GMP's
/// mpn_sec_tabselect).
template <int N>
WARPNUM_HD constexpr void table_select_limbs(limb_t* r, const limb_t* table, int count, limb_t index) noexcept {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r[i] = 0;
  WARPNUM_NO_UNROLL
  for (int k = 0; k < count; ++k) {
    const limb_t mask = mask_equal(static_cast<limb_t>(k), index);
    WARPNUM_UNROLL
    for (int i = 0; i < N; ++i) r[i] |= table[k * N + i] & mask;
  }
}

}  // namespace warpnum::detail::ct

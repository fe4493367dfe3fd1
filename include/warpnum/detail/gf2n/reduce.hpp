// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/reduce.hpp: reduction of a polynomial product modulo a sparse polynomial P (a Poly known
// at compile time) by shifts and XORs on 64-bit words: the two rounds of Ben-Sasson, Hamilis, Silberstein and
// Tromer's Alg. 1 when P is 2-gapped, else chunks of bits from the top down. Host, device and constant evaluation.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/clmul.hpp>
#include <warpnum/poly.hpp>

#include <cstdint>

namespace warpnum::detail::gf2x {

/// Bits [pos, pos + len) of t as one word, 1 <= len <= 64 (the bits must lie within t's n words).
WARPNUM_HD constexpr std::uint64_t get_bits(const std::uint64_t* t, int n, int pos, int len) noexcept {
  const int q = pos / 64, s = pos % 64;
  std::uint64_t v = t[q] >> s;
  if (s != 0 && q + 1 < n) v |= t[q + 1] << (64 - s);
  return len == 64 ? v : v & ((std::uint64_t{1} << len) - 1);
}

/// t ^= v << pos (v's bits that would land beyond t's n words are zero by the callers' bounds).
WARPNUM_HD constexpr void xor_bits(std::uint64_t* t, int n, int pos, std::uint64_t v) noexcept {
  const int q = pos / 64, s = pos % 64;
  t[q] ^= v << s;
  if (s != 0 && q + 1 < n) t[q + 1] ^= v >> (64 - s);
}

/// P - x^N as a word (its degree is below 64).
template <Poly P> constexpr std::uint64_t low_word() noexcept {
  std::uint64_t w = 0;
  for (int j = 1; j < P.num_terms(); ++j) w |= std::uint64_t{1} << P.exp(j);
  return w;
}

/// t ^= (bits [From, To) of t) * (P - x^N) * x^(From - N): folds those bits down (one round of Alg. 1).
/// Requires every landing position to lie below From (deg r1 + To - 1 - N < From), so the source bits are read
/// whole before anything lands; they are left in place (callers never read them again). Constant trip counts and
/// shifts, so that the compiler unrolls it into straight shifts and XORs.
template <Poly P, int T, int From, int To> WARPNUM_HD constexpr void fold_range(std::uint64_t* t) noexcept {
  constexpr int N = P.degree();
  constexpr int terms = P.num_terms();
  constexpr int len = To - From;
  constexpr int nu = (len + 63) / 64;
  std::uint64_t u[nu] = {};
  WARPNUM_UNROLL
  for (int i = 0; i < nu; ++i) u[i] = get_bits(t, T, From + 64 * i, len - 64 * i < 64 ? len - 64 * i : 64);
#if WARPNUM_DETAIL_X86_64_ASM
  // On the host with PCLMULQDQ, u * r1 is one carry-less product a word when r1 fits in a word and has 3 or more
  // terms (a pentanomial's 4 shifted XORs a word take 16 instructions).
  if constexpr (P.second_degree() < 64 && terms >= 4) {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
      WARPNUM_IF_ELSE_DEVICE((), (if (host_has_pclmul) {
        constexpr std::uint64_t r1 = low_word<P>();
        WARPNUM_UNROLL
        for (int i = 0; i < nu; ++i) {
          const Clmul128 p = clmul64_x86(u[i], r1);
          xor_bits(t, T, From - N + 64 * i, p.lo);
          if (From - N + 64 * i + 64 < 64 * T) xor_bits(t, T, From - N + 64 * i + 64, p.hi);
        }
        return;
      }))
    }
  }
#endif
  WARPNUM_UNROLL
  for (int j = 1; j < terms; ++j) {
    const int shift = From - N + P.exp(j);
    WARPNUM_UNROLL
    for (int i = 0; i < nu; ++i) xor_bits(t, T, shift + 64 * i, u[i]);
  }
}

/// r[0, W) = t mod P, for a product t of T = 2W words (degree at most 2N - 2), W = ceil(N / 64). t is scratch.
template <Poly P, int W> WARPNUM_HD constexpr void reduce(std::uint64_t* r, std::uint64_t* t) noexcept {
  constexpr int N = P.degree();
  constexpr int e1 = P.second_degree();
  constexpr int T = 2 * W;
  if constexpr (P.is_two_gapped()) {
    // Alg. 1, l. 2-3: the top quarter [3N/2, 2N - 1) lands below 3N/2, then [N, 3N/2) lands below N.
    constexpr int s1 = N + N / 2;
    fold_range<P, T, s1, 2 * N - 1>(t);
    fold_range<P, T, N, s1>(t);
  } else {
    // Chunks of N - e1 bits (at most 64), top down: each lands below itself, so one pass suffices.
    constexpr int c = N - e1 < 64 ? N - e1 : 64;
    constexpr int terms = P.num_terms();
    for (int top = 2 * N - 1; top > N;) {
      const int lo = top - c > N ? top - c : N;
      const std::uint64_t v = get_bits(t, T, lo, top - lo);
      WARPNUM_UNROLL
      for (int j = 1; j < terms; ++j) xor_bits(t, T, lo - N + P.exp(j), v);
      top = lo;
    }
  }
  for (int i = 0; i < W; ++i) r[i] = t[i];
  if constexpr (N % 64 != 0) r[W - 1] &= (std::uint64_t{1} << (N % 64)) - 1;
}

}  // namespace warpnum::detail::gf2x

// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/gf2n_sliced_mul.hpp: the per-thread building blocks of bit-sliced multiplication in GF(2^N): a
// thread holds a chunk of 32 elements as rows (row i = the coefficients of x^i, bit e from element e), multiplies
// two chunks row by row (c ^= a & b: one LOP3 per row pair) and reduces the 2N - 1 product rows modulo P with
// compile-time folds. Ben-Sasson, Hamilis, Silberstein, Tromer, "Fast Multiplication in Binary Fields on GPUs via
// Register Cache" (ICS '16), Sec. 6.1 (chunks) and Alg. 1 (the reduction). Device code only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/poly.hpp>

#include <cstdint>

namespace warpnum::warp {

/// Rounds of the reduction of 2N - 1 product rows modulo P: each round folds the rows from N up into the rows
/// below (row r >= N into rows r - N + e for the exponents e < N of P), which leaves rows up to top - N + e1
/// (e1: P's second exponent). Two for a 2-gapped P (Alg. 1, l. 2-3), up to N - 1 for any other.
WARPNUM_HD constexpr int gf2n_reduction_rounds(int n, int e1) noexcept {
  int rounds = 0;
  for (int top = 2 * n - 2; top >= n; top = top - n + e1) ++rounds;
  return rounds;
}
/// The highest row that may be non-zero after `round` rounds of the reduction.
WARPNUM_HD constexpr int gf2n_reduction_top(int n, int e1, int round) noexcept {
  int top = 2 * n - 2;
  for (int k = 0; k < round; ++k) top = top - n + e1;
  return top;
}

/// h[Na + Nb - 1] ^= a * b, the product of two polynomials of Na and Nb rows (schoolbook: Na * Nb LOP3). A row
/// of b at a time, so that the Na products of one step are independent.
template <int Na, int Nb>
WARPNUM_HD WARPNUM_FORCEINLINE void sliced_product(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* h) noexcept {
  WARPNUM_UNROLL
  for (int j = 0; j < Nb; ++j) {
    const std::uint32_t bj = b[j];
    WARPNUM_UNROLL
    for (int i = 0; i < Na; ++i) h[i + j] ^= a[i] & bj;
  }
}

/// Reduces the 2N - 1 rows h modulo P in place: rows N and up fold into the rows below, from the top down (a row
/// that a fold raises above N - 1 is folded later, so any P works, 2-gapped or not); on exit h[0 .. N - 1] hold the
/// result and the higher rows are stale. Rows are compile-time indices: (num_terms - 1) XORs a row.
template <Poly P>
WARPNUM_HD WARPNUM_FORCEINLINE void sliced_reduce(std::uint32_t* h) noexcept {
  constexpr int n = P.degree();
  constexpr int terms = P.num_terms();
  WARPNUM_UNROLL
  for (int r = 2 * n - 2; r >= n; --r) {
    WARPNUM_UNROLL
    for (int k = 1; k < terms; ++k) h[r - n + P.exp(k)] ^= h[r];
  }
}

/// r = a * b in GF(2^N) modulo P, N = P.degree() <= 64, for one thread's chunk of 32 elements (N rows each).
/// N^2 LOP3 and (2N - 1 - N) (terms - 1) XORs; 4N registers at most (ptxas spills some at N = 64).
template <Poly P>
WARPNUM_HD WARPNUM_FORCEINLINE void sliced_mul(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* r) noexcept {
  constexpr int n = P.degree();
  static_assert(n >= 2 && n <= 64, "warpnum: one thread multiplies chunks of at most 64 rows (batch kernels take more)");
  std::uint32_t h[2 * n - 1];
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * n - 1; ++k) h[k] = 0;
  sliced_product<n, n>(a, b, h);
  sliced_reduce<P>(h);
  WARPNUM_UNROLL
  for (int k = 0; k < n; ++k) r[k] = h[k];
}

}  // namespace warpnum::warp

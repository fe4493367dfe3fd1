// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/gf2n_sliced.hpp: GF2nSliced<N, P>, a chunk of 32 elements of GF(2^N) held bit-sliced by one
// thread (N rows of 32 bits), for kernels that chain several operations on sliced data and pay the transposes once:
//
//   auto a = warp::GF2nSliced<64>::load(pa + 32 * t, 32);  // 32 elements in, transposed to rows
//   ...                                                        // b, c, d likewise
//   (a * b + c * d).store(pr + 32 * t, 32);                    // transposed back to elements once
//
// Device code only.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/warp/gf2n_sliced_mul.hpp>
#include <warpnum/warp/gf2n_transpose.hpp>

#include <cstdint>

namespace warpnum::warp {

/// 32 elements of GF(2^N) modulo P (P.degree() == N, 2 <= N <= 64) as N rows: bit e of rows_[i] is the coefficient of x^i of
/// element e. Addition is a XOR a row; multiplication is warp::sliced_mul (N^2 LOP3 for 32 products).
template <int N, Poly P = default_poly(N)> class GF2nSliced {
 public:
  static constexpr int degree = N;
  static_assert(N >= 2 && N <= 64, "warpnum: GF2nSliced holds a chunk of at most 64 rows in one thread");
  static_assert(P.degree() == N, "warpnum: GF2nSliced<N, P> needs a polynomial P of degree N");

  GF2nSliced() = default;

  /// Elements src[0 .. count - 1] (count <= 32; the rest of the chunk is zero), each gf2n_element_words32<N> 32-bit
  /// words, little-endian (the layout of GF2n<N>: one 32-bit word up to N = 32, else 64-bit words).
  /// The 64-bit words are read as 64-bit words (split into halves in registers), never through a 32-bit pointer,
  /// so a kernel that writes the elements as GF2nWord and loads them here has no accesses of one object through
  /// two types.
  __device__ static GF2nSliced load(const GF2nWord<degree>* src, unsigned count = 32) noexcept {
    GF2nSliced x;
    if constexpr (sizeof(GF2nWord<degree>) == 4) {
      elements_to_rows<degree>(ConstElementWords(src), count, x.rows_);
    } else {
      std::uint32_t halves[2 * 32];
      WARPNUM_UNROLL
      for (int e = 0; e < 32; ++e) {
        const std::uint64_t w = static_cast<unsigned>(e) < count ? src[e] : 0u;
        halves[2 * e] = static_cast<std::uint32_t>(w);
        halves[2 * e + 1] = static_cast<std::uint32_t>(w >> 32);
      }
      elements_to_rows<degree>(ConstElementWords(halves), count, x.rows_);
    }
    return x;
  }
  /// Writes elements 0 .. count - 1 of the chunk to dst (the inverse of load), 64-bit words as 64-bit words.
  __device__ void store(GF2nWord<degree>* dst, unsigned count = 32) const noexcept {
    if constexpr (sizeof(GF2nWord<degree>) == 4) {
      rows_to_elements<degree>(rows_, ElementWords(dst), count);
    } else {
      std::uint32_t halves[2 * 32];
      rows_to_elements<degree>(rows_, ElementWords(halves), 32);
      WARPNUM_UNROLL
      for (int e = 0; e < 32; ++e) {
        if (static_cast<unsigned>(e) < count) dst[e] = (std::uint64_t{halves[2 * e + 1]} << 32) | halves[2 * e];
      }
    }
  }
  /// The chunk from N rows in chunk layout (rows[i] = coefficients of x^i), and back.
  __device__ static GF2nSliced from_rows(const std::uint32_t* rows) noexcept {
    GF2nSliced x;
    WARPNUM_UNROLL
    for (int i = 0; i < degree; ++i) x.rows_[i] = rows[i];
    return x;
  }
  __device__ void to_rows(std::uint32_t* rows) const noexcept {
    WARPNUM_UNROLL
    for (int i = 0; i < degree; ++i) rows[i] = rows_[i];
  }

  /// Row i (the coefficients of x^i of the 32 elements).
  __device__ std::uint32_t row(int i) const noexcept { return rows_[i]; }

  __device__ friend GF2nSliced operator+(const GF2nSliced& x, const GF2nSliced& y) noexcept {
    GF2nSliced z;
    WARPNUM_UNROLL
    for (int i = 0; i < degree; ++i) z.rows_[i] = x.rows_[i] ^ y.rows_[i];
    return z;
  }
  __device__ friend GF2nSliced operator*(const GF2nSliced& x, const GF2nSliced& y) noexcept {
    GF2nSliced z;
    sliced_mul<P>(x.rows_, y.rows_, z.rows_);
    return z;
  }
  __device__ GF2nSliced& operator+=(const GF2nSliced& y) noexcept { return *this = *this + y; }
  __device__ GF2nSliced& operator*=(const GF2nSliced& y) noexcept { return *this = *this * y; }

 private:
  std::uint32_t rows_[degree];
};

}  // namespace warpnum::warp

// SPDX-License-Identifier: Apache-2.0
// warpnum/warp/gf2n_transpose.hpp: the transposes between 32 elements of GF(2^N) (each a little-endian array of
// words, bit i = the coefficient of x^i) and their bit-sliced rows (row i = the coefficients of x^i of the 32
// elements, bit e from element e): a 32 x 32 bit transpose in one thread's registers, and the element <-> row
// moves of one thread's chunk built on it. Device code only.
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace warpnum::warp {

/// The word an element of GF(2^N) is stored in: 32 bits up to N = 32, else ceil(N / 64) 64-bit words.
template <int N> using GF2nWord = std::conditional_t<(N <= 32), std::uint32_t, std::uint64_t>;
/// 32-bit words an element of GF(2^N) takes in memory (the stride of element arrays read as 32-bit words).
template <int N> inline constexpr int gf2n_element_words32 = N <= 32 ? 1 : 2 * ((N + 63) / 64);
/// 32-bit rows of a bit-sliced chunk: ceil(N / 32) blocks of 32 rows, rows N and up zero.
template <int N> inline constexpr int gf2n_padded_rows = 32 * ((N + 31) / 32);

/// Transposes the 32 x 32 bit matrix w in place: bit b of w[k] moves to bit k of w[b]. Five rounds of
/// block swaps (16, 8, 4, 2, 1 bits), 16 word pairs a round.
WARPNUM_HD WARPNUM_FORCEINLINE void transpose32(std::uint32_t (&w)[32]) noexcept {
  constexpr std::uint32_t masks[5] = {0x0000ffffu, 0x00ff00ffu, 0x0f0f0f0fu, 0x33333333u, 0x55555555u};
  WARPNUM_UNROLL
  for (int level = 0; level < 5; ++level) {
    const int j = 16 >> level;
    const std::uint32_t m = masks[level];
    WARPNUM_UNROLL
    for (int k = 0; k < 32; ++k) {
      if ((k & j) != 0) continue;
      // swaps bit b + j of w[k] with bit b of w[k + j], for every b whose bit j is clear
      const std::uint32_t t = ((w[k] >> j) ^ w[k + j]) & m;
      w[k + j] ^= t;
      w[k] ^= t << j;
    }
  }
}

/// Elements of GF(2^N) in memory (each a little-endian array of words, 4-byte aligned) as 32-bit words: word i at
/// byte 4 i, whatever type the elements were written as (GF2nWord<N>: 64-bit words above N = 32). Every access
/// copies 4 bytes (memcpy at the stated alignment, which NVVM makes one 32-bit load or store), so the memory is never
/// read or written as std::uint32_t objects where it holds objects of another type. ConstElementWords reads,
/// ElementWords also writes.
class ConstElementWords {
 public:
  __device__ explicit ConstElementWords(const void* p) noexcept : bytes_(static_cast<const unsigned char*>(p)) {}
  /// Word i.
  __device__ WARPNUM_FORCEINLINE std::uint32_t operator[](std::size_t i) const noexcept {
    std::uint32_t w;
    std::memcpy(&w, __builtin_assume_aligned(bytes_ + 4 * i, 4), 4);
    return w;
  }
  /// The words from word i on.
  __device__ WARPNUM_FORCEINLINE ConstElementWords operator+(std::size_t i) const noexcept {
    return ConstElementWords(bytes_ + 4 * i);
  }

 private:
  const unsigned char* bytes_;
};
class ElementWords {
 public:
  __device__ explicit ElementWords(void* p) noexcept : bytes_(static_cast<unsigned char*>(p)) {}
  __device__ WARPNUM_FORCEINLINE std::uint32_t operator[](std::size_t i) const noexcept {
    return ConstElementWords(bytes_)[i];
  }
  /// Sets word i to w.
  __device__ WARPNUM_FORCEINLINE void store(std::size_t i, std::uint32_t w) const noexcept {
    std::memcpy(__builtin_assume_aligned(bytes_ + 4 * i, 4), &w, 4);
  }
  __device__ WARPNUM_FORCEINLINE ElementWords operator+(std::size_t i) const noexcept { return ElementWords(bytes_ + 4 * i); }

 private:
  unsigned char* bytes_;
};

/// Rows 32 * col .. 32 * col + 31 of a chunk from 32-bit word `col` of each element: elems[e * stride + col] for
/// e < count (later elements are taken as zero). On exit rows[r] holds the coefficient of x^(32 col + r) of
/// element e in bit e.
__device__ WARPNUM_FORCEINLINE void load_column(ConstElementWords elems, int stride, int col, unsigned count,
                                                 std::uint32_t (&rows)[32]) noexcept {
  WARPNUM_UNROLL
  for (int e = 0; e < 32; ++e) rows[e] = static_cast<unsigned>(e) < count ? elems[static_cast<std::size_t>(e) * stride + col] : 0u;
  transpose32(rows);
}

/// The inverse of load_column: writes word `col` of elements 0 .. count - 1 from the 32 rows of that column
/// (rows is transposed in place).
__device__ WARPNUM_FORCEINLINE void store_column(ElementWords elems, int stride, int col, unsigned count,
                                                  std::uint32_t (&rows)[32]) noexcept {
  transpose32(rows);
  WARPNUM_UNROLL
  for (int e = 0; e < 32; ++e) {
    if (static_cast<unsigned>(e) < count) elems.store(static_cast<std::size_t>(e) * stride + col, rows[e]);
  }
}

/// One thread's chunk of elements 0 .. count - 1 (count <= 32) of GF(2^N), N <= 64, as N rows: element e is
/// the 32-bit words elems[e * gf2n_element_words32<N> ..]. Bits N and up of the elements are ignored.
template <int N>
__device__ WARPNUM_FORCEINLINE void elements_to_rows(ConstElementWords elems, unsigned count, std::uint32_t (&rows)[N]) noexcept {
  static_assert(N >= 1 && N <= 64, "warpnum: one thread transposes a chunk of at most 64 rows");
  constexpr int stride = gf2n_element_words32<N>;
  WARPNUM_UNROLL
  for (int col = 0; col < (N + 31) / 32; ++col) {
    std::uint32_t t[32];
    load_column(elems, stride, col, count, t);
    WARPNUM_UNROLL
    for (int r = 0; r < 32; ++r) {
      if (32 * col + r < N) rows[32 * col + r] = t[r];
    }
  }
}

/// The inverse of elements_to_rows: writes elements 0 .. count - 1 (bits N and up, and the unused high words of
/// an element, as zero).
template <int N>
__device__ WARPNUM_FORCEINLINE void rows_to_elements(const std::uint32_t (&rows)[N], ElementWords elems, unsigned count) noexcept {
  static_assert(N >= 1 && N <= 64, "warpnum: one thread transposes a chunk of at most 64 rows");
  constexpr int stride = gf2n_element_words32<N>;
  WARPNUM_UNROLL
  for (int col = 0; col < stride; ++col) {
    std::uint32_t t[32];
    WARPNUM_UNROLL
    for (int r = 0; r < 32; ++r) t[r] = 32 * col + r < N ? rows[32 * col + r] : 0u;
    store_column(elems, stride, col, count, t);
  }
}

}  // namespace warpnum::warp

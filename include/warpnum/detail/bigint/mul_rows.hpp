// warpnum/detail/bigint/mul_rows.hpp: the device's per-thread multiplication and squaring of N-limb numbers
// (N <= ptx::max_mad_row), fully unrolled schoolbook by rows, each row one or two PTX carry chains.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>

#include <cstdint>
#include <utility>

#if WARPNUM_HAS_CUDA
namespace warpnum::detail {

/// Calls f(std::integral_constant<int, J>{}) for J = 0 .. Count - 1 in order: a row loop whose row length is a
/// compile-time constant, as each row's PTX chain needs.
template <int Count, class F> __device__ __forceinline__ void for_each_row(F&& f) {
  [&]<int... J>(std::integer_sequence<int, J...>) { (f(std::integral_constant<int, J>{}), ...); }(
      std::make_integer_sequence<int, Count>{});
}

/// r (2N limbs) = a * b. Row j adds a * b[j] at limb j, each chain's carry into the limb above it: limb
/// j + N holds at most 2 before row j's high chain and limb j + N + 1 is still zero, so nothing is lost.
/// r must not alias a or b.
template <int N> __device__ __forceinline__ void mul_full_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  WARPNUM_UNROLL
  for (int i = 0; i < 2 * N; ++i) r[i] = 0;
  for_each_row<N>([&](auto j) {
    constexpr int J = decltype(j)::value;
    ptx::MadRow<N>::lo_carry(r + J, a, b[J]);
    if constexpr (J + 1 < N) {
      ptx::MadRow<N>::hi_carry(r + J + 1, a, b[J]);
    } else {
      ptx::MadRow<N>::hi(r + J + 1, a, b[J]);  // the top limb: the full product has no carry out
    }
  });
}

/// r = (r + a * b) mod b^N for N-limb numbers. Row j adds a[0, N - j) * b[j] at limb j: the low words of its
/// products in one chain, the high words (one limb up) in another; carries past limb N - 1 are dropped.
/// N (N + 1) / 2 products, two instructions each. r must not alias a or b.
template <int N> __device__ __forceinline__ void mul_low_add_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  for_each_row<N>([&](auto j) {
    constexpr int J = decltype(j)::value;
    ptx::MadRow<N - J>::lo(r + J, a, b[J]);
    if constexpr (J + 1 < N) ptx::MadRow<N - J - 1>::hi(r + J + 1, a, b[J]);
  });
}

/// r = low N limbs of a * b. r must not alias a or b.
///
/// Above 32 limbs (even N) the operands are split into halves of M = N / 2 limbs, held in arrays of their own:
/// low(a b) = a0 b0 + b^M low(a1 b0 + a0 b1), the same N (N + 1) / 2 products. With whole 64-limb arrays nvcc 13.0
/// kept the operands in local memory (an 832-byte stack frame at 2048 bits, 4.5% of the IMAD rate on an H200);
/// with the halves they stay in registers (208 at 2048 bits, no stack).
template <int N> __device__ __forceinline__ void mul_low_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  if constexpr (N > 32 && N % 2 == 0) {
    constexpr int M = N / 2;
    std::uint32_t a0[M];
    std::uint32_t a1[M];
    std::uint32_t b0[M];
    std::uint32_t b1[M];
    WARPNUM_UNROLL
    for (int k = 0; k < M; ++k) {
      a0[k] = a[k];
      a1[k] = a[M + k];
      b0[k] = b[k];
      b1[k] = b[M + k];
    }
    std::uint32_t low[2 * M];
    mul_full_rows<M>(low, a0, b0);
    std::uint32_t high[M];
    WARPNUM_UNROLL
    for (int k = 0; k < M; ++k) high[k] = low[M + k];
    mul_low_add_rows<M>(high, a1, b0);
    mul_low_add_rows<M>(high, a0, b1);
    WARPNUM_UNROLL
    for (int k = 0; k < M; ++k) {
      r[k] = low[k];
      r[M + k] = high[k];
    }
  } else {
    WARPNUM_UNROLL
    for (int i = 0; i < N; ++i) r[i] = 0;
    mul_low_add_rows<N>(r, a, b);
  }
}

/// r = r << 1 over Count limbs (the top bit is dropped).
template <int Count> __device__ __forceinline__ void shl1_rows(std::uint32_t* r) {
  WARPNUM_UNROLL
  for (int i = Count - 1; i > 0; --i) r[i] = (r[i] << 1) | (r[i - 1] >> 31);
  r[0] <<= 1;
}

/// r (2N limbs) = a * a: the products a[i] a[j] with i < j once (row j multiplies a[j + 1, N) by a[j] at limb
/// 2j + 1), doubled, plus the squares on the diagonal: N (N - 1) / 2 + N products instead of N^2.
/// r must not alias a.
template <int N> __device__ __forceinline__ void sqr_full_rows(std::uint32_t* r, const std::uint32_t* a) {
  WARPNUM_UNROLL
  for (int i = 0; i < 2 * N; ++i) r[i] = 0;
  for_each_row<N - 1>([&](auto j) {
    constexpr int J = decltype(j)::value;
    constexpr int L = N - J - 1;
    ptx::MadRow<L>::lo_carry(r + 2 * J + 1, a + J + 1, a[J]);
    ptx::MadRow<L>::hi_carry(r + 2 * J + 2, a + J + 1, a[J]);
  });
  shl1_rows<2 * N>(r);
  ptx::SqrDiagonal<N>::full(r, a);
}

/// r = low N limbs of a * a: sqr_full_rows restricted to the products below limb N, about N^2 / 4 + N / 2.
/// r must not alias a.
template <int N> __device__ __forceinline__ void sqr_low_rows(std::uint32_t* r, const std::uint32_t* a) {
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r[i] = 0;
  // Row j starts at limb 2j + 1, so rows exist while 2j + 1 < N.
  for_each_row<N / 2>([&](auto j) {
    constexpr int J = decltype(j)::value;
    constexpr int L = N - 2 * J - 1;  // products a[J] a[J + 1 + i] with 2J + 1 + i < N
    if constexpr (L > 0) ptx::MadRow<L>::lo(r + 2 * J + 1, a + J + 1, a[J]);
    if constexpr (L > 1) ptx::MadRow<L - 1>::hi(r + 2 * J + 2, a + J + 1, a[J]);
  });
  shl1_rows<N>(r);
  ptx::SqrDiagonal<N>::low(r, a);
}

}  // namespace warpnum::detail
#endif

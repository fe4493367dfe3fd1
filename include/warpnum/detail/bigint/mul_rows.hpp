// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/mul_rows.hpp: the device's per-thread multiplication and squaring of N-limb numbers
// (N <= ptx::max_mad_row), fully unrolled schoolbook by rows, each row two PTX carry chains.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>

#include <cstdint>
#include <utility>

#if WARPNUM_DEVICE_BRANCH
namespace warpnum::detail {

template <class F, int... J> WARPNUM_DEVICE_INLINE void for_each_row_in(F& f, std::integer_sequence<int, J...>) {
  (f(std::integral_constant<int, J>{}), ...);
}

/// Calls f(std::integral_constant<int, J>{}) for J = 0 .. Count - 1 in order: a row loop whose row length is a
/// compile-time constant, as each row's PTX chain needs. The expansion is a __forceinline__ function, not a
/// lambda: NVVM (CUDA 13.0) kept a lambda's expansion of 32 Montgomery rows out of line, a call with every
/// operand in local memory.
template <int Count, class F> WARPNUM_DEVICE_INLINE void for_each_row(F&& f) {
  for_each_row_in(f, std::make_integer_sequence<int, Count>{});
}

// The products a[i] b[j] are added as 64-bit pairs (low word at limb i + j, high word above it), every other
// limb of a in one chain: a[0] b[j], a[2] b[j], ... lie side by side without overlapping, as do a[1] b[j],
// a[3] b[j], ... one limb further up. In a chain whose low and high words alternate, ptxas fuses each product and
// its addition into one IMAD.WIDE.U32.X (32 x 32 + 64 bits, carry in and out); separate chains for the low and
// the high words cost an IMAD and an IADD3 a word, over twice the instructions (sm_90, CUDA 13). A 64-bit
// operand must sit in an aligned register pair, so the pairs that start at even limbs accumulate in one array
// and those that start at odd limbs in another (each array's pairs never change partner: no moves), and the two
// are added at the end.

/// acc_even/acc_odd += a * b[J] at limb J, the pairs of a's even limbs into the array for their parity of
/// J + 2m, those of its odd limbs into the other. Full == true: the rows of a full product, which lose nothing
/// (the chain of a[0], a[2], ... carries into the limb after it when N is even, else that of a[1], a[3], ...,
/// and that limb is still zero: before row J both arrays are below 2^(32 (N + J))). Full == false: limbs at
/// and above N are dropped (the low half), a pair that straddles limb N - 1 contributing its low word only.
template <int N, int J, bool Full>
WARPNUM_DEVICE_INLINE void split_row(std::uint32_t* acc_even, std::uint32_t* acc_odd, const std::uint32_t* a, std::uint32_t bj) {
  std::uint32_t* ev = J % 2 == 0 ? acc_even : acc_odd;  // where a[2m] b[J] starts: limb J + 2m
  std::uint32_t* od = J % 2 == 0 ? acc_odd : acc_even;  // a[2m + 1] b[J]: limb J + 1 + 2m
  if constexpr (Full) {
    constexpr int Pe = (N + 1) / 2;
    constexpr int Po = N / 2;
    if constexpr (N % 2 == 0) {
      ptx::WideRow<Pe>::add_carry(ev + J, a, bj);
      ptx::WideRow<Po>::add(od + J + 1, a + 1, bj);
    } else {
      ptx::WideRow<Pe>::add(ev + J, a, bj);
      if constexpr (Po > 0) ptx::WideRow<Po>::add_carry(od + J + 1, a + 1, bj);
    }
  } else {
    // Words J + 2m (even limbs of a) and J + 1 + 2m (odd limbs) below N.
    constexpr int We = N - J;      // words from limb J to N - 1
    constexpr int Wo = N - J - 1;  // from limb J + 1
    if constexpr (We % 2 == 0) {
      ptx::WideRow<We / 2>::add(ev + J, a, bj);
    } else {
      ptx::WideRow<(We + 1) / 2>::add_tail(ev + J, a, bj);
    }
    if constexpr (Wo > 0 && Wo % 2 == 0) {
      ptx::WideRow<Wo / 2>::add(od + J + 1, a + 1, bj);
    } else if constexpr (Wo > 0) {
      ptx::WideRow<(Wo + 1) / 2>::add_tail(od + J + 1, a + 1, bj);
    }
  }
}

/// r (2N limbs) = a * b: N^2 fused multiply-adds and a final addition of 2N - 1 limbs. r must not alias a or b.
template <int N> WARPNUM_DEVICE_INLINE void mul_full_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  std::uint32_t x[2 * N];  // pairs at even limbs
  std::uint32_t y[2 * N];  // pairs at odd limbs (y[0] stays zero)
  WARPNUM_UNROLL
  for (int i = 0; i < 2 * N; ++i) {
    x[i] = 0;
    y[i] = 0;
  }
  for_each_row<N>([&](auto j) { split_row<N, decltype(j)::value, true>(x, y, a, b[decltype(j)::value]); });
  if constexpr (N > 1) ptx::AddChain<2 * N - 1>::add(x + 1, y + 1);  // the product is below 2^(64 N): no carry
  WARPNUM_UNROLL
  for (int i = 0; i < 2 * N; ++i) r[i] = x[i];
}

/// r (2N limbs) = a * b by one Karatsuba step (N even, halves of M = N / 2 limbs): a0 b0 and a1 b1 by rows into
/// the two halves of r, then a0 b1 + a1 b0 = a0 b0 + a1 b1 + (a0 - a1)(b1 - b0) from |a0 - a1| |b1 - b0| and the
/// two signs. 3 M^2 fused multiply-adds instead of 4 M^2, for about 15 M additions, which the SM issues to its
/// integer pipe while the multiply-adds keep the other busy. r must not alias a or b.
/// The fixed-width, unrolled variant of detail/mpn/karatsuba.hpp (mpn::karatsuba_n), one step.
template <int N> WARPNUM_DEVICE_INLINE void mul_full_karatsuba(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  static_assert(N % 2 == 0, "warpnum: a Karatsuba step splits an even number of limbs");
  constexpr int M = N / 2;
  mul_full_rows<M>(r, a, b);                  // r[0, 2M) = a0 b0
  mul_full_rows<M>(r + 2 * M, a + M, b + M);  // r[2M, 4M) = a1 b1
  std::uint32_t da[M];
  std::uint32_t db[M];
  std::uint32_t zero[M];
  WARPNUM_UNROLL
  for (int k = 0; k < M; ++k) {
    da[k] = a[k];
    db[k] = b[M + k];
    zero[k] = 0;
  }
  const std::uint32_t sa = ptx::SubChain<M>::sub(da, a + M);  // all ones when a0 < a1
  const std::uint32_t sb = ptx::SubChain<M>::sub(db, b);      // when b1 < b0
  WARPNUM_UNROLL
  for (int k = 0; k < M; ++k) {
    da[k] ^= sa;
    db[k] ^= sb;
  }
  ptx::AddChain<M>::add(da, zero, sa & 1u);  // |a0 - a1|
  ptx::AddChain<M>::add(db, zero, sb & 1u);  // |b1 - b0|
  std::uint32_t zm[2 * M];
  mul_full_rows<M>(zm, da, db);
  // mid = a0 b0 + a1 b1 +- zm, 2M limbs and a top word: the sum lies in [0, 2^(64 M + 1)).
  std::uint32_t mid[2 * M + 1];
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * M; ++k) mid[k] = r[k];
  mid[2 * M] = ptx::AddChain<2 * M>::add(mid, r + 2 * M);
  const std::uint32_t s = sa ^ sb;  // all ones when (a0 - a1)(b1 - b0) = -zm
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * M; ++k) zm[k] ^= s;
  mid[2 * M] += ptx::AddChain<2 * M>::add(mid, zm, s & 1u) + s;  // -zm = ~zm + 1, sign-extended by s
  const std::uint32_t carry = ptx::AddChain<2 * M + 1>::add(r + M, mid);
  if constexpr (M > 1) ptx::AddChain<M - 1>::add(r + 3 * M + 1, zero, carry);  // below 2^(64 N): no carry out
}

/// r = (r + a * b) mod b^N for N-limb numbers: the N (N + 1) / 2 products below limb N (those that straddle limb
/// N - 1 as a low word only), then a final addition of N - 1 limbs. r must not alias a or b.
template <int N> WARPNUM_DEVICE_INLINE void mul_low_add_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
  std::uint32_t y[N];  // pairs at odd limbs (y[0] stays zero); r takes those at even limbs
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) y[i] = 0;
  for_each_row<N>([&](auto j) { split_row<N, decltype(j)::value, false>(r, y, a, b[decltype(j)::value]); });
  if constexpr (N > 1) ptx::AddChain<N - 1>::add(r + 1, y + 1);  // the carry out is past limb N - 1: dropped
}

/// r = low N limbs of a * b. r must not alias a or b.
///
/// Above 32 limbs (even N) the operands are split into halves of M = N / 2 limbs, held in arrays of their own:
/// low(a b) = a0 b0 + b^M low(a1 b0 + a0 b1), the same N (N + 1) / 2 products. With whole 64-limb arrays nvcc 13.0
/// kept the operands in local memory (an 832-byte stack frame at 2048 bits, 4.5% of the IMAD rate on an H200);
/// with the halves they stay in registers (208 at 2048 bits, no stack).
template <int N> WARPNUM_DEVICE_INLINE void mul_low_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b) {
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
template <int Count> WARPNUM_DEVICE_INLINE void shl1_rows(std::uint32_t* r) {
  WARPNUM_UNROLL
  for (int i = Count - 1; i > 0; --i) r[i] = (r[i] << 1) | (r[i - 1] >> 31);
  r[0] <<= 1;
}

/// r (2N limbs) = a * a: the products a[i] a[j] with i < j once (row j multiplies a[j + 1, N) by a[j] at limb
/// 2j + 1), doubled, plus the squares on the diagonal: N (N - 1) / 2 + N products instead of N^2.
/// r must not alias a.
template <int N> WARPNUM_DEVICE_INLINE void sqr_full_rows(std::uint32_t* r, const std::uint32_t* a) {
  static_assert(N <= ptx::max_full_row, "warpnum: full squares by rows end at ptx::max_full_row limbs");
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
template <int N> WARPNUM_DEVICE_INLINE void sqr_low_rows(std::uint32_t* r, const std::uint32_t* a) {
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

/// r (2N limbs) = a * a by one Karatsuba step (N even, halves of M = N / 2 limbs): a0^2 and a1^2 into the two
/// halves of r, then 2 a0 a1 = a0^2 + a1^2 - (a0 - a1)^2: three squares of M limbs by sqr_full_rows, 3 M (M + 1) / 2
/// products instead of N (N + 1) / 2. The halves are copied into arrays of their own (see mul_low_rows). r must not
/// alias a.
/// The fixed-width, unrolled variant of detail/mpn/karatsuba.hpp (mpn::karatsuba_n), one step.
template <int N> WARPNUM_DEVICE_INLINE void sqr_full_karatsuba(std::uint32_t* r, const std::uint32_t* a) {
  static_assert(N % 2 == 0, "warpnum: a Karatsuba step splits an even number of limbs");
  constexpr int M = N / 2;
  std::uint32_t a0[M];
  std::uint32_t a1[M];
  std::uint32_t d[M];
  std::uint32_t zero[M];
  WARPNUM_UNROLL
  for (int k = 0; k < M; ++k) {
    a0[k] = a[k];
    a1[k] = a[M + k];
    d[k] = a[k];
    zero[k] = 0;
  }
  const std::uint32_t sd = ptx::SubChain<M>::sub(d, a1);  // all ones when a0 < a1
  WARPNUM_UNROLL
  for (int k = 0; k < M; ++k) d[k] ^= sd;
  ptx::AddChain<M>::add(d, zero, sd & 1u);  // |a0 - a1|
  std::uint32_t lo[2 * M];
  std::uint32_t hi[2 * M];
  std::uint32_t dd[2 * M];
  sqr_full_rows<M>(lo, a0);
  sqr_full_rows<M>(hi, a1);
  sqr_full_rows<M>(dd, d);
  // mid = a0^2 + a1^2 - (a0 - a1)^2 = 2 a0 a1, 2M limbs and a top word (below 2^(64 M + 1)).
  std::uint32_t mid[2 * M + 1];
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * M; ++k) mid[k] = lo[k];
  mid[2 * M] = ptx::AddChain<2 * M>::add(mid, hi);
  mid[2 * M] -= ptx::SubChain<2 * M>::sub(mid, dd) & 1u;
  WARPNUM_UNROLL
  for (int k = 0; k < 2 * M; ++k) {
    r[k] = lo[k];
    r[2 * M + k] = hi[k];
  }
  const std::uint32_t carry = ptx::AddChain<2 * M>::add(r + M, mid);
  zero[0] = mid[2 * M];
  ptx::AddChain<M>::add(r + 3 * M, zero, carry);  // below 2^(64 N): no carry out
}

}  // namespace warpnum::detail
#endif

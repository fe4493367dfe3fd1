// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/modular/mont_rows.hpp: the device's per-thread Montgomery multiplication of N-limb numbers
// (N <= 32: 1024 bits) in unrolled rows of fused multiply-adds (ptx::WideRow), the reduction interleaved with the
// product word by word (CIOS order) so that one thread holds only a, b, m and a window of the sum. 3.74 G
// products a second at 1024 bits on an H100, 78% of its IMAD.WIDE rate (2026-11-22). The square below 16 limbs
// (mont_sqr_rows) takes the same rows with each cross product once.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>
#include <warpnum/detail/ptx/mad_row.hpp>

#include <cstdint>

#if WARPNUM_DEVICE_BRANCH
namespace warpnum::detail {

/// Whether the device's Montgomery product of N limbs takes the unrolled rows below (else the looped REDC).
template <int N> inline constexpr bool device_mont_rows = N >= 1 && N <= 32;

/// The running sum of a Montgomery product from limb J up, in the split form of mul_rows.hpp (split_row): the
/// 64-bit pairs that start at limbs of J's parity in `e`, those of the other parity in `o`, N + 2 limbs each
/// (e[i] and o[i] are limb J + i). Only this window is kept: the limbs below J are done, and once the steps are
/// unrolled moving the window up is a renaming of registers, no instruction.
template <int N> struct MontWindow {
  std::uint32_t e[N + 2];
  std::uint32_t o[N + 2];
  std::uint32_t c;  // the carry out of limb J - 1 into limb J (at most 2)
};

/// w += v * s for an N-limb v and a word s at the window's first limb: the pairs v[2k] s (at limbs 2k of the
/// window) in e, v[2k + 1] s in o, each chain carrying into the word above it. That word never overflows: it is
/// one the sum has not reached before, and it takes at most the carries of four chains (two steps, each a
/// product row and a reduction row) before a chain of a later step covers it (scripts/check_row_carries.py models
/// the chains for every N to 32, worst cases included).
template <int N> WARPNUM_DEVICE_INLINE void mont_row(MontWindow<N>& w, const std::uint32_t* v, std::uint32_t s) {
  ptx::WideRow<(N + 1) / 2>::add_carry(w.e, v, s);
  if constexpr (N / 2 > 0) ptx::WideRow<N / 2>::add_carry(w.o + 1, v + 1, s);
}

/// The reduction at the window's first limb J: the word the sum has there (e[0] + o[0] + c) times -m^-1 gives q,
/// the row q m clears it, c becomes the carry out of it (three words below 2^32 summed: at most 2), and the
/// window moves up a limb. Moving up a limb changes every pair's parity: o becomes e and e becomes o.
template <int N> WARPNUM_DEVICE_INLINE void mont_reduce_step(MontWindow<N>& w, const std::uint32_t* m, std::uint32_t minv) {
  const std::uint32_t q = (w.e[0] + w.o[0] + w.c) * minv;
  mont_row<N>(w, m, q);
  w.c = static_cast<std::uint32_t>((std::uint64_t{w.e[0]} + w.o[0] + w.c) >> 32);
  MontWindow<N> next;
  WARPNUM_UNROLL
  for (int i = 0; i < N + 1; ++i) {
    next.e[i] = w.o[i + 1];
    next.o[i] = w.e[i + 1];
  }
  next.e[N + 1] = 0;
  next.o[N + 1] = 0;
  next.c = w.c;
  w = next;
}

/// r = (window + c) reduced below m, for a window that starts at limb N and a sum below 2m.
template <int N> WARPNUM_DEVICE_INLINE void mont_finish(std::uint32_t* r, const MontWindow<N>& w, const std::uint32_t* m) {
  std::uint32_t s[N + 1];
  std::uint32_t add[N + 1];
  WARPNUM_UNROLL
  for (int i = 0; i <= N; ++i) {
    s[i] = w.e[i];
    add[i] = w.o[i];
  }
  ptx::AddChain<N + 1>::add(s, add);  // limb N + 1 of the window is zero: the sum is below 2m
  WARPNUM_UNROLL
  for (int i = 0; i <= N; ++i) add[i] = i == 0 ? w.c : 0;
  ptx::AddChain<N + 1>::add(s, add);
  // s < 2m < 2^(32 N + 1): subtract m once if s >= m.
  std::uint32_t d[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) d[i] = s[i];
  const std::uint32_t borrow = ptx::SubChain<N>::sub(d, m);  // all ones when s mod 2^(32 N) < m
  const bool keep = s[N] == 0 && borrow != 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r[i] = keep ? s[i] : d[i];
}

template <int N> WARPNUM_DEVICE_INLINE MontWindow<N> mont_window_zero() {
  MontWindow<N> w;
  WARPNUM_UNROLL
  for (int i = 0; i < N + 2; ++i) {
    w.e[i] = 0;
    w.o[i] = 0;
  }
  w.c = 0;
  return w;
}

/// r = a b R^-1 mod m (R = 2^(32 N)) for a b < m R, minv = -m^-1 mod 2^32. Step J adds a b[J], then the
/// reduction row q m that clears limb J (Koc, Acar and Kaliski's CIOS; the window moving up a limb is CIOS's
/// shift, a renaming of registers once the steps are unrolled). 2 N^2 fused multiply-adds; a thread holds a, b,
/// m and the 2N + 4 limbs of the window (5 N registers and a few). r may alias a or b.
template <int N>
WARPNUM_DEVICE_INLINE void mont_mul_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b,
                                              const std::uint32_t* m, std::uint32_t minv) {
  MontWindow<N> w = mont_window_zero<N>();
  for_each_row<N>([&](auto j) {
    mont_row<N>(w, a, b[decltype(j)::value]);
    mont_reduce_step<N>(w, m, minv);
  });
  mont_finish<N>(r, w, m);
}

/// Whether the device squares N limbs by mont_sqr_rows (each cross product once): below the columns' widths
/// (montgomery/select.hpp's device_mont_sqr_columns).
template <int N> inline constexpr bool device_mont_sqr_rows = N >= 2 && N < 16;

/// w += v s for the N - S limbs of v at the window's limb S: mont_row's chains, starting S limbs up (a square's row
/// starts at its diagonal). Their carries land in the same words as mont_row's.
template <int N, int S>
WARPNUM_DEVICE_INLINE void mont_square_row(MontWindow<N>& w, const std::uint32_t* v, std::uint32_t s) {
  constexpr int L = N - S;
  std::uint32_t* first = S % 2 == 0 ? w.e : w.o;  // e holds the pairs at even limbs of the window
  std::uint32_t* second = S % 2 == 0 ? w.o : w.e;
  ptx::WideRow<(L + 1) / 2>::add_carry(first + S, v, s);
  if constexpr (L / 2 > 0) ptx::WideRow<L / 2>::add_carry(second + S + 1, v + 1, s);
}

/// r = a^2 R^-1 mod m (R = 2^(32 N)) for a < m, minv = -m^-1 mod 2^32: the rows of mont_mul_rows with each cross
/// product once. Step J adds a_J (a_J, 2 a_(J+1), 2 a_(J+2), ...) at limb 2J (window limb J), the terms of a^2 with
/// a_J as the lower index, then the reduction row that clears limb J: no later step adds below limb 2J >= J, so
/// limb J is complete when it is cleared. The rows take 2a mod 2^(32 N) (a limb of funnel shifts; a_J's own top
/// bit belongs to the rows above J, so row J's second element is a_(J+1) 2 mod 2^32) and end where the product's
/// rows end. 2a's bit 32 N, a's top bit, is set only where m's is (a < m): its terms, a mod 2^(32 (N - 1)) at limb
/// N, join the window at the end, below 2m with the rest. N (N + 1) / 2 + N^2 fused multiply-adds instead of
/// 2 N^2 (100 against 128 at 8 limbs). scripts/check_row_carries.py models these chains (no carry lost, the sum
/// below 2m).
/// ConstantTime: the top term is added whatever m's top bit (it is zero where m's is clear, as a < m), so that
/// nothing branches on the modulus; otherwise a modulus without its top bit skips it.
template <int N, bool ConstantTime = false>
WARPNUM_DEVICE_INLINE void mont_sqr_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* m,
                                         std::uint32_t minv) {
  std::uint32_t d[N];  // 2 a mod 2^(32 N)
  d[0] = a[0] << 1;
  WARPNUM_UNROLL
  for (int k = 1; k < N; ++k) d[k] = (a[k] << 1) | (a[k - 1] >> 31);
  MontWindow<N> w = mont_window_zero<N>();
  for_each_row<N>([&](auto jc) {
    constexpr int j = decltype(jc)::value;
    std::uint32_t v[N - j];
    v[0] = a[j];
    if constexpr (N - j > 1) v[1] = a[j + 1] << 1;
    WARPNUM_UNROLL
    for (int k = 2; k < N - j; ++k) v[k] = d[j + k];
    mont_square_row<N, j>(w, v, a[j]);
    mont_reduce_step<N>(w, m, minv);
  });
  if (ConstantTime || m[N - 1] >= 0x80000000u) {  // a's top bit may be set (a compile-time modulus folds the test)
    const std::uint32_t mask = 0u - (a[N - 1] >> 31);
    std::uint32_t top[N + 1];
    WARPNUM_UNROLL
    for (int k = 0; k <= N; ++k) top[k] = k < N - 1 ? a[k] & mask : 0u;
    ptx::AddChain<N + 1>::add(w.e, top);  // the whole sum stays below 2m < 2^(32 N + 1): no carry out of limb N
  }
  mont_finish<N>(r, w, m);
}

}  // namespace warpnum::detail
#endif

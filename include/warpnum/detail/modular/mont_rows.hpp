// warpnum/detail/modular/mont_rows.hpp: the device's per-thread Montgomery multiplication of N-limb numbers
// (N <= ptx::max_mad_row / 2) out of the multiply engine's unrolled rows (detail/bigint/mul_rows.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/ptx/add_chain.hpp>

#include <cstdint>

#if WARPNUM_HAS_CUDA
namespace warpnum::detail {

/// r = a b R^-1 mod m (R = 2^(32 N)) for a b < m R, or a^2 R^-1 mod m when Square, by three products instead of
/// the word-by-word interleaving of CIOS: t = a b (mul_full_rows or sqr_full_rows), Q = t mod R times
/// -m^-1 mod R (the low half, mul_low_rows: minv_full holds all N limbs of -m^-1 mod R), then (t + Q m) / R, whose
/// low half is 0 or R. 2.5 N^2 products (2 N^2 squaring) against CIOS's 2 N^2, but every one in the IMAD.WIDE
/// rows that run at 80% of the multiply ceiling, with no carry word per row to chase. r may alias a or b.
template <int N, bool Square>
__device__ __forceinline__ void mont_mul_rows(std::uint32_t* r, const std::uint32_t* a, const std::uint32_t* b,
                                              const std::uint32_t* m, const std::uint32_t* minv_full) {
  std::uint32_t t[2 * N];
  if constexpr (Square) {
    sqr_full_rows<N>(t, a);
  } else {
    mul_full_rows<N>(t, a, b);
  }
  std::uint32_t q[N];
  mul_low_rows<N>(q, t, minv_full);
  std::uint32_t u[2 * N];
  mul_full_rows<N>(u, q, m);
  // t + Q m = 0 (mod R); the low halves carry into the high half exactly when t's low half is not zero.
  std::uint32_t any = 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) any |= t[i];
  std::uint32_t* hi = t + N;
  const std::uint32_t carry = ptx::AddChain<N>::add(hi, u + N, any != 0 ? 1u : 0u);
  // hi + carry R < 2m: subtract m once if it is at least m.
  std::uint32_t d[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) d[i] = hi[i];
  const std::uint32_t borrow = ptx::SubChain<N>::sub(d, m);  // all ones when hi < m
  const bool keep = carry == 0 && borrow != 0;
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) r[i] = keep ? hi[i] : d[i];
}

}  // namespace warpnum::detail
#endif

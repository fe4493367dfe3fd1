// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/mul/select.hpp: the choice of variant for the products and squares of N-limb numbers.
//
//   operation       target                      N (limbs)     variant                             measured
//   mul_low_limbs   device                      1 to 64       mul_low_rows (PTX rows)             -
//                   host, BMI2 and ADX          8, 16         mul_low_4_adx, mul_low_8_adx        1.4x columns, 2026-11-23
//                   host, unsigned __int128     2 to 64 words mul_low_columns on 64-bit words     -
//                                               above         mul_low_n on 64-bit words
//                   constexpr, N = 1            any           mul_low_n on 32-bit limbs
//   mul_full_limbs  device                      32            mul_full_karatsuba (one step)       1.02x rows, H100, 2026-11-23
//                   device                      1 to 31       mul_full_rows
//                   host, unsigned __int128     2 and up      mul_full_n on 64-bit words
//                   device above 32, constexpr  any           mul_full_n on 32-bit limbs
//   sqr_low_limbs   device                      1 to 64       sqr_low_rows                        -
//                   elsewhere                   any           mul_low_limbs(a, a)
//   sqr_full_limbs  device                      1 to 32       sqr_full_rows
//                   device                      64            sqr_full_karatsuba (one step)       2.9x loops, H100, 2026-11-25
//                   elsewhere                   any           mul_full_limbs(a, a)
//
// Variants: detail/bigint/mul_rows.hpp (rows and Karatsuba steps, device), detail/bigint/mul.hpp (columns),
// detail/mpn/mul.hpp (run-time lengths), detail/x86/mul_low_adx.hpp (generated assembly). docs/benchmarks.md has the
// measurements.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/target.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/mul_low_adx.hpp>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
template <int N> inline void mul_low(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  // 256 and 512 bits on a processor with BMI2 and ADX: generated assembly (detail/x86/mul_low_adx.hpp), about 1.4
  // times as fast as the columns' mulq chains (development machine, 2026-11-23).
  if constexpr (N == 8) {
    if (host_has_mulx_adx) return mul_low_4_adx(r, a, b);
  } else if constexpr (N == 16) {
    if (host_has_mulx_adx) return mul_low_8_adx(r, a, b);
  }
#endif
  Words<N> z;
  if constexpr (num_words<N> <= 32) {
    mul_low_columns<num_words<N>>(z.w, load<N>(a).w, load<N>(b).w);
  } else {
    mul_low_n(z.w, load<N>(a).w, load<N>(b).w, num_words<N>);
  }
  store<N>(r, z.w);
}
template <int N> inline void mul_full(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  std::uint64_t z[2 * num_words<N>];
  mul_full_n(z, load<N>(a).w, load<N>(b).w, num_words<N>);
  store<2 * N>(r, z);
}
}  // namespace host64
#endif

#if WARPNUM_DEVICE_BRANCH
/// Whether the device multiplies N-limb numbers with the unrolled row chains (mul_rows.hpp) rather than loops:
/// low halves up to 64 limbs; full products and squares (2N limbs of result) up to 32, above which a thread
/// cannot hold them in registers anyway and the unrolled code only costs compile time (it tripled that of the
/// 2048-bit device tests).
template <int N> inline constexpr bool device_rows = N <= ptx::max_mad_row;
template <int N> inline constexpr bool device_rows_full = N <= ptx::max_full_row;
#endif

/// r = low N limbs of a * b.
template <int N> WARPNUM_HD constexpr void mul_low_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_low_rows<N>(r, a, b); return;)
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::mul_low<N>(r, a, b); return;)
  }
  mul_low_n(r, a, b, N);
}

/// r (2N limbs) = a * b. The device at 32 limbs: one Karatsuba step over 16-limb rows. With the 32-limb rows (two
/// 64-limb accumulators in registers) nvcc 13.0 (-O3, sm_90) computed some 1024-bit Barrett exponentiations wrong (8 of
/// 64 inputs in one kernel, H100, 2026-11-23; right with -Xcicc -O1, with the rows replaced by loops, and with this
/// step: docs/compiler-workarounds.md, "The 32-limb full product by a Karatsuba step"). The step is also 1-2% faster
/// (6.67 against 6.55 G products a second, H100, 2026-11-23).
template <int N> WARPNUM_HD constexpr void mul_full_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (N == 32) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_full_karatsuba<N>(r, a, b); return;)
  } else if constexpr (device_rows_full<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_full_rows<N>(r, a, b); return;)
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::mul_full<N>(r, a, b); return;)
  }
  mul_full_n(r, a, b, N);
}

/// r = low N limbs of a * a: the device squares with half the products; elsewhere this is mul_low_limbs.
template <int N> WARPNUM_HD constexpr void sqr_low_limbs(limb_t* r, const limb_t* a) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_low_rows<N>(r, a); return;)
  }
#endif
  mul_low_limbs<N>(r, a, a);
}

/// r (2N limbs) = a * a; see sqr_low_limbs. The device at 64 limbs: one Karatsuba step over 32-limb squares by
/// rows (the looped product took 2.3 ns a 2048-bit square against 0.8 ns, H100, 2026-11-25: the top level of a
/// 4096-bit square root).
template <int N> WARPNUM_HD constexpr void sqr_full_limbs(limb_t* r, const limb_t* a) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows_full<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_full_rows<N>(r, a); return;)
  } else if constexpr (N == 64) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_full_karatsuba<N>(r, a); return;)
  }
#endif
  mul_full_limbs<N>(r, a, a);
}

}  // namespace warpnum::detail

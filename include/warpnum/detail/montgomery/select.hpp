// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/montgomery/select.hpp: the choice of variant for the Montgomery product and square of N-limb
// numbers (mont_mul_limbs), and for runs of squarings on the host (host64::mont_sqr_n).
//
//   target                    N (limbs)    variant                                        measured
//   device                    16 to 32     square: mont_sqr_columns (32-bit columns)      -
//                             2 to 15      square: mont_sqr_rows (CIOS rows, each         1.24x-1.27x the
//                                          cross product once)                            product (8, 12);
//                                                                                         powm 256: 1.125x
//                             1 to 32      mont_mul_rows (CIOS in PTX rows)               -
//                             above 32     mont_mul_limbs_device: mont_mul_portable out    -
//                                          of line (an nvcc 13.0 workaround)
//   host, BMI2 and ADX        8            mont_mul_4_adx, mont_sqr_4_adx(_n)             -
//   host, unsigned __int128   2 to 32      mont_mul_columns / mont_sqr_columns, 64-bit    -
//                             64, 128      mul_wide / sqr_wide + redc_wide (Karatsuba     0.99x mpz_powm at 2048
//                                          over 16-word column blocks)                    bits (rows: 1.5x)
//                             other        mul_rows_n / sqr_rows_n + redc_n, 64-bit
//   constexpr, odd N          any          mont_mul_portable (32-bit limbs)
//
// Constant-time code (ct::Montgomery) takes the same variants with ConstantTime set: every one runs the same
// instructions and touches the same memory for all values of its width (the final subtraction by a mask), except
// the host's Karatsuba blocks, which with ConstantTime find |a0 - a1| and the middle term's sign by masks rather
// than by an early-exit comparison and a branch (3 % of a 2048-bit product). A new variant must keep that: ctest
// ct-memcheck-* (Valgrind with the operands undefined) and scripts/ct_sass_check.py (the device's machine code)
// check it. Likewise the device square from 2 to 15 limbs, which skips a term where the modulus's top bit is clear,
// adds it always with ConstantTime.
//
// Variants: detail/modular/mont_rows.hpp (device rows), detail/modular/montgomery.hpp (columns, rows, REDC),
// detail/modular/mont_wide.hpp (Karatsuba blocks), detail/x86/mont_4_adx.hpp (generated assembly).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/modular/mont_rows.hpp>
#include <warpnum/detail/modular/mont_wide.hpp>
#include <warpnum/detail/modular/montgomery.hpp>
#include <warpnum/detail/mul/select.hpp>
#include <warpnum/detail/target.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/mont_4_adx.hpp>

#include <cstdint>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
/// Montgomery multiplication (or squaring) on the host's 64-bit words: by columns up to 16 words (1024 bits;
/// the unrolled code of 32 words ran slower than rows); at 32 and 64 words Karatsuba over 16-word column blocks
/// and REDC by column blocks (mont_wide.hpp: 0.99x mpz_powm at 2048 bits, against 1.5x by rows); at other
/// widths above 16 words the full product and REDC by addmul_1 rows.
template <int N, bool Square, bool ConstantTime = false>
inline void mont_mul_words(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  constexpr int w = N / 2;
  const auto x = load<N>(a);
  const auto mw = load<N>(m);
  Words<N> z;
  if constexpr (w <= 16) {
    if constexpr (Square) {
      mont_sqr_columns<w>(z.w, x.w, mw.w, minv);
    } else {
      mont_mul_columns<w>(z.w, x.w, load<N>(b).w, mw.w, minv);
    }
  } else if constexpr (mont_wide_words<w>) {
    std::uint64_t t[2 * w];
    if constexpr (Square) {
      sqr_wide<w, ConstantTime>(t, x.w);
    } else {
      mul_wide<w, ConstantTime>(t, x.w, load<N>(b).w);
    }
    redc_wide<w>(z.w, t, mw.w, minv);
  } else {
    std::uint64_t t[2 * w];
    if constexpr (Square) {
      sqr_rows_n(t, x.w, w);
    } else {
      mul_rows_n(t, x.w, load<N>(b).w, w);
    }
    redc_n(z.w, t, mw.w, w, minv);
  }
  store<N>(r, z.w);
}

#if WARPNUM_DETAIL_X86_64_ASM
template <int N, bool Square>
[[gnu::noinline]] void mont_mul_words_outline(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  mont_mul_words<N, Square>(r, a, b, m, minv);  // N = 8: columns, the same with or without ConstantTime
}
#endif

/// The host's Montgomery product: at 4 words (256 bits) on a processor with BMI2 and ADX the generated assembly
/// of mont_4_x86.hpp (the columns, the fallback, out of line: the function around the assembly stays small),
/// else mont_mul_words.
template <int N, bool Square, bool ConstantTime = false>
inline void mont_mul(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 8) {
    if (host_has_mulx_adx) {
      if constexpr (Square) {
        mont_sqr_4_adx(r, a, m, minv);
      } else {
        mont_mul_4_adx(r, a, b, m, minv);
      }
    } else {
      mont_mul_words_outline<N, Square>(r, a, b, m, minv);
    }
    return;
  }
#endif
  mont_mul_words<N, Square, ConstantTime>(r, a, b, m, minv);
}

/// n >= 1 Montgomery squarings in a row (a^(2^n)) in one call of the generated loop, where there is one (4 words,
/// BMI2 and ADX); false, with r untouched, elsewhere (the caller squares n times).
template <int N> inline bool mont_sqr_n(limb_t* r, const limb_t* a, const limb_t* m, std::uint64_t minv, int n) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 8) {
    if (host_has_mulx_adx) {
      mont_sqr_4_adx_n(r, a, m, minv, n);
      return true;
    }
  }
#endif
  (void)r, (void)a, (void)m, (void)minv, (void)n;
  return false;
}
}  // namespace host64
#endif

/// The full product (or square) and REDC in 32-bit limbs: the reference, for constant evaluation, odd limb counts
/// on the host and the device above 32 limbs.
template <int N, bool Square>
WARPNUM_HD constexpr void mont_mul_portable(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  limb_t t[2 * N];
  if constexpr (Square) {
    sqr_full_limbs<N>(t, a);
  } else {
    mul_full_limbs<N>(t, a, b);
  }
  redc_n<limb_t>(r, t, m, N, static_cast<limb_t>(minv));
}

#if WARPNUM_DEVICE_BRANCH
/// The device's Montgomery product above 32 limbs, out of line. Inlined into the setup of a 2048-bit context, nvcc 13.0
/// (-O3, sm_90) lost the setup's results (R mod m, R^2 mod m and -m^-1 read back as 0 on an H100, every input; right
/// with -Xcicc -O1 or with this call out of line: docs/compiler-workarounds.md, "Montgomery product above 32 limbs out
/// of line", 2026-11-22). One copy of the loops per kernel is also smaller code.
template <int N, bool Square>
WARPNUM_DEVICE_NOINLINE void mont_mul_limbs_device(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) {
  mont_mul_portable<N, Square>(r, a, b, m, minv);
}
#endif

/// Whether the device squares N limbs by columns (mont_sqr_columns) rather than as a product by rows: from 16
/// limbs. At 8 limbs (256 bits) the columns gained nothing in a stand-alone powm, and in warpnum-bench's kernel
/// ptxas then kept it at 64 registers with spills (57.6 against 76.4 M powm/s, H100, 2026-11-25).
template <int N> inline constexpr bool device_mont_sqr_columns = N >= 16 && N <= 32;

/// r = a b R^-1 mod m (R = 2^(32 N)) for a b < m R, or a^2 R^-1 mod m when Square (b is then ignored), with no
/// branch or memory index on the values where ConstantTime (see the table above);
/// minv = -m^-1 mod 2^64. The device, up to 32 limbs: a product by unrolled rows with the reduction interleaved
/// (mont_rows.hpp: one IMAD.WIDE.U32.X a 32 x 32-bit product, 168 registers at 32 limbs), a square from 16 limbs
/// by the product-scanning columns on 32-bit limbs (mont_sqr_columns: 1.5 N^2 products instead of 2 N^2, about
/// 112 registers at 32 limbs; each product an IMAD.WIDE.U32 and most an IADD3.X, which runs on the other pipe),
/// below that by the product's rows with each cross product once (mont_sqr_rows: N (N + 1) / 2 + N^2 products);
/// above 32 limbs mont_mul_limbs_device. The host for even N:
/// product-scanning columns or rows on 64-bit words (the same R). Elsewhere mont_mul_portable.
template <int N, bool Square, bool ConstantTime = false>
WARPNUM_HD constexpr void mont_mul_limbs(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_mont_sqr_columns<N> && Square) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_sqr_columns<N>(r, a, m, static_cast<std::uint32_t>(minv)); return;)
  } else if constexpr (device_mont_sqr_rows<N> && Square) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_sqr_rows<N, ConstantTime>(r, a, m, static_cast<std::uint32_t>(minv)); return;)
  } else if constexpr (device_mont_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_mul_rows<N>(r, a, b, m, static_cast<std::uint32_t>(minv)); return;)
  } else {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_mul_limbs_device<N, Square>(r, a, b, m, minv); return;)
  }
#endif
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(host64::mont_mul<N, Square, ConstantTime>(r, a, b, m, minv); return;)
  }
  mont_mul_portable<N, Square>(r, a, b, m, minv);
}

/// a^(2^n) R^(1 - 2^n) mod m (n >= 1 squarings in a row) where the target runs them in one call: the host's
/// generated loop at 4 words with BMI2 and ADX (host64::mont_sqr_n). Returns false, writing nothing, elsewhere;
/// the caller then squares n times.
template <int N>
WARPNUM_HD constexpr bool mont_sqr_n_limbs([[maybe_unused]] limb_t* r, [[maybe_unused]] const limb_t* a, [[maybe_unused]] const limb_t* m,
                                           [[maybe_unused]] std::uint64_t minv, [[maybe_unused]] int n) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::mont_sqr_n<N>(r, a, m, minv, n);)
  }
  return false;
}

/// a^(2^n) R^(1 - 2^n) mod m for a Montgomery context (warpnum::Montgomery, ct::Montgomery: modulus(),
/// neg_inverse(), sqr()): a itself for n <= 0, one call of mont_sqr_n_limbs where the target runs the squarings in
/// one loop, else n calls of ctx.sqr. The contexts' sqr_n.
template <class Ctx, class T> WARPNUM_HD constexpr T mont_sqr_n(const Ctx& ctx, const T& a, int n) noexcept {
  if (n <= 0) return a;
  T r;
  if (mont_sqr_n_limbs<T::num_limbs>(r.limbs_, a.limbs_, ctx.modulus().limbs_, ctx.neg_inverse(), n)) return r;
  r = ctx.sqr(a);
  WARPNUM_NO_UNROLL
  for (int i = 1; i < n; ++i) r = ctx.sqr(r);
  return r;
}

}  // namespace warpnum::detail

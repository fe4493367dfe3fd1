// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/select.hpp: the choice of variant for the products of GF2n<N, P>.
//
//   operation      target                       N, P                   variant                       measured
//   a * b          host x86-64 with PCLMULQDQ   64, deg(P - x^64) <= 32  mul_mod64_x86 (product and   -
//                                               128, deg(P - x^128) < 64 mul_mod128_x86 reduction in
//                                                                        SSE registers)
//                  device, constexpr, other N   any                    mul_words, then reduce.hpp
//   mul_n          host x86-64 with AVX-512     64 and 128 as above    mul_mod64_n_avx512,           4.6x, 3.6x the
//   (arrays)       VPCLMULQDQ                                          mul_mod128_n_avx512           loop, 2026-11-25
//                  elsewhere                    any                    a * b element by element
//   word product   host x86-64 with PCLMULQDQ   -                      clmul64_x86 (clmul.hpp)       -
//                  elsewhere                    -                      clmul64_portable
//   word arrays    host                         W >= 12, even W >= 8   Karatsuba                     1.3x, 1024 bits
//                  device                       also W = 2 and 4       Karatsuba, out of line from   ptxas time,
//                                                                      4 words                       2026-11-25
//
// The word product and the word arrays' split are chosen beside them in clmul.hpp (clmul64, karatsuba_splits,
// mul_words), as mpn::add_n chooses its carry chain: the products of word arrays call them at every level.
// Variants: detail/gf2n/clmul.hpp (word arrays, the word products' choice), detail/gf2n/clmul_word.hpp (portable
// word products), detail/x86/clmul_x86.hpp (PCLMULQDQ), detail/x86/gf2n_mul_n_avx512.hpp (VPCLMULQDQ). The
// measurements are in docs/benchmarks.md ("Why each variant is chosen", "Binary fields GF(2^N)").
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/gf2n/reduce.hpp>
#include <warpnum/detail/x86/clmul_x86.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/gf2n_mul_n_avx512.hpp>
#include <warpnum/poly.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::detail::gf2x {

/// Whether GF2n<N, P> has a whole-field PCLMULQDQ product (the table above): on x86-64 hosts, N = 64 with
/// deg(P - x^64) <= 32 and N = 128 with deg(P - x^128) < 64.
template <int N, Poly P>
inline constexpr bool has_mul_mod_x86 =
    WARPNUM_DETAIL_X86_64_ASM && ((N == 64 && P.second_degree() <= 32) || (N == 128 && P.second_degree() < 64));

/// Whether to take it here and now: at run time on a host whose processor has PCLMULQDQ (never in constant
/// evaluation or on the device).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr bool use_mul_mod_x86() noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((), (return host_has_pclmul;))
  }
#endif
  return false;
}

/// r = a b mod P by PCLMULQDQ, where has_mul_mod_x86<N, P> and use_mul_mod_x86() hold.
/// (A flag and a product rather than one function that reports whether it ran: GCC then inlines GF2n's operator*
/// into a caller's loop, as it did not with the latter, which made a loop of GF(2^64) products a call each.)
template <int N, Poly P>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr void mul_mod_x86([[maybe_unused]] std::uint64_t* r,
                                                        [[maybe_unused]] const std::uint64_t* a,
                                                        [[maybe_unused]] const std::uint64_t* b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 64) {
    WARPNUM_IF_ELSE_DEVICE((), (mul_mod64_x86(r, a, b, low_word<P>());))
  } else {
    WARPNUM_IF_ELSE_DEVICE((), (mul_mod128_x86(r, a, b, low_word<P>());))
  }
#endif
}

/// r[i] = a[i] b[i] for i < n by AVX-512 VPCLMULQDQ, where the host has it for this field (the table above);
/// returns whether it ran. T is GF2n<N, P>, whose elements are one or two 64-bit words here. Host only.
template <int N, Poly P, class T>
inline bool mul_mod_n_avx512_if([[maybe_unused]] T* r, [[maybe_unused]] const T* a, [[maybe_unused]] const T* b,
                                [[maybe_unused]] std::size_t n) {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 64 && P.second_degree() <= 32) {
    if (host_has_vpclmul512 && host_has_pclmul) {
      static_assert(sizeof(T) == 8, "one 64-bit word an element");
      mul_mod64_n_avx512(reinterpret_cast<std::uint64_t*>(r), reinterpret_cast<const std::uint64_t*>(a),
                         reinterpret_cast<const std::uint64_t*>(b), n, low_word<P>());
      return true;
    }
  }
  if constexpr (N == 128 && P.second_degree() < 64) {
    if (host_has_vpclmul512 && host_has_pclmul) {
      static_assert(sizeof(T) == 16, "two 64-bit words an element");
      mul_mod128_n_avx512(reinterpret_cast<std::uint64_t*>(r), reinterpret_cast<const std::uint64_t*>(a),
                          reinterpret_cast<const std::uint64_t*>(b), n, low_word<P>());
      return true;
    }
  }
#endif
  return false;
}

}  // namespace warpnum::detail::gf2x

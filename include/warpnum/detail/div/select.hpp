// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/div/select.hpp: the choice of variant for the quotient and remainder of N-limb numbers.
//
//   operation        target                      N (limbs)   variant                                  measured
//   divmod_limbs     device                      any         divmod_limbs_device: divmod_n out of     -
//                                                            line (an nvcc 13.0 workaround)
//                    host, unsigned __int128     2 and up    divmod_n on 64-bit words, in place for   -
//                                                            even N
//                    constexpr, N = 1            any         divmod_n on 32-bit limbs
//   (signed)         host, unsigned __int128     even        host64::divmod_signed: magnitudes and    neg_n: a third
//                                                            signs in 64-bit words                    of `%` more
//
// divmod_n (detail/bigint/div.hpp) runs the core's division (detail/mpn/div.hpp: Knuth's algorithm D with Moller
// and Granlund's reciprocal) on N words; its half path (a divisor of N / 2 limbs) is unrolled up to 32 limbs on the
// device (1.24x the loop at 256 bits, H100, 2026-11-23) and a moving window at 64 (2.3x, H100, 2026-11-25).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/div.hpp>
#include <warpnum/detail/host64.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/target.hpp>

#include <cstdint>
#include <utility>

namespace warpnum::detail {

#if WARPNUM_HAS_INT128
namespace host64 {
template <int N> inline void divmod(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    divmod_n<std::uint64_t, N / 2>(q, r, a, b);  // reads and writes the limb arrays as 64-bit words
  } else {
    Words<N> qw;
    Words<N> rw;
    divmod_n<std::uint64_t, num_words<N>>(qw.w, rw.w, load<N>(a).w, load<N>(b).w);
    store<N>(q, qw.w);
    store<N>(r, rw.w);
  }
}
/// x = neg ? -x : x over the words I (neg 0 or 1), without a branch: (x xor mask) + neg, one carry chain,
/// unrolled by a fold and inlined (GCC -O2 kept a loop, and a lambda for the fold stayed out of line at 16 words:
/// 7 ns of a 41 ns 256-bit `%`, 35 ns of a 1024-bit one).
template <int... I>
WARPNUM_FORCEINLINE void negate_if(std::uint64_t* x, std::uint64_t neg, std::integer_sequence<int, I...>) noexcept {
  const std::uint64_t mask = 0 - neg;
  unsigned __int128 c = neg;
  ((c += x[I] ^ mask, x[I] = static_cast<std::uint64_t>(c), c >>= 64), ...);
}
/// Signed (two's complement) q = a / b truncated, r = a % b with a's sign, for an even N (the sign bit is the
/// top bit of a 64-bit word). Two non-negative operands divide in place; otherwise the magnitudes, the division
/// and the signs all stay in 64-bit words, the negations without branches. Negating in 32-bit limbs (neg_n) and
/// reloading those as words cost a third of a 256-bit `%` with random signs (docs/benchmarks.md).
template <int N> WARPNUM_FORCEINLINE void divmod_signed(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  static_assert(N % 2 == 0);
  constexpr int W = num_words<N>;
  if (((a[N - 1] | b[N - 1]) >> 31) == 0) return divmod<N>(q, r, a, b);  // both non-negative: in place
  auto x = load<N>(a);
  auto y = load<N>(b);
  const std::uint64_t na = x.w[W - 1] >> 63;
  const std::uint64_t nb = y.w[W - 1] >> 63;
  constexpr auto words = std::make_integer_sequence<int, W>{};
  negate_if(x.w, na, words);
  negate_if(y.w, nb, words);
  Words<N> qw;
  Words<N> rw;
  divmod_n<std::uint64_t, W>(qw.w, rw.w, x.w, y.w);
  negate_if(qw.w, na ^ nb, words);
  negate_if(rw.w, na, words);
  store<N>(q, qw.w);
  store<N>(r, rw.w);
}
}  // namespace host64
#endif

#if WARPNUM_DEVICE_BRANCH
/// The device's division, out of line: a workaround for what looks like the nvcc 13.0 fault of gcd_limbs_device
/// (docs/compiler-workarounds.md, "Division runs out of line", 2026-11-22); remove with gcd_limbs_device once a
/// newer nvcc passes the modular device tests without them. A divisor of N / 2 limbs takes divmod_n's half path,
/// algorithm D unrolled up to 32 limbs and divmod_window above (the table above; docs/benchmarks.md).
template <int N> WARPNUM_DEVICE_NOINLINE void divmod_limbs_device(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  divmod_n<limb_t, N, true>(q, r, a, b);
}
#endif

/// q = a / b, r = a % b (unsigned); b must not be zero.
template <int N>
WARPNUM_HD constexpr void divmod_limbs(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((divmod_limbs_device<N>(q, r, a, b); return;), ())
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::divmod<N>(q, r, a, b); return;)
  }
  divmod_n<limb_t, N>(q, r, a, b);
}

/// Signed division (truncating) of N limbs where the target has a variant of its own: the host's 64-bit words for
/// an even N (host64::divmod_signed). Returns false, writing nothing, elsewhere; the caller then divides the
/// magnitudes by divmod_limbs.
template <int N>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr bool divmod_signed_limbs([[maybe_unused]] limb_t* q, [[maybe_unused]] limb_t* r, [[maybe_unused]] const limb_t* a,
                                              [[maybe_unused]] const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(host64::divmod_signed<N>(q, r, a, b); return true;)
  }
  return false;
}

}  // namespace warpnum::detail

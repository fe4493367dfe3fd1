// SPDX-License-Identifier: Apache-2.0
// tests/compiler/f3_select_shift.cu: reproducer of nvcc fault F3, Miller-Rabin with shifts by selects.
//
// BasicInt's shifts by a run-time amount are loops on the device (docs/compiler-workarounds.md, "Shifts by a run-time
// amount stay loops"). This file carries a copy of the earlier device form, shl_fixed / shr_fixed (log2 N stages of
// selects over the words, every index a constant), and undoes the workaround for 256 bits: an explicit
// specialisation of miller_rabin_round<256> takes n - 1 = d 2^s with the select shift, and the kernel builds
// ((1 << s127) - 1) ((1 << s61) - 1) and (1 << s255) - 19 with it from shift amounts loaded from memory, then runs
// is_probable_prime on both (composite, prime) and on the loaded prime p256. With
// -DWARPNUM_REPRO_KEEP_WORKAROUND the library's loop shifts are used (the control). Narrower forms:
// -DWARPNUM_REPRO_COMPOSITE_ONLY (only the composite), with -DWARPNUM_REPRO_LOOP_SHL (its factors by the loop
// shift) or -DWARPNUM_REPRO_LOOP_SHR (Miller-Rabin's n - 1 >> s by the loop shift).
// Result (H100, driver 580.159.04, 2026-11-26): REPRODUCED with nvcc 13.0.88: is_probable_prime of the composite
// ((1 << 127) - 1)((1 << 61) - 1) is true on the device for 32 of 32 threads (the host: false). Right with -Xcicc -O1,
// with the library's loop shifts (-kept), and with nvcc 13.5.37. Narrowed to the composite alone (forms "one",
// "one-loopshl", "one-loopshr") it passes: the fault needs the whole kernel (the three primality tests).
// PTX evidence: the shift stages themselves are right in the PTX (the select barrel of shr_fixed in Miller-Rabin's
// d = (n - 1) >> s, and of shl_fixed for 1 << s127, read stage by stage against the source: selp.b32 by
// (ws & k) == 0, then shr.u64 of each word pair by s % 32). The PTX run in scripts/ptx_interpreter.py
// (tests/compiler/interpret.py, 2026-11-28) is wrong for 32 of 32 threads, as on the H100, so the fault is NVVM's:
// on the composite's path, after the trial divisions, the PTX builds its Montgomery context for the modulus 1 without
// testing the composite (it stores the divisor 1 and the dividend 2^256 - 1 of one = (0 - mm) % mm unconditionally
// and calls divmod_limbs_device<8>), as if NVVM had decided that the composite is even; every Montgomery value is
// then 0 and Miller-Rabin says "prime". It is not the stack colouring of F4: the form `nosc`
// (-Xcicc=--Xllc,-no-stack-coloring) is wrong too. The optimisation (opt-bisect, -Xcicc --Xopt -Xcicc
// -opt-bisect-limit=N, each PTX interpreted; 2026-11-28, headers of 9c48af6): the PTX is right up to pass 2927 of
// 3035 and wrong from pass 2928, the GVN of NVPTX's straight-line scalar optimisations in llc on the kernel, the
// pass of F6 (f6_select_after_call.cu, its smallest form). With a division-free R mod m in Montgomery::checked (a
// change not in the library) this file's interpreted PTX is right for all 32 inputs.
// build-form: nosc -Xcicc=--Xllc,-no-stack-coloring
// build-form: one -DWARPNUM_REPRO_COMPOSITE_ONLY
// build-form: one-O1 -DWARPNUM_REPRO_COMPOSITE_ONLY -Xcicc -O1
// build-form: one-loopshl -DWARPNUM_REPRO_COMPOSITE_ONLY -DWARPNUM_REPRO_LOOP_SHL
// build-form: one-loopshr -DWARPNUM_REPRO_COMPOSITE_ONLY -DWARPNUM_REPRO_LOOP_SHR
#include <warpnum/modular.hpp>

namespace {
constexpr std::size_t bits = 256;
using T = warpnum::BigUInt<bits>;
using warpnum::detail::limb_t;

#ifndef WARPNUM_REPRO_KEEP_WORKAROUND
// The earlier shl_fixed / shr_fixed of the library's shifts (detail/mpn/shift.hpp holds their loops now), for 32-bit words.
template <int N> WARPNUM_HD constexpr void shl_fixed(limb_t* r, const limb_t* a, unsigned long long s) noexcept {
  const bool all = s >= static_cast<unsigned long long>(N) * 32;
  const int ws = all ? 0 : static_cast<int>(s / 32);
  const int bs = all ? 0 : static_cast<int>(s % 32);
  limb_t t[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) t[i] = all ? limb_t{0} : a[i];
  WARPNUM_UNROLL
  for (int stage = 0; (1 << stage) < N; ++stage) {
    const int k = 1 << stage;
    const bool on = (ws & k) != 0;
    WARPNUM_UNROLL
    for (int i = N - 1; i >= 0; --i) t[i] = on ? (i >= k ? t[i - k] : limb_t{0}) : t[i];
  }
  WARPNUM_UNROLL
  for (int i = N - 1; i >= 0; --i) {
    const std::uint64_t pair = static_cast<std::uint64_t>(t[i]) << 32 | (i > 0 ? t[i - 1] : limb_t{0});
    r[i] = static_cast<limb_t>((pair << bs) >> 32);
  }
}
template <int N> WARPNUM_HD constexpr void shr_fixed(limb_t* r, const limb_t* a, unsigned long long s) noexcept {
  const bool all = s >= static_cast<unsigned long long>(N) * 32;
  const int ws = all ? 0 : static_cast<int>(s / 32);
  const int bs = all ? 0 : static_cast<int>(s % 32);
  limb_t t[N];
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) t[i] = all ? limb_t{0} : a[i];
  WARPNUM_UNROLL
  for (int stage = 0; (1 << stage) < N; ++stage) {
    const int k = 1 << stage;
    const bool on = (ws & k) != 0;
    WARPNUM_UNROLL
    for (int i = 0; i < N; ++i) t[i] = on ? (i + k < N ? t[i + k] : limb_t{0}) : t[i];
  }
  WARPNUM_UNROLL
  for (int i = 0; i < N; ++i) {
    const std::uint64_t pair = static_cast<std::uint64_t>(i + 1 < N ? t[i + 1] : limb_t{0}) << 32 | t[i];
    r[i] = static_cast<limb_t>(pair >> bs);
  }
}
#endif

// a << s and a >> s: the selects on the device (the earlier operators), the library's operators elsewhere.
WARPNUM_HD constexpr T shl(const T& a, unsigned s) noexcept {
#if !defined(WARPNUM_REPRO_KEEP_WORKAROUND) && !defined(WARPNUM_REPRO_LOOP_SHL)
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((T r; shl_fixed<T::num_limbs>(r.limbs_, a.limbs_, s); return r;), ())
  }
#endif
  return a << s;
}
WARPNUM_HD constexpr T shr(const T& a, unsigned s) noexcept {
#if !defined(WARPNUM_REPRO_KEEP_WORKAROUND) && !defined(WARPNUM_REPRO_LOOP_SHR)
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((T r; shr_fixed<T::num_limbs>(r.limbs_, a.limbs_, s); return r;), ())
  }
#endif
  return a >> s;
}
}  // namespace

namespace warpnum {
// miller_rabin_round as in include/warpnum/modular/prime.hpp, with n - 1 >> s by shr above.
template <> WARPNUM_HD constexpr bool miller_rabin_round<bits>(const Montgomery<bits>& ctx, const T& base) noexcept {
  const T& n = ctx.modulus();
  const T n1 = n - 1u;
  const int s = countr_zero(n1);
  const T d = shr(n1, static_cast<unsigned>(s));
  const T one = ctx.one();
  const T minus_one = ctx.neg(one);
  T x = ctx.pow(ctx.to_montgomery(base), d);
  if (x == one || x == minus_one) return true;
  WARPNUM_NO_UNROLL
  for (int r = 1; r < s; ++r) {
    x = ctx.sqr(x);
    if (x == minus_one) return true;
    if (x == one) return false;
  }
  return false;
}
}  // namespace warpnum

#include "repro.hpp"

namespace {
struct In {
  unsigned s127, s61, s255;
  T p;
};
struct Out {
  unsigned composite, p25519, p256;
};
struct Primes {
  WARPNUM_HD Out operator()(const In& in) const {
    const T c = (shl(T{1u}, in.s127) - 1u) * (shl(T{1u}, in.s61) - 1u);  // two Mersenne primes: composite
#ifdef WARPNUM_REPRO_COMPOSITE_ONLY
    return {warpnum::is_probable_prime(c, 2) ? 1u : 0u, 1u, 1u};
#endif
    const T q = shl(T{1u}, in.s255) - 19u;                                   // 2^255 - 19: prime
    return {warpnum::is_probable_prime(c, 2) ? 1u : 0u, warpnum::is_probable_prime(q, 1) ? 1u : 0u,
            warpnum::is_probable_prime(in.p, 2) ? 1u : 0u};
  }
};
}  // namespace

int main() {
  // Host-checked and also against the constants: 0 (composite), 1, 1.
  const In x{127, 61, 255, T{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"}};
  const Out expect = Primes{}(x);
  if (expect.composite != 0 || expect.p25519 != 1 || expect.p256 != 1) {
    std::printf("RESULT f3_select_shift ERROR the host's results are wrong\n");
    return 2;
  }
  return warpnum::repro::check<Primes>("f3_select_shift", std::vector<In>(32, x), 32);
}

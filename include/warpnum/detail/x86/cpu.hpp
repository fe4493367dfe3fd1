// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/cpu.hpp: what the x86-64 processor running the program offers (BMI2 and ADX, PCLMULQDQ,
// AVX2, AVX-512 VPCLMULQDQ), each read once at start-up. The host's assembly variants are chosen on these.
#pragma once

#include <warpnum/config.hpp>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <cpuid.h>

#  include <cstdlib>

namespace warpnum::detail {

/// Whether this x86-64 processor has BMI2's mulx and ADX's adcx/adox (CPUID leaf 7, EBX bits 8 and 19). The
/// environment variable WARPNUM_HOST_ADX set to 1 says yes and to 0 says no whatever CPUID says: for running the
/// assembly under Valgrind, which executes mulx, adcx and adox but does not report them (the constant-time tests,
/// ctest ct-memcheck-adx-*), and for testing the fallback on a processor that has them. Set to 1 on a processor
/// without them, the program stops at the first such instruction.
inline bool cpu_has_mulx_adx() noexcept {
  const char* forced = std::getenv("WARPNUM_HOST_ADX");
  if (forced != nullptr && (forced[0] == '0' || forced[0] == '1')) return forced[0] == '1';
  unsigned eax = 0;
  unsigned ebx = 0;
  unsigned ecx = 0;
  unsigned edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
  return ((ebx >> 8) & 1u) != 0 && ((ebx >> 19) & 1u) != 0;
}
/// Read once at start-up; until then (in other static initialisers) the portable-flags body runs.
inline const bool host_has_mulx_adx = cpu_has_mulx_adx();

/// Whether this x86-64 processor has PCLMULQDQ (CPUID leaf 1, ECX bit 1).
inline bool cpu_has_pclmul() noexcept {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return false;
  return ((ecx >> 1) & 1u) != 0;
}
#  if defined(__PCLMUL__)
/// Compiled for processors that have it (-mpclmul, -march=native): a constant, so loops carry no test of it.
inline constexpr bool host_has_pclmul = true;
#  else
/// Read once at start-up; until then (in other static initialisers) the portable body runs. The test costs a loop of
/// GF(2^64) products about 14 % (601 against 701 M/s for the same loop without it, 2026-11-25).
inline const bool host_has_pclmul = cpu_has_pclmul();
#  endif

/// Whether the processor and the operating system support AVX2 (256-bit integer vectors).
inline bool cpu_has_avx2() noexcept {
  __builtin_cpu_init();  // may run before the constructors that would initialise __builtin_cpu_supports' data
  return __builtin_cpu_supports("avx2");
}
/// Read once at start-up; until then (in other static initialisers) the scalar body runs.
inline const bool host_has_avx2 = cpu_has_avx2();

/// Whether the processor and the operating system support AVX-512F and VPCLMULQDQ on 512-bit registers.
inline bool cpu_has_vpclmul512() noexcept {
  __builtin_cpu_init();  // may run before the constructors that would initialise __builtin_cpu_supports' data
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("vpclmulqdq");
}
/// Read once at start-up; until then (in other static initialisers) the one-element body runs.
inline const bool host_has_vpclmul512 = cpu_has_vpclmul512();

}  // namespace warpnum::detail
#endif

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/x86/cpu_features.hpp: which instruction-set extensions this x86-64 host has (CPUID, read once at
// start-up); nothing on other hosts.
#pragma once

#include <warpnum/config.hpp>

#if WARPNUM_DETAIL_X86_64_ASM
#  include <cpuid.h>
#endif

namespace warpnum::detail {

#if WARPNUM_DETAIL_X86_64_ASM
/// Whether this x86-64 processor has BMI2's mulx and ADX's adcx/adox (CPUID leaf 7, EBX bits 8 and 19).
inline bool cpu_has_mulx_adx() noexcept {
  unsigned eax = 0;
  unsigned ebx = 0;
  unsigned ecx = 0;
  unsigned edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
  return ((ebx >> 8) & 1u) != 0 && ((ebx >> 19) & 1u) != 0;
}
/// Read once at start-up; until then (in other static initialisers) the portable-flags body runs.
inline const bool host_has_mulx_adx = cpu_has_mulx_adx();
#endif

}  // namespace warpnum::detail

// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/gf2n_large.cu: device-fuzz's GF2n tasks for N = 233, 571 and 1024 (1024 without inversion and division).
#include "device/fuzz/fp_gf2n_cases.hpp"

namespace warpnum::fuzz {
void register_gf2n_large(Tasks& tasks) {
  register_gf2n_field<233>(tasks);
  register_gf2n_field<571>(tasks);
  register_gf2n_field<1024>(tasks);
}
}  // namespace warpnum::fuzz

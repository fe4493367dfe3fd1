// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/gf2n_small.cu: device-fuzz's GF2n tasks for N = 8, 32, 64 and 128.
#include "device/fuzz/fp_gf2n_cases.hpp"

namespace warpnum::fuzz {
void register_gf2n_small(Tasks& tasks) {
  register_gf2n_field<8>(tasks);
  register_gf2n_field<32>(tasks);
  register_gf2n_field<64>(tasks);
  register_gf2n_field<128>(tasks);
}
}  // namespace warpnum::fuzz

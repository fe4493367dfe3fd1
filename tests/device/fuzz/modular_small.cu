// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/modular_small.cu: device-fuzz's modular tasks at 64, 128, 256 and 512 bits.
#include "device/fuzz/modular_cases.hpp"

namespace warpnum::fuzz {
void register_modular_small(Tasks& tasks) {
  register_modular<BigUInt<64>>(tasks, true, true);
  register_modular<BigUInt<128>>(tasks, true, true);
  register_modular<BigUInt<256>>(tasks, true, true);
  register_modular<BigUInt<512>>(tasks, true, true);
}
}  // namespace warpnum::fuzz

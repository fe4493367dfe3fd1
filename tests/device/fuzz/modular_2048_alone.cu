// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/modular_2048_alone.cu: device-fuzz's modular tasks at 2048 bits, each operation alone (modular_2048_fused.cu has the other shapes).
#include "device/fuzz/modular_cases.hpp"

namespace warpnum::fuzz {
void register_modular_2048_alone(Tasks& tasks) { register_modular<BigUInt<2048>>(tasks, true, false); }
}  // namespace warpnum::fuzz

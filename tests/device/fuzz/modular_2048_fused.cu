// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/modular_2048_fused.cu: device-fuzz's modular tasks at 2048 bits, all operations in one kernel and chained.
#include "device/fuzz/modular_cases.hpp"

namespace warpnum::fuzz {
void register_modular_2048_fused(Tasks& tasks) { register_modular<BigUInt<2048>>(tasks, false, true); }
}  // namespace warpnum::fuzz

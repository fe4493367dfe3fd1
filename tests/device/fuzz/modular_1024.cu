// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/modular_1024.cu: device-fuzz's modular tasks at 1024 bits.
#include "device/fuzz/modular_cases.hpp"

namespace warpnum::fuzz {
void register_modular_1024(Tasks& tasks) { register_modular<BigUInt<1024>>(tasks, true, true); }
}  // namespace warpnum::fuzz

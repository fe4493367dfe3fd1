// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_2048.cu: device-fuzz's BigUInt/BigInt tasks at 2048 bits.
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_2048(Tasks& tasks) {
  register_bigint<BigUInt<2048>>(tasks);
  register_bigint<BigInt<2048>>(tasks);
}
}  // namespace warpnum::fuzz

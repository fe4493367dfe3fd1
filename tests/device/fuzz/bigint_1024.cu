// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_1024.cu: device-fuzz's BigUInt/BigInt tasks at 1024 bits.
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_1024(Tasks& tasks) {
  register_bigint<BigUInt<1024>>(tasks);
  register_bigint<BigInt<1024>>(tasks);
}
}  // namespace warpnum::fuzz

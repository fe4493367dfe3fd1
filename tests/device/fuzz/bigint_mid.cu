// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_mid.cu: device-fuzz's BigUInt/BigInt tasks at 256 and 512 bits.
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_mid(Tasks& tasks) {
  register_bigint<BigUInt<256>>(tasks);
  register_bigint<BigInt<256>>(tasks);
  register_bigint<BigUInt<512>>(tasks);
  register_bigint<BigInt<512>>(tasks);
}
}  // namespace warpnum::fuzz

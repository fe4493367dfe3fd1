// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_small.cu: device-fuzz's BigUInt/BigInt tasks at 64, 96 and 128 bits.
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_small(Tasks& tasks) {
  register_bigint<BigUInt<64>>(tasks);
  register_bigint<BigInt<64>>(tasks);
  register_bigint<BigUInt<96>>(tasks);
  register_bigint<BigInt<96>>(tasks);
  register_bigint<BigUInt<128>>(tasks);
  register_bigint<BigInt<128>>(tasks);
}
}  // namespace warpnum::fuzz

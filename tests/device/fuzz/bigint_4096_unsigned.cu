// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_4096_unsigned.cu: device-fuzz's BigUInt tasks at 4096 bits (BigInt in a file of its own, so that the two compile in parallel).
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_4096_unsigned(Tasks& tasks) { register_bigint<BigUInt<4096>>(tasks); }
}  // namespace warpnum::fuzz

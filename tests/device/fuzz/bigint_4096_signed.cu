// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_4096_signed.cu: device-fuzz's BigInt tasks at 4096 bits.
#include "device/fuzz/bigint_cases.hpp"

namespace warpnum::fuzz {
void register_bigint_4096_signed(Tasks& tasks) { register_bigint<BigInt<4096>>(tasks); }
}  // namespace warpnum::fuzz

// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/fp.cu: device-fuzz's Fp tasks: the primes 2^64 - 59, P-256, P-384 and 2^521 - 1 (in 544 bits).
#include "device/fuzz/fp_gf2n_cases.hpp"

namespace warpnum::fuzz {
void register_fp(Tasks& tasks) {
  register_fp_field<P64>(tasks);
  register_fp_field<P256>(tasks);
  register_fp_field<P384>(tasks);
  register_fp_field<P521>(tasks);
}
}  // namespace warpnum::fuzz

// SPDX-License-Identifier: Apache-2.0
// src/huge/distributed_transform.hpp (private to warpnum::huge): one product's transform cut over the GPUs of a
// device list (distributed_transform.cu), for multiply(devices, a, b) (devices_product.cu). CUDA builds only.
#pragma once

#include "engine.hpp"

#include <cstddef>
#include <vector>

#if WARPNUM_HAS_CUDA
namespace warpnum::huge {

/// r[0, na + nb) = a * b (na, nb >= 1, na + nb <= ntt_max_product(); a == b with na == nb: a square) by one
/// transform whose passes are cut over the entries of `ids` (one stream each; {0, 0} is two parts on GPU 0): a, b
/// and r in memory of GPU `home`, the current one on entry and on return. `stage_all` (tests) gives every part copies
/// of the operands, as a part on another GPU than home's has. Waits.
void multiply_distributed(limb_t* r, const limb_t* a, std::size_t na, const limb_t* b, std::size_t nb,
                          const std::vector<int>& ids, int home, bool stage_all);

}  // namespace warpnum::huge
#endif

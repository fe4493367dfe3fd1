// SPDX-License-Identifier: Apache-2.0
// src/huge/async_status.hpp (private to warpnum::huge): an AsyncInteger's status as one limb, for code that copies a
// value's limbs out of a CUDA graph instead of calling get() (division_graphs.cu). Implemented in async_integer.cpp.
#pragma once

#include "engine.hpp"

#include <warpnum/async_integer.hpp>

#include <memory>

namespace warpnum::huge {

/// The bits a status limb may hold (AsyncInteger's get() throws std::domain_error for each, naming it).
inline constexpr limb_t status_sign_changed = 1;     // a difference's borrow out of its top limb
inline constexpr limb_t status_division_by_zero = 2;  // a divisor found zero
inline constexpr limb_t status_divisor_shorter = 4;   // a divisor taken at its length found with a zero top limb

/// x's status in one limb where x lives, queued on x's stream: the or of its history's status limbs (one kernel for
/// up to or_flags_most of them), the one it has (shared, no work), or null where it has none. What get() reads.
std::shared_ptr<limb_t> status_limb(const AsyncInteger& x);

}  // namespace warpnum::huge

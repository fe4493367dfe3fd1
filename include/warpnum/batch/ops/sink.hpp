// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/ops/sink.hpp: where an element's error goes during a batch evaluation: a word of sticky flags
// (bit s for Status s) that the destination batch owns, set with an atomic OR on the device and on the host.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/status.hpp>

namespace warpnum::WARPNUM_ABI::batch {

/// The flags word of an evaluation. An operation that fails on an element (a zero divisor, a zero modulus, no
/// inverse) stores its defined result (docs/errors.md) and raises its Status here; Batch::status() reads it.
struct ErrorSink {
  unsigned* flags = nullptr;
  /// 1, set on the host: the trip count of the one-turn loops that keep two heavy operands of a node apart
  /// (views.hpp, `apart`). ptxas (CUDA 13.0, sm_90) cannot see its value, so it cannot merge the loops.
  unsigned one = 1;

  WARPNUM_HD void raise(Status s) const noexcept {
    if (s == Status::ok || flags == nullptr) return;
    const unsigned bit = 1u << static_cast<unsigned>(s);
    WARPNUM_IF_ELSE_DEVICE((atomicOr(flags, bit);), (__atomic_fetch_or(flags, bit, __ATOMIC_RELAXED);))
  }
};

/// Whether an operation is heavy: a product, a division, an exponentiation (the batch views keep two heavy
/// operands of one node apart; functions.hpp says which are).
template <class Op> inline constexpr bool heavy_op = false;

}  // namespace warpnum::WARPNUM_ABI::batch

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/transform_reduce.hpp: warpnum::transform_reduce, thrust::transform_reduce with an execution
// policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <thrust/transform_reduce.h>

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::transform_reduce.
struct TransformReduceFn {
  template <thrust_execution_policy Policy, class InputIt, class UnaryOp, class T, class BinaryOp>
  T operator()(const Policy& policy, InputIt first, InputIt last, UnaryOp unary_op, T init, BinaryOp reduce_op) const {
    static_assert(callable_on_elements<UnaryOp, InputIt>,
                  "warpnum::transform_reduce: unary_op cannot be called with an element of the range");
    static_assert(callable_on_accumulators<BinaryOp, T>,
                  "warpnum::transform_reduce: reduce_op cannot be called with two values of init's type");
    if (!check_range(first, last, "warpnum::transform_reduce")) return init;
    return thrust::transform_reduce(policy, first, last, unary_op, init, reduce_op);
  }
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::transform_reduce(policy, first, last, unary_op, init, reduce_op): the reduction by reduce_op of init
/// and unary_op(x) for every x in [first, last), without storing the unary_op(x), as thrust::transform_reduce
/// with the same arguments. reduce_op must be associative and commutative (see warpnum::reduce); an empty range
/// gives init. Host code only. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. A function object, not a function template: see warpnum::transform.
inline constexpr detail::TransformReduceFn transform_reduce{};

}  // namespace warpnum::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/transform_reduce.hpp: warpnum::transform_reduce, thrust::transform_reduce with an execution
// policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <warpnum/batch/devices.hpp>

#include <thrust/transform_reduce.h>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/reduce_devices.hpp>

#  include <thrust/memory.h>
#  include <thrust/type_traits/is_contiguous_iterator.h>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::transform_reduce.
struct TransformReduceFn {
  /// The operations' compile-time checks, shared by both forms.
  template <class InputIt, class UnaryOp, class T, class BinaryOp> static constexpr void check_ops() {
    static_assert(callable_on_elements<UnaryOp, InputIt>,
                  "warpnum::transform_reduce: unary_op cannot be called with an element of the range");
    static_assert(callable_on_accumulators<BinaryOp, T>,
                  "warpnum::transform_reduce: reduce_op cannot be called with two values of init's type");
  }

  template <thrust_execution_policy Policy, class InputIt, class UnaryOp, class T, class BinaryOp>
  T operator()(const Policy& policy, InputIt first, InputIt last, UnaryOp unary_op, T init, BinaryOp reduce_op) const {
    check_ops<InputIt, UnaryOp, T, BinaryOp>();
    if (!check_range(first, last, "warpnum::transform_reduce")) return init;
    return thrust::transform_reduce(policy, first, last, unary_op, init, reduce_op);
  }

#if defined(__CUDACC__)
  /// The same over the GPUs of a device list (nvcc only): a contiguous range of device memory of one GPU, split into
  /// one contiguous shard an entry of `ds`, each shard reduced on its GPU at once, the shards' values folded in order
  /// from init on the host: unary_op and reduce_op are called on the host as well. Waits for the result. An id that
  /// names no GPU throws std::invalid_argument before anything runs.
  template <class InputIt, class UnaryOp, class T, class BinaryOp>
    requires(thrust::is_contiguous_iterator_v<InputIt>)
  T operator()(const devices& ds, InputIt first, InputIt last, UnaryOp unary_op, T init, BinaryOp reduce_op) const {
    check_ops<InputIt, UnaryOp, T, BinaryOp>();
    if (!check_range(first, last, "warpnum::transform_reduce")) return init;
    const auto* p = thrust::raw_pointer_cast(&*first);
    return transform_reduce_over_devices(ds, p, p + (last - first), unary_op, init, reduce_op);
  }
#endif
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::transform_reduce(policy, first, last, unary_op, init, reduce_op): the reduction by reduce_op of init
/// and unary_op(x) for every x in [first, last), without storing the unary_op(x), as thrust::transform_reduce
/// with the same arguments. reduce_op must be associative and commutative (see warpnum::reduce); an empty range
/// gives init. Host code only. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. In a file nvcc compiles, transform_reduce(devices{0, 1}, first, last,
/// unary_op, init, reduce_op) splits a range of device memory over several GPUs. A function object, not a function
/// template: see warpnum::transform.
inline constexpr detail::TransformReduceFn transform_reduce{};

}  // namespace warpnum::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/inner_product.hpp: warpnum::inner_product, thrust::inner_product's two forms with an execution
// policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <thrust/inner_product.h>

#include <warpnum/batch/devices.hpp>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/reduce_devices.hpp>

#  include <thrust/memory.h>
#  include <thrust/type_traits/is_contiguous_iterator.h>

#  include <cstddef>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::inner_product.
struct InnerProductFn {
  /// The operations' compile-time checks, shared by every form.
  template <class InputIt1, class InputIt2, class T, class ReduceOp, class ProductOp>
  static constexpr void check_ops() {
    static_assert(callable_on_elements<ProductOp, InputIt1, InputIt2>,
                  "warpnum::inner_product: product_op cannot be called with an element of each range");
    static_assert(callable_on_accumulators<ReduceOp, T>,
                  "warpnum::inner_product: reduce_op cannot be called with two values of init's type");
  }

  /// init reduced by reduce_op with product_op(first1[i], first2[i]) for every i < last1 - first1.
  template <thrust_execution_policy Policy, class InputIt1, class InputIt2, class T, class ReduceOp, class ProductOp>
  T operator()(const Policy& policy, InputIt1 first1, InputIt1 last1, InputIt2 first2, T init, ReduceOp reduce_op,
               ProductOp product_op) const {
    check_ops<InputIt1, InputIt2, T, ReduceOp, ProductOp>();
    if (!check_range(first1, last1, "warpnum::inner_product")) return init;
    return thrust::inner_product(policy, first1, last1, first2, init, reduce_op, product_op);
  }

#if defined(__CUDACC__)
  /// The same over the GPUs of a device list (nvcc only): contiguous ranges of device memory of one GPU, split into
  /// one contiguous shard an entry of `ds`, each shard reduced on its GPU at once, the shards' values folded in order
  /// from init on the host: reduce_op and product_op are called on the host as well. Waits. An id that names no GPU
  /// throws std::invalid_argument before anything runs.
  template <class InputIt1, class InputIt2, class T, class ReduceOp, class ProductOp>
    requires(thrust::is_contiguous_iterator_v<InputIt1> && thrust::is_contiguous_iterator_v<InputIt2>)
  T operator()(const devices& ds, InputIt1 first1, InputIt1 last1, InputIt2 first2, T init, ReduceOp reduce_op,
               ProductOp product_op) const {
    check_ops<InputIt1, InputIt2, T, ReduceOp, ProductOp>();
    if (!check_range(first1, last1, "warpnum::inner_product")) return init;
    const auto* p = thrust::raw_pointer_cast(&*first1);
    const auto* q = thrust::raw_pointer_cast(&*first2);
    return inner_product_over_devices(ds, p, p + (last1 - first1), q, init, reduce_op, product_op);
  }
#endif

  /// init + the sum of first1[i] * first2[i] (thrust::plus and thrust::multiplies).
  template <thrust_execution_policy Policy, class InputIt1, class InputIt2, class T>
  T operator()(const Policy& policy, InputIt1 first1, InputIt1 last1, InputIt2 first2, T init) const {
    if (!check_range(first1, last1, "warpnum::inner_product")) return init;
    return thrust::inner_product(policy, first1, last1, first2, init);
  }
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::inner_product(policy, first1, last1, first2, init) and (policy, first1, last1, first2, init,
/// reduce_op, product_op): thrust::inner_product's forms with an execution policy, and the same results. With
/// plus_mod(m) and multiplies_mod(m) the dot product modulo m; without the operations the sum of products (for
/// BigUInt and BigInt modulo 2^Bits). reduce_op must be associative and commutative (see warpnum::reduce); the
/// second range has at least last1 - first1 elements; an empty range gives init. Host code only. [first1, last1)
/// that is not a range (last before first; a null pointer) throws std::invalid_argument before anything runs. In a
/// file nvcc compiles, inner_product(devices{0, 1}, first1, last1, first2, init, reduce_op, product_op) runs over
/// several GPUs. A function object, not a function template: see warpnum::transform.
inline constexpr detail::InnerProductFn inner_product{};

}  // namespace warpnum::WARPNUM_ABI

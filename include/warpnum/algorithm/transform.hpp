// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/transform.hpp: warpnum::transform, thrust::transform's two forms with an execution policy,
// and the point where the batch layer will take over calls it can run on its own kernels.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>
#include <warpnum/batch/devices.hpp>
#include <warpnum/functional.hpp>

#include <thrust/transform.h>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/transform_devices.hpp>

#  include <thrust/memory.h>
#  include <thrust/type_traits/is_contiguous_iterator.h>

#  include <cstddef>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The customisation hook of warpnum::transform: how a call whose arguments passed the checks is run. This
/// primary template forwards every call to thrust::transform (one thread an element on the GPU).
///
/// Routing: under nvcc the batch layer specialises TransformRoute, through its Enable parameter
/// (batch/dispatch/transform.hpp), for the calls it evaluates itself: thrust::device, contiguous iterators
/// (thrust::device_ptr, raw device pointers, thrust::device_vector iterators: thrust::is_contiguous_iterator_v)
/// and an Op for which is_warpnum_function_object_v holds; they run the batch kernel for the width (warp stages
/// from 512 to 2048 bits, lane groups for products from 4096). A specialisation provides the same two static
/// functions with the same results; anything it does not take stays here.
template <class Policy, class Op, class InputIt, class OutputIt, class Enable = void> struct TransformRoute {
  static constexpr bool to_batch = false;

  static OutputIt unary(const Policy& policy, InputIt first, InputIt last, OutputIt result, const Op& op) {
    return thrust::transform(policy, first, last, result, op);
  }
  template <class InputIt2>
  static OutputIt binary(const Policy& policy, InputIt first1, InputIt last1, InputIt2 first2, OutputIt result, const Op& op) {
    return thrust::transform(policy, first1, last1, first2, result, op);
  }
};

/// The type of warpnum::transform.
struct TransformFn {
  /// result[i] = op(first[i]) for every i < last - first, as thrust::transform(policy, first, last, result, op);
  /// returns the end of the output range.
  template <thrust_execution_policy Policy, class InputIt, class OutputIt, class UnaryOp>
  OutputIt operator()(const Policy& policy, InputIt first, InputIt last, OutputIt result, UnaryOp op) const {
    static_assert(callable_on_elements<UnaryOp, InputIt>, "warpnum::transform: op cannot be called with an element of the input range");
    if (!check_range(first, last, "warpnum::transform")) return result;
    return TransformRoute<Policy, UnaryOp, InputIt, OutputIt>::unary(policy, first, last, result, op);
  }

  /// result[i] = op(first1[i], first2[i]) for every i < last1 - first1, as thrust::transform(policy, first1,
  /// last1, first2, result, op); returns the end of the output range. The second input has at least
  /// last1 - first1 elements.
  template <thrust_execution_policy Policy, class InputIt1, class InputIt2, class OutputIt, class BinaryOp>
  OutputIt operator()(const Policy& policy, InputIt1 first1, InputIt1 last1, InputIt2 first2, OutputIt result, BinaryOp op) const {
    static_assert(callable_on_elements<BinaryOp, InputIt1, InputIt2>,
                  "warpnum::transform: op cannot be called with an element of each input range");
    if (!check_range(first1, last1, "warpnum::transform")) return result;
    return TransformRoute<Policy, BinaryOp, InputIt1, OutputIt>::binary(policy, first1, last1, first2, result, op);
  }

#if defined(__CUDACC__)
  /// The unary form over the GPUs of a device list (nvcc only): contiguous ranges of device memory of one GPU (raw
  /// pointers, thrust::device_ptr, thrust::device_vector's iterators), split into one contiguous shard an entry of
  /// `ds`, each shard thrust::transform on its GPU at once; results in place and in order. Ordered after the work on
  /// the arrays' GPU's legacy default stream and waited for, as with thrust::device. An id that names no GPU throws
  /// std::invalid_argument before anything runs.
  template <class InputIt, class OutputIt, class UnaryOp>
    requires(thrust::is_contiguous_iterator_v<InputIt> && thrust::is_contiguous_iterator_v<OutputIt>)
  OutputIt operator()(const devices& ds, InputIt first, InputIt last, OutputIt result, UnaryOp op) const {
    static_assert(callable_on_elements<UnaryOp, InputIt>,
                  "warpnum::transform: op cannot be called with an element of the input range");
    if (!check_range(first, last, "warpnum::transform")) return result;
    const auto n = static_cast<std::size_t>(last - first);
    transform_over_devices(ds, raw_of(first), n, static_cast<const void*>(nullptr), raw_of(result), op);
    return result + static_cast<std::ptrdiff_t>(n);
  }
  /// The binary form over the GPUs of a device list (nvcc only), as the unary one.
  template <class InputIt1, class InputIt2, class OutputIt, class BinaryOp>
    requires(thrust::is_contiguous_iterator_v<InputIt1> && thrust::is_contiguous_iterator_v<InputIt2> &&
             thrust::is_contiguous_iterator_v<OutputIt>)
  OutputIt operator()(const devices& ds, InputIt1 first1, InputIt1 last1, InputIt2 first2, OutputIt result,
                      BinaryOp op) const {
    static_assert(callable_on_elements<BinaryOp, InputIt1, InputIt2>,
                  "warpnum::transform: op cannot be called with an element of each input range");
    if (!check_range(first1, last1, "warpnum::transform")) return result;
    const auto n = static_cast<std::size_t>(last1 - first1);
    transform_over_devices(ds, raw_of(first1), n, raw_of(first2), raw_of(result), op);
    return result + static_cast<std::ptrdiff_t>(n);
  }

 private:
  template <class It> static auto raw_of(It it) { return thrust::raw_pointer_cast(&*it); }
#endif
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::transform(policy, first, last, result, op) and warpnum::transform(policy, first1, last1, first2,
/// result, op): thrust::transform's forms with an execution policy, and the same results. Host code only. op must
/// be callable with the inputs' elements (in device code for a device policy: a function object of
/// <warpnum/functional.hpp>, a WARPNUM_HD one, a `__host__ __device__` or a `__device__` lambda) and its result
/// assignable to the output. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. In a file nvcc compiles, warpnum::transform(devices{0, 1}, first,
/// last, result, op) (and the binary form) splits ranges of device memory over several GPUs
/// (algorithm/detail/transform_devices.hpp).
///
/// A function object, not a function template (as the std::ranges algorithms are): Thrust picks a system's
/// algorithm by unqualified calls (`transform(derived_cast(exec), ...)`), and these would find a function template
/// warpnum::transform through argument-dependent lookup whenever the elements are warpnum types, and win.
inline constexpr detail::TransformFn transform{};

}  // namespace warpnum::WARPNUM_ABI

// Under nvcc, the batch layer takes the calls it runs on its own kernels (thrust::device, contiguous ranges, a
// warpnum function object): batch/dispatch/transform.hpp specialises TransformRoute.
#if defined(__CUDACC__)
#  include <warpnum/batch/dispatch/transform.hpp>
#endif

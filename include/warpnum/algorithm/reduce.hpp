// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/reduce.hpp: warpnum::reduce, thrust::reduce's three forms with an execution policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <warpnum/batch/devices.hpp>

#include <thrust/iterator/iterator_traits.h>
#include <thrust/reduce.h>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/reduce_devices.hpp>

#  include <thrust/device_ptr.h>
#  include <thrust/memory.h>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::reduce.
struct ReduceFn {
  /// op(init, op(x0, op(x1, ...))) over [first, last) in an unspecified order and grouping, as
  /// thrust::reduce(policy, first, last, init, op). An empty range gives init.
  template <thrust_execution_policy Policy, class InputIt, class T, class BinaryOp>
  T operator()(const Policy& policy, InputIt first, InputIt last, T init, BinaryOp op) const {
    static_assert(callable_on_accumulator<BinaryOp, T, InputIt>,
                  "warpnum::reduce: op cannot be called with init and an element of the range");
    if (!check_range(first, last, "warpnum::reduce")) return init;
    return thrust::reduce(policy, first, last, init, op);
  }

  /// init + x0 + x1 + ... (thrust::plus<T>), as thrust::reduce(policy, first, last, init).
  template <thrust_execution_policy Policy, class InputIt, class T>
  T operator()(const Policy& policy, InputIt first, InputIt last, T init) const {
    if (!check_range(first, last, "warpnum::reduce")) return init;
    return thrust::reduce(policy, first, last, init);
  }

#if defined(__CUDACC__)
  /// The same over the GPUs of a device list (nvcc only): [first, last) in device memory of one GPU, split into one
  /// contiguous shard an entry of `ds`, each reduced on its GPU at once, the shards' values folded in order from init:
  /// op is called on the host as well. Waits for the result. An id that names no GPU throws std::invalid_argument
  /// before anything runs. The range is read after the work queued on its GPU's legacy default stream.
  template <class T, class BinaryOp>
  T operator()(const devices& ds, const T* first, const T* last, T init, BinaryOp op) const {
    static_assert(callable_on_accumulator<BinaryOp, T, const T*>,
                  "warpnum::reduce: op cannot be called with init and an element of the range");
    if (!check_range(first, last, "warpnum::reduce")) return init;
    return reduce_over_devices(ds, first, last, init, op);
  }
  /// The same for a thrust::device_vector's range (thrust::device_ptr).
  template <class T, class BinaryOp>
  T operator()(const devices& ds, thrust::device_ptr<T> first, thrust::device_ptr<T> last, T init, BinaryOp op) const {
    return (*this)(ds, static_cast<const T*>(thrust::raw_pointer_cast(first)),
                   static_cast<const T*>(thrust::raw_pointer_cast(last)), init, op);
  }
  /// The elements of a ShardedBatch (nvcc only), each shard reduced on its own GPU after the work queued on its
  /// stream, the shards' values folded in order from init on the host. Waits for the result.
  template <class T, class BinaryOp> T operator()(const ShardedBatch<T>& x, T init, BinaryOp op) const {
    static_assert(callable_on_accumulator<BinaryOp, T, const T*>,
                  "warpnum::reduce: op cannot be called with init and an element of the batch");
    return reduce_sharded(x, init, op);
  }
#endif

  /// The sum from a value-initialised element (zero for BigUInt and BigInt), as thrust::reduce(policy, first, last).
  template <thrust_execution_policy Policy, class InputIt>
  typename thrust::iterator_traits<InputIt>::value_type operator()(const Policy& policy, InputIt first, InputIt last) const {
    if (!check_range(first, last, "warpnum::reduce")) return typename thrust::iterator_traits<InputIt>::value_type{};
    return thrust::reduce(policy, first, last);
  }
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::reduce(policy, first, last), (policy, first, last, init) and (policy, first, last, init, op):
/// thrust::reduce's forms with an execution policy, and the same results. op must be associative and commutative
/// on the values it meets (warpnum::plus, multiplies_mod, plus_mod, minimum, ...), callable in device code for a
/// device policy, and its result convertible to T; without op the sum (for BigUInt and BigInt modulo 2^Bits).
/// Host code only. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. In a file nvcc compiles, warpnum::reduce(devices{0, 1}, first, last,
/// init, op) splits a range of device memory over several GPUs (algorithm/detail/reduce_devices.hpp), and
/// warpnum::reduce(sharded_batch, init, op) reduces a ShardedBatch where its shards live. A function
/// object, not a function template: see warpnum::transform.
inline constexpr detail::ReduceFn reduce{};

}  // namespace warpnum::WARPNUM_ABI

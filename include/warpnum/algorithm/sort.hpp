// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/sort.hpp: warpnum::sort, thrust::sort's two forms with an execution policy, and under nvcc over
// a device list (algorithm/detail/sort_devices.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>
#include <warpnum/batch/devices.hpp>

#include <thrust/sort.h>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/sort_devices.hpp>

#  include <thrust/functional.h>
#  include <thrust/memory.h>
#  include <thrust/type_traits/is_contiguous_iterator.h>

#  include <cstddef>
#  include <iterator>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::sort.
struct SortFn {
  /// Sorts by comp, a strict weak order.
  template <thrust_execution_policy Policy, class RandomIt, class Compare>
  void operator()(const Policy& policy, RandomIt first, RandomIt last, Compare comp) const {
    static_assert(callable_on_elements<Compare, RandomIt, RandomIt>,
                  "warpnum::sort: comp cannot be called with two elements of the range");
    if (!check_range(first, last, "warpnum::sort")) return;
    thrust::sort(policy, first, last, comp);
  }

  /// Sorts in ascending order by `<` (thrust::less).
  template <thrust_execution_policy Policy, class RandomIt> void operator()(const Policy& policy, RandomIt first, RandomIt last) const {
    if (!check_range(first, last, "warpnum::sort")) return;
    thrust::sort(policy, first, last);
  }

#if defined(__CUDACC__)
  /// Over the GPUs of a device list (nvcc only): a contiguous range of device memory of one GPU (raw pointers,
  /// thrust::device_ptr, thrust::device_vector's iterators), one contiguous shard an entry of `ds` sorted on its GPU,
  /// all at once, then the shards merged on the range's GPU. Ordered after the work on that GPU's legacy default
  /// stream and waited for, as with thrust::device. An id that names no GPU throws std::invalid_argument before
  /// anything runs.
  template <class RandomIt, class Compare>
    requires(thrust::is_contiguous_iterator_v<RandomIt>)
  void operator()(const devices& ds, RandomIt first, RandomIt last, Compare comp) const {
    static_assert(callable_on_elements<Compare, RandomIt, RandomIt>,
                  "warpnum::sort: comp cannot be called with two elements of the range");
    if (!check_range(first, last, "warpnum::sort")) return;
    sort_over_devices(ds, thrust::raw_pointer_cast(&*first), static_cast<std::size_t>(last - first), comp);
  }

  /// Over a device list in ascending order by `<` (thrust::less, as the form with a policy).
  template <class RandomIt>
    requires(thrust::is_contiguous_iterator_v<RandomIt>)
  void operator()(const devices& ds, RandomIt first, RandomIt last) const {
    (*this)(ds, first, last, thrust::less<typename std::iterator_traits<RandomIt>::value_type>{});
  }
#endif
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::sort(policy, first, last) and (policy, first, last, comp): thrust::sort's forms with an execution
/// policy, not stable. comp is a strict weak order callable with two elements (in device code for a device
/// policy): warpnum::less, warpnum::greater, a lambda; without it `<`, the unsigned order for BigUInt and the
/// signed one for BigInt. Thrust's CUDA system merge-sorts BigUInt and BigInt (its radix sort is for built-in
/// keys). Host code only. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. In a file nvcc compiles, warpnum::sort(devices{0, 1}, first, last)
/// (and with comp) sorts a range of device memory over several GPUs (algorithm/detail/sort_devices.hpp). A function
/// object, not a function template: see warpnum::transform.
inline constexpr detail::SortFn sort{};

}  // namespace warpnum::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/count_if.hpp: warpnum::count_if, thrust::count_if with an execution policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <thrust/count.h>
#include <thrust/iterator/iterator_traits.h>

#include <warpnum/batch/devices.hpp>

#if defined(__CUDACC__)
#  include <warpnum/algorithm/detail/reduce_devices.hpp>

#  include <thrust/memory.h>
#  include <thrust/type_traits/is_contiguous_iterator.h>

#  include <cstddef>
#endif

namespace warpnum::detail::WARPNUM_ABI {

/// The type of warpnum::count_if.
struct CountIfFn {
  template <thrust_execution_policy Policy, class InputIt, class Predicate>
  typename thrust::iterator_traits<InputIt>::difference_type operator()(const Policy& policy, InputIt first, InputIt last,
                                                                        Predicate pred) const {
    static_assert(callable_on_elements<Predicate, InputIt>, "warpnum::count_if: pred cannot be called with an element of the range");
    if (!check_range(first, last, "warpnum::count_if")) return 0;
    return thrust::count_if(policy, first, last, pred);
  }

#if defined(__CUDACC__)
  /// The same over the GPUs of a device list (nvcc only): a contiguous range of device memory of one GPU, split into
  /// one contiguous shard an entry of `ds`, each shard counted on its GPU at once, the counts summed. Waits. An id
  /// that names no GPU throws std::invalid_argument before anything runs.
  template <class InputIt, class Predicate>
    requires(thrust::is_contiguous_iterator_v<InputIt>)
  std::ptrdiff_t operator()(const devices& ds, InputIt first, InputIt last, Predicate pred) const {
    static_assert(callable_on_elements<Predicate, InputIt>,
                  "warpnum::count_if: pred cannot be called with an element of the range");
    if (!check_range(first, last, "warpnum::count_if")) return 0;
    const auto* p = thrust::raw_pointer_cast(&*first);
    return count_if_over_devices(ds, p, p + (last - first), pred);
  }
#endif
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::count_if(policy, first, last, pred): the number of elements x of [first, last) for which pred(x) is
/// true, as thrust::count_if with the same arguments. pred's result converts to bool. Host code only.
/// [first, last) that is not a range (last before first; a null pointer) throws std::invalid_argument before
/// anything runs. In a file nvcc compiles, count_if(devices{0, 1}, first, last, pred) counts over several GPUs. A
/// function object, not a function template: see warpnum::transform.
inline constexpr detail::CountIfFn count_if{};

}  // namespace warpnum::WARPNUM_ABI

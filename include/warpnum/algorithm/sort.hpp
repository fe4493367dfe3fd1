// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/sort.hpp: warpnum::sort, thrust::sort's two forms with an execution policy.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/detail/callable.hpp>
#include <warpnum/algorithm/detail/check_range.hpp>
#include <warpnum/algorithm/execution_policy.hpp>

#include <thrust/sort.h>

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
};

}  // namespace warpnum::detail::WARPNUM_ABI

namespace warpnum::WARPNUM_ABI {

/// warpnum::sort(policy, first, last) and (policy, first, last, comp): thrust::sort's forms with an execution
/// policy, not stable. comp is a strict weak order callable with two elements (in device code for a device
/// policy): warpnum::less, warpnum::greater, a lambda; without it `<`, the unsigned order for BigUInt and the
/// signed one for BigInt. Thrust's CUDA system merge-sorts BigUInt and BigInt (its radix sort is for built-in
/// keys). Host code only. [first, last) that is not a range (last before first; a null pointer) throws
/// std::invalid_argument before anything runs. A function object, not a function template: see warpnum::transform.
inline constexpr detail::SortFn sort{};

}  // namespace warpnum::WARPNUM_ABI

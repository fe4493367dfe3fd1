// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/execution_policy.hpp: the concept the algorithms' first parameter satisfies: a Thrust execution
// policy (thrust::device, thrust::host, thrust::cuda::par.on(stream), thrust::omp::par, ...).
#pragma once

#include <warpnum/config.hpp>

#include <thrust/execution_policy.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace warpnum::WARPNUM_ABI {

/// A Thrust execution policy: a type derived from Thrust's policy base, as thrust::device and thrust::cuda::par
/// are. warpnum's algorithms take one first, as Thrust's do, and hand it on unchanged.
template <class P>
concept thrust_execution_policy = thrust::is_execution_policy_v<std::remove_cvref_t<P>>;

}  // namespace warpnum::WARPNUM_ABI

// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/callable.hpp: whether a function object takes the elements an algorithm gives it, for
// the algorithms' static_asserts.
#pragma once

#include <warpnum/config.hpp>

#include <thrust/iterator/iterator_traits.h>

#include <type_traits>

namespace warpnum::detail::WARPNUM_ABI {

/// Whether F's call can be examined in host code. Not for nvcc's extended `__device__` lambdas: in the host pass
/// their closure type is a placeholder without the call operator (nvcc 13.0), so that std::is_invocable is false
/// for them although the device calls them fine. Thrust takes them all the same (cuda::proclaim_return_type
/// where it needs the result type).
template <class F>
inline constexpr bool call_visible_on_host =
#if defined(__NVCC__)
    !__nv_is_extended_device_lambda_closure_type(F);
#else
    true;
#endif

template <class It> using reference_t = typename thrust::iterator_traits<It>::reference;
template <class It> using value_t = typename thrust::iterator_traits<It>::value_type;

/// F can be called with an element of each of the ranges Its, or cannot be examined (a `__device__` lambda).
/// An element is what the iterator's `*` gives (thrust::device_reference<T> where Thrust's OMP and CPP systems
/// run device_vector's algorithms) or an lvalue of its value type (what Thrust's CUDA kernels pass); either
/// will do, as Thrust itself needs only the call it makes.
template <class F, class... Its>
inline constexpr bool callable_on_elements = !call_visible_on_host<F> || std::is_invocable_v<const F&, reference_t<Its>...> ||
                                             std::is_invocable_v<const F&, value_t<Its>&...>;

/// F can be called with an accumulated T and an element of It (a reduction's step), or cannot be examined.
template <class F, class T, class It>
inline constexpr bool callable_on_accumulator = !call_visible_on_host<F> || std::is_invocable_v<const F&, T&, reference_t<It>> ||
                                                std::is_invocable_v<const F&, T&, value_t<It>&>;

/// F can be called with two accumulated values T, or cannot be examined.
template <class F, class T>
inline constexpr bool callable_on_accumulators = !call_visible_on_host<F> || std::is_invocable_v<const F&, T&, T&>;

}  // namespace warpnum::detail::WARPNUM_ABI

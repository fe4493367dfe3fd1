// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/dispatch/transform.hpp: warpnum::transform's route onto the batch kernels: a call with
// thrust::device, contiguous device ranges of one element type and a warpnum function object (functional.hpp)
// is evaluated as the batch expression it is (`c = a * b`), by the kernel the batch layer picks for the width
// (warp stages from 512 to 2048 bits, lane groups for products from 4096): 2x Thrust's one thread an element with
// plain loads at 1024 bits on the H100 (docs/benchmarks.md). Every other call goes to thrust::transform. nvcc
// only; included by algorithm/transform.hpp.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/algorithm/transform.hpp>
#include <warpnum/batch/dispatch/evaluate.hpp>
#include <warpnum/batch/ops/functions.hpp>
#include <warpnum/batch/ops/views.hpp>
#include <warpnum/functional.hpp>

#include <thrust/execution_policy.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/memory.h>
#include <thrust/type_traits/is_contiguous_iterator.h>

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace warpnum::WARPNUM_ABI {
namespace batch::ops {

/// Any warpnum function object as a batch operation (its results as the object gives them; no status).
template <class F> struct call {
  F f;
  template <class... X> WARPNUM_HD auto operator()(const ErrorSink&, const X&... x) const { return f(x...); }
};

}  // namespace batch::ops

namespace batch::dispatch {

/// The batch operation for a warpnum function object: the batch's own for the element-wise operators (whose lane
/// forms it knows), else the object itself.
template <class F> struct batch_op {
  using type = ops::call<F>;
  static type make(const F& f) { return {f}; }
};
#define WARPNUM_BATCH_OP_OF(fn, op)             \
  template <> struct batch_op<warpnum::fn> {    \
    using type = ops::op;                       \
    static type make(const warpnum::fn&) { return {}; } \
  };
WARPNUM_BATCH_OP_OF(plus, plus)
WARPNUM_BATCH_OP_OF(minus, minus)
WARPNUM_BATCH_OP_OF(multiplies, multiplies)
WARPNUM_BATCH_OP_OF(bit_and, bit_and)
WARPNUM_BATCH_OP_OF(bit_or, bit_or)
WARPNUM_BATCH_OP_OF(bit_xor, bit_xor)
WARPNUM_BATCH_OP_OF(minimum, minimum)
WARPNUM_BATCH_OP_OF(maximum, maximum)
WARPNUM_BATCH_OP_OF(negate, negate)
#undef WARPNUM_BATCH_OP_OF

/// A call the batch layer takes: thrust::device, contiguous iterators, a warpnum function object.
template <class Policy, class Op, class InputIt, class OutputIt>
inline constexpr bool routable =
    std::is_same_v<std::remove_cvref_t<Policy>, std::remove_cvref_t<decltype(thrust::device)>> && is_warpnum_function_object_v<Op> &&
    thrust::is_contiguous_iterator_v<InputIt> && thrust::is_contiguous_iterator_v<OutputIt> &&
    std::is_trivially_copyable_v<typename thrust::iterator_traits<InputIt>::value_type> && std::is_trivially_copyable_v<typename thrust::iterator_traits<OutputIt>::value_type>;

template <class It> auto raw(It it) { return thrust::raw_pointer_cast(&*it); }

/// Runs view v into n elements at out on the legacy default stream (thrust::device's) and waits, as
/// thrust::transform does with thrust::device.
template <class R, class V> void run(R* out, const V& v, std::size_t n) {
  const ops::DestView<R, Layout::contiguous> dst{out, n, static_cast<int>(V::stage_bytes)};
  evaluation_counter().fetch_add(1, std::memory_order_relaxed);
  kernel::launch<Strategy::automatic, 0>(dst, v, n, ErrorSink{nullptr, 1}, nullptr);
  detail::cuda_check(cudaStreamSynchronize(nullptr), "warpnum::transform");
}

}  // namespace batch::dispatch
}  // namespace warpnum::WARPNUM_ABI

namespace warpnum::detail::WARPNUM_ABI {

template <class Policy, class Op, class InputIt, class OutputIt>
struct TransformRoute<Policy, Op, InputIt, OutputIt, std::enable_if_t<batch::dispatch::routable<Policy, Op, InputIt, OutputIt>>> {
  static constexpr bool to_batch = true;
  using T = typename thrust::iterator_traits<InputIt>::value_type;
  using R = typename thrust::iterator_traits<OutputIt>::value_type;

  static OutputIt unary(const Policy& policy, InputIt first, InputIt last, OutputIt result, const Op& op) {
    using B = batch::dispatch::batch_op<Op>;
    using V = batch::ops::Node1View<typename B::type, batch::ops::LeafView<T, Layout::contiguous>>;
    if constexpr (std::is_convertible_v<typename V::value_type, R>) {
      const auto n = static_cast<std::size_t>(last - first);
      const V v{B::make(op), {batch::dispatch::raw(first), n, 0}};
      batch::dispatch::run(batch::dispatch::raw(result), v, n);
      return result + n;
    } else {
      return thrust::transform(policy, first, last, result, op);
    }
  }
  template <class InputIt2>
  static OutputIt binary(const Policy& policy, InputIt first1, InputIt last1, InputIt2 first2, OutputIt result, const Op& op) {
    using T2 = typename thrust::iterator_traits<InputIt2>::value_type;
    if constexpr (thrust::is_contiguous_iterator_v<InputIt2>) {
      using B = batch::dispatch::batch_op<Op>;
      using LA = batch::ops::LeafView<T, Layout::contiguous>;
      using LB = batch::ops::LeafView<T2, Layout::contiguous>;
      using V = batch::ops::Node2View<typename B::type, LA, LB>;
      if constexpr (std::is_convertible_v<typename V::value_type, R>) {
        const auto n = static_cast<std::size_t>(last1 - first1);
        const V v{B::make(op), {batch::dispatch::raw(first1), n, 0}, {batch::dispatch::raw(first2), n, static_cast<int>(LA::stage_bytes)}};
        batch::dispatch::run(batch::dispatch::raw(result), v, n);
        return result + n;
      }
    }
    return thrust::transform(policy, first1, last1, first2, result, op);
  }
};

}  // namespace warpnum::detail::WARPNUM_ABI

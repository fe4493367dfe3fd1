// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/dispatch/evaluate.hpp: evaluates an expression into a batch: builds its views, checks sizes and
// places, and runs one kernel (the strategy chosen at compile time, batch/kernel/evaluate.hpp) or one host loop
// over every core (OpenMP). Compiles with g++ (the host loop only) and nvcc.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/batch.hpp>
#include <warpnum/batch/expression.hpp>
#include <warpnum/batch/ops/views.hpp>
#include <warpnum/batch/strategy.hpp>
#include <warpnum/detail/raise.hpp>

#if defined(__CUDACC__)
#  include <warpnum/batch/kernel/evaluate.hpp>
#  include <warpnum/batch/kernel/gf2n_mul.hpp>
#endif

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

// The host loop's threads: OpenMP where the translation unit is compiled with it (-fopenmp), else one thread
// (and no warning about an unknown pragma).
#if defined(_OPENMP)
#  define WARPNUM_BATCH_OMP_FOR _Pragma("omp parallel for schedule(static)")
#else
#  define WARPNUM_BATCH_OMP_FOR
#endif

namespace warpnum::WARPNUM_ABI {
namespace batch {

/// How many evaluations (kernel launches, or host loops) the batch layer has made in this process: one per
/// assignment of an expression, whatever its size. Tests read it to prove that an expression is one launch.
inline std::atomic<std::uint64_t>& evaluation_counter() noexcept {
  static std::atomic<std::uint64_t> count{0};
  return count;
}
inline std::uint64_t evaluations() noexcept { return evaluation_counter().load(std::memory_order_relaxed); }

namespace dispatch {

template <class E> inline constexpr Strategy strategy_of = Strategy::automatic;
template <class E, Strategy S, unsigned G> inline constexpr Strategy strategy_of<Strategic<E, S, G>> = S;
template <class E> inline constexpr unsigned lanes_of = 0;
template <class E, Strategy S, unsigned G> inline constexpr unsigned lanes_of<Strategic<E, S, G>> = G;

/// dst[i] = e[i] for every i on the host's cores. Elements are independent, so any split over threads gives
/// the same bits as the GPU.
template <class D, class V> void evaluate_host(const D& dst, const V& v, std::size_t n, ErrorSink sink) {
  if constexpr (D::layout == Layout::sliced) {  // a thread writes whole chunks (their rows hold 32 elements)
    const auto chunks = static_cast<std::int64_t>((n + 31) / 32);
WARPNUM_BATCH_OMP_FOR
    for (std::int64_t k = 0; k < chunks; ++k) {
      const auto first = static_cast<std::size_t>(k) * 32;
      for (std::size_t i = first; i < first + 32 && i < n; ++i)
        dst.write(i, typename D::value_type(v.compute(v.load(i, ops::DirectSource{}), sink)));
    }
  } else {
    const auto count = static_cast<std::int64_t>(n);
WARPNUM_BATCH_OMP_FOR
    for (std::int64_t k = 0; k < count; ++k) {
      const auto i = static_cast<std::size_t>(k);
      dst.write(i, typename D::value_type(v.compute(v.load(i, ops::DirectSource{}), sink)));
    }
  }
}

/// Whether E is a product of two sliced batches of T: the bit-sliced multiplication kernels' case.
template <class E, class T> inline constexpr bool sliced_product = false;
template <class T> inline constexpr bool sliced_leaf = false;
template <class T> inline constexpr bool sliced_leaf<Ref<T, Layout::sliced>> = true;
template <class T> inline constexpr bool sliced_leaf<Own<T, Layout::sliced>> = true;
template <class A, class B, class T>
inline constexpr bool sliced_product<Node2<ops::multiplies, A, B>, T> =
    sliced_leaf<A> && sliced_leaf<B> && std::is_same_v<typename A::value_type, T> && std::is_same_v<typename B::value_type, T>;

template <class T, Layout L, Expression E> void evaluate(Batch<T, L>& dst, const E& e, stream_handle stream) {
  using V = typename E::view_type;
  static_assert(std::is_convertible_v<typename V::value_type, T>,
                "warpnum: the expression's elements do not convert implicitly to the batch's; use convert<T>(...)");
  Plan plan;
  plan.stream = stream;
  const V v = e.view(plan);
  std::size_t n = plan.size;
  Place place = plan.place;
  if (n == Plan::any_size) {  // scalars only: the destination's size and place
    n = dst.size();
    place = dst.place();
  }
  if (place == Place::automatic) place = detail::resolve(Place::automatic);
  dst.reshape(n, place);  // a destination that is also an operand has this size and place already
  evaluation_counter().fetch_add(1, std::memory_order_relaxed);
  if (n == 0) return;
  const ops::DestView<T, L> out{dst.raw(), n, plan.stage_offset};
  const ErrorSink sink{dst.flags()};
  if (place == Place::host) {
    evaluate_host(out, v, n, sink);
    return;
  }
#if defined(__CUDACC__)
  if constexpr (L == Layout::sliced && sliced_product<E, T>) {
    // c = a * b on sliced batches: the bit-sliced kernels (batch/kernel/gf2n_mul.hpp), unless c is a or b.
    if (v.a.data != dst.raw() && v.b.data != dst.raw()) {
      batch::gf2n_mul_chunks<T::degree, T::poly>(static_cast<const std::uint32_t*>(v.a.data), static_cast<const std::uint32_t*>(v.b.data),
                                                 static_cast<std::uint32_t*>(dst.raw()), (n + 31) / 32, GF2nMulKernel::automatic,
                                                 stream);
      return;
    }
  }
  kernel::launch<strategy_of<E>, lanes_of<E>>(out, v, n, sink, stream);
#else
  warpnum::detail::throw_error<std::logic_error>("warpnum: a device batch evaluated in code not compiled by nvcc");
#endif
}

}  // namespace dispatch
}  // namespace batch
}  // namespace warpnum::WARPNUM_ABI

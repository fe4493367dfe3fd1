// SPDX-License-Identifier: Apache-2.0
// bench/host/batch_bench.cpp: the batch layer's CPU evaluation (OpenMP over every core) against a loop over
// Boost's fixed-width cpp_int (one core, what such code runs on today) and against our own one-core loop, for
// c = a * b, d = a * b + c and q = a / b over 2^16 elements. Items per second; real time (several threads).
#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#if WARPNUM_BENCH_HAVE_BOOST
#  include <boost/multiprecision/cpp_int.hpp>
#endif
#if defined(_OPENMP)
#  include <omp.h>
#endif

namespace {

constexpr std::size_t count = 1 << 16;

template <std::size_t Bits> std::vector<warpnum::BigUInt<Bits>> operands(std::uint64_t seed, std::size_t low_bits = Bits) {
  std::vector<warpnum::BigUInt<Bits>> v(count);
  std::uint64_t x = seed;
  for (auto& e : v) {
    for (int k = 0; k < warpnum::BigUInt<Bits>::num_limbs; ++k) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      e.limbs_[k] = static_cast<std::uint32_t>(x >> 32);
    }
    if (low_bits < Bits) e = e >> (Bits - low_bits);
  }
  return v;
}

enum class Op { mul, fma, div };

template <std::size_t Bits, Op O> void BM_batch_host(benchmark::State& state) {
  using T = warpnum::BigUInt<Bits>;
  const warpnum::Batch<T> a(operands<Bits>(1), warpnum::Place::host);
  const warpnum::Batch<T> b(operands<Bits>(2, O == Op::div ? Bits / 2 : Bits), warpnum::Place::host);
  const warpnum::Batch<T> c(operands<Bits>(3), warpnum::Place::host);
  warpnum::Batch<T> d(count, warpnum::Place::host);
  for (auto _ : state) {
    if constexpr (O == Op::mul) d = a * b;
    if constexpr (O == Op::fma) d = a * b + c;
    if constexpr (O == Op::div) d = a / b;
    benchmark::DoNotOptimize(d.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
#if defined(_OPENMP)
  state.counters["threads"] = omp_get_max_threads();
#endif
}

/// The plain one-core loop over vectors of any number type (ours, Boost's): d[i] = op(a[i], b[i], c[i]).
template <Op O, class V> void run_loop(benchmark::State& state, const V& a, const V& b, const V& c) {
  V d(count);
  for (auto _ : state) {
    for (std::size_t i = 0; i < count; ++i) {
      if constexpr (O == Op::mul) d[i] = a[i] * b[i];
      if constexpr (O == Op::fma) d[i] = a[i] * b[i] + c[i];
      if constexpr (O == Op::div) d[i] = a[i] / b[i];
    }
    benchmark::DoNotOptimize(d.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}

template <std::size_t Bits, Op O> void BM_loop_warpnum(benchmark::State& state) {
  const auto a = operands<Bits>(1), b = operands<Bits>(2, O == Op::div ? Bits / 2 : Bits), c = operands<Bits>(3);
  run_loop<O>(state, a, b, c);
}

#if WARPNUM_BENCH_HAVE_BOOST
template <std::size_t Bits>
using BoostU = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    Bits, Bits, boost::multiprecision::unsigned_magnitude, boost::multiprecision::unchecked, void>>;

template <std::size_t Bits> std::vector<BoostU<Bits>> to_boost(const std::vector<warpnum::BigUInt<Bits>>& v) {
  std::vector<BoostU<Bits>> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    boost::multiprecision::import_bits(out[i], v[i].limbs_, v[i].limbs_ + warpnum::BigUInt<Bits>::num_limbs, 32, false);
  return out;
}

template <std::size_t Bits, Op O> void BM_loop_boost(benchmark::State& state) {
  const auto a = to_boost(operands<Bits>(1)), b = to_boost(operands<Bits>(2, O == Op::div ? Bits / 2 : Bits)),
             c = to_boost(operands<Bits>(3));
  run_loop<O>(state, a, b, c);
}
#endif

#define WARPNUM_BATCH_BENCH(bits, op)                                                  \
  BENCHMARK(BM_batch_host<bits, Op::op>)->UseRealTime()->Unit(benchmark::kMillisecond); \
  BENCHMARK(BM_loop_warpnum<bits, Op::op>)->UseRealTime()->Unit(benchmark::kMillisecond);
#if WARPNUM_BENCH_HAVE_BOOST
#  define WARPNUM_BATCH_BENCH_BOOST(bits, op) \
    BENCHMARK(BM_loop_boost<bits, Op::op>)->UseRealTime()->Unit(benchmark::kMillisecond);
#else
#  define WARPNUM_BATCH_BENCH_BOOST(bits, op)
#endif

WARPNUM_BATCH_BENCH(256, mul)
WARPNUM_BATCH_BENCH_BOOST(256, mul)
WARPNUM_BATCH_BENCH(256, fma)
WARPNUM_BATCH_BENCH_BOOST(256, fma)
WARPNUM_BATCH_BENCH(256, div)
WARPNUM_BATCH_BENCH_BOOST(256, div)
WARPNUM_BATCH_BENCH(1024, mul)
WARPNUM_BATCH_BENCH_BOOST(1024, mul)
WARPNUM_BATCH_BENCH(1024, fma)
WARPNUM_BATCH_BENCH_BOOST(1024, fma)
WARPNUM_BATCH_BENCH(1024, div)
WARPNUM_BATCH_BENCH_BOOST(1024, div)

}  // namespace

BENCHMARK_MAIN();

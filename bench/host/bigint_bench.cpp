// SPDX-License-Identifier: Apache-2.0
// bench/host/bigint_bench.cpp: host multiply and divide of BigUInt against GMP's mpn layer and Boost's
// fixed-width cpp_int, in one process (docs/benchmarks.md records the results).
//
// Each benchmark cycles through a pool of random operands so that nothing is constant-folded and the
// numbers reflect data-dependent work. GMP baselines sit behind [[gnu::noinline]] wrappers, as ours do.
//   mul     BigUInt<N> * BigUInt<N> (low N bits)  vs mpn_mul_n (full 2N-bit product) + truncation
//   div     N-bit / (N/2)-bit: quotient and remainder of N/2 bits (the long-division case)
//   div_nn  N-bit / N-bit random: a one-word quotient (normalisation and one step dominate)
#include <warpnum/bigint.hpp>

#include <benchmark/benchmark.h>
#include <gmp.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>

#if WARPNUM_BENCH_HAVE_BOOST
#  include <boost/multiprecision/cpp_int.hpp>
#endif

namespace {

constexpr int pool_size = 64;

template <std::size_t Bits> using U = warpnum::BigUInt<Bits>;

/// Random operands; `low_bits` < Bits leaves the top bits zero (a shorter number), and the top used bit is set.
template <std::size_t Bits> std::array<U<Bits>, pool_size> random_pool(std::uint64_t seed, std::size_t low_bits = Bits) {
  std::mt19937_64 rng(seed);
  std::array<U<Bits>, pool_size> pool{};
  for (auto& x : pool) {
    for (int i = 0; i < U<Bits>::num_limbs; ++i) x.limbs_[i] = static_cast<std::uint32_t>(rng());
    x = low_bits < Bits ? (x >> (Bits - low_bits)) : x;
    x.set_bit(low_bits - 1);
  }
  return pool;
}

// ---- warpnum ----

template <std::size_t Bits> [[gnu::noinline]] U<Bits> ours_mul(const U<Bits>& a, const U<Bits>& b) { return a * b; }
template <std::size_t Bits> [[gnu::noinline]] warpnum::DivResult<U<Bits>> ours_div(const U<Bits>& a, const U<Bits>& b) {
  return warpnum::divmod(a, b);
}

// ---- GMP: mpn on the same little-endian limbs (GMP's limbs are 64-bit here) ----

template <std::size_t Bits> struct Mpn {
  static constexpr mp_size_t n = Bits / GMP_NUMB_BITS;
  mp_limb_t d[n];
  explicit Mpn(const U<Bits>& x) { std::memcpy(d, x.limbs_, sizeof d); }
};

/// The full product then truncation to N bits: what a fixed-width multiply costs with GMP.
template <std::size_t Bits> [[gnu::noinline]] void gmp_mul(mp_limb_t* r, const mp_limb_t* a, const mp_limb_t* b) {
  constexpr mp_size_t n = Mpn<Bits>::n;
  mp_limb_t full[2 * n];
  mpn_mul_n(full, a, b, n);
  std::memcpy(r, full, n * sizeof(mp_limb_t));
}
[[gnu::noinline]] void gmp_div(mp_limb_t* q, mp_limb_t* r, const mp_limb_t* a, mp_size_t an, const mp_limb_t* b,
                               mp_size_t bn) {
  mpn_tdiv_qr(q, r, 0, a, an, b, bn);
}

// ---- Boost: fixed-width unsigned, unchecked (wrapping) cpp_int ----
#if WARPNUM_BENCH_HAVE_BOOST
template <std::size_t Bits>
using BoostU = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<
    Bits, Bits, boost::multiprecision::unsigned_magnitude, boost::multiprecision::unchecked, void>>;

template <std::size_t Bits> BoostU<Bits> to_boost(const U<Bits>& x) {
  BoostU<Bits> r;
  boost::multiprecision::import_bits(r, x.limbs_, x.limbs_ + U<Bits>::num_limbs, 32, false);
  return r;
}
template <std::size_t Bits> [[gnu::noinline]] BoostU<Bits> boost_mul(const BoostU<Bits>& a, const BoostU<Bits>& b) {
  return a * b;
}
template <std::size_t Bits> [[gnu::noinline]] void boost_div(BoostU<Bits>& q, BoostU<Bits>& r, const BoostU<Bits>& a,
                                                             const BoostU<Bits>& b) {
  boost::multiprecision::divide_qr(a, b, q, r);
}
#endif

// ---- benchmarks ----

template <std::size_t Bits> void BM_mul_warpnum(benchmark::State& state) {
  const auto a = random_pool<Bits>(1), b = random_pool<Bits>(2);
  int i = 0;
  for (auto _ : state) {
    auto r = ours_mul(a[i], b[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}
template <std::size_t Bits> void BM_mul_gmp(benchmark::State& state) {
  const auto a = random_pool<Bits>(1), b = random_pool<Bits>(2);
  std::vector<Mpn<Bits>> ga, gb;
  for (int k = 0; k < pool_size; ++k) {
    ga.emplace_back(a[k]);
    gb.emplace_back(b[k]);
  }
  mp_limb_t r[Mpn<Bits>::n];
  int i = 0;
  for (auto _ : state) {
    gmp_mul<Bits>(r, ga[i].d, gb[i].d);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}

/// Divisor width for a benchmark: half the dividend (`div`) or all of it (`div_nn`).
template <std::size_t Bits, bool Half> constexpr std::size_t divisor_bits = Half ? Bits / 2 : Bits;

template <std::size_t Bits, bool Half> void BM_div_warpnum(benchmark::State& state) {
  const auto a = random_pool<Bits>(3), b = random_pool<Bits>(4, divisor_bits<Bits, Half>);
  int i = 0;
  for (auto _ : state) {
    auto r = ours_div(a[i], b[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}
template <std::size_t Bits, bool Half> void BM_div_gmp(benchmark::State& state) {
  const auto a = random_pool<Bits>(3), b = random_pool<Bits>(4, divisor_bits<Bits, Half>);
  constexpr mp_size_t an = Mpn<Bits>::n;
  constexpr mp_size_t bn = static_cast<mp_size_t>(divisor_bits<Bits, Half> / GMP_NUMB_BITS);
  std::vector<Mpn<Bits>> ga, gb;
  for (int k = 0; k < pool_size; ++k) {
    ga.emplace_back(a[k]);
    gb.emplace_back(b[k]);
  }
  mp_limb_t q[an], r[an];
  int i = 0;
  for (auto _ : state) {
    gmp_div(q, r, ga[i].d, an, gb[i].d, bn);
    benchmark::DoNotOptimize(q);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}

#if WARPNUM_BENCH_HAVE_BOOST
template <std::size_t Bits> void BM_mul_boost(benchmark::State& state) {
  const auto a = random_pool<Bits>(1), b = random_pool<Bits>(2);
  std::vector<BoostU<Bits>> ba, bb;
  for (int k = 0; k < pool_size; ++k) {
    ba.push_back(to_boost(a[k]));
    bb.push_back(to_boost(b[k]));
  }
  int i = 0;
  for (auto _ : state) {
    auto r = boost_mul<Bits>(ba[i], bb[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}
template <std::size_t Bits, bool Half> void BM_div_boost(benchmark::State& state) {
  const auto a = random_pool<Bits>(3), b = random_pool<Bits>(4, divisor_bits<Bits, Half>);
  std::vector<BoostU<Bits>> ba, bb;
  for (int k = 0; k < pool_size; ++k) {
    ba.push_back(to_boost(a[k]));
    bb.push_back(to_boost(b[k]));
  }
  BoostU<Bits> q, r;
  int i = 0;
  for (auto _ : state) {
    boost_div<Bits>(q, r, ba[i], bb[i]);
    benchmark::DoNotOptimize(q);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}
#endif

#define WARPNUM_BENCH_SIZE(B)                                  \
  BENCHMARK(BM_mul_warpnum<B>)->Name("mul/" #B "/warpnum");    \
  BENCHMARK(BM_mul_gmp<B>)->Name("mul/" #B "/gmp");            \
  BENCHMARK(BM_div_warpnum<B, true>)->Name("div/" #B "/warpnum"); \
  BENCHMARK(BM_div_gmp<B, true>)->Name("div/" #B "/gmp");      \
  BENCHMARK(BM_div_warpnum<B, false>)->Name("div_nn/" #B "/warpnum"); \
  BENCHMARK(BM_div_gmp<B, false>)->Name("div_nn/" #B "/gmp");  \
  WARPNUM_BENCH_BOOST(B)

#if WARPNUM_BENCH_HAVE_BOOST
#  define WARPNUM_BENCH_BOOST(B)                                 \
    BENCHMARK(BM_mul_boost<B>)->Name("mul/" #B "/boost");        \
    BENCHMARK(BM_div_boost<B, true>)->Name("div/" #B "/boost");  \
    BENCHMARK(BM_div_boost<B, false>)->Name("div_nn/" #B "/boost");
#else
#  define WARPNUM_BENCH_BOOST(B)
#endif

WARPNUM_BENCH_SIZE(256)
WARPNUM_BENCH_SIZE(512)
WARPNUM_BENCH_SIZE(1024)
WARPNUM_BENCH_SIZE(2048)
WARPNUM_BENCH_SIZE(4096)

}  // namespace

BENCHMARK_MAIN();

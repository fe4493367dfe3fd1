// SPDX-License-Identifier: Apache-2.0
// bench/host/gf2n_bench.cpp: host multiplication in GF(2^N) on one core, c[i] = a[i] * b[i] over arrays of 4096
// elements (items_per_second: products a second), against NTL's GF2E in the same process and, for GF(2^64), a plain
// PCLMULQDQ loop (docs/benchmarks.md records the results). The host aims: at least 1.1e9 GF(2^64) products
// a second a core (what the plain loop reaches) and at least 50 times NTL's GF2E.
//   mul_loop    GF2n<N>: the loop `c[i] = a[i] * b[i]` (the product inlined in the caller's loop)
//   mul_n       GF2n<N>: warpnum::mul_n(c, a, b, n) (for N = 64 eight products a step with AVX-512 VPCLMULQDQ where
//               the processor has it)
//   ntl         NTL::GF2E: mul(c[i], a[i], b[i]) into preallocated elements, the modulus the same polynomial
//   pclmul      GF(2^64) mod x^64 + x^4 + x^3 + x + 1 written directly: one PCLMULQDQ for the product, two for the
//               reduction (the baseline of the first target); pclmul_shift: the reduction by shifts and XORs
// Operands are uniform random (GF2n::random, seeded). The loops sit in [[gnu::noinline]] functions, ours and the
// baselines alike, so each call does the same whole pass over memory (3 arrays of 4096 elements: 96 KiB at N = 64,
// in L2; 6 MiB at N = 4096).
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#if defined(__x86_64__)
#  include <immintrin.h>
#endif

#if WARPNUM_BENCH_HAVE_NTL
#  include <NTL/GF2E.h>
#  include <NTL/GF2X.h>
#endif

namespace {

constexpr std::size_t array_size = 4096;

template <int N> using F = warpnum::GF2n<N>;

template <int N> std::vector<F<N>> random_array(std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<F<N>> v(array_size);
  for (auto& x : v) x = F<N>::random(g);
  return v;
}

// ---- warpnum ----

template <int N> [[gnu::noinline]] void ours_mul_loop(F<N>* c, const F<N>* a, const F<N>* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) c[i] = a[i] * b[i];
}
template <int N> [[gnu::noinline]] void ours_mul_n(F<N>* c, const F<N>* a, const F<N>* b, std::size_t n) {
  warpnum::mul_n(c, a, b, n);
}

template <int N, void (*Mul)(F<N>*, const F<N>*, const F<N>*, std::size_t)> void BM_gf2n(benchmark::State& state) {
  const auto a = random_array<N>(1), b = random_array<N>(2);
  std::vector<F<N>> c(array_size);
  Mul(c.data(), a.data(), b.data(), array_size);  // warm-up: caches, page faults
  for (auto _ : state) {
    Mul(c.data(), a.data(), b.data(), array_size);
    benchmark::DoNotOptimize(c.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * array_size));
}

// ---- the plain PCLMULQDQ loop for GF(2^64) mod x^64 + x^4 + x^3 + x + 1 ----

#if defined(__x86_64__)
/// c[i] = a[i] * b[i] mod x^64 + x^4 + x^3 + x + 1. The 127-bit product is hi x^64 + lo; x^64 = x^4 + x^3 + x + 1
/// (0x1b), so hi x^64 = hi * 0x1b, at most 67 bits: t = t_hi x^64 + t_lo with t_hi below x^3, and t_hi * 0x1b fits a
/// word. The result is lo ^ t_lo ^ (t_hi * 0x1b).
__attribute__((target("pclmul,sse4.1"))) [[gnu::noinline]] void pclmul_mul64(std::uint64_t* c, const std::uint64_t* a,
                                                                           const std::uint64_t* b, std::size_t n) {
  const __m128i r = _mm_cvtsi64_si128(0x1b);
  for (std::size_t i = 0; i < n; ++i) {
    const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a[i])),
                                           _mm_cvtsi64_si128(static_cast<long long>(b[i])), 0x00);
    const __m128i t = _mm_clmulepi64_si128(p, r, 0x01);  // hi * 0x1b
    const __m128i u = _mm_clmulepi64_si128(t, r, 0x01);  // t_hi * 0x1b
    c[i] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_xor_si128(_mm_xor_si128(p, t), u)));
  }
}

/// The same with one PCLMULQDQ: the reduction by shifts. hi x^64 = hi (x^4 + x^3 + x + 1) = the low word
/// hi ^ hi << 1 ^ hi << 3 ^ hi << 4 plus g x^64 with g = hi >> 63 ^ hi >> 61 ^ hi >> 60 (below x^4), and g x^64 =
/// g ^ g << 1 ^ g << 3 ^ g << 4.
__attribute__((target("pclmul,sse4.1"))) [[gnu::noinline]] void pclmul_shift_mul64(std::uint64_t* c, const std::uint64_t* a,
                                                                                 const std::uint64_t* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a[i])),
                                           _mm_cvtsi64_si128(static_cast<long long>(b[i])), 0x00);
    const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(p));
    const auto hi = static_cast<std::uint64_t>(_mm_extract_epi64(p, 1));
    const std::uint64_t g = (hi >> 63) ^ (hi >> 61) ^ (hi >> 60);
    c[i] = lo ^ hi ^ (hi << 1) ^ (hi << 3) ^ (hi << 4) ^ g ^ (g << 1) ^ (g << 3) ^ (g << 4);
  }
}

template <void (*Mul)(std::uint64_t*, const std::uint64_t*, const std::uint64_t*, std::size_t)>
void BM_pclmul64(benchmark::State& state) {
  static_assert(F<64>::poly == warpnum::Poly{64, 4, 3, 1, 0}, "the baseline's polynomial is GF2n<64>'s");
  const auto a = random_array<64>(1), b = random_array<64>(2);
  std::vector<std::uint64_t> wa(array_size), wb(array_size), wc(array_size);
  for (std::size_t i = 0; i < array_size; ++i) {
    wa[i] = a[i].word(0);
    wb[i] = b[i].word(0);
  }
  Mul(wc.data(), wa.data(), wb.data(), array_size);
  for (std::size_t i = 0; i < array_size; ++i) {  // the baseline computes what GF2n<64> does
    if (wc[i] != (a[i] * b[i]).word(0)) {
      state.SkipWithError("the PCLMULQDQ loop disagrees with GF2n<64>");
      return;
    }
  }
  for (auto _ : state) {
    Mul(wc.data(), wa.data(), wb.data(), array_size);
    benchmark::DoNotOptimize(wc.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * array_size));
}
BENCHMARK(BM_pclmul64<pclmul_mul64>)->Name("mul/pclmul/64");
BENCHMARK(BM_pclmul64<pclmul_shift_mul64>)->Name("mul/pclmul_shift/64");
#endif

// ---- NTL ----

#if WARPNUM_BENCH_HAVE_NTL
[[gnu::noinline]] void ntl_mul(NTL::GF2E* c, const NTL::GF2E* a, const NTL::GF2E* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) NTL::mul(c[i], a[i], b[i]);
}

template <int N> NTL::GF2E to_ntl(const F<N>& x) {
  return NTL::conv<NTL::GF2E>(NTL::GF2XFromBytes(reinterpret_cast<const unsigned char*>(x.data()), sizeof(F<N>)));
}

template <int N> void BM_ntl(benchmark::State& state) {
  NTL::GF2X modulus;
  for (int i = 0; i < F<N>::poly.num_terms(); ++i) NTL::SetCoeff(modulus, F<N>::poly.exp(i));
  NTL::GF2EPush push(modulus);
  const auto a = random_array<N>(1), b = random_array<N>(2);
  std::vector<NTL::GF2E> na(array_size), nb(array_size), nc(array_size);
  for (std::size_t i = 0; i < array_size; ++i) {
    na[i] = to_ntl<N>(a[i]);
    nb[i] = to_ntl<N>(b[i]);
  }
  ntl_mul(nc.data(), na.data(), nb.data(), array_size);  // warm-up; allocates every result's storage
  if (nc[5] != to_ntl<N>(a[5] * b[5])) {
    state.SkipWithError("NTL disagrees with GF2n");
    return;
  }
  for (auto _ : state) {
    ntl_mul(nc.data(), na.data(), nb.data(), array_size);
    benchmark::DoNotOptimize(nc.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * array_size));
}
#endif

#define WARPNUM_GF2N_BENCH(n)                                                          \
  BENCHMARK(BM_gf2n<n, ours_mul_loop<n>>)->Name("mul/warpnum_loop/" #n);              \
  BENCHMARK(BM_gf2n<n, ours_mul_n<n>>)->Name("mul/warpnum_mul_n/" #n);

WARPNUM_GF2N_BENCH(64)
WARPNUM_GF2N_BENCH(128)
WARPNUM_GF2N_BENCH(256)
WARPNUM_GF2N_BENCH(571)
WARPNUM_GF2N_BENCH(1024)
WARPNUM_GF2N_BENCH(4096)

#if WARPNUM_BENCH_HAVE_NTL
BENCHMARK(BM_ntl<64>)->Name("mul/ntl/64");
BENCHMARK(BM_ntl<128>)->Name("mul/ntl/128");
BENCHMARK(BM_ntl<256>)->Name("mul/ntl/256");
BENCHMARK(BM_ntl<571>)->Name("mul/ntl/571");
BENCHMARK(BM_ntl<1024>)->Name("mul/ntl/1024");
BENCHMARK(BM_ntl<4096>)->Name("mul/ntl/4096");
#endif

}  // namespace

BENCHMARK_MAIN();

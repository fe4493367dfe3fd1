// SPDX-License-Identifier: Apache-2.0
// bench/host/modular_bench.cpp: host modular arithmetic of BigUInt against GMP's mpz layer, in one process
// (docs/benchmarks.md records the results).
//   powm    a^e mod m, odd m of N bits (top bit set), a full N-bit exponent  vs mpz_powm
//   powm_even  the same with an even modulus (Barrett)                      vs mpz_powm
//   powm_ct the same in constant time (ct::powm: the context built in the call, fixed windows, masked table
//           reads)                                                           vs mpz_powm_sec
//   modinv  a^-1 mod m, odd m                                                vs mpz_invert
//   mont_mul / mont_sqr  one Montgomery multiplication / squaring           vs mpn_mul_n / mpn_sqr (no reduction)
//   modexp_all_cores  powm on every core at once (1024 to 4096 bits): items_per_second is the machine's rate, the
//                     CPU side of the GPU's batch modexp (warpnum-bench --op powm --mode batch)
// Operands cycle through a pool of random values; our calls and GMP's sit behind [[gnu::noinline]] wrappers.
#include <warpnum/ct/modular.hpp>
#include <warpnum/modular.hpp>

#include <benchmark/benchmark.h>
#include <gmp.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <random>

namespace {

constexpr int pool_size = 16;

template <std::size_t Bits> using U = warpnum::BigUInt<Bits>;

template <std::size_t Bits> std::array<U<Bits>, pool_size> random_pool(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::array<U<Bits>, pool_size> pool{};
  for (auto& x : pool) {
    for (int i = 0; i < U<Bits>::num_limbs; ++i) x.limbs_[i] = static_cast<std::uint32_t>(rng());
  }
  return pool;
}

template <std::size_t Bits> U<Bits> modulus(bool odd) {
  U<Bits> m = random_pool<Bits>(99)[0];
  m.set_bit(Bits - 1);
  m.set_bit(0, odd);
  return m;
}

/// An mpz holding x.
class Z {
 public:
  template <std::size_t Bits> explicit Z(const U<Bits>& x) {
    mpz_init(z_);
    mpz_import(z_, U<Bits>::num_limbs, -1, sizeof(std::uint32_t), 0, 0, x.limbs_);
  }
  Z() { mpz_init(z_); }
  Z(const Z&) = delete;
  Z& operator=(const Z&) = delete;
  ~Z() { mpz_clear(z_); }
  mpz_ptr get() { return z_; }

 private:
  mpz_t z_;
};

template <std::size_t Bits>
[[gnu::noinline]] U<Bits> ours_powm(const U<Bits>& a, const U<Bits>& e, const U<Bits>& m) { return warpnum::powm(a, e, m); }
[[gnu::noinline]] void gmp_powm(mpz_ptr r, mpz_ptr a, mpz_ptr e, mpz_ptr m) { mpz_powm(r, a, e, m); }
template <std::size_t Bits>
[[gnu::noinline]] U<Bits> ours_powm_ct(const U<Bits>& a, const U<Bits>& e, const U<Bits>& m) {
  return warpnum::ct::powm(a, e, m);
}
[[gnu::noinline]] void gmp_powm_sec(mpz_ptr r, mpz_ptr a, mpz_ptr e, mpz_ptr m) { mpz_powm_sec(r, a, e, m); }
template <std::size_t Bits>
[[gnu::noinline]] warpnum::ModResult<U<Bits>> ours_modinv(const U<Bits>& a, const U<Bits>& m) { return warpnum::modinv_checked(a, m); }
[[gnu::noinline]] int gmp_invert(mpz_ptr r, mpz_ptr a, mpz_ptr m) { return mpz_invert(r, a, m); }

template <std::size_t Bits, bool Odd, bool ConstantTime = false> void BM_powm_warpnum(benchmark::State& state) {
  const auto a = random_pool<Bits>(1), e = random_pool<Bits>(2);
  const U<Bits> m = modulus<Bits>(Odd);
  int i = 0;
  for (auto _ : state) {
    auto r = ConstantTime ? ours_powm_ct(a[i], e[i], m) : ours_powm(a[i], e[i], m);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
  state.SetItemsProcessed(state.iterations());
}
template <std::size_t Bits, bool Odd, bool ConstantTime = false> void BM_powm_gmp(benchmark::State& state) {
  const auto a = random_pool<Bits>(1), e = random_pool<Bits>(2);
  Z m(modulus<Bits>(Odd));
  Z r;
  std::array<Z*, pool_size> za{}, ze{};
  for (int k = 0; k < pool_size; ++k) {
    za[k] = new Z(a[k]);
    ze[k] = new Z(e[k]);
  }
  int i = 0;
  for (auto _ : state) {
    if constexpr (ConstantTime) {
      gmp_powm_sec(r.get(), za[i]->get(), ze[i]->get(), m.get());
    } else {
      gmp_powm(r.get(), za[i]->get(), ze[i]->get(), m.get());
    }
    benchmark::ClobberMemory();
    i = (i + 1) % pool_size;
  }
  state.SetItemsProcessed(state.iterations());
  for (int k = 0; k < pool_size; ++k) {
    delete za[k];
    delete ze[k];
  }
}

template <std::size_t Bits> void BM_modinv_warpnum(benchmark::State& state) {
  const auto a = random_pool<Bits>(3);
  const U<Bits> m = modulus<Bits>(true);
  int i = 0;
  for (auto _ : state) {
    auto r = ours_modinv(a[i], m);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size;
  }
}
template <std::size_t Bits> void BM_modinv_gmp(benchmark::State& state) {
  const auto a = random_pool<Bits>(3);
  Z m(modulus<Bits>(true));
  Z r;
  std::array<Z*, pool_size> za{};
  for (int k = 0; k < pool_size; ++k) za[k] = new Z(a[k]);
  int i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(gmp_invert(r.get(), za[i]->get(), m.get()));
    i = (i + 1) % pool_size;
  }
  for (int k = 0; k < pool_size; ++k) delete za[k];
}

template <std::size_t Bits, bool Square> void BM_mont_warpnum(benchmark::State& state) {
  const warpnum::Montgomery<Bits> ctx(modulus<Bits>(true));
  U<Bits> x = ctx.to_montgomery(random_pool<Bits>(4)[0]);
  const U<Bits> y = ctx.to_montgomery(random_pool<Bits>(5)[0]);
  for (auto _ : state) {
    x = Square ? ctx.sqr(x) : ctx.mul(x, y);
    benchmark::DoNotOptimize(x);
  }
}
template <std::size_t Bits, bool Square> void BM_mont_gmp(benchmark::State& state) {
  constexpr mp_size_t n = Bits / GMP_NUMB_BITS;
  mp_limb_t x[n], y[n], p[2 * n];
  std::memcpy(x, random_pool<Bits>(4)[0].limbs_, sizeof x);
  std::memcpy(y, random_pool<Bits>(5)[0].limbs_, sizeof y);
  for (auto _ : state) {
    if constexpr (Square) {
      mpn_sqr(p, x, n);
    } else {
      mpn_mul_n(p, x, y, n);
    }
    x[0] ^= p[n];  // a dependency from one product to the next, as in the chained Montgomery products
    benchmark::DoNotOptimize(p);
  }
}

#define WARPNUM_MODULAR_BENCH(B)                                                          \
  BENCHMARK(BM_powm_warpnum<B, true>)->Name("powm/" #B "/warpnum");                       \
  BENCHMARK(BM_powm_gmp<B, true>)->Name("powm/" #B "/gmp");                               \
  BENCHMARK(BM_powm_warpnum<B, false>)->Name("powm_even/" #B "/warpnum");                 \
  BENCHMARK(BM_powm_gmp<B, false>)->Name("powm_even/" #B "/gmp");                         \
  BENCHMARK(BM_powm_warpnum<B, true, true>)->Name("powm_ct/" #B "/warpnum");              \
  BENCHMARK(BM_powm_gmp<B, true, true>)->Name("powm_ct/" #B "/gmp_powm_sec");             \
  BENCHMARK(BM_modinv_warpnum<B>)->Name("modinv/" #B "/warpnum");                         \
  BENCHMARK(BM_modinv_gmp<B>)->Name("modinv/" #B "/gmp");                                 \
  BENCHMARK(BM_mont_warpnum<B, false>)->Name("mont_mul/" #B "/warpnum");                  \
  BENCHMARK(BM_mont_gmp<B, false>)->Name("mont_mul/" #B "/gmp_mul_n_no_reduction");       \
  BENCHMARK(BM_mont_warpnum<B, true>)->Name("mont_sqr/" #B "/warpnum");                   \
  BENCHMARK(BM_mont_gmp<B, true>)->Name("mont_sqr/" #B "/gmp_sqr_no_reduction");

WARPNUM_MODULAR_BENCH(256)
WARPNUM_MODULAR_BENCH(512)
WARPNUM_MODULAR_BENCH(1024)
WARPNUM_MODULAR_BENCH(2048)
WARPNUM_MODULAR_BENCH(4096)

#define WARPNUM_MODEXP_ALL_CORES(B)                                                                          \
  BENCHMARK(BM_powm_warpnum<B, true>)->Name("modexp_all_cores/" #B "/warpnum")->ThreadPerCpu()->UseRealTime(); \
  BENCHMARK(BM_powm_gmp<B, true>)->Name("modexp_all_cores/" #B "/gmp")->ThreadPerCpu()->UseRealTime(); \
  BENCHMARK(BM_powm_warpnum<B, true, true>)->Name("modexp_ct_all_cores/" #B "/warpnum")->ThreadPerCpu()->UseRealTime(); \
  BENCHMARK(BM_powm_gmp<B, true, true>)->Name("modexp_ct_all_cores/" #B "/gmp_powm_sec")->ThreadPerCpu()->UseRealTime();

WARPNUM_MODEXP_ALL_CORES(1024)
WARPNUM_MODEXP_ALL_CORES(2048)
WARPNUM_MODEXP_ALL_CORES(4096)

}  // namespace

BENCHMARK_MAIN();

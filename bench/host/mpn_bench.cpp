// SPDX-License-Identifier: Apache-2.0
// bench/host/mpn_bench.cpp: the schoolbook product of n by n 64-bit words (detail/mpn/mul_basecase.hpp, the rows
// under Karatsuba's threshold that Integer's host products and divisions spend most of their time in) against GMP's
// mpn_mul_basecase, in one process; and the same product by rows of each x86-64 addmul_1 body, side by side: the
// mulx/adcx/adox loop (addmul_1_adx) and the in-place blocks of four on two adc chains (addmul_1_adc_blocks).
// Counter "per_word_product": the time over n^2 (in seconds, printed with an SI prefix: 650p is 0.65 ns).
//   mul_basecase/N/warpnum   mpn::mul_basecase as the library runs it
//   mul_basecase/N/gmp       GMP's mpn_mul_basecase (an internal symbol GMP exports)
//   mul_basecase/N/adx       rows of addmul_1_adx          (x86-64 with BMI2 and ADX)
//   mul_basecase/N/adc       rows of addmul_1_adc_blocks   (x86-64 with BMI2 and ADX)
#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/mul_basecase.hpp>
#include <warpnum/detail/x86/cpu.hpp>
#include <warpnum/detail/x86/mul_1_x86.hpp>

#include <benchmark/benchmark.h>
#include <gmp.h>

#include <cstdint>
#include <random>
#include <vector>

extern "C" void __gmpn_mul_basecase(mp_ptr, mp_srcptr, mp_size_t, mp_srcptr, mp_size_t);

namespace {

using Word = std::uint64_t;
static_assert(sizeof(mp_limb_t) == sizeof(Word), "GMP's limbs are 64-bit words");

struct Operands {
  std::vector<Word> a, b, r;
  explicit Operands(int n) : a(static_cast<std::size_t>(n)), b(a.size()), r(2 * a.size()) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(n));
    for (auto& x : a) x = rng();
    for (auto& x : b) x = rng();
  }
};

template <class Product> void run(benchmark::State& state, Product product) {
  const int n = static_cast<int>(state.range(0));
  Operands op(n);
  for (auto _ : state) {
    product(op.r.data(), op.a.data(), op.b.data(), n);
    benchmark::DoNotOptimize(op.r.data());
    benchmark::ClobberMemory();
  }
  state.counters["per_word_product"] = benchmark::Counter(
      static_cast<double>(n) * n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

[[gnu::noinline]] void product_warpnum(Word* r, const Word* a, const Word* b, int n) {
  warpnum::detail::mpn::mul_basecase(r, a, n, b, n);
}
[[gnu::noinline]] void product_gmp(Word* r, const Word* a, const Word* b, int n) {
  __gmpn_mul_basecase(reinterpret_cast<mp_ptr>(r), reinterpret_cast<mp_srcptr>(a), n,
                      reinterpret_cast<mp_srcptr>(b), n);
}

void BM_warpnum(benchmark::State& state) { run(state, product_warpnum); }
void BM_gmp(benchmark::State& state) { run(state, product_gmp); }

#if WARPNUM_DETAIL_X86_64_ASM
/// r = a b by rows of one addmul_1 body, every row in place over r (zeroed first; mul_basecase takes mul_1 for the
/// first row).
template <bool AdcBlocks> [[gnu::noinline]] void product_rows(Word* r, const Word* a, const Word* b, int n) {
  for (int i = 0; i < n; ++i) r[i] = 0;
  for (int j = 0; j < n; ++j) {
    r[n + j] = AdcBlocks ? warpnum::detail::addmul_1_adc_blocks(r + j, a, n, b[j])
                         : warpnum::detail::addmul_1_adx(r + j, r + j, a, n, b[j]);
  }
}
template <bool AdcBlocks> void BM_rows(benchmark::State& state) {
  if (!warpnum::detail::host_has_mulx_adx) {
    state.SkipWithError("this processor lacks BMI2 or ADX");
    return;
  }
  run(state, product_rows<AdcBlocks>);
}
#endif

void widths(benchmark::internal::Benchmark* b) {
  for (int n : {8, 16, 24, 32, 48, 63, 64}) b->Arg(n);
}

}  // namespace

BENCHMARK(BM_warpnum)->Name("mul_basecase/warpnum")->Apply(widths);
BENCHMARK(BM_gmp)->Name("mul_basecase/gmp")->Apply(widths);
#if WARPNUM_DETAIL_X86_64_ASM
BENCHMARK(BM_rows<false>)->Name("mul_basecase/adx")->Apply(widths);
BENCHMARK(BM_rows<true>)->Name("mul_basecase/adc")->Apply(widths);
#endif

BENCHMARK_MAIN();

// SPDX-License-Identifier: Apache-2.0
// bench/host/boost_bench.cpp: warpnum's Boost.Multiprecision backend (`warpnum::boost_int<Bits>`, include/warpnum/
// boost.hpp) against Boost's own fixed-width signed `cpp_int` (what `int1024_t` is: cpp_int_backend<Bits, Bits,
// signed_magnitude, unchecked, void>), both through the `number<>` interface as a user writes it. The aim:
// boost_int faster than cpp_int at *, /, % and powm from 256 to 2048 bits (docs/benchmarks.md records the results).
//
// Both types get the same operands, made once from a seeded generator as BigUInt magnitudes and signs. Each
// operation sits behind a [[gnu::noinline]] wrapper; items per second. The operands cycle through a pool: 16384 of
// them for the divisions, whose data-dependent branches this machine's Zen 5 learns over shorter cycles (with a pool
// of 64, as bigint_bench.cpp has, the divisions of both types ran up to 1.8x faster than on fresh operands:
// docs/results/2026-11-25), 1024 for the products and powm, so that the products' operands stay in L2.
// WARPNUM_BOOST_BENCH_POOL sets one size for all.
//   mul     c = a * b     a, b of Bits-1 bits, random signs (the product wraps: its low Bits bits, as both types do)
//   mul_h   c = a * b     a, b of Bits/2-1 bits, random signs (the product fits)
//   div     q = a / b     a of Bits-1 bits, b of Bits/2 bits, random signs (truncating, as C++ does)
//   mod     r = a % b     the same operands (r takes a's sign)
//   mod_p   r = a % b     the same magnitudes, all positive (what the signs cost: boost_int negates a negative
//                         operand and result in two's complement, where cpp_int's sign is a flag)
//   powm    powm(a, e, m) m odd of Bits-1 bits, e of Bits-1 bits, 0 <= a < m
// Before timing, each boost_int benchmark checks the first pool entries: the operands read the same in both types,
// and boost_int's result equals cpp_int's (the products modulo 2^Bits, where the two types wrap differently). It
// aborts on a difference.
#include <benchmark/benchmark.h>

#if WARPNUM_BENCH_HAVE_BOOST
#  include <warpnum/bigint.hpp>
#  include <warpnum/boost.hpp>

#  include <boost/multiprecision/cpp_int.hpp>

#  include <cstddef>
#  include <cstdint>
#  include <cstdio>
#  include <cstdlib>
#  include <random>
#  include <string>
#  include <type_traits>
#  include <vector>

namespace {

namespace mp = boost::multiprecision;

constexpr int checked_entries = 8;

template <std::size_t Bits> using Ours = warpnum::boost_int<Bits>;
template <std::size_t Bits>
using CppInt = mp::number<mp::cpp_int_backend<Bits, Bits, mp::signed_magnitude, mp::unchecked, void>>;

/// An operand: magnitude and sign.
template <std::size_t Bits> struct Operand {
  warpnum::BigUInt<Bits> mag;
  bool negative;
};
template <std::size_t Bits> using Pool = std::vector<Operand<Bits>>;

/// Magnitudes of exactly `bits` bits (the top one set), negative about half the time where `signs`. The sign is
/// drawn either way, so that pools of one seed without and with signs hold the same magnitudes.
template <std::size_t Bits>
Pool<Bits> random_pool(int count, std::uint64_t seed, std::size_t bits, bool signs) {
  std::mt19937_64 rng(seed);
  Pool<Bits> pool(count);
  for (auto& x : pool) {
    for (int i = 0; i < warpnum::BigUInt<Bits>::num_limbs; ++i) x.mag.limbs_[i] = static_cast<std::uint32_t>(rng());
    if (bits < Bits) x.mag = x.mag >> (Bits - bits);
    x.mag.set_bit(bits - 1);
    const bool negative = (rng() & 1) != 0;
    x.negative = signs && negative;
  }
  return pool;
}

enum class Op { mul, mul_h, div, mod, mod_p, powm };

/// How many operands a benchmark cycles through (see the top of the file).
template <Op O>
constexpr int pool_size =
#  ifdef WARPNUM_BOOST_BENCH_POOL
    WARPNUM_BOOST_BENCH_POOL;
#  else
    O == Op::div || O == Op::mod || O == Op::mod_p ? 16384 : 1024;
#  endif

constexpr const char* op_name(Op o) {
  switch (o) {
    case Op::mul: return "mul";
    case Op::mul_h: return "mul_h";
    case Op::div: return "div";
    case Op::mod: return "mod";
    case Op::mod_p: return "mod_p";
    case Op::powm: return "powm";
  }
  return "?";
}

/// The operands of one benchmark: a, b, and (powm only) m.
template <std::size_t Bits> struct Operands {
  Pool<Bits> a, b, m;
};

template <std::size_t Bits, Op O> Operands<Bits> make_operands() {
  constexpr int n = pool_size<O>;
  if constexpr (O == Op::mul) {
    return {random_pool<Bits>(n, 1, Bits - 1, true), random_pool<Bits>(n, 2, Bits - 1, true), {}};
  }
  if constexpr (O == Op::mul_h) {
    return {random_pool<Bits>(n, 3, Bits / 2 - 1, true), random_pool<Bits>(n, 4, Bits / 2 - 1, true), {}};
  }
  if constexpr (O == Op::div || O == Op::mod || O == Op::mod_p) {
    constexpr bool signs = O != Op::mod_p;
    return {random_pool<Bits>(n, 5, Bits - 1, signs), random_pool<Bits>(n, 6, Bits / 2, signs), {}};
  }
  if constexpr (O == Op::powm) {
    Operands<Bits> r{random_pool<Bits>(n, 7, Bits - 1, false), random_pool<Bits>(n, 8, Bits - 1, false),
                     random_pool<Bits>(n, 9, Bits - 1, false)};
    for (int i = 0; i < n; ++i) {
      r.m[i].mag.set_bit(0);
      r.a[i].mag = r.a[i].mag % r.m[i].mag;
    }
    return r;
  }
}

/// An operand as the number type N: boost_int through its backend's BigInt, cpp_int through import_bits.
template <class N, std::size_t Bits> N to_number(const Operand<Bits>& x) {
  N r;
  if constexpr (std::is_same_v<N, Ours<Bits>>) {
    const warpnum::BigInt<Bits> v(x.mag);
    r.backend() = typename N::backend_type(x.negative ? -v : v);
  } else {
    mp::import_bits(r, x.mag.limbs_, x.mag.limbs_ + warpnum::BigUInt<Bits>::num_limbs, 32, false);
    if (x.negative) r = -r;
  }
  return r;
}
template <class N, std::size_t Bits> std::vector<N> to_numbers(const Pool<Bits>& pool) {
  std::vector<N> out;
  out.reserve(pool.size());
  for (const auto& x : pool) out.push_back(to_number<N>(x));
  return out;
}

// ---- the operations, as a user writes them ----

template <class N> [[gnu::noinline]] N op_mul(const N& a, const N& b) { return a * b; }
template <class N> [[gnu::noinline]] N op_div(const N& a, const N& b) { return a / b; }
template <class N> [[gnu::noinline]] N op_mod(const N& a, const N& b) { return a % b; }
template <class N> [[gnu::noinline]] N op_powm(const N& a, const N& e, const N& m) { return N(mp::powm(a, e, m)); }

/// The benchmark's operation; m is read by powm only.
template <Op O, class N> N apply(const N& a, const N& b, const N& m) {
  if constexpr (O == Op::mul || O == Op::mul_h) return op_mul(a, b);
  if constexpr (O == Op::div) return op_div(a, b);
  if constexpr (O == Op::mod || O == Op::mod_p) return op_mod(a, b);
  if constexpr (O == Op::powm) return op_powm(a, b, m);
}

/// A value as an unbounded integer, reduced modulo 2^Bits when the operation wraps.
template <std::size_t Bits, Op O> mp::cpp_int canonical(const std::string& s) {
  mp::cpp_int x(s);
  if constexpr (O == Op::mul) {
    const mp::cpp_int two_bits = mp::cpp_int(1) << Bits;
    x %= two_bits;
    if (x < 0) x += two_bits;
  }
  return x;
}

[[noreturn]] void mismatch(Op o, std::size_t bits, int entry, const char* what, const std::string& ours,
                           const std::string& theirs) {
  std::fprintf(stderr, "boost_bench: %s/%zu, entry %d: %s differ\n  boost_int: %s\n  cpp_int:   %s\n", op_name(o), bits,
               entry, what, ours.c_str(), theirs.c_str());
  std::abort();
}

/// The first pool entries in both types: the same operands, and boost_int's result equal to cpp_int's.
template <std::size_t Bits, Op O> void check(const Operands<Bits>& s) {
  for (int i = 0; i < checked_entries; ++i) {
    const auto a = to_number<Ours<Bits>>(s.a[i]), b = to_number<Ours<Bits>>(s.b[i]);
    const auto ca = to_number<CppInt<Bits>>(s.a[i]), cb = to_number<CppInt<Bits>>(s.b[i]);
    const auto m = O == Op::powm ? to_number<Ours<Bits>>(s.m[i]) : a;
    const auto cm = O == Op::powm ? to_number<CppInt<Bits>>(s.m[i]) : ca;
    if (a.str() != ca.str()) mismatch(O, Bits, i, "the operands a", a.str(), ca.str());
    if (b.str() != cb.str()) mismatch(O, Bits, i, "the operands b", b.str(), cb.str());
    if (m.str() != cm.str()) mismatch(O, Bits, i, "the moduli", m.str(), cm.str());
    const std::string ours = apply<O>(a, b, m).str(), theirs = apply<O>(ca, cb, cm).str();
    if (canonical<Bits, O>(ours) != canonical<Bits, O>(theirs)) mismatch(O, Bits, i, "the results", ours, theirs);
  }
}

template <class N, std::size_t Bits, Op O> void BM_op(benchmark::State& state) {
  const Operands<Bits> s = make_operands<Bits, O>();
  if constexpr (std::is_same_v<N, Ours<Bits>>) {
    static const bool checked = (check<Bits, O>(s), true);
    (void)checked;
  }
  const auto a = to_numbers<N>(s.a), b = to_numbers<N>(s.b);
  const auto m = O == Op::powm ? to_numbers<N>(s.m) : a;
  int i = 0;
  for (auto _ : state) {
    N r = apply<O>(a[i], b[i], m[i]);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % pool_size<O>;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

#  define WARPNUM_BOOST_BENCH_OP(OP, B)                                  \
    BENCHMARK(BM_op<Ours<B>, B, Op::OP>)->Name(#OP "/" #B "/boost_int"); \
    BENCHMARK(BM_op<CppInt<B>, B, Op::OP>)->Name(#OP "/" #B "/cpp_int");
#  define WARPNUM_BOOST_BENCH_SIZE(B) \
    WARPNUM_BOOST_BENCH_OP(mul, B)    \
    WARPNUM_BOOST_BENCH_OP(mul_h, B)  \
    WARPNUM_BOOST_BENCH_OP(div, B)    \
    WARPNUM_BOOST_BENCH_OP(mod, B)    \
    WARPNUM_BOOST_BENCH_OP(mod_p, B)  \
    WARPNUM_BOOST_BENCH_OP(powm, B)

WARPNUM_BOOST_BENCH_SIZE(256)
WARPNUM_BOOST_BENCH_SIZE(512)
WARPNUM_BOOST_BENCH_SIZE(1024)
WARPNUM_BOOST_BENCH_SIZE(2048)

}  // namespace
#endif  // WARPNUM_BENCH_HAVE_BOOST

BENCHMARK_MAIN();

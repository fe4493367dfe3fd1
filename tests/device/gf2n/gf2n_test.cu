// SPDX-License-Identifier: Apache-2.0
// tests/device/gf2n/gf2n_test.cu: GF2n's per-thread arithmetic in kernels, one thread per input, each result
// compared bitwise with the same functor on the host (expect_device_matches_host), whose results the host suites
// (tests/host/gf2n/*_ntl_test.cpp) check against NTL; and the fixed-value checks of cases/gf2n_constexpr.hpp (the
// ones static_asserted in tests/host/gf2n/gf2n_test.cpp) in a kernel. N = 8, 32, 64, 128, 233 and 571 with the
// default polynomials, every operation; N = 1024 the products, sqrt, trace, solve_quadratic and the conversions
// (see GF2nDevice1024). Where the host throws (inverse(0), a / 0, a coefficient at x^N or above in a
// constructor) the device result is compared with the one docs/errors.md promises (0; the bits dropped).
#include "cases/gf2n_constexpr.hpp"
#include "cases/gf2n_operands.hpp"
#include "cases/random.hpp"
#include "device/kernel_check.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

// The operands, results and functors are templates over N alone (GF2n<N>, the default polynomial): nvcc 13.0 writes
// a class-type template argument such as Poly{...} into the host stub of a __global__ template (here
// kernel_check's apply<Op, In, Out>) as text g++ cannot parse, so no kernel template may be instantiated with a
// type whose template arguments name GF2n<N, Poly{...}>.

/// One thread's operands: two elements and an exponent (also the integer for the constructors).
template <int N> struct Operands {
  using F = GF2n<N>;
  F a;
  F b;
  std::uint64_t e;
  friend std::ostream& operator<<(std::ostream& os, const Operands& o) {
    return os << "a = 0x" << to_string(o.a) << ", b = 0x" << to_string(o.b) << ", e = " << o.e;
  }
};

// One functor a kernel, each with few products: at 1024 bits one product is thousands of PTX lines (the words'
// loops unrolled) and an inversion (Itoh-Tsujii) a dozen products, so the kernel with all of them took ptxas more
// than 12 minutes (a 250,000-line kernel; nvcc 13.0, sm_90).

/// a * b, square(a), a * a aliased (a *= a), a + b.
template <int N> struct MulResults {
  using F = GF2n<N>;
  F mul, sqr, mul_self, sum;
};
template <int N> struct MulOp {
  using F = GF2n<N>;
  WARPNUM_HD MulResults<N> operator()(const Operands<N>& o) const {
    MulResults<N> r{};
    r.mul = o.a * o.b;
    r.sqr = square(o.a);
    F self = o.a;
    self *= self;
    r.mul_self = self;
    r.sum = o.a + o.b;
    return r;
  }
};

/// inverse_checked(a) with its status, and inverse(a) (0 for a == 0 on the device).
template <int N> struct InverseResults {
  using F = GF2n<N>;
  F inv, inv_checked;
  std::uint32_t status;
  std::uint32_t pad;
};
template <int N> struct InverseOp {
  using F = GF2n<N>;
  WARPNUM_HD InverseResults<N> operator()(const Operands<N>& o) const {
    InverseResults<N> r{};
    const ModResult<F> c = inverse_checked(o.a);
    r.inv_checked = c.value;
    r.status = static_cast<std::uint32_t>(c.status);
    r.inv = or_documented([&] { return inverse(o.a); }, F{});
    return r;
  }
};

/// a / b and a /= b (0 for b == 0 on the device).
template <int N> struct DivResults {
  using F = GF2n<N>;
  F div, div_assign;
};
template <int N> struct DivOp {
  using F = GF2n<N>;
  WARPNUM_HD DivResults<N> operator()(const Operands<N>& o) const {
    DivResults<N> r{};
    r.div = or_documented([&] { return o.a / o.b; }, F{});
    r.div_assign = or_documented(
        [&] {
          F q = o.a;
          q /= o.b;
          return q;
        },
        F{});
    return r;
  }
};

/// pow(a, e) with a built-in and a BigUInt exponent.
template <int N> struct PowResults {
  using F = GF2n<N>;
  F pow, pow_big;
};
template <int N> struct PowOp {
  using F = GF2n<N>;
  WARPNUM_HD PowResults<N> operator()(const Operands<N>& o) const { return {pow(o.a, o.e), pow(o.a, BigUInt<64>{o.e})}; }
};

/// The rest: sqrt, trace, half_trace (odd N; else 0), solve_quadratic, the comparisons, the integer constructors (with
/// the bits at x^N and above dropped on the device) and to_biguint.
template <int N> struct MiscResults {
  using F = GF2n<N>;
  F sqrt, half, root, from_u64, from_big, monomial;
  BigUInt<(F::degree + 31) / 32 * 32> big;
  std::uint32_t trace, exists, order, equal;
};
template <int N> struct Misc {
  using F = GF2n<N>;
  WARPNUM_HD MiscResults<N> operator()(const Operands<N>& o) const {
    MiscResults<N> r{};
    r.sqrt = sqrt(o.a);
    r.trace = static_cast<std::uint32_t>(trace(o.a));
    if constexpr (F::degree % 2 == 1) r.half = half_trace(o.a);
    const QuadraticRoot<F> q = solve_quadratic(o.b);
    r.root = q.root;
    r.exists = q.exists ? 1 : 0;
    // <=> is host-only (std::strong_ordering); the device has the six relational operators.
    r.order = (o.a < o.b ? 1 : 0) | (o.a <= o.b ? 2 : 0) | (o.a > o.b ? 4 : 0) | (o.a >= o.b ? 8 : 0);
    r.equal = (o.a == o.b ? 1 : 0) | (o.a != o.b ? 2 : 0) | (o.a.is_zero() ? 4 : 0) | (static_cast<bool>(o.b) ? 8 : 0);
    // The documented device results for out-of-range integers: the low N bits.
    F low{};
    for (int i = 0; i < 64 && i < F::degree; ++i) {
      if ((o.e >> i) & 1) low += F::monomial(i);
    }
    r.from_u64 = or_documented([&] { return F{o.e}; }, low);
    BigUInt<(F::degree + 31) / 32 * 32 + 64> wide{o.a.to_biguint()};
    wide = wide | (BigUInt<(F::degree + 31) / 32 * 32 + 64>{o.e} << F::degree);
    r.from_big = or_documented([&] { return F{wide}; }, o.a);
    r.monomial = F::monomial(static_cast<int>(o.e % F::degree));
    r.big = o.b.to_biguint();
    return r;
  }
};

/// Inputs: every ordered pair of the first edge elements, then seeded random ones (a zero divisor now and then),
/// with small, full 64-bit and top-heavy exponents.
template <class F> std::vector<Operands<F::degree>> operands(std::uint64_t seed, int random_count) {
  const std::vector<F> edges = edge_elements<F>();
  std::vector<Operands<F::degree>> in;
  const std::uint64_t exponents[] = {0, 1, 2, 3, F::degree, ~std::uint64_t{0}};
  std::size_t k = 0;
  for (const F& a : edges) {
    for (const F& b : edges) in.push_back({a, b, exponents[k++ % 6]});
  }
  Rng rng(seed);
  for (int i = 0; i < random_count; ++i) {
    const F a = random_element<F>(rng);
    const F b = rng.chance(1, 32) ? F{} : random_element<F>(rng);
    std::uint64_t e = rng.next();
    if (rng.chance(1, 2)) e &= 0xffff;
    in.push_back({a, b, e});
  }
  return in;
}

template <class F> class GF2nDevice : public DeviceTest {};
TYPED_TEST_SUITE_P(GF2nDevice);

/// The seed of one test at one width.
template <class F> std::uint64_t device_seed(std::uint64_t op) {
  return mix_seed(base_seed() ^ (static_cast<std::uint64_t>(F::degree) << 8) ^ op);
}
/// Random inputs beside the edge pairs: fewer where a thread's work is large.
template <class F> constexpr int device_cases() { return F::degree >= 571 ? 256 : 1024; }

TYPED_TEST_P(GF2nDevice, Mul) {
  using F = TypeParam;
  const std::uint64_t seed = device_seed<F>(1);
  expect_device_matches_host(MulOp<F::degree>{}, operands<F>(seed, device_cases<F>()), seed);
}

TYPED_TEST_P(GF2nDevice, Inverse) {
  using F = TypeParam;
  const std::uint64_t seed = device_seed<F>(2);
  const auto in = operands<F>(seed, device_cases<F>());
  const auto out = expect_device_matches_host(InverseOp<F::degree>{}, in, seed);
  // The statuses the device gave: not_invertible exactly for a == 0.
  for (std::size_t i = 0; i < in.size(); ++i) {
    const Status want = in[i].a.is_zero() ? Status::not_invertible : Status::ok;
    EXPECT_EQ(out[i].status, static_cast<std::uint32_t>(want)) << in[i];
  }
}

TYPED_TEST_P(GF2nDevice, Div) {
  using F = TypeParam;
  const std::uint64_t seed = device_seed<F>(3);
  expect_device_matches_host(DivOp<F::degree>{}, operands<F>(seed, device_cases<F>()), seed);
}

TYPED_TEST_P(GF2nDevice, Pow) {
  using F = TypeParam;
  const std::uint64_t seed = device_seed<F>(4);
  expect_device_matches_host(PowOp<F::degree>{}, operands<F>(seed, device_cases<F>()), seed);
}

TYPED_TEST_P(GF2nDevice, SqrtTraceQuadraticConversions) {
  using F = TypeParam;
  const std::uint64_t seed = device_seed<F>(5);
  expect_device_matches_host(Misc<F::degree>{}, operands<F>(seed, device_cases<F>()), seed);
}

REGISTER_TYPED_TEST_SUITE_P(GF2nDevice, Mul, Inverse, Div, Pow, SqrtTraceQuadraticConversions);

using Fields = ::testing::Types<GF2n<8>, GF2n<32>, GF2n<64>, GF2n<128>, GF2n<233>, GF2n<571>>;
INSTANTIATE_TYPED_TEST_SUITE_P(PerThread, GF2nDevice, Fields, GF2nNames);

// N = 1024: the products and the rest only. Its inversion kernels are 76,000 and 110,000 PTX lines (the 16-word
// product unrolled in each of Itoh-Tsujii's steps) and the whole suite at 1024 bits took nvcc 8 min 42 s alone
// (nvcc 13.0, sm_90, 2026-11-25); inversion, division and pow are covered up to 571 bits above.
class GF2nDevice1024 : public DeviceTest {};

TEST_F(GF2nDevice1024, Mul) {
  const std::uint64_t seed = device_seed<GF2n<1024>>(1);
  expect_device_matches_host(MulOp<1024>{}, operands<GF2n<1024>>(seed, 256), seed);
}

TEST_F(GF2nDevice1024, SqrtTraceQuadraticConversions) {
  const std::uint64_t seed = device_seed<GF2n<1024>>(5);
  expect_device_matches_host(Misc<1024>{}, operands<GF2n<1024>>(seed, 256), seed);
}

/// The constexpr checks, one flag each (1: passed).
struct ConstexprChecks {
  struct Out {
    std::uint32_t ok[4];
  };
  WARPNUM_HD Out operator()(const int&) const {
    return {{cx_gf2n::aes_8(), cx_gf2n::field_64(), cx_gf2n::field_128(), cx_gf2n::quadratic()}};
  }
};

class GF2nDeviceConstexpr : public DeviceTest {};

TEST_F(GF2nDeviceConstexpr, SameChecksInAKernel) {
  const auto out = expect_device_matches_host(ConstexprChecks{}, std::vector<int>(1), 0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[0].ok[i], 1u) << "check " << i << " (aes_8, field_64, field_128, quadratic)";
}

}  // namespace
}  // namespace warpnum::test

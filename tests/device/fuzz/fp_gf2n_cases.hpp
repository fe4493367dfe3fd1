// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/fp_gf2n_cases.hpp: device-fuzz's field tasks: Fp (compile-time primes of 64 to 544 bits: + - *
// /, negation, square, pow, inverse and its checked form, the constructors and value()) and GF2n (mul, square,
// inverse and its checked form, division, sqrt, trace, half_trace, pow, solve_quadratic, comparisons), each alone, all
// in one kernel, and chained.
#pragma once

#include "cases/gf2n_operands.hpp"
#include "device/fuzz/bigint_cases.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

namespace warpnum::fuzz {

// ---- Fp ---------------------------------------------------------------------------------------------------------

// The kernels are instantiated with tags that name the field (FpSingle<P256, 3>), never with Fp<Bits, Modulus>
// itself: nvcc 13.0 writes a class-type template argument into a kernel's host stub as text g++ cannot parse.
inline constexpr BigUInt<64> fuzz_p64{"0xffffffffffffffc5"};  // 2^64 - 59
inline constexpr BigUInt<256> fuzz_p256{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};
inline constexpr BigUInt<384> fuzz_p384{
    "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"};
inline constexpr BigUInt<544> fuzz_p521 = (BigUInt<544>{1u} << 521) - BigUInt<544>{1u};  // 2^521 - 1
struct P64 {
  using F = Fp<64, fuzz_p64>;
};
struct P256 {
  using F = Fp<256, fuzz_p256>;
};
struct P384 {
  using F = Fp<384, fuzz_p384>;
};
struct P521 {
  using F = Fp<544, fuzz_p521>;
};

template <class P> struct FpIn {
  using F = typename P::F;
  using T = typename F::value_type;
  F a;
  F b;
  T x;  // any value, for the constructor
  std::uint64_t k;
  friend std::ostream& operator<<(std::ostream& os, const FpIn& in) {
    return os << "Fp<" << F::bits << ", " << hex(F::modulus()) << ">: a = " << hex(in.a.value())
              << " (Montgomery form " << hex(in.a.montgomery()) << "), b = " << hex(in.b.value()) << " (Montgomery form "
              << hex(in.b.montgomery()) << "), x = " << hex(in.x) << ", k = " << in.k;
  }
};
template <class P> struct FpInputs {
  template <class Op> FpIn<P> operator()(Rng& rng, std::size_t, std::size_t, const Op&) const {
    using F = typename P::F;
    using T = typename F::value_type;
    const auto element = [&rng] {
      switch (rng.below(8)) {
        case 0: return F::zero();
        case 1: return F::one();
        case 2: return -F::one();
        case 3: return F(T{static_cast<std::uint32_t>(rng.below(5))});
        default: return F(test::random_value<T>(rng));
      }
    };
    FpIn<P> in{element(), element(), test::random_value<T>(rng), rng.next()};
    if (rng.chance(1, 8)) in.b = in.a;
    if (rng.chance(1, 16)) in.x = F::modulus() + T{static_cast<std::uint32_t>(rng.below(3))} - T{1u};
    return in;
  }
};

template <class P> struct FpR {
  typename P::F r;
};
template <class P> struct FpRS {
  typename P::F r;
  Words w;
};
template <class P> struct FpRV {
  typename P::F::value_type r;
};

inline constexpr const char* fp_op_names[] = {"add", "sub", "mul", "div", "neg", "square", "pow_u64", "pow",
                                              "inverse_checked", "inverse", "from_value", "value", "from_int64", "equal"};
inline constexpr int fp_num_ops = sizeof(fp_op_names) / sizeof(fp_op_names[0]);

/// Operation K of fp_op_names alone; division by and the inverse of zero give the device's documented zero.
template <class P, int K> struct FpSingle {
  using F = typename P::F;
  WARPNUM_HD auto operator()(const FpIn<P>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    if constexpr (K == 0) return FpR<P>{a + b};
    else if constexpr (K == 1) return FpR<P>{a - b};
    else if constexpr (K == 2) return FpR<P>{a * b};
    else if constexpr (K == 3) return FpR<P>{or_documented([&] { return a / b; }, F::zero())};
    else if constexpr (K == 4) return FpR<P>{-a};
    else if constexpr (K == 5) return FpR<P>{square(a)};
    else if constexpr (K == 6) return FpR<P>{pow(a, in.k)};
    else if constexpr (K == 7) return FpR<P>{pow(a, in.x)};
    else if constexpr (K == 8) {
      const auto c = inverse_checked(a);
      FpRS<P> o{c.value, {}};
      o.w[0] = static_cast<std::uint32_t>(c.status);
      return o;
    } else if constexpr (K == 9) return FpR<P>{or_documented([&] { return inverse(b); }, F::zero())};
    else if constexpr (K == 10) return FpR<P>{F(in.x)};
    else if constexpr (K == 11) return FpRV<P>{a.value()};
    else if constexpr (K == 12) return FpR<P>{F(static_cast<std::int64_t>(in.k))};
    else {
      FpRS<P> o{a, {}};
      o.w[0] = (a == b ? 1u : 0u) | (a != b ? 2u : 0u) | (a.is_zero() ? 4u : 0u);
      return o;
    }
  }
};

template <class P> struct FpManyOut {
  typename P::F r[16];
  Words w;
};
/// Every operation of FpSingle in one body.
template <class P> struct FpFused {
  using F = typename P::F;
  WARPNUM_HD FpManyOut<P> operator()(const FpIn<P>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    FpManyOut<P> o{};
    o.r[0] = a + b;
    o.r[1] = a - b;
    o.r[2] = a * b;
    o.r[3] = or_documented([&] { return a / b; }, F::zero());
    o.r[4] = -a;
    o.r[5] = square(a);
    o.r[6] = pow(a, in.k);
    o.r[7] = pow(b, in.x);
    const auto c = inverse_checked(a);
    o.r[8] = c.value;
    o.w[0] = static_cast<std::uint32_t>(c.status);
    o.r[9] = or_documented([&] { return inverse(b); }, F::zero());
    o.r[10] = F(in.x);
    o.r[11] = F::from_montgomery(a.value());
    o.r[12] = F(static_cast<std::int64_t>(in.k));
    o.w[1] = (a == b ? 1u : 0u) | (a != b ? 2u : 0u) | (a.is_zero() ? 4u : 0u);
    return o;
  }
};
/// Chains: (a b) / b, the inverse of a computed element times itself, powers by computed exponents, a quotient
/// of computed elements, Fermat's a^(p-1).
template <class P> struct FpChained {
  using F = typename P::F;
  WARPNUM_HD FpManyOut<P> operator()(const FpIn<P>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    FpManyOut<P> o{};
    const F ab = a * b;
    const F back = or_documented([&] { return ab / b; }, F::zero());
    const F s = square(ab + a) - b;
    const auto inv = inverse_checked(s);
    const F one = inv.value * s;
    const F p = pow(s, ab.value());
    const F q = or_documented([&] { return p / (one + a); }, F::zero());
    const F fermat = pow(q, F::modulus() - typename F::value_type{1u});
    o.r[0] = ab;
    o.r[1] = back;
    o.r[2] = s;
    o.r[3] = inv.value;
    o.r[4] = one;
    o.r[5] = p;
    o.r[6] = q;
    o.r[7] = fermat;
    o.r[8] = F(q.value() + p.montgomery());
    o.w[0] = static_cast<std::uint32_t>(inv.status);
    o.w[1] = (back == a ? 1u : 0u) | (fermat == F::one() ? 2u : 0u);
    return o;
  }
};

template <class P, int K> void add_fp_single(Tasks& tasks, double weight) {
  constexpr int bits = static_cast<int>(P::F::bits);
  const double cost = K == 3 || K == 7 || K == 8 || K == 9 ? 8 : K == 6 ? 4 : 1;
  tasks.push_back(make_task("Fp", bits, Shape::alone, fp_op_names[K], 1, 8 * weight / cost,
                            [](Rng&) { return FpSingle<P, K>{}; }, FpInputs<P>{}));
  if constexpr (K + 1 < fp_num_ops) add_fp_single<P, K + 1>(tasks, weight);
}
template <class P> void register_fp_field(Tasks& tasks) {
  constexpr int bits = static_cast<int>(P::F::bits);
  const double weight = width_weight(P::F::bits) / 2;
  add_fp_single<P, 0>(tasks, weight);
  tasks.push_back(make_task("Fp", bits, Shape::fused, "all", 15, weight / 4, [](Rng&) { return FpFused<P>{}; },
                            FpInputs<P>{}));
  tasks.push_back(make_task("Fp", bits, Shape::chained, "inverse_pow_fermat_chain", 11, weight / 4,
                            [](Rng&) { return FpChained<P>{}; }, FpInputs<P>{}));
}

// ---- GF2n -------------------------------------------------------------------------------------------------------

// Templates over N alone (the default polynomial), for the reason given for Fp above.
template <int N> struct GIn {
  GF2n<N> a;
  GF2n<N> b;
  std::uint64_t e;
  friend std::ostream& operator<<(std::ostream& os, const GIn& in) {
    return os << "GF2n<" << N << ">: a = 0x" << to_string(in.a) << ", b = 0x" << to_string(in.b) << ", e = " << in.e;
  }
};
template <int N> struct GInputs {
  std::vector<GF2n<N>> edges = test::edge_elements<GF2n<N>>();
  template <class Op> GIn<N> operator()(Rng& rng, std::size_t i, std::size_t n, const Op&) const {
    using F = GF2n<N>;
    GIn<N> in{};
    std::uint64_t e = rng.next();
    if (rng.chance(1, 2)) e &= 0xffff;
    if (rng.chance(1, 8)) e = rng.below(4);
    if (i < n / 4) {
      in = {edges[rng.below(edges.size())], edges[rng.below(edges.size())], e};
    } else {
      in = {test::random_element<F>(rng), rng.chance(1, 32) ? F{} : test::random_element<F>(rng), e};
      if (rng.chance(1, 8)) in.b = in.a;
    }
    return in;
  }
};

template <int N> struct GR {
  GF2n<N> r;
};
template <int N> struct GRS {
  GF2n<N> r;
  Words w;
};

inline constexpr const char* gf2n_op_names[] = {"mul",  "square",    "add",        "inverse_checked", "inverse",
                                                "div",  "sqrt",      "trace",      "half_trace",      "pow_u64",
                                                "pow_biguint64", "solve_quadratic", "compare"};
inline constexpr int gf2n_num_ops = sizeof(gf2n_op_names) / sizeof(gf2n_op_names[0]);
/// The operations at N = 1024, where an inversion alone takes nvcc minutes: no inverse, division or half_trace.
constexpr bool gf2n_op_at_1024(int k) { return k != 3 && k != 4 && k != 5 && k != 8; }

/// Operation K of gf2n_op_names alone; the inverse of and division by zero give the device's documented zero.
template <int N, int K> struct GSingle {
  using F = GF2n<N>;
  WARPNUM_HD auto operator()(const GIn<N>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    if constexpr (K == 0) return GR<N>{a * b};
    else if constexpr (K == 1) return GR<N>{square(a)};
    else if constexpr (K == 2) return GR<N>{a + b};
    else if constexpr (K == 3) {
      const auto c = inverse_checked(a);
      GRS<N> o{c.value, {}};
      o.w[0] = static_cast<std::uint32_t>(c.status);
      return o;
    } else if constexpr (K == 4) return GR<N>{or_documented([&] { return inverse(a); }, F{})};
    else if constexpr (K == 5) return GR<N>{or_documented([&] { return a / b; }, F{})};
    else if constexpr (K == 6) return GR<N>{sqrt(a)};
    else if constexpr (K == 7) {
      GRS<N> o{a, {}};
      o.w[0] = static_cast<std::uint32_t>(trace(a));
      return o;
    } else if constexpr (K == 8) return GR<N>{half_trace(a)};
    else if constexpr (K == 9) return GR<N>{pow(a, in.e)};
    else if constexpr (K == 10) return GR<N>{pow(a, BigUInt<64>{in.e})};
    else if constexpr (K == 11) {
      const auto q = solve_quadratic(b);
      GRS<N> o{q.root, {}};
      o.w[0] = q.exists ? 1u : 0u;
      return o;
    } else {
      GRS<N> o{a, {}};
      o.w[0] = (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a > b ? 4u : 0u) | (a >= b ? 8u : 0u) | (a == b ? 16u : 0u) |
               (a != b ? 32u : 0u) | (a.is_zero() ? 64u : 0u);
      return o;
    }
  }
};

template <int N> struct GManyOut {
  GF2n<N> r[14];
  Words w;
};
/// Every operation of GSingle in one body (without inversion and division at N = 1024).
template <int N> struct GFused {
  using F = GF2n<N>;
  WARPNUM_HD GManyOut<N> operator()(const GIn<N>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    GManyOut<N> o{};
    o.r[0] = a * b;
    o.r[1] = square(a);
    o.r[2] = a + b;
    if constexpr (N != 1024) {
      const auto c = inverse_checked(a);
      o.r[3] = c.value;
      o.w[0] = static_cast<std::uint32_t>(c.status);
      o.r[4] = or_documented([&] { return inverse(b); }, F{});
      o.r[5] = or_documented([&] { return a / b; }, F{});
    }
    o.r[6] = sqrt(a);
    o.w[1] = static_cast<std::uint32_t>(trace(b));
    if constexpr (N % 2 == 1) o.r[7] = half_trace(a);
    o.r[8] = pow(a, in.e);
    o.r[9] = pow(b, BigUInt<64>{in.e >> 3});
    const auto q = solve_quadratic(b);
    o.r[10] = q.root;
    o.w[2] = q.exists ? 1u : 0u;
    o.w[3] = (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a > b ? 4u : 0u) | (a >= b ? 8u : 0u) | (a == b ? 16u : 0u) |
             (a != b ? 32u : 0u);
    o.r[11] = a * a;
    return o;
  }
};
/// Chains: c = a b, its inverse, the inverse times a (= 1 / b), the root of the square plus a, powers by an exponent
/// taken from a result, a quadratic solved for a computed constant and the root checked.
template <int N> struct GChained {
  using F = GF2n<N>;
  WARPNUM_HD GManyOut<N> operator()(const GIn<N>& in) const {
    const F& a = in.a;
    const F& b = in.b;
    GManyOut<N> o{};
    const F c = a * b;
    F i = c;
    F d = a;
    if constexpr (N != 1024) {
      i = or_documented([&] { return inverse(c); }, F{});
      d = i * a;
    }
    const F s = sqrt(square(d) + a);
    const int t = trace(s);
    std::uint64_t e = in.e;
    if (!s.is_zero()) e ^= s.data()[0];
    const F p = pow(s, e);
    const auto q = solve_quadratic(t != 0 ? p + F::one() : p);
    const F check = square(q.root) + q.root;
    o.r[0] = c;
    o.r[1] = i;
    o.r[2] = d;
    o.r[3] = s;
    o.r[4] = p;
    o.r[5] = q.root;
    o.r[6] = check;
    o.r[7] = d * b;  // a where b != 0
    o.r[8] = pow(p, BigUInt<64>{static_cast<std::uint64_t>(t) + 2});
    o.w[0] = static_cast<std::uint32_t>(t);
    o.w[1] = q.exists ? 1u : 0u;
    return o;
  }
};

template <int N, int K> void add_gf2n_single(Tasks& tasks, double weight) {
  // half_trace is defined for odd N only.
  if constexpr ((N != 1024 || gf2n_op_at_1024(K)) && (K != 8 || N % 2 == 1)) {
    {
      const double cost = K == 3 || K == 4 || K == 5 ? 8 : K == 9 || K == 10 || K == 11 || K == 8 ? 4 : 1;
      tasks.push_back(make_task("GF2n", N, Shape::alone, gf2n_op_names[K], 1, 8 * weight / cost,
                                [](Rng&) { return GSingle<N, K>{}; }, GInputs<N>{}));
    }
  }
  if constexpr (K + 1 < gf2n_num_ops) add_gf2n_single<N, K + 1>(tasks, weight);
}
template <int N> void register_gf2n_field(Tasks& tasks) {
  const double weight = width_weight(static_cast<std::size_t>(N)) / 2;
  add_gf2n_single<N, 0>(tasks, weight);
  tasks.push_back(make_task("GF2n", N, Shape::fused, "all", N == 1024 ? 10 : 14, weight / 4,
                            [](Rng&) { return GFused<N>{}; }, GInputs<N>{}));
  tasks.push_back(make_task("GF2n", N, Shape::chained, "inverse_sqrt_pow_quadratic_chain", 11, weight / 4,
                            [](Rng&) { return GChained<N>{}; }, GInputs<N>{}));
}

}  // namespace warpnum::fuzz

// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/modular_cases.hpp: device-fuzz's modular tasks: powm (both exponent forms, checked), modinv
// (checked), Montgomery and Barrett contexts built on the host and passed by value (every operation) or built in
// device code from each input's modulus (checked and constructor), multi_powm_checked, is_probable_prime and
// miller_rabin_round; each alone, all in one kernel, and chains in which computed values become moduli, exponents
// and contexts.
#pragma once

#include "cases/modular_operands.hpp"
#include "device/fuzz/bigint_cases.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

namespace warpnum::fuzz {

/// One input: a, b any values, e an exponent, m a modulus of its own (odd, even, 0, 1, near 2^Bits or small); x, y
/// below the Montgomery context's modulus, u, v below the Barrett context's; g a second exponent, kept short.
template <class T> struct ModIn {
  T a, b, e, m, x, y, u, v;
  std::uint64_t k;
  friend std::ostream& operator<<(std::ostream& os, const ModIn& in) {
    return os << "BigUInt<" << T::bits << ">: a = " << hex(in.a) << ", b = " << hex(in.b) << ", e = " << hex(in.e)
              << ", m = " << hex(in.m) << ", x = " << hex(in.x) << ", y = " << hex(in.y) << ", u = " << hex(in.u)
              << ", v = " << hex(in.v) << ", k = " << in.k;
  }
};

/// A modulus near the top (2^Bits - 1 - 2j, 2^(Bits-1) + 1) or the bottom (1, 2, 3, small), 2^k +- 1, or random.
template <class T> T edge_modulus(Rng& rng) {
  const std::uint64_t kk = 1 + rng.below(T::bits - 1);
  switch (rng.below(10)) {
    case 0: return ~T{} - T{static_cast<std::uint32_t>(2 * rng.below(4))};
    case 1: return (T{1u} << (T::bits - 1)) + T{1u};
    case 2: return T{1u} << (T::bits - 1);
    case 3: return T{static_cast<std::uint32_t>(1 + rng.below(8))};
    case 4: return (T{1u} << kk) + T{1u};
    case 5: return (T{1u} << kk) - T{1u};
    case 6: return T{rng.u32() | 1u};
    case 7: return ~T{} - T{2u};
    default: return test::random_value<T>(rng) | T{1u};
  }
}

/// The Mersenne exponents p with 2^p - 1 prime, up to 2203.
inline constexpr unsigned mersenne_exponents[] = {2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279, 2203};

/// Contexts shared by a task's inputs (built on the host from the task's seed), and the inputs' generator.
template <class T> struct ModContexts {
  Montgomery<T::bits> mont;
  Barrett<T::bits> barrett;
};
template <class T> ModContexts<T> make_contexts(Rng& rng) {
  T mo = rng.chance(1, 2) ? edge_modulus<T>(rng) : test::random_value<T>(rng);
  mo.set_bit(0);
  if (mo == T{1u}) mo = T{3u};
  T me = rng.chance(1, 2) ? edge_modulus<T>(rng) : test::random_value<T>(rng);
  me.set_bit(0, false);
  if (me.is_zero()) me = T{2u};
  return {Montgomery<T::bits>(mo), Barrett<T::bits>(me)};
}

template <class T> struct ModInputs {
  T mont_m;
  T barrett_m;
  std::size_t exponent_bits;
  ModIn<T> operator()(Rng& rng, std::size_t i, std::size_t) const {
    ModIn<T> in{};
    in.a = test::random_value<T>(rng);
    in.b = rng.chance(1, 8) ? in.a : test::random_value<T>(rng);
    const std::size_t eb = rng.chance(1, 16) ? T::bits : exponent_bits;
    in.e = test::make_exponent<T>(rng, eb);
    switch (rng.below(4)) {
      case 0: in.m = edge_modulus<T>(rng); break;
      case 1: {  // a prime or a product of two: for the primality tests
        const unsigned p = mersenne_exponents[rng.below(std::size(mersenne_exponents))];
        const unsigned q = mersenne_exponents[rng.below(std::size(mersenne_exponents))];
        if (p < T::bits) in.m = (T{1u} << p) - T{1u};
        if (rng.chance(1, 2) && p + q <= T::bits) in.m = in.m * ((T{1u} << q) - T{1u});
        if (in.m.is_zero()) in.m = T{97u};
        break;
      }
      default: in.m = test::any_modulus<T>(rng, i); break;
    }
    if (rng.chance(1, 8)) in.a = in.m;  // a == m, a multiple of m
    if (rng.chance(1, 16)) in.a = in.m - T{1u};
    in.x = in.a % mont_m;
    in.y = in.b % mont_m;
    if (rng.chance(1, 16)) in.x = mont_m - T{1u};
    in.u = in.a % barrett_m;
    in.v = in.b % barrett_m;
    if (rng.chance(1, 16)) in.v = barrett_m - T{1u};
    in.k = rng.next();
    return in;
  }
};

template <class T> struct MR1 {
  T r;
};
template <class T> struct MRS {
  T r;
  Words w;
};
template <class T> struct MRCtx {
  T r[4];
  Words w;
};

inline constexpr const char* modular_op_names[] = {
    "powm",         "powm_u64",     "powm_checked",  "modinv_checked", "modinv",       "mont_mul",
    "mont_sqr",     "mont_add",     "mont_sub",      "mont_neg",       "mont_to",      "mont_from",
    "mont_pow",     "mont_pow_u64", "mont_sqr_n",    "barrett_reduce_wide", "barrett_reduce", "barrett_mul",
    "barrett_sqr",  "barrett_add",  "barrett_sub",   "barrett_neg",    "barrett_pow",  "barrett_powm",
    "montgomery_checked_device", "barrett_checked_device", "is_probable_prime", "miller_rabin_round"};
inline constexpr int modular_num_ops = sizeof(modular_op_names) / sizeof(modular_op_names[0]);

/// Operation K of modular_op_names alone. Where the host throws (m == 0, no inverse) the host side takes the
/// device's documented result.
template <class T, int K> struct ModSingle {
  ModContexts<T> c;
  WARPNUM_HD auto operator()(const ModIn<T>& in) const {
    const auto& mc = c.mont;
    const auto& bc = c.barrett;
    const std::uint64_t e64 = static_cast<std::uint64_t>(BigUInt<64>(in.e));
    if constexpr (K == 0) return MR1<T>{or_documented([&] { return powm(in.a, in.e, in.m); }, T{})};
    else if constexpr (K == 1) return MR1<T>{or_documented([&] { return powm(in.a, e64, in.m); }, T{})};
    else if constexpr (K == 2) {
      const auto r = powm_checked(in.a, in.e, in.m);
      MRS<T> o{r.value, {}};
      o.w[0] = static_cast<std::uint32_t>(r.status);
      return o;
    } else if constexpr (K == 3) {
      const auto r = modinv_checked(in.a, in.m);
      MRS<T> o{r.value, {}};
      o.w[0] = static_cast<std::uint32_t>(r.status);
      return o;
    } else if constexpr (K == 4) return MR1<T>{or_documented([&] { return modinv(in.a, in.m); }, T{})};
    else if constexpr (K == 5) return MR1<T>{mc.mul(in.x, in.y)};
    else if constexpr (K == 6) return MR1<T>{mc.sqr(in.x)};
    else if constexpr (K == 7) return MR1<T>{mc.add(in.x, in.y)};
    else if constexpr (K == 8) return MR1<T>{mc.sub(in.x, in.y)};
    else if constexpr (K == 9) return MR1<T>{mc.neg(in.x)};
    else if constexpr (K == 10) return MR1<T>{mc.to_montgomery(in.a)};
    else if constexpr (K == 11) return MR1<T>{mc.from_montgomery(in.x)};
    else if constexpr (K == 12) return MR1<T>{mc.pow(in.x, in.e)};
    else if constexpr (K == 13) return MR1<T>{mc.pow(in.y, e64)};
    else if constexpr (K == 14) return MR1<T>{mc.sqr_n(in.x, static_cast<int>(in.k % 12))};
    else if constexpr (K == 15) return MR1<T>{bc.reduce(mul_wide(in.u, in.b))};
    else if constexpr (K == 16) return MR1<T>{bc.reduce(in.a)};
    else if constexpr (K == 17) return MR1<T>{bc.mul(in.u, in.v)};
    else if constexpr (K == 18) return MR1<T>{bc.sqr(in.u)};
    else if constexpr (K == 19) return MR1<T>{bc.add(in.u, in.v)};
    else if constexpr (K == 20) return MR1<T>{bc.sub(in.u, in.v)};
    else if constexpr (K == 21) return MR1<T>{bc.neg(in.v)};
    else if constexpr (K == 22) return MR1<T>{bc.pow(in.u, in.e)};
    else if constexpr (K == 23) return MR1<T>{bc.powm(in.a, in.e)};
    else if constexpr (K == 24) {
      // A context from the input's modulus, in device code: checked (status, constants, a product) and the
      // constructor, which throws on the host for an even or zero modulus and gives checked's context on the device.
      const auto k = Montgomery<T::bits>::checked(in.m);
      const auto ctor = or_documented([&] { return Montgomery<T::bits>(in.m); }, k);
      MRCtx<T> o{{k.one(), k.r_squared(), k.from_montgomery(k.mul(k.to_montgomery(in.a), k.to_montgomery(in.b))),
                  ctor.r_squared()},
                 {}};
      o.w[0] = static_cast<std::uint32_t>(k.status());
      o.w[1] = static_cast<std::uint32_t>(ctor.status());
      o.w[2] = static_cast<std::uint32_t>(k.neg_inverse());
      o.w[3] = static_cast<std::uint32_t>(k.neg_inverse() >> 32);
      return o;
    } else if constexpr (K == 25) {
      const auto k = Barrett<T::bits>::checked(in.m);
      MRCtx<T> o{{k.modulus(), k.one(), T{}, T{}}, {}};
      if (k.status() == Status::ok) {
        o.r[2] = k.reduce(in.a);
        o.r[3] = k.powm(in.b, in.e);
      }
      o.w[0] = static_cast<std::uint32_t>(k.status());
      return o;
    } else if constexpr (K == 26) {
      MRS<T> o{in.m, {}};
      o.w[0] = is_probable_prime(in.m, 1 + static_cast<int>(in.k % 4)) ? 1u : 0u;
      o.w[1] = is_probable_prime(in.a | T{1u}, 1) ? 1u : 0u;
      return o;
    } else {
      MRS<T> o{in.m, {}};
      o.w[0] = 2u;
      if (in.m.bit(0) && in.m > T{3u}) o.w[0] = miller_rabin_round(Montgomery<T::bits>::checked(in.m), in.a) ? 1u : 0u;
      return o;
    }
  }
};

/// Up to 6 bases and exponents for multi_powm_checked.
template <class T> struct MultiIn {
  T g[6];
  T e[6];
  T m;
  int count;
  int pad[3];
  friend std::ostream& operator<<(std::ostream& os, const MultiIn& in) {
    os << "BigUInt<" << T::bits << ">: count = " << in.count << ", m = " << hex(in.m);
    for (int i = 0; i < in.count; ++i) os << ", g[" << i << "] = " << hex(in.g[i]) << ", e[" << i << "] = " << hex(in.e[i]);
    return os;
  }
};
template <class T> struct MultiInputs {
  std::size_t exponent_bits;
  MultiIn<T> operator()(Rng& rng, std::size_t i, std::size_t) const {
    MultiIn<T> in{};
    in.count = static_cast<int>(rng.below(7));
    in.m = rng.chance(1, 4) ? edge_modulus<T>(rng) : test::any_modulus<T>(rng, i);
    for (int j = 0; j < in.count; ++j) {
      in.g[j] = test::random_value<T>(rng);
      in.e[j] = test::make_exponent<T>(rng, exponent_bits);
    }
    return in;
  }
};
template <class T> struct MultiPowm {
  WARPNUM_HD MRS<T> operator()(const MultiIn<T>& in) const {
    const auto r = multi_powm_checked(in.g, in.e, in.count, in.m);
    MRS<T> o{r.value, {}};
    o.w[0] = static_cast<std::uint32_t>(r.status);
    return o;
  }
};

/// Every operation of ModSingle, and a multi_powm of three bases, in one body.
template <class T> struct ModFusedOut {
  T r[30];
  Words w;
};
template <class T> struct ModFused {
  ModContexts<T> c;
  WARPNUM_HD ModFusedOut<T> operator()(const ModIn<T>& in) const {
    const auto& mc = c.mont;
    const auto& bc = c.barrett;
    const std::uint64_t e64 = static_cast<std::uint64_t>(BigUInt<64>(in.e));
    ModFusedOut<T> o{};
    o.r[0] = or_documented([&] { return powm(in.a, in.e, in.m); }, T{});
    o.r[1] = or_documented([&] { return powm(in.a, e64, in.m); }, T{});
    const auto pc = powm_checked(in.b, in.e, in.m);
    o.r[2] = pc.value;
    o.w[0] = static_cast<std::uint32_t>(pc.status);
    const auto ic = modinv_checked(in.a, in.m);
    o.r[3] = ic.value;
    o.w[1] = static_cast<std::uint32_t>(ic.status);
    o.r[4] = or_documented([&] { return modinv(in.b, in.m); }, T{});
    o.r[5] = mc.mul(in.x, in.y);
    o.r[6] = mc.sqr(in.x);
    o.r[7] = mc.add(in.x, in.y);
    o.r[8] = mc.sub(in.x, in.y);
    o.r[9] = mc.neg(in.y);
    o.r[10] = mc.to_montgomery(in.a);
    o.r[11] = mc.from_montgomery(in.x);
    o.r[12] = mc.pow(in.x, in.e);
    o.r[13] = mc.pow(in.y, e64);
    o.r[14] = mc.sqr_n(in.x, static_cast<int>(in.k % 12));
    o.r[15] = bc.reduce(mul_wide(in.u, in.b));
    o.r[16] = bc.reduce(in.a);
    o.r[17] = bc.mul(in.u, in.v);
    o.r[18] = bc.sqr(in.u);
    o.r[19] = bc.add(in.u, in.v);
    o.r[20] = bc.sub(in.u, in.v);
    o.r[21] = bc.neg(in.v);
    o.r[22] = bc.pow(in.u, in.e);
    o.r[23] = bc.powm(in.a, in.e);
    const auto k = Montgomery<T::bits>::checked(in.m);
    o.r[24] = k.r_squared();
    o.r[25] = k.from_montgomery(k.mul(k.to_montgomery(in.a), k.to_montgomery(in.b)));
    o.w[2] = static_cast<std::uint32_t>(k.status());
    o.w[3] = static_cast<std::uint32_t>(k.neg_inverse());
    const auto bk = Barrett<T::bits>::checked(in.m);
    o.w[4] = static_cast<std::uint32_t>(bk.status());
    if (bk.status() == Status::ok) o.r[26] = bk.powm(in.b, in.e);
    o.w[5] = is_probable_prime(in.m, 1 + static_cast<int>(in.k % 4)) ? 1u : 0u;
    o.w[6] = 2u;
    if (in.m.bit(0) && in.m > T{3u}) o.w[6] = miller_rabin_round(k, in.a) ? 1u : 0u;
    const T g[3] = {in.a, in.b, in.x};
    const T ex[3] = {in.e, in.e >> (in.k % T::bits), T{static_cast<std::uint32_t>(in.k)}};
    const auto mp = multi_powm_checked(g, ex, 1 + static_cast<int>(in.k % 3), in.m);
    o.r[27] = mp.value;
    o.w[7] = static_cast<std::uint32_t>(mp.status);
    o.r[28] = mc.mul(in.a, in.y);  // a y < m R for any a
    o.r[29] = or_documented([&] { return powm(in.x, in.e, mc.modulus()); }, T{});
    return o;
  }
};
inline constexpr int fused_modular_ops = 34;

/// Chains: the modulus m = (a / (b | 1)) | 1 computed; its context, a power in it, the same power by powm, the
/// inverse of the power, the product with the inverse (1 where it exists), an even modulus from the results and its
/// Barrett context, a powm with a computed exponent and modulus, a multi_powm of computed bases, primality of m.
template <class T> struct ModChained {
  WARPNUM_HD ModFusedOut<T> operator()(const ModIn<T>& in) const {
    ModFusedOut<T> o{};
    const T m = (in.a / (in.b | T{1u})) | T{1u};
    const auto mc = Montgomery<T::bits>::checked(m);
    const T p = mc.from_montgomery(mc.pow(mc.to_montgomery(in.b), in.e));
    const T p2 = powm(in.b, in.e, m);
    const auto inv = modinv_checked(p, m);
    const T one = mc.from_montgomery(mc.mul(mc.to_montgomery(p), mc.to_montgomery(inv.value)));
    T m2 = ((p ^ in.a) + inv.value) << 1;
    if (m2.is_zero()) m2 = T{2u};
    const auto bc = Barrett<T::bits>::checked(m2);
    const T q = bc.powm(in.a, in.e);
    const BigUInt<128> e2(p);  // a computed exponent of 128 bits
    const T r = powm(inv.value, e2, m2);
    const T s = powm(q, p2 >> (T::bits > 128 ? T::bits - 128 : 0), m);
    const T g[3] = {p, inv.value, q};
    const T ex[3] = {in.e, p2 >> (T::bits / 2), r >> (T::bits / 2)};
    const auto mp = multi_powm_checked(g, ex, 3, m2 | T{1u});
    const T gg = gcd(p, m);
    const T d = (m / (gg | T{1u})) | T{1u};
    const auto dc = Montgomery<T::bits>::checked(d);
    o.r[0] = m;
    o.r[1] = mc.r_squared();
    o.r[2] = p;
    o.r[3] = p2;
    o.r[4] = inv.value;
    o.r[5] = one;
    o.r[6] = m2;
    o.r[7] = q;
    o.r[8] = r;
    o.r[9] = s;
    o.r[10] = mp.value;
    o.r[11] = gg;
    o.r[12] = d;
    o.r[13] = dc.from_montgomery(dc.sqr(dc.to_montgomery(p)));
    o.r[14] = bc.reduce(mul_wide(q, r));
    o.w[0] = static_cast<std::uint32_t>(inv.status);
    o.w[1] = static_cast<std::uint32_t>(bc.status());
    o.w[2] = static_cast<std::uint32_t>(mp.status);
    o.w[3] = is_probable_prime(m, 2) ? 1u : 0u;
    o.w[4] = (p == p2 ? 1u : 0u) | (one == T{1u} ? 2u : 0u);
    o.w[5] = static_cast<std::uint32_t>(mc.neg_inverse());
    return o;
  }
};
inline constexpr int chained_modular_ops = 24;

/// Exponent lengths: full at small widths, shorter where one thread's exponentiation takes milliseconds.
template <class T> constexpr std::size_t exponent_bits() { return T::bits <= 512 ? T::bits : T::bits <= 1024 ? 256 : 128; }
inline double modular_weight(std::size_t bits) {
  return bits <= 64 ? 3 : bits <= 128 ? 1.5 : bits <= 256 ? 0.6 : bits <= 512 ? 0.25 : bits <= 1024 ? 0.08 : 0.03;
}
constexpr double modular_op_cost(int k) {
  return k <= 4 || k == 12 || k == 13 || k == 22 || k == 23 || k >= 24 ? 8 : 1;
}

/// The inputs of a task whose functor holds contexts c (their moduli bound x, y, u, v).
template <class T> struct ModInputsFor {
  template <class Op> ModIn<T> operator()(Rng& rng, std::size_t i, std::size_t n, const Op& op) const {
    return ModInputs<T>{op.c.mont.modulus(), op.c.barrett.modulus(), exponent_bits<T>()}(rng, i, n);
  }
};
template <class T, int K> void add_mod_single(Tasks& tasks) {
  tasks.push_back(make_task("Modular", static_cast<int>(T::bits), Shape::alone, modular_op_names[K], 1,
                            8 * modular_weight(T::bits) / modular_op_cost(K),
                            [](Rng& rng) { return ModSingle<T, K>{make_contexts<T>(rng)}; }, ModInputsFor<T>{}));
  if constexpr (K + 1 < modular_num_ops) add_mod_single<T, K + 1>(tasks);
}

/// The modular tasks at T's width: each operation alone (with multi_powm_checked), or fused and chained.
template <class T> void register_modular(Tasks& tasks, bool alone, bool fused) {
  const int bits = static_cast<int>(T::bits);
  if (alone) {
    add_mod_single<T, 0>(tasks);
    tasks.push_back(make_task("Modular", bits, Shape::alone, "multi_powm_checked", 1, modular_weight(T::bits),
                              [](Rng&) { return MultiPowm<T>{}; },
                              [](Rng& rng, std::size_t i, std::size_t n, const MultiPowm<T>&) {
                                return MultiInputs<T>{exponent_bits<T>()}(rng, i, n);
                              }));
  }
  if (fused) {
    tasks.push_back(make_task("Modular", bits, Shape::fused, "all", fused_modular_ops, modular_weight(T::bits) / 2,
                              [](Rng& rng) { return ModFused<T>{make_contexts<T>(rng)}; }, ModInputsFor<T>{}));
    tasks.push_back(make_task("Modular", bits, Shape::chained, "computed_moduli_contexts_exponents", chained_modular_ops,
                              modular_weight(T::bits) / 2, [](Rng&) { return ModChained<T>{}; },
                              [](Rng& rng, std::size_t i, std::size_t n, const ModChained<T>&) {
                                return ModInputs<T>{T{3u}, T{2u}, exponent_bits<T>()}(rng, i, n);
                              }));
  }
}

}  // namespace warpnum::fuzz

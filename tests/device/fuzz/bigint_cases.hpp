// SPDX-License-Identifier: Apache-2.0
// tests/device/fuzz/bigint_cases.hpp: device-fuzz's BigUInt/BigInt tasks: every operator and function (+ - * / %,
// divmod_checked, shifts, bit operations, comparisons, mul_wide, sqr, sqr_wide, isqrt, gcd, lcm, pow, the bit
// queries) each alone in its own kernel, all of them in one kernel, and chains of them, over edge and random inputs.
#pragma once

#include "device/fuzz/fuzz.hpp"

#include <warpnum/bigint.hpp>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace warpnum::fuzz {

template <class T> std::string hex(const T& x) { return "0x" + to_string(BasicInt<T::bits, false>(x), 16); }

/// Two numbers and a 64-bit argument (shift, exponent, bit index).
template <class T> struct BinIn {
  T a;
  T b;
  std::uint64_t k;
  friend std::ostream& operator<<(std::ostream& os, const BinIn& in) {
    return os << (T::is_signed ? "BigInt<" : "BigUInt<") << T::bits << "> (two's complement patterns) a = " << hex(in.a)
              << ", b = " << hex(in.b) << ", k = " << in.k << " (0x" << std::hex << in.k << std::dec << ")";
  }
};

/// Inputs: a quarter pairs of edge values (0, 1, all ones, max, min, 2^k and 2^k +- 1 at limb boundaries, runs of
/// ones); the rest random_value shapes with equal operands, negations, neighbours, short divisors, common factors
/// and powers of two mixed in.
template <class T> struct BinInputs {
  std::vector<T> edges = test::edge_values<T>();
  template <class Op> BinIn<T> operator()(Rng& rng, std::size_t i, std::size_t n, const Op&) const {
    const std::size_t e = edges.size();
    std::uint64_t k;
    switch (rng.below(4)) {
      case 0: k = test::random_shift<T>(rng); break;
      case 1: k = rng.below(70); break;
      case 2: k = rng.below(65536); break;
      default: k = rng.next(); break;
    }
    if (i < n / 4) return {edges[rng.below(e)], edges[rng.below(e)], k};
    T a = test::random_value<T>(rng);
    T b = test::random_value<T>(rng);
    switch (rng.below(16)) {
      case 0: b = a; break;  // |a| == |b|: the case that once broke lcm on the device
      case 1: b = -a; break;
      case 2: b = a + T{1}; break;
      case 3: b = edges[rng.below(e)]; break;
      case 4: a = edges[rng.below(e)]; break;
      case 5: {  // a one- or two-limb divisor
        T s{};
        s.data()[0] = rng.u32() | 1u;
        if (T::num_limbs > 1 && rng.chance(1, 2)) s.data()[1] = rng.u32();
        b = s;
        break;
      }
      case 6: {  // a common factor of up to half the limbs
        T c{};
        const int len = 1 + static_cast<int>(rng.below(T::num_limbs > 1 ? T::num_limbs / 2 : 1));
        for (int j = 0; j < len; ++j) c.data()[j] = rng.u32();
        c.data()[0] |= 1u;
        a = (a >> (T::bits / 2)) * c;
        b = (b >> (T::bits / 2)) * c;
        break;
      }
      case 7: b = T{1} << (k % T::bits); break;
      case 8: b = T{}; break;
      default: break;
    }
    return {a, b, k};
  }
};

// ---- the operations, each alone ------------------------------------------------------------------------------

template <class T> struct R1 {
  T r;
};
template <class T> struct R2 {
  T r[2];
};
template <class T> struct RW {
  BasicInt<2 * T::bits, T::is_signed> r;
};
template <class T> struct RQ {
  T quot;
  T rem;
  Words w;
};
struct RF {
  Words w;
};
template <class T> struct RBits {
  T set;
  T cleared;
  Words w;
};

inline constexpr const char* bigint_op_names[] = {
    "add",  "sub",        "mul", "div",  "mod",  "divmod_checked", "shl",      "shr",      "and", "or",
    "xor",  "not",        "neg", "compare", "mul_wide", "sqr",     "sqr_wide", "isqrt",    "gcd", "lcm",
    "pow_u64", "pow_biguint64", "bit_queries", "abs", "inc_dec"};
inline constexpr int bigint_num_ops = sizeof(bigint_op_names) / sizeof(bigint_op_names[0]);

/// Operation K of bigint_op_names alone. A zero divisor or a negative isqrt argument throws on the host; the
/// device gives the documented results (docs/errors.md), which the host side substitutes.
template <class T, int K> struct Single {
  bool flip = false;
  WARPNUM_HD auto operator()(const BinIn<T>& in) const {
    auto r = compute(in);
    if (flip) flip_first_bit(r);
    return r;
  }
  WARPNUM_HD static auto compute(const BinIn<T>& in) {
    const T& a = in.a;
    const T& b = in.b;
    if constexpr (K == 0) return R1<T>{a + b};
    else if constexpr (K == 1) return R1<T>{a - b};
    else if constexpr (K == 2) return R1<T>{a * b};
    else if constexpr (K == 3) return R1<T>{or_documented([&] { return a / b; }, ~T{})};
    else if constexpr (K == 4) return R1<T>{or_documented([&] { return a % b; }, a)};
    else if constexpr (K == 5) {
      const auto c = divmod_checked(a, b);
      RQ<T> r{c.quot, c.rem, {}};
      r.w[0] = static_cast<std::uint32_t>(c.status);
      return r;
    } else if constexpr (K == 6) return R1<T>{a << in.k};
    else if constexpr (K == 7) {
      T x = a;
      x >>= in.k;
      return R1<T>{x};
    } else if constexpr (K == 8) return R1<T>{a & b};
    else if constexpr (K == 9) return R1<T>{a | b};
    else if constexpr (K == 10) return R1<T>{a ^ b};
    else if constexpr (K == 11) return R1<T>{~a};
    else if constexpr (K == 12) return R1<T>{-a};
    else if constexpr (K == 13) {
      RF r{};
      r.w[0] = (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a > b ? 4u : 0u) | (a >= b ? 8u : 0u) | (a == b ? 16u : 0u) |
               (a != b ? 32u : 0u);
      r.w[1] = static_cast<std::uint32_t>(compare(a, b) + 1);
      return r;
    } else if constexpr (K == 14) return RW<T>{mul_wide(a, b)};
    else if constexpr (K == 15) return R1<T>{sqr(a)};
    else if constexpr (K == 16) return RW<T>{sqr_wide(a)};
    else if constexpr (K == 17) return R1<T>{or_documented([&] { return isqrt(a); }, T{})};
    else if constexpr (K == 18) return R1<T>{gcd(a, b)};
    else if constexpr (K == 19) return R1<T>{lcm(a, b)};
    else if constexpr (K == 20) return R1<T>{pow(a, in.k)};
    else if constexpr (K == 21) return R1<T>{pow(a, BigUInt<64>{in.k})};
    else if constexpr (K == 22) {
      RBits<T> r{a, a, {}};
      r.set.set_bit(in.k);
      r.cleared.set_bit(in.k, false);
      r.w[0] = static_cast<std::uint32_t>(popcount(a));
      r.w[1] = static_cast<std::uint32_t>(countl_zero(a));
      r.w[2] = static_cast<std::uint32_t>(countr_zero(a));
      r.w[3] = static_cast<std::uint32_t>(bit_width(a));
      r.w[4] = a.bit(in.k) ? 1u : 0u;
      r.w[5] = (a.is_negative() ? 1u : 0u) | (a.is_zero() ? 2u : 0u) | (static_cast<bool>(a) ? 4u : 0u);
      return r;
    } else if constexpr (K == 23) return R1<T>{abs(a)};
    else {
      T inc = a;
      ++inc;
      T dec = a;
      dec--;
      return R2<T>{{inc, dec}};
    }
  }
};

// ---- every operation in one kernel ---------------------------------------------------------------------------

template <class T> struct FusedOut {
  T r[24];
  BasicInt<2 * T::bits, T::is_signed> wide[2];
  Words w;
};

/// Every operation of Single in one body, on the same inputs.
template <class T> struct Fused {
  WARPNUM_HD FusedOut<T> operator()(const BinIn<T>& in) const {
    const T& a = in.a;
    const T& b = in.b;
    FusedOut<T> o{};
    o.r[0] = a + b;
    o.r[1] = a - b;
    o.r[2] = a * b;
    o.r[3] = or_documented([&] { return a / b; }, ~T{});
    o.r[4] = or_documented([&] { return a % b; }, a);
    const auto c = divmod_checked(a, b);
    o.r[5] = c.quot;
    o.r[6] = c.rem;
    o.w[0] = static_cast<std::uint32_t>(c.status);
    o.r[7] = a << in.k;
    T shr = a;
    shr >>= in.k;
    o.r[8] = shr;
    o.r[9] = (a & b) ^ (~a | b);
    o.r[10] = -a;
    o.wide[0] = mul_wide(a, b);
    o.r[11] = sqr(a);
    o.wide[1] = sqr_wide(b);
    o.r[12] = or_documented([&] { return isqrt(a); }, T{});
    o.r[13] = gcd(a, b);
    o.r[14] = lcm(a, b);
    o.r[15] = pow(a, in.k);
    o.r[16] = pow(b, BigUInt<64>{in.k % 1024});
    T set = a;
    set.set_bit(in.k);
    o.r[17] = set;
    o.r[18] = abs(b);
    T inc = a;
    ++inc;
    o.r[19] = inc;
    o.r[20] = or_documented([&] { return b / a; }, ~T{});  // the other way round: divisor a
    o.r[21] = gcd(b, a);
    o.r[22] = a * a;
    o.r[23] = or_documented([&] { return isqrt(b); }, T{});
    o.w[1] = (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a > b ? 4u : 0u) | (a >= b ? 8u : 0u) | (a == b ? 16u : 0u) |
             (a != b ? 32u : 0u);
    o.w[2] = static_cast<std::uint32_t>(compare(a, b) + 1);
    o.w[3] = static_cast<std::uint32_t>(popcount(a));
    o.w[4] = static_cast<std::uint32_t>(countl_zero(a));
    o.w[5] = static_cast<std::uint32_t>(countr_zero(b));
    o.w[6] = static_cast<std::uint32_t>(bit_width(b));
    o.w[7] = a.bit(in.k) ? 1u : 0u;
    return o;
  }
};
inline constexpr int fused_bigint_ops = 36;

// ---- chains: results feeding later divisions, roots and gcds -------------------------------------------------

template <class T> struct ChainOut {
  T r[20];
  Words w;
};

/// q = a / b, r = a % b, back = q b + r (= a), g = gcd(a, b), a / g and b / g (exact divisions by a computed
/// divisor), their lcm, the root s of |back| and back - s^2, divisions by s and by q, shifts by computed amounts,
/// the high half of a computed product reduced by a computed modulus, and the gcd of the reduced pair.
template <class T> struct Chained {
  WARPNUM_HD ChainOut<T> operator()(const BinIn<T>& in) const {
    const T& a = in.a;
    const T& b = in.b;
    constexpr std::uint32_t bits = T::bits;
    ChainOut<T> o{};
    const T q = or_documented([&] { return a / b; }, ~T{});
    const T r = or_documented([&] { return a % b; }, a);
    const T back = q * b + r;
    const T g = gcd(a, b);
    const T m = g.is_zero() ? T{1} : g;
    const T u = a / m;
    const T v = b / m;
    const T l = lcm(u, v);
    const T mag = abs(back);
    const T s = or_documented([&] { return isqrt(mag); }, T{});
    const T t = mag - s * s;
    const auto d = divmod_checked(t, s | T{1});
    const T e = r % (q | T{1});
    const T sh = (a << (r.limb(0) % bits)) >> (q.limb(0) % bits);
    const auto w = mul_wide(u, v);
    const T hi = T(w >> bits);
    const T y = or_documented([&] { return (hi ^ sh) % l; }, hi ^ sh);
    const T z = gcd(y, l);
    const T p = pow(d.rem, in.k % 16);
    const T f = or_documented([&] { return p / z; }, ~T{});
    o.r[0] = q;
    o.r[1] = r;
    o.r[2] = back;
    o.r[3] = g;
    o.r[4] = u;
    o.r[5] = v;
    o.r[6] = l;
    o.r[7] = s;
    o.r[8] = t;
    o.r[9] = d.quot;
    o.r[10] = d.rem;
    o.r[11] = e;
    o.r[12] = sh;
    o.r[13] = hi;
    o.r[14] = y;
    o.r[15] = z;
    o.r[16] = p;
    o.r[17] = f;
    o.r[18] = sqr(s) + t - mag;  // 0
    o.r[19] = T(w);
    o.w[0] = static_cast<std::uint32_t>(d.status);
    o.w[1] = (back == a ? 1u : 0u) | (t < (s << 1) + T{2} ? 2u : 0u) | (z == T{1} ? 4u : 0u);
    return o;
  }
};
inline constexpr int chained_bigint_ops = 28;

// ---- registration ----------------------------------------------------------------------------------------------

/// Relative input counts: cheap operations get more inputs; the weights shrink with the width.
inline double width_weight(std::size_t bits) {
  return bits <= 64 ? 16 : bits <= 128 ? 8 : bits <= 256 ? 4 : bits <= 512 ? 2 : bits <= 1024 ? 1 : bits <= 2048 ? 0.4 : 0.15;
}
constexpr double bigint_op_cost(int k) {
  return k == 2 || k == 14 || k == 15 || k == 16 ? 2 : (k >= 3 && k <= 5) || (k >= 17 && k <= 21) ? 4 : 1;
}

template <class T, int K> void add_single(Tasks& tasks, const char* type) {
  tasks.push_back(make_task(
      type, static_cast<int>(T::bits), Shape::alone, bigint_op_names[K], 1, 8 * width_weight(T::bits) / bigint_op_cost(K),
      [](Rng&) { return Single<T, K>{}; }, BinInputs<T>{}, /*plantable=*/true));
  if constexpr (K + 1 < bigint_num_ops) add_single<T, K + 1>(tasks, type);
}

/// Every BigUInt/BigInt task at T's width: each operation alone, fused, chained.
template <class T> void register_bigint(Tasks& tasks) {
  const char* type = T::is_signed ? "BigInt" : "BigUInt";
  add_single<T, 0>(tasks, type);
  tasks.push_back(make_task(type, static_cast<int>(T::bits), Shape::fused, "all", fused_bigint_ops,
                            width_weight(T::bits), [](Rng&) { return Fused<T>{}; }, BinInputs<T>{}));
  tasks.push_back(make_task(type, static_cast<int>(T::bits), Shape::chained, "div_gcd_isqrt_chain", chained_bigint_ops,
                            width_weight(T::bits), [](Rng&) { return Chained<T>{}; }, BinInputs<T>{}));
}

}  // namespace warpnum::fuzz

// SPDX-License-Identifier: Apache-2.0
// tests/device/bigint/ops.hpp: every BigUInt/BigInt operation in kernels, one thread per number, compared
// bitwise with the host on seeded random and edge inputs: the device's own forms, the PTX rows of
// detail/bigint/mul_rows.hpp over detail/ptx/mad_column.hpp and the generated chains, and the division step's
// detail/ptx/submul_row.hpp. The typed suites BigIntDevice and BigIntDeviceDivision
// are instantiated per width group by the *_test.cu files beside this one, so that the groups compile in parallel.
#pragma once

#include <warpnum/bigint.hpp>

#include "device/kernel_check.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <ostream>
#include <random>
#include <string>
#include <vector>

namespace warpnum::test {

/// The input of every operation: two numbers and a 64-bit argument (shift, exponent, bit index, built-in value).
template <class T> struct Args {
  T a;
  T b;
  std::uint64_t k;
};

/// The two's complement pattern in hex, so that a failure shows the exact bits.
template <std::size_t Bits, bool Signed> std::string pattern(const BasicInt<Bits, Signed>& x) {
  return "0x" + to_string(BasicInt<Bits, false>(x), 16);
}

template <class T> std::ostream& operator<<(std::ostream& os, const Args<T>& in) {
  return os << (T::is_signed ? "BigInt<" : "BigUInt<") << T::bits << ">: a = " << pattern(in.a)
            << ", b = " << pattern(in.b) << ", k = " << in.k << " (0x" << std::hex << in.k << std::dec << ")";
}

/// Operands for the tests: edge values (0, 1, -1, max, min, powers of two and their neighbours) and carry-heavy
/// random numbers (random effective length; limbs random, or drawn from 0, all ones, 1, 0x7fffffff, 0x80000000;
/// a quarter negated, which gives long runs of ones).
template <class T> class Operands {
 public:
  static constexpr int num_edges = 16;

  explicit Operands(std::uint64_t seed) : rng_(seed) {}

  std::uint64_t bits64() { return rng_(); }
  std::uint64_t below(std::uint64_t n) { return rng_() % n; }
  bool one_in(std::uint64_t n) { return rng_() % n == 0; }

  static T edge(int i) {
    constexpr std::uint64_t half = T::bits / 2;
    switch (i) {
      case 0:
        return T{0};
      case 1:
        return T{1};
      case 2:
        return T{2};
      case 3:
        return T{3};
      case 4:
        return ~T{};  // -1, or the unsigned maximum
      case 5:
        return T::max();
      case 6:
        return T::min();
      case 7:
        return T::max() - T{1};
      case 8:
        return T::min() + T{1};
      case 9:
        return T{1} << (T::bits - 1);
      case 10:
        return T{1} << half;
      case 11:
        return (T{1} << half) - T{1};
      case 12:
        return T{0xffffffffu};
      case 13:
        return T{1} << 32;  // 0 at 32 bits
      case 14:
        return -T{2};
      default:
        return ~T{} << half;  // ones in the top half
    }
  }

  /// One limb of a carry-heavy number.
  std::uint32_t limb() {
    switch (rng_() % 8) {
      case 0:
        return 0;
      case 1:
        return 0xffffffffu;
      case 2:
        return 0x80000000u;
      case 3:
        return 0x7fffffffu;
      case 4:
        return 1;
      default:
        return static_cast<std::uint32_t>(rng_());
    }
  }

  T value() {
    if (one_in(16)) return edge(static_cast<int>(below(num_edges)));
    T x{};
    const int len = static_cast<int>(below(T::num_limbs + 1));
    const bool runs = one_in(2);
    for (int i = 0; i < len; ++i) x.data()[i] = runs ? limb() : static_cast<std::uint32_t>(rng_());
    return one_in(4) ? -x : x;
  }

  /// A number of at most `limbs` limbs (random limbs, top one non-zero), possibly negated.
  T short_value(int limbs) {
    T x{};
    const int len = 1 + static_cast<int>(below(static_cast<std::uint64_t>(limbs)));
    for (int i = 0; i < len; ++i) x.data()[i] = static_cast<std::uint32_t>(rng_());
    x.data()[len - 1] |= 1;
    return one_in(4) ? -x : x;
  }

  /// A shift amount or bit index: mostly below Bits + 64, biased to limb boundaries and the ends.
  std::uint64_t bit_count() {
    const std::uint64_t bits = T::bits;
    switch (rng_() % 8) {
      case 0:
        return 32 * below(bits / 32 + 2);
      case 1: {
        const std::uint64_t special[] = {0,
                                         1,
                                         31,
                                         32,
                                         33,
                                         bits - 1,
                                         bits,
                                         bits + 1,
                                         std::uint64_t{1} << 32,
                                         std::uint64_t{1} << 63,
                                         ~std::uint64_t{0}};
        return special[below(std::size(special))];
      }
      case 2:
        return rng_();
      default:
        return below(bits + 64);
    }
  }

  /// Inputs 0 to num_edges^2 - 1 pair every edge value with every other; the rest are random.
  Args<T> args(std::size_t i) {
    constexpr std::size_t e = num_edges;
    if (i < e * e) return {edge(static_cast<int>(i / e)), edge(static_cast<int>(i % e)), rng_()};
    return {value(), value(), rng_()};
  }

 private:
  std::mt19937_64 rng_;
};

// ---- the operations: one functor per family, each with its input generator and a padding-free result ----

/// The 32-bit words of a status, padded to T's alignment so that a result holding it has no padding.
template <class T> using StatusWords = std::uint32_t[alignof(T) / 4];

template <class T> struct ArithmeticOps {
  static constexpr const char* name = "Arithmetic";
  struct Out {
    T r[10];
  };
  static Args<T> make(Operands<T>& g, std::size_t i) { return g.args(i); }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    const T& b = in.b;
    T inc = a;
    ++inc;
    T dec = a;
    dec--;
    return {{a + b, a - b, -a, ~a, a & b, a | b, a ^ b, abs(a), inc, dec}};
  }
};

template <class T> struct MultiplicationOps {
  static constexpr const char* name = "Multiplication";
  using Wide = BasicInt<2 * T::bits, T::is_signed>;
  struct Out {  // four T then two Wide: no padding at any width
    T product;
    T square;  // a * a: the general multiply
    T sqr_a;   // sqr(a): squaring's own algorithm on the device
    T sqr_b;
    Wide wide;
    Wide sqr_wide;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) { return g.args(i); }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    return {in.a * in.b, in.a * in.a, sqr(in.a), sqr(in.b), mul_wide(in.a, in.b), sqr_wide(in.a)};
  }
};

template <class T> struct DivisionOps {
  static constexpr const char* name = "Division";
  struct Out {
    T quot;          // a / b
    T rem;           // a % b
    T checked_quot;  // divmod_checked(a, b)
    T checked_rem;
    StatusWords<T> status;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    if (i < Operands<T>::num_edges * Operands<T>::num_edges) return in;
    if (g.one_in(16)) in.b = T{};                                     // zero divisors beyond those among the edge pairs
    if (g.one_in(8)) in.b = g.short_value(T::num_limbs < 2 ? 1 : 2);  // short division and its neighbour
    if (g.one_in(16)) in.b = in.a;
    if (T::num_limbs >= 6 && g.one_in(4)) {
      // The device's half path (divmod_n's): a divisor of half as many limbs, a dividend of all its limbs (algorithm
      // D unrolled up to 32 limbs) or of m > N / 2 (divmod_window above 32 limbs, any m).
      const int m = g.one_in(2) ? T::num_limbs : T::num_limbs / 2 + 1 + static_cast<int>(g.below(T::num_limbs / 2));
      T a = g.short_value(m);
      T b = g.short_value(T::num_limbs / 2);
      for (int k = m; k < T::num_limbs; ++k) a.data()[k] = 0;
      a.data()[m - 1] = (a.data()[m - 1] | 1u) & (T::is_signed && m == T::num_limbs ? 0x7fffffffu : ~0u);
      b.data()[T::num_limbs / 2 - 1] |= 1u;
      for (int k = T::num_limbs / 2; k < T::num_limbs; ++k) b.data()[k] = 0;
      in.a = a;
      in.b = b;
    }
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    const T& b = in.b;
    const auto c = divmod_checked(a, b);
    Out out{};
    // A zero divisor throws std::domain_error on the host; the device gives all bits set and the dividend.
    out.quot = or_documented([&] { return a / b; }, ~T{});
    out.rem = or_documented([&] { return a % b; }, a);
    out.checked_quot = c.quot;
    out.checked_rem = c.rem;
    out.status[0] = static_cast<std::uint32_t>(c.status);
    return out;
  }
};

template <class T> struct ShiftsOps {
  static constexpr const char* name = "Shifts";
  struct Out {
    T left;
    T right;  // arithmetic for signed types
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    in.k = g.bit_count();
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    T right = in.a;
    right >>= in.k;
    return {in.a << in.k, right};
  }
};

template <class T> struct ComparisonOps {
  static constexpr const char* name = "Comparison";
  struct Out {
    std::uint32_t flags;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    if (i < Operands<T>::num_edges * Operands<T>::num_edges) return in;
    switch (g.below(8)) {
      case 0:
        in.b = in.a;
        break;
      case 1:  // one bit apart
        in.b = in.a;
        in.b.data()[g.below(T::num_limbs)] ^= 1u << g.below(32);
        break;
      case 2:
        in.b = -in.a;
        break;
      default:
        break;
    }
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    const T& b = in.b;
    const std::uint32_t f = (a < b ? 1u : 0u) | (a <= b ? 2u : 0u) | (a > b ? 4u : 0u) | (a >= b ? 8u : 0u) |
                            (a == b ? 16u : 0u) | (a != b ? 32u : 0u);
    return {f | static_cast<std::uint32_t>(compare(a, b) + 1) << 8};
  }
};

template <class T> struct PowerOps {
  static constexpr const char* name = "Power";
  struct Out {
    T by_builtin;  // pow(a, std::uint64_t)
    T by_bigint;   // pow(a, BigUInt<64>)
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    const std::uint64_t r = g.bits64();
    in.k = g.one_in(2) ? r % 70 : (g.one_in(2) ? r % 65536 : r);
    if (g.one_in(4)) in.a = g.short_value(1);  // small bases, whose powers do not vanish modulo 2^Bits at once
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const { return {pow(in.a, in.k), pow(in.a, BigUInt<64>{in.k})}; }
};

template <class T> struct SquareRootOps {
  static constexpr const char* name = "SquareRoot";
  struct Out {
    T root;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    if (i >= Operands<T>::num_edges * Operands<T>::num_edges && g.one_in(4)) {
      // Perfect squares and their neighbours, where the root's last correction decides.
      // Unsigned, half of them have roots of the full Bits / 2 bits (the low half of any value).
      const T v = g.short_value(T::num_limbs / 2 > 0 ? T::num_limbs / 2 : 1);
      const int half = static_cast<int>(T::bits / 2);
      const T x = !T::is_signed && g.one_in(2) ? T{v << half >> half} : T{abs(v) >> 1};
      in.a = x * x + T{static_cast<int>(g.below(3)) - 1};
    }
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    // A negative argument throws std::domain_error on the host; the device gives 0.
    return {or_documented([&] { return isqrt(in.a); }, T{})};
  }
};

template <class T> struct GcdLcmOps {
  static constexpr const char* name = "GcdLcm";
  struct Out {
    T gcd;
    T lcm;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    if (i >= Operands<T>::num_edges * Operands<T>::num_edges && g.one_in(2)) {
      // A common factor, so that the gcd is more than a few bits.
      const T c = g.short_value(T::num_limbs / 2 > 0 ? T::num_limbs / 2 : 1);
      in.a = in.a * c;
      in.b = in.b * c;
    }
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const { return {gcd(in.a, in.b), lcm(in.a, in.b)}; }
};

template <class T> struct BitQueriesOps {
  static constexpr const char* name = "BitQueries";
  struct Out {
    T set;      // a with bit k set
    T cleared;  // a with bit k cleared
    std::int32_t v[8];
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    in.k = g.bit_count();
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    Out out{a, a, {}};
    out.set.set_bit(in.k);
    out.cleared.set_bit(in.k, false);
    out.v[0] = popcount(a);
    out.v[1] = countl_zero(a);
    out.v[2] = countr_zero(a);
    out.v[3] = bit_width(a);
    out.v[4] = a.is_negative() ? 1 : 0;
    out.v[5] = a.is_zero() ? 1 : 0;
    out.v[6] = a.bit(in.k) ? 1 : 0;
    out.v[7] = static_cast<std::int32_t>(a.limb(static_cast<int>(in.k % T::num_limbs)));
    return out;
  }
};

template <class T> struct BuiltinConversionsOps {
  static constexpr const char* name = "BuiltinConversions";
  struct Out {
    T from[8];             // from int8, uint8, int16, uint16, int32, uint32, int64, uint64 holding k's low bits
    std::uint64_t to[10];  // to the same 8 types (sign- or zero-extended to 64 bits), the double's bits, bool and !
  };
  static Args<T> make(Operands<T>& g, std::size_t i) {
    Args<T> in = g.args(i);
    if (g.one_in(4)) in.k = static_cast<std::uint64_t>(static_cast<std::int64_t>(g.below(512)) - 256);
    return in;
  }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    const std::uint64_t k = in.k;
    Out out{{T(static_cast<std::int8_t>(k)), T(static_cast<std::uint8_t>(k)), T(static_cast<std::int16_t>(k)),
             T(static_cast<std::uint16_t>(k)), T(static_cast<std::int32_t>(k)), T(static_cast<std::uint32_t>(k)),
             T(static_cast<std::int64_t>(k)), T(k)},
            {}};
    out.to[0] = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int8_t>(a)));
    out.to[1] = static_cast<std::uint8_t>(a);
    out.to[2] = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int16_t>(a)));
    out.to[3] = static_cast<std::uint16_t>(a);
    out.to[4] = static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(a)));
    out.to[5] = static_cast<std::uint32_t>(a);
    out.to[6] = static_cast<std::uint64_t>(static_cast<std::int64_t>(a));
    out.to[7] = static_cast<std::uint64_t>(a);
    const double d = static_cast<double>(a);
    std::memcpy(&out.to[8], &d, sizeof d);
    out.to[9] = (static_cast<bool>(a) ? 1u : 0u) | (!a ? 2u : 0u);
    return out;
  }
};

template <class T> struct WidthConversionsOps {
  static constexpr const char* name = "WidthConversions";
  using Flip = BasicInt<T::bits, !T::is_signed>;
  using Wide = BasicInt<2 * T::bits, T::is_signed>;
  using WideFlip = BasicInt<2 * T::bits, !T::is_signed>;
  struct Out {
    T back[4];  // through BigInt<32>, BigUInt<32>, the other signedness at 96 bits and at Bits bits, and back
    Wide wide;
    WideFlip wide_flip;
  };
  static Args<T> make(Operands<T>& g, std::size_t i) { return g.args(i); }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    const T& a = in.a;
    return {{T(BigInt<32>(a)), T(BigUInt<32>(a)), T(BasicInt<96, !T::is_signed>(a)), T(Flip(a))}, a, WideFlip(a)};
  }
};

template <class T> struct BytesOps {
  static constexpr const char* name = "Bytes";
  static constexpr std::size_t n = T::bits / 8;
  struct Out {
    T from[6];  // from the little- and big-endian bytes, from a prefix of each, with zero and non-zero extra bytes
    std::uint8_t little[n];
    std::uint8_t big[n];
  };
  static Args<T> make(Operands<T>& g, std::size_t i) { return g.args(i); }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    Out out{};
    to_bytes(in.a, out.little, std::endian::little);
    to_bytes(in.a, out.big, std::endian::big);
    out.from[0] = from_bytes<T>(out.little, n, std::endian::little);
    out.from[1] = from_bytes<T>(out.big, n, std::endian::big);
    // Sizes from k, known only at run time (which also keeps nvcc from unrolling the byte loops).
    const std::size_t prefix = 1 + in.k % n;
    const std::size_t longer_size = n + 1 + (in.k >> 32) % 8;
    out.from[2] = from_bytes<T>(out.little, prefix);
    out.from[3] = from_bytes<T>(out.big, prefix, std::endian::big);
    std::uint8_t longer[n + 8] = {};
    for (std::size_t i = 0; i < n; ++i) longer[i] = out.little[i];
    out.from[4] = from_bytes<T>(longer, longer_size);
    for (std::size_t i = 0; i < 8; ++i) longer[n + i] = static_cast<std::uint8_t>(in.b.limb(0) >> (8 * (i % 4)));
    // Non-zero extra bytes throw std::out_of_range on the host; the device ignores them.
    out.from[5] = or_documented([&] { return from_bytes<T>(longer, longer_size); }, from_bytes<T>(longer, n));
    return out;
  }
};

template <class T> struct LiteralsOps {
  static constexpr const char* name = "Literals";
  struct Out {
    T r[4];
  };
  static Args<T> make(Operands<T>& g, std::size_t i) { return g.args(i); }
  WARPNUM_HD Out operator()(const Args<T>& in) const {
    // The consteval constructor runs at compile time, in device code as in host code.
    constexpr T hex{"0x7fffffff"};
    constexpr T bin{"0b1011"};
    constexpr T oct{"0o17777777777"};
    T wide{"123456789"};
    if constexpr (T::is_signed) {
      wide = T{"-2147483648"};
    } else if constexpr (T::bits >= 128) {
      wide = T{"0xfedcba9876543210fedcba9876543210"};
    }
    return {{in.a + hex, in.a ^ bin, in.a * oct, wide - in.a + (T::max() ^ T::min())}};
  }
};

/// The inputs for Op at its width: edge pairs, then random. Fewer at the widest, where the host reference is slow.
template <template <class> class Op, class T>
void check_op(std::vector<typename Op<T>::Out>* device_results = nullptr, std::vector<Args<T>>* inputs = nullptr) {
  constexpr std::size_t count = T::bits <= 1024 ? 4096 : (T::bits <= 2048 ? 2048 : 1024);
  std::uint64_t name_hash = 0xcbf29ce484222325ull;  // FNV-1a, the same on every toolchain
  for (const char* c = Op<T>::name; *c != '\0'; ++c)
    name_hash = (name_hash ^ static_cast<unsigned char>(*c)) * 0x100000001b3ull;
  const std::uint64_t seed = mix_seed(base_seed() ^ mix_seed(name_hash + 2 * T::bits + (T::is_signed ? 1 : 0)));
  Operands<T> g(seed);
  std::vector<Args<T>> in(count);
  for (std::size_t i = 0; i < count; ++i) in[i] = Op<T>::make(g, i);
  auto out = expect_device_matches_host(Op<T>{}, in, seed);
  if (device_results != nullptr) *device_results = std::move(out);
  if (inputs != nullptr) *inputs = std::move(in);
}

// ---- the typed suites: BigIntDevice, and apart from it the families that inline long division or gcd ----
// Those three cost most of the compile time at 2048 bits and up, so the widest files instantiate them alone.

template <class T> class BigIntDevice : public DeviceTest {};
TYPED_TEST_SUITE_P(BigIntDevice);

TYPED_TEST_P(BigIntDevice, Arithmetic) { check_op<ArithmeticOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Multiplication) { check_op<MultiplicationOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Shifts) { check_op<ShiftsOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Comparison) { check_op<ComparisonOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Power) { check_op<PowerOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, BitQueries) { check_op<BitQueriesOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, BuiltinConversions) { check_op<BuiltinConversionsOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, WidthConversions) { check_op<WidthConversionsOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Bytes) { check_op<BytesOps, TypeParam>(); }
TYPED_TEST_P(BigIntDevice, Literals) { check_op<LiteralsOps, TypeParam>(); }

REGISTER_TYPED_TEST_SUITE_P(BigIntDevice, Arithmetic, Multiplication, Shifts, Comparison, Power, BitQueries,
                            BuiltinConversions, WidthConversions, Bytes, Literals);

template <class T> class BigIntDeviceDivision : public DeviceTest {};
TYPED_TEST_SUITE_P(BigIntDeviceDivision);

TYPED_TEST_P(BigIntDeviceDivision, Division) {
  using T = TypeParam;
  std::vector<typename DivisionOps<T>::Out> out;
  std::vector<Args<T>> in;
  check_op<DivisionOps, T>(&out, &in);
  // Beyond host == device: a zero divisor gives the documented result, spelled out here.
  std::size_t zero_divisors = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!in[i].b.is_zero()) continue;
    ++zero_divisors;
    const auto& r = out[i];
    EXPECT_TRUE(r.quot == ~T{} && r.rem == in[i].a && r.checked_quot == ~T{} && r.checked_rem == in[i].a &&
                r.status[0] == static_cast<std::uint32_t>(Status::division_by_zero))
        << "zero divisor, input " << i << ": " << in[i];
  }
  EXPECT_GT(zero_divisors, 0u);
}
TYPED_TEST_P(BigIntDeviceDivision, SquareRoot) { check_op<SquareRootOps, TypeParam>(); }
TYPED_TEST_P(BigIntDeviceDivision, GcdLcm) { check_op<GcdLcmOps, TypeParam>(); }

REGISTER_TYPED_TEST_SUITE_P(BigIntDeviceDivision, Division, SquareRoot, GcdLcm);

// A file may instantiate one suite only (ops_8192_test.cu, division_8192_test.cu).
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BigIntDevice);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(BigIntDeviceDivision);

/// Names the typed instances BigUInt256, BigInt256, ... in test names.
struct WidthName {
  template <class T> static std::string GetName(int) {
    return std::string(T::is_signed ? "BigInt" : "BigUInt") + std::to_string(T::bits);
  }
};

}  // namespace warpnum::test

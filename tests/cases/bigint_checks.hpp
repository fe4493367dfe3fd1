// SPDX-License-Identifier: Apache-2.0
// tests/cases/bigint_checks.hpp: differential check bodies for BigUInt/BigInt against GMP (host only). Each
// check runs one operation (and its compound, aliased and named forms) on given operands and returns a
// testing::AssertionResult whose failure message names the type, the expression, the operands in hex (in the
// form the string constructor reads back), the expected and the actual value.
#pragma once

#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <vector>

namespace warpnum::test {

using oracle::Mpz;
using oracle::to_mpz;

template <class T> std::string type_name() {
  return (T::is_signed ? "BigInt<" : "BigUInt<") + std::to_string(T::bits) + ">";
}

/// x as text its string constructor reads back: "0x1f", "-0x1f".
template <class T> std::string show(const T& x) { return oracle::to_text(to_mpz(x)); }

/// Names typed tests after the type: BigUInt256, BigInt96.
struct TypeNames {
  template <class T> static std::string GetName(int) {
    return (T::is_signed ? "BigInt" : "BigUInt") + std::to_string(T::bits);
  }
};

/// Every width the suites test, signed and unsigned (160 bits: 5 limbs, an odd count above 3).
using AllTypes = std::tuple<BigUInt<32>, BigInt<32>, BigUInt<64>, BigInt<64>, BigUInt<96>, BigInt<96>, BigUInt<128>,
                            BigInt<128>, BigUInt<160>, BigInt<160>, BigUInt<256>, BigInt<256>, BigUInt<512>, BigInt<512>,
                            BigUInt<1024>, BigInt<1024>, BigUInt<2048>, BigInt<2048>, BigUInt<4096>, BigInt<4096>,
                            BigUInt<8192>, BigInt<8192>>;

template <class Tuple> struct GTestTypes;
template <class... Ts> struct GTestTypes<std::tuple<Ts...>> {
  using type = ::testing::Types<Ts...>;
};
/// AllTypes as a GoogleTest type list.
using AllTypeList = GTestTypes<AllTypes>::type;

/// The built-in integer types BasicInt converts from and to.
using Builtins = std::tuple<signed char, unsigned char, short, unsigned short, int, unsigned, long, unsigned long,
                            long long, unsigned long long>;

inline ::testing::AssertionResult pass() { return ::testing::AssertionSuccess(); }

/// The failure of a comparison with the oracle; out of line, so the many instantiations of same_value stay small.
[[gnu::noinline, gnu::cold]] inline ::testing::AssertionResult mismatch(const std::string& type, const char* expr,
                                                                       const std::string& operands, mpz_srcptr want,
                                                                       mpz_srcptr got) {
  return ::testing::AssertionFailure() << type << ": " << expr << " with " << operands << ": expected "
                                       << oracle::to_text(want) << ", got " << oracle::to_text(got);
}

[[gnu::noinline, gnu::cold]] inline ::testing::AssertionResult failure(const std::string& what, const std::string& operands) {
  return ::testing::AssertionFailure() << what << " with " << operands;
}

/// Success when `actual` equals `exact` reduced to T (modulo 2^Bits, two's complement for signed);
/// `operands()` is only called to describe a failure.
template <class T, class Describe>
::testing::AssertionResult same_value(const char* expr, mpz_srcptr exact, const T& actual, Describe&& operands) {
  const Mpz want = oracle::reduce<T>(exact);
  const Mpz got = to_mpz(actual);
  if (want == got) return pass();
  return mismatch(type_name<T>(), expr, operands(), want, got);
}

template <class Describe> ::testing::AssertionResult fail(const std::string& what, Describe&& operands) {
  return failure(what, operands());
}

/// Returns from the enclosing check when the AssertionResult `r` is a failure.
#define WARPNUM_TEST_CHECK(r)                              \
  do {                                                     \
    auto warpnum_test_check_r = r;                         \
    if (!warpnum_test_check_r) return warpnum_test_check_r; \
  } while (false)

// ---- binary operators -------------------------------------------------------------------------------------

enum class BinOp { add, sub, mul, div, mod, bit_and, bit_or, bit_xor };

inline const char* op_text(BinOp op) {
  constexpr const char* names[] = {"+", "-", "*", "/", "%", "&", "|", "^"};
  return names[static_cast<int>(op)];
}

template <class T> T apply(BinOp op, const T& a, const T& b) {
  switch (op) {
    case BinOp::add: return a + b;
    case BinOp::sub: return a - b;
    case BinOp::mul: return a * b;
    case BinOp::div: return a / b;
    case BinOp::mod: return a % b;
    case BinOp::bit_and: return a & b;
    case BinOp::bit_or: return a | b;
    case BinOp::bit_xor: return a ^ b;
  }
  return T{};
}

/// a op= b, through the compound operator.
template <class T> T apply_compound(BinOp op, T a, const T& b) {
  switch (op) {
    case BinOp::add: return a += b;
    case BinOp::sub: return a -= b;
    case BinOp::mul: return a *= b;
    case BinOp::div: return a /= b;
    case BinOp::mod: return a %= b;
    case BinOp::bit_and: return a &= b;
    case BinOp::bit_or: return a |= b;
    case BinOp::bit_xor: return a ^= b;
  }
  return T{};
}

inline void apply(BinOp op, mpz_ptr r, mpz_srcptr a, mpz_srcptr b) {
  switch (op) {
    case BinOp::add: mpz_add(r, a, b); break;
    case BinOp::sub: mpz_sub(r, a, b); break;
    case BinOp::mul: mpz_mul(r, a, b); break;
    case BinOp::div: mpz_tdiv_q(r, a, b); break;  // truncating, like the library
    case BinOp::mod: mpz_tdiv_r(r, a, b); break;  // the dividend's sign
    case BinOp::bit_and: mpz_and(r, a, b); break;  // GMP's and/ior/xor act on infinite two's complement
    case BinOp::bit_or: mpz_ior(r, a, b); break;
    case BinOp::bit_xor: mpz_xor(r, a, b); break;
  }
}

/// a op b, a op= b, and (aliased) a op= a; division by zero is left to check_divmod.
template <class T> ::testing::AssertionResult check_binary(BinOp op, const T& a, const T& b) {
  const auto operands = [&] { return "a = " + show(a) + ", b = " + show(b); };
  const Mpz za = to_mpz(a);
  const Mpz zb = to_mpz(b);
  Mpz want;
  if (!((op == BinOp::div || op == BinOp::mod) && b.is_zero())) {
    apply(op, want, za, zb);
    const std::string expr = std::string("a ") + op_text(op) + " b";
    WARPNUM_TEST_CHECK(same_value((expr).c_str(), want, apply(op, a, b), operands));
    WARPNUM_TEST_CHECK(same_value((std::string("a ") + op_text(op) + "= b").c_str(), want, apply_compound(op, a, b), operands));
  }
  if (!((op == BinOp::div || op == BinOp::mod) && a.is_zero())) {
    apply(op, want, za, za);
    T c = a;
    switch (op) {
      case BinOp::add: c += c; break;
      case BinOp::sub: c -= c; break;
      case BinOp::mul: c *= c; break;
      case BinOp::div: c /= c; break;
      case BinOp::mod: c %= c; break;
      case BinOp::bit_and: c &= c; break;
      case BinOp::bit_or: c |= c; break;
      case BinOp::bit_xor: c ^= c; break;
    }
    WARPNUM_TEST_CHECK(same_value((std::string("c = a; c ") + op_text(op) + "= c").c_str(), want, c, operands));
  }
  return pass();
}

// ---- division ---------------------------------------------------------------------------------------------

/// a / b, a % b, divmod, divmod_checked, /= and %=; for b == 0 the exceptions and divmod_checked's defined
/// result {all ones, a, division_by_zero}.
template <class T> ::testing::AssertionResult check_divmod(const T& a, const T& b) {
  const auto operands = [&] { return "a = " + show(a) + ", b = " + show(b); };
  if (b.is_zero()) {
    const auto r = divmod_checked(a, b);
    if (r.status != Status::division_by_zero || r.quot != ~T{} || r.rem != a)
      return fail(type_name<T>() + ": divmod_checked(a, 0) is not {all ones, a, division_by_zero}", operands);
    const auto throws = [&](auto&& f) {
      try {
        f();
      } catch (const std::domain_error&) {
        return true;
      }
      return false;
    };
    if (!throws([&] { (void)(a / b); })) return fail(type_name<T>() + ": a / 0 did not throw domain_error", operands);
    if (!throws([&] { (void)(a % b); })) return fail(type_name<T>() + ": a % 0 did not throw domain_error", operands);
    if (!throws([&] { (void)divmod(a, b); })) return fail(type_name<T>() + ": divmod(a, 0) did not throw domain_error", operands);
    if (!throws([&] { T c = a; c /= b; })) return fail(type_name<T>() + ": a /= 0 did not throw domain_error", operands);
    if (!throws([&] { T c = a; c %= b; })) return fail(type_name<T>() + ": a %= 0 did not throw domain_error", operands);
    return pass();
  }
  const Mpz za = to_mpz(a);
  const Mpz zb = to_mpz(b);
  Mpz q;
  Mpz r;
  mpz_tdiv_qr(q, r, za, zb);
  WARPNUM_TEST_CHECK(same_value("a / b", q, a / b, operands));
  WARPNUM_TEST_CHECK(same_value("a % b", r, a % b, operands));
  const auto d = divmod(a, b);
  WARPNUM_TEST_CHECK(same_value("divmod(a, b).quot", q, d.quot, operands));
  WARPNUM_TEST_CHECK(same_value("divmod(a, b).rem", r, d.rem, operands));
  const auto c = divmod_checked(a, b);
  if (c.status != Status::ok) return fail(type_name<T>() + ": divmod_checked status is not ok", operands);
  WARPNUM_TEST_CHECK(same_value("divmod_checked(a, b).quot", q, c.quot, operands));
  WARPNUM_TEST_CHECK(same_value("divmod_checked(a, b).rem", r, c.rem, operands));
  T x = a;
  x /= b;
  WARPNUM_TEST_CHECK(same_value("a /= b", q, x, operands));
  x = a;
  x %= b;
  WARPNUM_TEST_CHECK(same_value("a %= b", r, x, operands));
  return pass();
}

/// A divisor for division tests: any value, one with the top bit of its top limb set, one with only the lowest
/// limb (or the lowest 64-bit word) set, or a short one.
template <class T> T random_divisor(Rng& rng) {
  T b = random_value<T>(rng);
  switch (rng.below(6)) {
    case 0:
      b.data()[T::num_limbs - 1] |= 0x80000000u;
      break;
    case 1:
      b = T{};
      b.data()[0] = rng.u32();
      break;
    case 2:
      b = T{};
      b.data()[0] = rng.u32();
      if (T::num_limbs > 1) b.data()[1] = rng.chance(1, 2) ? rng.u32() : 0x80000000u;
      break;
    default:
      break;
  }
  return b;
}

/// Dividend/divisor pairs whose quotient digit estimate is one too large, so Knuth's algorithm D adds back
/// (Warren, Hacker's Delight, 2nd ed., divmnu64.c test cases), for 32-bit words and the same shapes for 64-bit
/// words (the host's word size), each with the dividend, or both, shifted up by whole words.
template <class T> std::vector<std::array<T, 2>> add_back_cases() {
  std::vector<std::array<T, 2>> out;
  for (const unsigned wb : {32u, 64u}) {
    const std::uint64_t ones = wb == 32 ? 0xffffffffull : ~std::uint64_t{0};
    const std::uint64_t top = ones ^ (ones >> 1);
    // Words, least significant first.
    const std::vector<std::vector<std::uint64_t>> shapes[] = {
        {{3, 0, top}, {1, 0, top >> 2}},
        {{3, 0, 0x8000}, {1, 0, 0x2000}},
        {{0, 0, 0x8000, 0x7fff}, {1, 0, 0x8000}},
        {{0, 0xfffe, 0, 0x8000}, {0xffff, 0, 0x8000}},
        {{0, ones - 1, 0, top}, {0xffff, 0, top}},
        {{0, ones - 1, 0, top}, {ones, 0, top}},
    };
    for (const auto& c : shapes) {
      for (unsigned shift_words = 0; shift_words < 3; ++shift_words) {
        if ((c[0].size() + shift_words) * wb > T::bits - (T::is_signed ? 1 : 0)) continue;
        Mpz u;
        Mpz v;
        for (std::size_t i = c[0].size(); i-- > 0;) {
          mpz_mul_2exp(u, u, wb);
          mpz_add_ui(u, u, c[0][i]);
        }
        for (std::size_t i = c[1].size(); i-- > 0;) {
          mpz_mul_2exp(v, v, wb);
          mpz_add_ui(v, v, c[1][i]);
        }
        mpz_mul_2exp(u, u, shift_words * wb);
        out.push_back({oracle::from_mpz<T>(u), oracle::from_mpz<T>(v)});
        mpz_mul_2exp(v, v, shift_words * wb);
        out.push_back({oracle::from_mpz<T>(u), oracle::from_mpz<T>(v)});
      }
    }
  }
  return out;
}

// ---- comparison -------------------------------------------------------------------------------------------

template <class T> ::testing::AssertionResult check_compare(const T& a, const T& b) {
  const int want = mpz_cmp(to_mpz(a), to_mpz(b));
  const int sign = (want > 0) - (want < 0);
  const auto ord = a <=> b;
  const int got_ord = ord < 0 ? -1 : (ord > 0 ? 1 : 0);
  if ((a == b) != (sign == 0) || (a != b) != (sign != 0) || (a < b) != (sign < 0) || (a <= b) != (sign <= 0) ||
      (a > b) != (sign > 0) || (a >= b) != (sign >= 0) || got_ord != sign || compare(a, b) != sign) {
    return ::testing::AssertionFailure() << type_name<T>() << ": comparisons of a = " << show(a) << ", b = " << show(b)
                                         << " disagree with GMP's sign " << sign << " (compare: " << compare(a, b)
                                         << ", <=>: " << got_ord << ", <: " << (a < b) << ", ==: " << (a == b) << ")";
  }
  return pass();
}

// ---- shifts -----------------------------------------------------------------------------------------------

/// a << s, a >> s (arithmetic for signed), <<= and >>=.
template <class T> ::testing::AssertionResult check_shift(const T& a, std::uint64_t s) {
  const auto operands = [&] { return "a = " + show(a) + ", s = " + std::to_string(s); };
  const Mpz za = to_mpz(a);
  Mpz want;
  const std::uint64_t capped = s > T::bits ? T::bits + 1 : s;
  mpz_mul_2exp(want, za, static_cast<mp_bitcnt_t>(capped));
  WARPNUM_TEST_CHECK(same_value("a << s", want, a << s, operands));
  T x = a;
  x <<= s;
  WARPNUM_TEST_CHECK(same_value("a <<= s", want, x, operands));
  mpz_fdiv_q_2exp(want, za, static_cast<mp_bitcnt_t>(capped));  // floor: the arithmetic shift
  WARPNUM_TEST_CHECK(same_value("a >> s", want, a >> s, operands));
  x = a;
  x >>= s;
  WARPNUM_TEST_CHECK(same_value("a >>= s", want, x, operands));
  return pass();
}

// ---- unary operators, increments, abs, predicates ---------------------------------------------------------

template <class T> ::testing::AssertionResult check_unary(const T& a) {
  const auto operands = [&] { return "a = " + show(a); };
  const Mpz za = to_mpz(a);
  Mpz want;
  mpz_neg(want, za);
  WARPNUM_TEST_CHECK(same_value("-a", want, -a, operands));
  mpz_com(want, za);
  WARPNUM_TEST_CHECK(same_value("~a", want, ~a, operands));
  WARPNUM_TEST_CHECK(same_value("+a", za, +a, operands));
  mpz_abs(want, za);
  WARPNUM_TEST_CHECK(same_value("abs(a)", want, abs(a), operands));
  const bool zero = mpz_sgn(za.get()) == 0;
  if (!a != zero || static_cast<bool>(a) == zero || a.is_zero() != zero || a.is_negative() != (mpz_sgn(za.get()) < 0))
    return fail(type_name<T>() + ": !a, bool(a), is_zero or is_negative is wrong", operands);

  Mpz up;
  Mpz down;
  mpz_add_ui(up, za, 1);
  mpz_sub_ui(down, za, 1);
  T x = a;
  WARPNUM_TEST_CHECK(same_value("++a (result)", up, ++x, operands));
  WARPNUM_TEST_CHECK(same_value("++a (variable)", up, x, operands));
  x = a;
  WARPNUM_TEST_CHECK(same_value("a++ (result)", za, x++, operands));
  WARPNUM_TEST_CHECK(same_value("a++ (variable)", up, x, operands));
  x = a;
  WARPNUM_TEST_CHECK(same_value("--a (result)", down, --x, operands));
  WARPNUM_TEST_CHECK(same_value("--a (variable)", down, x, operands));
  x = a;
  WARPNUM_TEST_CHECK(same_value("a-- (result)", za, x--, operands));
  WARPNUM_TEST_CHECK(same_value("a-- (variable)", down, x, operands));
  return pass();
}

// ---- bit queries ------------------------------------------------------------------------------------------

/// popcount, countl_zero, countr_zero, bit_width, bit and set_bit, all on the two's complement pattern.
template <class T> ::testing::AssertionResult check_bits(const T& a, std::uint64_t i, bool value) {
  const auto operands = [&] { return "a = " + show(a) + ", i = " + std::to_string(i); };
  const Mpz p = oracle::pattern(to_mpz(a), T::bits);
  const bool zero = mpz_sgn(p.get()) == 0;
  const int width = zero ? 0 : static_cast<int>(mpz_sizeinbase(p, 2));
  const int pop = static_cast<int>(mpz_popcount(p));
  const int trailing = zero ? static_cast<int>(T::bits) : static_cast<int>(mpz_scan1(p, 0));
  if (popcount(a) != pop) return fail(type_name<T>() + ": popcount " + std::to_string(popcount(a)) + ", expected " + std::to_string(pop), operands);
  if (bit_width(a) != width) return fail(type_name<T>() + ": bit_width " + std::to_string(bit_width(a)) + ", expected " + std::to_string(width), operands);
  if (countl_zero(a) != static_cast<int>(T::bits) - width) return fail(type_name<T>() + ": countl_zero " + std::to_string(countl_zero(a)), operands);
  if (countr_zero(a) != trailing) return fail(type_name<T>() + ": countr_zero " + std::to_string(countr_zero(a)) + ", expected " + std::to_string(trailing), operands);
  const bool want_bit = i < T::bits && mpz_tstbit(p, static_cast<mp_bitcnt_t>(i)) != 0;
  if (a.bit(i) != want_bit) return fail(type_name<T>() + ": bit(i) is " + std::to_string(a.bit(i)), operands);
  Mpz q = p;
  if (i < T::bits) {
    if (value) {
      mpz_setbit(q, static_cast<mp_bitcnt_t>(i));
    } else {
      mpz_clrbit(q, static_cast<mp_bitcnt_t>(i));
    }
  }
  T x = a;
  x.set_bit(i, value);
  WARPNUM_TEST_CHECK(same_value(value ? "set_bit(i, true)" : "set_bit(i, false)", q, x, operands));
  if (value) {
    x = a;
    x.set_bit(i);
    WARPNUM_TEST_CHECK(same_value("set_bit(i)", q, x, operands));
  }
  return pass();
}

// ---- multiplication, powers, roots, gcd ---------------------------------------------------------------------

/// The full 2*Bits product.
template <class T> ::testing::AssertionResult check_mul_wide(const T& a, const T& b) {
  const auto operands = [&] { return "a = " + show(a) + ", b = " + show(b); };
  Mpz want;
  mpz_mul(want, to_mpz(a), to_mpz(b));
  const auto p = mul_wide(a, b);
  static_assert(std::is_same_v<decltype(p), const BasicInt<2 * T::bits, T::is_signed>>);
  return same_value("mul_wide(a, b)", want, p, operands);
}

/// sqr(a) (modulo 2^Bits) and sqr_wide(a) (the full square).
template <class T> ::testing::AssertionResult check_sqr(const T& a) {
  const auto operands = [&] { return "a = " + show(a); };
  Mpz want;
  mpz_mul(want, to_mpz(a), to_mpz(a));
  const auto w = sqr_wide(a);
  static_assert(std::is_same_v<decltype(w), const BasicInt<2 * T::bits, T::is_signed>>);
  WARPNUM_TEST_CHECK(same_value("sqr_wide(a)", want, w, operands));
  Mpz low;
  mpz_fdiv_r_2exp(low, want, T::bits);
  const BasicInt<T::bits, false> got = static_cast<BasicInt<T::bits, false>>(sqr(a));
  return same_value("sqr(a)", low, got, operands);
}

template <class T> const Mpz& two_to_bits() {
  static const Mpz m = [] {
    Mpz z;
    mpz_setbit(z, T::bits);
    return z;
  }();
  return m;
}

/// pow(a, e) for a built-in exponent; modulo 2^Bits.
template <class T> ::testing::AssertionResult check_pow(const T& a, std::uint64_t e) {
  const auto operands = [&] { return "a = " + show(a) + ", e = " + std::to_string(e); };
  Mpz want;
  mpz_powm_ui(want, to_mpz(a), e, two_to_bits<T>());
  return same_value("pow(a, e)", want, pow(a, e), operands);
}

/// pow(a, e) for a BigUInt exponent of any width.
template <class T, std::size_t EBits> ::testing::AssertionResult check_pow(const T& a, const BigUInt<EBits>& e) {
  const auto operands = [&] { return "a = " + show(a) + ", e = " + show(e) + " (BigUInt<" + std::to_string(EBits) + ">)"; };
  Mpz want;
  mpz_powm(want, to_mpz(a), to_mpz(e), two_to_bits<T>());
  return same_value("pow(a, e)", want, pow(a, e), operands);
}

/// isqrt(a) for a >= 0.
template <class T> ::testing::AssertionResult check_isqrt(const T& a) {
  const auto operands = [&] { return "a = " + show(a); };
  Mpz want;
  mpz_sqrt(want, to_mpz(a));
  return same_value("isqrt(a)", want, isqrt(a), operands);
}

/// gcd(|a|, |b|) (gcd(MIN, 0) and gcd(MIN, MIN) wrap to MIN, as documented).
template <class T> ::testing::AssertionResult check_gcd(const T& a, const T& b) {
  const auto operands = [&] { return "a = " + show(a) + ", b = " + show(b); };
  Mpz want;
  mpz_gcd(want, to_mpz(a), to_mpz(b));
  return same_value("gcd(a, b)", want, gcd(a, b), operands);
}

/// lcm(|a|, |b|) modulo 2^Bits.
template <class T> ::testing::AssertionResult check_lcm(const T& a, const T& b) {
  const auto operands = [&] { return "a = " + show(a) + ", b = " + show(b); };
  Mpz want;
  mpz_lcm(want, to_mpz(a), to_mpz(b));
  return same_value("lcm(a, b)", want, lcm(a, b), operands);
}

// ---- conversions ------------------------------------------------------------------------------------------

/// double(a), rounded to nearest with ties to even.
template <class T> ::testing::AssertionResult check_to_double(const T& a) {
  const double want = oracle::to_double(to_mpz(a));
  const double got = static_cast<double>(a);
  if (std::bit_cast<std::uint64_t>(want) == std::bit_cast<std::uint64_t>(got)) return pass();
  char buf[128];
  std::snprintf(buf, sizeof buf, ": double(a) is %a, expected %a", got, want);
  return ::testing::AssertionFailure() << type_name<T>() << buf << " with a = " << show(a);
}

/// U{a}: sign-extended from a signed type, zero-extended from an unsigned one, truncated when narrowing.
/// `value` is a's value (to_mpz(a)), computed once for all targets.
template <class U, class T> ::testing::AssertionResult check_convert(const T& a, mpz_srcptr value) {
  const U u{a};
  Mpz want;
  oracle::reduce(want, value, U::bits, U::is_signed);
  const Mpz got = to_mpz(u);
  if (want == got) return pass();
  return mismatch(type_name<U>(), "U{a}", "a = " + show(a) + " (" + type_name<T>() + ")", want, got);
}

/// An mpz from any built-in integer.
template <class I> Mpz mpz_of(I v) {
  Mpz z;
  if constexpr (std::is_signed_v<I>) {
    mpz_set_si(z, static_cast<long>(v));
  } else {
    mpz_set_ui(z, static_cast<unsigned long>(v));
  }
  return z;
}

template <class I> const char* builtin_name() {
  if constexpr (std::is_same_v<I, signed char>) return "signed char";
  else if constexpr (std::is_same_v<I, unsigned char>) return "unsigned char";
  else if constexpr (std::is_same_v<I, short>) return "short";
  else if constexpr (std::is_same_v<I, unsigned short>) return "unsigned short";
  else if constexpr (std::is_same_v<I, int>) return "int";
  else if constexpr (std::is_same_v<I, unsigned>) return "unsigned";
  else if constexpr (std::is_same_v<I, long>) return "long";
  else if constexpr (std::is_same_v<I, unsigned long>) return "unsigned long";
  else if constexpr (std::is_same_v<I, long long>) return "long long";
  else return "unsigned long long";
}

/// T(v) from a built-in integer: sign- or zero-extended, wrapped modulo 2^Bits.
template <class T, class I> ::testing::AssertionResult check_from_builtin(I v) {
  const auto operands = [&] { return std::string(builtin_name<I>()) + " v = " + std::to_string(v); };
  const T x(v);
  return same_value("T(v)", mpz_of(v), x, operands);
}

/// static_cast<I>(a): the low bits, like a cast between built-in integers.
template <class I, class T> ::testing::AssertionResult check_to_builtin(const T& a) {
  Mpz low;
  mpz_fdiv_r_2exp(low, to_mpz(a), 64);
  std::uint64_t u = 0;
  oracle::to_words(&u, low, 1);
  const I want = static_cast<I>(u);
  const I got = static_cast<I>(a);
  if (want == got) return pass();
  return ::testing::AssertionFailure() << type_name<T>() << ": static_cast<" << builtin_name<I>() << ">(a) is "
                                       << +got << ", expected " << +want << " with a = " << show(a);
}

// ---- bytes ------------------------------------------------------------------------------------------------

/// to_bytes in both orders and both overloads against mpz_export; from_bytes back, with extra zero bytes, and
/// from a prefix of `short_size` bytes (zero-extended).
template <class T> ::testing::AssertionResult check_bytes(const T& a, std::size_t short_size) {
  constexpr std::size_t n = T::bits / 8;
  const auto operands = [&] { return "a = " + show(a) + ", short size " + std::to_string(short_size); };
  const Mpz p = oracle::pattern(to_mpz(a), T::bits);
  std::vector<std::uint8_t> le(n, 0);
  std::size_t count = 0;
  mpz_export(le.data(), &count, -1, 1, 0, 0, p);
  const std::vector<std::uint8_t> be(le.rbegin(), le.rend());
  for (const std::endian order : {std::endian::little, std::endian::big}) {
    const auto& want = order == std::endian::little ? le : be;
    const char* name = order == std::endian::little ? "little" : "big";
    const std::array<std::uint8_t, n> got = to_bytes(a, order);
    if (!std::equal(got.begin(), got.end(), want.begin())) return fail(type_name<T>() + ": to_bytes(a, " + name + ") differs from mpz_export", operands);
    std::vector<std::uint8_t> out(n + 2, 0xa5);
    to_bytes(a, out.data() + 1, order);
    if (out[0] != 0xa5 || out[n + 1] != 0xa5 || !std::equal(want.begin(), want.end(), out.begin() + 1))
      return fail(type_name<T>() + ": to_bytes(a, out, " + name + ") wrote the wrong bytes", operands);
    const T back = from_bytes<T>(want.data(), n, order);
    if (back != a) return fail(type_name<T>() + ": from_bytes(to_bytes(a), " + name + ") != a", operands);
    // Extra zero bytes on the most significant side.
    std::vector<std::uint8_t> longer = want;
    longer.insert(order == std::endian::little ? longer.end() : longer.begin(), 5, 0);
    if (from_bytes<T>(longer.data(), longer.size(), order) != a)
      return fail(type_name<T>() + ": from_bytes with zero excess bytes (" + name + ") != a", operands);
    // A short input: the least significant short_size bytes, zero-extended.
    Mpz low;
    mpz_fdiv_r_2exp(low, p, 8 * short_size);
    const std::uint8_t* start = order == std::endian::little ? want.data() : want.data() + (n - short_size);
    Mpz imported;
    mpz_import(imported, short_size, order == std::endian::little ? -1 : 1, 1, 0, 0, start);
    if (!(imported == low)) return fail("oracle: mpz_import disagrees with the prefix", operands);
    WARPNUM_TEST_CHECK(same_value(order == std::endian::little ? "from_bytes(short, little)" : "from_bytes(short, big)", low,
                             from_bytes<T>(start, short_size, order), operands));
  }
  return pass();
}

// ---- text -------------------------------------------------------------------------------------------------

inline std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

/// x in `base` by GMP: lower-case digits, '-' for negative values.
inline std::string gmp_text(mpz_srcptr x, int base) {
  char* raw = mpz_get_str(nullptr, base, x);
  std::string s(raw);
  void (*free_fn)(void*, std::size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(raw, s.size() + 1);
  return s;
}

/// to_string against mpz_get_str, and from_string back.
template <class T> ::testing::AssertionResult check_round_trip(const T& a, int base) {
  const auto operands = [&] { return "a = " + show(a) + ", base " + std::to_string(base); };
  const std::string want = gmp_text(to_mpz(a), base);
  const std::string s = to_string(a, base);
  if (s != want) return fail(type_name<T>() + ": to_string gives \"" + s + "\", expected \"" + want + "\"", operands);
  if (from_string<T>(s, base) != a) return fail(type_name<T>() + ": from_string(to_string(a)) != a", operands);
  return pass();
}

/// to_string, to_chars (both cases, too small a buffer), from_string, from_chars (stopping at a non-digit),
/// and for bases 2, 8, 10 and 16 the string constructor with each prefix spelling; all against mpz_get_str.
template <class T> ::testing::AssertionResult check_text(const T& a, int base) {
  const auto operands = [&] { return "a = " + show(a) + ", base " + std::to_string(base); };
  const std::string want = gmp_text(to_mpz(a), base);
  const std::string s = to_string(a, base);
  if (s != want) return fail(type_name<T>() + ": to_string gives \"" + s + "\", expected \"" + want + "\"", operands);
  if (from_string<T>(s, base) != a) return fail(type_name<T>() + ": from_string(to_string(a)) != a", operands);

  std::vector<char> buf(want.size() + 1, '#');
  auto tc = to_chars(buf.data(), buf.data() + want.size(), a, base);
  if (tc.ec != std::errc{} || tc.ptr != buf.data() + want.size() || std::string(buf.data(), want.size()) != want || buf[want.size()] != '#')
    return fail(type_name<T>() + ": to_chars into an exact buffer", operands);
  tc = to_chars(buf.data(), buf.data() + want.size() - 1, a, base);
  if (tc.ec != std::errc::value_too_large || tc.ptr != buf.data() + want.size() - 1)
    return fail(type_name<T>() + ": to_chars into a buffer one short is not value_too_large", operands);
  tc = to_chars(buf.data(), buf.data() + buf.size(), a, base, true);
  const std::string up = upper(want);
  if (tc.ec != std::errc{} || std::string(buf.data(), static_cast<std::size_t>(tc.ptr - buf.data())) != up)
    return fail(type_name<T>() + ": to_chars(uppercase)", operands);

  T v{};
  const std::string text = up + "!";
  const auto fc = from_chars(text.data(), text.data() + text.size(), v, base);
  if (fc.ec != std::errc{} || fc.ptr != text.data() + up.size() || v != a)
    return fail(type_name<T>() + ": from_chars(\"" + text + "\") did not stop at '!' with a", operands);

  if (base == 2 || base == 8 || base == 10 || base == 16) {
    const bool negative = want[0] == '-';
    const std::string digits = negative ? want.substr(1) : want;
    const std::string sign = negative ? "-" : "";
    std::vector<std::string> spellings;
    if (base == 10) spellings = {""};
    if (base == 16) spellings = {"0x", "0X"};
    if (base == 2) spellings = {"0b", "0B"};
    if (base == 8) spellings = {"0o", "0O"};
    for (const std::string& prefix : spellings) {
      for (const std::string& d : {digits, upper(digits)}) {
        const std::string t = sign + prefix + d;
        if (T(t) != a) return fail(type_name<T>() + ": T(\"" + t + "\") != a", operands);
        if (from_string<T>(t) != a) return fail(type_name<T>() + ": from_string(\"" + t + "\") != a", operands);
      }
    }
  }
  return pass();
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/modular_suite.hpp: the typed differential suite of modular.hpp (BigUInt only; the sums modulo m
// of detail/modular/add_mod.hpp under every context) against GMP:
// powm (mpz_powm), the Montgomery and Barrett contexts (mpz arithmetic modulo m), modinv (mpz_invert, mpz_gcd),
// multi_powm (a product of mpz_powm), FixedBaseTable (mpz_powm), miller_rabin_round (the strong probable prime
// test written from its definition on mpz) and is_probable_prime (mpz_probab_prime_p and known pseudoprimes).
// modular_*_test.cpp instantiate it for their width groups. Random cases are seeded (seed_for: the seed is
// printed with each failure, WARPNUM_TEST_SEED explores others) and scale down with the width, since powm costs
// about Bits^3; every failure prints its operands in hex.
#pragma once

#include "cases/bigint_checks.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef WARPNUM_MODULAR_TEST_SCALE
/// A multiplier on every random case count of this suite (1: about 10 to 20 s for all widths on a dev box; a
/// fraction such as 0.25 for the emulated, sanitized runs of tests/emulation/).
#  define WARPNUM_MODULAR_TEST_SCALE 1
#endif

namespace warpnum::test {

// ---- case counts and names ----------------------------------------------------------------------------------

/// The number of random cases of a test that runs `at_256` cases at 256 bits: 4 times as many at 128 bits and
/// below (where a case costs microseconds), a quarter per doubling above 256 bits (powm costs about Bits^3, a
/// multiplication Bits^2, and the widest widths need the time most), and never fewer than `at_least`.
template <class T> constexpr int scaled_cases(int at_256, int at_least = 2) {
  long n = static_cast<long>(at_256 * static_cast<double>(WARPNUM_MODULAR_TEST_SCALE));
  if (T::bits <= 128) n *= 4;
  for (std::size_t b = 512; b <= T::bits; b *= 2) n /= 4;
  return static_cast<int>(n < at_least ? at_least : n);
}

template <class T> std::string mod_what(const char* op) { return type_name<T>() + " " + op; }
template <class T> std::uint64_t mod_seed(const char* op) { return seed_for(mod_what<T>(op)); }

inline std::string status_name(Status s) {
  switch (s) {
    case Status::ok: return "ok";
    case Status::division_by_zero: return "division_by_zero";
    case Status::invalid_argument: return "invalid_argument";
    case Status::out_of_range: return "out_of_range";
    case Status::not_invertible: return "not_invertible";
  }
  return "Status(" + std::to_string(static_cast<int>(s)) + ")";
}

/// Success when `got` is `want`; else a failure naming the expression, the operands and both statuses.
template <class Describe>
::testing::AssertionResult same_status(const char* expr, Status want, Status got, Describe&& operands) {
  if (want == got) return pass();
  return ::testing::AssertionFailure() << expr << " with " << operands() << ": expected status " << status_name(want)
                                       << ", got " << status_name(got);
}

// ---- operands -----------------------------------------------------------------------------------------------

/// A value with exactly n bits (1 <= n <= Bits): the low n bits of a random_value shape, bit n - 1 set.
template <class T> T exact_bits(Rng& rng, std::size_t n) {
  T x = random_value<T>(rng);
  if (n < T::bits) x = (x << (T::bits - n)) >> (T::bits - n);
  x.set_bit(n - 1);
  return x;
}

/// The edge values of random.hpp that are not zero: 1, 2, 3, 10, all ones, 2^k and 2^k +- 1 at limb and word
/// boundaries, 2^Bits - 2^k, only the lowest limb set, only the top bit or the top limb set, alternating bits.
/// As moduli they cover the shapes that break reductions: tiny ones, powers of two (Barrett's shift), 2^k + 1
/// (a long run of zeros), all ones (every quotient estimate at its largest).
template <class T> const std::vector<T>& edge_moduli() {
  static const std::vector<T> moduli = [] {
    std::vector<T> v;
    for (const T& x : edge_values<T>())
      if (!x.is_zero() && std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
    return v;
  }();
  return moduli;
}

enum class Parity { odd, even, any };

/// A non-zero modulus of the given parity: an edge modulus, a value of random effective length (1 to Bits bits,
/// so the moduli 1, 2 and 3 come up at every width), or any random_value shape.
template <class T> T random_modulus(Rng& rng, Parity parity) {
  T m;
  switch (rng.below(4)) {
    case 0: {
      const auto& edges = edge_moduli<T>();
      m = edges[rng.below(edges.size())];
      break;
    }
    case 1:
      m = exact_bits<T>(rng, 1 + rng.below(rng.chance(1, 4) ? 3 : T::bits));
      break;
    default:
      m = random_value<T>(rng);
      break;
  }
  if (parity == Parity::odd) m.set_bit(0);
  if (parity == Parity::even) m.set_bit(0, false);
  if (m.is_zero()) m = parity == Parity::odd ? T{1u} : T{2u} << rng.below(T::bits - 1);  // 2 .. 2^(Bits-1)
  return m;
}

/// A base for powm: 0, 1, m - 1, m, m + 1, all ones, below m, or any value (most of them above m).
template <class T> T random_base(Rng& rng, const T& m) {
  switch (rng.below(10)) {
    case 0: return T{};
    case 1: return T{1u};
    case 2: return m - 1u;
    case 3: return m;
    case 4: return m + 1u;
    case 5: return ~T{};
    case 6:
    case 7: return random_value<T>(rng) % m;
    default: return random_value<T>(rng);
  }
}

/// An exponent of type E: 0, 1, 2, below 256, all ones, or a random shape of random length up to `max_bits`.
template <class E> E random_exponent(Rng& rng, std::size_t max_bits = E::bits) {
  max_bits = std::min(max_bits, E::bits);
  switch (rng.below(10)) {
    case 0: return E{};
    case 1: return E{1u};
    case 2: return E{2u};
    case 3: return E{static_cast<std::uint32_t>(rng.below(256))};
    case 4: return max_bits == E::bits ? ~E{} : exact_bits<E>(rng, max_bits);
    default: return exact_bits<E>(rng, 1 + rng.below(max_bits));
  }
}

template <class T> T below(Rng& rng, const T& m) { return random_value<T>(rng) % m; }

// ---- mpz helpers ----------------------------------------------------------------------------------------------

/// mpz_cmp_ui and mpz_odd_p are macros that need a pointer, not an Mpz.
inline int cmp_ui(mpz_srcptr z, unsigned long v) { return mpz_cmp_ui(z, v); }
inline bool is_odd(mpz_srcptr z) { return mpz_odd_p(z) != 0; }

inline Mpz power_of_two(std::size_t k) {
  Mpz r;
  mpz_setbit(r, k);
  return r;
}

/// x mod m as a fresh Mpz.
inline Mpz mod(mpz_srcptr x, mpz_srcptr m) {
  Mpz r;
  mpz_mod(r, x, m);
  return r;
}

/// x y mod m.
inline Mpz mul_mod(mpz_srcptr x, mpz_srcptr y, mpz_srcptr m) {
  Mpz r;
  mpz_mul(r, x, y);
  mpz_mod(r, r, m);
  return r;
}

/// R = 2^Bits modulo m, and its inverse modulo an odd m (0 modulo 1).
template <class T> Mpz montgomery_r(mpz_srcptr m) { return mod(power_of_two(T::bits), m); }
template <class T> Mpz montgomery_r_inverse(mpz_srcptr m) {
  Mpz r;
  if (cmp_ui(m, 1) == 0) return r;
  mpz_invert(r, power_of_two(T::bits), m);
  return r;
}

/// The result of f(), which must throw E: "" if it did, else what happened instead.
template <class E, class F> std::string must_throw(F&& f) {
  try {
    f();
  } catch (const E&) {
    return "";
  } catch (const std::exception& e) {
    return std::string("threw another exception: ") + e.what();
  }
  return "did not throw";
}

// ---- powm -----------------------------------------------------------------------------------------------------

/// powm and powm_checked against mpz_powm, for any exponent width; the std::uint64_t overload where the
/// exponent fits in 64 bits.
template <class T, std::size_t EBits>
::testing::AssertionResult check_powm(const T& a, const BigUInt<EBits>& e, const T& m) {
  const auto describe = [&] {
    return "a = " + show(a) + ", e = " + show(e) + " (BigUInt<" + std::to_string(EBits) + ">), m = " + show(m);
  };
  Mpz want;
  mpz_powm(want, to_mpz(a), to_mpz(e), to_mpz(m));
  WARPNUM_TEST_CHECK(same_value("powm(a, e, m)", want, powm(a, e, m), describe));
  const auto c = powm_checked(a, e, m);
  WARPNUM_TEST_CHECK(same_value("powm_checked(a, e, m).value", want, c.value, describe));
  WARPNUM_TEST_CHECK(same_status("powm_checked(a, e, m).status", Status::ok, c.status, describe));
  if (bit_width(e) <= 64) {
    const auto e64 = static_cast<std::uint64_t>(BigUInt<64>(e));
    WARPNUM_TEST_CHECK(same_value("powm(a, std::uint64_t e, m)", want, powm(a, e64, m), describe));
  }
  return pass();
}

template <class T> class Modular : public ::testing::Test {};
TYPED_TEST_SUITE_P(Modular);

// Random moduli (odd ones through Montgomery, even ones through Barrett, alternately), bases and exponents; the
// exponent type rotates through BigUInt<Bits>, BigUInt<2 Bits> (wider than the modulus), BigUInt<64> and
// BigUInt<32>.
TYPED_TEST_P(Modular, Powm) {
  using T = TypeParam;
  using Wide = BigUInt<2 * T::bits>;
  run_random_cases(mod_what<T>("powm"), mod_seed<T>("powm"), scaled_cases<T>(3000, 24), [](Rng& rng, int i) {
    const T m = random_modulus<T>(rng, i % 2 == 0 ? Parity::odd : Parity::even);
    const T a = random_base(rng, m);
    switch (i / 2 % 4) {
      case 0: return check_powm(a, random_exponent<BigUInt<T::bits>>(rng), m);
      case 1: return check_powm(a, random_exponent<Wide>(rng), m);
      case 2: return check_powm(a, random_exponent<BigUInt<64>>(rng), m);
      default: return check_powm(a, random_exponent<BigUInt<32>>(rng), m);
    }
  });
}

// The device's exponentiation (detail::fixed_window_pow: 4-bit fixed windows; the host and constant evaluation
// slide) on the host, in both contexts, against mpz_powm: odd moduli through Montgomery forms, even ones through
// Barrett, exponents 0, 1, short and of several widths, bases at and above the modulus.
TYPED_TEST_P(Modular, FixedWindowPow) {
  using T = TypeParam;
  using Wide = BigUInt<2 * T::bits>;
  run_random_cases(mod_what<T>("fixed-window pow"), mod_seed<T>("fixed-window pow"), scaled_cases<T>(600, 12), [](Rng& rng, int i) {
    const bool odd = i % 2 == 0;
    const T m = random_modulus<T>(rng, odd ? Parity::odd : Parity::even);
    const T a = i % 7 == 3 ? m : random_base(rng, m);
    const auto check = [&](const auto& e) -> ::testing::AssertionResult {
      Mpz want;
      mpz_powm(want, to_mpz(a), to_mpz(e), to_mpz(m));
      T got;
      if (odd) {
        const Montgomery<T::bits> ctx(m);
        got = ctx.from_montgomery(detail::fixed_window_pow(ctx, ctx.to_montgomery(a), e));
      } else {
        const Barrett<T::bits> ctx(m);
        got = detail::fixed_window_pow(ctx, ctx.reduce(a), e);
      }
      return same_value("fixed_window_pow", want, got, [&] { return "a = " + show(a) + ", e = " + show(e) + ", m = " + show(m); });
    };
    switch (i / 2 % 5) {
      case 0: return check(BigUInt<32>{static_cast<std::uint32_t>(i % 3)});  // 0, 1, 2
      case 1: return check(random_exponent<BigUInt<32>>(rng));
      case 2: return check(random_exponent<BigUInt<T::bits>>(rng));
      case 3: return check(random_exponent<Wide>(rng));
      default: return check(~BigUInt<64>{});
    }
  });
}

/// Every k-th of the values.
template <class T> std::vector<T> every(const std::vector<T>& values, std::size_t k) {
  std::vector<T> out;
  for (std::size_t i = 0; i < values.size(); i += k) out.push_back(values[i]);
  return out;
}

// Every edge modulus (odd and even: 1, 2, 3, all ones, 2^k, 2^k +- 1, top bit set, only the lowest limb set,
// ...) with the bases 0, 1, m - 1, m, m + 1, all ones and a random one, and short exponents of three types; then
// some of them with full-width and double-width exponents. The costly parts take every k-th modulus at the
// widest widths (a full-width exponent costs Bits squarings; each check runs powm three times).
TYPED_TEST_P(Modular, PowmEdges) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  using Wide = BigUInt<2 * T::bits>;
  Rng rng(mod_seed<T>("powm edges"));
  const auto& moduli = edge_moduli<T>();
  run_edge_cases(mod_what<T>("powm (short exponents)"), every(moduli, T::bits >= 4096 ? 2 : 1), [&](const T& m) {
    for (const T& a : {T{}, T{1u}, m - 1u, m, m + 1u, ~T{}, random_value<T>(rng)}) {
      for (const E& e : {E{}, E{1u}, E{2u}, E{3u}, E{0x10001u}}) WARPNUM_TEST_CHECK(check_powm(a, e, m));
      WARPNUM_TEST_CHECK(check_powm(a, BigUInt<32>{0x80000001u}, m));
      WARPNUM_TEST_CHECK(check_powm(a, ~BigUInt<64>{}, m));
    }
    return pass();
  });
  const std::size_t stride = T::bits >= 4096 ? 16 : T::bits >= 2048 ? 8 : T::bits >= 1024 ? 2 : 1;
  run_edge_cases(mod_what<T>("powm (full-width exponents)"), every(moduli, stride), [&](const T& m) {
    const T a = random_base(rng, m);
    WARPNUM_TEST_CHECK(check_powm(a, ~E{}, m));
    WARPNUM_TEST_CHECK(check_powm(m - 1u, E{1u} << (T::bits - 1), m));
    WARPNUM_TEST_CHECK(check_powm(a, random_value<Wide>(rng) | (Wide{1u} << (2 * T::bits - 1)), m));
    return pass();
  });
}

// ---- Montgomery -----------------------------------------------------------------------------------------------

/// The context's own values for an odd m: status, modulus, one = R mod m, r_squared = R^2 mod m, and
/// neg_inverse m = -1 mod 2^64.
template <class T> ::testing::AssertionResult check_montgomery_context(const Montgomery<T::bits>& ctx, const T& m) {
  const auto describe = [&] { return "m = " + show(m); };
  const Mpz mz = to_mpz(m);
  const Mpz r = montgomery_r<T>(mz);
  WARPNUM_TEST_CHECK(same_status("Montgomery(m).status()", Status::ok, ctx.status(), describe));
  WARPNUM_TEST_CHECK(same_value("Montgomery(m).modulus()", mz, ctx.modulus(), describe));
  WARPNUM_TEST_CHECK(same_value("Montgomery(m).one()", r, ctx.one(), describe));
  WARPNUM_TEST_CHECK(same_value("Montgomery(m).r_squared()", mul_mod(r, r, mz), ctx.r_squared(), describe));
  Mpz t;
  const Mpz minv = to_mpz(BigUInt<64>(ctx.neg_inverse()));
  mpz_mul(t, minv, mz);
  mpz_add_ui(t, t, 1);
  if (mpz_divisible_2exp_p(t, 64) == 0) return fail("Montgomery(m).neg_inverse() = " + show(BigUInt<64>(ctx.neg_inverse())) + ": m neg_inverse != -1 mod 2^64", describe);
  const auto c = Montgomery<T::bits>::checked(m);
  WARPNUM_TEST_CHECK(same_status("Montgomery::checked(m).status()", Status::ok, c.status(), describe));
  if (c.modulus() != m || c.one() != ctx.one() || c.r_squared() != ctx.r_squared() || c.neg_inverse() != ctx.neg_inverse())
    return fail("Montgomery::checked(m) differs from Montgomery(m)", describe);
  return pass();
}

/// Every operation of a Montgomery context for an odd m, against mpz arithmetic with R = 2^Bits: x and y are
/// below m (Montgomery forms), `any` is any value (to_montgomery and from_montgomery take any, and mul any
/// a b < m R).
template <class T, class E>
::testing::AssertionResult check_montgomery(const Montgomery<T::bits>& ctx, const T& m, const T& x, const T& y,
                                            const T& any, const E& e) {
  const auto describe = [&] {
    return "m = " + show(m) + ", x = " + show(x) + ", y = " + show(y) + ", any = " + show(any) + ", e = " + show(e);
  };
  const Mpz mz = to_mpz(m);
  const Mpz xz = to_mpz(x);
  const Mpz yz = to_mpz(y);
  const Mpz anyz = to_mpz(any);
  const Mpz r = montgomery_r<T>(mz);
  const Mpz rinv = montgomery_r_inverse<T>(mz);
  WARPNUM_TEST_CHECK(same_value("to_montgomery(any)", mul_mod(anyz, r, mz), ctx.to_montgomery(any), describe));
  WARPNUM_TEST_CHECK(same_value("from_montgomery(any)", mul_mod(anyz, rinv, mz), ctx.from_montgomery(any), describe));
  WARPNUM_TEST_CHECK(same_value("from_montgomery(to_montgomery(any))", mod(anyz, mz),
                                ctx.from_montgomery(ctx.to_montgomery(any)), describe));
  WARPNUM_TEST_CHECK(same_value("to_montgomery(from_montgomery(x))", xz, ctx.to_montgomery(ctx.from_montgomery(x)), describe));
  const Mpz xy = mul_mod(xz, yz, mz);
  WARPNUM_TEST_CHECK(same_value("mul(x, y)", mul_mod(xy, rinv, mz), ctx.mul(x, y), describe));
  WARPNUM_TEST_CHECK(same_value("mul(y, x)", mul_mod(xy, rinv, mz), ctx.mul(y, x), describe));
  WARPNUM_TEST_CHECK(same_value("mul(any, y)", mul_mod(mul_mod(anyz, yz, mz), rinv, mz), ctx.mul(any, y), describe));
  WARPNUM_TEST_CHECK(same_value("sqr(x)", mul_mod(mul_mod(xz, xz, mz), rinv, mz), ctx.sqr(x), describe));
  WARPNUM_TEST_CHECK(same_value("mul(x, x)", mul_mod(mul_mod(xz, xz, mz), rinv, mz), ctx.mul(x, x), describe));
  // sqr_n(x, n): n squarings in a row, each x <- x^2 R^-1; x itself for n <= 0.
  WARPNUM_TEST_CHECK(same_value("sqr_n(x, 0)", xz, ctx.sqr_n(x, 0), describe));
  WARPNUM_TEST_CHECK(same_value("sqr_n(x, -1)", xz, ctx.sqr_n(x, -1), describe));
  Mpz chain = xz;
  for (int n = 1; n <= 6; ++n) {
    chain = mul_mod(mul_mod(chain, chain, mz), rinv, mz);
    WARPNUM_TEST_CHECK(same_value(("sqr_n(x, " + std::to_string(n) + ")").c_str(), chain, ctx.sqr_n(x, n), describe));
  }
  Mpz t;
  mpz_add(t, xz, yz);
  WARPNUM_TEST_CHECK(same_value("add(x, y)", mod(t, mz), ctx.add(x, y), describe));
  mpz_sub(t, xz, yz);
  WARPNUM_TEST_CHECK(same_value("sub(x, y)", mod(t, mz), ctx.sub(x, y), describe));
  mpz_neg(t, xz);
  WARPNUM_TEST_CHECK(same_value("neg(x)", mod(t, mz), ctx.neg(x), describe));
  // pow(x, e) is the Montgomery form of (x R^-1)^e.
  Mpz p;
  mpz_powm(p, mul_mod(xz, rinv, mz), to_mpz(e), mz);
  WARPNUM_TEST_CHECK(same_value("pow(x, e)", mul_mod(p, r, mz), ctx.pow(x, e), describe));
  const auto e64 = static_cast<std::uint64_t>(BigUInt<64>(e));
  mpz_powm(p, mul_mod(xz, rinv, mz), to_mpz(BigUInt<64>(e64)), mz);
  WARPNUM_TEST_CHECK(same_value("pow(x, std::uint64_t(e))", mul_mod(p, r, mz), ctx.pow(x, e64), describe));
  return pass();
}

// Random odd moduli, several operand sets per context.
TYPED_TEST_P(Modular, MontgomeryArithmetic) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  run_random_cases(mod_what<T>("Montgomery"), mod_seed<T>("Montgomery"), scaled_cases<T>(600), [](Rng& rng, int) {
    const T m = random_modulus<T>(rng, Parity::odd);
    const Montgomery<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_montgomery_context(ctx, m));
    for (int k = 0; k < 4; ++k) {
      const T x = random_base(rng, m) % m;
      const T y = rng.chance(1, 8) ? x : random_base(rng, m) % m;
      const E e = random_exponent<E>(rng, k == 0 ? T::bits : 64);
      WARPNUM_TEST_CHECK(check_montgomery(ctx, m, x, y, random_value<T>(rng), e));
    }
    return pass();
  });
  // The odd edge moduli with the values 0, 1, m - 1 and the Montgomery forms of 1 and -1.
  Rng rng(mod_seed<T>("Montgomery edges"));
  run_edge_cases(mod_what<T>("Montgomery edges"), edge_moduli<T>(), [&](const T& m) {
    if (!m.bit(0)) return pass();
    const Montgomery<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_montgomery_context(ctx, m));
    const T one = ctx.one();
    for (const T& x : {T{}, T{1u} % m, m - 1u, one, ctx.neg(one)}) {
      for (const T& y : {T{}, T{1u} % m, m - 1u, one, ctx.neg(one), below(rng, m)}) {
        WARPNUM_TEST_CHECK(check_montgomery(ctx, m, x, y, ~T{}, E{3u}));
        WARPNUM_TEST_CHECK(check_montgomery(ctx, m, x, y, m, E{0u}));
      }
    }
    return pass();
  });
}

// ---- Barrett --------------------------------------------------------------------------------------------------

/// Every operation of a Barrett context for a non-zero m: reduce of a product of reduced values (x y), of a
/// product of any value and a reduced one (any y < m 2^Bits), of `wide` (below m 2^Bits) and of the largest
/// value allowed, m 2^Bits - 1; reduce of any Bits-bit value; mul, sqr, add, sub, neg and pow.
template <class T, class E>
::testing::AssertionResult check_barrett(const Barrett<T::bits>& ctx, const T& m, const T& x, const T& y, const T& any,
                                         const BigUInt<2 * T::bits>& wide, const E& e) {
  using W = BigUInt<2 * T::bits>;
  const auto describe = [&] {
    return "m = " + show(m) + ", x = " + show(x) + ", y = " + show(y) + ", any = " + show(any) + ", wide = " + show(wide) +
           ", e = " + show(e);
  };
  const Mpz mz = to_mpz(m);
  const Mpz xz = to_mpz(x);
  const Mpz yz = to_mpz(y);
  const Mpz anyz = to_mpz(any);
  WARPNUM_TEST_CHECK(same_value("reduce(mul_wide(x, y))", mul_mod(xz, yz, mz), ctx.reduce(mul_wide(x, y)), describe));
  WARPNUM_TEST_CHECK(same_value("reduce(mul_wide(any, y))", mul_mod(anyz, yz, mz), ctx.reduce(mul_wide(any, y)), describe));
  WARPNUM_TEST_CHECK(same_value("reduce(sqr_wide(x))", mul_mod(xz, xz, mz), ctx.reduce(sqr_wide(x)), describe));
  WARPNUM_TEST_CHECK(same_value("reduce(wide)", mod(to_mpz(wide), mz), ctx.reduce(wide), describe));
  const W top = (W(m) << T::bits) - 1u;
  WARPNUM_TEST_CHECK(same_value("reduce(m 2^Bits - 1)", mod(to_mpz(top), mz), ctx.reduce(top), describe));
  WARPNUM_TEST_CHECK(same_value("reduce(any)", mod(anyz, mz), ctx.reduce(any), describe));
  WARPNUM_TEST_CHECK(same_value("mul(x, y)", mul_mod(xz, yz, mz), ctx.mul(x, y), describe));
  WARPNUM_TEST_CHECK(same_value("mul(x, x)", mul_mod(xz, xz, mz), ctx.mul(x, x), describe));
  WARPNUM_TEST_CHECK(same_value("sqr(y)", mul_mod(yz, yz, mz), ctx.sqr(y), describe));
  Mpz t;
  mpz_add(t, xz, yz);
  WARPNUM_TEST_CHECK(same_value("add(x, y)", mod(t, mz), ctx.add(x, y), describe));
  mpz_sub(t, xz, yz);
  WARPNUM_TEST_CHECK(same_value("sub(x, y)", mod(t, mz), ctx.sub(x, y), describe));
  mpz_neg(t, xz);
  WARPNUM_TEST_CHECK(same_value("neg(x)", mod(t, mz), ctx.neg(x), describe));
  Mpz p;
  mpz_powm(p, xz, to_mpz(e), mz);
  WARPNUM_TEST_CHECK(same_value("pow(x, e)", p, ctx.pow(x, e), describe));
  return pass();
}

/// The context's own values: status, modulus, one; Barrett::checked(m) gives the same context.
template <class T> ::testing::AssertionResult check_barrett_context(const Barrett<T::bits>& ctx, const T& m) {
  const auto describe = [&] { return "m = " + show(m); };
  const Mpz mz = to_mpz(m);
  WARPNUM_TEST_CHECK(same_status("Barrett(m).status()", Status::ok, ctx.status(), describe));
  WARPNUM_TEST_CHECK(same_value("Barrett(m).modulus()", mz, ctx.modulus(), describe));
  WARPNUM_TEST_CHECK(same_value("Barrett(m).one()", mod(Mpz(1L), mz), ctx.one(), describe));
  const auto c = Barrett<T::bits>::checked(m);
  WARPNUM_TEST_CHECK(same_status("Barrett::checked(m).status()", Status::ok, c.status(), describe));
  if (c.modulus() != m || c.one() != ctx.one() || c.reduce(~T{}) != ctx.reduce(~T{}))
    return fail("Barrett::checked(m) differs from Barrett(m)", describe);
  return pass();
}

/// A random value below m 2^Bits: a random wide shape reduced modulo m 2^Bits by GMP.
template <class T> BigUInt<2 * T::bits> random_reducible(Rng& rng, const T& m) {
  using W = BigUInt<2 * T::bits>;
  Mpz limit;
  mpz_mul_2exp(limit, to_mpz(m), T::bits);
  return oracle::from_mpz<W>(mod(to_mpz(random_value<W>(rng)), limit));
}

// Random moduli of any parity (Barrett takes any non-zero modulus), several operand sets per context.
TYPED_TEST_P(Modular, BarrettReduction) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  run_random_cases(mod_what<T>("Barrett"), mod_seed<T>("Barrett"), scaled_cases<T>(600), [](Rng& rng, int) {
    const T m = random_modulus<T>(rng, Parity::any);
    const Barrett<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_barrett_context(ctx, m));
    for (int k = 0; k < 4; ++k) {
      const T x = random_base(rng, m) % m;
      const T y = random_base(rng, m) % m;
      const E e = random_exponent<E>(rng, k == 0 ? T::bits : 64);
      WARPNUM_TEST_CHECK(check_barrett(ctx, m, x, y, random_value<T>(rng), random_reducible(rng, m), e));
    }
    return pass();
  });
  Rng rng(mod_seed<T>("Barrett edges"));
  run_edge_cases(mod_what<T>("Barrett edges"), edge_moduli<T>(), [&](const T& m) {
    const Barrett<T::bits> ctx(m);
    WARPNUM_TEST_CHECK(check_barrett_context(ctx, m));
    for (const T& x : {T{}, T{1u} % m, m - 1u, below(rng, m)}) {
      for (const T& y : {T{}, T{1u} % m, m - 1u, below(rng, m)}) {
        WARPNUM_TEST_CHECK(check_barrett(ctx, m, x, y, ~T{}, random_reducible(rng, m), E{5u}));
      }
    }
    return pass();
  });
}

// ---- modinv -----------------------------------------------------------------------------------------------------

/// modinv and modinv_checked against mpz_invert; whether an inverse exists against mpz_gcd (not_invertible
/// exactly when gcd(a, m) != 1); the inverse modulo 1 is 0. An inverse is also checked by its definition:
/// a x = 1 (mod m), x < m.
template <class T> ::testing::AssertionResult check_modinv(const T& a, const T& m) {
  const auto describe = [&] { return "a = " + show(a) + ", m = " + show(m); };
  const Mpz az = to_mpz(a);
  const Mpz mz = to_mpz(m);
  Mpz g;
  mpz_gcd(g, az, mz);
  const auto c = modinv_checked(a, m);
  if (cmp_ui(g, 1) != 0) {
    WARPNUM_TEST_CHECK(same_status("modinv_checked(a, m).status", Status::not_invertible, c.status, describe));
    WARPNUM_TEST_CHECK(same_value("modinv_checked(a, m).value (no inverse)", Mpz(0L), c.value, describe));
    const std::string thrown = must_throw<std::domain_error>([&] { (void)modinv(a, m); });
    if (!thrown.empty()) return fail("modinv(a, m) without an inverse " + thrown, describe);
    return pass();
  }
  Mpz want;
  if (cmp_ui(mz, 1) != 0 && mpz_invert(want, az, mz) == 0)
    return fail("the oracle: mpz_invert found no inverse although gcd(a, m) = 1", describe);
  WARPNUM_TEST_CHECK(same_status("modinv_checked(a, m).status", Status::ok, c.status, describe));
  WARPNUM_TEST_CHECK(same_value("modinv_checked(a, m).value", want, c.value, describe));
  try {
    WARPNUM_TEST_CHECK(same_value("modinv(a, m)", want, modinv(a, m), describe));
  } catch (const std::exception& e) {
    return fail(std::string("modinv(a, m) threw: ") + e.what(), describe);
  }
  if (cmp_ui(mz, 1) != 0 && cmp_ui(mul_mod(az, to_mpz(c.value), mz), 1) != 0)
    return fail("a * modinv(a, m) mod m != 1", describe);
  return pass();
}

/// A pair (a, m): m of the given parity; a any value (often >= m), below m, 0, 1, m - 1, m, m + 1, or sharing a
/// random factor f with m (m = f k, a = f j), so that about a third have no inverse.
template <class T> std::pair<T, T> modinv_operands(Rng& rng, Parity parity) {
  if (rng.chance(1, 3)) {
    const std::size_t fb = 1 + rng.below(T::bits / 2);
    T f = exact_bits<T>(rng, fb);
    if (f == T{1u}) f = T{2u};
    const T k = exact_bits<T>(rng, 1 + rng.below(T::bits - fb));
    T m = f * k;
    if (parity == Parity::odd && !m.bit(0)) {
      f.set_bit(0);
      m = f * (k | T{1u});
    }
    if (parity == Parity::even && m.bit(0)) m = f * (k << 1);
    if (m.is_zero()) m = f;
    const T a = f * exact_bits<T>(rng, 1 + rng.below(T::bits - fb + 1));
    return {a, m};
  }
  const T m = random_modulus<T>(rng, parity);
  return {random_base(rng, m), m};
}

TYPED_TEST_P(Modular, Modinv) {
  using T = TypeParam;
  run_random_cases(mod_what<T>("modinv"), mod_seed<T>("modinv"), scaled_cases<T>(6000, 100), [](Rng& rng, int i) {
    const auto [a, m] = modinv_operands<T>(rng, i % 3 == 0 ? Parity::odd : i % 3 == 1 ? Parity::even : Parity::any);
    return check_modinv(a, m);
  });
  // Every edge modulus with every edge value (the values include 0, 1, all ones and powers of two +- 1); above
  // 256 bits every k-th of them (k = Bits / 256), since an inverse costs about Bits^2.
  run_edge_pairs(mod_what<T>("modinv edges"), every(edge_values<T>(), T::bits <= 256 ? 1 : T::bits / 256), [](const T& a, const T& m) {
    return m.is_zero() ? pass() : check_modinv(a, m);
  });
}

// ---- multi_powm -------------------------------------------------------------------------------------------------

/// The operands of a multi-exponentiation, for a failure's message.
template <class T, class E> std::string describe_multi(const std::vector<T>& g, const std::vector<E>& e, const T& m) {
  std::string s = "count = " + std::to_string(g.size()) + ", m = " + show(m);
  for (std::size_t i = 0; i < g.size(); ++i) s += "\n  g[" + std::to_string(i) + "] = " + show(g[i]) + ", e[" + std::to_string(i) + "] = " + show(e[i]);
  return s;
}

/// The product of mpz_powm(g[i], e[i], m) modulo m (1 mod m when empty): what a multi-exponentiation must give.
template <class T, class E> Mpz multi_powm_want(const std::vector<T>& g, const std::vector<E>& e, const T& m) {
  const Mpz mz = to_mpz(m);
  Mpz want = mod(Mpz(1L), mz);
  Mpz p;
  for (std::size_t i = 0; i < g.size(); ++i) {
    mpz_powm(p, to_mpz(g[i]), to_mpz(e[i]), mz);
    want = mul_mod(want, p, mz);
  }
  return want;
}

/// multi_powm and multi_powm_checked against multi_powm_want.
template <class T, class E>
::testing::AssertionResult check_multi_powm(const std::vector<T>& g, const std::vector<E>& e, const T& m) {
  const auto describe = [&] { return describe_multi(g, e, m); };
  const Mpz want = multi_powm_want(g, e, m);
  const int count = static_cast<int>(g.size());
  WARPNUM_TEST_CHECK(same_value("multi_powm(g, e, count, m)", want, multi_powm(g.data(), e.data(), count, m), describe));
  const auto c = multi_powm_checked(g.data(), e.data(), count, m);
  WARPNUM_TEST_CHECK(same_value("multi_powm_checked(g, e, count, m).value", want, c.value, describe));
  WARPNUM_TEST_CHECK(same_status("multi_powm_checked(g, e, count, m).status", Status::ok, c.status, describe));
  return pass();
}

// Counts 0, 1, 2, 3, 5 (Straus with 4-, 3- bit windows), 17 (1-bit windows) and 40 (a chunk of 32, then 8), odd
// and even moduli, exponents of independent random lengths (shorter for many bases at the widest widths, where
// each exponent bit costs a multiplication per base) and of two types.
TYPED_TEST_P(Modular, MultiPowm) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  for (const int count : {0, 1, 2, 3, 5, 17, 40}) {
    const std::string name = "multi_powm count " + std::to_string(count);
    const int cases = scaled_cases<T>(count <= 5 ? 200 : 40, count <= 5 ? 4 : 2);
    const std::size_t max_bits = count <= 5 || T::bits <= 1024 ? T::bits : 256;
    run_random_cases(mod_what<T>(name.c_str()), mod_seed<T>(name.c_str()), cases, [&](Rng& rng, int i) {
      const T m = random_modulus<T>(rng, i % 2 == 0 ? Parity::odd : Parity::even);
      std::vector<T> g(static_cast<std::size_t>(count));
      for (T& x : g) x = random_base(rng, m);
      // Most cases without a base that is 0 mod m: with many bases one of them almost always is, the product is then
      // 0, and a base left out of it would go unseen.
      if (i % 4 != 1) {
        for (T& x : g) {
          for (int tries = 0; tries < 8 && m > T{1u} && (x % m).is_zero(); ++tries) x = random_base(rng, m);
        }
      }
      if (i % 4 == 3) {  // 64-bit exponents
        std::vector<BigUInt<64>> e(g.size());
        for (auto& x : e) x = random_exponent<BigUInt<64>>(rng);
        return check_multi_powm(g, e, m);
      }
      std::vector<E> e(g.size());
      for (E& x : e) x = random_exponent<E>(rng, max_bits);
      return check_multi_powm(g, e, m);
    });
  }
}

// ---- FixedBaseTable -------------------------------------------------------------------------------------------

/// table.pow(e), its host view's pow and a view of a copy of table() against mpz_powm(g, e, m).
template <class T, class E>
::testing::AssertionResult check_fixed_base(const FixedBaseTable<T::bits>& table, const std::vector<T>& copy, const T& g,
                                            const T& m, int exponent_bits, int window, const E& e) {
  const auto describe = [&] {
    return "g = " + show(g) + ", m = " + show(m) + ", exponent_bits = " + std::to_string(exponent_bits) +
           ", window = " + std::to_string(window) + ", e = " + show(e);
  };
  Mpz want;
  mpz_powm(want, to_mpz(g), to_mpz(e), to_mpz(m));
  try {
    WARPNUM_TEST_CHECK(same_value("FixedBaseTable(g, m).pow(e)", want, table.pow(e), describe));
  } catch (const std::exception& ex) {
    return fail(std::string("FixedBaseTable::pow threw: ") + ex.what(), describe);
  }
  WARPNUM_TEST_CHECK(same_value("view().pow(e)", want, table.view().pow(e), describe));
  WARPNUM_TEST_CHECK(same_value("view(copy).pow(e)", want, table.view(copy.data()).pow(e), describe));
  return pass();
}

// Windows of 1, 4 and 8 bits over tables for random odd moduli, bases (also >= m, 0 and 1) and table widths
// (below, at and above Bits, and not multiples of the window); exponents up to the table's width, of a Bits-bit
// and a 64-bit type, including 0 and the widest, 2^exponent_bits - 1. An 8-bit window holds 255 entries per 8
// exponent bits, so its tables are at most 512 bits wide.
TYPED_TEST_P(Modular, FixedBase) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  using Wide = BigUInt<2 * T::bits>;
  for (const int window : {1, 4, 8}) {
    const std::string name = "FixedBaseTable window " + std::to_string(window);
    const int tables = scaled_cases<T>(window == 8 ? 12 : 40, 2);
    run_random_cases(mod_what<T>(name.c_str()), mod_seed<T>(name.c_str()), tables, [&](Rng& rng, int i) {
      const T m = random_modulus<T>(rng, Parity::odd);
      const T g = random_base(rng, m);
      const int max_bits = window == 8 ? std::min<int>(T::bits, 512) : static_cast<int>(T::bits);
      int exponent_bits = 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(max_bits)));
      if (i % 4 == 0) exponent_bits = max_bits;
      const bool wide = window < 8 && i % 4 == 1;  // a table wider than Bits, for BigUInt<2 Bits> exponents
      if (wide) exponent_bits = static_cast<int>(T::bits) + 1 + static_cast<int>(rng.below(T::bits));
      const FixedBaseTable<T::bits> table(g, m, exponent_bits, window);
      const std::size_t windows = static_cast<std::size_t>((exponent_bits + window - 1) / window);
      if (table.table().size() != windows * ((std::size_t{1} << window) - 1))
        return failure("table().size() is " + std::to_string(table.table().size()) + ", expected " + std::to_string(windows) + " windows of 2^" + std::to_string(window) + " - 1", "exponent_bits = " + std::to_string(exponent_bits));
      const std::vector<T> copy = table.table();
      const auto bits = static_cast<std::size_t>(exponent_bits);
      for (int k = 0; k < 6; ++k) {
        if (wide) {
          const Wide e = k == 0 ? Wide{} : k == 1 ? (Wide{1u} << bits) - 1u : exact_bits<Wide>(rng, 1 + rng.below(bits));
          WARPNUM_TEST_CHECK(check_fixed_base(table, copy, g, m, exponent_bits, window, e));
          continue;
        }
        const E e = k == 0 ? E{} : k == 1 ? (bits >= T::bits ? ~E{} : (E{1u} << bits) - 1u) : exact_bits<E>(rng, 1 + rng.below(bits));
        WARPNUM_TEST_CHECK(check_fixed_base(table, copy, g, m, exponent_bits, window, e));
        const BigUInt<64> e64 = exact_bits<BigUInt<64>>(rng, 1 + rng.below(std::min<std::size_t>(bits, 64)));
        WARPNUM_TEST_CHECK(check_fixed_base(table, copy, g, m, exponent_bits, window, e64));
      }
      return pass();
    });
  }
}

// ---- primality ----------------------------------------------------------------------------------------------

/// The strong probable prime test of an odd n > 3 to `base`, from its definition: n - 1 = d 2^s with d odd;
/// n passes when base^d = 1 or base^(d 2^r) = -1 (mod n) for some r < s.
inline bool strong_probable_prime(mpz_srcptr n, mpz_srcptr base) {
  Mpz n1;
  mpz_sub_ui(n1, n, 1);
  const mp_bitcnt_t s = mpz_scan1(n1, 0);
  Mpz d;
  mpz_tdiv_q_2exp(d, n1, s);
  Mpz x;
  mpz_powm(x, base, d, n);
  if (cmp_ui(x, 1) == 0 || mpz_cmp(x, n1) == 0) return true;
  for (mp_bitcnt_t r = 1; r < s; ++r) {
    mpz_mul(x, x, x);
    mpz_mod(x, x, n);
    if (mpz_cmp(x, n1) == 0) return true;
  }
  return false;
}

/// The primes below 100: is_probable_prime's trial divisors, and its first 13 bases (2 to 41).
inline constexpr unsigned primes_below_100[] = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41,
                                                43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};

/// What is_probable_prime(n, rounds) must answer for rounds <= 13, from its documented algorithm: a prime below
/// 100 is prime; a multiple of one is composite; otherwise n must be a strong probable prime to each of the
/// bases 2, 3, 5, ... (the first `rounds` primes; rounds < 1 counts as 1).
inline bool expected_probable_prime(mpz_srcptr n, int rounds) {
  if (cmp_ui(n, 2) < 0) return false;
  for (const unsigned p : primes_below_100) {
    if (mpz_divisible_ui_p(n, p) != 0) return cmp_ui(n, p) == 0;
  }
  for (int i = 0; i < std::max(rounds, 1); ++i) {
    if (!strong_probable_prime(n, Mpz(static_cast<long>(primes_below_100[i])))) return false;
  }
  return true;
}

/// is_probable_prime(n, rounds) against mpz_probab_prime_p(n, 40) (0: composite; 1, 2: prime), and for
/// rounds <= 12 (only the fixed bases) against expected_probable_prime.
template <class T> ::testing::AssertionResult check_probable_prime(const T& n, int rounds) {
  const auto describe = [&] { return "n = " + show(n) + ", rounds = " + std::to_string(rounds); };
  const Mpz nz = to_mpz(n);
  const bool got = is_probable_prime(n, rounds);
  if (rounds <= 12) {
    const bool want = expected_probable_prime(nz, rounds);
    if (got != want) return fail(std::string("is_probable_prime(n, rounds) is ") + (got ? "true" : "false") + ", the strong probable prime tests to the first rounds prime bases say " + (want ? "true" : "false"), describe);
    return pass();
  }
  const bool want = mpz_probab_prime_p(nz, 40) != 0;
  if (got != want) return fail(std::string("is_probable_prime(n, rounds) is ") + (got ? "true" : "false") + ", mpz_probab_prime_p(n, 40) says " + (want ? "prime" : "composite"), describe);
  return pass();
}

/// miller_rabin_round(Montgomery(n), base) against strong_probable_prime, for odd n > 3.
template <class T> ::testing::AssertionResult check_miller_rabin_round(const Montgomery<T::bits>& ctx, const T& n, const T& base) {
  const auto describe = [&] { return "n = " + show(n) + ", base = " + show(base); };
  const bool want = strong_probable_prime(to_mpz(n), to_mpz(base));
  const bool got = miller_rabin_round(ctx, base);
  if (got != want) return fail(std::string("miller_rabin_round(n, base) is ") + (got ? "true" : "false") + ", expected " + (want ? "true (a strong probable prime to base)" : "false (base is a witness)"), describe);
  return pass();
}

/// Exponents p of the Mersenne primes 2^p - 1 up to 2^3217 - 1 (Lucas-Lehmer; OEIS A000043).
inline constexpr unsigned mersenne_exponents[] = {2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279, 2203, 2281, 3217};

/// The smallest odd composites that are strong pseudoprimes to the first k prime bases (OEIS A014233, k = 1 to
/// 13), with the largest such k (each fails base k + 1; checked with sympy and a Python strong probable prime
/// test). All but 2047 = 23 * 89 have no prime factor below 100.
struct StrongPseudoprime {
  const char* n;
  int bases;
};
inline constexpr StrongPseudoprime strong_pseudoprimes[] = {
    {"2047", 1},
    {"1373653", 2},
    {"25326001", 3},
    {"3215031751", 4},
    {"2152302898747", 5},
    {"3474749660383", 6},
    {"341550071728321", 8},
    {"3825123056546413051", 11},
    {"318665857834031151167461", 12},
    {"3317044064679887385961981", 13},
};

/// The widest random primes a test asks mpz_nextprime for: 512 bits above 1024-bit widths, where mpz_nextprime
/// and each Miller-Rabin round at full width cost the most.
template <class T> constexpr std::size_t max_prime_bits() { return T::bits <= 1024 ? T::bits : 512; }

/// A prime of 2 to max_bits bits (max_bits <= Bits): mpz_nextprime of a random value one bit shorter.
template <class T> Mpz random_prime(Rng& rng, std::size_t max_bits) {
  const std::size_t k = 2 + rng.below(std::min(max_bits, T::bits) - 1);
  Mpz p;
  do {
    mpz_nextprime(p, to_mpz(exact_bits<T>(rng, k - 1)));
  } while (mpz_sizeinbase(p, 2) > T::bits);
  return p;
}

TYPED_TEST_P(Modular, IsProbablePrime) {
  using T = TypeParam;
  constexpr std::size_t prime_bits = max_prime_bits<T>();
  // Every n below a bound, all round counts that matter: trial division, the bases, n < 128.
  const unsigned small = T::bits <= 256 ? 3000 : 400;
  for (unsigned n = 0; n < small; ++n) {
    for (const int rounds : {-1, 0, 1, 2, 25}) {
      EXPECT_TRUE(check_probable_prime(T{n}, rounds));
      if (n > 3 && n % 2 == 1 && rounds == 25) {
        EXPECT_TRUE(check_probable_prime(T{n}, 13));
      }
    }
  }
  // Random values: random_value shapes (even ones too), random odd values, primes, products of two primes
  // (no small factors: only Miller-Rabin finds them out), Carmichael numbers (6k + 1)(12k + 1)(18k + 1).
  run_random_cases(mod_what<T>("is_probable_prime"), mod_seed<T>("is_probable_prime"), scaled_cases<T>(400, 4), [&](Rng& rng, int i) {
    const int rounds = i % 4 == 0 ? 1 + static_cast<int>(rng.below(12)) : (T::bits >= 2048 ? 13 : 25);
    switch (i % 5) {
      case 0: return check_probable_prime(random_value<T>(rng), rounds);
      case 1: return check_probable_prime(random_value<T>(rng) | T{1u}, rounds);
      case 2: return check_probable_prime(oracle::from_mpz<T>(random_prime<T>(rng, prime_bits)), rounds);
      case 3: {
        const Mpz p = random_prime<T>(rng, std::min(prime_bits, T::bits / 2));
        const Mpz q = random_prime<T>(rng, std::min(prime_bits, T::bits - mpz_sizeinbase(p, 2)));
        Mpz n;
        mpz_mul(n, p, q);
        return check_probable_prime(oracle::from_mpz<T>(n), rounds);
      }
      default: {
        // Chernick: if 6k + 1, 12k + 1 and 18k + 1 are prime, their product is a Carmichael number. k has at
        // most 24 bits: the search takes about (ln 18k)^3 steps.
        Mpz k = to_mpz(exact_bits<T>(rng, 1 + rng.below(std::min<std::size_t>(T::bits / 3 - 4, 24))));
        Mpz f[3];
        for (;;) {
          bool all = true;
          for (int j = 0; j < 3; ++j) {
            mpz_mul_ui(f[j], k, 6 * (j + 1));
            mpz_add_ui(f[j], f[j], 1);
            all = all && mpz_probab_prime_p(f[j], 25) != 0;
          }
          if (all) break;
          mpz_add_ui(k, k, 1);
        }
        Mpz n;
        mpz_mul(n, f[0], f[1]);
        mpz_mul(n, n, f[2]);
        if (mpz_sizeinbase(n, 2) > T::bits) return pass();
        return check_probable_prime(oracle::from_mpz<T>(n), rounds);
      }
    }
  });
  // Mersenne primes that fit (2^127 - 1, 2^521 - 1, ... 2^3217 - 1): each round's exponent is as wide as the
  // prime, so the widest take fewer rounds at the widest widths.
  for (const unsigned p : mersenne_exponents) {
    if (p >= T::bits) continue;
    const T n = (T{1u} << p) - 1u;
    const int rounds = T::bits >= 2048 && p > 1024 ? 2 : 25;
    EXPECT_TRUE(is_probable_prime(n, rounds)) << "2^" << p << " - 1 is prime";
    EXPECT_TRUE(check_probable_prime(n, std::min(rounds, 12)));
    if (p > 7) {  // 2^p + 1 is a multiple of 3 for odd p; 2^p - 3 is checked against the oracle
      EXPECT_FALSE(is_probable_prime(n + 2u)) << "2^" << p << " + 1";
      EXPECT_TRUE(check_probable_prime(n - 2u, rounds < 25 ? 12 : 25));
    }
  }
}

// Known strong pseudoprimes and Carmichael numbers: each passes exactly the rounds the strong probable prime
// test says it passes, the A014233 entries pass their k bases, and the default 25 rounds reject all of them.
TYPED_TEST_P(Modular, Pseudoprimes) {
  using T = TypeParam;
  std::vector<Mpz> composites;
  for (const auto& sp : strong_pseudoprimes) {
    const Mpz n(sp.n, 10);
    if (mpz_sizeinbase(n, 2) > T::bits) continue;
    bool passes = true;
    for (int i = 0; i < sp.bases; ++i) passes = passes && strong_probable_prime(n, Mpz(static_cast<long>(primes_below_100[i])));
    EXPECT_TRUE(passes) << sp.n << " must be a strong pseudoprime to the first " << sp.bases << " prime bases (oracle check)";
    composites.push_back(n);
    // Only the first 13 rounds have fixed bases (2 to 41); trial division finds 2047 out.
    if (cmp_ui(n, 2047) != 0) {
      const int rounds = std::min(sp.bases, 13);
      EXPECT_TRUE(is_probable_prime(oracle::from_mpz<T>(n), rounds)) << sp.n << " passes the first " << rounds << " bases";
    }
  }
  // Carmichael numbers (OEIS A002997, A006931; Korselt's criterion checked with sympy): 561 = 3 11 17, 1105,
  // 1729, 41041, the smallest with 5 to 9 prime factors, and 118901521 = 271 541 811, whose factors are all
  // above 100; then Chernick's (6k + 1)(12k + 1)(18k + 1) with all three factors prime, found with mpz for
  // growing k.
  for (const char* c : {"561", "1105", "1729", "41041", "825265", "321197185", "5394826801", "232250619601",
                        "9746347772161", "118901521"}) {
    const Mpz n(c, 10);
    if (mpz_sizeinbase(n, 2) <= T::bits) composites.push_back(n);
  }
  // Up to four of them that fit, k = 1 (1729) first, then after each one found the search jumps to 7 k + 1000
  // so that the sizes grow.
  for (unsigned long k = 1, found = 0; found < 4 && k < 1000000; ++k) {
    Mpz f[3];
    bool all = true;
    for (int j = 0; j < 3; ++j) {
      mpz_set_ui(f[j], 6 * (j + 1));
      mpz_mul_ui(f[j], f[j], k);
      mpz_add_ui(f[j], f[j], 1);
      all = all && mpz_probab_prime_p(f[j], 25) != 0;
    }
    if (!all) continue;
    Mpz n;
    mpz_mul(n, f[0], f[1]);
    mpz_mul(n, n, f[2]);
    if (mpz_sizeinbase(n, 2) > T::bits) break;
    composites.push_back(n);
    ++found;
    k = k * 7 + 1000;
  }
  for (const Mpz& nz : composites) {
    const T n = oracle::from_mpz<T>(nz);
    EXPECT_FALSE(is_probable_prime(n)) << show(n) << " is composite";
    for (int rounds = 1; rounds <= 12; ++rounds) EXPECT_TRUE(check_probable_prime(n, rounds));
    // Every base below 100 and a few beyond, through miller_rabin_round.
    if (cmp_ui(nz, 3) > 0 && is_odd(nz)) {
      const Montgomery<T::bits> ctx(n);
      for (unsigned b = 0; b < 100; ++b) EXPECT_TRUE(check_miller_rabin_round(ctx, n, T{b}));
      EXPECT_TRUE(check_miller_rabin_round(ctx, n, n - 1u));
      EXPECT_TRUE(check_miller_rabin_round(ctx, n, n));
      EXPECT_TRUE(check_miller_rabin_round(ctx, n, n + 2u));
    }
  }
}

// miller_rabin_round for random odd n > 3 (composites, primes, products of primes) and random bases (any value:
// 0, 1, n - 1, n, above n).
TYPED_TEST_P(Modular, MillerRabinRound) {
  using T = TypeParam;
  run_random_cases(mod_what<T>("miller_rabin_round"), mod_seed<T>("miller_rabin_round"), scaled_cases<T>(400, 4), [](Rng& rng, int i) {
    T n;
    switch (i % 3) {
      case 0:
        n = random_value<T>(rng) | T{1u};
        break;
      case 1:
        n = oracle::from_mpz<T>(random_prime<T>(rng, max_prime_bits<T>()));
        break;
      default: {
        const Mpz p = random_prime<T>(rng, std::min(max_prime_bits<T>(), T::bits / 2));
        const Mpz q = random_prime<T>(rng, std::min(max_prime_bits<T>(), T::bits - mpz_sizeinbase(p, 2)));
        Mpz nz;
        mpz_mul(nz, p, q);
        n = oracle::from_mpz<T>(nz);
        break;
      }
    }
    if (n <= T{3u} || !n.bit(0)) n = T{5u};
    const Montgomery<T::bits> ctx(n);
    for (int k = 0; k < 3; ++k) WARPNUM_TEST_CHECK(check_miller_rabin_round(ctx, n, random_base(rng, n)));
    return pass();
  });
}

REGISTER_TYPED_TEST_SUITE_P(Modular, Powm, PowmEdges, FixedWindowPow, MontgomeryArithmetic, BarrettReduction, Modinv, MultiPowm, FixedBase,
                            IsProbablePrime, Pseudoprimes, MillerRabinRound);

}  // namespace warpnum::test

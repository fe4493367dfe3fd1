// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/pow_test.cpp: modular exponentiation against mpz_powm: modular/pow.hpp's powm (BigUInt and
// std::uint64_t exponents), powm_checked, multi_powm and multi_powm_checked; the contexts' pow and powm; and the
// algorithms below them, each called directly: detail/modular/window_pow.hpp's sliding_window_pow (the host's) and
// fixed_window_pow (the device's, the same steps for every exponent of a length), in Montgomery (odd moduli) and
// Barrett (any modulus) contexts, and detail/modular/straus_pow.hpp's straus_pow (1 to 32 bases, each window width)
// and multi_pow (any count, 32 bases at a time). Exponents 0, 1, 2, all ones, very sparse (2^k, 2^k + 1), full
// width, of every length at which a window width changes, of four widths (32, 64, Bits and 2 Bits bits); moduli 1,
// 2, small ones in a wide type, top bit set, all ones, powers of two, odd and even; bases 0, 1, m - 1, m and above;
// and fixed values in constant evaluation. At 64, 96 (32-bit word paths), 256 and 1024 bits. The random
// differential cases of every width are modular_suite.hpp's, whose check bodies this file shares.
#include "host/modular/modular_suite.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/detail/modular/straus_pow.hpp>
#include <warpnum/detail/modular/window_pow.hpp>
#include <warpnum/detail/pow/select.hpp>
#include <warpnum/modular/barrett.hpp>
#include <warpnum/modular/montgomery.hpp>
#include <warpnum/modular/pow.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

// ---- constant evaluation ------------------------------------------------------------------------------------

/// Fermat's little theorem modulo the prime 2^64 - 59, a^(e1 + e2) = a^e1 a^e2 modulo 2^64 - 60 (even), both
/// window algorithms in both contexts, and a product of two powers by Straus.
constexpr bool fixed_powers() {
  using U = BigUInt<64>;
  const U p{0xffffffffffffffc5ull};
  const U even{0xffffffffffffffc4ull};
  const U a{0x123456789abcdefull};
  const BigUInt<128> e1{"0xfedcba98765432100123456789abcdef"};
  const BigUInt<128> e2{0x1111u};
  bool ok = powm(a, U{p - 1u}, p) == U{1u} && powm(a, std::uint64_t{1}, p) == a && powm(U{}, U{}, p) == U{1u};
  const Barrett<64> b(even);
  ok = ok && powm(a, e1 + e2, even) == b.mul(powm(a, e1, even), powm(a, e2, even));
  ok = ok && detail::fixed_window_pow(b, a, e1) == detail::sliding_window_pow(b, a, e1);
  const Montgomery<64> m(p);
  const U x = m.to_montgomery(a);
  ok = ok && detail::fixed_window_pow(m, x, e1) == detail::sliding_window_pow(m, x, e1);
  const U g[2] = {a, U{3u}};
  const BigUInt<128> e[2] = {e1, e2};
  return ok && multi_powm(g, e, 2, p) == m.from_montgomery(m.mul(m.to_montgomery(powm(a, e1, p)), m.to_montgomery(powm(U{3u}, e2, p))));
}
static_assert(fixed_powers());

TEST(PowConstexpr, SameValuesAtRunTime) { EXPECT_TRUE(fixed_powers()); }

// ---- every form against mpz_powm --------------------------------------------------------------------------------

template <class T> class Pow : public ::testing::Test {};
using PowTypes = ::testing::Types<BigUInt<64>, BigUInt<96>, BigUInt<256>, BigUInt<1024>>;
TYPED_TEST_SUITE(Pow, PowTypes, TypeNames);

/// a^e mod m against mpz_powm by every form: powm, powm_checked and the std::uint64_t overload (check_powm); for
/// an odd m the Montgomery context's powm and pow, and sliding_window_pow, fixed_window_pow and window_pow on the
/// Montgomery form of a; for an even m (or any m when `barrett_too`) the same in a Barrett context.
template <class T, std::size_t EBits>
::testing::AssertionResult check_every_form(const T& a, const BigUInt<EBits>& e, const T& m, bool barrett_too = false) {
  const auto describe = [&] {
    return "a = " + show(a) + ", e = " + show(e) + " (BigUInt<" + std::to_string(EBits) + ">), m = " + show(m);
  };
  WARPNUM_TEST_CHECK(check_powm(a, e, m));
  Mpz want;
  mpz_powm(want, to_mpz(a), to_mpz(e), to_mpz(m));
  if (m.bit(0)) {
    const Montgomery<T::bits> ctx(m);
    const T x = ctx.to_montgomery(a);
    WARPNUM_TEST_CHECK(same_value("Montgomery(m).powm(a, e)", want, ctx.powm(a, e), describe));
    WARPNUM_TEST_CHECK(same_value("Montgomery pow", want, ctx.from_montgomery(ctx.pow(x, e)), describe));
    WARPNUM_TEST_CHECK(same_value("Montgomery sliding_window_pow", want, ctx.from_montgomery(detail::sliding_window_pow(ctx, x, e)), describe));
    WARPNUM_TEST_CHECK(same_value("Montgomery fixed_window_pow", want, ctx.from_montgomery(detail::fixed_window_pow(ctx, x, e)), describe));
    WARPNUM_TEST_CHECK(same_value("Montgomery window_pow", want, ctx.from_montgomery(detail::window_pow(ctx, x, e)), describe));
  }
  if (!m.bit(0) || barrett_too) {
    const Barrett<T::bits> ctx(m);
    const T x = ctx.reduce(a);
    WARPNUM_TEST_CHECK(same_value("Barrett(m).powm(a, e)", want, ctx.powm(a, e), describe));
    WARPNUM_TEST_CHECK(same_value("Barrett pow", want, ctx.pow(x, e), describe));
    WARPNUM_TEST_CHECK(same_value("Barrett sliding_window_pow", want, detail::sliding_window_pow(ctx, x, e), describe));
    WARPNUM_TEST_CHECK(same_value("Barrett fixed_window_pow", want, detail::fixed_window_pow(ctx, x, e), describe));
    WARPNUM_TEST_CHECK(same_value("Barrett window_pow", want, detail::window_pow(ctx, x, e), describe));
  }
  return pass();
}

/// The exponent lengths at which window_bits (sliding windows: 7, 25, 81, 241, 673, 1793) or fixed_window_bits
/// (4, 24, 96) change, and the next ones.
constexpr std::size_t window_edges[] = {4, 5, 7, 8, 24, 25, 26, 81, 82, 96, 97, 241, 242, 673, 674, 1793, 1794};

/// Exponents of type E: 0, 1, 2, 3, all ones, 2^k, 2^k + 1 and 2^k + 2^j (very sparse) at word boundaries and
/// the top, alternating bits, and for each window edge length L (that fits) all ones of L bits, 2^(L - 1) (one
/// window, then a run of zeros), 2^(L - 1) + 1, and a random L-bit value; `full` random full-width ones.
template <class E> std::vector<E> exponent_shapes(Rng& rng, int full) {
  std::vector<E> v = {E{}, E{1u}, E{2u}, E{3u}, ~E{}};
  for (const std::size_t k : {std::size_t{1}, std::size_t{7}, std::size_t{31}, std::size_t{32}, std::size_t{63},
                              std::size_t{64}, E::bits / 2, E::bits - 1}) {
    if (k >= E::bits) continue;
    v.push_back(E{1u} << k);
    v.push_back(E{(E{1u} << k) + 1u});
    v.push_back(E{(E{1u} << k) | (E{1u} << (k / 3))});
  }
  E alt{};
  for (int i = 0; i < E::num_limbs; ++i) alt.data()[i] = 0x55555555u;
  v.push_back(alt);
  v.push_back(E{alt << 1});
  for (const std::size_t len : window_edges) {
    if (len > E::bits) continue;
    const E top = E{1u} << (len - 1);
    v.push_back(E{(top - 1u) + top});
    v.push_back(top);
    v.push_back(E{top + 1u});
    v.push_back(exact_bits<E>(rng, len));
  }
  for (int i = 0; i < full; ++i) v.push_back(E{random_value<E>(rng) | (E{1u} << (E::bits - 1))});
  return v;
}

// Every exponent shape of four exponent widths, for an odd modulus with the top bit set and an even one, with a
// random base: each form against mpz_powm.
TYPED_TEST(Pow, ExponentShapes) {
  using T = TypeParam;
  Rng rng(seed_for("pow exponent shapes", T::bits));
  const T half = T{1u} << (T::bits - 1);
  const T odd = T{random_value<T>(rng) | half | T{1u}};
  const T even = T{(random_value<T>(rng) | half) & ~T{1u}};
  for (const T& m : {odd, even}) {
    const T a = below(rng, m);
    for (const auto& e : exponent_shapes<BigUInt<32>>(rng, 2)) EXPECT_TRUE(check_every_form(a, e, m));
    for (const auto& e : exponent_shapes<BigUInt<64>>(rng, 2)) EXPECT_TRUE(check_every_form(a, e, m));
    for (const auto& e : exponent_shapes<BigUInt<T::bits>>(rng, 2)) EXPECT_TRUE(check_every_form(a, e, m));
    for (const auto& e : exponent_shapes<BigUInt<2 * T::bits>>(rng, 1)) EXPECT_TRUE(check_every_form(a, e, m));
  }
}

// Moduli of every class (1, 2, 3, 4, 6, one-word primes and powers of two in the wide type, 2^(Bits - 1) and
// 2^(Bits - 1) + 1, all ones and all ones but bit 0, random odd and even) with the bases 0, 1, 2, m - 1, m, m + 1,
// all ones and a random one below m, and the exponents 0, 1, 2, 2^(Bits - 1), all ones and a random one; the odd
// moduli through Barrett as well.
TYPED_TEST(Pow, ModuliAndBases) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  Rng rng(seed_for("pow moduli and bases", T::bits));
  const T half = T{1u} << (T::bits - 1);
  std::vector<T> moduli = {T{1u}, T{2u}, T{3u}, T{4u}, T{6u}, T{0x7fffffffu}, T{0x80000000u}, half, T{half + 1u}, ~T{}, T{~T{} - 1u}};
  if (T::bits >= 64) {
    moduli.push_back(T{BigUInt<64>{0xffffffffffffffc5ull}});
    moduli.push_back(T{BigUInt<64>{0x8000000000000000ull}});
  }
  moduli.push_back(random_modulus<T>(rng, Parity::odd));
  moduli.push_back(random_modulus<T>(rng, Parity::even));
  // A full-width exponent costs Bits products in each of the 13 forms: above 256 bits only the sparse 2^(Bits - 1)
  // is one, the others have 64 bits.
  const bool narrow = T::bits <= 256;
  run_edge_cases(type_name<T>() + " powm moduli", moduli, [&](const T& m) {
    for (const T& a : {T{}, T{1u}, T{2u}, T{m - 1u}, m, T{m + 1u}, ~T{}, below(rng, m)}) {
      const E ones = narrow ? ~E{} : E{~BigUInt<64>{}};
      const E any = narrow ? random_value<E>(rng) : E{random_value<BigUInt<64>>(rng)};
      for (const E& e : {E{}, E{1u}, E{2u}, E{1u} << (T::bits - 1), ones, any}) WARPNUM_TEST_CHECK(check_every_form(a, e, m, true));
    }
    return pass();
  });
}

// Identities that hold for every modulus m > 1: a^0 = 1 (0^0 included), 0^e = 0 and 1^e = 1 for e > 0,
// (m - 1)^e = 1 or m - 1 by the parity of e; modulo 1 every result is 0.
TYPED_TEST(Pow, Identities) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  Rng rng(seed_for("pow identities", T::bits));
  for (int c = 0; c < 20; ++c) {
    const T m = c == 0 ? T{2u} : random_modulus<T>(rng, c % 2 == 0 ? Parity::odd : Parity::even);
    if (m == T{1u}) continue;
    const E e = E{random_value<E>(rng) | E{1u}} >> rng.below(T::bits);  // odd before the shift; 0 at times
    const T a = random_value<T>(rng);
    EXPECT_EQ(powm(a, E{}, m), T{1u}) << show(m);
    EXPECT_EQ(powm(T{}, E{}, m), T{1u}) << show(m);
    EXPECT_EQ(powm(a, std::uint64_t{0}, m), T{1u}) << show(m);
    if (!e.is_zero()) {
      EXPECT_EQ(powm(T{}, e, m), T{}) << show(m) << ", " << show(e);
      EXPECT_EQ(powm(m, e, m), T{}) << show(m) << ", " << show(e);
    }
    EXPECT_EQ(powm(T{1u}, e, m), T{1u}) << show(m) << ", " << show(e);
    EXPECT_EQ(powm(T{m - 1u}, e, m), e.bit(0) ? T{m - 1u} : T{1u}) << show(m) << ", " << show(e);
    EXPECT_EQ(powm(a, e, T{1u}), T{}) << show(a);
    EXPECT_EQ(powm_checked(a, e, T{1u}).status, Status::ok);
  }
}

// ---- Straus's multi-exponentiation ------------------------------------------------------------------------------

/// straus_pow(ctx, g, e, count) directly (count <= 32), in a Montgomery context for odd m and a Barrett one for
/// even m, against the product of mpz_powm; then multi_pow and the public multi_powm forms (check_multi_powm).
template <class T, class E>
::testing::AssertionResult check_straus(const std::vector<T>& g, const std::vector<E>& e, const T& m) {
  const auto describe = [&] { return describe_multi(g, e, m); };
  const Mpz want = multi_powm_want(g, e, m);
  const int count = static_cast<int>(g.size());
  std::vector<T> forms(g.size());
  if (m.bit(0)) {
    const Montgomery<T::bits> ctx(m);
    for (std::size_t i = 0; i < g.size(); ++i) forms[i] = ctx.to_montgomery(g[i]);
    if (count <= 32) WARPNUM_TEST_CHECK(same_value("Montgomery straus_pow", want, ctx.from_montgomery(detail::straus_pow(ctx, forms.data(), e.data(), count)), describe));
    const auto to_form = [&](const T& x) { return ctx.to_montgomery(x); };
    WARPNUM_TEST_CHECK(same_value("Montgomery multi_pow", want, ctx.from_montgomery(detail::multi_pow(ctx, to_form, g.data(), e.data(), count)), describe));
  } else {
    const Barrett<T::bits> ctx(m);
    for (std::size_t i = 0; i < g.size(); ++i) forms[i] = ctx.reduce(g[i]);
    if (count <= 32) WARPNUM_TEST_CHECK(same_value("Barrett straus_pow", want, detail::straus_pow(ctx, forms.data(), e.data(), count), describe));
    const auto to_form = [&](const T& x) { return ctx.reduce(x); };
    WARPNUM_TEST_CHECK(same_value("Barrett multi_pow", want, detail::multi_pow(ctx, to_form, g.data(), e.data(), count), describe));
  }
  return check_multi_powm(g, e, m);
}

// Every count from 1 to 32 (each window width: 4 bits up to 4 bases, 3 to 8, 2 to 16, 1 to 32) and chunked counts
// 33, 64 and 65, odd and even moduli; exponents of independent lengths (zeros among them, all of them zero,
// one long among short ones, all ones); bases 1, m - 1, repeated, above m and random, none of them 0 modulo m (and
// odd for an even m), so that no factor makes the whole product 0 and every base counts; then bases 0 and m
// apart, with exponent 0 (a factor 1) and above.
TYPED_TEST(Pow, Straus) {
  using T = TypeParam;
  using E = BigUInt<T::bits>;
  Rng rng(seed_for("straus", T::bits));
  const std::size_t max_bits = T::bits <= 256 ? T::bits : 192;  // every base costs a product a window
  std::vector<int> counts;
  for (int c = 1; c <= 32; ++c) counts.push_back(c);
  for (const int c : {33, 64, 65}) counts.push_back(c);
  for (const int count : counts) {
    for (int variant = 0; variant < 4; ++variant) {
      const bool odd = variant % 2 == 0;
      T m = random_modulus<T>(rng, odd ? Parity::odd : Parity::even);
      if (m <= T{3u}) m = odd ? T{0x10001u} : T{0x10000u};
      std::vector<T> g(static_cast<std::size_t>(count));
      std::vector<E> e(g.size());
      for (std::size_t i = 0; i < g.size(); ++i) {
        switch (rng.below(6)) {
          case 0: g[i] = T{1u}; break;
          case 1: g[i] = m - 1u; break;
          case 2: g[i] = i > 0 ? g[i - 1] : T{3u}; break;
          case 3: g[i] = m + below(rng, m); break;
          default: g[i] = random_value<T>(rng); break;
        }
        if (!odd) g[i] |= T{1u};
        if ((g[i] % m).is_zero()) g[i] = T{2u};
        switch (variant) {
          case 0: e[i] = random_exponent<E>(rng, max_bits); break;
          case 1: e[i] = E{}; break;  // the empty window loop: 1 mod m
          case 2: e[i] = i == 0 ? exact_bits<E>(rng, max_bits) : E{static_cast<std::uint32_t>(rng.below(4))}; break;
          default: e[i] = max_bits == T::bits ? ~E{} : (E{1u} << max_bits) - 1u; break;
        }
      }
      EXPECT_TRUE(check_straus(g, e, m)) << "count " << count << ", variant " << variant;
    }
  }
  // Bases 0 and m (0 modulo m): 0^0 = 1 leaves the others' product, 0^e = 0 for e > 0.
  for (const int count : {1, 2, 5, 9, 17, 33}) {
    for (const T& m : {T{0xfffffffbu}, T{0x80000000u}}) {
      std::vector<T> g(static_cast<std::size_t>(count));
      std::vector<E> e(g.size());
      for (std::size_t i = 0; i < g.size(); ++i) {
        g[i] = T{static_cast<std::uint32_t>(3 + 2 * i)};
        e[i] = E{static_cast<std::uint32_t>(1000 + i)};
      }
      g[g.size() / 2] = T{};
      e[g.size() / 2] = E{};
      EXPECT_TRUE(check_straus(g, e, m)) << "count " << count << ", base 0 to the 0";
      g.back() = m;
      e.back() = E{5u};
      EXPECT_TRUE(check_straus(g, e, m)) << "count " << count << ", base m to the 5";
    }
  }
  // 64-bit exponents, and the empty product through the public forms.
  std::vector<T> g = {T{3u}, T{5u}, ~T{}};
  std::vector<BigUInt<64>> e = {~BigUInt<64>{}, BigUInt<64>{1u} << 63, BigUInt<64>{}};
  for (const T& m : {T{7u}, T{8u}, ~T{}, T{~T{} - 1u}}) EXPECT_TRUE(check_straus(g, e, m));
  EXPECT_TRUE(check_multi_powm(std::vector<T>{}, std::vector<E>{}, T{9u}));
  EXPECT_TRUE(check_multi_powm(std::vector<T>{}, std::vector<E>{}, T{1u}));
}

}  // namespace
// The typed suite of modular_suite.hpp runs in modular_*_test.cpp; this file shares its check bodies only.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Modular);
}  // namespace warpnum::test

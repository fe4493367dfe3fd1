// SPDX-License-Identifier: Apache-2.0
// tests/host/gf2n/gf2n_test.cpp: GF2n without an oracle (gf2n.hpp; mul_n's AVX-512 arrays of
// detail/x86/gf2n_mul_n_avx512.hpp against the element loop): the type's shape, the constexpr checks of
// cases/gf2n_constexpr.hpp, every error case of docs/errors.md's GF2n rows, text, ordering, std::hash and random().
// The arithmetic against NTL is in *_ntl_test.cpp; the field laws at every width in laws_test.cpp.
#include "cases/gf2n_constexpr.hpp"
#include "cases/gf2n_operands.hpp"
#include "cases/random.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <compare>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace warpnum::test {
namespace {

// ---- the type ----

static_assert(std::is_same_v<GF2n<8, Poly{8, 4, 3, 1, 0}>, GF2n<8>>, "AES's polynomial is the default of degree 8");
static_assert(std::is_same_v<GF2n<128, Poly{128, 7, 2, 1, 0}>, GF2n<128>>, "GCM's polynomial is the default of degree 128");
static_assert(std::is_same_v<GF2n<2>::word_type, std::uint32_t> && std::is_same_v<GF2n<32>::word_type, std::uint32_t>);
static_assert(std::is_same_v<GF2n<33>::word_type, std::uint64_t> && std::is_same_v<GF2n<4096>::word_type, std::uint64_t>);
static_assert(GF2n<2>::word_bits == 32 && GF2n<2>::num_words == 1 && GF2n<32>::num_words == 1);
static_assert(GF2n<33>::word_bits == 64 && GF2n<33>::num_words == 1 && GF2n<64>::num_words == 1 && GF2n<65>::num_words == 2);
static_assert(GF2n<4096>::num_words == 64 && GF2n<571>::num_words == 9);
static_assert(sizeof(GF2n<8>) == 4 && sizeof(GF2n<64>) == 8 && sizeof(GF2n<233>) == 32 && sizeof(GF2n<4096>) == 512);
static_assert(std::is_trivial_v<GF2n<163>> && std::is_standard_layout_v<GF2n<163>>, "GF2n can live in __shared__ memory");
static_assert(std::has_unique_object_representations_v<GF2n<163>>);
static_assert(GF2n<163>::degree == 163 && GF2n<163>::poly == default_poly(163));
static_assert(std::is_same_v<decltype(GF2n<64>{} <=> GF2n<64>{}), std::strong_ordering>);
static_assert(!std::is_convertible_v<std::uint64_t, GF2n<64>> && !std::is_convertible_v<BigUInt<64>, GF2n<64>>,
              "the constructors are explicit");
static_assert(std::is_constructible_v<GF2n<64>, std::uint64_t> && std::is_constructible_v<GF2n<64>, BigUInt<128>>);
// GF2n is structural: it can be a template argument.
template <GF2n<64> X> constexpr bool structural = X == GF2n<64>{5u};
static_assert(structural<GF2n<64>{5u}>);

// ---- constant evaluation (the same checks run in a kernel in tests/device/gf2n/gf2n_test.cu) ----

static_assert(cx_gf2n::aes_8());
static_assert(cx_gf2n::field_64());
static_assert(cx_gf2n::field_128());
static_assert(cx_gf2n::quadratic());
static_assert(GF2n<8>{"0x57"} * GF2n<8>{"83"} == GF2n<8>{"C1"}, "the string constructor is constexpr");
static_assert(GF2n<8>{0x57u}.to_biguint<64>() == BigUInt<64>{0x57u});
static_assert(GF2n<4096>::monomial(4095).coefficient(4095) && GF2n<4096>::monomial(4095).word(63) == std::uint64_t{1} << 63);

TEST(GF2nConstexpr, SameChecksAtRunTime) {
  EXPECT_TRUE(cx_gf2n::aes_8());
  EXPECT_TRUE(cx_gf2n::field_64());
  EXPECT_TRUE(cx_gf2n::field_128());
  EXPECT_TRUE(cx_gf2n::quadratic());
}

// ---- errors (docs/errors.md) ----

template <class E, class Fn> void expect_throws(const char* what, Fn&& f) {
  try {
    f();
    ADD_FAILURE() << what << ": no exception";
  } catch (const E& e) {
    EXPECT_NE(std::string(e.what()).find("warpnum"), std::string::npos) << what << ": " << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": wrong exception type: " << e.what();
  }
}

TEST(GF2nErrors, MalformedText) {
  for (const char* text : {"", "0x", "0X", "g", "0x1g", "1g", " 1", "1 ", "+1", "-1", "0x-1", "0xx1", "x1", "1_0", "0x 1",
                           "1.0", "\n"}) {
    expect_throws<std::invalid_argument>(text, [&] { (void)GF2n<8>{text}; });
    expect_throws<std::invalid_argument>(text, [&] { (void)GF2n<4096>{text}; });
  }
  // A character's position is in the message.
  try {
    (void)GF2n<8>{"0x1g"};
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'g'"), std::string::npos) << e.what();
  }
}

TEST(GF2nErrors, TextOutOfRange) {
  expect_throws<std::out_of_range>("GF2n<8>{\"100\"}", [] { (void)GF2n<8>{"100"}; });
  expect_throws<std::out_of_range>("GF2n<8>{\"0x0100\"}", [] { (void)GF2n<8>{"0x0100"}; });
  expect_throws<std::out_of_range>("GF2n<2>{\"4\"}", [] { (void)GF2n<2>{"4"}; });
  expect_throws<std::out_of_range>("GF2n<7>{\"80\"}", [] { (void)GF2n<7>{"80"}; });
  expect_throws<std::out_of_range>("GF2n<33>{\"200000000\"}", [] { (void)GF2n<33>{"200000000"}; });
  expect_throws<std::out_of_range>("GF2n<4096>{1 then 1024 zeros}",
                                   [] { (void)GF2n<4096>{"1" + std::string(1024, '0')}; });
  // In range: leading zeros, the top coefficient, "0b1" (b is a hex digit).
  EXPECT_EQ(GF2n<8>{"0x00ff"}, GF2n<8>{0xffu});
  EXPECT_EQ(GF2n<8>{std::string(100, '0') + "80"}, GF2n<8>::monomial(7));
  EXPECT_EQ(GF2n<2>{"3"}, GF2n<2>{3u});
  EXPECT_EQ(GF2n<7>{"7F"}, GF2n<7>{0x7fu});
  EXPECT_EQ(GF2n<8>{"0b1"}, GF2n<8>{0xb1u});
  EXPECT_EQ(GF2n<4096>{"8" + std::string(1023, '0')}, GF2n<4096>::monomial(4095));
  EXPECT_EQ(GF2n<8>{"0"}, GF2n<8>{});
  EXPECT_EQ(GF2n<8>{"0x0"}, GF2n<8>{});
}

TEST(GF2nErrors, IntegerOutOfRange) {
  expect_throws<std::out_of_range>("GF2n<8>{256}", [] { (void)GF2n<8>{std::uint64_t{256}}; });
  expect_throws<std::out_of_range>("GF2n<2>{4}", [] { (void)GF2n<2>{std::uint64_t{4}}; });
  expect_throws<std::out_of_range>("GF2n<32>{2^32}", [] { (void)GF2n<32>{std::uint64_t{1} << 32}; });
  expect_throws<std::out_of_range>("GF2n<63>{2^63}", [] { (void)GF2n<63>{std::uint64_t{1} << 63}; });
  expect_throws<std::out_of_range>("GF2n<8>{BigUInt<64>{256}}", [] { (void)GF2n<8>{BigUInt<64>{256u}}; });
  expect_throws<std::out_of_range>("GF2n<33>{BigUInt<64>{2^33}}", [] { (void)GF2n<33>{BigUInt<64>{std::uint64_t{1} << 33}}; });
  expect_throws<std::out_of_range>("GF2n<128>{BigUInt<256>{2^128}}", [] { (void)GF2n<128>{BigUInt<256>{1u} << 128}; });
  expect_throws<std::out_of_range>("GF2n<4095>{BigUInt<4096>{2^4095}}", [] { (void)GF2n<4095>{BigUInt<4096>{1u} << 4095}; });
  EXPECT_EQ(GF2n<8>{std::uint64_t{255}}.word(0), 255u);
  EXPECT_EQ(GF2n<64>{~std::uint64_t{0}}.word(0), ~std::uint64_t{0});
  EXPECT_EQ(GF2n<65>{~std::uint64_t{0}}.word(1), 0u);
  EXPECT_EQ(GF2n<32>{std::uint64_t{0xffffffffu}}.word(0), 0xffffffffu);
  EXPECT_EQ(GF2n<128>{BigUInt<256>{~BigUInt<128>{}}}, GF2n<128>{"ffffffffffffffffffffffffffffffff"});
  EXPECT_EQ(GF2n<4096>{~BigUInt<4096>{}}.word(63), ~std::uint64_t{0});
}

TEST(GF2nErrors, DivisionByZero) {
  const GF2n<163> zero{}, a{0x1234u};
  expect_throws<std::domain_error>("inverse(0)", [&] { (void)inverse(zero); });
  expect_throws<std::domain_error>("a / 0", [&] { (void)(a / zero); });
  expect_throws<std::domain_error>("a /= 0", [&] {
    GF2n<163> c = a;
    c /= zero;
  });
  expect_throws<std::domain_error>("0 / 0", [&] { (void)(zero / zero); });
  expect_throws<std::domain_error>("inverse(0) at N = 2", [] { (void)inverse(GF2n<2>{}); });
  const ModResult<GF2n<163>> z = inverse_checked(zero);
  EXPECT_EQ(z.status, Status::not_invertible);  // zero has no inverse (status.hpp)
  EXPECT_TRUE(z.value.is_zero());
  const ModResult<GF2n<163>> r = inverse_checked(a);
  EXPECT_EQ(r.status, Status::ok);
  EXPECT_EQ(r.value * a, GF2n<163>::one());
  const ModResult<GF2n<2>> one = inverse_checked(GF2n<2>::one());
  EXPECT_EQ(one.status, Status::ok);
  EXPECT_EQ(one.value, GF2n<2>::one());
}

TEST(GF2nErrors, ToStringBase) {
  for (const int base : {0, 1, 8, 10, 36, -16}) {
    expect_throws<std::invalid_argument>("to_string(x, base)", [base] { (void)to_string(GF2n<8>{5u}, base); });
  }
}

// ---- text ----

TEST(GF2nText, Examples) {
  EXPECT_EQ(to_string(GF2n<8>{}), "0");
  EXPECT_EQ(to_string(GF2n<8>{}, 2), "0");
  EXPECT_EQ(to_string(GF2n<8>::one()), "1");
  EXPECT_EQ(to_string(GF2n<8>{0x13u}), "13");
  EXPECT_EQ(to_string(GF2n<8>{0x13u}, 2), "10011");
  EXPECT_EQ(to_string(GF2n<8>{0xc1u}), "c1");
  EXPECT_EQ(to_string(GF2n<4096>::monomial(4095)), "8" + std::string(1023, '0'));
  EXPECT_EQ(to_string(GF2n<4096>::monomial(4095), 2), "1" + std::string(4095, '0'));
  EXPECT_EQ(to_string(GF2n<65>::monomial(64) + GF2n<65>::one()), "10000000000000001");
  EXPECT_EQ(GF2n<8>{"0x13"}, GF2n<8>{"13"});
  EXPECT_EQ(GF2n<8>{"0X1f"}, GF2n<8>{"1F"});
}

// ---- ordering and hashing ----

/// Random elements of F, sorted by <=> and compared with the order of their BigUInt integers.
template <class F> void check_order_and_hash(std::uint64_t seed) {
  Rng rng(seed);
  std::vector<F> v = edge_elements<F>();
  for (int i = 0; i < 200; ++i) v.push_back(random_element<F>(rng));
  for (int i = 0; i < 50; ++i) v.push_back(v[rng.below(v.size())]);  // duplicates
  for (const F& a : v) {
    for (const F& b : {v[0], v[rng.below(v.size())], v[rng.below(v.size())]}) {
      const auto ua = a.to_biguint(), ub = b.to_biguint();
      EXPECT_EQ(a <=> b, ua <=> ub) << gf2n_name<F>() << " a = " << to_string(a) << ", b = " << to_string(b);
      EXPECT_EQ(a == b, ua == ub);
      EXPECT_EQ(a < b, ua < ub);
      EXPECT_EQ(a >= b, ua >= ub);
      if (a == b) {
        EXPECT_EQ(std::hash<F>{}(a), std::hash<F>{}(b));
      }
    }
  }
  std::vector<F> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end(),
                             [](const F& a, const F& b) { return a.to_biguint() < b.to_biguint(); }));
  const std::set<F> ordered(v.begin(), v.end());
  std::unordered_set<F> hashed(v.begin(), v.end());
  EXPECT_EQ(hashed.size(), ordered.size()) << gf2n_name<F>();
  for (const F& a : v) EXPECT_EQ(hashed.count(a), 1u);
  const F maybe_absent = F::monomial(F::degree - 1) + F::monomial(1) + F::one();
  EXPECT_EQ(hashed.count(maybe_absent), ordered.count(maybe_absent));
  // Distinct elements rarely share a hash (a weak hash of a few words would collide at once).
  std::unordered_set<std::size_t> hashes;
  for (const F& a : ordered) hashes.insert(std::hash<F>{}(a));
  EXPECT_GE(hashes.size() + 2, ordered.size()) << gf2n_name<F>();
}

TEST(GF2nOrder, OrderAndHash) {
  check_order_and_hash<GF2n<2>>(1);
  check_order_and_hash<GF2n<8>>(2);
  check_order_and_hash<GF2n<33>>(3);
  check_order_and_hash<GF2n<64>>(4);
  check_order_and_hash<GF2n<128>>(5);
  check_order_and_hash<GF2n<571>>(6);
  check_order_and_hash<GF2n<4096>>(7);
}

TEST(GF2nOrder, EveryElementOfGF256) {
  std::unordered_set<GF2n<8>> all;
  std::set<GF2n<8>> ordered;
  for (unsigned v = 0; v < 256; ++v) {
    all.insert(GF2n<8>{v});
    ordered.insert(GF2n<8>{v});
  }
  EXPECT_EQ(all.size(), 256u);
  unsigned expected = 0;
  for (const GF2n<8>& x : ordered) EXPECT_EQ(x.word(0), expected++);
}

// ---- random() ----

template <class F, class G> void check_random(G& g) {
  for (int i = 0; i < 200; ++i) {
    const F x = F::random(g);
    EXPECT_EQ(x, F{x.to_biguint()}) << gf2n_name<F>();  // the bits at x^N and above are 0 (else it would throw)
    if constexpr (F::degree % F::word_bits != 0) {
      EXPECT_EQ(x.word(F::num_words - 1) >> (F::degree % F::word_bits), 0u) << gf2n_name<F>();
    }
  }
}

TEST(GF2nRandom, InRangeAndUniformLooking) {
  std::mt19937_64 g64(42);
  std::mt19937 g32(43);
  std::minstd_rand g31(44);  // fewer than 32 random bits a call
  check_random<GF2n<2>>(g64);
  check_random<GF2n<33>>(g32);
  check_random<GF2n<65>>(g31);
  check_random<GF2n<571>>(g64);
  check_random<GF2n<4095>>(g32);
  // GF(2^8): every element appears in 8192 draws, each coefficient about half the time.
  for (auto* g : {&g64}) {
    std::set<GF2n<8>> seen;
    for (int i = 0; i < 8192; ++i) seen.insert(GF2n<8>::random(*g));
    EXPECT_EQ(seen.size(), 256u);
  }
  std::set<GF2n<8>> seen31;
  for (int i = 0; i < 8192; ++i) seen31.insert(GF2n<8>::random(g31));
  EXPECT_EQ(seen31.size(), 256u);
  int ones[571] = {};
  for (int i = 0; i < 2000; ++i) {
    const GF2n<571> x = GF2n<571>::random(g32);
    for (int k = 0; k < 571; ++k) ones[k] += x.coefficient(k) ? 1 : 0;
  }
  for (int k = 0; k < 571; ++k) EXPECT_NEAR(ones[k], 1000, 200) << "coefficient " << k;
}

// ---- element access ----

TEST(GF2nAccess, MonomialsAndWords) {
  using F = GF2n<233>;
  for (int i = 0; i < F::degree; ++i) {
    const F m = F::monomial(i);
    for (int k = 0; k < F::degree; ++k) ASSERT_EQ(m.coefficient(k), k == i) << i << " " << k;
    EXPECT_EQ(m.word(i / 64), std::uint64_t{1} << (i % 64));
    EXPECT_EQ(m.data()[i / 64], std::uint64_t{1} << (i % 64));
    EXPECT_TRUE(static_cast<bool>(m));
  }
  F x{};
  x.data()[3] = 0x1ffu;  // x^192 .. x^200
  EXPECT_EQ(x, F{"1ff" + std::string(48, '0')});
  EXPECT_TRUE(F::zero().is_zero() && !static_cast<bool>(F::zero()) && F::one() == F{1u});
}

// ---- mul_n: arrays of products (AVX-512 VPCLMULQDQ for GF(2^64) where present), against the one-element product ----

template <class F> void check_mul_n(std::uint64_t seed) {
  Rng rng(seed);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9}, std::size_t{33},
                              std::size_t{1000}}) {
    std::vector<F> a(n), b(n), r(n);
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = random_element<F>(rng);
      b[i] = random_element<F>(rng);
    }
    mul_n(r.data(), a.data(), b.data(), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], a[i] * b[i]) << gf2n_name<F>() << " n = " << n << ", i = " << i;
    // r aliasing a, then b.
    std::vector<F> c = a;
    mul_n(c.data(), c.data(), b.data(), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] * b[i]) << gf2n_name<F>() << " aliased a, i = " << i;
    c = b;
    mul_n(c.data(), a.data(), c.data(), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] * b[i]) << gf2n_name<F>() << " aliased b, i = " << i;
  }
}

TEST(GF2nMulN, SameAsOneByOne) {
  check_mul_n<GF2n<64>>(11);
  check_mul_n<GF2n<64, Poly{64, 63, 61, 60, 0}>>(12);  // not 2-gapped: the one-element loop
  check_mul_n<GF2n<8>>(13);
  check_mul_n<GF2n<128>>(14);
  check_mul_n<GF2n<571>>(15);
}

}  // namespace
}  // namespace warpnum::test

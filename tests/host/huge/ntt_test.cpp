// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/ntt_test.cpp: huge/ntt.hpp, the arithmetic of Integer's number-theoretic transforms, against direct
// computation (GMP and 64/128-bit integer arithmetic): the three primes and their Montgomery constants; mont_mul,
// add_mod, sub_mod, reduce, mont_pow and pow_mod on random and edge residues (0, 1, p - 1, p, 2^32 - 1); bit_reverse;
// the plans of every length up to 2^15 and around each r 2^k; the twiddle tables and four_step_twiddle; the
// butterflies; sub-transforms of length 2^k, 3 2^k and 5 2^k (k <= 9) run step by step with 1 to 4 radix-2 levels a
// step, plain and padded, forward against the DFT by its definition and inverse back to the input; cyclic
// convolutions (k <= 7) against the schoolbook sum mod p; the Chinese remainder step (Garner) against GMP; the 96-bit
// column accumulator.
#include "cases/ntt_reference.hpp"
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/huge/ntt.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {
namespace {

namespace ntt = huge::ntt;
using ntt::u32;
using ntt::u64;
using u128 = unsigned __int128;
using oracle::Mpz;
using ntt_reference::pow_ref;
using ntt_reference::root_ref;
using ntt_reference::to_mont;

// ---- the reference arithmetic: plain 64/128-bit operations and GMP ------------------------------------------

u32 mul_ref(u64 a, u64 b, u32 p) { return static_cast<u32>((a % p) * (b % p) % p); }  // p < 2^32: no overflow

/// w^e mod p for every e < count, by successive products.
std::vector<u32> powers_ref(u32 w, u32 count, u32 p) {
  std::vector<u32> v(count);
  u64 x = 1;
  for (u32 e = 0; e < count; ++e) {
    v[e] = static_cast<u32>(x);
    x = mul_ref(x, w, p);
  }
  return v;
}

/// x^-1 mod p by GMP (x invertible).
u32 inverse_ref(u64 x, u32 p) {
  Mpz zx, zp, r;
  mpz_set_ui(zx, x % p);
  mpz_set_ui(zp, p);
  mpz_invert(r, zx, zp);
  return static_cast<u32>(mpz_get_ui(r));
}

/// Residues that stress modular code: 0, 1, 2, p - 2, p - 1, (p +- 1) / 2, R mod p, R^2 mod p.
std::vector<u32> edge_residues(u32 p) {
  return {0,
          1,
          2,
          p - 2,
          p - 1,
          (p - 1) / 2,
          (p + 1) / 2,
          static_cast<u32>((u64{1} << 32) % p),
          static_cast<u32>(static_cast<u128>(1) * (u64{1} << 32) % p * ((u64{1} << 32) % p) % p)};
}

/// Words that are not residues, for the arguments that take any 32-bit value: p, p + 1, 2p - 1, 2p, 2^31 - 1, 2^31,
/// 2^32 - 2, 2^32 - 1.
std::vector<u32> edge_words(u32 p) {
  return {p, p + 1, 2 * p - 1, 2 * p, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
}

std::string prime_name(int q) { return "p = " + std::to_string(ntt::prime_values[q]); }

// ---- the primes and their constants -------------------------------------------------------------------------

TEST(HugeNtt, PrimesAndMontgomeryConstants) {
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    Mpz zp;
    mpz_set_ui(zp, p);
    EXPECT_NE(mpz_probab_prime_p(zp, 40), 0) << prime_name(q);
    EXPECT_LT(p, 1u << 31) << prime_name(q);  // add_mod's sum must not wrap
    EXPECT_EQ((p - 1) % (u32{15} << ntt::max_log2), 0u) << prime_name(q) << ": roots of every length r 2^k";
    // The generator has order p - 1: g^((p-1)/f) != 1 for each prime factor f of p - 1 (found here by trial division).
    const u32 g = ntt::prime_generators[q];
    EXPECT_EQ(pow_ref(g, p - 1, p), 1u);
    u32 rest = p - 1;
    for (u32 f = 2; rest > 1; ++f) {
      if (rest % f != 0) continue;
      EXPECT_NE(pow_ref(g, (p - 1) / f, p), 1u) << prime_name(q) << ", factor " << f;
      while (rest % f == 0) rest /= f;
    }
    const ntt::Mod m = ntt::make_mod(p);
    EXPECT_EQ(m.p, p);
    EXPECT_EQ(static_cast<u32>(m.pinv * p), 1u) << prime_name(q);
    EXPECT_EQ(m.r1, static_cast<u32>((u64{1} << 32) % p)) << prime_name(q);
    EXPECT_EQ(m.r2, static_cast<u32>((static_cast<u128>(1) << 64) % p)) << prime_name(q);
  }
  // The product of the primes exceeds the largest coefficient of a product of max_length + 1 limbs.
  Mpz product, bound;
  mpz_set_ui(product, ntt::prime_values[0]);
  mpz_mul_ui(product, product, ntt::prime_values[1]);
  mpz_mul_ui(product, product, ntt::prime_values[2]);
  mpz_set_ui(bound, 0xffffffffu);
  mpz_mul(bound, bound, bound);
  mpz_mul_ui(bound, bound, (ntt::max_length + 1) / 2);
  EXPECT_GT(mpz_cmp(product, bound), 0);
}

TEST(HugeNtt, InverseMod2To32) {
  const std::string what = "ntt inverse_mod_2_32";
  run_random_cases(what, seed_for(what), 100000, [](Rng& rng, int i) -> ::testing::AssertionResult {
    const u32 edges[] = {1, 3, 0xffffffffu, 0x80000001u, 0x7fffffffu, 2013265921u, 880803841u, 754974721u};
    const u32 x = i < 8 ? edges[i] : (rng.u32() | 1u);
    const u32 inv = ntt::inverse_mod_2_32(x);
    if (static_cast<u32>(x * inv) == 1u) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "inverse_mod_2_32(" << x << ") = " << inv;
  });
}

// ---- modular arithmetic -------------------------------------------------------------------------------------

::testing::AssertionResult check_ops(int q, u32 a, u32 b) {
  const u32 p = ntt::prime_values[q];
  const ntt::Mod m = ntt::make_mod(p);
  const u32 r_inv = inverse_ref(u64{1} << 32, p);
  const auto fail = [&](const char* name, u32 got, u32 want) {
    return ::testing::AssertionFailure() << name << " with " << prime_name(q) << ", a = " << a << ", b = " << b
                                         << ": got " << got << ", expected " << want;
  };
  // mont_mul: any 32-bit a, b < p; the result fully reduced.
  const u32 bb = b % p;
  const u32 mm = ntt::mont_mul(a, bb, m);
  const u32 mm_want = mul_ref(mul_ref(a, bb, p), r_inv, p);
  if (mm != mm_want) return fail("mont_mul(a, b mod p)", mm, mm_want);
  const u32 red = ntt::reduce(a, m);
  if (red != a % p) return fail("reduce(a)", red, a % p);
  const ntt::ShoupTwiddle one = ntt::shoup_one(m);
  if (one.w != 1 || one.quotient != ntt::shoup_quotient(1, p)) return fail("shoup_one", one.quotient, 0);
  const u32 red_one = ntt::reduce(a, one, m);
  if (red_one != a % p) return fail("reduce(a, shoup_one)", red_one, a % p);
  // mul_shoup: any 32-bit a, a twiddle b < p with its quotient.
  const ntt::ShoupTwiddle w{bb, ntt::shoup_quotient(bb, p)};
  const u32 quotient_want = static_cast<u32>((u64{bb} << 32) / p);
  if (w.quotient != quotient_want) return fail("shoup_quotient", w.quotient, quotient_want);
  const u32 sh = ntt::mul_shoup(a, w, m);
  if (sh != mul_ref(a, bb, p)) return fail("mul_shoup(a, b mod p)", sh, mul_ref(a, bb, p));
  // shoup_from_montgomery: the pair of the twiddle whose Montgomery form is b mod p, its quotient without a division.
  const ntt::ShoupTwiddle from = ntt::shoup_from_montgomery(bb, m);
  const u32 from_w = mul_ref(bb, r_inv, p);
  if (from.w != from_w) return fail("shoup_from_montgomery(b mod p).w", from.w, from_w);
  const u32 from_quotient = static_cast<u32>((u64{from_w} << 32) / p);
  if (from.quotient != from_quotient) {
    return fail("shoup_from_montgomery(b mod p).quotient", from.quotient, from_quotient);
  }
  if (a < p && b < p) {
    const u32 s = ntt::add_mod(a, b, m);
    if (s != (u64{a} + b) % p) return fail("add_mod", s, static_cast<u32>((u64{a} + b) % p));
    const u32 d = ntt::sub_mod(a, b, m);
    if (d != (u64{a} + p - b) % p) return fail("sub_mod", d, static_cast<u32>((u64{a} + p - b) % p));
  }
  return ::testing::AssertionSuccess();
}

TEST(HugeNtt, ModularArithmeticRandom) {
  for (int q = 0; q < 3; ++q) {
    const std::string what = "ntt modular arithmetic " + prime_name(q);
    const u32 p = ntt::prime_values[q];
    run_random_cases(what, seed_for(what), 200000, [q, p](Rng& rng, int i) {
      // Half the cases residues (add_mod and sub_mod run), half any words.
      const u32 a = i % 2 == 0 ? static_cast<u32>(rng.below(p)) : rng.u32();
      const u32 b = i % 4 < 2 ? static_cast<u32>(rng.below(p)) : rng.u32();
      return check_ops(q, a, b);
    });
  }
}

TEST(HugeNtt, ModularArithmeticEdges) {
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    std::vector<u32> values = edge_residues(p);
    for (const u32 w : edge_words(p)) values.push_back(w);
    run_edge_pairs("ntt modular arithmetic edges " + prime_name(q), values,
                   [q](u32 a, u32 b) { return check_ops(q, a, b); });
  }
}

TEST(HugeNtt, Powers) {
  const u64 exponents[] = {
      0, 1, 2, 3, 31, 32, 2013265920, 880803840, 754974720, 0xffffffffull, 0x100000000ull, ~0ull, 1ull << 63};
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    const std::string what = "ntt pow_mod/mont_pow " + prime_name(q);
    Rng rng(seed_for(what));
    std::vector<u64> es(std::begin(exponents), std::end(exponents));
    es.push_back(p - 1);
    es.push_back(p - 2);
    es.push_back(p);
    for (int i = 0; i < 200; ++i) es.push_back(i % 2 == 0 ? rng.next() : rng.below(1000));
    std::vector<u32> bases = edge_residues(p);
    for (const u32 w : edge_words(p)) bases.push_back(w);
    for (int i = 0; i < 20; ++i) bases.push_back(rng.u32());
    for (const u32 b : bases) {
      for (const u64 e : es) {
        const u32 want = pow_ref(b, e, p);
        ASSERT_EQ(ntt::pow_mod(b, e, p), want) << "pow_mod(" << b << ", " << e << ") " << what;
        if (b < p) {
          ASSERT_EQ(ntt::mont_pow(to_mont(b, p), e, m), to_mont(want, p))
              << "mont_pow(" << b << ", " << e << ") " << what;
        }
      }
    }
  }
  // pow_mod takes any modulus below 2^32.
  EXPECT_EQ(ntt::pow_mod(2, 10, 1000), 24u);
  EXPECT_EQ(ntt::pow_mod(0xffffffffu, ~0ull, 0xfffffffbu), pow_ref(0xffffffffu, ~0ull, 0xfffffffbu));
  EXPECT_EQ(ntt::pow_mod(5, 0, 7), 1u);
}

// ---- bit reversal and the plans -------------------------------------------------------------------------------

TEST(HugeNtt, BitReverse) {
  const std::string what = "ntt bit_reverse";
  Rng rng(seed_for(what));
  for (u32 bits = 0; bits <= 32; ++bits) {
    for (int i = 0; i < 300; ++i) {
      const u32 x = i == 0 ? 0u : i == 1 ? 0xffffffffu : i == 2 ? 1u : rng.u32();
      u32 want = 0;
      for (u32 k = 0; k < bits; ++k) want |= ((x >> k) & 1u) << (bits - 1 - k);
      ASSERT_EQ(ntt::bit_reverse(x, bits), want) << what << " of " << x << ", " << bits << " bits";
    }
  }
}

/// The smallest r 2^k >= n (r in {1, 3, 5}, k <= max_log2), by search.
std::size_t smallest_length(std::size_t n) {
  std::size_t best = ~std::size_t{0};
  for (const std::size_t r : {1u, 3u, 5u}) {
    for (int k = 0; k <= ntt::max_log2; ++k) {
      if ((r << k) >= n && (r << k) < best) best = r << k;
    }
  }
  return best;
}

::testing::AssertionResult check_plan(std::size_t n) {
  const ntt::Plan plan = ntt::make_plan(n);
  const auto fail = [&](const char* what) {
    return ::testing::AssertionFailure() << "make_plan(" << n << "): " << what << " (length " << plan.length << ", r "
                                         << plan.radix << ", n1 " << plan.n1 << ", n2 " << plan.n2 << ")";
  };
  if (plan.length != smallest_length(n)) return fail("not the smallest r 2^k");
  if (plan.radix != 1 && plan.radix != 3 && plan.radix != 5) return fail("radix not 1, 3 or 5");
  if (u64{plan.radix} << plan.log2_pow != plan.length) return fail("length != r 2^k");
  if (plan.n1 != plan.radix << plan.log2_n1 || plan.n2 != u32{1} << plan.log2_n2) return fail("n1 or n2 inconsistent");
  if (plan.log2_n1 + plan.log2_n2 != plan.log2_pow || u64{plan.n1} * plan.n2 != plan.length) return fail("n1 n2 != L");
  if (plan.log2_n2 > 13) return fail("rows longer than 2^13");
  return ::testing::AssertionSuccess();
}

TEST(HugeNtt, PlansOfEveryLength) {
  for (std::size_t n = 1; n <= (std::size_t{1} << 15); ++n) ASSERT_TRUE(check_plan(n));
  for (const std::size_t r : {1u, 3u, 5u}) {
    for (int k = 0; k <= ntt::max_log2; ++k) {
      const std::size_t len = r << k;
      ASSERT_TRUE(check_plan(len));
      ASSERT_TRUE(check_plan(len - 1 > 0 ? len - 1 : 1));
      if (len < ntt::max_length) {
        ASSERT_TRUE(check_plan(len + 1));
      }
    }
  }
  EXPECT_EQ(ntt::make_plan(ntt::max_length).length, ntt::max_length);
}

// ---- twiddle tables -----------------------------------------------------------------------------------------

/// The table of one prime and direction as the device builds it: entry i = w^twiddle_exponent(i), Montgomery form,
/// or in the pair region w itself and its Shoup quotient, word by word.
std::vector<u32> twiddle_table(int q, const ntt::Plan& plan, const ntt::TableLayout& t, bool inverse) {
  const u32 p = ntt::prime_values[q];
  u32 w = root_ref(q, plan.length);
  if (inverse) w = inverse_ref(w, p);
  const std::vector<u32> powers = powers_ref(w, plan.length, p);
  std::vector<u32> table(t.size);
  for (u32 i = 0; i < t.size; ++i) {
    const u64 e = ntt::twiddle_exponent(plan, t, i);
    if (e >= plan.length) {
      table[i] = 0;  // fails the checks below
    } else {
      switch (ntt::table_word(t, plan, i)) {
        case ntt::TableWord::montgomery: table[i] = to_mont(powers[e], p); break;
        case ntt::TableWord::twiddle: table[i] = powers[e]; break;
        case ntt::TableWord::quotient: table[i] = ntt::shoup_quotient(powers[e], p); break;
      }
    }
  }
  return table;
}

TEST(HugeNtt, TwiddleTablesAndFourStepTwiddles) {
  for (const std::size_t n : {1u, 2u, 3u, 5u, 6u, 40u, 96u, 4095u, 4096u, 4097u, 12289u, 20480u, 24576u}) {
    const ntt::Plan plan = ntt::make_plan(n);
    const ntt::TableLayout t = ntt::table_layout(plan);
    const u32 lo_count = plan.length < 4096 ? plan.length : 4096;
    const u32 hi_count = (plan.length + 4095) / 4096;
    // Each region after the one before it, at the first multiple of four words (16 bytes).
    const auto next = [](u32 end) { return (end + 3) / 4 * 4; };
    ASSERT_EQ(t.row, next(plan.n1));
    ASSERT_EQ(t.lo, next(t.row + plan.n2));
    ASSERT_EQ(t.hi, next(t.lo + lo_count));
    ASSERT_EQ(ntt::pair_offset(t, plan), next(t.hi + hi_count));
    ASSERT_EQ(ntt::column_pair_offset(t, plan), next(ntt::pair_offset(t, plan) + 2 * plan.n2));
    ASSERT_EQ(t.size, next(ntt::column_pair_offset(t, plan) + (u32{2} << plan.log2_n1)));
    for (int q = 0; q < 3; ++q) {
      const u32 p = ntt::prime_values[q];
      const ntt::Mod m = ntt::make_mod(p);
      for (const bool inverse : {false, true}) {
        const std::vector<u32> table = twiddle_table(q, plan, t, inverse);
        const auto root = [&](u64 order) { return inverse ? inverse_ref(root_ref(q, order), p) : root_ref(q, order); };
        const std::string what =
            "L = " + std::to_string(plan.length) + ", " + prime_name(q) + (inverse ? ", inverse" : "");
        // Each part holds the powers its comment says: w_n1^i, w_n2^j, w_L^e, w_L^(2^12 e).
        for (u32 i = 0; i < plan.n1; ++i)
          ASSERT_EQ(table[i], to_mont(pow_ref(root(plan.n1), i, p), p)) << what << ", column entry " << i;
        // The rows' region level by level: w_2h^e at h - 1 + e, then 1.
        for (u32 h = 1; 2 * h <= plan.n2; h *= 2) {
          for (u32 e = 0; e < h; ++e)
            ASSERT_EQ(table[t.row + h - 1 + e], to_mont(pow_ref(root(2 * h), e, p), p)) << what << ", row h " << h;
        }
        ASSERT_EQ(table[t.row + plan.n2 - 1], to_mont(1, p)) << what << ", last row entry";
        // The same twiddles w with their Shoup quotients floor(w 2^32 / p), as ntt::PairLevelTwiddles reads them.
        const ntt::ShoupTwiddle* pairs = ntt::pairs_at(table.data(), ntt::pair_offset(t, plan)).p;
        for (u32 h = 1; 2 * h <= plan.n2; h *= 2) {
          for (u32 e = 0; e < h; ++e) {
            const u32 want = pow_ref(root(2 * h), e, p);
            ASSERT_EQ(pairs[h - 1 + e].w, want) << what << ", pair h " << h;
            ASSERT_EQ(pairs[h - 1 + e].quotient, static_cast<u32>((u64{want} << 32) / p)) << what << ", pair h " << h;
          }
        }
        ASSERT_EQ(pairs[plan.n2 - 1].w, 1u) << what << ", last pair";
        ASSERT_EQ(pairs[plan.n2 - 1].quotient, static_cast<u32>((u64{1} << 32) / p)) << what << ", last pair";
        // The columns' radix-2 levels the same way: w_2h^e for h up to 2^(a-1), then 1.
        const ntt::ShoupTwiddle* cpairs = ntt::pairs_at(table.data(), ntt::column_pair_offset(t, plan)).p;
        const u32 levels = u32{1} << plan.log2_n1;
        for (u32 h = 1; 2 * h <= levels; h *= 2) {
          for (u32 e = 0; e < h; ++e) {
            const u32 want = pow_ref(root(2 * h), e, p);
            ASSERT_EQ(cpairs[h - 1 + e].w, want) << what << ", column pair h " << h;
            ASSERT_EQ(cpairs[h - 1 + e].quotient, static_cast<u32>((u64{want} << 32) / p)) << what << ", column pair";
          }
        }
        ASSERT_EQ(cpairs[levels - 1].w, 1u) << what << ", last column pair";
        const u32 w = root(plan.length);
        for (u32 e = 0; e < lo_count; ++e)
          ASSERT_EQ(table[t.lo + e], to_mont(pow_ref(w, e, p), p)) << what << ", low entry " << e;
        for (u32 e = 0; e < hi_count; ++e)
          ASSERT_EQ(table[t.hi + e], to_mont(pow_ref(w, u64{e} << 12, p), p)) << what << ", high entry " << e;
        // four_step_twiddle: w_L^e for every e < L.
        u64 power = 1;
        for (u32 e = 0; e < plan.length; ++e, power = mul_ref(power, w, p)) {
          ASSERT_EQ(ntt::four_step_twiddle(table.data(), t, e, m), to_mont(power, p)) << what << ", e = " << e;
        }
      }
    }
  }
}

// ---- butterflies and whole sub-transforms -------------------------------------------------------------------

TEST(HugeNtt, Butterflies) {
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    const std::vector<u32> values = edge_residues(p);
    for (const u32 u : values) {
      for (const u32 v : values) {
        for (const u32 w : values) {
          if (w == 0) continue;
          u32 a = u, b = v;
          ntt::butterfly_forward(a, b, to_mont(w, p), m);
          ASSERT_EQ(a, (u64{u} + v) % p) << prime_name(q) << ": forward butterfly " << u << ", " << v << ", w " << w;
          ASSERT_EQ(b, mul_ref((u64{u} + p - v) % p, w, p))
              << prime_name(q) << ": forward butterfly " << u << ", " << v;
          // The inverse with w^-1 gives back 2u and 2v.
          ntt::butterfly_inverse(a, b, to_mont(inverse_ref(w, p), p), m);
          ASSERT_EQ(a, 2 * u64{u} % p) << prime_name(q) << ": inverse butterfly " << u << ", " << v << ", w " << w;
          ASSERT_EQ(b, 2 * u64{v} % p) << prime_name(q) << ": inverse butterfly " << u << ", " << v << ", w " << w;
          // The same with Shoup's product.
          const ntt::ShoupTwiddle sw{w, ntt::shoup_quotient(w, p)};
          const ntt::ShoupTwiddle sw_inv{inverse_ref(w, p), ntt::shoup_quotient(inverse_ref(w, p), p)};
          a = u, b = v;
          ntt::butterfly_forward(a, b, sw, m);
          ASSERT_EQ(a, (u64{u} + v) % p) << prime_name(q) << ": Shoup forward butterfly " << u << ", " << v;
          ASSERT_EQ(b, mul_ref((u64{u} + p - v) % p, w, p)) << prime_name(q) << ": Shoup forward butterfly " << u
                                                            << ", " << v << ", w " << w;
          ntt::butterfly_inverse(a, b, sw_inv, m);
          ASSERT_EQ(a, 2 * u64{u} % p) << prime_name(q) << ": Shoup inverse butterfly " << u << ", " << v;
          ASSERT_EQ(b, 2 * u64{v} % p) << prime_name(q) << ": Shoup inverse butterfly " << u << ", " << v;
        }
      }
    }
  }
}

/// A sub-transform of M = r 2^a elements at x[offset + n * stride] (x[index of offset + n * stride] where `pad` words
/// follow every 32, the kernels' shared-memory layouts), step by step as the host loops run it, at most `most` radix-2
/// levels a step.
struct SubTransform {
  int q;
  u32 r, a, stride;
  u32 most = ntt::column_levels;
  u32 pad = 0;
  bool levels = false;  ///< the table level by level (ntt::LevelTwiddles), as the rows read it; r = 1
  u32 offset = 0;       ///< below the stride: a column of a tile, as the column kernels hold them
  u32 last = 0;         ///< levels of a final step apart (ntt::forward_step), as the rows run them
  bool joined = false;  ///< the radix-r step joined with a first radix-2 step of one level (ntt::joined_step)
  bool pairs = false;   ///< with levels: twiddles and their Shoup quotients (ntt::PairLevelTwiddles), as rows read
  u32 length() const { return r << a; }
  /// tw[e] = w_M^e (or w_M^-e) in Montgomery form, e < M.
  std::vector<u32> table(bool inverse) const {
    const u32 p = ntt::prime_values[q];
    u32 w = root_ref(q, length());
    if (inverse) w = inverse_ref(w, p);
    std::vector<u32> tw(length());
    for (u32 e = 0; e < length(); ++e) tw[e] = to_mont(pow_ref(w, e, p), p);
    return tw;
  }
  /// Where element n lives.
  std::size_t at(u32 n) const {
    const u32 i = offset + n * stride;
    return i + (i >> 5) * pad;
  }
  /// Words the elements span.
  std::size_t words() const { return at(length() - 1) + 1; }
  /// The flat table level by level: w_2h^e at h - 1 + e (with pairs: w_2h^e itself and its Shoup quotient at words
  /// 2 (h - 1 + e) and the next).
  std::vector<u32> level_table(const std::vector<u32>& tw) const {
    const u32 p = ntt::prime_values[q];
    const u32 r_inv = inverse_ref(u64{1} << 32, p);
    std::vector<u32> lv(2 * (length() + 1), untouched_entry);
    for (u32 h = 1; 2 * h <= length(); h *= 2) {
      for (u32 e = 0; e < h; ++e) {
        const u32 w = tw[e * (length() / (2 * h))];
        if (pairs) {
          const u32 plain = mul_ref(w, r_inv, p);
          lv[2 * (h - 1 + e)] = plain;
          lv[2 * (h - 1 + e) + 1] = ntt::shoup_quotient(plain, p);
        } else {
          lv[h - 1 + e] = w;
        }
      }
    }
    return lv;
  }
  static constexpr u32 untouched_entry = 0xdeadbeefu;
  /// run_step compiled for `most` levels a step.
  template <bool Inverse, class X>
  void step(X x, const ntt::Step& s, u32 i, const std::vector<u32>& tw, const std::vector<u32>& lv,
            ntt::Mod m) const {
    const auto radix2 = [&](auto t) {
      switch (most) {
        case 1: ntt::run_radix2_step<1, Inverse>(x, r, a, s, i, t, m); break;
        case 2: ntt::run_radix2_step<2, Inverse>(x, r, a, s, i, t, m); break;
        case 3: ntt::run_radix2_step<3, Inverse>(x, r, a, s, i, t, m); break;
        default: ntt::run_radix2_step<4, Inverse>(x, r, a, s, i, t, m); break;
      }
    };
    if (levels && pairs) {
      radix2(ntt::pairs_at(lv.data(), 0));
      return;
    }
    if (levels) {
      radix2(ntt::LevelTwiddles{lv.data()});
      return;
    }
    switch (most) {
      case 1: ntt::run_step<1, Inverse>(x, r, a, s, i, tw.data(), m); break;
      case 2: ntt::run_step<2, Inverse>(x, r, a, s, i, tw.data(), m); break;
      case 3: ntt::run_step<3, Inverse>(x, r, a, s, i, tw.data(), m); break;
      default: ntt::run_step<4, Inverse>(x, r, a, s, i, tw.data(), m); break;
    }
  }
  template <bool Inverse> void run(u32* x, const std::vector<u32>& tw) const {
    const ntt::Mod m = ntt::make_mod(ntt::prime_values[q]);
    const u32 steps = joined ? ntt::joined_step_count(r, a, most) : ntt::step_count(r, a, most, last);
    const std::vector<u32> lv = levels ? level_table(tw) : std::vector<u32>{};
    for (u32 jj = 0; jj < steps; ++jj) {
      const u32 j = Inverse ? steps - 1 - jj : jj;
      const ntt::Step s = joined ? ntt::joined_step(r, a, most, j) : ntt::forward_step(r, a, most, j, last);
      for (u32 i = 0; i < s.items; ++i) {
        switch (pad) {
          case 0: step<Inverse>(ntt::Strided{x, offset, stride}, s, i, tw, lv, m); break;
          case 1: step<Inverse>(ntt::RowElements{x, offset, stride}, s, i, tw, lv, m); break;
          default: step<Inverse>(ntt::ColumnElements{x, offset, stride}, s, i, tw, lv, m); break;
        }
      }
    }
  }
  void forward(u32* x, const std::vector<u32>& tw) const { run<false>(x, tw); }
  void inverse(u32* x, const std::vector<u32>& tw_inv) const { run<true>(x, tw_inv); }
  std::string name() const {
    const std::string table = levels ? (pairs ? ", Shoup pairs level by level" : ", table level by level") : "";
    return "M = " + std::to_string(r) + " 2^" + std::to_string(a) + ", stride " + std::to_string(stride) +
           (offset != 0 ? " from " + std::to_string(offset) : "") +
           (pad != 0 ? " padded by " + std::to_string(pad) : "") + table +
           (last != 0 ? ", a final step of " + std::to_string(last) : "") +
           (joined && ntt::joins_level(r, a, most) ? ", radix-r step joined with a level" : "") + ", " +
           std::to_string(most) + " levels a step, " + prime_name(q);
  }
};

constexpr u32 untouched = 0xdeadbeefu;  // above every prime: never a residue

/// x laid out as st places it, the other positions `untouched`.
std::vector<u32> spread(const std::vector<u32>& x, const SubTransform& st) {
  std::vector<u32> v(st.words(), untouched);
  for (std::size_t n = 0; n < x.size(); ++n) v[st.at(static_cast<u32>(n))] = x[n];
  return v;
}

/// Residues of length M: random, or an edge shape (all p - 1, all 0, a single 1, a single p - 1 at the end).
std::vector<u32> residues(Rng& rng, u32 length, u32 p, int shape) {
  std::vector<u32> x(length, 0);
  for (u32 n = 0; n < length; ++n) {
    switch (shape) {
      case 0: x[n] = p - 1; break;
      case 1: break;
      case 2: x[n] = n == 0 ? 1 : 0; break;
      case 3: x[n] = n + 1 == length ? p - 1 : 0; break;
      default: x[n] = rng.chance(1, 8) ? (rng.chance(1, 2) ? 0 : p - 1) : static_cast<u32>(rng.below(p)); break;
    }
  }
  return x;
}
constexpr int num_shapes = 5;  // the last one random

TEST(HugeNtt, SubTransformsAgainstTheDft) {
  const std::string what = "ntt sub-transforms";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  // Every schedule the kernels may run: 1 to 4 radix-2 levels a step, the remainder first or a final step of 1 or 2
  // levels apart (as the rows run theirs), the radix-r step joined with a first level (as the column kernels run
  // theirs at four levels a step), elements plain or padded as the kernels' columns and rows are, at strides 1, 3,
  // 4, 8 and 16 (a column of a tile, from its first word or another), with flat tables or tables level by level, of
  // Montgomery forms or of twiddles with their Shoup quotients (as the rows read theirs).
  struct Layout {
    u32 most, stride, pad;
    bool levels = false;
    u32 offset = 0;
    u32 last = 0;
    bool joined = false;
    bool pairs = false;
  };
  const Layout layouts[] = {{ntt::column_levels, 1, 0},     {ntt::row_levels, 1, 0},          {1, 3, 0},
                            {2, 1, 0},                      {ntt::column_levels, 4, 4},       {ntt::row_levels, 1, 1},
                            {ntt::row_levels, 1, 1, true},  {2, 3, 0, true},                  {2, 3, 0, false, 2},
                            {ntt::column_levels, 4, 4, false, 3}, {ntt::column_levels, 16, 4, false, 9},
                            {1, 16, 4, false, 15},        {ntt::row_levels, 1, 1, true, 0, 1},
                            {3, 3, 0, false, 0, 2},       {ntt::column_levels, 4, 4, false, 1, 1},
                            {ntt::wide_column_levels, 1, 0, false, 0, 0, true},
                            {ntt::wide_column_levels, 8, 4, false, 5, 0, true},
                            {ntt::wide_column_levels, 3, 0, false, 0, 0, true},
                            {ntt::wide_column_levels, 16, 4, false, 9, 0, true},
                            {ntt::row_levels, 1, 1, true, 0, 0, false, true},
                            {2, 3, 0, true, 0, 0, false, true},
                            {ntt::row_levels, 1, 1, true, 0, 1, false, true}};
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    for (const u32 r : {1u, 3u, 5u}) {
      for (u32 a = 0; a <= 9; ++a) {
        for (const Layout& layout : layouts) {
          if (layout.levels && r != 1) continue;  // tables level by level serve the rows: no radix-r step
          const SubTransform st{q,           r,           a,           layout.stride,  layout.most,
                                layout.pad,  layout.levels, layout.offset, layout.last, layout.joined,
                                layout.pairs};
          const u32 len = st.length();
          const std::vector<u32> tw = st.table(false), tw_inv = st.table(true);
          const u32 w = root_ref(q, len);
          const bool main_layout = &layout == &layouts[0];
          for (int shape = 0; shape < num_shapes; ++shape) {
            if (!main_layout && shape != num_shapes - 1) continue;  // the other layouts: random residues only
            const std::vector<u32> x = residues(rng, len, p, shape);
            std::vector<u32> y = spread(x, st);
            st.forward(y.data(), tw);
            // Position pos holds frequency column_frequency(pos): sum_n x_n w^(n k). Every position up to 256
            // elements, then the first, the last and 62 others.
            std::vector<u32> positions;
            for (u32 pos = 0; pos < len; ++pos) {
              if (len <= 256 || pos == 0 || pos + 1 == len || rng.below(len) < 62) positions.push_back(pos);
            }
            for (const u32 pos : positions) {
              const u32 k = ntt::column_frequency(pos, r, a);
              ASSERT_LT(k, len) << st.name();
              const u32 wk = pow_ref(w, k, p);
              u64 sum = 0, power = 1;
              for (u32 n = 0; n < len; ++n) {
                sum = (sum + mul_ref(x[n], power, p)) % p;
                power = mul_ref(power, wk, p);
              }
              ASSERT_EQ(y[st.at(pos)], sum) << st.name() << ", shape " << shape << ", position " << pos
                                            << " (frequency " << k << "), seed " << seed;
            }
            std::vector<bool> element(y.size(), false);
            for (u32 n = 0; n < len; ++n) element[st.at(n)] = true;
            for (std::size_t i = 0; i < y.size(); ++i) {
              if (!element[i]) {
                ASSERT_EQ(y[i], untouched) << st.name() << ": wrote between its elements";
              }
            }
            st.inverse(y.data(), tw_inv);  // M x
            for (u32 n = 0; n < len; ++n) {
              ASSERT_EQ(y[st.at(n)], mul_ref(x[n], len, p))
                  << st.name() << ", shape " << shape << ": inverse at " << n;
            }
          }
        }
      }
    }
  }
}

// The joined radix-r step on a column whose upper half is zero (the first forward step of a balanced product's
// columns): the items that skip the upper half (UpperZero) write the words of the general step on the same input,
// and never read the upper half, which holds a sentinel instead of its zeros.
TEST(HugeNtt, JoinedStepWithTheUpperHalfZero) {
  const std::string what = "ntt joined step, upper half zero";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    for (const u32 r : {3u, 5u}) {
      for (u32 a = 1; a <= 9; ++a) {
        const SubTransform st{q, r, a, 1};
        const u32 len = st.length();
        const std::vector<u32> tw = st.table(false);
        const ntt::RadixConstants rc = ntt::radix_r_constants(r, u32{1} << a, tw.data(), m);
        for (int shape = 0; shape < num_shapes; ++shape) {
          std::vector<u32> x = residues(rng, len, p, shape);
          for (u32 n = len / 2; n < len; ++n) x[n] = 0;
          std::vector<u32> general = x, skipping = x;
          for (u32 n = len / 2; n < len; ++n) skipping[n] = untouched;
          for (u32 t = 0; t < (u32{1} << (a - 1)); ++t) {
            const ntt::Strided g{general.data(), 0, 1}, z{skipping.data(), 0, 1};
            if (r == 3) {
              ntt::radix_fixed_level_step<3, false>(g, u32{1} << a, t, tw.data(), rc, m);
              ntt::radix_fixed_level_step<3, false, true>(z, u32{1} << a, t, tw.data(), rc, m);
            } else {
              ntt::radix_fixed_level_step<5, false>(g, u32{1} << a, t, tw.data(), rc, m);
              ntt::radix_fixed_level_step<5, false, true>(z, u32{1} << a, t, tw.data(), rc, m);
            }
          }
          for (u32 n = 0; n < len; ++n) {
            ASSERT_EQ(skipping[n], general[n]) << "M = " << r << " 2^" << a << ", " << prime_name(q) << ", shape "
                                               << shape << ", position " << n << ", seed " << seed;
          }
        }
      }
    }
  }
}

// The column kernels' schedules: every radix-2 level once, in order from the largest half-size, the joined step
// counted as its level; four levels a step only where that makes a pass fewer than three (at 10^6, 10^7 and 10^8
// digits: columns of 2^9, 2^10 and 5 2^9 elements).
TEST(HugeNtt, ColumnSchedules) {
  for (const u32 r : {1u, 3u, 5u}) {
    for (u32 a = 0; a <= 10; ++a) {
      for (const u32 most : {ntt::column_levels, ntt::wide_column_levels}) {
        const u32 steps = ntt::joined_step_count(r, a, most);
        u32 next = a;  // the next level's log2 of its half-size, plus one
        for (u32 j = 0; j < steps; ++j) {
          const ntt::Step s = ntt::joined_step(r, a, most, j);
          const u32 levels = s.levels != 0 ? s.levels : s.joined;
          if (s.levels == 0) {
            ASSERT_EQ(j, 0u) << "the radix-r step comes first";
          }
          if (levels == 0) continue;
          ASSERT_LE(levels, most);
          ASSERT_EQ(s.log2_h + 1, next) << "r " << r << ", a " << a << ", step " << j;
          next -= levels;
        }
        EXPECT_EQ(next, 0u) << "r " << r << ", a " << a << ", " << most << " levels a step";
        EXPECT_EQ(ntt::joins_level(r, a, most), most == ntt::wide_column_levels && r > 1 && a > 4 && a % 4 == 1);
      }
    }
  }
  EXPECT_EQ(ntt::joined_step_count(5, 9, ntt::wide_column_levels), 3u);  // radix 5 with a level, 4, 4
  EXPECT_EQ(ntt::step_count(5, 9, ntt::column_levels), 4u);              // radix 5, 3, 3, 3
  EXPECT_EQ(ntt::wide_column_step_levels(5, 9), ntt::wide_column_levels);
  EXPECT_EQ(ntt::wide_column_step_levels(1, 10), ntt::wide_column_levels);  // 2, 4, 4 against 1, 3, 3, 3
  EXPECT_EQ(ntt::wide_column_step_levels(1, 9), ntt::column_levels);        // 1, 4, 4 against 3, 3, 3
}

// Cyclic convolutions: forward both, the pointwise Montgomery product, inverse, then times M^-1 R^2 (what
// convolve_ntt's scale does), against the schoolbook sum mod p.
TEST(HugeNtt, CyclicConvolutions) {
  const std::string what = "ntt cyclic convolutions";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    for (const u32 r : {1u, 3u, 5u}) {
      for (u32 a = 0; a <= 7; ++a) {
        const SubTransform st{q, r, a, 1};
        const u32 len = st.length();
        const std::vector<u32> tw = st.table(false), tw_inv = st.table(true);
        const u32 scale = to_mont(mul_ref(inverse_ref(len, p), u64{1} << 32, p), p);  // M^-1 R^2
        for (int shape = 0; shape < num_shapes; ++shape) {
          const std::vector<u32> x = residues(rng, len, p, shape);
          const std::vector<u32> y = residues(rng, len, p, shape == 2 ? 3 : num_shapes - 1);
          std::vector<u32> fx = x, fy = y;
          st.forward(fx.data(), tw);
          st.forward(fy.data(), tw);
          for (u32 i = 0; i < len; ++i) fx[i] = ntt::mont_mul(fx[i], fy[i], m);
          st.inverse(fx.data(), tw_inv);
          for (u32 k = 0; k < len; ++k) {
            u64 want = 0;
            for (u32 i = 0; i < len; ++i) want = (want + mul_ref(x[i], y[(k + len - i) % len], p)) % p;
            ASSERT_EQ(ntt::mont_mul(fx[k], scale, m), want)
                << st.name() << ", shape " << shape << ", coefficient " << k << ", seed " << seed;
          }
        }
      }
    }
  }
}

// ---- the Chinese remainder step ------------------------------------------------------------------------------

/// crt_combine's constants for transform length `length`: scale = L^-1 R^2, or R (mont_mul(raw, R) = raw mod p, the
/// residues taken as they are) when length is 0; the inverses p_i^-1 mod p_j in Montgomery form.
ntt::Crt make_crt(u64 length) {
  ntt::Crt c{};
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    c.m[q] = ntt::make_mod(p);
    c.scale[q] = length == 0 ? to_mont(1, p) : to_mont(mul_ref(inverse_ref(length, p), u64{1} << 32, p), p);
  }
  const u32* primes = ntt::prime_values;
  c.inv_1_2 = to_mont(inverse_ref(primes[0], primes[1]), primes[1]);
  c.inv_1_3 = to_mont(inverse_ref(primes[0], primes[2]), primes[2]);
  c.inv_2_3 = to_mont(inverse_ref(primes[1], primes[2]), primes[2]);
  return c;
}

/// crt_combine of x's residues (as an inverse transform of length `length` leaves them: x L R^-1 mod p, or with
/// length 0 x mod p plus `extra` multiples of p) against x.
::testing::AssertionResult check_crt(const Mpz& x, u64 length, u32 extra) {
  const ntt::Crt c = make_crt(length);
  u32 raw[3];
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const u32 residue = static_cast<u32>(mpz_fdiv_ui(x, p));
    if (length == 0) {
      const u64 lifted = residue + u64{extra} * p;
      raw[q] = lifted <= 0xffffffffu ? static_cast<u32>(lifted) : residue;
    } else {
      raw[q] = mul_ref(mul_ref(residue, length, p), inverse_ref(u64{1} << 32, p), p);
    }
  }
  u32 out[3];
  ntt::crt_combine(raw[0], raw[1], raw[2], c, out);
  Mpz got;
  oracle::from_words(got, out, 3);
  if (got == x) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "crt_combine(" << raw[0] << ", " << raw[1] << ", " << raw[2]
                                       << "), L = " << length << ": got " << oracle::to_text(got) << ", expected "
                                       << oracle::to_text(x);
}

TEST(HugeNtt, GarnerAgainstGmp) {
  Mpz product;
  mpz_set_ui(product, ntt::prime_values[0]);
  mpz_mul_ui(product, product, ntt::prime_values[1]);
  mpz_mul_ui(product, product, ntt::prime_values[2]);
  const u64 lengths[] = {0, 1, 2, 3 << 10, 5 << 12, ntt::max_length};
  // Edges: 0, 1, p1 - 1, p1, p1 p2 - 1, p1 p2, 2^64, the largest coefficient of a product, P - p1, P - 1.
  std::vector<Mpz> edges;
  const auto add = [&](const Mpz& z) { edges.push_back(z); };
  Mpz z;
  add(z);
  mpz_set_ui(z, 1);
  add(z);
  mpz_set_ui(z, ntt::prime_values[0] - 1);
  add(z);
  mpz_set_ui(z, ntt::prime_values[0]);
  add(z);
  mpz_mul_ui(z, z, ntt::prime_values[1]);
  add(z);
  mpz_sub_ui(z, z, 1);
  add(z);
  mpz_set_ui(z, 0);
  mpz_setbit(z, 64);
  add(z);
  mpz_set_ui(z, 0xffffffffu);
  mpz_mul(z, z, z);
  mpz_mul_ui(z, z, (ntt::max_length + 1) / 2);
  add(z);
  mpz_sub_ui(z, product, ntt::prime_values[0]);
  add(z);
  mpz_sub_ui(z, product, 1);
  add(z);
  for (const u64 length : lengths) {
    for (const Mpz& x : edges) {
      for (const u32 extra : {0u, 1u}) ASSERT_TRUE(check_crt(x, length, length == 0 ? extra : 0));
    }
  }
  const std::string what = "ntt crt_combine";
  run_random_cases(what, seed_for(what), 50000, [&](Rng& rng, int i) {
    std::uint32_t w[3];
    random_words(rng, w, 3);
    Mpz x;
    oracle::from_words(x, w, 3);
    mpz_mod(x, x, product);
    return check_crt(x, lengths[i % 6], static_cast<u32>(rng.below(3)));
  });
}

// ---- the 96-bit column accumulator ---------------------------------------------------------------------------

TEST(HugeNtt, ColumnAccumulator) {
  const std::string what = "ntt mul_acc";
  constexpr u64 largest = u64{0xffffffffu} * 0xffffffffu;
  run_random_cases(what, seed_for(what), 4000, [](Rng& rng, int i) -> ::testing::AssertionResult {
    // Start at 0, just below a carry out of the low 64 bits, exactly one largest product below it, or anywhere; then
    // add up to 300 products: the largest, one with a zero factor, or random.
    const u64 starts[] = {0, ~u64{0} - rng.below(1u << 20), 0 - largest, rng.next()};
    ntt::Acc96 acc{starts[i % 4], i % 8 < 4 ? 0u : static_cast<u32>(rng.below(1000))};
    u128 want = (static_cast<u128>(acc.hi) << 64) + acc.lo;
    const int count = static_cast<int>(rng.below(300));
    for (int k = 0; k < count; ++k) {
      const u64 kind = k == 0 ? 0 : rng.below(4);
      const u32 a = kind == 0 ? 0xffffffffu : kind == 1 ? 0u : rng.u32();
      const u32 b = kind == 0 ? 0xffffffffu : rng.u32();
      ntt::mul_acc(acc, a, b);
      want += static_cast<u128>(a) * b;
      const u128 got = (static_cast<u128>(acc.hi) << 64) + acc.lo;
      if (got != want) {
        return ::testing::AssertionFailure() << "mul_acc: after " << k + 1 << " products the high word is " << acc.hi
                                             << " and the low " << acc.lo << ", expected " << static_cast<u64>(want >> 64)
                                             << " and " << static_cast<u64>(want);
      }
    }
    return ::testing::AssertionSuccess();
  });
  // Zero products into an empty accumulator leave it empty.
  ntt::Acc96 acc{0, 0};
  ntt::mul_acc(acc, 0, 0xffffffffu);
  ntt::mul_acc(acc, 0xffffffffu, 0);
  EXPECT_TRUE(acc.lo == 0 && acc.hi == 0);
}

}  // namespace
}  // namespace warpnum::test

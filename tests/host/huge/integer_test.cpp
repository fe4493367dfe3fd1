// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/integer_test.cpp: warpnum::Integer on the host against GMP: construction and conversions,
// + - * sqr << >> comparisons over signed random and edge-case values, every multiplication algorithm forced,
// the multiplication dispatch, and the engine's carry resolution (normalise, add, sub) with carries that run
// through whole arrays. The seed of each random test is printed on failure (WARPNUM_TEST_SEED overrides it).
#include <warpnum/huge/carry.hpp>
#include <warpnum/integer.hpp>

#include "../../../src/huge/engine.hpp"
#include "../../../src/huge/thresholds.hpp"

#include <gmp.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using warpnum::Integer;
using warpnum::MulAlgorithm;
using warpnum::Place;
using limb_t = std::uint32_t;

std::uint64_t seed_for(std::uint64_t salt) {
  const char* s = std::getenv("WARPNUM_TEST_SEED");
  return (s != nullptr ? std::strtoull(s, nullptr, 0) : 0x5eed'1234'abcd'0001ull) ^ (salt * 0x9e3779b97f4a7c15ull);
}

/// Random numbers of a given size: uniform limbs, long runs of ones and zeros (mpz_rrandomb), or the edge cases
/// (all limbs 0xffffffff, a power of 2^32, 2^k, 2^k - 1), with a random sign.
class Values {
 public:
  explicit Values(std::uint64_t seed) : rng_(seed) {
    gmp_randinit_default(state_);
    gmp_randseed_ui(state_, static_cast<unsigned long>(seed));
  }
  Values(const Values&) = delete;
  Values& operator=(const Values&) = delete;
  ~Values() { gmp_randclear(state_); }

  mpz_class magnitude(std::size_t limbs) {
    mpz_class z;
    if (limbs == 0) return z;
    const auto bits = static_cast<mp_bitcnt_t>(32 * limbs);
    switch (rng_() % 6) {
      case 0:
      case 1:
        mpz_urandomb(z.get_mpz_t(), state_, bits);
        mpz_setbit(z.get_mpz_t(), bits - 1);  // exactly `limbs` limbs
        break;
      case 2: mpz_rrandomb(z.get_mpz_t(), state_, bits); break;
      case 3: z = (mpz_class(1) << bits) - 1; break;  // all limbs 0xffffffff
      case 4: z = mpz_class(1) << (bits - 32); break;  // a power of 2^32
      default: z = mpz_class(1) << (bits - 1 - rng_() % 32); break;
    }
    return z;
  }
  mpz_class signed_value(std::size_t limbs) {
    mpz_class z = magnitude(limbs);
    if (rng_() % 2 != 0) z = -z;
    return z;
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }

 private:
  std::mt19937_64 rng_;
  gmp_randstate_t state_;
};

::testing::AssertionResult same(const Integer& x, const mpz_class& expected) {
  const mpz_class got = warpnum::to_mpz_class(x);
  if (got == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got.get_str(16).substr(0, 80) << "... (" << x.size()
                                       << " limbs), expected " << expected.get_str(16).substr(0, 80) << "...";
}

// ---- carry look-ahead: the formula and the device's hierarchy, simulated on the host ----

/// The carries into 32 runs and out of the last, one at a time.
std::uint64_t ripple(std::uint32_t g, std::uint32_t p, std::uint32_t carry_in) {
  std::uint64_t out = 0;
  std::uint32_t c = carry_in;
  for (int i = 0; i < 32; ++i) {
    out |= static_cast<std::uint64_t>(c) << i;
    c = ((g >> i) & 1u) | (((p >> i) & 1u) & c);
  }
  return out | (static_cast<std::uint64_t>(c) << 32);
}

TEST(IntegerCarry, LookaheadFormulaMatchesRipple) {
  std::mt19937_64 rng(seed_for(1));
  SCOPED_TRACE(seed_for(1));
  for (int trial = 0; trial < 200000; ++trial) {
    std::uint32_t g = static_cast<std::uint32_t>(rng()), p = static_cast<std::uint32_t>(rng());
    switch (trial % 4) {
      case 0: p = ~0u; break;                                        // every run critical
      case 1: p |= static_cast<std::uint32_t>(rng()) | static_cast<std::uint32_t>(rng()); break;  // long runs
      default: break;
    }
    g &= ~p;  // a run never both generates and propagates
    for (std::uint32_t cin = 0; cin < 2; ++cin) {
      ASSERT_EQ(warpnum::huge::lookahead_carries(g, p, cin), ripple(g, p, cin)) << std::hex << g << ' ' << p << ' ' << cin;
    }
    const warpnum::huge::CarrySummary s = warpnum::huge::summarise_lanes(g, p);
    ASSERT_EQ(s.generate, ripple(g, p, 0) >> 32);
    ASSERT_EQ(s.propagate, p == ~0u ? 1u : 0u);
  }
}

/// The device's resolution step for step on the host: runs of `per_thread` limbs, warps of 32 runs (ballots as
/// masks), blocks of `warps` warps, tiles of blocks resolved between them; compared with one ripple loop.
std::vector<limb_t> simulate_device(const std::vector<warpnum::huge::CarryDigit>& digit, int per_thread, int warps,
                                    bool subtract) {
  using warpnum::huge::CarrySummary;
  using warpnum::huge::combine;
  using warpnum::huge::lookahead_carries;
  using warpnum::huge::summarise_lanes;
  const std::size_t n = digit.size();
  const std::size_t tile = static_cast<std::size_t>(per_thread) * 32 * static_cast<std::size_t>(warps);
  const std::size_t tiles = (n + tile - 1) / tile;
  auto at = [&](std::size_t k) { return k < n ? digit[k] : warpnum::huge::CarryDigit{0, 0, 1}; };
  auto run_summary = [&](std::size_t first) {
    CarrySummary s{0, 1};
    for (int i = 0; i < per_thread; ++i) s = combine(s, {at(first + i).generate, at(first + i).propagate});
    return s;
  };
  // Per tile: masks of its warps' runs, and the warps' summaries.
  auto tile_masks = [&](std::size_t t, std::vector<std::uint32_t>& g, std::vector<std::uint32_t>& p) {
    g.assign(warps, 0);
    p.assign(warps, 0);
    for (int w = 0; w < warps; ++w)
      for (int lane = 0; lane < 32; ++lane) {
        const CarrySummary s = run_summary(t * tile + (static_cast<std::size_t>(w) * 32 + lane) * per_thread);
        g[w] |= s.generate << lane;
        p[w] |= s.propagate << lane;
      }
  };
  auto block_masks = [&](const std::vector<std::uint32_t>& g, const std::vector<std::uint32_t>& p, std::uint32_t& wg,
                         std::uint32_t& wp) {
    wg = 0;
    wp = 0;
    for (int lane = 0; lane < 32; ++lane) {
      const CarrySummary s = lane < warps ? summarise_lanes(g[lane], p[lane]) : CarrySummary{0, 1};
      wg |= s.generate << lane;
      wp |= s.propagate << lane;
    }
  };
  std::vector<CarrySummary> tile_summary(tiles);
  std::vector<std::uint32_t> g, p;
  for (std::size_t t = 0; t < tiles; ++t) {
    tile_masks(t, g, p);
    std::uint32_t wg, wp;
    block_masks(g, p, wg, wp);
    tile_summary[t] = summarise_lanes(wg, wp);
  }
  std::vector<std::uint32_t> tile_carry(tiles);
  std::uint32_t c = 0;
  for (std::size_t t = 0; t < tiles; ++t) {
    tile_carry[t] = c;
    c = warpnum::huge::carry_out(tile_summary[t], c);
  }
  std::vector<limb_t> out(n);
  for (std::size_t t = 0; t < tiles; ++t) {
    tile_masks(t, g, p);
    std::uint32_t wg, wp;
    block_masks(g, p, wg, wp);
    const std::uint64_t warp_carries = lookahead_carries(wg, wp, tile_carry[t]);
    for (int w = 0; w < warps; ++w) {
      const std::uint64_t lane_carries = lookahead_carries(g[w], p[w], (warp_carries >> w) & 1u);
      for (int lane = 0; lane < 32; ++lane) {
        std::uint32_t carry = (lane_carries >> lane) & 1u;
        const std::size_t first = t * tile + (static_cast<std::size_t>(w) * 32 + lane) * per_thread;
        for (int i = 0; i < per_thread && first + i < n; ++i) {
          const auto d = digit[first + i];
          out[first + i] = subtract ? d.value - carry : d.value + carry;
          carry = d.generate | (d.propagate & carry);
        }
      }
    }
  }
  return out;
}

TEST(IntegerCarry, DeviceHierarchySimulatedMatchesRipple) {
  Values values(seed_for(2));
  SCOPED_TRACE(seed_for(2));
  for (const std::size_t n : {1u, 7u, 8u, 255u, 2048u, 2049u, 6000u, 20000u}) {
    for (int kind = 0; kind < 3; ++kind) {
      const bool subtract = kind == 2;
      const mpz_class a = kind == 1 ? mpz_class((mpz_class(1) << (32 * n)) - 1) : values.magnitude(n);
      const mpz_class b = kind == 1 ? mpz_class(1) : mpz_class(values.magnitude(n) >> (subtract ? 1 : 0));
      const Integer ia = warpnum::from_mpz(a, Place::host), ib = warpnum::from_mpz(b, Place::host);
      std::vector<limb_t> la = ia.limbs(), lb = ib.limbs();
      la.resize(n);
      lb.resize(n);
      std::vector<warpnum::huge::CarryDigit> digit(n);
      for (std::size_t k = 0; k < n; ++k)
        digit[k] = subtract ? warpnum::huge::sub_digit(la[k], lb[k]) : warpnum::huge::add_digit(la[k], lb[k]);
      const mpz_class mask = (mpz_class(1) << (32 * n)) - 1;  // both wrap modulo 2^(32 n)
      const mpz_class expected = subtract ? mpz_class((a - b) & mask) : mpz_class((a + b) & mask);
      // Small blocks too, so that several tiles and the scan between them take part.
      for (const int warps : {1, 3, 8}) {
        const std::vector<limb_t> out = simulate_device(digit, warps == 3 ? 5 : 8, warps, subtract);
        EXPECT_TRUE(same(Integer::from_limbs(out, false, Place::host), expected)) << n << ' ' << kind << ' ' << warps;
      }
    }
  }
}

// ---- the engine's carry resolution on the host ----

mpz_class coefficients_value(const std::vector<warpnum::huge::Coef96>& c) {
  // Word x of every coefficient as one number, shifted by 32 x bits.
  mpz_class sum;
  for (int x = 0; x < 3; ++x) {
    std::vector<std::uint32_t> words(c.size());
    for (std::size_t k = 0; k < c.size(); ++k) words[k] = c[k].w[x];
    mpz_class plane;
    mpz_import(plane.get_mpz_t(), words.size(), -1, sizeof(std::uint32_t), 0, 0, words.data());
    sum += plane << (32 * x);
  }
  return sum;
}

TEST(IntegerCarry, NormaliseMatchesGmp) {
  std::mt19937_64 rng(seed_for(3));
  SCOPED_TRACE(seed_for(3));
  // Sizes across the host's parallel threshold (2^17 limbs), and coefficient patterns: random, every word all
  // ones (the largest coefficients), a carry that runs through every limb, zeros.
  for (const std::size_t nc : {1u, 2u, 3u, 100u, 5000u, 140000u}) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      std::vector<warpnum::huge::Coef96> c(nc);
      for (std::size_t k = 0; k < nc; ++k) {
        switch (pattern) {
          case 0: c[k] = {{static_cast<std::uint32_t>(rng()), static_cast<std::uint32_t>(rng()), static_cast<std::uint32_t>(rng())}}; break;
          case 1: c[k] = {{~0u, ~0u, ~0u}}; break;
          case 2: c[k] = {{~0u, k == 0 ? 1u : 0u, 0u}}; break;  // limb 1 = 2^32: a carry through all
          default: c[k] = {{0u, 0u, k + 1 == nc ? 1u : 0u}}; break;
        }
      }
      // nc + 3 limbs hold any nc coefficients below 2^96 (a product's fit in nc + 1).
      std::vector<limb_t> out(nc + 3, 0xdeadbeefu);
      warpnum::huge::normalise(out.data(), out.size(), c.data(), nc, Place::host);
      EXPECT_TRUE(same(Integer::from_limbs(out, false, Place::host), coefficients_value(c))) << nc << ' ' << pattern;
    }
  }
}

TEST(IntegerCarry, AddSubLongCarryChainsInPlace) {
  for (const std::size_t n : {1u, 100000u, 300000u}) {
    std::vector<limb_t> a(n, ~0u), b(1, 1u);
    // a + 1 = 2^(32 n): the carry runs through every limb; r aliases a.
    EXPECT_EQ(warpnum::huge::add(a.data(), a.data(), n, b.data(), 1, Place::host), 1u);
    for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(a[k], 0u) << k;
    // 2^(32 n) - 1 as 0 - 1 with the top limb's borrow left out: every limb borrows.
    std::vector<limb_t> z(n + 1, 0), r(n + 1);
    z[n] = 1;
    warpnum::huge::sub(r.data(), z.data(), n + 1, b.data(), 1, Place::host);
    for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(r[k], ~0u) << k;
    EXPECT_EQ(r[n], 0u);
  }
}

/// The host's one-thread sums, differences and shifts (the limb core's loops) against the per-limb definitions of
/// carry.hpp (what the device's kernels compute) and GMP: r shorter than, as long as and longer than the shifted a,
/// shifts by whole limbs and by bits; sums and differences also in place, where r is a itself.
TEST(IntegerCarry, HostSumsDifferencesAndShiftsMatchLimbByLimb) {
  const std::uint64_t seed = seed_for(0x5eed0001u);
  std::mt19937_64 rng(seed);
  const auto random_limbs = [&](std::size_t n) {
    std::vector<limb_t> v(n);
    for (auto& x : v) x = rng() % 4 == 0 ? ~0u : static_cast<limb_t>(rng());
    return v;
  };
  for (const std::size_t na : {1u, 2u, 7u, 64u}) {
    for (const std::size_t nr : {std::size_t{1}, na, na + 1, na + 3, 2 * na + 5}) {
      for (const std::size_t bits : {std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{32},
                                     std::size_t{33}, std::size_t{95}, 32 * na, 32 * na + 7}) {
        const std::vector<limb_t> a = random_limbs(na);
        const std::size_t q = bits / 32;
        const auto s = static_cast<unsigned>(bits % 32);
        std::vector<limb_t> left(nr, 0xdeadbeefu), right(nr, 0xdeadbeefu);
        warpnum::huge::shift_left(left.data(), nr, a.data(), na, bits, Place::host);
        warpnum::huge::shift_right(right.data(), nr, a.data(), na, bits, Place::host);
        for (std::size_t k = 0; k < nr; ++k) {
          ASSERT_EQ(left[k], warpnum::huge::shifted_left_limb(a.data(), na, k, q, s))
              << "seed " << seed << ", a << " << bits << ", " << na << " -> " << nr << " limbs, limb " << k;
          ASSERT_EQ(right[k], warpnum::huge::shifted_right_limb(a.data(), na, k, q, s))
              << "seed " << seed << ", a >> " << bits << ", " << na << " -> " << nr << " limbs, limb " << k;
        }
      }
    }
  }
  const auto value = [](const std::vector<limb_t>& v) {
    mpz_class z;
    mpz_import(z.get_mpz_t(), v.size(), -1, sizeof(limb_t), 0, 0, v.data());
    return z;
  };
  for (const std::size_t n : {1u, 5u, 1000u}) {
    // In place, the borrow through every limb of a above b's (a = 2^(32 n)), and the carry through them.
    std::vector<limb_t> a(n + 1, 0u), one(1, 1u);
    a[n] = 1;
    EXPECT_EQ(warpnum::huge::add(a.data(), a.data(), n + 1, one.data(), 1, Place::host), 0u);
    a[0] = 0;
    std::vector<limb_t> expected(n + 1, ~0u);
    expected[n] = 0;
    warpnum::huge::sub(a.data(), a.data(), n + 1, one.data(), 1, Place::host);
    EXPECT_EQ(a, expected) << n;
    EXPECT_EQ(warpnum::huge::add(a.data(), a.data(), n + 1, one.data(), 1, Place::host), 0u);
    expected.assign(n + 1, 0u);
    expected[n] = 1;
    EXPECT_EQ(a, expected) << n;
    // Random operands, b shorter than a, in place and not, against GMP.
    for (const std::size_t nb : {std::size_t{0}, std::size_t{1}, n / 2, n}) {
      const std::vector<limb_t> x = random_limbs(n), y = random_limbs(nb);
      std::vector<limb_t> sum(n), difference(n), in_place = x;
      const limb_t carry = warpnum::huge::add(sum.data(), x.data(), n, y.data(), nb, Place::host);
      limb_t borrow = 0;
      warpnum::huge::sub(difference.data(), x.data(), n, y.data(), nb, Place::host, {}, &borrow);
      const mpz_class wrap = mpz_class(1) << static_cast<mp_bitcnt_t>(32 * n);
      const mpz_class exact_sum = value(x) + value(y), exact_difference = value(x) - value(y);
      EXPECT_TRUE(value(sum) + (carry != 0 ? wrap : mpz_class(0)) == exact_sum)
          << "seed " << seed << ", " << n << ' ' << nb;
      EXPECT_TRUE(value(difference) - (borrow != 0 ? wrap : mpz_class(0)) == exact_difference)
          << "seed " << seed << ", " << n << ' ' << nb;
      warpnum::huge::sub(in_place.data(), in_place.data(), n, y.data(), nb, Place::host);
      EXPECT_EQ(in_place, difference) << "seed " << seed << ", in place, " << n << ' ' << nb;
    }
  }
}

// ---- Integer ----

TEST(Integer, ConstructionAndConversions) {
  EXPECT_TRUE(Integer().is_zero());
  EXPECT_EQ(Integer().sign(), 0);
  EXPECT_EQ(Integer(Place::host).place(), Place::host);
  EXPECT_TRUE(same(Integer(LLONG_MIN), mpz_class(std::to_string(LLONG_MIN))));
  EXPECT_TRUE(same(Integer(LLONG_MAX), mpz_class(std::to_string(LLONG_MAX))));
  EXPECT_TRUE(same(Integer(ULLONG_MAX), mpz_class(std::to_string(ULLONG_MAX))));
  EXPECT_TRUE(same(Integer(-1), mpz_class(-1)));
  EXPECT_TRUE(same(Integer(0u), mpz_class(0)));
  EXPECT_EQ(Integer(-5).sign(), -1);
  EXPECT_EQ(Integer(5).bit_width(), 3u);
  EXPECT_EQ(Integer(ULLONG_MAX).bit_width(), 64u);
  EXPECT_EQ(Integer(ULLONG_MAX).size(), 2u);
  const std::vector<limb_t> padded = {1, 2, 0, 0};
  const Integer x = Integer::from_limbs(padded, true);
  EXPECT_EQ(x.size(), 2u);
  EXPECT_EQ(x.limbs(), (std::vector<limb_t>{1, 2}));
  EXPECT_TRUE(same(x, -(mpz_class(2) << 32) - 1));
  EXPECT_FALSE(Integer::from_limbs(std::vector<limb_t>{0, 0}, true).is_negative());  // no negative zero
  // Copies are deep; moves leave zero behind.
  Integer y = x;
  y += Integer(1);
  EXPECT_TRUE(same(x, -(mpz_class(2) << 32) - 1));
  Integer z = std::move(y);
  EXPECT_TRUE(y.is_zero());  // NOLINT(bugprone-use-after-move): documented state
  EXPECT_TRUE(same(z, -(mpz_class(2) << 32)));
  EXPECT_TRUE(same(x.to(Place::host), -(mpz_class(2) << 32) - 1));
  EXPECT_EQ(warpnum::abs(x), -x);
  // GMP round trips at many sizes.
  Values values(seed_for(4));
  for (std::size_t n = 0; n < 70; ++n) {
    const mpz_class v = values.signed_value(n);
    const Integer i = warpnum::from_mpz(v);
    EXPECT_EQ(i.size(), n);
    EXPECT_EQ(i.bit_width(), mpz_sgn(v.get_mpz_t()) == 0 ? 0u : mpz_sizeinbase(v.get_mpz_t(), 2));
    EXPECT_TRUE(same(i, v));
  }
}

TEST(Integer, DeviceWithoutGpuThrows) {
  // This host test runs where no GPU is (CI); on a GPU machine the device place is valid.
  if (Integer(1).place() == Place::device) GTEST_SKIP() << "a GPU is present";
  EXPECT_THROW(Integer(Place::device), std::runtime_error);
  EXPECT_THROW(Integer(5, Place::device), std::runtime_error);
  EXPECT_THROW((void)Integer(5).to(Place::device), std::runtime_error);
}

TEST(Integer, AddSubCompareShiftMatchGmp) {
  const std::uint64_t seed = seed_for(5);
  SCOPED_TRACE(seed);
  Values values(seed);
  const std::size_t sizes[] = {0, 1, 2, 3, 5, 31, 64, 100, 2047, 2049, 5000};
  for (const std::size_t na : sizes) {
    for (const std::size_t nb : sizes) {
      for (int rep = 0; rep < 2; ++rep) {
        const mpz_class a = values.signed_value(na), b = values.signed_value(nb);
        const Integer ia = warpnum::from_mpz(a), ib = warpnum::from_mpz(b);
        ASSERT_TRUE(same(ia + ib, a + b)) << na << ' ' << nb;
        ASSERT_TRUE(same(ia - ib, a - b)) << na << ' ' << nb;
        ASSERT_TRUE(same(ib - ia, b - a)) << na << ' ' << nb;
        ASSERT_TRUE(same(ia - ia, mpz_class(0)));
        ASSERT_EQ(ia == ib, a == b);
        ASSERT_EQ(ia != ib, a != b);
        ASSERT_EQ(ia < ib, a < b) << na << ' ' << nb;
        ASSERT_EQ(ia <= ib, a <= b);
        ASSERT_EQ(ia > ib, a > b);
        ASSERT_EQ((ia <=> ia) == 0, true);
        // Equal magnitudes, opposite signs, and values that differ in one low limb.
        ASSERT_TRUE(same(ia + (-ia), mpz_class(0)));
        const Integer ia1 = ia + Integer(1);
        ASSERT_EQ(ia < ia1, true);
        ASSERT_EQ(ia1 - ia, Integer(1));
      }
    }
  }
  for (const std::size_t n : {0u, 1u, 2u, 40u, 3000u}) {
    const mpz_class a = values.signed_value(n);
    const Integer ia = warpnum::from_mpz(a);
    for (const std::size_t bits : {0u, 1u, 31u, 32u, 33u, 64u, 95u, 1000u, 32u * 3000u, 32u * 3000u + 5u}) {
      ASSERT_TRUE(same(ia << bits, a << static_cast<mp_bitcnt_t>(bits))) << n << ' ' << bits;
      mpz_class shifted;
      mpz_fdiv_q_2exp(shifted.get_mpz_t(), a.get_mpz_t(), bits);
      ASSERT_TRUE(same(ia >> bits, shifted)) << n << ' ' << bits;
    }
  }
  EXPECT_EQ(Integer(-1) >> 5, Integer(-1));
  EXPECT_EQ(Integer(-32) >> 5, Integer(-1));
  EXPECT_EQ(Integer(-33) >> 5, Integer(-2));
  Integer acc;
  acc += Integer(7);
  acc -= Integer(10);
  acc <<= 4;
  acc >>= 1;
  EXPECT_EQ(acc, Integer(-24));
}

TEST(Integer, LongCarryChainsThroughIntegers) {
  for (const std::size_t n : {2048u, 100000u}) {
    const mpz_class ones = (mpz_class(1) << (32 * n)) - 1;
    const Integer a = warpnum::from_mpz(ones);
    EXPECT_TRUE(same(a + Integer(1), ones + 1));
    EXPECT_TRUE(same(Integer(1) + a, ones + 1));
    EXPECT_TRUE(same((a + Integer(1)) - Integer(1), ones));
    EXPECT_TRUE(same(Integer(-1) - a, -ones - 1));
    EXPECT_TRUE(same(-(a + Integer(1)) + Integer(1), -ones));
  }
}

/// Products of every algorithm over random and worst-case operands of the given sizes.
void check_products(Values& values, std::size_t na, std::size_t nb) {
  const mpz_class a = values.signed_value(na), b = values.signed_value(nb);
  const Integer ia = warpnum::from_mpz(a), ib = warpnum::from_mpz(b);
  const mpz_class expected = a * b;
  for (const MulAlgorithm m : {MulAlgorithm::automatic, MulAlgorithm::schoolbook, MulAlgorithm::karatsuba,
                               MulAlgorithm::toom3, MulAlgorithm::toom4, MulAlgorithm::tiled, MulAlgorithm::ntt,
                               MulAlgorithm::fft}) {
    ASSERT_TRUE(same(warpnum::multiply(ia, ib, m), expected)) << na << " x " << nb << " by " << static_cast<int>(m);
    ASSERT_TRUE(same(warpnum::multiply(ia, ia, m), a * a)) << na << " squared by " << static_cast<int>(m);
  }
  ASSERT_TRUE(same(ia * ib, expected));
  ASSERT_TRUE(same(warpnum::sqr(ib), b * b)) << nb;
}

TEST(Integer, ProductsOfEveryAlgorithmMatchGmp) {
  const std::uint64_t seed = seed_for(6);
  SCOPED_TRACE(seed);
  Values values(seed);
  for (std::size_t n = 1; n <= 80; ++n) check_products(values, n, n);
  for (const std::size_t n : {127u, 128u, 129u, 255u, 300u, 383u, 384u, 385u, 513u, 1000u, 3001u}) {
    check_products(values, n, n);
  }
  // Very different lengths, both ways round.
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {1, 2}, {1, 5000}, {5000, 1}, {2, 3001}, {70, 1000}, {1000, 130}, {129, 4000}, {3, 64},
           // Pieces long enough for Toom-Cook's tasks on the host's threads (thresholds.hpp's host_toom_tasks), the
           // last one shorter or not.
           {3001, 700}, {1400, 2800}, {701, 2201}}) {
    check_products(values, na, nb);
  }
  EXPECT_TRUE(warpnum::multiply(Integer(), Integer(5), MulAlgorithm::ntt).is_zero());
  EXPECT_TRUE((Integer(-5) * Integer()).is_zero());
  EXPECT_FALSE((Integer(-5) * Integer()).is_negative());
}

TEST(Integer, MultiplyRefusesFixedWidthAlgorithms) {
  // MulAlgorithm also names the fixed-width GPU algorithms; Integer takes none of them, nor values outside the
  // enumeration, and says so before any work (zero operands included).
  for (const MulAlgorithm m : {MulAlgorithm::thread_rows, MulAlgorithm::paired_columns, MulAlgorithm::paired_karatsuba,
                               static_cast<MulAlgorithm>(11), static_cast<MulAlgorithm>(255)}) {
    EXPECT_THROW(warpnum::multiply(Integer(12345), Integer(678), m), std::invalid_argument) << static_cast<int>(m);
    EXPECT_THROW(warpnum::multiply(Integer(), Integer(678), m), std::invalid_argument) << static_cast<int>(m);
  }
  try {
    (void)warpnum::multiply(Integer(3), Integer(4), MulAlgorithm::thread_rows);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("schoolbook, karatsuba, toom3, toom4, tiled, ntt or fft"), std::string::npos)
        << e.what();
  }
}

TEST(Integer, WorstCaseProducts) {
  // All limbs at their maximum (the largest coefficients and the longest carries), powers of 2^32, 2^k - 1.
  for (const std::size_t n : {1u, 2u, 33u, 700u, 2100u}) {
    const mpz_class ones = (mpz_class(1) << (32 * n)) - 1;
    const mpz_class power = mpz_class(1) << (32 * (n - 1));
    const mpz_class odd = (mpz_class(1) << (32 * n - 7)) - 1;
    for (const mpz_class* a : {&ones, &power, &odd}) {
      for (const mpz_class* b : {&ones, &power, &odd}) {
        const Integer ia = warpnum::from_mpz(*a), ib = warpnum::from_mpz(*b);
        for (const MulAlgorithm m : {MulAlgorithm::automatic, MulAlgorithm::karatsuba, MulAlgorithm::toom3,
                                     MulAlgorithm::toom4, MulAlgorithm::tiled, MulAlgorithm::ntt, MulAlgorithm::fft}) {
          ASSERT_TRUE(same(warpnum::multiply(ia, ib, m), *a * *b)) << n << " by " << static_cast<int>(m);
        }
      }
    }
  }
}

TEST(Integer, ProductsByTransformBeyondItsLongestAreSplit) {
  // Longer than the transform's longest product: the transform multiplies blocks (both operands split where both
  // are long). The longest is lowered for the test (the real one, about 4.2 * 10^7 limbs, is for the GPU).
  const std::size_t most = 4099;
  warpnum::huge::transform_product_limit_for_tests = most;
  Values values(seed_for(7));
  for (const auto& [na, nb] : std::vector<std::pair<std::size_t, std::size_t>>{
           {most, 3}, {most - 2, 2}, {most / 2 + 5, most / 2 + 7}, {2 * most + 1, most / 3}, {3 * most, 3 * most + 11}}) {
    const mpz_class a = values.signed_value(na), b = values.signed_value(nb);
    EXPECT_TRUE(same(warpnum::multiply(warpnum::from_mpz(a), warpnum::from_mpz(b), MulAlgorithm::ntt), a * b))
        << na << " x " << nb;
  }
  const mpz_class ones = (mpz_class{1} << (32 * 3 * most)) - 1;  // all limbs at their maximum: every carry runs
  EXPECT_TRUE(same(warpnum::multiply(warpnum::from_mpz(ones), warpnum::from_mpz(ones), MulAlgorithm::ntt), ones * ones));
  warpnum::huge::transform_product_limit_for_tests = 0;
}

TEST(Integer, ProductOverDevicesNeedsTheirGpus) {
  // multiply(devices, a, b): every id of the list must name a GPU, checked before anything runs; where there is no
  // GPU (or the library has no CUDA) every id names none. Where there is one, the product is a * b (the device tests
  // check it at every size).
  const Integer a(123456789, Place::host), b(-987654321, Place::host);
  EXPECT_THROW(warpnum::multiply(warpnum::devices{0, 4096}, a, b), std::invalid_argument);
  EXPECT_THROW(warpnum::multiply(warpnum::devices{-1}, a, b), std::invalid_argument);
  if (warpnum::huge::resolve_place(Place::automatic) == Place::host) {
    EXPECT_THROW(warpnum::multiply(warpnum::devices{0}, a, b), std::invalid_argument);
    EXPECT_THROW(warpnum::multiply(warpnum::devices::all(), a, b), std::runtime_error);
  } else {
    EXPECT_TRUE(same(warpnum::multiply(warpnum::devices{0, 0}, a, b), mpz_class(123456789) * mpz_class(-987654321)));
  }
}

TEST(Integer, LargeProductsByDispatch) {
  // Up to 2^15 limbs (about 316,000 digits) here; the device test goes to 10^7 digits.
  const std::size_t largest = warpnum::huge::ntt_max_product() >= (std::size_t{1} << 17) ? std::size_t{1} << 15 : 3000;
  Values values(seed_for(8));
  for (std::size_t n = 2000; n <= largest; n *= 4) {
    const mpz_class a = values.signed_value(n), b = values.signed_value(n + 17);
    const Integer ia = warpnum::from_mpz(a), ib = warpnum::from_mpz(b);
    EXPECT_TRUE(same(ia * ib, a * b)) << n;
    EXPECT_TRUE(same(warpnum::sqr(ia), a * a)) << n;
  }
}

TEST(Integer, TenMillionDigitProducts) {
  // The largest host size: 10^7 decimal digits an operand (1,038,103 limbs), by the dispatch (the
  // transform), a random product and the worst case, every limb at its maximum, squared.
  constexpr std::size_t limbs = 1038103;
  Values values(seed_for(9));
  const mpz_class a = values.signed_value(limbs), b = values.signed_value(limbs);
  EXPECT_TRUE(same(warpnum::from_mpz(a) * warpnum::from_mpz(b), a * b));
  const mpz_class ones = (mpz_class{1} << (32 * limbs)) - 1;
  EXPECT_TRUE(same(warpnum::sqr(warpnum::from_mpz(ones)), ones * ones));
}

TEST(Integer, MulAlgorithmFollowsThresholds) {
  EXPECT_EQ(warpnum::mul_algorithm(1, 1, Place::host), MulAlgorithm::schoolbook);
  EXPECT_EQ(warpnum::mul_algorithm(1, 1000000, Place::host), MulAlgorithm::schoolbook);
  EXPECT_EQ(warpnum::mul_algorithm(1000000, 1000000, Place::host), MulAlgorithm::ntt);
  const MulAlgorithm mid = warpnum::mul_algorithm(200, 200, Place::host);
  EXPECT_TRUE(mid == MulAlgorithm::karatsuba || mid == MulAlgorithm::schoolbook || mid == MulAlgorithm::toom3);
  EXPECT_EQ(warpnum::mul_algorithm(250, 250, Place::host), MulAlgorithm::toom3);
  EXPECT_EQ(warpnum::mul_algorithm(4000, 4000, Place::host), MulAlgorithm::toom4);
  // The transform's thresholds depend on the threads and on AVX2: from the equal lengths' threshold, and, where the
  // longer operand has twice the shorter's limbs or more, from the unequal lengths'.
  const int threads = warpnum::huge::host_threads();
  const bool vectorised = warpnum::huge::host_ntt_is_vectorised();
  const std::size_t equal = warpnum::huge::thresholds::host_ntt_threshold(threads, vectorised);
  const std::size_t unequal = warpnum::huge::thresholds::host_ntt_unequal_threshold(threads, vectorised);
  ASSERT_LE(unequal, equal);
  EXPECT_EQ(warpnum::mul_algorithm(equal - 1, equal - 1, Place::host), MulAlgorithm::toom4);
  EXPECT_EQ(warpnum::mul_algorithm(equal, equal, Place::host), MulAlgorithm::ntt);
  EXPECT_EQ(warpnum::mul_algorithm(equal, 5 * equal, Place::host), MulAlgorithm::ntt);
  EXPECT_EQ(warpnum::mul_algorithm(unequal - 1, 4 * unequal, Place::host), MulAlgorithm::toom4);
  EXPECT_EQ(warpnum::mul_algorithm(unequal, 2 * unequal, Place::host), MulAlgorithm::ntt);
  EXPECT_EQ(warpnum::mul_algorithm(4 * unequal, unequal, Place::host), MulAlgorithm::ntt);
  if (unequal < equal) {
    EXPECT_EQ(warpnum::mul_algorithm(unequal, 2 * unequal - 1, Place::host), MulAlgorithm::toom4);
  }
}

}  // namespace

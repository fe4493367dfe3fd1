// SPDX-License-Identifier: Apache-2.0
// tests/host/modular/mont_wide_test.cpp: the host's wide Montgomery pieces (detail/modular/mont_wide.hpp and the
// column blocks of detail/bigint/mul.hpp) against GMP's mpz: the 16-word full products and squares, the
// Karatsuba products of 32 and 64 words (both forms: variable-time and constant-time), REDC by 16-word blocks,
// and the Montgomery context at 2048 and 4096 bits on edge operands (all-ones words, m = B^n - 1, a = m - 1, t
// just below m B^n). Seeded (seed_for).
#include "cases/random.hpp"
#include "oracle/gmp.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/detail/modular/mont_wide.hpp>
#include <warpnum/modular.hpp>

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#if WARPNUM_HAS_INT128
namespace warpnum::test {
namespace {

using word = std::uint64_t;
using oracle::Mpz;

Mpz value_of(const word* w, int n) {
  Mpz z;
  oracle::from_words(z, w, static_cast<std::size_t>(n));
  return z;
}

std::string hex(const word* w, int n) { return oracle::to_text(value_of(w, n)); }

::testing::AssertionResult same(const word* got, int n, mpz_srcptr want, const std::string& operands) {
  const Mpz g = value_of(got, n);
  if (mpz_cmp(g, want) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << operands << "\n  got  " << oracle::to_text(g) << "\n  want " << oracle::to_text(want);
}

/// n words in one of the shapes of random_words, or one of the edges: all ones, all zero, B^n - 2^k.
void operand(Rng& rng, word* w, int n) {
  switch (rng.below(8)) {
    case 0:
      for (int i = 0; i < n; ++i) w[i] = ~word{0};
      break;
    case 1:
      for (int i = 0; i < n; ++i) w[i] = 0;
      break;
    default:
      random_words(rng, w, n);
  }
}

/// An odd modulus of n words with its top word non-zero: random shapes, B^n - 1, B^n - 2^k + 1 and 2^(64 n - 1) + 1.
void odd_modulus(Rng& rng, word* m, int n) {
  switch (rng.below(6)) {
    case 0:
      for (int i = 0; i < n; ++i) m[i] = ~word{0};  // B^n - 1
      break;
    case 1:
      for (int i = 0; i < n; ++i) m[i] = ~word{0};
      m[rng.below(static_cast<std::uint64_t>(n))] = 0x8000000000000001ull;
      break;
    case 2:
      for (int i = 0; i < n; ++i) m[i] = 0;
      m[n - 1] = 0x8000000000000000ull;
      m[0] = 1;
      break;
    default:
      random_words(rng, m, n);
  }
  m[0] |= 1;
  if (m[n - 1] == 0) m[n - 1] = rng.next() | 1;
}

constexpr int block = detail::host64::mont_wide_block;

TEST(MontWide, ColumnBlocks) {
  const std::string what = "mont_wide column blocks";
  run_random_cases(what, seed_for(what), 20000, [](Rng& rng, int) -> ::testing::AssertionResult {
    word a[block], b[block], u[2 * block], r[2 * block];
    operand(rng, a, block);
    operand(rng, b, block);
    operand(rng, u, 2 * block);
    const word carry = rng.below(2);
    const std::string ops = "a = " + hex(a, block) + ", b = " + hex(b, block) + ", u = " + hex(u, 2 * block) +
                            ", carry = " + std::to_string(carry);
    Mpz want;
    mpz_mul(want, value_of(a, block), value_of(b, block));
    detail::mul_full_columns<block>(r, a, b);
    if (auto res = same(r, 2 * block, want, "mul_full_columns: " + ops); !res) return res;

    mpz_mul(want, value_of(a, block), value_of(a, block));
    detail::sqr_full_columns<block>(r, a);
    if (auto res = same(r, 2 * block, want, "sqr_full_columns: " + ops); !res) return res;

    // a b + u + carry B^16 in 2W words and the carry out, also with r = u.
    mpz_mul(want, value_of(a, block), value_of(b, block));
    mpz_add(want, want, value_of(u, 2 * block));
    if (carry != 0) {
      Mpz c;
      mpz_ui_pow_ui(c, 2, 64 * block);
      mpz_add(want, want, c);
    }
    word full[2 * block + 1];
    full[2 * block] = detail::mul_add_full_columns<block>(full, a, b, u, carry);
    if (auto res = same(full, 2 * block + 1, want, "mul_add_full_columns: " + ops); !res) return res;
    full[2 * block] = detail::mul_add_full_columns<block>(u, a, b, u, carry);
    for (int i = 0; i < 2 * block; ++i) full[i] = u[i];
    return same(full, 2 * block + 1, want, "mul_add_full_columns, r = u: " + ops);
  });
}

template <int W> void check_products(int count) {
  const std::string what = "mont_wide Karatsuba products of " + std::to_string(W) + " words";
  run_random_cases(what, seed_for(what), count, [](Rng& rng, int) -> ::testing::AssertionResult {
    word a[W], b[W], r[2 * W];
    operand(rng, a, W);
    operand(rng, b, W);
    if (rng.below(4) == 0) {  // equal halves: a zero difference in the Karatsuba step
      for (int i = 0; i < W / 2; ++i) a[W / 2 + i] = a[i];
    }
    const std::string ops = "a = " + hex(a, W) + ", b = " + hex(b, W);
    Mpz want;
    mpz_mul(want, value_of(a, W), value_of(b, W));
    detail::host64::mul_wide<W>(r, a, b);
    if (auto res = same(r, 2 * W, want, "mul_wide: " + ops); !res) return res;
    detail::host64::mul_wide<W, true>(r, a, b);  // the constant-time form: signs by masks
    if (auto res = same(r, 2 * W, want, "mul_wide (constant-time): " + ops); !res) return res;
    mpz_mul(want, value_of(a, W), value_of(a, W));
    detail::host64::sqr_wide<W, true>(r, a);
    if (auto res = same(r, 2 * W, want, "sqr_wide (constant-time): " + ops); !res) return res;
    detail::host64::sqr_wide<W>(r, a);
    return same(r, 2 * W, want, "sqr_wide: " + ops);
  });
}

TEST(MontWide, Karatsuba32) { check_products<32>(20000); }
TEST(MontWide, Karatsuba64) { check_products<64>(10000); }

/// redc_wide<W> on t < m B^W: random t, t = m B^W - 1, t = (m - 1)^2, t = 0 and t = m - 1.
template <int W> void check_redc(int count) {
  const std::string what = "mont_wide REDC of " + std::to_string(W) + " words";
  run_random_cases(what, seed_for(what), count, [](Rng& rng, int) -> ::testing::AssertionResult {
    word m[W], t[2 * W], r[W];
    odd_modulus(rng, m, W);
    const Mpz mz = value_of(m, W);
    Mpz bw;  // B^W
    mpz_ui_pow_ui(bw, 2, 64 * W);
    Mpz limit;  // m B^W
    mpz_mul(limit, mz, bw);
    Mpz tz;
    switch (rng.below(6)) {
      case 0:
        mpz_sub_ui(tz, limit, 1);
        break;
      case 1:
        mpz_sub_ui(tz, mz, 1);
        mpz_mul(tz, tz, tz);
        break;
      case 2:
        mpz_set_ui(tz, 0);
        break;
      case 3:
        mpz_sub_ui(tz, mz, 1);
        break;
      default: {
        word raw[2 * W];
        operand(rng, raw, 2 * W);
        mpz_mod(tz, value_of(raw, 2 * W), limit);
      }
    }
    oracle::to_words(t, tz, 2 * W);
    const std::string ops = "m = " + oracle::to_text(mz) + ", t = " + oracle::to_text(tz);
    detail::host64::redc_wide<W>(r, t, m, detail::neg_inverse_mod_2_64(m[0]));
    Mpz want;  // t B^-W mod m
    Mpz inv;
    mpz_invert(inv, bw, mz);
    mpz_mul(want, tz, inv);
    mpz_mod(want, want, mz);
    return same(r, W, want, "redc_wide: " + ops);
  });
}

TEST(MontWide, Redc32) { check_redc<32>(20000); }
TEST(MontWide, Redc64) { check_redc<64>(10000); }

/// The context's mul and sqr (host64::mont_mul) against a b R^-1 mod m, with a, b from {random below m, m - 1,
/// 0, 1, R mod m}.
template <std::size_t Bits> void check_context(int count) {
  using T = BigUInt<Bits>;
  const std::string what = "mont_wide Montgomery<" + std::to_string(Bits) + ">";
  run_random_cases(what, seed_for(what), count, [](Rng& rng, int) -> ::testing::AssertionResult {
    constexpr int w = static_cast<int>(Bits / 64);
    word mw[w];
    odd_modulus(rng, mw, w);
    const Mpz mz = value_of(mw, w);
    const T m = oracle::from_mpz<T>(mz);
    const Montgomery<Bits> ctx(m);
    const auto pick = [&](Rng& g) {
      switch (g.below(5)) {
        case 0:
          return T(m - 1u);
        case 1:
          return T{};
        case 2:
          return T{1u};
        case 3:
          return ctx.one();
        default: {
          word raw[w];
          operand(g, raw, w);
          Mpz z;
          mpz_mod(z, value_of(raw, w), mz);
          return oracle::from_mpz<T>(z);
        }
      }
    };
    const T a = pick(rng);
    const T b = pick(rng);
    Mpz rinv;
    Mpz r;
    mpz_ui_pow_ui(r, 2, Bits);
    mpz_invert(rinv, r, mz);
    const std::string ops = "m = " + oracle::to_text(mz) + ", a = " + oracle::to_text(oracle::to_mpz(a)) +
                            ", b = " + oracle::to_text(oracle::to_mpz(b));
    Mpz want;
    mpz_mul(want, oracle::to_mpz(a), oracle::to_mpz(b));
    mpz_mul(want, want, rinv);
    mpz_mod(want, want, mz);
    const T got = ctx.mul(a, b);
    if (!(oracle::to_mpz(got) == want)) {
      return ::testing::AssertionFailure() << "mul: " << ops << "\n  got  " << oracle::to_text(oracle::to_mpz(got))
                                           << "\n  want " << oracle::to_text(want);
    }
    mpz_mul(want, oracle::to_mpz(a), oracle::to_mpz(a));
    mpz_mul(want, want, rinv);
    mpz_mod(want, want, mz);
    const T sq = ctx.sqr(a);
    if (!(oracle::to_mpz(sq) == want)) {
      return ::testing::AssertionFailure() << "sqr: " << ops << "\n  got  " << oracle::to_text(oracle::to_mpz(sq))
                                           << "\n  want " << oracle::to_text(want);
    }
    return ::testing::AssertionSuccess();
  });
}

TEST(MontWide, Context2048) { check_context<2048>(4000); }
TEST(MontWide, Context4096) { check_context<4096>(2000); }

}  // namespace
}  // namespace warpnum::test
#endif

// SPDX-License-Identifier: Apache-2.0
// tests/host/huge/ntt_avx2_test.cpp: detail/x86/ntt_avx2.hpp, the AVX2 radix-2 levels and pointwise products of the
// host's transforms, word for word against huge/ntt.hpp's scalar steps (the schedule the kernels and the scalar host
// loops run) for each prime, lengths r 2^a (r in {1, 3, 5}, 4 <= a <= 11), random and edge residues; the forward
// levels also against the DFT by its definition at a few positions, and the inverse back to M times the input; the
// vector mont_mul, add_mod and sub_mod lane by lane on edge operands (a up to 2^32 - 1). Skipped on processors
// without AVX2.
#include "cases/ntt_reference.hpp"
#include "cases/random.hpp"

#include <warpnum/detail/x86/ntt_avx2.hpp>
#include <warpnum/huge/ntt.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#if WARPNUM_DETAIL_X86_64_ASM
namespace warpnum::test {
namespace {

namespace ntt = huge::ntt;
namespace avx2 = detail::ntt_avx2;
using ntt::u32;
using ntt::u64;
using ntt_reference::pow_ref;
using ntt_reference::root_ref;
using ntt_reference::to_mont;

/// tw[e] = w_M^e (or w_M^-e) in Montgomery form for e < M: the flat table the scalar column steps read.
std::vector<u32> flat_table(int q, u32 length, bool inverse) {
  const u32 p = ntt::prime_values[q];
  u32 w = root_ref(q, length);
  if (inverse) w = pow_ref(w, length - 1, p);
  std::vector<u32> t(length);
  u64 v = 1;
  for (u32 e = 0; e < length; ++e) {
    t[e] = to_mont(static_cast<u32>(v), p);
    v = v * w % p;
  }
  return t;
}

/// The same twiddles level by level: w_2h^j at out[h - 1 + j] (ntt::LevelTwiddles' layout).
std::vector<u32> level_table(const std::vector<u32>& flat, u32 r, u32 a) {
  const u32 length = r << a;
  std::vector<u32> out(std::size_t{1} << a, 0);
  for (u32 h = 1; h < (u32{1} << a); h *= 2) {
    for (u32 j = 0; j < h; ++j) out[h - 1 + j] = flat[j * (length / (2 * h))];
  }
  return out;
}

/// The scalar schedule: the radix-r step, then radix-2 steps of up to ntt::column_levels levels; `only_radix_r`
/// stops after the radix-r step (what the AVX2 path runs before its levels).
void scalar_forward(std::vector<u32>& x, u32 r, u32 a, const std::vector<u32>& tw, ntt::Mod m, bool only_radix_r) {
  const ntt::Strided e{x.data(), 0, 1};
  const u32 steps = only_radix_r ? (r > 1 ? 1u : 0u) : ntt::step_count(r, a, ntt::column_levels);
  for (u32 j = 0; j < steps; ++j) {
    const ntt::Step st = ntt::forward_step(r, a, ntt::column_levels, j);
    for (u32 i = 0; i < st.items; ++i) ntt::run_step<ntt::column_levels, false>(e, r, a, st, i, tw.data(), m);
  }
}

void scalar_inverse(std::vector<u32>& x, u32 r, u32 a, const std::vector<u32>& tw, ntt::Mod m, bool only_radix_r) {
  const ntt::Strided e{x.data(), 0, 1};
  const u32 steps = ntt::step_count(r, a, ntt::column_levels);
  for (u32 j = steps; j-- > 0;) {
    if (only_radix_r && !(r > 1 && j == 0)) continue;
    const ntt::Step st = ntt::forward_step(r, a, ntt::column_levels, j);
    for (u32 i = 0; i < st.items; ++i) ntt::run_step<ntt::column_levels, true>(e, r, a, st, i, tw.data(), m);
  }
}

/// Residues below p: random, or (shape 1) the edges 0, 1, p - 1 and p - 2 mixed with random ones.
std::vector<u32> residues(Rng& rng, std::size_t n, u32 p, int shape) {
  std::vector<u32> x(n);
  const u32 edges[] = {0u, 1u, p - 1, p - 2};
  for (auto& v : x) v = shape == 1 && rng.below(2) == 0 ? edges[rng.below(4)] : static_cast<u32>(rng.below(p));
  return x;
}

/// The three lane operations on eight pairs, inside an AVX2 function: a caller compiled without AVX2 must not pass
/// or receive 256-bit vectors (their ABI differs).
__attribute__((target("avx2"))) void lanes(const u32* a, const u32* b, u32* mul, u32* add, u32* sub, ntt::Mod m) {
  const avx2::Mod8 m8 = avx2::broadcast(m);
  const __m256i va = avx2::load(a), vb = avx2::load(b);
  avx2::store(mul, avx2::mont_mul(va, vb, m8));
  avx2::store(add, avx2::add_mod(va, vb, m8));
  avx2::store(sub, avx2::sub_mod(va, vb, m8));
}

class NttAvx2 : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!detail::host_has_avx2) GTEST_SKIP() << "this processor has no AVX2";
  }
};

TEST_F(NttAvx2, LevelsMatchTheScalarStepsAndTheDft) {
  const std::string what = "ntt avx2 levels";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    for (const u32 r : {1u, 3u, 5u}) {
      for (u32 a = 4; a <= 11; ++a) {
        const u32 length = r << a;
        const std::vector<u32> tw = flat_table(q, length, false), tw_inv = flat_table(q, length, true);
        const std::vector<u32> lv = level_table(tw, r, a), lv_inv = level_table(tw_inv, r, a);
        const std::string name = "prime " + std::to_string(q) + ", length " + std::to_string(r) + " 2^" +
                                 std::to_string(a) + ", seed " + std::to_string(seed);
        for (int shape = 0; shape < 2; ++shape) {
          const std::vector<u32> x = residues(rng, length, p, shape);
          std::vector<u32> want = x;
          scalar_forward(want, r, a, tw, m, false);
          std::vector<u32> got = x;
          scalar_forward(got, r, a, tw, m, true);
          avx2::forward_levels(got.data(), r, a, lv.data(), m);
          ASSERT_EQ(got, want) << "forward, " << name << ", shape " << shape;
          // Position pos holds frequency column_frequency(pos): sum_n x_n w^(n k), at a few positions.
          const u32 w = root_ref(q, length);
          for (const u32 pos : {0u, 1u, length / 2, length - 1, static_cast<u32>(rng.below(length))}) {
            const u32 k = ntt::column_frequency(pos, r, a);
            const u32 wk = pow_ref(w, k, p);
            u64 sum = 0, power = 1;
            for (u32 n = 0; n < length; ++n) {
              sum = (sum + u64{x[n]} * power) % p;
              power = power * wk % p;
            }
            ASSERT_EQ(got[pos], sum) << "forward against the DFT, " << name << ", position " << pos;
          }
          std::vector<u32> back = want;
          scalar_inverse(back, r, a, tw_inv, m, false);
          avx2::inverse_levels(got.data(), r, a, lv_inv.data(), m);
          scalar_inverse(got, r, a, tw_inv, m, true);
          ASSERT_EQ(got, back) << "inverse, " << name << ", shape " << shape;
          for (u32 n = 0; n < length; ++n) {
            ASSERT_EQ(got[n], u64{x[n]} * length % p) << "inverse back to M x, " << name << ", at " << n;
          }
        }
      }
    }
  }
}

// The rows' product: the forward levels but the last on each operand, product_level (that level, the pointwise
// product, the inverse's first level) and the inverse's other levels, against the scalar steps with the pointwise
// product between; products and squares.
TEST_F(NttAvx2, RowProductInOnePassMatchesTheScalarSteps) {
  const std::string what = "ntt avx2 row product";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    for (u32 a = 4; a <= 11; ++a) {
      const u32 length = u32{1} << a;
      const std::vector<u32> tw = flat_table(q, length, false), tw_inv = flat_table(q, length, true);
      const std::vector<u32> lv = level_table(tw, 1, a), lv_inv = level_table(tw_inv, 1, a);
      for (int shape = 0; shape < 2; ++shape) {
        for (const bool square : {false, true}) {
          const std::vector<u32> x = residues(rng, length, p, shape);
          const std::vector<u32> y = square ? x : residues(rng, length, p, 1 - shape);
          std::vector<u32> want = x, want_y = y;
          scalar_forward(want, 1, a, tw, m, false);
          scalar_forward(want_y, 1, a, tw, m, false);
          for (u32 n = 0; n < length; ++n) want[n] = ntt::mont_mul(want[n], want_y[n], m);
          scalar_inverse(want, 1, a, tw_inv, m, false);
          std::vector<u32> got = x, got_y = y;
          avx2::forward_levels(got.data(), 1, a, lv.data(), m, false);
          if (!square) avx2::forward_levels(got_y.data(), 1, a, lv.data(), m, false);
          avx2::product_level(got.data(), square ? got.data() : got_y.data(), length, m);
          avx2::inverse_levels(got.data(), 1, a, lv_inv.data(), m, false);
          ASSERT_EQ(got, want) << "prime " << q << ", length 2^" << a << ", shape " << shape
                               << (square ? ", square" : "") << ", seed " << seed;
        }
      }
    }
  }
}

// The columns side by side: a tile of 16 columns of r 2^a rows (row n of the tile at x[16 n]) through the lane-wise
// radix-r step and levels, each column against the scalar schedule run on it alone, then back; lengths from one
// row (a = 0, the radix-r step alone) up.
TEST_F(NttAvx2, TilesOfColumnsMatchTheScalarSteps) {
  const std::string what = "ntt avx2 tiles";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  constexpr u32 width = avx2::tile_columns;
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    for (const u32 r : {1u, 3u, 5u}) {
      for (u32 a = 0; a <= 10; ++a) {
        const u32 length = r << a;
        if (length < 2) continue;
        const std::vector<u32> tw = flat_table(q, length, false), tw_inv = flat_table(q, length, true);
        const std::vector<u32> lv = level_table(tw, r, a), lv_inv = level_table(tw_inv, r, a);
        const ntt::RadixConstants c = r > 1 ? ntt::radix_r_constants(r, u32{1} << a, tw.data(), m)
                                            : ntt::RadixConstants{};
        const ntt::RadixConstants c_inv = r > 1 ? ntt::radix_r_constants(r, u32{1} << a, tw_inv.data(), m)
                                                : ntt::RadixConstants{};
        const std::string name = "prime " + std::to_string(q) + ", length " + std::to_string(r) + " 2^" +
                                 std::to_string(a) + ", seed " + std::to_string(seed);
        for (int shape = 0; shape < 2; ++shape) {
          const std::vector<u32> x = residues(rng, std::size_t{length} * width, p, shape);
          std::vector<u32> got = x;
          avx2::columns_forward(got.data(), r, a, tw.data(), lv.data(), c, m);
          std::vector<u32> column(length);
          for (u32 col = 0; col < width; ++col) {
            for (u32 n = 0; n < length; ++n) column[n] = x[std::size_t{n} * width + col];
            scalar_forward(column, r, a, tw, m, false);
            for (u32 n = 0; n < length; ++n) {
              ASSERT_EQ(got[std::size_t{n} * width + col], column[n])
                  << "forward, " << name << ", shape " << shape << ", column " << col << ", row " << n;
            }
          }
          avx2::columns_inverse(got.data(), r, a, tw_inv.data(), lv_inv.data(), c_inv, m);
          for (std::size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i], u64{x[i]} * length % p) << "inverse back to M x, " << name << ", at " << i;
          }
        }
      }
    }
  }
}

// The remainder step eight coefficients at a time against ntt::crt_combine, on random residues and on the edges
// (0, 1, p - 1 of each prime: coefficients near 0 and near the primes' product).
TEST_F(NttAvx2, RemainderStepMatchesTheScalarOne) {
  const std::string what = "ntt avx2 crt";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  ntt::Crt crt{};
  const u32 length = 3u << 10;  // any transform length: the constants are what the lanes must use alike
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    crt.m[q] = ntt::make_mod(p);
    crt.scale[q] = to_mont(static_cast<u32>(pow_ref(length % p, p - 2, p)), p);
    crt.scale[q] = ntt::mont_mul(crt.scale[q], crt.m[q].r2, crt.m[q]);
  }
  const auto inverse_mont = [&](u32 x, int q) {
    const u32 p = ntt::prime_values[q];
    return to_mont(static_cast<u32>(pow_ref(x % p, p - 2, p)), p);
  };
  crt.inv_1_2 = inverse_mont(ntt::prime_values[0], 1);
  crt.inv_1_3 = inverse_mont(ntt::prime_values[0], 2);
  crt.inv_2_3 = inverse_mont(ntt::prime_values[1], 2);
  for (int round = 0; round < 2000; ++round) {
    u32 r[3][8];
    for (int q = 0; q < 3; ++q) {
      const u32 p = ntt::prime_values[q];
      const u32 edges[] = {0u, 1u, p - 1};
      for (int k = 0; k < 8; ++k) r[q][k] = round % 2 == 0 ? static_cast<u32>(rng.below(p)) : edges[rng.below(3)];
    }
    u32 got[8][3], want[8][3];
    avx2::crt_combine(r[0], r[1], r[2], crt, got);
    for (int k = 0; k < 8; ++k) ntt::crt_combine(r[0][k], r[1][k], r[2][k], crt, want[k]);
    for (int k = 0; k < 8; ++k) {
      for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(got[k][i], want[k][i]) << "coefficient " << k << ", word " << i << ", round " << round
                                         << ", seed " << seed;
      }
    }
  }
}

TEST_F(NttAvx2, PointwiseAndLaneArithmetic) {
  const std::string what = "ntt avx2 pointwise";
  const std::uint64_t seed = seed_for(what);
  Rng rng(seed);
  for (int q = 0; q < 3; ++q) {
    const u32 p = ntt::prime_values[q];
    const ntt::Mod m = ntt::make_mod(p);
    // Lengths around the vector width, so that the scalar tail runs too.
    for (const std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9}, std::size_t{63},
                                std::size_t{1024}}) {
      for (int shape = 0; shape < 2; ++shape) {
        const std::vector<u32> x = residues(rng, n, p, shape), y = residues(rng, n, p, 1 - shape);
        std::vector<u32> got = x;
        avx2::pointwise(got.data(), y.data(), n, m);
        for (std::size_t i = 0; i < n; ++i) {
          ASSERT_EQ(got[i], ntt::mont_mul(x[i], y[i], m)) << "prime " << q << ", n " << n << ", at " << i
                                                          << ", seed " << seed;
        }
        std::vector<u32> sq = x;
        avx2::pointwise(sq.data(), sq.data(), n, m);
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(sq[i], ntt::mont_mul(x[i], x[i], m)) << "square at " << i;
      }
    }
    // mont_mul takes any 32-bit a (a limb being reduced) and b < p; add_mod and sub_mod take a, b < p.
    const u32 as[] = {0u, 1u, 2u, p - 2, p - 1, p, p + 1, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
    const u32 bs[] = {0u, 1u, 2u, p / 2, p - 2, p - 1, m.r1, m.r2};
    for (const u32 a : as) {
      for (const u32 b : bs) {
        // Each lane its own pair: a, b at lane 0 and rotated partners elsewhere, so that both halves (even and odd
        // lanes) are checked.
        u32 va[8], vb[8], mul[8], add[8], sub[8];
        for (int l = 0; l < 8; ++l) {
          va[l] = l % 2 == 0 ? a : as[(l * 3) % 11];
          vb[l] = l % 2 == 1 ? b : bs[(l * 5) % 8];
        }
        lanes(va, vb, mul, add, sub, m);
        for (int l = 0; l < 8; ++l) {
          ASSERT_EQ(mul[l], ntt::mont_mul(va[l], vb[l], m)) << "mont_mul lane " << l << ": " << va[l] << " " << vb[l];
        }
        for (int l = 0; l < 8; ++l) va[l] %= p;  // add_mod and sub_mod: a < p
        lanes(va, vb, mul, add, sub, m);
        for (int l = 0; l < 8; ++l) {
          ASSERT_EQ(add[l], ntt::add_mod(va[l], vb[l], m)) << "add_mod lane " << l << ": " << va[l] << " " << vb[l];
          ASSERT_EQ(sub[l], ntt::sub_mod(va[l], vb[l], m)) << "sub_mod lane " << l << ": " << va[l] << " " << vb[l];
        }
      }
    }
  }
}

}  // namespace
}  // namespace warpnum::test
#endif

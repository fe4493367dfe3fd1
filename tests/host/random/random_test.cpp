// SPDX-License-Identifier: Apache-2.0
// tests/host/random/random_test.cpp: <warpnum/random.hpp> on the host (and its bit source, detail/random/bit_source.hpp). Philox4x32 against cuRAND (its Philox
// function, compiled here, on random counters and keys and Random123's known answers; and its host generator's
// streams), discard, and the fixed-value cases of random_checks.hpp at compile time and at run time. The draws over
// widths 32 to 4096 (and 32768) with generators of every shape (64-bit, 32-bit, std::minstd_rand's 2^31 - 2 values,
// 8-bit, six values from 1): every bit varies with frequency 1/2, byte values and small ranges pass a chi-square
// test (which modulo bias fails), large bounds too, edge bounds (1, 2^k, max), uniform_int_distribution's interface
// and ranges, and every error. cuRAND is optional: with WARPNUM_TEST_CURAND (tests/CMakeLists.txt defines it where
// it links CUDA::curand) its tests run, otherwise they skip.
#include "cases/random.hpp"
#include "cases/random_checks.hpp"
#include "cases/thrown.hpp"

#include <warpnum/bigint.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/random.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if WARPNUM_TEST_CURAND
#  include <curand.h>
#  include <vector_types.h>
// cuRAND's device API is header-only; its Philox bijection, curand_Philox4x32_10, compiles for the host once its
// QUALIFIERS (static __forceinline__ __device__) are replaced: an implementation independent of warpnum's.
#  define QUALIFIERS static inline
#  include <curand_philox4x32_x.h>
#endif

namespace warpnum::test {
namespace {

// ---- generators of every shape ---------------------------------------------------------------------------------

/// A UniformRandomBitGenerator with the values [Lo, Hi] of type R, exactly uniform (libstdc++'s
/// uniform_int_distribution over std::mt19937_64): generators whose number of values is not a power of two, whose
/// min() is not 0, whose result_type is narrow. Counts its calls.
template <class R, std::uint64_t Lo, std::uint64_t Hi> class RangeGenerator {
 public:
  using result_type = R;
  explicit RangeGenerator(std::uint64_t seed) : g_(seed) {}
  static constexpr R min() { return static_cast<R>(Lo); }
  static constexpr R max() { return static_cast<R>(Hi); }
  R operator()() {
    ++calls_;
    return static_cast<R>(std::uniform_int_distribution<std::uint64_t>(Lo, Hi)(g_));
  }
  std::uint64_t calls() const { return calls_; }

 private:
  std::mt19937_64 g_;
  std::uint64_t calls_ = 0;
};
using Die = RangeGenerator<std::uint8_t, 1, 6>;          // six values: 2 bits a call, a third drawn again
using Byte = RangeGenerator<std::uint8_t, 0, 255>;       // 8 bits a call
using Decimal = RangeGenerator<std::uint16_t, 0, 9999>;  // 10^4 values
using Wide = RangeGenerator<std::uint64_t, 5, 0xbffffffffffffff0ull>;  // 64-bit, not a power of two

static_assert(std::uniform_random_bit_generator<Philox4x32>);
static_assert(std::uniform_random_bit_generator<Die> && std::uniform_random_bit_generator<Wide>);
static_assert(std::is_trivially_copyable_v<Philox4x32> && sizeof(Philox4x32) == 44);
// The bits taken from each call: std::minstd_rand (2^31 - 2 values) 27, a die 2 (4 of its 6 values kept), whole
// outputs of power-of-two ranges.
static_assert(detail::urbg::Traits<std::minstd_rand>::bits == 27 && detail::urbg::Traits<Die>::bits == 2 &&
              detail::urbg::Traits<Die>::limit == 4 && detail::urbg::Traits<std::mt19937>::bits == 32 &&
              detail::urbg::Traits<std::mt19937_64>::bits == 64 && detail::urbg::Traits<Byte>::limit == 0 &&
              detail::urbg::Traits<Philox4x32>::limit == 0);

/// A generator of each kind, seeded from the test's seed, handed to f.
template <class F> void for_each_generator(std::uint64_t seed, F&& f) {
  {
    std::mt19937_64 g(seed);
    f(g, "mt19937_64");
  }
  {
    std::mt19937 g(static_cast<std::uint32_t>(seed));
    f(g, "mt19937");
  }
  {
    std::minstd_rand g(static_cast<std::uint32_t>(seed % 2147483646u) + 1u);
    f(g, "minstd_rand");
  }
  {
    Philox4x32 g(seed, 3u);
    f(g, "Philox4x32");
  }
  {
    Die g(seed);
    f(g, "die [1, 6]");
  }
  {
    Byte g(seed);
    f(g, "uint8_t [0, 255]");
  }
  {
    Decimal g(seed);
    f(g, "uint16_t [0, 9999]");
  }
  {
    Wide g(seed);
    f(g, "uint64_t [5, 0xbffffffffffffff0]");
  }
}

// ---- statistics ----------------------------------------------------------------------------------------------------

/// Pearson's statistic of counts against equal expected counts.
double chi_square(const std::vector<std::uint64_t>& counts) {
  double total = 0;
  for (std::uint64_t c : counts) total += static_cast<double>(c);
  const double expected = total / static_cast<double>(counts.size());
  double x = 0;
  for (std::uint64_t c : counts) x += (static_cast<double>(c) - expected) * (static_cast<double>(c) - expected) / expected;
  return x;
}

/// The value that the chi-square statistic of df degrees of freedom exceeds with probability about 1e-9 (Wilson and
/// Hilferty's cube-root normal approximation, z = 6): a uniform source fails no seed in practice, a biased one by far.
double chi_square_limit(std::size_t df) {
  const double h = 2.0 / (9.0 * static_cast<double>(df));
  return static_cast<double>(df) * std::pow(1.0 - h + 6.0 * std::sqrt(h), 3.0);
}

/// Succeeds when counts look uniform; else names what and the statistic.
::testing::AssertionResult looks_uniform(const std::vector<std::uint64_t>& counts, const std::string& what) {
  const double x = chi_square(counts);
  const double limit = chi_square_limit(counts.size() - 1);
  if (x <= limit) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure();
  failure << what << ": chi-square " << x << " over " << counts.size() << " buckets exceeds " << limit << "; counts:";
  for (std::size_t i = 0; i < counts.size() && i < 16; ++i) failure << ' ' << counts[i];
  return failure;
}

/// Succeeds when `ones` of n draws had a bit set, within 6 standard deviations of n / 2.
::testing::AssertionResult fair_bit(std::uint64_t ones, std::uint64_t n, const std::string& what) {
  const double sigma = std::sqrt(static_cast<double>(n) / 4.0);
  if (std::fabs(static_cast<double>(ones) - static_cast<double>(n) / 2.0) <= 6.0 * sigma) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": set in " << ones << " of " << n << " draws";
}

template <class T> std::string type_name() { return (T::is_signed ? "BigInt<" : "BigUInt<") + std::to_string(T::bits) + ">"; }

template <class T> using Unsigned = BasicInt<T::bits, false>;

/// Draws for a statistical test of T: fewer for the widest types, whose every draw takes many generator calls.
template <class T> constexpr int draws_for() { return T::bits <= 256 ? 4000 : (T::bits <= 1024 ? 2000 : 600); }

// ---- Philox4x32 --------------------------------------------------------------------------------------------------

TEST(Philox, KnownAnswers) {
  static_assert(philox_known_answers());
  EXPECT_TRUE(philox_known_answers());
}

TEST(Philox, DiscardAndEquality) {
  static_assert(philox_discard());
  EXPECT_TRUE(philox_discard());
  // Far jumps against the block formula: number 4 m + r of stream s is word r of block (m, s).
  Rng rng(seed_for("Philox.DiscardAndEquality"));
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t seed = rng.next();
    const std::uint64_t stream = rng.chance(1, 4) ? 0 : rng.next();
    const std::uint64_t n = rng.chance(1, 4) ? rng.below(100) : rng.next();
    Philox4x32 g(seed, stream);
    const std::uint64_t first = rng.below(9);  // a start inside a block, or at its end
    for (std::uint64_t k = 0; k < first; ++k) (void)g();
    g.discard(n);
    const unsigned __int128 position = static_cast<unsigned __int128>(first) + n;
    const std::uint64_t m = static_cast<std::uint64_t>(position / 4);
    const auto expected = Philox4x32::block(
        {{static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(m >> 32), static_cast<std::uint32_t>(stream),
          static_cast<std::uint32_t>(stream >> 32)}},
        {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}});
    ASSERT_EQ(g(), expected.words[position % 4]) << "seed " << seed << " stream " << stream << " start " << first << " n " << n;
  }
  // The counter carries from the position's 64 bits into the stream's, as cuRAND's: block 2^64 - 1 of stream 7, then
  // block 0 of stream 8.
  Philox4x32 g(11u, 7u);
  for (int i = 0; i < 4; ++i) g.discard(~0ull);
  const Philox4x32::Key key{{11u, 0u}};
  EXPECT_EQ(g(), Philox4x32::block({{0xffffffffu, 0xffffffffu, 7u, 0u}}, key).words[0]);
  g.discard(3);
  EXPECT_EQ(g(), Philox4x32::block({{0u, 0u, 8u, 0u}}, key).words[0]);
  Philox4x32 h(11u, 8u);
  (void)h();
  EXPECT_TRUE(g == h);
  EXPECT_FALSE(g != h);
  EXPECT_FALSE(Philox4x32(1u, 2u) == Philox4x32(1u, 3u));
  EXPECT_FALSE(Philox4x32(1u, 2u) == Philox4x32(1u | (1ull << 32), 2u));
  EXPECT_TRUE(Philox4x32() == Philox4x32(Philox4x32::default_seed, 0u));
}

#if WARPNUM_TEST_CURAND

/// cuRAND's Philox4x32-10 bijection.
Philox4x32::Block curand_block(const Philox4x32::Block& c, const Philox4x32::Key& k) {
  const uint4 out = curand_Philox4x32_10(uint4{c.words[0], c.words[1], c.words[2], c.words[3]}, uint2{k.words[0], k.words[1]});
  return {{out.x, out.y, out.z, out.w}};
}

TEST(Philox, MatchesCurandBijection) {
  // Random123's known-answer triples (the constexpr test above) are cuRAND's answers too.
  using B = Philox4x32::Block;
  EXPECT_TRUE((curand_block(B{{0u, 0u, 0u, 0u}}, {{0u, 0u}}) == B{{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}}));
  EXPECT_TRUE((curand_block(B{{~0u, ~0u, ~0u, ~0u}}, {{~0u, ~0u}}) == B{{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}}));
  EXPECT_TRUE((curand_block(B{{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, {{0xa4093822u, 0x299f31d0u}}) ==
               B{{0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}));
  // C++26's value for std::philox4x32: block 2499 of key 20111115, word 3.
  EXPECT_EQ(curand_block(B{{2499u, 0u, 0u, 0u}}, {{20111115u, 0u}}).words[3], 1955073260u);
  const std::uint64_t seed = seed_for("Philox.MatchesCurandBijection");
  Rng rng(seed);
  for (int i = 0; i < 200000; ++i) {
    B c;
    Philox4x32::Key k;
    for (auto& w : c.words) w = special_word<std::uint32_t>(rng);
    for (auto& w : k.words) w = special_word<std::uint32_t>(rng);
    const B want = curand_block(c, k);
    const B got = Philox4x32::block(c, k);
    ASSERT_TRUE(got == want) << "seed " << seed << " case " << i << ": counter " << std::hex << c.words[0] << ' '
                             << c.words[1] << ' ' << c.words[2] << ' ' << c.words[3] << ", key " << k.words[0] << ' '
                             << k.words[1] << ": cuRAND " << want.words[0] << ", warpnum " << got.words[0];
  }
}

#  define WARPNUM_TEST_CURAND_CALL(call) ASSERT_EQ((call), CURAND_STATUS_SUCCESS) << #call

TEST(Philox, MatchesCurandHostGenerator) {
  // cuRAND's host generator (CURAND_RNG_PSEUDO_PHILOX4_32_10, run on the CPU) interleaves 65536 streams of its seed
  // block by block: after curandSetGeneratorOffset(o), number i comes from global position o + i, whose block
  // j = (o + i) / 4 is block j / 65536 of stream j mod 65536 (word (o + i) mod 4). So stream s of warpnum's
  // Philox4x32(seed, s) must read, block by block, the numbers 4 (65536 p + s) + w.
  constexpr std::uint64_t interleave = 65536;
  constexpr std::uint64_t blocks_a_stream = 6;
  curandGenerator_t gen = nullptr;
  WARPNUM_TEST_CURAND_CALL(curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  struct Destroy {
    curandGenerator_t g;
    ~Destroy() { (void)curandDestroyGenerator(g); }
  } destroy{gen};
  std::vector<unsigned> out(4 * interleave * blocks_a_stream);
  Rng rng(seed_for("Philox.MatchesCurandHostGenerator"));
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{Philox4x32::default_seed},
                                   std::uint64_t{0xffffffffffffffffull}, rng.next(), rng.next()}) {
    WARPNUM_TEST_CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, seed));
    WARPNUM_TEST_CURAND_CALL(curandSetGeneratorOffset(gen, 0));
    WARPNUM_TEST_CURAND_CALL(curandGenerate(gen, out.data(), out.size()));
    std::vector<std::uint64_t> streams = {0, 1, 2, 3, 4, 255, 256, 4097, 65534, 65535};
    for (int i = 0; i < 20; ++i) streams.push_back(rng.below(interleave));
    for (const std::uint64_t s : streams) {
      Philox4x32 g(seed, s);
      for (std::uint64_t p = 0; p < blocks_a_stream; ++p) {
        for (std::uint64_t w = 0; w < 4; ++w) {
          const std::uint64_t at = 4 * (interleave * p + s) + w;
          ASSERT_EQ(g(), out[at]) << "seed " << seed << " stream " << s << " block " << p << " word " << w;
        }
      }
    }
    // With an offset: its numbers are positions offset + i; warpnum reaches each by discard.
    const std::uint64_t offset = rng.below(1ull << 40);
    WARPNUM_TEST_CURAND_CALL(curandSetGeneratorOffset(gen, offset));
    std::vector<unsigned> shifted(4096);
    WARPNUM_TEST_CURAND_CALL(curandGenerate(gen, shifted.data(), shifted.size()));
    for (std::uint64_t i = 0; i < shifted.size(); i += 7) {
      const std::uint64_t position = offset + i;
      const std::uint64_t block = position / 4;
      Philox4x32 g(seed, block % interleave);
      g.discard(4 * (block / interleave) + position % 4);
      ASSERT_EQ(g(), shifted[i]) << "seed " << seed << " offset " << offset << " number " << i;
    }
  }
}

#else

TEST(Philox, MatchesCurandBijection) {
  GTEST_SKIP() << "built without cuRAND (WARPNUM_TEST_CURAND): the CUDA toolkit's libcurand was not linked";
}
TEST(Philox, MatchesCurandHostGenerator) {
  GTEST_SKIP() << "built without cuRAND (WARPNUM_TEST_CURAND): the CUDA toolkit's libcurand was not linked";
}

#endif

// ---- draws over widths -------------------------------------------------------------------------------------------

TEST(Random, PinnedDraws) {
  static_assert(pinned_draws());
  EXPECT_TRUE(pinned_draws());
}

template <class T> class RandomDraws : public ::testing::Test {};
struct Names {
  template <class T> static std::string GetName(int) { return (T::is_signed ? "BigInt" : "BigUInt") + std::to_string(T::bits); }
};
using DrawTypes = ::testing::Types<BigUInt<32>, BigInt<32>, BigUInt<64>, BigInt<64>, BigUInt<96>, BigInt<96>, BigUInt<256>,
                                   BigInt<256>, BigUInt<1024>, BigInt<1024>, BigUInt<4096>, BigInt<4096>>;
TYPED_TEST_SUITE(RandomDraws, DrawTypes, Names);

/// random<T>: with every generator, each bit of the result is set in about half the draws, and the bytes of the
/// results pass a chi-square test over their 256 values.
TYPED_TEST(RandomDraws, EveryBitUniform) {
  using T = TypeParam;
  constexpr int n = draws_for<T>();
  for_each_generator(seed_for("RandomDraws.EveryBitUniform", T::bits), [&](auto& g, const char* name) {
    std::vector<std::uint64_t> ones(T::bits, 0);
    std::vector<std::uint64_t> bytes(256, 0);
    for (int i = 0; i < n; ++i) {
      const T x = random<T>(g);
      for (std::size_t b = 0; b < T::bits; ++b) ones[b] += x.bit(b) ? 1 : 0;
      for (int l = 0; l < T::num_limbs; ++l) {
        for (int k = 0; k < 4; ++k) ++bytes[(x.limb(l) >> (8 * k)) & 0xffu];
      }
    }
    for (std::size_t b = 0; b < T::bits; ++b) {
      ASSERT_TRUE(fair_bit(ones[b], n, type_name<T>() + " from " + name + ", bit " + std::to_string(b)));
    }
    EXPECT_TRUE(looks_uniform(bytes, type_name<T>() + " from " + name + ", byte values"));
  });
}

/// GF2n::random shares the bit source: with every generator (a die's six values, std::minstd_rand's 2^31 - 2),
/// every coefficient is set in about half the draws, the bytes of the words pass a chi-square test, and the bits
/// above the degree stay clear.
template <int N> void gf2n_random_uniform() {
  using F = GF2n<N>;
  constexpr int n = 4000;
  for_each_generator(seed_for("Random.GF2nRandom", N), [&](auto& g, const char* name) {
    std::vector<std::uint64_t> ones(N, 0);
    std::vector<std::uint64_t> bytes(256, 0);
    for (int i = 0; i < n; ++i) {
      const F x = F::random(g);
      for (int b = 0; b < N; ++b) ones[static_cast<std::size_t>(b)] += (x.words_[b / F::word_bits] >> (b % F::word_bits)) & 1u;
      for (int w = 0; w < F::num_words; ++w) {
        const int top = w == F::num_words - 1 ? N - w * F::word_bits : F::word_bits;
        ASSERT_EQ(top >= F::word_bits ? 0 : (x.words_[w] >> top), 0u) << name << ": bits above x^" << N - 1;
        for (int k = 0; k + 8 <= top; k += 8) ++bytes[(x.words_[w] >> k) & 0xffu];
      }
    }
    const std::string what = "GF2n<" + std::to_string(N) + ">::random from " + std::string(name);
    for (int b = 0; b < N; ++b) ASSERT_TRUE(fair_bit(ones[static_cast<std::size_t>(b)], n, what + ", x^" + std::to_string(b)));
    EXPECT_TRUE(looks_uniform(bytes, what + ", byte values"));
  });
}
TEST(Random, GF2nRandom) {
  gf2n_random_uniform<16>();
  gf2n_random_uniform<64>();
  gf2n_random_uniform<233>();
}

/// random_below with bounds of a few values: a chi-square test over the values. Drawing bit_width(bound) bits and
/// reducing them modulo the bound (or a multiply-shift without rejection) fails it.
TYPED_TEST(RandomDraws, BelowSmallBoundsUniform) {
  using T = TypeParam;
  for_each_generator(seed_for("RandomDraws.BelowSmallBoundsUniform", T::bits), [&](auto& g, const char* name) {
    for (const unsigned bound : {2u, 3u, 5u, 6u, 7u, 10u, 12u, 100u, 255u}) {
      std::vector<std::uint64_t> counts(bound, 0);
      const int n = 300 * static_cast<int>(bound);
      for (int i = 0; i < n; ++i) {
        const T x = random_below(g, T{bound});
        ASSERT_TRUE(!x.is_negative() && x < T{bound}) << type_name<T>() << " from " << name << ": " << to_string(x);
        ++counts[static_cast<unsigned>(x)];
      }
      EXPECT_TRUE(looks_uniform(counts, type_name<T>() + " below " + std::to_string(bound) + " from " + name));
    }
  });
}

/// random_below with a bound of the type's full width, 3 2^(w - 2) (w = Bits, or Bits - 1 for BigInt): the values'
/// top two bits are 0, 1 or 2 with probability 1/3 each. A reduction modulo the bound makes 0 twice as likely, a
/// missing rejection lets the top two bits be 3. And 2^(w - 1) + 1, where half the tries are rejected.
TYPED_TEST(RandomDraws, BelowWideBoundsUniform) {
  using T = TypeParam;
  using U = Unsigned<T>;
  constexpr std::size_t w = T::is_signed ? T::bits - 1 : T::bits;
  constexpr int n = draws_for<T>();
  const T three_quarters{U{3u} << (w - 2)};
  const T half_plus_one{(U{1u} << (w - 1)) + U{1u}};
  for_each_generator(seed_for("RandomDraws.BelowWideBoundsUniform", T::bits), [&](auto& g, const char* name) {
    std::vector<std::uint64_t> top(3, 0);
    std::uint64_t top_bit = 0;
    for (int i = 0; i < n; ++i) {
      const T x = random_below(g, three_quarters);
      ASSERT_TRUE(!x.is_negative() && x < three_quarters) << type_name<T>() << " from " << name << ": " << to_string(x, 16);
      ++top[static_cast<unsigned>(U{x} >> (w - 2))];
      const T y = random_below(g, half_plus_one);
      ASSERT_TRUE(!y.is_negative() && y < half_plus_one) << type_name<T>() << " from " << name << ": " << to_string(y, 16);
      top_bit += y.bit(w - 1) ? 1 : 0;
    }
    EXPECT_TRUE(looks_uniform(top, type_name<T>() + " below 3 2^(w-2) from " + name + ", top two bits"));
    EXPECT_LE(top_bit, 2u) << type_name<T>() << " below 2^(w-1) + 1 from " << name << ": only 2^(w-1) has the top bit";
  });
}

/// Edge bounds: 1 (always 0, drawing nothing), 2^k (every bit below k varies, none above), max().
TYPED_TEST(RandomDraws, BelowEdgeBounds) {
  using T = TypeParam;
  using U = Unsigned<T>;
  Philox4x32 g(seed_for("RandomDraws.BelowEdgeBounds", T::bits), 1u);
  for (int i = 0; i < 10; ++i) {
    const Philox4x32 before = g;
    EXPECT_EQ(random_below(g, T{1}), T{});
    EXPECT_TRUE(g == before) << "a bound of 1 has one value: nothing to draw";
  }
  const std::size_t w = T::is_signed ? T::bits - 1 : T::bits;
  for (std::size_t k : {std::size_t{1}, std::size_t{2}, std::size_t{31}, std::size_t{32}, std::size_t{33}, w / 2, w - 1}) {
    if (k >= w) continue;  // 2^w is not a value of T
    const T bound{U{1u} << k};
    U seen_ones{};
    U seen_zeros{};
    for (int i = 0; i < 200; ++i) {
      const U x{random_below(g, bound)};
      ASSERT_TRUE(U{x} < U{bound}) << type_name<T>() << " below 2^" << k << ": " << to_string(x, 16);
      seen_ones = seen_ones | x;
      seen_zeros = seen_zeros | ~x;
    }
    const U low = U{bound} - U{1u};
    EXPECT_EQ(seen_ones, low) << type_name<T>() << " below 2^" << k << ": bits set in some draw: " << to_string(seen_ones, 16);
    EXPECT_EQ(seen_zeros & low, low) << type_name<T>() << " below 2^" << k << ": every bit below k clear in some draw";
  }
  for (int i = 0; i < 200; ++i) {
    const T x = random_below(g, T::max());
    ASSERT_TRUE(!x.is_negative() && x < T::max()) << to_string(x, 16);
  }
}

/// random_below over bounds of every shape (cases/random.hpp): the value is in [0, bound).
TYPED_TEST(RandomDraws, BelowRandomBounds) {
  using T = TypeParam;
  std::mt19937_64 g(seed_for("RandomDraws.BelowRandomBounds.g", T::bits));
  run_random_cases(type_name<T>() + " random_below", seed_for("RandomDraws.BelowRandomBounds", T::bits), 2000,
                   [&](Rng& rng, int) -> ::testing::AssertionResult {
                     T bound = random_value<T>(rng);
                     if (bound.is_negative()) bound = ~bound;
                     if (bound.is_zero()) bound = T{1};
                     const T x = random_below(g, bound);
                     if (!x.is_negative() && x < bound) return ::testing::AssertionSuccess();
                     return ::testing::AssertionFailure() << to_string(x, 16) << " is not below " << to_string(bound, 16);
                   });
}

/// uniform_int_distribution over [a, b] of every shape (cases/random.hpp), for signed types across zero: the value is
/// in [a, b]; a == b draws nothing.
TYPED_TEST(RandomDraws, DistributionRandomRanges) {
  using T = TypeParam;
  std::minstd_rand g(static_cast<std::uint32_t>(seed_for("RandomDraws.DistributionRandomRanges.g", T::bits) % 2147483646u) + 1u);
  run_random_cases(type_name<T>() + " uniform_int_distribution", seed_for("RandomDraws.DistributionRandomRanges", T::bits),
                   2000, [&](Rng& rng, int) -> ::testing::AssertionResult {
                     T a = random_value<T>(rng);
                     T b = rng.chance(1, 8) ? a : random_value<T>(rng);
                     if (b < a) std::swap(a, b);
                     const uniform_int_distribution<T> d(a, b);
                     const auto before = g;
                     const T x = d(g);
                     if (a == b && !(g == before)) return ::testing::AssertionFailure() << "a == b drew a number";
                     if (a <= x && x <= b) return ::testing::AssertionSuccess();
                     return ::testing::AssertionFailure()
                            << to_string(x, 16) << " is not in [" << to_string(a, 16) << ", " << to_string(b, 16) << "]";
                   });
}

/// uniform_int_distribution: small ranges pass a chi-square test, at 0, across zero (signed), across a limb boundary
/// and at the top of the type; [min(), max()] varies every bit.
TYPED_TEST(RandomDraws, DistributionUniform) {
  using T = TypeParam;
  using U = Unsigned<T>;
  for_each_generator(seed_for("RandomDraws.DistributionUniform", T::bits), [&](auto& g, const char* name) {
    std::vector<std::pair<T, T>> ranges = {{T{0}, T{6}}, {T::max() - T{9}, T::max()}, {T::min(), T::min() + T{4}}};
    if constexpr (T::is_signed) ranges.push_back({T{-5}, T{5}});
    if constexpr (T::bits > 32) ranges.push_back({T{U{1u} << 32} - T{3}, T{U{1u} << 32} + T{3}});
    for (const auto& [a, b] : ranges) {
      const uniform_int_distribution<T> d(a, b);
      const unsigned size = static_cast<unsigned>(U{b} - U{a}) + 1u;
      std::vector<std::uint64_t> counts(size, 0);
      for (unsigned i = 0; i < 300 * size; ++i) {
        const T x = d(g);
        ASSERT_TRUE(a <= x && x <= b) << type_name<T>() << " from " << name << ": " << to_string(x, 16);
        ++counts[static_cast<unsigned>(U{x} - U{a})];
      }
      EXPECT_TRUE(looks_uniform(counts, type_name<T>() + " in [" + to_string(a) + ", " + to_string(b) + "] from " + name));
    }
    const uniform_int_distribution<T> all(T::min(), T::max());
    std::vector<std::uint64_t> ones(T::bits, 0);
    constexpr int n = draws_for<T>() / 4;
    for (int i = 0; i < n; ++i) {
      const T x = all(g);
      for (std::size_t b = 0; b < T::bits; ++b) ones[b] += x.bit(b) ? 1 : 0;
    }
    for (std::size_t b = 0; b < T::bits; ++b) {
      ASSERT_TRUE(fair_bit(ones[b], n, type_name<T>() + " in [min, max] from " + std::string(name) + ", bit " + std::to_string(b)));
    }
  });
}

/// The 32768-bit widths (one limb loop of 1024 words): random, random_below, and a full-width range.
TEST(Random, Width32768) {
  using T = BigInt<32768>;
  using U = BigUInt<32768>;
  Philox4x32 g(seed_for("Random.Width32768"), 9u);
  std::vector<std::uint64_t> ones(U::bits, 0);
  constexpr int n = 200;
  for (int i = 0; i < n; ++i) {
    const U x = random<U>(g);
    for (std::size_t b = 0; b < U::bits; ++b) ones[b] += x.bit(b) ? 1 : 0;
  }
  for (std::size_t b = 0; b < U::bits; ++b) ASSERT_TRUE(fair_bit(ones[b], n, "BigUInt<32768> bit " + std::to_string(b)));
  const U bound = (U{3u} << (U::bits - 2)) + U{12345u};
  const T signed_bound{U{5u} << (U::bits - 4)};
  for (int i = 0; i < 100; ++i) {
    ASSERT_TRUE(random_below(g, bound) < bound);
    const T x = random_below(g, signed_bound);
    ASSERT_TRUE(!x.is_negative() && x < signed_bound);
    const T y = uniform_int_distribution<T>(-signed_bound, signed_bound)(g);
    ASSERT_TRUE(-signed_bound <= y && y <= signed_bound);
  }
}

// ---- the distribution's interface ----------------------------------------------------------------------------------

TEST(Distribution, Interface) {
  using T = BigInt<128>;
  using D = uniform_int_distribution<T>;
  static_assert(std::is_same_v<D::result_type, T> && std::is_same_v<D::param_type::distribution_type, D>);
  const D all;
  EXPECT_EQ(all.a(), T{0});
  EXPECT_EQ(all.b(), T::max());
  EXPECT_EQ(D::param_type().b(), T::max());
  D d(T{-3}, T{9});
  EXPECT_EQ(d.a(), T{-3});
  EXPECT_EQ(d.b(), T{9});
  EXPECT_EQ(d.min(), T{-3});
  EXPECT_EQ(d.max(), T{9});
  EXPECT_EQ(d.status(), Status::ok);
  EXPECT_TRUE(d.param() == D::param_type(T{-3}, T{9}));
  EXPECT_TRUE(d == D(d.param()));
  EXPECT_TRUE(d != all);
  EXPECT_EQ(D(T{7}).b(), T::max());
  d.reset();
  d.param(D::param_type(T{100}, T{100}));
  EXPECT_EQ(d.a(), T{100});
  Philox4x32 g(5u);
  EXPECT_EQ(d(g), T{100});
  // operator()(g, p) draws from p's range, not the distribution's.
  for (int i = 0; i < 100; ++i) {
    const T x = d(g, D::param_type(T{-2}, T{-1}));
    EXPECT_TRUE(x == T{-2} || x == T{-1});
  }
  // The same generator state gives the same draws (a copy of the generator replays them).
  const D e(T{-1000}, T{1} << 100);
  Philox4x32 h = g;
  for (int i = 0; i < 50; ++i) EXPECT_EQ(e(g), e(h));
  // std::minstd_rand and the other shapes work as generators: for_each_generator above.
}

// ---- errors ------------------------------------------------------------------------------------------------------

/// Whether F{}() is a constant expression (F: a captureless lambda's type or a literal function object).
template <class F> concept constant_call = requires { typename std::integral_constant<int, (F{}(), 0)>; };

TEST(Random, Errors) {
  Philox4x32 g(1u);
  const Philox4x32 start = g;
  // random_below: a bound <= 0 is an empty range.
  EXPECT_EQ(thrown_message<std::invalid_argument>([&] { (void)random_below(g, BigUInt<256>{}); }),
            "warpnum: random_below: the bound must be positive ([0, bound) is empty)");
  EXPECT_THROW((void)random_below(g, BigInt<96>{}), std::invalid_argument);
  EXPECT_THROW((void)random_below(g, BigInt<96>{-1}), std::invalid_argument);
  EXPECT_THROW((void)random_below(g, BigInt<96>::min()), std::invalid_argument);
  EXPECT_TRUE(g == start) << "an empty range draws nothing";
  // The defined results of random_below_checked, as on the device.
  for (const BigInt<64>& bound : {BigInt<64>{}, BigInt<64>{-1}, BigInt<64>::min()}) {
    const auto r = random_below_checked(g, bound);
    EXPECT_EQ(r.value, BigInt<64>{});
    EXPECT_EQ(r.status, Status::invalid_argument);
  }
  const auto fine = random_below_checked(g, BigUInt<64>{10u});
  EXPECT_EQ(fine.status, Status::ok);
  EXPECT_TRUE(fine.value < BigUInt<64>{10u});
  // uniform_int_distribution and its param_type: a > b.
  using D = uniform_int_distribution<BigInt<256>>;
  EXPECT_EQ(thrown_message<std::invalid_argument>([] { D d(BigInt<256>{1}, BigInt<256>{0}); }),
            "warpnum: uniform_int_distribution: a > b, so [a, b] is empty");
  EXPECT_THROW(D::param_type(BigInt<256>::max(), BigInt<256>::min()), std::invalid_argument);
  EXPECT_THROW(uniform_int_distribution<BigUInt<32>>(BigUInt<32>{5u}, BigUInt<32>{4u}), std::invalid_argument);
  EXPECT_NO_THROW(D(BigInt<256>{4}, BigInt<256>{4}));
  // checked: the device's defined result, a without a draw.
  const D backwards = D::checked(BigInt<256>{7}, BigInt<256>{-7});
  EXPECT_EQ(backwards.status(), Status::invalid_argument);
  EXPECT_EQ(backwards.max(), BigInt<256>{7});
  const Philox4x32 before = g;
  EXPECT_EQ(backwards(g), BigInt<256>{7});
  EXPECT_EQ(D()(g, D::param_type::checked(BigInt<256>{3}, BigInt<256>{2})), BigInt<256>{3});
  EXPECT_TRUE(g == before);
  EXPECT_EQ(D::checked(BigInt<256>{-7}, BigInt<256>{7}).status(), Status::ok);
  // In constant evaluation an empty range is not a constant expression (a compile error where one is needed).
  struct BelowFive {
    constexpr int operator()() const {
      Philox4x32 p;
      return static_cast<int>(random_below(p, BigUInt<64>{5u}));
    }
  };
  struct BelowZero {
    constexpr int operator()() const {
      Philox4x32 p;
      return static_cast<int>(random_below(p, BigUInt<64>{}));
    }
  };
  struct Backwards {
    constexpr int operator()() const { return static_cast<int>(uniform_int_distribution<BigInt<64>>(BigInt<64>{2}, BigInt<64>{1}).a()); }
  };
  static_assert(constant_call<BelowFive>);
  static_assert(!constant_call<BelowZero>);
  static_assert(!constant_call<Backwards>);
}

}  // namespace
}  // namespace warpnum::test

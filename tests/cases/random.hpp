// SPDX-License-Identifier: Apache-2.0
// tests/cases/random.hpp: seeded operands for differential tests. Besides uniform words, the generator favours
// the shapes that break carry, borrow and division code: words of 0, all ones, 1 and 0x80..0 (long carry runs),
// short effective lengths (short divisors, dividends shorter than divisors), runs of ones and powers of two.
#pragma once

#include <warpnum/bigint.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace warpnum::test {

/// xoshiro256** (Blackman and Vigna), seeded through splitmix64: the same stream on every platform.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) noexcept {
    for (auto& w : s_) {
      seed += 0x9e3779b97f4a7c15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      w = z ^ (z >> 31);
    }
  }
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  std::uint32_t u32() noexcept { return static_cast<std::uint32_t>(next() >> 32); }
  /// Uniform in [0, n), n > 0 (the bias of the modulo is irrelevant here).
  std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }
  /// True with probability num / den.
  bool chance(unsigned num, unsigned den) noexcept { return below(den) < num; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

/// The seed of a test: a fixed value per (name, width), so CI runs are repeatable; WARPNUM_TEST_SEED in the
/// environment mixes in another value to explore new inputs.
inline std::uint64_t seed_for(const std::string& name, std::size_t bits = 0) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  h ^= bits * 0x9e3779b97f4a7c15ull;
  if (const char* extra = std::getenv("WARPNUM_TEST_SEED")) h ^= std::strtoull(extra, nullptr, 0);
  return h;
}

/// One word drawn from the carry-heavy mix: random, 0, all ones, 1, top bit only, all but the top bit.
template <class Word> Word special_word(Rng& rng) {
  constexpr Word ones = static_cast<Word>(~Word{0});
  switch (rng.below(8)) {
    case 0:
    case 1:
      return 0;
    case 2:
    case 3:
      return ones;
    case 4:
      return 1;
    case 5:
      return static_cast<Word>(ones ^ (ones >> 1));  // top bit only
    case 6:
      return static_cast<Word>(ones >> 1);
    default:
      return static_cast<Word>(rng.next());
  }
}

/// Fills n words with one of several shapes, chosen at random:
/// uniform; each word independently from special_word or random; a random effective length (the rest zero,
/// or all ones so that signed values are small negatives); a run of ones (a carry or borrow that ripples
/// through every word it covers); a power of two or a power of two minus one, optionally negated.
template <class Word> void random_words(Rng& rng, Word* w, int n) {
  constexpr int wb = static_cast<int>(sizeof(Word) * 8);
  const std::uint64_t shape = rng.below(16);
  if (shape < 4) {  // uniform
    for (int i = 0; i < n; ++i) w[i] = static_cast<Word>(rng.next());
  } else if (shape < 8) {  // each word random or special
    const bool mostly_special = rng.chance(1, 2);
    for (int i = 0; i < n; ++i) w[i] = (mostly_special || rng.chance(1, 2)) ? special_word<Word>(rng) : static_cast<Word>(rng.next());
  } else if (shape < 12) {  // effective length: the top words zero (or all ones)
    const int len = static_cast<int>(rng.below(static_cast<std::uint64_t>(n) + 1));
    const Word fill = rng.chance(1, 4) ? static_cast<Word>(~Word{0}) : Word{0};
    const bool special = rng.chance(1, 3);
    for (int i = 0; i < n; ++i) w[i] = i < len ? (special ? special_word<Word>(rng) : static_cast<Word>(rng.next())) : fill;
    if (len > 0 && rng.chance(1, 2)) {
      // Top word of the effective length with its top bit set (a normalised divisor) or only low bits.
      w[len - 1] = rng.chance(1, 2) ? static_cast<Word>(w[len - 1] | (Word{1} << (wb - 1)))
                                    : static_cast<Word>(w[len - 1] & 0xff);
    }
  } else if (shape < 14) {  // a run of ones from bit lo to bit hi
    const std::uint64_t total = static_cast<std::uint64_t>(n) * wb;
    std::uint64_t lo = rng.below(total);
    std::uint64_t hi = rng.below(total);
    if (lo > hi) std::swap(lo, hi);
    if (rng.chance(1, 4)) lo = 0;
    if (rng.chance(1, 4)) hi = total - 1;
    const bool invert = rng.chance(1, 4);
    for (int i = 0; i < n; ++i) {
      Word v = 0;
      for (int b = 0; b < wb; ++b) {
        const std::uint64_t pos = static_cast<std::uint64_t>(i) * wb + b;
        if (pos >= lo && pos <= hi) v = static_cast<Word>(v | (Word{1} << b));
      }
      w[i] = invert ? static_cast<Word>(~v) : v;
    }
  } else {  // 2^k, 2^k - 1, -(2^k), 2^k + 1
    const std::uint64_t k = rng.below(static_cast<std::uint64_t>(n) * wb);
    for (int i = 0; i < n; ++i) w[i] = 0;
    w[k / wb] = static_cast<Word>(Word{1} << (k % wb));
    switch (rng.below(4)) {
      case 0:
        break;
      case 1: {  // - 1
        for (int i = 0; i < n; ++i) {
          const Word old = w[i];
          w[i] = static_cast<Word>(old - 1);
          if (old != 0) break;
        }
        break;
      }
      case 2: {  // negate
        Word carry = 1;
        for (int i = 0; i < n; ++i) {
          const Word s = static_cast<Word>(static_cast<Word>(~w[i]) + carry);
          carry = (carry != 0 && s == 0) ? 1 : 0;
          w[i] = s;
        }
        break;
      }
      default:
        w[0] = static_cast<Word>(w[0] | 1);
        break;
    }
  }
}

/// A random value of a BigUInt/BigInt type, shaped by random_words.
template <class T> T random_value(Rng& rng) {
  T x{};
  random_words(rng, x.data(), T::num_limbs);
  return x;
}

/// A random shift or bit index: mostly below Bits, with the boundaries and counts far past it.
template <class T> std::uint64_t random_shift(Rng& rng) {
  constexpr std::uint64_t b = T::bits;
  const std::uint64_t fixed[] = {0, 1, 31, 32, 33, 63, 64, 65, b / 2, b - 33, b - 32, b - 31, b - 1, b, b + 1,
                                 2 * b, 4294967296ull, ~std::uint64_t{0}};
  if (rng.chance(1, 3)) return fixed[rng.below(sizeof(fixed) / sizeof(fixed[0]))];
  return rng.below(b + 64);
}

/// The edge values of T: 0, 1, 2, -1 (all ones), max, min and their neighbours, 2^k and 2^k - 1 (and their
/// negations) for k at word and limb boundaries, values with only the lowest limb set, only the top bit set,
/// alternating bit patterns, and all-ones runs that make carries and borrows ripple through every limb.
template <class T> std::vector<T> edge_values() {
  using U = BasicInt<T::bits, false>;
  constexpr std::size_t bits = T::bits;
  std::vector<U> v;
  const U one{1u};
  v.push_back(U{});
  v.push_back(one);
  v.push_back(U{2u});
  v.push_back(U{3u});
  v.push_back(U{10u});
  v.push_back(~U{});          // all ones: -1 signed, max unsigned
  v.push_back(~U{} - one);    // -2
  v.push_back(U{T::max()});
  v.push_back(U{T::max()} - one);
  v.push_back(U{T::min()});
  v.push_back(U{T::min()} + one);
  const std::size_t ks[] = {1, 16, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, bits / 2, bits - 64, bits - 33, bits - 32,
                            bits - 31, bits - 2, bits - 1};
  for (std::size_t k : ks) {
    if (k == 0 || k >= bits) continue;
    const U p = one << k;
    v.push_back(p);
    v.push_back(p - one);
    v.push_back(p + one);
    v.push_back(-p);
  }
  // Only the lowest limb set.
  v.push_back(U{0xffffffffu});
  v.push_back(U{0x80000000u});
  v.push_back(U{0x7fffffffu});
  v.push_back(U{0x12345679u});
  // Every limb the same.
  U alt5{};
  U alta{};
  U low_limb_ones{};
  U top_limb_only{};
  for (int i = 0; i < U::num_limbs; ++i) {
    alt5.data()[i] = 0x55555555u;
    alta.data()[i] = 0xaaaaaaaau;
    low_limb_ones.data()[i] = i % 2 == 0 ? 0xffffffffu : 0u;
  }
  top_limb_only.data()[U::num_limbs - 1] = 0x00000001u;
  v.push_back(alt5);
  v.push_back(alta);
  v.push_back(low_limb_ones);
  v.push_back(~low_limb_ones);
  v.push_back(top_limb_only);
  // All ones except the lowest bit, or except the top limb: long borrow and carry runs.
  v.push_back(~U{} ^ one);
  v.push_back(~U{} >> 32);
  v.push_back((~U{} >> 32) + one);  // 2^(Bits-32)
  std::vector<T> out;
  out.reserve(v.size());
  for (const U& u : v) out.push_back(T{u});
  return out;
}

/// Runs `count` random cases of `check(rng, i)` (which returns a testing::AssertionResult) from one seed, and
/// reports each failure with the test's seed and case index; stops after a few failures.
template <class Check> void run_random_cases(const std::string& what, std::uint64_t seed, int count, Check&& check) {
  Rng rng(seed);
  int failures = 0;
  for (int i = 0; i < count; ++i) {
    const ::testing::AssertionResult r = check(rng, i);
    if (!r) {
      ADD_FAILURE() << what << ": seed " << seed << " case " << i << ": " << r.message();
      if (++failures == 5) {
        ADD_FAILURE() << what << ": stopping after 5 failures";
        return;
      }
    }
  }
}

/// Runs `check(x)` on each value, reporting failures with the value's index.
template <class T, class Check> void run_edge_cases(const std::string& what, const std::vector<T>& values, Check&& check) {
  int failures = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const ::testing::AssertionResult r = check(values[i]);
    if (!r) {
      ADD_FAILURE() << what << ": edge value " << i << ": " << r.message();
      if (++failures == 5) return;
    }
  }
}

/// Runs `check(x, y)` on every ordered pair of values, or for a symmetric operation every unordered one.
template <class T, class Check>
void run_edge_pairs(const std::string& what, const std::vector<T>& values, Check&& check, bool symmetric = false) {
  int failures = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = symmetric ? i : 0; j < values.size(); ++j) {
      const ::testing::AssertionResult r = check(values[i], values[j]);
      if (!r) {
        ADD_FAILURE() << what << ": edge pair (" << i << ", " << j << "): " << r.message();
        if (++failures == 5) return;
      }
    }
  }
}

}  // namespace warpnum::test

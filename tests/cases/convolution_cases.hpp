// SPDX-License-Identifier: Apache-2.0
// tests/cases/convolution_cases.hpp: operands and oracles for the convolutions of src/huge/ (convolve_ntt,
// convolve_columns): a quadratic reference with 128-bit column sums, and for sizes beyond it the product's value
// (the coefficients carried by a plain sequential loop) against GMP's mpz_mul.
#pragma once

#include "../../src/huge/engine.hpp"  // the engine is private to the library

#include <gmp.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpnum::test {

using huge::Coef96;
using Limbs = std::vector<std::uint32_t>;

/// splitmix64: a small seeded generator, so a failure can be replayed from its seed.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint32_t u32() { return static_cast<std::uint32_t>(next() >> 32); }
};

enum class Shape { random, ones, sparse, carries };

/// n limbs of a shape: uniform, all 0xffffffff (the coefficient bound's worst case), mostly zero with a few
/// words, or words near 0 and 2^32 - 1 (long carry runs).
inline Limbs make_limbs(std::size_t n, Shape shape, std::uint64_t seed) {
  SplitMix rng{seed};
  Limbs v(n);
  for (auto& x : v) {
    switch (shape) {
      case Shape::random: x = rng.u32(); break;
      case Shape::ones: x = 0xffffffffu; break;
      case Shape::sparse: x = rng.u32() % 61 == 0 ? rng.u32() : 0; break;
      case Shape::carries: {
        const std::uint32_t r = rng.u32();
        x = (r & 3) == 0 ? r : ((r & 4) ? 0xffffffffu - (r >> 29) : (r >> 29));
        break;
      }
    }
  }
  return v;
}

/// c[k] = sum a[i] b[k - i] by a quadratic loop with 128-bit sums.
inline std::vector<Coef96> reference_columns(const Limbs& a, const Limbs& b) {
  std::vector<Coef96> c(a.size() + b.size() - 1);
  std::vector<unsigned __int128> acc(c.size(), 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) acc[i + j] += static_cast<unsigned __int128>(std::uint64_t{a[i]} * b[j]);
  }
  for (std::size_t k = 0; k < c.size(); ++k) {
    c[k].w[0] = static_cast<std::uint32_t>(acc[k]);
    c[k].w[1] = static_cast<std::uint32_t>(acc[k] >> 32);
    c[k].w[2] = static_cast<std::uint32_t>(acc[k] >> 64);
  }
  return c;
}

/// The first k where two coefficient arrays differ, or -1.
inline long first_difference(const std::vector<Coef96>& x, const std::vector<Coef96>& y) {
  if (x.size() != y.size()) return 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (x[k].w[0] != y[k].w[0] || x[k].w[1] != y[k].w[1] || x[k].w[2] != y[k].w[2]) return static_cast<long>(k);
  }
  return -1;
}

/// The value sum c[k] 2^(32 k) as limbs, by a sequential carry loop.
inline Limbs carry_sequential(const std::vector<Coef96>& c) {
  Limbs out(c.size() + 3, 0);
  unsigned __int128 carry = 0;
  for (std::size_t k = 0; k < c.size(); ++k) {
    carry += (static_cast<unsigned __int128>(c[k].w[2]) << 64) | (std::uint64_t{c[k].w[1]} << 32) | c[k].w[0];
    out[k] = static_cast<std::uint32_t>(carry);
    carry >>= 32;
  }
  for (std::size_t k = c.size(); k < out.size(); ++k) {
    out[k] = static_cast<std::uint32_t>(carry);
    carry >>= 32;
  }
  return out;
}

class Mpz {
 public:
  Mpz() { mpz_init(v_); }
  explicit Mpz(const Limbs& limbs) {
    mpz_init(v_);
    mpz_import(v_, limbs.size(), -1, sizeof(std::uint32_t), 0, 0, limbs.data());
  }
  ~Mpz() { mpz_clear(v_); }
  Mpz(const Mpz&) = delete;
  Mpz& operator=(const Mpz&) = delete;
  mpz_t& get() { return v_; }

 private:
  mpz_t v_;
};

/// Whether the coefficients c carry to a * b (GMP's product).
inline bool product_matches_gmp(const Limbs& a, const Limbs& b, const std::vector<Coef96>& c) {
  Mpz x(a), y(b), want, got(carry_sequential(c));
  mpz_mul(want.get(), x.get(), y.get());
  return mpz_cmp(want.get(), got.get()) == 0;
}

inline std::string describe(std::size_t na, std::size_t nb, Shape sa, Shape sb, std::uint64_t seed) {
  return "na=" + std::to_string(na) + " nb=" + std::to_string(nb) + " shapes=" + std::to_string(int(sa)) + "," +
         std::to_string(int(sb)) + " seed=" + std::to_string(seed);
}

/// The transform lengths r 2^k (r in {1, 3, 5}) up to `limit`, ascending.
inline std::vector<std::size_t> transform_lengths(std::size_t limit) {
  std::vector<std::size_t> out;
  for (std::size_t x = 1; x <= limit; ++x) {
    std::size_t y = x;
    while (y % 2 == 0) y /= 2;
    if (y == 1 || y == 3 || y == 5) out.push_back(x);
  }
  return out;
}

}  // namespace warpnum::test

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/gf2n/irreducible.hpp: is_irreducible, Rabin's irreducibility test for a sparse polynomial over
// GF(2) (a Poly) on 64-bit words, in plain constexpr C++: GF2n static_asserts it for a user's polynomial, and
// scripts/gen_gf2n_poly_table.cpp runs it to prove every default polynomial irreducible.
#pragma once

#include <warpnum/poly.hpp>

#include <cstdint>

namespace warpnum::detail {

namespace irreducible_impl {

using word = std::uint64_t;

/// Words of a polynomial of degree <= Poly::max_degree (4096 bits and the leading one).
inline constexpr int poly_words = Poly::max_degree / 64 + 1;
/// Words of a square before its reduction (degree <= 2 * 4095), with one to spare for shifted xors.
inline constexpr int square_words = 2 * (Poly::max_degree / 64) + 1;

/// The degree of the polynomial in words [0, num_words), or -1 for 0.
constexpr int degree_of(const word* a, int num_words) noexcept {
  for (int i = num_words - 1; i >= 0; --i) {
    if (a[i] != 0) {
      int d = 63;
      while ((a[i] >> d) == 0) --d;
      return 64 * i + d;
    }
  }
  return -1;
}

/// r ^= w * x^offset. An offset below 0 drops the low -offset bits of w, which the caller knows to be zero. The
/// word above is touched only when bits reach it, so that a product ending in the last word stays in the array (a
/// constant evaluation rejects even a 0 stored past its end).
constexpr void xor_at(word* r, word w, int offset) noexcept {
  if (offset < 0) {
    w >>= -offset;
    offset = 0;
  }
  const int q = offset / 64;
  const int s = offset % 64;
  r[q] ^= w << s;
  if (s != 0 && (w >> (64 - s)) != 0) r[q + 1] ^= w >> (64 - s);
}

/// The polynomial P = x^n + (terms e[1..t-1]) of degree n, its exponents highest first ending in 0.
struct SparsePoly {
  int exps[Poly::max_terms];
  int num_terms;
  int degree;
  int words;  ///< words of a residue: ceil(n / 64)
  /// Whether n - e >= 64 for every lower term x^e: a word's reduction then lands wholly in the words below it.
  bool gap_of_a_word;
  /// For each lower term x^e: x^(64i + j) reduces to bit j of the word pair from word i + word_shift[t],
  /// shifted up by bit_shift[t] (64i - n + e = 64 (i + word_shift[t]) + bit_shift[t]).
  int word_shift[Poly::max_terms];
  int bit_shift[Poly::max_terms];
};

constexpr SparsePoly make_sparse_poly(const Poly& poly) noexcept {
  SparsePoly p{};
  p.num_terms = poly.num_terms();
  for (int t = 0; t < p.num_terms; ++t) p.exps[t] = poly.exp(t);
  p.degree = p.exps[0];
  p.words = (p.degree + 63) / 64;
  p.gap_of_a_word = p.degree - p.exps[1] >= 64;
  for (int t = 1; t < p.num_terms; ++t) {
    const int offset = p.exps[t] - p.degree;  // negative
    p.word_shift[t] = -((-offset + 63) / 64);
    p.bit_shift[t] = offset - 64 * p.word_shift[t];
  }
  return p;
}

/// r mod P in place, r of degree < 2n (words [0, 2 * p.words)); the result fills words [0, p.words), the words
/// above are left as they are. Shift-xor reduction from the top word down: x^(64i + j) = x^(64i + j - n) (P - x^n),
/// so a word's bits of degree >= n move down by n - e for each lower term x^e of P.
constexpr void reduce(word* r, const SparsePoly& p) noexcept {
  const int n = p.degree;
  int i = 2 * p.words - 1;
  if (p.gap_of_a_word) {
    // Each whole word above degree n lands in the words below it, at shifts fixed per term.
    const int terms = p.num_terms;
    int word_shift[Poly::max_terms] = {};
    int bit_shift[Poly::max_terms] = {};
    for (int t = 1; t < terms; ++t) {
      word_shift[t] = p.word_shift[t];
      bit_shift[t] = p.bit_shift[t];
    }
    for (; i >= p.words; --i) {
      const word w = r[i];
      for (int t = 1; t < terms; ++t) {
        r[i + word_shift[t]] ^= w << bit_shift[t];
        r[i + word_shift[t] + 1] ^= (w >> 1) >> (63 - bit_shift[t]);  // w >> (64 - s), and 0 for s = 0
      }
    }
  }
  // The general case, and the word that holds x^n: where n - e < 64 a term lands back in the same word, lower,
  // so the word is taken again until no bit of degree >= n is left in it.
  const int low_word = n / 64;
  const word low_mask = ~word{0} << (n % 64);  // bits of degree >= n in the word low_word
  for (; i >= low_word; --i) {
    for (;;) {
      const word w = i == low_word ? r[i] & low_mask : r[i];
      if (w == 0) break;
      r[i] ^= w;
      for (int t = 1; t < p.num_terms; ++t) xor_at(r, w, 64 * i - n + p.exps[t]);
    }
  }
}

/// a = a^2 mod P, a of degree < n; r is scratch of square_words + 1 words. The square of a word spreads its
/// bits to the even positions of two. Written out in the loop, not as a function: g++ 12 keeps a constant
/// evaluation's calls by argument value, and one call a word made the test of degree 4096 take 1.7 GB.
constexpr void square_mod(word* a, word* r, const SparsePoly& p) noexcept {
  for (int i = 0; i < p.words; ++i) {
    word x = a[i] & 0xffffffffull;
    word y = a[i] >> 32;
    x = (x | (x << 16)) & 0x0000ffff0000ffffull;
    y = (y | (y << 16)) & 0x0000ffff0000ffffull;
    x = (x | (x << 8)) & 0x00ff00ff00ff00ffull;
    y = (y | (y << 8)) & 0x00ff00ff00ff00ffull;
    x = (x | (x << 4)) & 0x0f0f0f0f0f0f0f0full;
    y = (y | (y << 4)) & 0x0f0f0f0f0f0f0f0full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    y = (y | (y << 2)) & 0x3333333333333333ull;
    r[2 * i] = (x | (x << 1)) & 0x5555555555555555ull;
    r[2 * i + 1] = (y | (y << 1)) & 0x5555555555555555ull;
  }
  reduce(r, p);
  for (int i = 0; i < p.words; ++i) a[i] = r[i];
}

/// The degree of gcd(a, b) (-1 where both are 0), for a and b of at most `num_words` words each. Euclid's
/// algorithm by shifted subtraction: each step takes away the leading term of the larger. Clobbers a and b.
constexpr int gcd_degree(word* a, word* b, int num_words) noexcept {
  int da = degree_of(a, num_words);
  int db = degree_of(b, num_words);
  for (;;) {
    if (da < db) {
      word* t = a;
      a = b;
      b = t;
      const int d = da;
      da = db;
      db = d;
    }
    if (db < 0) return da;  // b = 0: the gcd is a
    const int shift = da - db;
    for (int j = db / 64; j >= 0; --j) xor_at(a, b[j], 64 * j + shift);
    da = degree_of(a, da / 64 + 1);
  }
}

/// Cheap proof of reducibility (a speed-up, never the decision): a factor of P of degree d divides
/// x^(2^m) - x for every multiple m of d, so 0 < deg gcd(P, x^(2^m) - x) < n proves P reducible. P mod
/// (x^(2^m) - x) is sparse too: x^e = x^((e - 1) mod (2^m - 1) + 1) there for e >= 1. m = 6 to 10 cover every
/// factor of degree 1 to 10 at five gcds of at most 1024 bits; they reject about 4 in 5 of the reducible
/// trinomials and pentanomials that gen_gf2n_poly_table.cpp tries, each at the cost of some 15 squarings of the
/// full test.
constexpr bool has_small_factor(const SparsePoly& p) noexcept {
  constexpr int max_m = 10;
  constexpr int m_words = (1 << max_m) / 64 + 1;
  for (int m = 6; m <= max_m; ++m) {
    const int period = (1 << m) - 1;
    word r[m_words + 1] = {};
    word f[m_words + 1] = {};
    for (int t = 0; t < p.num_terms; ++t) {
      const int e = p.exps[t];
      const int reduced = e == 0 ? 0 : (e - 1) % period + 1;
      r[reduced / 64] ^= word{1} << (reduced % 64);
    }
    f[(1 << m) / 64] ^= word{1} << ((1 << m) % 64);
    f[0] ^= 2;  // f = x^(2^m) + x
    const int d = gcd_degree(f, r, m_words);
    if (d > 0 && d < p.degree) return true;
  }
  return false;
}

}  // namespace irreducible_impl

/// Whether `p` is irreducible over GF(2), by Rabin's test (Rabin, "Probabilistic algorithms in finite fields",
/// SIAM J. Comput. 9 (1980), Lemma 1): P of degree n is irreducible iff x^(2^n) = x mod P and
/// gcd(x^(2^(n/q)) - x, P) = 1 for each prime q dividing n. n squarings modulo the sparse P (shift-xor reduction)
/// and one gcd for each prime factor of n (at most 5), on fixed arrays of 65 words: usable in constant evaluation
/// under g++ and nvcc's host pass, and at run time (2 ms at degree 4096 on this project's x86 host).
///
/// Constant evaluation costs about n^2: under g++ 12, 0.5 s at degree 571, 1 s at 1024, 2 s at 1536; from about
/// 1800 it exceeds g++'s default -fconstexpr-ops-limit, and at 4096 nvcc 13's front end gives up ("excessive
/// constexpr function call complexity"). Bad input (a Poly whose check() fails): false.
constexpr bool is_irreducible(const Poly& poly) noexcept {
  using namespace irreducible_impl;
  if (poly.check() != nullptr) return false;
  const SparsePoly p = make_sparse_poly(poly);
  const int n = p.degree;

  if (has_small_factor(p)) return false;

  // The distinct primes q of n and the steps n / q at which x^(2^(n/q)) is kept.
  int steps[6] = {};
  int num_steps = 0;
  for (int q = 2, rest = n; rest > 1; ++q) {
    if (q * q > rest) q = rest;
    if (rest % q == 0) {
      steps[num_steps++] = n / q;
      while (rest % q == 0) rest /= q;
    }
  }
  word kept[6][poly_words] = {};

  word a[poly_words] = {};
  a[0] = 2;  // x
  word scratch[square_words + 1] = {};
  for (int i = 1; i <= n; ++i) {
    square_mod(a, scratch, p);
    for (int s = 0; s < num_steps; ++s) {
      if (steps[s] == i) {
        for (int j = 0; j < p.words; ++j) kept[s][j] = a[j];
      }
    }
  }
  // x^(2^n) = x mod P.
  if (a[0] != 2) return false;
  for (int j = 1; j < p.words; ++j) {
    if (a[j] != 0) return false;
  }
  // gcd(x^(2^(n/q)) - x, P) = 1.
  for (int s = 0; s < num_steps; ++s) {
    word pw[poly_words + 1] = {};
    for (int t = 0; t < p.num_terms; ++t) pw[p.exps[t] / 64] ^= word{1} << (p.exps[t] % 64);
    kept[s][0] ^= 2;
    if (gcd_degree(kept[s], pw, p.words + 1) != 0) return false;
  }
  return true;
}

}  // namespace warpnum::detail

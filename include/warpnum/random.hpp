// SPDX-License-Identifier: Apache-2.0
// warpnum/random.hpp: random BigUInt and BigInt values (uniform over the type, below a bound, or in [a, b] by
// uniform_int_distribution) from any UniformRandomBitGenerator, and Philox4x32, a counter-based generator that host
// code, device code and constant evaluation run alike, one stream a thread:
//
//   warpnum::Philox4x32 g(seed, thread_index);                         // the same numbers on host and device
//   auto x = warpnum::random<warpnum::BigUInt<256>>(g);                  // every bit pattern equally likely
//   auto r = warpnum::random_below(g, p);                                // uniform in [0, p), no modulo bias
//   warpnum::uniform_int_distribution<warpnum::BigInt<512>> d(a, b);    // uniform in [a, b], as std's
//   auto y = d(g);
//
// Errors (docs/errors.md): an empty range (a bound <= 0, a > b) throws std::invalid_argument on the host; device code
// and the _checked forms get a defined value and Status::invalid_argument. Nothing here is a cryptographic generator
// or runs in constant time: do not draw keys or nonces with it.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/random/bit_source.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum {

// ---- Philox4x32 --------------------------------------------------------------------------------------------------

/// Philox4x32-10, the counter-based generator of J. K. Salmon, M. A. Moraes, R. O. Dror and D. E. Shaw, "Parallel
/// random numbers: as easy as 1, 2, 3", SC 2011: block i of a stream is a 10-round keyed bijection of the 128-bit
/// counter i, so any position is reached in O(1) (`discard`) and threads draw from disjoint streams with no shared
/// state. A UniformRandomBitGenerator of 32-bit words whose every member is `WARPNUM_HD constexpr`: host code, device
/// code and constant evaluation get the same numbers from the same seed and stream.
///
/// `Philox4x32(seed, stream)` is the sequence of cuRAND's `curand_init(seed, stream, 0, &state)` and `curand(&state)`
/// for a `curandStatePhilox4_32_10_t`: the key is (seed mod 2^32, seed / 2^32) and the first counter (0, 0, stream mod
/// 2^32, stream / 2^32), as 32-bit words, least significant first; each block gives its four words in order, then the
/// counter goes up by 1 (carrying through all 128 bits). A stream is thus 2^66 numbers long. For a seed below 2^32,
/// stream 0 is also C++26's `std::philox4x32(seed)`. Give each thread its own stream: `Philox4x32 g(seed, thread)`.
///
/// Trivially copyable (44 bytes), so it can live in device memory between kernels. Not a cryptographic generator.
class Philox4x32 {
 public:
  using result_type = std::uint32_t;

  /// Four 32-bit words, the least significant first: a counter, or the output block of one.
  struct Block {
    std::uint32_t words[4];
    friend WARPNUM_HD constexpr bool operator==(const Block& a, const Block& b) noexcept {
      return a.words[0] == b.words[0] && a.words[1] == b.words[1] && a.words[2] == b.words[2] && a.words[3] == b.words[3];
    }
    friend WARPNUM_HD constexpr bool operator!=(const Block& a, const Block& b) noexcept { return !(a == b); }
  };
  /// The two 32-bit words of a key, the least significant first.
  struct Key {
    std::uint32_t words[2];
  };

  /// Rounds of the bijection (Philox4x32-10).
  static constexpr int rounds = 10;
  /// The seed of a default-constructed generator, that of C++26's std::philox4x32.
  static constexpr std::uint64_t default_seed = 20111115u;

  WARPNUM_HD static constexpr result_type min() noexcept { return 0; }
  WARPNUM_HD static constexpr result_type max() noexcept { return 0xffffffffu; }

  /// Stream 0 of default_seed.
  WARPNUM_HD constexpr Philox4x32() noexcept : Philox4x32(default_seed) {}

  /// Stream `stream` (of 2^64) of the key `seed`; the first number is word 0 of block (0, 0, stream).
  WARPNUM_HD constexpr explicit Philox4x32(std::uint64_t seed, std::uint64_t stream = 0) noexcept
      : key_{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}},
        counter_{{0u, 0u, static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)}},
        out_{{0u, 0u, 0u, 0u}},
        index_(4) {}

  /// The next 32-bit number.
  WARPNUM_HD constexpr result_type operator()() noexcept {
    if (index_ == 4) {
      out_ = block(counter_, key_);
      advance(counter_, 1);
      index_ = 0;
    }
    // Selects rather than out_.words[index_], so that device code keeps the block in registers.
    const std::uint32_t r = index_ == 0 ? out_.words[0] : index_ == 1 ? out_.words[1] : index_ == 2 ? out_.words[2] : out_.words[3];
    ++index_;
    return r;
  }

  /// Skips n numbers, in O(1): the state becomes that after n calls.
  WARPNUM_HD constexpr void discard(unsigned long long n) noexcept {
    const unsigned buffered = 4u - index_;  // numbers left in out_
    if (n <= buffered) {
      index_ += static_cast<unsigned>(n);
      return;
    }
    n -= buffered;  // now at a block boundary: the next number is word 0 of block counter_
    advance(counter_, n / 4);
    index_ = static_cast<unsigned>(n % 4);
    if (index_ == 0) {
      index_ = 4;
    } else {
      out_ = block(counter_, key_);
      advance(counter_, 1);
    }
  }

  /// The generator's key.
  WARPNUM_HD constexpr Key key() const noexcept { return key_; }

  /// The Philox4x32-10 bijection: the output block of `counter` under `key`.
  ///
  /// Salmon et al.'s Philox for four 32-bit words: each round multiplies words 0 and 2 by the constants M0 and M1 and
  /// takes the 64-bit products' halves, (hi0, lo0) = M0 c0 and (hi1, lo1) = M1 c2; the new words are
  /// (hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0), with the round's key (k0, k1). The key starts as the generator's and
  /// goes up by (W0, W1), a Weyl sequence, before each later round. The constants are the paper's for Philox4x32:
  /// M0 = 0xD2511F53, M1 = 0xCD9E8D57, W0 = 0x9E3779B9 (the golden ratio), W1 = 0xBB67AE85 (sqrt(3) - 1), the same
  /// that C++26 [rand.predef] gives std::philox4x32.
  WARPNUM_HD static constexpr Block block(Block c, Key key) noexcept {
    constexpr std::uint32_t m0 = 0xD2511F53u;
    constexpr std::uint32_t m1 = 0xCD9E8D57u;
    constexpr std::uint32_t w0 = 0x9E3779B9u;
    constexpr std::uint32_t w1 = 0xBB67AE85u;
    std::uint32_t k0 = key.words[0];
    std::uint32_t k1 = key.words[1];
    WARPNUM_UNROLL
    for (int round = 0; round < rounds; ++round) {
      if (round > 0) {
        k0 += w0;
        k1 += w1;
      }
      const std::uint64_t p0 = static_cast<std::uint64_t>(m0) * c.words[0];
      const std::uint64_t p1 = static_cast<std::uint64_t>(m1) * c.words[2];
      c = Block{{static_cast<std::uint32_t>(p1 >> 32) ^ c.words[1] ^ k0, static_cast<std::uint32_t>(p1),
                 static_cast<std::uint32_t>(p0 >> 32) ^ c.words[3] ^ k1, static_cast<std::uint32_t>(p0)}};
    }
    return c;
  }

  /// Same key and same position.
  friend WARPNUM_HD constexpr bool operator==(const Philox4x32& a, const Philox4x32& b) noexcept {
    // out_ is block(counter_ - 1, key_) wherever it is read (index_ < 4), so it follows from the rest.
    return a.key_.words[0] == b.key_.words[0] && a.key_.words[1] == b.key_.words[1] && a.counter_ == b.counter_ &&
           a.index_ == b.index_;
  }
  friend WARPNUM_HD constexpr bool operator!=(const Philox4x32& a, const Philox4x32& b) noexcept { return !(a == b); }

 private:
  /// c += n over the 128 bits.
  WARPNUM_HD static constexpr void advance(Block& c, std::uint64_t n) noexcept {
    const std::uint64_t lo = ((static_cast<std::uint64_t>(c.words[1]) << 32) | c.words[0]) + n;
    const std::uint64_t hi = ((static_cast<std::uint64_t>(c.words[3]) << 32) | c.words[2]) + (lo < n ? 1u : 0u);
    c = Block{{static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(lo >> 32), static_cast<std::uint32_t>(hi),
               static_cast<std::uint32_t>(hi >> 32)}};
  }

  Key key_;
  Block counter_;   // of the next block to compute
  Block out_;       // the current block: block(counter_ - 1, key_), read where index_ < 4
  unsigned index_;  // the next word of out_ to return; 4 when out_ is used up (or not yet computed)
};

// ---- values --------------------------------------------------------------------------------------------------------

/// A uniformly random BigUInt<Bits> or BigInt<Bits> (T): every one of the 2^Bits bit patterns equally likely. `g`: a
/// UniformRandomBitGenerator (std::mt19937_64, std::minstd_rand, Philox4x32, ...); generators whose number of values is
/// not a power of two are handled by rejection, so every bit is uniform. Device code passes a device generator
/// (Philox4x32). The same generator state gives the same value on host and device.
template <class T, class URBG>
  requires detail::is_basic_int<T>
WARPNUM_HD constexpr T random(URBG& g) {
  detail::urbg::BitSource<URBG> bits(g);
  T r;
  for (int i = 0; i < T::num_limbs; ++i) r.limbs_[i] = bits.take(32);
  return r;
}

/// A uniformly random value in [0, bound) without modulo bias (rejection sampling on bound's bit length: on average
/// fewer than two tries), and its status. A bound <= 0 (an empty range) gives {0, Status::invalid_argument} and draws
/// nothing; otherwise {value, Status::ok}. Host and device alike.
template <std::size_t Bits, bool Signed, class URBG>
WARPNUM_HD constexpr Checked<BasicInt<Bits, Signed>> random_below_checked(URBG& g, const BasicInt<Bits, Signed>& bound) {
  using T = BasicInt<Bits, Signed>;
  using U = BasicInt<Bits, false>;
  if (bound.is_zero() || bound.is_negative()) return {T{}, Status::invalid_argument};
  return {T{detail::urbg::at_most(g, U{bound} - U{1u})}, Status::ok};
}

/// A uniformly random value in [0, bound) without modulo bias (see random_below_checked). A bound <= 0 (an empty
/// range): std::invalid_argument on the host (a compile error in constant evaluation); 0 on the device, drawing
/// nothing (random_below_checked also reports Status::invalid_argument).
template <std::size_t Bits, bool Signed, class URBG>
WARPNUM_HD constexpr BasicInt<Bits, Signed> random_below(URBG& g, const BasicInt<Bits, Signed>& bound) {
  const auto r = random_below_checked(g, bound);
  if (r.status != Status::ok) detail::raise<std::invalid_argument>("warpnum: random_below: the bound must be positive ([0, bound) is empty)");
  return r.value;
}

// ---- uniform_int_distribution --------------------------------------------------------------------------------------

/// Uniformly distributed BigUInt or BigInt values in [a, b] (both inclusive), in the shape of
/// std::uniform_int_distribution (and of Boost.Random's for cpp_int): param_type, a(), b(), min(), max(), param(),
/// reset() and operator() with a UniformRandomBitGenerator, with or without a param_type. No modulo bias (rejection on
/// the bit length of b - a); [min(), max()] of the type is every bit pattern. Every member is `WARPNUM_HD constexpr`,
/// so device code draws with a device generator (Philox4x32), and the same generator state gives the same value on
/// host and device.
///
/// a > b (an empty range): the constructors throw std::invalid_argument on the host; built in device code, or by
/// `checked`, the object's status() is Status::invalid_argument and every draw returns a without calling the
/// generator. `T`: BigUInt<Bits> or BigInt<Bits>.
template <class T> class uniform_int_distribution {
  static_assert(detail::is_basic_int<T>,
                "warpnum::uniform_int_distribution<T>: T must be a BigUInt or BigInt (std::uniform_int_distribution "
                "serves the built-in types)");

 public:
  using result_type = T;

  /// The range [a, b] of a distribution.
  class param_type {
   public:
    using distribution_type = uniform_int_distribution;

    /// [0, T::max()], as std's.
    WARPNUM_HD constexpr param_type() noexcept : a_{}, b_{T::max()} {}
    /// [a, b]. a > b: std::invalid_argument on the host (see the class).
    WARPNUM_HD constexpr explicit param_type(const T& a, const T& b = T::max()) : a_(a), b_(b) {
      if (b < a) detail::raise<std::invalid_argument>("warpnum: uniform_int_distribution: a > b, so [a, b] is empty");
    }
    /// [a, b] without throwing: for a > b, status() is Status::invalid_argument.
    WARPNUM_HD static constexpr param_type checked(const T& a, const T& b) noexcept {
      param_type p;
      p.a_ = a;
      p.b_ = b;
      return p;
    }

    WARPNUM_HD constexpr T a() const noexcept { return a_; }
    WARPNUM_HD constexpr T b() const noexcept { return b_; }
    /// Status::invalid_argument where a > b, else Status::ok.
    WARPNUM_HD constexpr Status status() const noexcept { return b_ < a_ ? Status::invalid_argument : Status::ok; }

    friend WARPNUM_HD constexpr bool operator==(const param_type& x, const param_type& y) noexcept {
      return x.a_ == y.a_ && x.b_ == y.b_;
    }
    friend WARPNUM_HD constexpr bool operator!=(const param_type& x, const param_type& y) noexcept { return !(x == y); }

   private:
    T a_;
    T b_;
  };

  /// [0, T::max()], as std's.
  WARPNUM_HD constexpr uniform_int_distribution() noexcept : p_{} {}
  /// [a, b]. a > b: std::invalid_argument on the host (see the class).
  WARPNUM_HD constexpr explicit uniform_int_distribution(const T& a, const T& b = T::max()) : p_(a, b) {}
  /// The range of p (which param_type::checked may have built with a > b).
  WARPNUM_HD constexpr explicit uniform_int_distribution(const param_type& p) noexcept : p_(p) {}
  /// [a, b] without throwing: for a > b, status() is Status::invalid_argument.
  WARPNUM_HD static constexpr uniform_int_distribution checked(const T& a, const T& b) noexcept {
    return uniform_int_distribution(param_type::checked(a, b));
  }

  /// Nothing to reset: each draw depends only on the generator.
  WARPNUM_HD constexpr void reset() noexcept {}

  WARPNUM_HD constexpr T a() const noexcept { return p_.a(); }
  WARPNUM_HD constexpr T b() const noexcept { return p_.b(); }
  WARPNUM_HD constexpr param_type param() const noexcept { return p_; }
  WARPNUM_HD constexpr void param(const param_type& p) noexcept { p_ = p; }
  /// The smallest value a draw returns: a().
  WARPNUM_HD constexpr T min() const noexcept { return p_.a(); }
  /// The largest value a draw returns: b() (a() where a() > b()).
  WARPNUM_HD constexpr T max() const noexcept { return p_.status() == Status::ok ? p_.b() : p_.a(); }
  /// Status::invalid_argument where a > b, else Status::ok.
  WARPNUM_HD constexpr Status status() const noexcept { return p_.status(); }

  /// A uniform value in [a(), b()]; a() without drawing where a() > b().
  template <class URBG> WARPNUM_HD constexpr T operator()(URBG& g) const { return (*this)(g, p_); }
  /// A uniform value in [p.a(), p.b()]; p.a() without drawing where p.a() > p.b().
  template <class URBG> WARPNUM_HD constexpr T operator()(URBG& g, const param_type& p) const {
    using U = BasicInt<T::bits, false>;
    if (p.status() != Status::ok) return p.a();
    // b - a modulo 2^Bits is the range's size less one, for signed types too (two's complement).
    return T{U{p.a()} + detail::urbg::at_most(g, U{p.b()} - U{p.a()})};
  }

  friend WARPNUM_HD constexpr bool operator==(const uniform_int_distribution& x, const uniform_int_distribution& y) noexcept {
    return x.p_ == y.p_;
  }
  friend WARPNUM_HD constexpr bool operator!=(const uniform_int_distribution& x, const uniform_int_distribution& y) noexcept {
    return !(x == y);
  }

 private:
  param_type p_;
};

}  // namespace warpnum

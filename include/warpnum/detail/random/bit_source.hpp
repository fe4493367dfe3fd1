// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/random/bit_source.hpp: uniform bits from any UniformRandomBitGenerator (whole outputs where its
// number of values is a power of two, else by rejection), and a uniform value in [0, range] by rejection on range's
// bit length: the draws under warpnum/random.hpp, for host, device and constant evaluation alike.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace warpnum {

namespace detail::urbg {

/// How many bits each call of a generator with range + 1 values (range = max() - min()) gives: all of them where
/// that count is a power of two; otherwise the k with the most bits a call on average, k times the chance that an
/// output falls below the largest multiple of 2^k (std::minstd_rand: 27 bits, 1 call in 16 drawn again).
WARPNUM_HD constexpr int bits_per_call(std::uint64_t range) noexcept {
  if (range == ~std::uint64_t{0}) return 64;
  const std::uint64_t n = range + 1;
  int best = 1;
  double best_rate = 0;
  for (int k = 1; k < 64 && (std::uint64_t{1} << k) <= n; ++k) {
    const std::uint64_t kept = n >> k << k;
    const double rate = k * (static_cast<double>(kept) / static_cast<double>(n));
    if (rate >= best_rate) {
      best = k;
      best_rate = rate;
    }
  }
  return best;
}

/// 2^k - 1 for 0 <= k <= 64.
WARPNUM_HD constexpr std::uint64_t low_mask(int k) noexcept { return k >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k) - 1; }

/// What the bit source needs to know of a UniformRandomBitGenerator.
template <class URBG> struct Traits {
  using result_type = typename URBG::result_type;
  static_assert(std::is_integral_v<result_type> && std::is_unsigned_v<result_type> && sizeof(result_type) <= 8,
                "warpnum: a UniformRandomBitGenerator's result_type must be an unsigned integer of at most 64 bits");
  static_assert(URBG::min() < URBG::max(), "warpnum: a UniformRandomBitGenerator must have min() < max()");
  static constexpr std::uint64_t min = static_cast<std::uint64_t>(URBG::min());
  static constexpr std::uint64_t range = static_cast<std::uint64_t>(URBG::max()) - min;
  /// Bits taken from each kept output (its low bits, after subtracting min()).
  static constexpr int bits = bits_per_call(range);
  /// Outputs (less min()) at or above this are drawn again; 0 where every output is kept (a multiple of 2^bits values).
  static constexpr std::uint64_t limit = (range & low_mask(bits)) == low_mask(bits) ? 0 : (range + 1) & ~low_mask(bits);
  /// The bits a call puts into the buffer: all 64, else at most 32 (the rest of a wider output is dropped).
  static constexpr int word_bits = bits == 64 ? 64 : (bits > 32 ? 32 : bits);
};

/// Uniform bits from a generator, n at a time (1 <= n <= 32). Outputs are consumed in a fixed order, so the same
/// generator state gives the same bits on the host, on the device and during constant evaluation; bits left over in
/// the buffer are dropped with the source.
template <class URBG> class BitSource {
  using T = Traits<URBG>;

 public:
  WARPNUM_HD constexpr explicit BitSource(URBG& g) noexcept : g_(g) {}

  /// n uniform bits, the low bits of the result.
  WARPNUM_HD constexpr std::uint32_t take(int n) {
    std::uint64_t r = 0;
    if (have_ >= n) {
      r = buf_;
      buf_ >>= n;
      have_ -= n;
    } else if constexpr (T::word_bits == 64) {
      const std::uint64_t v = draw();
      r = buf_ | (v << have_);  // have_ < n <= 32
      const int used = n - have_;
      buf_ = v >> used;
      have_ = 64 - used;
    } else {
      while (have_ < n) {  // have_ < 32 and word_bits <= 32: the buffer does not overflow
        buf_ |= draw() << have_;
        have_ += T::word_bits;
      }
      r = buf_;
      buf_ >>= n;
      have_ -= n;
    }
    return static_cast<std::uint32_t>(r) & (n == 32 ? 0xffffffffu : (std::uint32_t{1} << n) - 1u);
  }

 private:
  /// word_bits uniform bits: the low bits of an output less min(), below limit (rejection sampling). The one call of
  /// the generator: a host generator (std::mt19937) in host code needs no device body, so nvcc's check of calls from
  /// host-device code is off here.
  WARPNUM_DETAIL_EXEC_CHECK_DISABLE
  WARPNUM_HD constexpr std::uint64_t draw() {
    for (;;) {
      const std::uint64_t v = static_cast<std::uint64_t>(g_()) - T::min;
      if (T::limit == 0 || v < T::limit) return v & low_mask(T::word_bits);
    }
  }

  URBG& g_;
  std::uint64_t buf_ = 0;  // have_ bits, the bits above them zero
  int have_ = 0;
};

/// A uniform value in [0, range], by rejection on range's bit length w: w random bits, drawn from the top limb down
/// and rejected as soon as a limb makes the number exceed range (so a draw costs little more than w bits; each
/// attempt succeeds with probability above 1/2). range == 0 draws nothing.
template <std::size_t Bits, class URBG>
WARPNUM_HD constexpr BasicInt<Bits, false> at_most(URBG& g, const BasicInt<Bits, false>& range) {
  BasicInt<Bits, false> r{};
  const int w = bit_width(range);
  if (w == 0) return r;
  const int top = (w - 1) / 32;       // the top limb drawn
  const int top_bits = w - 32 * top;  // 1 to 32
  BitSource<URBG> bits(g);
  for (;;) {
    bool below = false;  // the limbs drawn so far are below range's
    bool above = false;
    for (int i = top; i >= 0; --i) {
      const std::uint32_t v = bits.take(i == top ? top_bits : 32);
      r.limbs_[i] = v;
      if (!below) {
        if (v > range.limbs_[i]) {
          above = true;
          break;
        }
        below = v < range.limbs_[i];
      }
    }
    if (!above) return r;
  }
}

}  // namespace detail::urbg

}  // namespace warpnum

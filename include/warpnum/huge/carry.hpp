// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/carry.hpp: the arithmetic of carry resolution over long limb arrays (Integer's additions,
// subtractions and the normalisation of a product's coefficients) and the limbs of shifted arrays, one body for
// the host's loops and the device's kernels (src/huge/carry.cu). Each limb of a sum is first formed on its own,
// as a value and a one-bit carry it generates; the carries then resolve by carry look-ahead (Dieguez et al.,
// "The Carry Normalization"). Compiles with plain g++.
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum::huge {

/// One limb of a sum before the carries between limbs: its value (mod 2^32), whether it carries (or borrows)
/// out by itself (`generate`), and whether a carry (borrow) into it passes on (`propagate`: the value is all
/// ones for a sum, zero for a difference; the paper's "critical"). Never both.
struct CarryDigit {
  std::uint32_t value;
  std::uint32_t generate;   // 0 or 1
  std::uint32_t propagate;  // 0 or 1
};

/// What a run of limbs does to the carries: `generate`, it carries out when nothing comes in; `propagate`, a
/// carry in passes through it (every limb propagates). The empty run is {0, 1}.
struct CarrySummary {
  std::uint32_t generate;
  std::uint32_t propagate;
};

/// The bits of limb k that lie below bit `bits` of a limb array (all of them from k < bits / 32 down, none from
/// k >= ceil(bits / 32)): the mask of a floor shift's lost bits.
WARPNUM_HD constexpr std::uint32_t low_bits_mask(std::size_t bits, std::size_t k) noexcept {
  if (bits >= 32 * (k + 1)) return ~std::uint32_t{0};
  if (bits <= 32 * k) return 0;
  return (std::uint32_t{1} << (bits - 32 * k)) - 1;
}

/// The summary of the run `low` followed (more significant) by the run `high`.
WARPNUM_HD constexpr CarrySummary combine(CarrySummary low, CarrySummary high) noexcept {
  return {high.generate | (high.propagate & low.generate), high.propagate & low.propagate};
}

/// The carry out of a run with summary s when `carry_in` (0 or 1) comes in.
WARPNUM_HD constexpr std::uint32_t carry_out(CarrySummary s, std::uint32_t carry_in) noexcept {
  return s.generate | (s.propagate & carry_in);
}

/// Carry look-ahead over 32 runs at once, by one addition (Dieguez et al., "The Carry Normalization", eq. 2:
/// carry = ((c << 1) + carry_in + critical) xor critical): bit i of `generate` and of `critical` are run i's
/// summary (no run both generates and propagates). Bit i of the result is the carry into run i (bit 0 is
/// `carry_in`), bit 32 the carry out of run 31. Why it works: at bit i the sum adds critical_i, generate_{i-1}
/// and the addition's own carry, of which at most one of the last two is set; so bit i of the sum xor
/// critical is generate_{i-1} or the carry that rippled through the critical runs below: the carry into run i.
WARPNUM_HD constexpr std::uint64_t lookahead_carries(std::uint32_t generate, std::uint32_t critical,
                                                     std::uint32_t carry_in) noexcept {
  const std::uint64_t sum = (static_cast<std::uint64_t>(generate) << 1) + carry_in + critical;
  return sum ^ critical;
}

/// The summary of 32 runs from their look-ahead masks.
WARPNUM_HD constexpr CarrySummary summarise_lanes(std::uint32_t generate, std::uint32_t critical) noexcept {
  return {static_cast<std::uint32_t>(lookahead_carries(generate, critical, 0) >> 32), critical == ~0u ? 1u : 0u};
}

// ---- the limbs of a sum, a difference and a product's coefficients, before the carries ----

/// Limb k of a + b: a_k + b_k.
WARPNUM_HD constexpr CarryDigit add_digit(std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint32_t v = a + b;
  return {v, v < a ? 1u : 0u, v == ~0u ? 1u : 0u};
}
/// Limb k of a - b: a_k - b_k, borrowing out when a_k < b_k; a borrow in passes a zero limb.
WARPNUM_HD constexpr CarryDigit sub_digit(std::uint32_t a, std::uint32_t b) noexcept {
  const std::uint32_t v = a - b;
  return {v, a < b ? 1u : 0u, v == 0 ? 1u : 0u};
}
/// The final limb of a sum (of a difference) from the limb's value and the carry (borrow) into it.
WARPNUM_HD constexpr std::uint32_t add_carry_in(std::uint32_t value, std::uint32_t carry) noexcept { return value + carry; }
WARPNUM_HD constexpr std::uint32_t sub_borrow_in(std::uint32_t value, std::uint32_t borrow) noexcept {
  return value - borrow;
}

/// Phase 1 of the normalisation (Dieguez et al., "The Carry Normalization", first phase) for 96-bit
/// coefficients c_k = w0 + w1 2^32 + w2 2^64: coefficient k adds w0 to limb k, w1 to limb k + 1 and w2 to
/// limb k + 2, so limb j gathers the column d_j = w0(c_j) + w1(c_{j-1}) + w2(c_{j-2}) < 3 * 2^32. `Coefs` gives
/// word(x, j), word x of c_j, and 0 for j outside the coefficients.
template <class Coefs> WARPNUM_HD constexpr std::uint64_t column_sum(const Coefs& c, std::ptrdiff_t j) noexcept {
  return static_cast<std::uint64_t>(c.word(0, j)) + c.word(1, j - 1) + c.word(2, j - 2);
}
/// Limb k of the product before the one-bit carries: the low word of d_k plus the high part (0 to 2) of
/// d_{k-1}, below 2^32 + 2, so the carry it generates is one bit.
WARPNUM_HD constexpr CarryDigit normalise_digit(std::uint64_t column, std::uint64_t previous_column) noexcept {
  const std::uint64_t v = (column & 0xffffffffu) + (previous_column >> 32);
  const auto value = static_cast<std::uint32_t>(v);
  return {value, static_cast<std::uint32_t>(v >> 32), value == ~0u ? 1u : 0u};
}

/// The coefficient words of an array of 96-bit coefficients (three little-endian words each), zero outside
/// [0, count): the host's and the device's global-memory view for column_sum.
struct CoefWords {
  const std::uint32_t* words;  // 3 count words
  std::ptrdiff_t count;
  WARPNUM_HD constexpr std::uint32_t word(int x, std::ptrdiff_t j) const noexcept {
    return j >= 0 && j < count ? words[3 * j + x] : 0u;
  }
};

// ---- streams: the digits of consecutive limbs, as one thread (or the host's loop) walks its run ----

/// The limbs of a + b, or of a - b (Subtract), from limb k on (na >= nb; b zero-extended).
template <bool Subtract> struct LinearStream {
  const std::uint32_t* a;
  const std::uint32_t* b;
  std::size_t nb;
  std::size_t k;
  WARPNUM_HD CarryDigit next() noexcept {
    const std::uint32_t y = k < nb ? b[k] : 0u;
    const CarryDigit d = Subtract ? sub_digit(a[k], y) : add_digit(a[k], y);
    ++k;
    return d;
  }
  WARPNUM_HD static constexpr std::uint32_t finish(std::uint32_t value, std::uint32_t carry) noexcept {
    return Subtract ? sub_borrow_in(value, carry) : add_carry_in(value, carry);
  }
};
using AddStream = LinearStream<false>;
using SubStream = LinearStream<true>;

/// A number's limbs scaled by a power of two as they are read: x 2^shift, floored where shift < 0 (x >> -shift), of x
/// in n limbs (zero past them). What a shifted operand of a sum or difference reads in place of a shifted copy.
struct ShiftedLimbs {
  const std::uint32_t* x;
  std::size_t n;
  std::ptrdiff_t shift;  // bits: left where positive, right where negative
  /// x's word w, zero outside [0, n).
  WARPNUM_HD constexpr std::uint32_t word(std::ptrdiff_t w) const noexcept {
    return w >= 0 && static_cast<std::size_t>(w) < n ? x[w] : 0u;
  }
  /// Limb k of x 2^shift: bits [32 k - shift, 32 k - shift + 32) of x.
  WARPNUM_HD constexpr std::uint32_t limb(std::size_t k) const noexcept {
    const std::ptrdiff_t bit = 32 * static_cast<std::ptrdiff_t>(k) - shift;
    const std::ptrdiff_t w = bit >= 0 ? bit / 32 : -((31 - bit) / 32);  // floor(bit / 32)
    const auto r = static_cast<unsigned>(bit - 32 * w);
    return r == 0 ? word(w) : (word(w) >> r) | (word(w + 1) << (32 - r));
  }
};

/// The limbs of a 2^sa + b 2^sb, or of a 2^sa - b 2^sb (Subtract), from limb k on: LinearStream with operands read
/// shifted (ShiftedLimbs).
template <bool Subtract> struct ShiftedLinearStream {
  ShiftedLimbs a;
  ShiftedLimbs b;
  std::size_t k;
  WARPNUM_HD CarryDigit next() noexcept {
    const std::uint32_t x = a.limb(k), y = b.limb(k);
    ++k;
    return Subtract ? sub_digit(x, y) : add_digit(x, y);
  }
  WARPNUM_HD static constexpr std::uint32_t finish(std::uint32_t value, std::uint32_t carry) noexcept {
    return LinearStream<Subtract>::finish(value, carry);
  }
};

/// The limbs of a product's coefficients after phase 1, from limb k on: each step forms one column and keeps
/// it for the next limb's high part.
template <class Coefs> struct NormaliseStream {
  Coefs c;
  std::ptrdiff_t k;
  std::uint64_t previous;
  WARPNUM_HD NormaliseStream(const Coefs& coefs, std::ptrdiff_t first) noexcept
      : c(coefs), k(first), previous(column_sum(coefs, first - 1)) {}
  WARPNUM_HD CarryDigit next() noexcept {
    const std::uint64_t column = column_sum(c, k);
    const CarryDigit d = normalise_digit(column, previous);
    previous = column;
    ++k;
    return d;
  }
  WARPNUM_HD static constexpr std::uint32_t finish(std::uint32_t value, std::uint32_t carry) noexcept {
    return add_carry_in(value, carry);
  }
};

/// Limb k of a shifted left by 32 q + s bits (0 <= s < 32; a has na limbs, zero outside).
WARPNUM_HD constexpr std::uint32_t shifted_left_limb(const std::uint32_t* a, std::size_t na, std::size_t k,
                                                     std::size_t q, unsigned s) noexcept {
  const std::uint32_t hi = k >= q && k - q < na ? a[k - q] : 0u;
  const std::uint32_t lo = s != 0 && k >= q + 1 && k - q - 1 < na ? a[k - q - 1] : 0u;
  return s == 0 ? hi : (hi << s) | (lo >> (32 - s));
}
/// Limb k of a shifted right by 32 q + s bits (0 <= s < 32; a has na limbs, zero outside).
WARPNUM_HD constexpr std::uint32_t shifted_right_limb(const std::uint32_t* a, std::size_t na, std::size_t k,
                                                      std::size_t q, unsigned s) noexcept {
  const std::uint32_t lo = k + q < na ? a[k + q] : 0u;
  const std::uint32_t hi = s != 0 && k + q + 1 < na ? a[k + q + 1] : 0u;
  return s == 0 ? lo : (lo >> s) | (hi << (32 - s));
}

}  // namespace warpnum::huge

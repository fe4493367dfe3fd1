// SPDX-License-Identifier: Apache-2.0
// src/huge/radix_tree.cpp: radix conversion of an Integer by whole levels (to_text_tree, from_text_tree): the divide
// and conquer of radix_conversion.hpp (Brent and Zimmermann, "Modern Computer Arithmetic", 1.7), with every number
// of a level in one packed Integer (radix_tree.hpp), so that a level costs a few products and linear passes over
// all of its numbers, not a few operations for each: the lowest level of 10^7 digits holds 2^12 numbers.
//
// to_text_tree, level k of the powers D_k = D_0^(2^k) (D_0 = word^w, word = base^digits a limb holds, w up to
// tree_leaf_words): the C numbers v_i < D_k^2 of the level sit in slots of S = 2 P + 2 limbs (P: D_k's limbs).
// Each splits as v_i = q_i D_k + r_i by Barrett's method with the Newton reciprocal R ~ 2^(n + p) / D_k (n = bits
// of D_k, p = n + 9; one per level, radix_reciprocals):
//   A1 = the slots' v_i >> s (s = n - 3), X1 = A1 R, q_i' = X1's slot >> (n + p - s), so q_i - 1 <= q_i' <= q_i + 1;
//   X2 = (A2 - 3 U) D_k, with A2 the slots' q_i' and U a 1 in each slot: every slot of V - X2 is
//   r_i' = r_i + (q_i - q_i' + 3) D_k, in [2 D_k, 5 D_k);
//   j_i = how many of D_k .. 7 D_k are at most r_i' (each slot against a table of the multiples, made by one
//   addition); r_i = r_i' - j_i D_k and q_i = q_i' - 3 + j_i, for all slots at once by packed subtraction and
//   addition (no slot borrows from the next: each result is in [0, D_k)).
// q_i and r_i become slots 2 i and 2 i + 1 of the next level. The leaves, below D_0, give their words of digits (up
// to tree_leaf_words, chosen so that 2^levels leaves just hold the number), one thread a leaf. from_text_tree runs
// the levels upwards: v = hi D_k + lo for every pair at once, one packed product and one addition a level.
//
// The same steps run on the host and on the device (packed_slots.cu; the packed products are Integer's products):
// Integer's text functions call this for numbers on the device.
#include "engine.hpp"
#include "integer_access.hpp"

#include <warpnum/config.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/huge/radix_conversion.hpp>
#include <warpnum/huge/radix_tree.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace warpnum::huge {
namespace {

using warpnum::detail::throw_error;

/// The bias of the quotient estimates, and the rows of the table of multiples (0 D to 7 D).
constexpr std::uint32_t quotient_bias = 3;
constexpr std::uint32_t table_rows = 8;

/// An Integer of `count` slots of `stride` limbs that `write(out)` fills (out: its count * stride limbs).
template <class Write> Integer packed(std::size_t count, std::size_t stride, Place place, const Write& write) {
  const std::size_t n = count * stride;
  Integer x = IntegerAccess::with_capacity(n, place);
  if (n != 0) write(IntegerAccess::data(x));
  IntegerAccess::finish(x, n, false);
  return x;
}

/// One small number a slot, in the place's memory.
class SlotWords {
 public:
  SlotWords(std::size_t n, Place place) : place_(place), device_(place == Place::device ? n : 0) {
    if (place != Place::device) host_.resize(n);
  }
  std::uint32_t* get() { return place_ == Place::device ? device_.get() : host_.data(); }

 private:
  Place place_;
  DeviceArray<std::uint32_t> device_;
  std::vector<std::uint32_t> host_;
};

/// The leaves of a conversion of at most `digits` digits: 2^levels leaves (levels >= 1) of `words` words each, at
/// most tree_leaf_words and, with more than 2 leaves, more than half of it, so that the leaves hold at least
/// `digits` digits and at most a leaf more than they need (powers of two alone would waste up to half the work).
struct LeafShape {
  std::size_t levels = 1;
  std::size_t words = 1;
};
LeafShape leaf_shape(std::size_t digits, std::size_t word_digits) {
  LeafShape shape;
  while ((std::size_t{1} << shape.levels) * tree_leaf_words * word_digits < digits) ++shape.levels;
  const std::size_t per_leaf = (digits + (std::size_t{1} << shape.levels) - 1) >> shape.levels;
  shape.words = std::max<std::size_t>(1, (per_leaf + word_digits - 1) / word_digits);
  return shape;
}

/// D_0 = word^words in the place, then its squares: D_0 .. D_(levels - 1).
std::vector<Integer> radix_powers(int base, const LeafShape& shape, Place place) {
  std::vector<Integer> powers;
  powers.push_back(Integer::from_limbs(radix_leaf_power(base, shape.words), false, place));
  while (powers.size() < shape.levels) powers.push_back(sqr(powers.back()));
  return powers;
}

/// R_k ~ 2^(2 n_k + 9) / D_k (n_k = bits of D_k; precision n_k + 9, as make_newton_divisor(D_k, n_k + 1) gives it) for
/// every power. R_0 by newton_division.hpp; then, since D_(k+1) = D_k^2, R_k^2 shifted is R_(k+1) to about half its
/// bits (relative error 2 e_k), and one Newton step X + X (2^M - D X) / 2^M (M = 2 n' + 9) squares that error: e_(k+1)
/// ~ 4 e_k^2 plus the truncations, below 2^-(n' + 8), what split_level's estimates need. Three products a level
/// instead of a Newton recursion each (its dozens of operations, each a launch and a synchronisation on the device).
std::vector<Integer> radix_reciprocals(const std::vector<Integer>& powers) {
  std::vector<Integer> reciprocals;
  reciprocals.push_back(make_newton_divisor(powers[0], powers[0].bit_width() + 1).reciprocal);
  for (std::size_t k = 1; k < powers.size(); ++k) {
    const std::size_t n = powers[k - 1].bit_width();
    const std::size_t n2 = powers[k].bit_width();
    const std::size_t m = 2 * n2 + 9;
    const Integer x0 = sqr(reciprocals.back()) >> (4 * n + 9 - 2 * n2);
    const Integer one(1, powers[k].place());
    const Integer e = (one << m) - powers[k] * x0;
    reciprocals.push_back(x0 + ((x0 * e) >> m));
  }
  return reciprocals;
}

/// Splits each of the `count` slots v_i < D^2 of v (slots of `stride` = 2 limbs(D) + 2) as q_i D + r_i and returns
/// q_0, r_0, q_1, r_1, ... in slots of next_stride (see the top of this file).
Integer split_level(const Integer& v, std::size_t count, std::size_t stride, const Integer& d,
                    const Integer& reciprocal, std::size_t next_stride) {
  const Place place = v.place();
  const std::size_t n = d.bit_width();
  const std::size_t limbs = d.size();
  // q_i' from the top n + 3 bits of v_i and the reciprocal: A1's slots hold the product of both.
  const std::size_t precision = n + 9;
  const std::size_t s = n - 3;
  const std::size_t l1 = (n + 3 + 31) / 32;
  const std::size_t s1 = l1 + reciprocal.size();
  const Integer a1 = packed(count, s1, place, [&](limb_t* out) {
    slots_shifted(out, count, s1, v.data(), v.size(), stride, s, l1, place);
  });
  const Integer x1 = a1 * reciprocal;
  const Integer a2 = packed(count, stride, place, [&](limb_t* out) {
    slots_shifted(out, count, stride, x1.data(), x1.size(), s1, n + precision - s, limbs + 1, place);
  });
  const Integer bias = packed(count, stride, place, [&](limb_t* out) {
    slots_small(out, count, stride, nullptr, quotient_bias, place);
  });
  Integer a2b = a2 - bias;
  if (const int offset = radix_estimate_offset_for_tests.load(std::memory_order_relaxed); offset != 0) {
    const Integer ones = packed(count, stride, place, [&](limb_t* out) {
      slots_small(out, count, stride, nullptr, 1, place);
    });
    a2b = a2b + Integer(offset, place) * ones;
  }
  const Integer rp = v - a2b * d;
  // The multiples 0 D .. 7 D in rows of limbs + 1 limbs, each the sum of the low and the high words of the products
  // of its limbs (one addition for the table); j_i by comparing each slot with them.
  const std::size_t row = limbs + 1;
  const Integer table = packed(table_rows, row, place, [&](limb_t* out) {
    slots_multiple_halves(out, table_rows, row, d.data(), d.size(), false, place);
  }) + packed(table_rows, row, place, [&](limb_t* out) {
    slots_multiple_halves(out, table_rows, row, d.data(), d.size(), true, place);
  });
  SlotWords j(count, place);
  if (slots_multiples(j.get(), rp.data(), rp.size(), count, stride, table.data(), table.size(), row, table_rows,
                      place)) {
    throw_error<std::logic_error>("warpnum: radix conversion: a quotient estimate is off by more than 3");
  }
  const Integer jd = packed(count, stride, place, [&](limb_t* out) {
    slots_rows(out, count, stride, j.get(), table.data(), table.size(), row, place);
  });
  const Integer js = packed(count, stride, place, [&](limb_t* out) {
    slots_small(out, count, stride, j.get(), 0, place);
  });
  const Integer r = rp - jd;
  const Integer q = a2b + js;
  if (r.is_negative() || q.is_negative()) {
    throw_error<std::logic_error>("warpnum: radix conversion: a level's quotients or remainders are negative");
  }
  return packed(2 * count, next_stride, place, [&](limb_t* out) {
    slots_interleave(out, 2 * count, next_stride, q.data(), q.size(), r.data(), r.size(), stride, place);
  });
}

}  // namespace

std::string to_text_tree(const Integer& x, int base) {
  if (x.is_zero()) return "0";
  const Place place = x.place();
  const RadixWord w = radix_word(base);
  const auto word_digits = static_cast<unsigned>(w.digits);
  // x < 2^bits has at most ceil(bits log_base 2) digits (one more for the rounding of the logarithms); the leaves
  // hold that many, so x < D_0^(2^levels) = D_top^2.
  const double digits_per_bit = std::log(2.0) / std::log(static_cast<double>(base));
  const auto most_digits = static_cast<std::size_t>(static_cast<double>(x.bit_width()) * digits_per_bit) + 2;
  const LeafShape shape = leaf_shape(most_digits, word_digits);
  const auto words = static_cast<unsigned>(shape.words);
  const std::vector<Integer> powers = radix_powers(base, shape, place);
  const std::vector<Integer> reciprocals = radix_reciprocals(powers);
  Integer v = x.is_negative() ? -x : x;
  std::size_t count = 1;
  std::size_t stride = 2 * powers.back().size() + 2;
  for (std::size_t k = powers.size(); k-- > 0;) {
    const std::size_t next = k > 0 ? 2 * powers[k - 1].size() + 2 : powers[0].size();
    v = split_level(v, count, stride, powers[k], reciprocals[k], next);
    count *= 2;
    stride = next;
  }
  std::string out = slots_to_text(v.data(), v.size(), count, stride, w.value, word_digits, words,
                                  static_cast<unsigned>(base), place);
  return x.is_negative() ? "-" + out : out;
}

Integer from_text_tree(std::string_view digits, int base, Place place) {
  place = resolve_place(place);
  const RadixWord w = radix_word(base);
  const auto word_digits = static_cast<unsigned>(w.digits);
  const LeafShape shape = leaf_shape(digits.size(), word_digits);
  const auto words = static_cast<unsigned>(shape.words);
  const std::size_t leaf_digits = std::size_t{words} * word_digits;
  const std::size_t leaves = std::size_t{1} << shape.levels;
  const std::vector<Integer> powers = radix_powers(base, shape, place);
  const auto pad = static_cast<std::ptrdiff_t>(leaves * leaf_digits - digits.size());
  std::size_t stride = powers[0].size();
  Integer v = packed(leaves, stride, place, [&](limb_t* out) {
    text_to_slots(out, digits.data(), digits.size(), pad, leaves, stride, w.value, word_digits, words,
                  static_cast<unsigned>(base), place);
  });
  // Level k: v_i = high_i D_k + low_i for the pairs (slots 2 i and 2 i + 1), all at once.
  for (std::size_t k = 0, count = leaves; count > 1; ++k, count /= 2) {
    const Integer& d = powers[k];
    const std::size_t next = 2 * d.size();  // high D + low <= D^2 - 1
    const Integer high = packed(count / 2, next, place, [&](limb_t* out) {
      slots_pairs(out, count / 2, next, v.data(), v.size(), stride, 0, place);
    });
    const Integer low = packed(count / 2, next, place, [&](limb_t* out) {
      slots_pairs(out, count / 2, next, v.data(), v.size(), stride, 1, place);
    });
    v = high * d + low;
    stride = next;
  }
  return v;
}

}  // namespace warpnum::huge

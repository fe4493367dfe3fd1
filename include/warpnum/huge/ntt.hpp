// SPDX-License-Identifier: Apache-2.0
// warpnum/huge/ntt.hpp: the arithmetic of the number-theoretic transforms behind warpnum::Integer's multiply:
// Montgomery multiplication modulo three 31-bit primes, the transform plan (lengths r 2^k, r in {1, 3, 5}, split
// into columns and rows), the butterflies of one transform step and the Chinese remainder step. One body for the
// host loops and the kernels of src/huge/convolve.cu (one body for both); nothing here allocates or launches.
#pragma once

#include <warpnum/config.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace warpnum::huge::ntt {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// ---- modular arithmetic modulo a prime p < 2^31 ----

/// A prime modulus p < 2^31 and its Montgomery constants (R = 2^32). Public members: a kernel argument.
struct Mod {
  u32 p;      ///< the prime
  u32 pinv;   ///< p^-1 mod 2^32
  u32 r1;     ///< R mod p: mont_mul(x, r1) = x mod p for any 32-bit x
  u32 r2;     ///< R^2 mod p: mont_mul(x, r2) = x R mod p (into Montgomery form)
};

/// p^-1 mod 2^32 for odd p, by Newton's iteration (each step doubles the correct low bits).
WARPNUM_HD constexpr u32 inverse_mod_2_32(u32 p) noexcept {
  u32 x = p;  // correct to 3 bits: p p = 1 mod 8
  for (int i = 0; i < 4; ++i) x *= 2u - p * x;
  return x;
}

WARPNUM_HD constexpr Mod make_mod(u32 p) noexcept {
  const u64 r1 = (u64{1} << 32) % p;
  return Mod{p, inverse_mod_2_32(p), static_cast<u32>(r1), static_cast<u32>(r1 * r1 % p)};
}

/// The smaller of two words: one min instruction on the device (IMNMX), where a compare and a select would be two.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 min_u32(u32 a, u32 b) noexcept { return a < b ? a : b; }

/// a b R^-1 mod p, fully reduced, for a < 2^32 and b < p (Montgomery's REDC in its subtractive form: with
/// q = a b p^-1 mod 2^32, a b and q p agree in their low words, so (a b - q p) / 2^32 is the difference of the high
/// words, which lies in (-p, p)).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 mont_mul(u32 a, u32 b, Mod m) noexcept {
  const u64 t = static_cast<u64>(a) * b;
  const u32 q = static_cast<u32>(t) * m.pinv;
  const u32 qp_hi = static_cast<u32>((static_cast<u64>(q) * m.p) >> 32);
  const u32 d = static_cast<u32>(t >> 32) - qp_hi;
  return min_u32(d, d + m.p);  // d + p where d < 0 (d + p < p < d as words), else d (d < p <= d + p)
}

/// a + b mod p for a, b < p (< 2^31: the sum does not wrap). s - p wraps above s where s < p, so the smaller word is
/// the reduced sum: an add and a min, no compare and select.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 add_mod(u32 a, u32 b, Mod m) noexcept {
  const u32 s = a + b;
  return min_u32(s, s - m.p);
}

/// a - b mod p for a, b < p: d + p where a - b wrapped (then d + p < p <= d), else d.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 sub_mod(u32 a, u32 b, Mod m) noexcept {
  const u32 d = a - b;
  return min_u32(d, d + m.p);
}

/// A twiddle w < p for Shoup's product: w and its quotient floor(w 2^32 / p) (8 bytes: one 64-bit load).
struct alignas(8) ShoupTwiddle {
  u32 w;
  u32 quotient;
};

/// floor(w 2^32 / p) for w < p (the tables' set-up).
WARPNUM_HD constexpr u32 shoup_quotient(u32 w, u32 p) noexcept { return static_cast<u32>((u64{w} << 32) / p); }

/// The ShoupTwiddle of the twiddle whose Montgomery form is `wr` < p: w = wr R^-1, and its quotient without a
/// division. w 2^32 = q p + (w 2^32 mod p), and w 2^32 mod p = w R mod p is wr itself, so q p = -wr modulo 2^32, and
/// q < 2^32 is -wr p^-1 modulo 2^32 (an exact division by p as a product by its inverse, m.pinv).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr ShoupTwiddle shoup_from_montgomery(u32 wr, Mod m) noexcept {
  return {mont_mul(wr, 1, m), (0u - wr) * m.pinv};
}

/// x w mod p, fully reduced, for any 32-bit x: Shoup's product with a precomputed quotient (NTL's MulModPrecon;
/// D. Harvey, "Faster arithmetic for number-theoretic transforms", J. Symbolic Comput. 60, 2014, section 2).
/// q = floor(x w' / 2^32) is floor(x w / p) or one less, so x w - q p lies in [0, 2p), a 32-bit word (2p < 2^32) that
/// the low halves of the products give; an unsigned min reduces it. On the device a high product and two low ones,
/// where Montgomery's product takes two wide products, a low one and a subtraction: in registers on an H100, 24 %
/// more forward butterflies a second and 19 % more inverse ones (`bench-huge-mul --ceilings`; nvcc 13.0 makes the
/// high product an IMAD.WIDE). With the high product an IMAD.HI (`__umulhi`) the butterflies in registers gain 46 % and
/// 33 %, but the transform's kernels measured no faster (H100, 2026-12-07), so one body serves host and device.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 mul_shoup(u32 x, ShoupTwiddle w, Mod m) noexcept {
  const u32 q = static_cast<u32>((static_cast<u64>(x) * w.quotient) >> 32);
  const u32 r = x * w.w - q * m.p;
  return min_u32(r, r - m.p);
}

/// x mod p for any 32-bit x (a limb).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 reduce(u32 x, Mod m) noexcept { return mont_mul(x, m.r1, m); }

/// 1 as a ShoupTwiddle: its quotient floor(2^32 / p) = floor((2^32 - 1) / p), p odd (a 32-bit division, which a kernel
/// does once).
WARPNUM_HD constexpr ShoupTwiddle shoup_one(Mod m) noexcept { return {1, 0xffffffffu / m.p}; }

/// x mod p for any 32-bit x by Shoup's product by 1 (`one` = shoup_one(m)): x - floor(x floor(2^32 / p) / 2^32) p and
/// one correction, a high product and a multiply-add where reduce(x, m), Montgomery's product by R, takes two wide
/// products, a low one and a subtraction. The limbs' reduction as the forward transforms read them.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 reduce(u32 x, ShoupTwiddle one, Mod m) noexcept {
  return mul_shoup(x, one, m);
}

/// base^e in Montgomery form, base in Montgomery form.
WARPNUM_HD constexpr u32 mont_pow(u32 base, u64 e, Mod m) noexcept {
  u32 result = m.r1;  // 1 in Montgomery form
  while (e != 0) {
    if (e & 1) result = mont_mul(result, base, m);
    base = mont_mul(base, base, m);
    e >>= 1;
  }
  return result;
}

/// base^e mod p in normal form (host set-up; constexpr checks).
constexpr u32 pow_mod(u32 base, u64 e, u32 p) noexcept {
  u64 result = 1;
  u64 b = base % p;
  while (e != 0) {
    if (e & 1) result = result * b % p;
    b = b * b % p;
    e >>= 1;
  }
  return static_cast<u32>(result);
}

// ---- the primes ----

/// The three primes: p - 1 is divisible by 15 2^23, so each has roots of unity of every transform length
/// r 2^k (r in {1, 3, 5}, k <= 23); `generator` is a primitive root. Their product, about 2^90.1, exceeds every
/// coefficient of a product of na + nb <= max_length + 1 limbs: min(na, nb) (2^32 - 1)^2 < 2^88.3.
inline constexpr u32 prime_values[3] = {2013265921u /* 15 2^27 + 1 */, 880803841u /* 105 2^23 + 1 */,
                                        754974721u /* 45 2^24 + 1 */};
inline constexpr u32 prime_generators[3] = {31u, 26u, 11u};
/// The odd prime factors of each p - 1 (with 2: the generator check below).
inline constexpr u32 prime_odd_factors[3][3] = {{3, 5, 5}, {3, 5, 7}, {3, 5, 5}};
inline constexpr int max_log2 = 23;                            ///< k of the longest transforms r 2^k
inline constexpr std::size_t max_length = std::size_t{5} << max_log2;  ///< 41,943,040

constexpr bool primes_are_valid() noexcept {
  for (int i = 0; i < 3; ++i) {
    const u32 p = prime_values[i];
    if ((p - 1) % (u32{15} << max_log2) != 0) return false;
    // g^(p-1) = 1 and g^((p-1)/q) != 1 for each prime q | p - 1: g has order p - 1, so p is prime.
    const u32 g = prime_generators[i];
    if (pow_mod(g, p - 1, p) != 1 || pow_mod(g, (p - 1) / 2, p) == 1) return false;
    for (u32 q : prime_odd_factors[i]) {
      if (pow_mod(g, (p - 1) / q, p) == 1) return false;
    }
    u32 rest = (p - 1) >> __builtin_ctz(p - 1);  // the odd part must be a product of the listed factors
    for (u32 q : prime_odd_factors[i]) {
      if (rest % q == 0) rest /= q;
    }
    while (rest % 3 == 0 || rest % 5 == 0) rest /= (rest % 3 == 0 ? 3 : 5);
    if (rest != 1) return false;
  }
  return true;
}
static_assert(primes_are_valid());

// ---- the plan: L = r 2^k = n1 n2, columns of n1 (carrying the factor r), rows of n2 = 2^log2_n2 ----

/// How one transform length is split (the four-step layout: the data is an n1 x n2 matrix, element n at row
/// n / n2, column n % n2; the forward transform runs down the columns, multiplies by w_L^(column row-frequency),
/// then runs along the rows).
struct Plan {
  u32 length;     ///< L
  u32 radix;      ///< r in {1, 3, 5}
  u32 log2_pow;   ///< k
  u32 n1;         ///< column length r 2^log2_n1
  u32 log2_n1;
  u32 n2;         ///< row length 2^log2_n2
  u32 log2_n2;
};

/// The smallest L = r 2^k (r in {1, 3, 5}) with L >= n, and its split; n <= max_length.
constexpr Plan make_plan(std::size_t n) noexcept {
  Plan best{};
  std::size_t best_length = ~std::size_t{0};
  for (u32 r : {1u, 3u, 5u}) {
    u32 k = 0;
    while ((std::size_t{r} << k) < n) ++k;
    if (k <= static_cast<u32>(max_log2) && (std::size_t{r} << k) < best_length) {
      best_length = std::size_t{r} << k;
      best.radix = r;
      best.log2_pow = k;
    }
  }
  best.length = static_cast<u32>(best_length);
  u32 bits = 0;
  while ((std::size_t{1} << bits) < best_length) ++bits;  // ceil(log2 L)
  u32 b = (bits + 1) / 2;
  if (b > 13) b = 13;
  if (b > best.log2_pow) b = best.log2_pow;
  best.log2_n2 = b;
  best.n2 = u32{1} << b;
  best.log2_n1 = best.log2_pow - b;
  best.n1 = best.radix << best.log2_n1;
  return best;
}

/// The low `bits` bits of x in reverse order (bits <= 32): a shift ladder on the host and in constant evaluation,
/// one `brev` on the device.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 bit_reverse(u32 x, u32 bits) noexcept {
  if (bits == 0) return 0;
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((return __brev(x) >> (32 - bits);), ())
  }
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
  x = (x >> 16) | (x << 16);
  return x >> (32 - bits);
}

/// The frequency index of position `pos` of a column transform's output (the forward transform leaves its
/// output in this order: the radix-r step's block pos >> log2_n1, then bit-reversed within the block).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 column_frequency(u32 pos, u32 radix, u32 log2_n1) noexcept {
  return radix * bit_reverse(pos & ((u32{1} << log2_n1) - 1), log2_n1) + (pos >> log2_n1);
}

// ---- twiddle tables: per prime and direction, in Montgomery form but for the pairs ----
//   [0, n1)                    w_n1^e          the column transforms
//   [row, row + n2)            w_2h^e          the row transforms, level by level: entry row + h - 1 + e for each
//                                              half-size h = 1, 2, ..., n2 / 2 and e < h (LevelTwiddles); the
//                                              last entry is 1
//   [lo, lo + min(L, 2^12))    w_L^e           the low part of the four-step twiddles
//   [hi, hi + ceil(L / 2^12))  w_L^(2^12 e)    their high part
//   [pairs, pairs + 2 n2)      w, floor(w 2^32 / p)  the row region's twiddles w (not their Montgomery forms) for
//                                              Shoup's product, entry j at words 2j and 2j + 1 (PairLevelTwiddles;
//                                              pairs = pair_offset(layout, plan))
//   [cpairs, cpairs + 2^(a+1)) w, floor(w 2^32 / p)  the columns' radix-2 levels the same way: entry h - 1 + e holds
//                                              w_2h^e for h = 1, 2, ..., 2^(a-1) and e < h, a = log2_n1, the last
//                                              entry 1 (cpairs = column_pair_offset(layout, plan), the last region)
// Each region and each table start on a multiple of four words (16 bytes; the words between regions are unused), so
// that a kernel copies a region to shared memory 16 bytes a thread. The inverse direction holds the same powers of
// w^-1.

inline constexpr u32 twiddle_lo_bits = 12;
inline constexpr u32 twiddle_lo = u32{1} << twiddle_lo_bits;

struct TableLayout {
  u32 row;    ///< offset of the row table
  u32 lo;     ///< offset of w_L^e
  u32 hi;     ///< offset of w_L^(2^12 e)
  u32 size;   ///< entries per prime and direction
};

/// x rounded up to a multiple of four words.
WARPNUM_HD constexpr u32 round_up_4(u32 x) noexcept { return (x + 3) & ~u32{3}; }

WARPNUM_HD constexpr TableLayout table_layout(const Plan& plan) noexcept {
  const u32 hi_count = (plan.length + twiddle_lo - 1) >> twiddle_lo_bits;
  const u32 lo_count = plan.length < twiddle_lo ? plan.length : twiddle_lo;
  const u32 row = round_up_4(plan.n1);
  const u32 lo = round_up_4(row + plan.n2);
  const u32 hi = round_up_4(lo + lo_count);
  const u32 pairs = round_up_4(hi + hi_count);
  return TableLayout{row, lo, hi, pairs + round_up_4(2 * plan.n2) + round_up_4(u32{2} << plan.log2_n1)};
}

/// Where the columns' pair region starts: the table's last 2^(a+1) words (rounded up to four). It and pair_offset are
/// functions of the layout rather than members of it, so that the kernels' argument (the layout inside it) keeps its
/// size: with one word more there, nvcc 13.0 compiled the column kernels with up to 312 bytes a thread of spilled
/// registers, and the inverse columns took 0.50 ms instead of 0.43 at 10^8 digits (H100); why that word tips their
/// register allocation is not known.
WARPNUM_HD constexpr u32 column_pair_offset(const TableLayout& t, const Plan& plan) noexcept {
  return t.size - round_up_4(u32{2} << plan.log2_n1);
}

/// Where the rows' pair region starts, before the columns'.
WARPNUM_HD constexpr u32 pair_offset(const TableLayout& t, const Plan& plan) noexcept {
  return column_pair_offset(t, plan) - round_up_4(2 * plan.n2);
}

/// What word i of a table holds: a twiddle's Montgomery form, or in a pair region a twiddle itself (its pair's first
/// word) or its quotient (the second).
enum class TableWord { montgomery, twiddle, quotient };

WARPNUM_HD constexpr TableWord table_word(const TableLayout& t, const Plan& plan, u32 i) noexcept {
  const u32 pairs = pair_offset(t, plan), cpairs = column_pair_offset(t, plan);
  if (i < pairs) return TableWord::montgomery;
  return (i - (i < cpairs ? pairs : cpairs)) % 2 == 0 ? TableWord::twiddle : TableWord::quotient;
}

/// The exponent of w_L (or w_L^-1) that entry i of a table holds (in the pair region: the pair's twiddle's).
WARPNUM_HD constexpr u64 twiddle_exponent(const Plan& plan, const TableLayout& t, u32 i) noexcept {
  if (i < t.row) return u64{i} * plan.n2;               // w_n1 = w_L^n2
  const u32 pairs = pair_offset(t, plan), cpairs = column_pair_offset(t, plan);
  if (i < t.lo || i >= pairs) {                         // w_2h^e = w_L^(e L / 2h), h = 2^floor(log2(j + 1)), at
    const u32 j = i < t.lo ? i - t.row : (i - (i < cpairs ? pairs : cpairs)) / 2;  // row entry j or pair j
    u32 h = 1;
    while (h <= (j + 1) / 2) h *= 2;
    const u32 e = j + 1 - h;
    if (e == 0) return 0;
    return i < cpairs ? u64{e} * plan.n1 * (plan.n2 / (2 * h)) : u64{e} * plan.n2 * (plan.n1 / (2 * h));
  }
  if (i < t.hi) return i - t.lo;                        // w_L^e
  return (u64{i - t.hi} << twiddle_lo_bits) % plan.length;
}

/// The split tables' two words of w_L^e (e < L), w^(e_hi 2^12) and w^(e_lo), whose Montgomery product is
/// four_step_twiddle: a kernel that reads them ahead of the product takes them apart.
struct FourStepWords {
  u32 high, low;
};

WARPNUM_HD WARPNUM_FORCEINLINE constexpr FourStepWords four_step_words(const u32* table, const TableLayout& t,
                                                                       u32 e) noexcept {
  return {table[t.hi + (e >> twiddle_lo_bits)], table[t.lo + (e & (twiddle_lo - 1))]};
}

/// w_L^e in Montgomery form from the split tables (e < L): w^(e_hi 2^12) w^(e_lo).
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 four_step_twiddle(const u32* table, const TableLayout& t, u32 e,
                                                                Mod m) noexcept {
  const FourStepWords w = four_step_words(table, t, e);
  return mont_mul(w.high, w.low, m);
}

// ---- the steps of one sub-transform (length M = r 2^a, element n at x(n)) ----
// The forward transform is decimation in frequency: the radix-r step, then the radix-2 levels of half-size 2^(a-1)
// down to 1, several at a time in registers (a step of S levels reads 2^S elements once and writes them once), leaving
// the output in column_frequency order. The inverse runs the same steps backwards, each undone with w^-1 (tables of
// the inverse direction), and scales by M (the caller divides). Each function below does one work item of one step;
// host loops and kernels share them and differ only in how they spread the items and where the elements are.

template <u32 Pad> struct ElementRun;

/// The elements of a sub-transform: element n at s[index(offset + n stride)], where index(i) leaves Pad words after
/// every 32. The host and the kernels' global memory use no padding; the kernels' shared memory pads, so that the
/// elements a warp reads at a power-of-two distance spread over the 32 banks: one word for rows (RowElements), four
/// for columns interleaved by fours to sixteens (ColumnElements), the choices with the fewest bank conflicts on every
/// schedule the kernels run, counted access by access.
template <u32 Pad> struct Elements {
  u32* s;
  u32 offset;
  u32 stride;
  static WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 index(u32 i) noexcept { return i + (i >> 5) * Pad; }
  /// Words a buffer of `count` elements takes.
  static WARPNUM_HD constexpr u32 words(u32 count) noexcept { return count == 0 ? 0 : index(count - 1) + 1; }
  WARPNUM_HD WARPNUM_FORCEINLINE u32& operator()(u32 n) const noexcept { return s[index(offset + n * stride)]; }
  /// The elements from n0 on.
  WARPNUM_HD WARPNUM_FORCEINLINE Elements from(u32 n0) const noexcept { return {s, offset + n0 * stride, stride}; }
  /// The elements n0 + t + j q of one work item of a step (radix_pow2_step), j = 0, 1, ...: n0 a multiple of 2^S q
  /// for a step of S levels, t < q, q a power of two. With padding (Pad > 0) the stride is a power of two and the
  /// offset a multiple of 2^S Q (Q = q stride) plus a part below the stride (the kernels' rows, and the columns of a
  /// tile in any radix-r block): then index(A + B + j Q) = index(A) + index(B) + index(j Q) for A = the offset's
  /// multiple of 2^S Q plus n0 stride and B = the rest (below Q), because A and j Q leave the words below 32 to B
  /// where Q >= 32, and all 2^S elements lie in one run of 32 words where 2^S Q <= 32 (both powers of two). So
  /// an element's word is the item's base plus a distance that is the same for every item of the step.
  WARPNUM_HD WARPNUM_FORCEINLINE ElementRun<Pad> run(u32 n0, u32 t, u32 q) const noexcept;
};

/// Elements at base[j words] (an ElementRun where the padding falls between no two of them, or at the same place
/// between each two).
struct LinearRun {
  u32* base;
  u32 words;
  WARPNUM_HD WARPNUM_FORCEINLINE u32& operator()(u32 j) const noexcept { return base[j * words]; }
};

/// An item's elements (Elements::run): element j at base[index(j step)].
template <u32 Pad> struct ElementRun {
  u32* base;
  u32 step;
  WARPNUM_HD WARPNUM_FORCEINLINE u32& operator()(u32 j) const noexcept {
    return base[Elements<Pad>::index(j * step)];
  }
  /// The words between consecutive elements of a run of `count` (a power of two) where they are the same for all
  /// (index(j step) = j words): step + step / 32 Pad where step >= 32 (a multiple of 32), step where count step
  /// <= 32 (no padding among them); 0 otherwise.
  WARPNUM_HD WARPNUM_FORCEINLINE u32 linear_words(u32 count) const noexcept {
    if (step >= 32) return step + (step >> 5) * Pad;
    return count * step <= 32 ? step : 0;
  }
};

template <u32 Pad>
WARPNUM_HD WARPNUM_FORCEINLINE ElementRun<Pad> Elements<Pad>::run(u32 n0, u32 t, u32 q) const noexcept {
  const u32 step = q * stride;
  if constexpr (Pad == 0) {
    return {s + offset + (n0 + t) * stride, step};
  } else {
    const u32 low = offset & (step - 1);
    return {s + index(offset - low + n0 * stride) + index(low + t * stride), step};
  }
}

/// The elements n + j q of an item for any other accessor x (the kernels' proxies that copy between memories).
template <class X> struct GenericRun {
  X x;
  u32 n;
  u32 q;
  WARPNUM_HD WARPNUM_FORCEINLINE decltype(auto) operator()(u32 j) const noexcept { return x(n + j * q); }
};

/// The elements n0 + t + j q of a step's item: by the accessor's run where it has one.
template <class X> WARPNUM_HD WARPNUM_FORCEINLINE auto item_elements(const X& x, u32 n0, u32 t, u32 q) noexcept {
  if constexpr (requires { x.run(n0, t, q); }) {
    return x.run(n0, t, q);
  } else {
    return GenericRun<X>{x, n0 + t, q};
  }
}

using Strided = Elements<0>;
using RowElements = Elements<1>;
using ColumnElements = Elements<4>;

/// x / 2 mod p for x < p: x + p is even where x is odd, and below 2^32.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 half_mod(u32 x, Mod m) noexcept {
  return (x + (m.p & (0u - (x & 1u)))) >> 1;
}

/// The constants of the R-point transforms (R = 3 or 5) of one direction, in Montgomery form. With w = w_R of the
/// table's direction, P_e = (w^e + w^-e) / 2 and Q_e = (w^e - w^-e) / 2: for R = 3, c[0] = Q_1; for R = 5,
/// c = {(P_1 - P_2) / 2, Q_2, Q_1 - Q_2, Q_1 + Q_2} (dft_small). They are the same for every item of a step: a kernel
/// computes them once (radix_constants), not at each item.
struct RadixConstants {
  u32 c[4];
};

/// RadixConstants from the w_M table of the direction (tw[e] = w_M^e, w_R = w_M^(M / R) = tw[m_over_r]).
template <u32 R>
WARPNUM_HD WARPNUM_FORCEINLINE constexpr RadixConstants radix_constants(u32 m_over_r, const u32* tw, Mod m) noexcept {
  static_assert(R == 3 || R == 5, "warpnum: radix 3 or 5");
  u32 plus[2] = {};
  u32 minus[2] = {};
  WARPNUM_UNROLL
  for (u32 e = 1; e <= (R - 1) / 2; ++e) {
    const u32 x = tw[e * m_over_r];        // w_R^e
    const u32 y = tw[(R - e) * m_over_r];  // w_R^-e
    plus[e - 1] = half_mod(add_mod(x, y, m), m);
    minus[e - 1] = half_mod(sub_mod(x, y, m), m);
  }
  if constexpr (R == 3) {
    return RadixConstants{{minus[0], 0, 0, 0}};
  } else {
    return RadixConstants{{half_mod(sub_mod(plus[0], plus[1], m), m), minus[1], sub_mod(minus[0], minus[1], m),
                           add_mod(minus[0], minus[1], m)}};
  }
}

/// The R-point transform y_s = sum_j w^(j s) v_j (R = 3 or 5, w = w_R) in place, by Winograd's small-N algorithms
/// (Winograd, "On computing the discrete Fourier transform", Math. Comp. 32, 1978): one product for R = 3 and four for
/// R = 5, where the sums by their definition take (R - 1)^2 (and the symmetric form, conjugate roots paired, half).
/// - With u_k = v_k + v_(R-k) and d_k = v_k - v_(R-k), w^(k s) v_k + w^(-k s) v_(R-k) = P_(k s) u_k + Q_(k s) d_k, so
///   y_s = v_0 + A_s + B_s and y_(R-s) = v_0 + A_s - B_s with A_s = sum_k P_(k s) u_k, B_s = sum_k Q_(k s) d_k.
/// - The sum of the R-th roots of 1 is 0, so P_1 = -1/2 for R = 3 and P_1 + P_2 = -1/2 for R = 5: the constant part
///   of A is two halvings of the sum S of the u_k, not a product.
/// - R = 5: A_1, A_2 = -S/4 +- (P_1 - P_2)/2 (u_1 - u_2); B_1 = Q_1 d_1 + Q_2 d_2 = Q_2 (d_1 + d_2) + (Q_1 - Q_2) d_1
///   and B_2 = Q_2 d_1 - Q_1 d_2 = Q_2 (d_1 + d_2) - (Q_1 + Q_2) d_2 share the product Q_2 (d_1 + d_2).
/// The factors of the products are the unreduced sums where they stay below 2p (mont_mul takes any 32-bit factor).
/// With Nonzero < R, the inputs v_j for j >= Nonzero are known to be zero and are not read (the first forward step on
/// a column whose upper half is zero): a sum or difference with such an input is the other input, and a product of
/// one is zero. Nonzero = R is the general transform.
template <u32 R, u32 Nonzero = R>
WARPNUM_HD WARPNUM_FORCEINLINE void dft_small(u32 (&v)[R], const RadixConstants& c, Mod m) noexcept {
  static_assert(R == 3 || R == 5, "warpnum: radix 3 or 5");
  static_assert(Nonzero >= 1 && Nonzero <= R, "warpnum: 1 to R inputs not known to be zero");
  const u32 v0 = v[0];
  if constexpr (Nonzero == 1) {
    WARPNUM_UNROLL
    for (u32 s = 1; s < R; ++s) v[s] = v0;
  } else if constexpr (R == 3) {
    const u32 u = Nonzero == 3 ? add_mod(v[1], v[2], m) : v[1];
    const u32 b = mont_mul((Nonzero == 3 ? v[1] - v[2] : v[1]) + m.p, c.c[0], m);
    const u32 a = sub_mod(v0, half_mod(u, m), m);
    v[0] = add_mod(v0, u, m);
    v[1] = add_mod(a, b, m);
    v[2] = sub_mod(a, b, m);
  } else {
    const u32 u1 = Nonzero == 5 ? add_mod(v[1], v[4], m) : v[1];
    const u32 u2 = Nonzero >= 4 ? add_mod(v[2], v[3], m) : Nonzero == 3 ? v[2] : 0;
    const u32 d1 = Nonzero == 5 ? sub_mod(v[1], v[4], m) : v[1];
    const u32 d2 = Nonzero >= 4 ? sub_mod(v[2], v[3], m) : Nonzero == 3 ? v[2] : 0;
    const u32 s = Nonzero >= 3 ? add_mod(u1, u2, m) : u1;
    const u32 a = sub_mod(v0, half_mod(half_mod(s, m), m), m);  // v_0 - S / 4
    const u32 m2 = mont_mul(u1 - u2 + m.p, c.c[0], m);
    const u32 m3 = mont_mul(d1 + d2, c.c[1], m);
    const u32 m4 = mont_mul(d1, c.c[2], m);
    const u32 m5 = Nonzero >= 3 ? mont_mul(d2, c.c[3], m) : 0;
    const u32 a1 = add_mod(a, m2, m);
    const u32 a2 = sub_mod(a, m2, m);
    const u32 b1 = add_mod(m3, m4, m);
    const u32 b2 = Nonzero >= 3 ? sub_mod(m3, m5, m) : m3;
    v[0] = add_mod(v0, s, m);
    v[1] = add_mod(a1, b1, m);
    v[4] = sub_mod(a1, b1, m);
    v[2] = add_mod(a2, b2, m);
    v[3] = sub_mod(a2, b2, m);
  }
}

/// The radix-R step's item n0 on its R elements held in registers, v[j] = x(n0 + j M / R): forward, the R-point
/// transform, then output s times w_M^(n0 s); Inverse, the reverse with the inverse direction's table.
template <u32 R, bool Inverse, u32 Nonzero = R>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_registers(u32 (&v)[R], u32 n0, const u32* tw, const RadixConstants& c,
                                                          Mod m) noexcept {
  static_assert(!Inverse || Nonzero == R, "warpnum: inputs known to be zero in the forward step only");
  if constexpr (Inverse) {
    WARPNUM_UNROLL
    for (u32 s = 1; s < R; ++s) v[s] = mont_mul(v[s], tw[n0 * s], m);
  }
  dft_small<R, Nonzero>(v, c, m);
  if constexpr (!Inverse) {
    WARPNUM_UNROLL
    for (u32 s = 1; s < R; ++s) v[s] = mont_mul(v[s], tw[n0 * s], m);
  }
}

/// An item of the radix-R step on its elements e(j) = x(n0 + j M / R), j < R, in either direction
/// (radix_fixed_forward, radix_fixed_inverse): radix_fixed_registers, which does it on the R elements held in
/// registers.
template <u32 R, bool Inverse, class E>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_item(E e, u32 n0, const u32* tw, const RadixConstants& c,
                                                     Mod m) noexcept {
  u32 v[R];
  WARPNUM_UNROLL
  for (u32 j = 0; j < R; ++j) v[j] = e(j);
  radix_fixed_registers<R, Inverse>(v, n0, tw, c, m);
  WARPNUM_UNROLL
  for (u32 j = 0; j < R; ++j) e(j) = v[j];
}

/// Item n0 < M / R of the radix-R step: the elements n0 + j M / R are a run (Elements::run) of distance M / R, a power
/// of two, from 0 + t with t = n0; evenly spaced words where the padding allows (radix_pow2_step).
template <u32 R, bool Inverse, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_step(X x, u32 m_over_r, u32 n0, const u32* tw, const RadixConstants& c,
                                                     Mod m) noexcept {
  const auto e = item_elements(x, 0, n0, m_over_r);
  if constexpr (requires { e.linear_words(8u); }) {
    const u32 words = e.linear_words(8);  // R < 8 elements
    if (words != 0) {
      radix_fixed_item<R, Inverse>(LinearRun{e.base, words}, n0, tw, c, m);
      return;
    }
  }
  radix_fixed_item<R, Inverse>(e, n0, tw, c, m);
}

/// The forward radix-R step (R = 3 or 5), item n0 < M / R: an R-point transform of x(n0 + m M / R) in
/// registers, then output s times w_M^(n0 s). `tw` is the w_M table of the direction (tw[e] = w_M^e, e < M), `c`
/// its radix_constants.
template <u32 R, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_forward(X x, u32 m_over_r, u32 n0, const u32* tw,
                                                        const RadixConstants& c, Mod m) noexcept {
  radix_fixed_step<R, false>(x, m_over_r, n0, tw, c, m);
}

/// The inverse of radix_fixed_forward (times R), with `tw` the inverse direction's table and `c` its constants.
template <u32 R, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_inverse(X x, u32 m_over_r, u32 n0, const u32* tw,
                                                        const RadixConstants& c, Mod m) noexcept {
  radix_fixed_step<R, true>(x, m_over_r, n0, tw, c, m);
}

/// The constants of the plan's r in {3, 5} for a table of the direction.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr RadixConstants radix_r_constants(u32 r, u32 m_over_r, const u32* tw,
                                                                          Mod m) noexcept {
  return r == 3 ? radix_constants<3>(m_over_r, tw, m) : radix_constants<5>(m_over_r, tw, m);
}

/// The forward radix-r step for the plan's r in {3, 5}, item n0 < M / r.
template <class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_r_forward(X x, u32 r, u32 m_over_r, u32 n0, const u32* tw,
                                                    const RadixConstants& c, Mod m) noexcept {
  if (r == 3) {
    radix_fixed_forward<3>(x, m_over_r, n0, tw, c, m);
  } else {
    radix_fixed_forward<5>(x, m_over_r, n0, tw, c, m);
  }
}

/// The inverse of radix_r_forward (times r), with `tw` the inverse direction's table and `c` its constants.
template <class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_r_inverse(X x, u32 r, u32 m_over_r, u32 n0, const u32* tw,
                                                    const RadixConstants& c, Mod m) noexcept {
  if (r == 3) {
    radix_fixed_inverse<3>(x, m_over_r, n0, tw, c, m);
  } else {
    radix_fixed_inverse<5>(x, m_over_r, n0, tw, c, m);
  }
}

/// x w mod p by a twiddle's product: Montgomery's for a twiddle in Montgomery form, Shoup's for a ShoupTwiddle (the
/// twiddle itself and its quotient). Both take any 32-bit x and give the same word.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 twiddle_product(u32 x, u32 w, Mod m) noexcept { return mont_mul(x, w, m); }
WARPNUM_HD WARPNUM_FORCEINLINE constexpr u32 twiddle_product(u32 x, ShoupTwiddle w, Mod m) noexcept {
  return mul_shoup(x, w, m);
}

/// The forward butterfly of half-size h: (u, v) -> (u + v, (u - v) w). The twiddle's product takes any 32-bit factor,
/// so the difference enters it as u - v + p (below 2p < 2^32) with no reduction of its own: eight instructions where
/// a reduced difference took nine, and the same words. W: a Montgomery form or a ShoupTwiddle (twiddle_product).
template <class W> WARPNUM_HD WARPNUM_FORCEINLINE void butterfly_forward(u32& u, u32& v, W w, Mod m) noexcept {
  const u32 s = add_mod(u, v, m);
  v = twiddle_product(u - v + m.p, w, m);
  u = s;
}

/// Its inverse (times 2), with w^-1: (u, v) -> (u + v w^-1, u - v w^-1).
template <class W> WARPNUM_HD WARPNUM_FORCEINLINE void butterfly_inverse(u32& u, u32& v, W w_inv, Mod m) noexcept {
  const u32 t = twiddle_product(v, w_inv, m);
  v = sub_mod(u, t, m);
  u = add_mod(u, t, m);
}

/// Item t < M / 2R of the radix-R step joined with the radix-2 level that follows it (half-size h = M / 2R), forward
/// or Inverse: the radix-R items t and t + h, then the butterflies of their outputs s, elements t + 2h s and
/// t + h + 2h s, all with the level's twiddle w_2h^t = tw[t R] (M / 2h = R). The inverse undoes the level, then the
/// radix-R items. Its 2R elements t + j h (j < 2R) are one run of distance h: e(2s) and e(2s + 1) are output s of
/// the two radix-R items. Where the level would be a pass of its own over the elements (a step of one level), this
/// does it while they are in registers.
///
/// UpperZero (forward only): the item's elements j >= R, those of the column's upper half (positions t + j h with
/// t < h, so from R h = M / 2 on), are known to be zero and are not read. They are v0[s] for 2s >= R and v1[s] for
/// 2s + 1 >= R, so each radix-R transform takes its nonzero inputs alone (dft_small's Nonzero). The kernels take this
/// form where an operand fills at most half the transform's length, as both factors of a balanced product do.
template <u32 R, bool Inverse, bool UpperZero = false, class E>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_level_item(E e, u32 t, u32 h, const u32* tw, const RadixConstants& c,
                                                           Mod m) noexcept {
  static_assert(!Inverse || !UpperZero, "warpnum: elements known to be zero in the forward step only");
  constexpr u32 nonzero0 = UpperZero ? (R + 1) / 2 : R;  // v0[s] = e(2s) is zero from s = nonzero0 on
  constexpr u32 nonzero1 = UpperZero ? R / 2 : R;        // v1[s] = e(2s + 1) from s = nonzero1 on
  u32 v0[R];
  u32 v1[R];
  WARPNUM_UNROLL
  for (u32 s = 0; s < R; ++s) {
    if (s < nonzero0) v0[s] = e(2 * s);
    if (s < nonzero1) v1[s] = e(2 * s + 1);
  }
  const u32 w = tw[t * R];
  if constexpr (Inverse) {
    WARPNUM_UNROLL
    for (u32 s = 0; s < R; ++s) butterfly_inverse(v0[s], v1[s], w, m);
  }
  radix_fixed_registers<R, Inverse, nonzero0>(v0, t, tw, c, m);
  radix_fixed_registers<R, Inverse, nonzero1>(v1, t + h, tw, c, m);
  if constexpr (!Inverse) {
    WARPNUM_UNROLL
    for (u32 s = 0; s < R; ++s) butterfly_forward(v0[s], v1[s], w, m);
  }
  WARPNUM_UNROLL
  for (u32 s = 0; s < R; ++s) {
    e(2 * s) = v0[s];
    e(2 * s + 1) = v1[s];
  }
}

/// Item t < M / 2R of the joined step on the sub-transform x (radix_fixed_level_item), the elements evenly spaced
/// words where the padding allows (radix_pow2_step).
template <u32 R, bool Inverse, bool UpperZero = false, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_fixed_level_step(X x, u32 m_over_r, u32 t, const u32* tw,
                                                           const RadixConstants& c, Mod m) noexcept {
  const u32 h = m_over_r / 2;
  const auto e = item_elements(x, 0, t, h);
  if constexpr (requires { e.linear_words(16u); }) {
    const u32 words = e.linear_words(16);  // 2R < 16 elements
    if (words != 0) {
      radix_fixed_level_item<R, Inverse, UpperZero>(LinearRun{e.base, words}, t, h, tw, c, m);
      return;
    }
  }
  radix_fixed_level_item<R, Inverse, UpperZero>(e, t, h, tw, c, m);
}

/// The twiddles of one radix-2 level of half-size h at an item: w_2h^(t + k q) = p[k d] for k < 2^S / 2.
struct TwiddleRun {
  const u32* p;
  u32 d;
  WARPNUM_HD WARPNUM_FORCEINLINE u32 operator[](u32 k) const noexcept { return p[k * d]; }
};

/// From a flat table of the sub-transform, tw[e] = w_M^e: w_2h^x = tw[x stride], stride = M / 2h.
WARPNUM_HD WARPNUM_FORCEINLINE constexpr TwiddleRun level_twiddles(const u32* tw, u32 stride, u32 /*h*/, u32 t,
                                                                   u32 q) noexcept {
  return {tw + t * stride, q * stride};
}

/// A table level by level: w_2h^e at p[h - 1 + e] for each half-size h = 1, 2, 4, ... and e < h (the row region of
/// the twiddle tables). A level's twiddles are consecutive words, so the threads of a warp read them from
/// consecutive banks of shared memory, and their addresses step by q.
struct LevelTwiddles {
  const u32* p;
};

WARPNUM_HD WARPNUM_FORCEINLINE constexpr TwiddleRun level_twiddles(LevelTwiddles tw, u32 /*stride*/, u32 h, u32 t,
                                                                   u32 q) noexcept {
  return {tw.p + (h - 1) + t, q};
}

/// A table level by level as LevelTwiddles', of the twiddles with their Shoup quotients (the tables' pair region),
/// for the butterflies with Shoup's product: a twiddle is one 64-bit load, and each butterfly takes a high product
/// and two low ones where Montgomery's took two wide products, a low one and a subtraction.
struct PairLevelTwiddles {
  const ShoupTwiddle* p;
};

struct PairRun {
  const ShoupTwiddle* p;
  u32 d;
  WARPNUM_HD WARPNUM_FORCEINLINE ShoupTwiddle operator[](u32 k) const noexcept { return p[k * d]; }
};

WARPNUM_HD WARPNUM_FORCEINLINE constexpr PairRun level_twiddles(PairLevelTwiddles tw, u32 /*stride*/, u32 h, u32 t,
                                                                u32 q) noexcept {
  return {tw.p + (h - 1) + t, q};
}

/// The pairs from word `offset` of a table on (pair_offset's or column_pair_offset's region, or their copy).
WARPNUM_HD WARPNUM_FORCEINLINE PairLevelTwiddles pairs_at(const u32* table, u32 offset) noexcept {
  return {reinterpret_cast<const ShoupTwiddle*>(table + offset)};
}

/// Level L of a step of S radix-2 levels on the 2^S elements v held in registers (see radix_pow2_step): half-size
/// h_L = q 2^(S-1-L), pairs j and j + 2^(S-1-L), twiddles w_(2 h_L)^(t + (j mod 2^(S-1-L)) q) (a flat table's
/// tw[(t + k q) tw_step 2^L]). L is a template argument so that every trip count and register index below is a
/// constant where the compiler unrolls: with the level a loop variable, nvcc unrolled the twiddle loop partially and
/// kept the twiddles of radix-16 steps in local memory. FirstUnit: the caller's t is 0, so every pair with k = 0
/// has the twiddle w^0 = 1 and is a sum and a difference alone (the same words as the butterflies with w = 1, which
/// multiply by 1: a Montgomery product a pair fewer).
template <u32 S, u32 L, bool Inverse, bool FirstUnit = false, class Tw>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_pow2_level(u32 (&v)[u32{1} << S], u32 t, u32 q, u32 tw_step, Tw tw,
                                                     Mod m) noexcept {
  constexpr u32 half = u32{1} << (S - 1 - L);
  const auto run = level_twiddles(tw, tw_step << L, q << (S - 1 - L), t, q);
  decltype(run[0]) w[half];  // words, or ShoupTwiddles
  WARPNUM_UNROLL
  for (u32 k = FirstUnit ? 1 : 0; k < half; ++k) w[k] = run[k];
  WARPNUM_UNROLL
  for (u32 j = 0; j < (u32{1} << S); ++j) {
    if ((j & half) != 0) continue;
    if (FirstUnit && (j & (half - 1)) == 0) {
      const u32 x0 = v[j], x1 = v[j + half];
      v[j] = add_mod(x0, x1, m);
      v[j + half] = sub_mod(x0, x1, m);
    } else if constexpr (Inverse) {
      butterfly_inverse(v[j], v[j + half], w[j & (half - 1)], m);
    } else {
      butterfly_forward(v[j], v[j + half], w[j & (half - 1)], m);
    }
  }
}

/// The Done-th to the (End - 1)-th levels of a step in the direction's order: forward level Done, Done + 1, ... from
/// level 0 (the largest half-size), the inverse undoing them from level S - 1 (its k-th is level S - 1 - k).
/// FirstUnit: t = 0 (radix_pow2_level).
template <u32 S, u32 Done, bool Inverse, u32 End = S, bool FirstUnit = false, class Tw>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_pow2_levels(u32 (&v)[u32{1} << S], u32 t, u32 q, u32 tw_step, Tw tw,
                                                      Mod m) noexcept {
  if constexpr (Done < End) {
    radix_pow2_level<S, (Inverse ? S - 1 - Done : Done), Inverse, FirstUnit>(v, t, q, tw_step, tw, m);
    radix_pow2_levels<S, Done + 1, Inverse, End, FirstUnit>(v, t, q, tw_step, tw, m);
  }
}

/// Item `i` < 2^a / 2^S of S radix-2 levels at once (forward, or Inverse) within each radix-r block of 2^a elements:
/// half-sizes h, h / 2, ..., h / 2^(S - 1) (h >= 2^(S - 1)), on the 2^S elements n + j q (q = h / 2^(S - 1), j < 2^S)
/// held in registers. `tw_step` = M / (2h): w_2h^e = tw[e tw_step] (the inverse's tables hold the inverse roots);
/// `tw` is a flat table's pointer, a LevelTwiddles or a PairLevelTwiddles (level_twiddles finds a level's twiddles in
/// each; with pairs the butterflies take Shoup's product). Each element is read once, x(n), and written once,
/// x(n) = v: x may return a proxy that reads from one place and writes to another (the kernels' steps fused with the
/// copies between global and shared memory).
/// Level l (half-size h_l = q 2^(S-1-l)) pairs j with j + 2^(S-1-l) and multiplies by w_(2 h_l)^(t + (j mod
/// 2^(S-1-l)) q), t = n mod q: the radix-2 steps of decimation in frequency, done in one pass over memory.
template <u32 S, bool Inverse, class E, class Tw>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_pow2_item(E e, u32 t, u32 q, u32 tw_step, Tw tw, Mod m) noexcept {
  constexpr u32 count = u32{1} << S;
  u32 v[count];
  WARPNUM_UNROLL
  for (u32 j = 0; j < count; ++j) v[j] = e(j);
  radix_pow2_levels<S, 0, Inverse>(v, t, q, tw_step, tw, m);
  WARPNUM_UNROLL
  for (u32 j = 0; j < count; ++j) e(j) = v[j];
}

template <u32 S, bool Inverse, class X, class Tw>
WARPNUM_HD WARPNUM_FORCEINLINE void radix_pow2_step(X x, u32 log2_h, u32 tw_step, u32 i, Tw tw, Mod m) noexcept {
  static_assert(S >= 1 && S <= 4, "warpnum: 1 to 4 radix-2 levels a step");
  const u32 log2_q = log2_h - (S - 1);
  const u32 q = u32{1} << log2_q;
  const u32 t = i & (q - 1);
  const auto e = item_elements(x, (i >> log2_q) << (log2_h + 1), t, q);  // element j: n + j q
  if constexpr (requires { e.linear_words(q); }) {
    // Where the padding keeps the elements evenly spaced (at 10^8 digits every step of the columns and the rows),
    // each element's word is one add from the last: the same for every item of the step.
    const u32 words = e.linear_words(u32{1} << S);
    if (words != 0) {
      radix_pow2_item<S, Inverse>(LinearRun{e.base, words}, t, q, tw_step, tw, m);
      return;
    }
  }
  radix_pow2_item<S, Inverse>(e, t, q, tw_step, tw, m);
}

/// The most radix-2 levels one step does in registers, for the columns and for the rows: radix 8 and radix 16.
/// A column kernel compiled for three blocks of 512 threads an SM has 40 registers a thread, where 16 elements and
/// their twiddles do not fit; those compiled for two (64 registers, as the rows) take wide_column_levels.
inline constexpr u32 column_levels = 3;
inline constexpr u32 wide_column_levels = 4;
inline constexpr u32 row_levels = 4;

/// One step of a sub-transform's schedule.
struct Step {
  u32 levels;      ///< radix-2 levels done in registers (1 to 4), or 0: the radix-r step
  u32 log2_h;      ///< the largest half-size of its radix-2 levels
  u32 items;       ///< work items per sub-transform
  u32 joined = 0;  ///< 1 where the radix-r step (levels 0) does the first radix-2 level too (joined_step)
};

/// The forward schedule of a sub-transform of r 2^a elements, at most `most` radix-2 levels a step: the radix-r
/// step where r > 1, then ceil(a / most) steps of radix-2 levels, the first taking the remainder (at the largest
/// half-sizes, where a warp's elements are consecutive). With `last` (1 to most, below a), the schedule of the top
/// a - last levels, then one step of the `last` smallest half-sizes: the row kernels' schedule, whose final level
/// joins the pointwise product. The inverse runs the steps in reverse order.
WARPNUM_HD constexpr u32 step_count(u32 r, u32 a, u32 most, u32 last = 0) noexcept {
  const u32 top = last != 0 && a > last ? a - last : a;  // levels before a final step of `last`
  return (r > 1 ? 1u : 0u) + (top + most - 1) / most + (top != a ? 1u : 0u);
}

WARPNUM_HD constexpr Step forward_step(u32 r, u32 a, u32 most, u32 j, u32 last = 0) noexcept {
  const u32 blocks = r;  // radix-2 steps run in each of the r blocks of 2^a
  if (r > 1) {
    if (j == 0) return Step{0, 0, u32{1} << a};
    --j;
  }
  const u32 top = last != 0 && a > last ? a - last : a;
  const u32 top_steps = (top + most - 1) / most;
  if (j == top_steps) return Step{last, last - 1, blocks << (a - last)};  // the final step, where top < a
  const u32 first = top - top_steps * most + most;              // levels of the first radix-2 step, 1 to most
  const u32 done = j == 0 ? 0 : first + (j - 1) * most;         // levels before step j
  const u32 levels = j == 0 ? first : most;
  return Step{levels, a - 1 - done, blocks << (a - levels)};
}

/// The column kernels' schedule: forward_step's, except that at four levels a step, where the first radix-2 step
/// would be a single level and full steps follow (a > 4, a mod 4 = 1), the radix-r step does that level too
/// (radix_fixed_level_item): one pass over the elements fewer. At 10^8 digits the columns of 5 2^9 elements take
/// three steps (radix 5 and one level, four, four) where they took four. Only the kernels of 64 registers a thread
/// run steps of four; at 40 the joined item's ten elements spilled to local memory, so steps of three never join.
WARPNUM_HD constexpr bool joins_level(u32 r, u32 a, u32 most) noexcept {
  return most == wide_column_levels && r > 1 && a > most && a % most == 1;
}

WARPNUM_HD constexpr u32 joined_step_count(u32 r, u32 a, u32 most) noexcept {
  return step_count(r, a, most) - (joins_level(r, a, most) ? 1u : 0u);
}

WARPNUM_HD constexpr Step joined_step(u32 r, u32 a, u32 most, u32 j) noexcept {
  if (!joins_level(r, a, most)) return forward_step(r, a, most, j);
  if (j == 0) return Step{0, a - 1, u32{1} << (a - 1), 1};
  return forward_step(r, a, most, j + 1);
}

/// The most levels a step of a column kernel compiled for 64 registers a thread: wide_column_levels where that
/// schedule takes fewer passes over shared memory than column_levels', else column_levels. Steps of four levels that
/// make no pass fewer cost more than steps of three (H100, 2026-12-06: columns of 5 2^9 elements without the joined
/// step, radix 5, 1, 4, 4 against radix 5, 3, 3, 3, made the product of 10^8 digits 2.53 ms against 2.45).
WARPNUM_HD constexpr u32 wide_column_step_levels(u32 r, u32 a) noexcept {
  return joined_step_count(r, a, wide_column_levels) < joined_step_count(r, a, column_levels) ? wide_column_levels
                                                                                               : column_levels;
}

/// Runs work item `i` of a radix-2 step `s` (levels >= 1, of a schedule of at most Most levels a step) on the
/// sub-transform x (M = r 2^a elements), forward or Inverse. The items cover all r blocks: block i / items-per-block.
/// Only the steps of up to Most levels are compiled in, so that a kernel's registers are those its schedule needs.
template <u32 Most, bool Inverse, class X, class Tw>
WARPNUM_HD WARPNUM_FORCEINLINE void run_radix2_step(X x, u32 r, u32 a, const Step& s, u32 i, Tw tw, Mod m) noexcept {
  static_assert(Most >= 1 && Most <= 4, "warpnum: 1 to 4 radix-2 levels a step");
  const u32 per_block_log2 = a - s.levels;
  const X block = x.from((i >> per_block_log2) << a);
  const u32 item = i & ((u32{1} << per_block_log2) - 1);
  const u32 tw_step = r << (a - 1 - s.log2_h);  // M / (2h)
  if (Most == 1 || s.levels == 1) {
    radix_pow2_step<1, Inverse>(block, s.log2_h, tw_step, item, tw, m);
  } else if (Most == 2 || s.levels == 2) {
    radix_pow2_step<(Most >= 2 ? 2 : 1), Inverse>(block, s.log2_h, tw_step, item, tw, m);
  } else if (Most == 3 || s.levels == 3) {
    radix_pow2_step<(Most >= 3 ? 3 : 1), Inverse>(block, s.log2_h, tw_step, item, tw, m);
  } else {
    radix_pow2_step<Most, Inverse>(block, s.log2_h, tw_step, item, tw, m);
  }
}

/// Runs work item `i` < 2^a of the radix-r step (levels 0) on the sub-transform x of M = r 2^a elements, forward or
/// Inverse, with the direction's table `tw` and its radix_r_constants `c`.
template <bool Inverse, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void run_radix_r_step(X x, u32 r, u32 a, u32 i, const u32* tw, const RadixConstants& c,
                                                     Mod m) noexcept {
  if constexpr (Inverse) {
    radix_r_inverse(x, r, u32{1} << a, i, tw, c, m);
  } else {
    radix_r_forward(x, r, u32{1} << a, i, tw, c, m);
  }
}

/// Runs work item `i` < 2^(a-1) of the radix-r step joined with the first radix-2 level (joined_step), forward or
/// Inverse.
template <bool Inverse, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void run_radix_r_level_step(X x, u32 r, u32 a, u32 i, const u32* tw,
                                                           const RadixConstants& c, Mod m) noexcept {
  if (r == 3) {
    radix_fixed_level_step<3, Inverse>(x, u32{1} << a, i, tw, c, m);
  } else {
    radix_fixed_level_step<5, Inverse>(x, u32{1} << a, i, tw, c, m);
  }
}

/// Runs work item `i` of any step `s` of such a schedule: the radix-r step or a radix-2 step.
/// The radix-r step's constants are computed here at each item; a kernel computes them once a step (run_radix_r_step).
template <u32 Most, bool Inverse, class X>
WARPNUM_HD WARPNUM_FORCEINLINE void run_step(X x, u32 r, u32 a, const Step& s, u32 i, const u32* tw, Mod m) noexcept {
  if (s.levels != 0) {
    run_radix2_step<Most, Inverse>(x, r, a, s, i, tw, m);
  } else if (s.joined != 0) {
    run_radix_r_level_step<Inverse>(x, r, a, i, tw, radix_r_constants(r, u32{1} << a, tw, m), m);
  } else {
    run_radix_r_step<Inverse>(x, r, a, i, tw, radix_r_constants(r, u32{1} << a, tw, m), m);
  }
}

// ---- the Chinese remainder step (Garner) ----

/// Constants of the remainder step for one transform length, in Montgomery form: scale[i] undoes the inverse
/// transform's factor L and the pointwise product's R^-1 (mont_mul(raw, scale[i]) = the true residue);
/// inv_1_2 = p1^-1 mod p2, inv_1_3 = p1^-1 mod p3, inv_2_3 = p2^-1 mod p3.
struct Crt {
  Mod m[3];
  u32 scale[3];
  u32 inv_1_2, inv_1_3, inv_2_3;
};

/// The three words of x = v1 + p1 (t2 + p2 t3) < p1 p2 p3 < 2^91 from the raw residues of the inverse transforms.
WARPNUM_HD WARPNUM_FORCEINLINE void crt_combine(u32 r0, u32 r1, u32 r2, const Crt& c, u32* out) noexcept {
  const u32 v1 = mont_mul(r0, c.scale[0], c.m[0]);
  const u32 v2 = mont_mul(r1, c.scale[1], c.m[1]);
  const u32 v3 = mont_mul(r2, c.scale[2], c.m[2]);
  const u32 t2 = mont_mul(sub_mod(v2, reduce(v1, c.m[1]), c.m[1]), c.inv_1_2, c.m[1]);
  u32 t3 = mont_mul(sub_mod(v3, reduce(v1, c.m[2]), c.m[2]), c.inv_1_3, c.m[2]);
  t3 = mont_mul(sub_mod(t3, reduce(t2, c.m[2]), c.m[2]), c.inv_2_3, c.m[2]);
  const u64 high = t2 + static_cast<u64>(c.m[1].p) * t3;  // < p2 p3 < 2^60
  const u64 lo = static_cast<u64>(static_cast<u32>(high)) * c.m[0].p + v1;
  const u64 hi = (high >> 32) * c.m[0].p + (lo >> 32);
  out[0] = static_cast<u32>(lo);
  out[1] = static_cast<u32>(hi);
  out[2] = static_cast<u32>(hi >> 32);
}

// ---- column sums (Comba, and the tiles of the device's tiled convolution) ----

/// A 96-bit accumulator: lo + 2^64 hi.
struct Acc96 {
  u64 lo;
  u32 hi;
};

/// acc += a b.
WARPNUM_HD WARPNUM_FORCEINLINE void mul_acc(Acc96& acc, u32 a, u32 b) noexcept {
  const u64 p = static_cast<u64>(a) * b;
  acc.lo += p;
  acc.hi += acc.lo < p ? 1u : 0u;
}

}  // namespace warpnum::huge::ntt

// SPDX-License-Identifier: Apache-2.0
// warpnum/modular.hpp: modular arithmetic on BigUInt: Montgomery and Barrett contexts, powm, modinv,
// multi-exponentiation, fixed-base exponentiation and Miller-Rabin. Host, constexpr and device code alike.
//
// Errors (docs/errors.md): host calls throw std::domain_error (a zero modulus, an even modulus given to
// Montgomery, no inverse); the `_checked` forms and device code return a defined value and a Status.
// Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/modular/mont_4_x86.hpp>
#include <warpnum/detail/modular/mont_rows.hpp>
#include <warpnum/detail/modular/mont_wide.hpp>
#include <warpnum/detail/modular/montgomery.hpp>
#include <warpnum/status.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum {

namespace detail {

#if WARPNUM_HAS_INT128
namespace host64 {
/// Montgomery multiplication (or squaring) on the host's 64-bit words: by columns up to 16 words (1024 bits;
/// the unrolled code of 32 words ran slower than rows); at 32 and 64 words Karatsuba over 16-word column blocks
/// and REDC by column blocks (mont_wide.hpp: 0.99x mpz_powm at 2048 bits, against 1.5x by rows); at other
/// widths above 16 words the full product and REDC by addmul_1 rows.
template <int N, bool Square>
inline void mont_mul_words(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  constexpr int w = N / 2;
  const auto x = load<N>(a);
  const auto mw = load<N>(m);
  Words<N> z;
  if constexpr (w <= 16) {
    if constexpr (Square) {
      mont_sqr_columns<w>(z.w, x.w, mw.w, minv);
    } else {
      mont_mul_columns<w>(z.w, x.w, load<N>(b).w, mw.w, minv);
    }
  } else if constexpr (mont_wide_words<w>) {
    std::uint64_t t[2 * w];
    if constexpr (Square) {
      sqr_wide<w>(t, x.w);
    } else {
      mul_wide<w>(t, x.w, load<N>(b).w);
    }
    redc_wide<w>(z.w, t, mw.w, minv);
  } else {
    std::uint64_t t[2 * w];
    if constexpr (Square) {
      sqr_rows_n(t, x.w, w);
    } else {
      mul_rows_n(t, x.w, load<N>(b).w, w);
    }
    redc_n(z.w, t, mw.w, w, minv);
  }
  store<N>(r, z.w);
}

#if WARPNUM_DETAIL_X86_64_ASM
template <int N, bool Square>
[[gnu::noinline]] void mont_mul_words_outline(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  mont_mul_words<N, Square>(r, a, b, m, minv);
}
#endif

/// The host's Montgomery product: at 4 words (256 bits) on a processor with BMI2 and ADX the generated assembly
/// of mont_4_x86.hpp (the columns, the fallback, out of line: the function around the assembly stays small),
/// else mont_mul_words.
template <int N, bool Square>
inline void mont_mul(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 8) {
    if (host_has_mulx_adx) {
      if constexpr (Square) {
        mont_sqr_4_adx(r, a, m, minv);
      } else {
        mont_mul_4_adx(r, a, b, m, minv);
      }
    } else {
      mont_mul_words_outline<N, Square>(r, a, b, m, minv);
    }
    return;
  }
#endif
  mont_mul_words<N, Square>(r, a, b, m, minv);
}

/// n >= 1 Montgomery squarings in a row (a^(2^n)) in one call of the generated loop, where there is one (4 words,
/// BMI2 and ADX); false, with r untouched, elsewhere (the caller squares n times).
template <int N> inline bool mont_sqr_n(limb_t* r, const limb_t* a, const limb_t* m, std::uint64_t minv, int n) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  if constexpr (N == 8) {
    if (host_has_mulx_adx) {
      mont_sqr_4_adx_n(r, a, m, minv, n);
      return true;
    }
  }
#endif
  (void)r, (void)a, (void)m, (void)minv, (void)n;
  return false;
}
}  // namespace host64
#endif

/// The full product (or square) and REDC in 32-bit limbs: the reference, for constant evaluation, odd limb counts
/// on the host and the device above 32 limbs.
template <int N, bool Square>
WARPNUM_HD constexpr void mont_mul_generic(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
  limb_t t[2 * N];
  if constexpr (Square) {
    sqr_full_limbs<N>(t, a);
  } else {
    mul_full_limbs<N>(t, a, b);
  }
  redc_n<limb_t>(r, t, m, N, static_cast<limb_t>(minv));
}

#if WARPNUM_DEVICE_BRANCH
/// The device's Montgomery product above 32 limbs, out of line. Inlined into the setup of a 2048-bit context, nvcc 13.0
/// (-O3, sm_90) lost the setup's results (R mod m, R^2 mod m and -m^-1 read back as 0 on an H100, every input; right
/// with -Xcicc -O1 or with this call out of line: docs/compiler-workarounds.md, "Montgomery product above 32 limbs out
/// of line", 2026-11-22). One copy of the loops per kernel is also smaller code.
template <int N, bool Square>
WARPNUM_DEVICE_NOINLINE void mont_mul_device_loops(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) {
  mont_mul_generic<N, Square>(r, a, b, m, minv);
}
#endif

/// Whether the device squares N limbs by columns (mont_sqr_columns) rather than as a product by rows: from 16
/// limbs. At 8 limbs (256 bits) the columns gained nothing in a stand-alone powm, and in warpnum-bench's kernel
/// ptxas then kept it at 64 registers with spills (57.6 against 76.4 M powm/s, H100, 2026-11-25).
template <int N> inline constexpr bool device_mont_sqr_columns = N >= 16 && N <= 32;

/// r = a b R^-1 mod m (R = 2^(32 N)) for a b < m R, or a^2 R^-1 mod m when Square (b is then ignored);
/// minv = -m^-1 mod 2^64. The device, up to 32 limbs: a product by unrolled rows with the reduction interleaved
/// (mont_rows.hpp: one IMAD.WIDE.U32.X a 32 x 32-bit product, 168 registers at 32 limbs), a square from 16 limbs
/// by the product-scanning columns on 32-bit limbs (mont_sqr_columns: 1.5 N^2 products instead of 2 N^2, about
/// 112 registers at 32 limbs; each product an IMAD.WIDE.U32 and most an IADD3.X, which runs on the other pipe),
/// below that as a product; above 32 limbs mont_mul_device_loops. The host for even N: product-scanning columns
/// or rows on 64-bit words (the same R). Elsewhere mont_mul_generic.
template <int N, bool Square>
WARPNUM_HD constexpr void mont_mul_limbs(limb_t* r, const limb_t* a, const limb_t* b, const limb_t* m, std::uint64_t minv) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_mont_sqr_columns<N> && Square) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_sqr_columns<N>(r, a, m, static_cast<std::uint32_t>(minv)); return;)
  } else if constexpr (device_mont_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_mul_rows<N>(r, a, b, m, static_cast<std::uint32_t>(minv)); return;)
  } else {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mont_mul_device_loops<N, Square>(r, a, b, m, minv); return;)
  }
#endif
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(host64::mont_mul<N, Square>(r, a, b, m, minv); return;)
  }
  mont_mul_generic<N, Square>(r, a, b, m, minv);
}

/// (a + b) mod m and (a - b) mod m for a, b < m, on values.
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> add_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  const limb_t carry = add_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, b.limbs_);
  if (carry != 0 || r >= m) r -= m;
  return r;
}
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> sub_mod(const BigUInt<Bits>& a, const BigUInt<Bits>& b, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r = a - b;
  if (a < b) r += m;
  return r;
}

/// Window width (bits) of the sliding-window exponentiation for an exponent of `bits` bits: the width that
/// minimises squarings plus multiplications (GMP's thresholds: 6 from 674 bits, 7 from 1794), at most
/// max_window_bits<ValueBits>.
WARPNUM_HD constexpr int window_bits(int bits) noexcept {
  return bits <= 7 ? 1 : bits <= 25 ? 2 : bits <= 81 ? 3 : bits <= 241 ? 4 : bits <= 673 ? 5 : bits <= 1793 ? 6 : 7;
}
/// The widest window for values of ValueBits bits: 7 (a table of 64 odd powers, 32 KB at 4096 bits) up to 4096
/// bits, 5 above (64 KB at 32768 bits), so that the table stays a modest stack array. At 2048 bits and a full
/// exponent, 7 bits take about 320 multiplications against 357 at 5.
template <std::size_t ValueBits> inline constexpr int max_window_bits = ValueBits <= 4096 ? 7 : 5;

/// Bits [pos, pos + w) of e as a number (w <= 8).
template <std::size_t EBits> WARPNUM_HD constexpr int exponent_digit(const BigUInt<EBits>& e, int pos, int w) noexcept {
  int d = 0;
  for (int k = w - 1; k >= 0; --k) {
    const int bit = pos + k;
    d = 2 * d + ((bit < static_cast<int>(EBits) && e.bit(static_cast<std::size_t>(bit))) ? 1 : 0);
  }
  return d;
}

/// How a Montgomery context gets R^2 mod m from R mod m without a division: with Bits = d 2^k (d odd), d
/// doublings give 2^d R, and k Montgomery squarings then give 2^(d 2^k) R = R^2 (1 doubling and 10 squarings
/// at 1024 bits). Montgomery<Bits> and warp::Montgomery<Bits, G> both follow it.
struct RSquaredSteps {
  int doublings;
  int squarings;
};
WARPNUM_HD constexpr RSquaredSteps r_squared_steps(std::size_t bits) noexcept {
  RSquaredSteps s{static_cast<int>(bits), 0};
  while (s.doublings % 2 == 0) {
    s.doublings /= 2;
    ++s.squarings;
  }
  return s;
}

/// The window width (1 to 4) of fixed_window_pow for an exponent of `bits` bits: it minimises the table's
/// 2^w - 2 products plus one a window (2 for 65537, 4 from 97 bits).
WARPNUM_HD constexpr int fixed_window_bits(int bits) noexcept { return bits <= 4 ? 1 : bits <= 24 ? 2 : bits <= 96 ? 3 : 4; }
inline constexpr int max_fixed_window_bits = 4;

/// Whether a context's sqr(a) is its mul(a, a) (`static constexpr bool square_is_product = true;`), so that
/// fixed_window_pow may square through mul's call site (warp::Montgomery: its product is inlined, and one copy
/// of it is half the code).
template <class Ctx> inline constexpr bool square_is_product = requires { requires Ctx::square_is_product; };

/// x^e by fixed windows of w bits, left to right (Menezes et al., Handbook, Alg. 14.82): per window w squarings
/// and one multiplication by x^d from a table of x^0 .. x^(2^w - 1), d = 0 included. Every exponent of a length
/// takes the same steps, so the threads of a warp, each with its own exponent, never diverge (sliding windows
/// branch on each bit); the device's exponentiation, also by lane groups (warp::Montgomery::pow).
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type fixed_window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                               const BigUInt<EBits>& e) noexcept {
  using T = typename Ctx::value_type;
  const int nbits = bit_width(e);
  if (nbits == 0) return ctx.one();
  const int w = fixed_window_bits(nbits);
  T table[1 << max_fixed_window_bits];
  table[0] = ctx.one();
  table[1] = x;
  WARPNUM_NO_UNROLL
  for (int i = 2; i < (1 << w); ++i) table[i] = ctx.mul(table[i - 1], x);
  int j = (nbits - 1) / w;  // the top window
  T acc = table[exponent_digit(e, j * w, w)];
  WARPNUM_NO_UNROLL
  while (--j >= 0) {
    if constexpr (square_is_product<Ctx>) {
      // w squarings, then the product by table[digit], at one call site: one copy of the inlined product.
      const int digit = exponent_digit(e, j * w, w);
      WARPNUM_NO_UNROLL
      for (int k = 0; k <= w; ++k) acc = ctx.mul(acc, k < w ? acc : table[digit]);
    } else {
      WARPNUM_NO_UNROLL
      for (int k = 0; k < w; ++k) acc = ctx.sqr(acc);
      acc = ctx.mul(acc, table[exponent_digit(e, j * w, w)]);
    }
  }
  return acc;
}

/// x squared n times in a context's representation: the context's sqr_n where it has one (Montgomery: at 256 bits
/// on the host one loop in assembly), else n calls of sqr.
template <class Ctx>
WARPNUM_HD constexpr typename Ctx::value_type sqr_times(const Ctx& ctx, const typename Ctx::value_type& x, int n) noexcept {
  if constexpr (requires { ctx.sqr_n(x, n); }) {
    return ctx.sqr_n(x, n);
  } else {
    typename Ctx::value_type r = x;
    WARPNUM_NO_UNROLL
    for (int k = 0; k < n; ++k) r = ctx.sqr(r);
    return r;
  }
}

/// x^e in a context's representation (Montgomery or Barrett: anything with mul, sqr and one). The host and
/// constant evaluation: left-to-right sliding windows over the odd powers x, x^3, ..., x^(2^w - 1) (Menezes et
/// al., Handbook, Alg. 14.85), the fewest multiplications; the device: fixed_window_pow.
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type window_pow(const Ctx& ctx, const typename Ctx::value_type& x,
                                                         const BigUInt<EBits>& e) noexcept {
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((return fixed_window_pow(ctx, x, e);), ())
  }
  using T = typename Ctx::value_type;
  const int nbits = bit_width(e);
  if (nbits == 0) return ctx.one();
  constexpr int max_w = max_window_bits<T::bits>;
  const int w = window_bits(nbits) < max_w ? window_bits(nbits) : max_w;
  T table[1 << (max_w - 1)];
  table[0] = x;
  if (w > 1) {
    const T x2 = ctx.sqr(x);
    WARPNUM_NO_UNROLL
    for (int i = 1; i < (1 << (w - 1)); ++i) table[i] = ctx.mul(table[i - 1], x2);
  }
  T acc = ctx.one();
  bool started = false;
  int i = nbits - 1;
  WARPNUM_NO_UNROLL
  while (i >= 0) {
    if (!e.bit(static_cast<std::size_t>(i))) {
      int zeros = 1;  // started: the top bit is set, so a window came first
      while (zeros <= i && !e.bit(static_cast<std::size_t>(i - zeros))) ++zeros;
      acc = sqr_times(ctx, acc, zeros);
      i -= zeros;
      continue;
    }
    // The window e[i .. l]: at most w bits, ending in a set bit.
    int l = i - w + 1 < 0 ? 0 : i - w + 1;
    while (!e.bit(static_cast<std::size_t>(l))) ++l;
    int digit = 0;
    for (int k = i; k >= l; --k) digit = 2 * digit + (e.bit(static_cast<std::size_t>(k)) ? 1 : 0);
    if (started) {
      acc = ctx.mul(sqr_times(ctx, acc, i - l + 1), table[digit >> 1]);
    } else {
      acc = table[digit >> 1];
      started = true;
    }
    i = l - 1;
  }
  return acc;
}

/// prod g[i]^e[i] for i < count (count <= 32) in a context's representation: Straus's simultaneous
/// exponentiation with fixed windows (Zhao and Chu, Sec. 3.6): one squaring chain for all bases, the tables of
/// g[i]^d for d < 2^w side by side (at most 64 entries: w = 4 for up to 4 bases, 3 for 8, 2 for 16, 1 for 32).
template <class Ctx, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type straus_pow(const Ctx& ctx, const typename Ctx::value_type* g,
                                                         const BigUInt<EBits>* e, int count) noexcept {
  using T = typename Ctx::value_type;
  const int w = count <= 4 ? 4 : count <= 8 ? 3 : count <= 16 ? 2 : 1;
  const int per = (1 << w) - 1;  // g^1 .. g^(2^w - 1)
  T table[64];
  int nbits = 0;
  for (int i = 0; i < count; ++i) {
    table[i * per] = g[i];
    if (per > 1) {
      WARPNUM_NO_UNROLL
      for (int d = 2; d <= per; ++d) table[i * per + d - 1] = ctx.mul(table[i * per + d - 2], g[i]);
    }
    const int b = bit_width(e[i]);
    nbits = b > nbits ? b : nbits;
  }
  T acc = ctx.one();
  bool started = false;
  WARPNUM_NO_UNROLL
  for (int pos = ((nbits + w - 1) / w - 1) * w; pos >= 0; pos -= w) {
    if (started) {
      WARPNUM_NO_UNROLL
      for (int k = 0; k < w; ++k) acc = ctx.sqr(acc);
    }
    WARPNUM_NO_UNROLL
    for (int i = 0; i < count; ++i) {
      const int d = exponent_digit(e[i], pos, w);
      if (d == 0) continue;
      acc = started ? ctx.mul(acc, table[i * per + d - 1]) : table[i * per + d - 1];
      started = true;
    }
  }
  return acc;
}

}  // namespace detail

/// Montgomery arithmetic modulo an odd modulus m (R = 2^Bits): values in Montgomery form x R mod m, each
/// multiplication one product and one REDC. The context (modulus, -m^-1 mod 2^64, R mod m, R^2 mod m) is
/// trivially copyable: build it on the host and pass it to kernels by value, or build it in device code.
///
/// mul, sqr, add, sub, neg and pow take and return Montgomery forms below m; to_montgomery takes any value.
/// An even (or zero) modulus is an error: the constructor throws std::domain_error on the host; `checked` (and
/// the constructor in device code) gives a context whose status() says so and that works modulo 1, so every
/// result is 0.
template <std::size_t Bits> class Montgomery {
 public:
  using value_type = BigUInt<Bits>;
  static constexpr int num_limbs = value_type::num_limbs;

  /// Indeterminate, like `int`; assign a constructed context before use.
  Montgomery() = default;

  /// The context for an odd modulus m. Host: std::domain_error for an even or zero m.
  WARPNUM_HD constexpr explicit Montgomery(const value_type& m) : Montgomery(checked(m)) {
    if (status_ != Status::ok)
      detail::raise<std::domain_error>("warpnum: Montgomery needs an odd modulus (use Barrett, or powm, for an even one)");
  }

  /// The context for m without throwing: status() is Status::division_by_zero for m == 0, Status::invalid_argument for
  /// an even m (the context then works modulo 1), else Status::ok.
  ///
  /// The constants are computed in local variables and the context is built from them once, never by stores into a
  /// context under construction: with the latter (`Montgomery c{}; c.init(m);`) nvcc 13.0 (-O3, sm_90) lost R mod m and
  /// R^2 mod m of 2048-bit contexts built in device code (64 of 64 wrong on an H100, 2026-11-23; right with -Xcicc -O1,
  /// and right in this form: docs/compiler-workarounds.md, "Contexts built from local variables").
  static WARPNUM_HD constexpr Montgomery checked(const value_type& m) noexcept {
    const Status status = m.is_zero() ? Status::division_by_zero : (m.bit(0) ? Status::ok : Status::invalid_argument);
    const value_type mm = status == Status::ok ? m : value_type{1};
    const std::uint64_t minv = detail::neg_inverse_mod_2_64(static_cast<std::uint64_t>(BigUInt<64>(mm)));
    const value_type one = (value_type{} - mm) % mm;  // R mod m = (R - m) mod m
    constexpr detail::RSquaredSteps steps = detail::r_squared_steps(Bits);
    value_type x = one;
    for (int i = 0; i < steps.doublings; ++i) x = detail::add_mod(x, x, mm);
    for (int i = 0; i < steps.squarings; ++i) x = square(x, mm, minv);
    return Montgomery(mm, one, x, minv, status);
  }

  /// The modulus (1 for a context whose status is not ok).
  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return m_; }
  WARPNUM_HD constexpr Status status() const noexcept { return status_; }
  /// -m^-1 mod 2^64.
  WARPNUM_HD constexpr std::uint64_t neg_inverse() const noexcept { return minv_; }

  /// The Montgomery form of 1: R mod m.
  WARPNUM_HD constexpr const value_type& one() const noexcept { return one_; }
  /// R^2 mod m.
  WARPNUM_HD constexpr const value_type& r_squared() const noexcept { return r2_; }

  /// a R mod m, for any a (also a >= m).
  WARPNUM_HD constexpr value_type to_montgomery(const value_type& a) const noexcept { return mul(a, r2_); }
  /// a R^-1 mod m: the ordinary value of a Montgomery form (any a).
  WARPNUM_HD constexpr value_type from_montgomery(const value_type& a) const noexcept { return mul(a, value_type{1u}); }

  /// a b R^-1 mod m (the Montgomery form of the product), for a b < m R (e.g. both below m).
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, false>(r.limbs_, a.limbs_, b.limbs_, m_.limbs_, minv_);
    return r;
  }
  /// a^2 R^-1 mod m (on the host the square's cross products once; on the device the product a a).
  WARPNUM_HD constexpr value_type sqr(const value_type& a) const noexcept { return square(a, m_, minv_); }
  /// a^(2^n) R^(1 - 2^n) mod m: n squarings in a row (a itself for n <= 0); at 256 bits on the host one call of
  /// a loop in assembly.
  WARPNUM_HD constexpr value_type sqr_n(const value_type& a, int n) const noexcept {
    if (n <= 0) return a;
    WARPNUM_DETAIL_ON_HOST64(value_type r;
                             if (detail::host64::mont_sqr_n<num_limbs>(r.limbs_, a.limbs_, m_.limbs_, minv_, n)) return r;)
    value_type r = sqr(a);
    WARPNUM_NO_UNROLL
    for (int i = 1; i < n; ++i) r = sqr(r);
    return r;
  }
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    return detail::add_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type sub(const value_type& a, const value_type& b) const noexcept {
    return detail::sub_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type neg(const value_type& a) const noexcept { return a.is_zero() ? a : m_ - a; }

  /// x^e in Montgomery form, for x in Montgomery form (sliding windows); x^0 is one().
  template <std::size_t EBits> WARPNUM_HD constexpr value_type pow(const value_type& x, const BigUInt<EBits>& e) const noexcept {
    return detail::window_pow(*this, x, e);
  }
  WARPNUM_HD constexpr value_type pow(const value_type& x, std::uint64_t e) const noexcept { return pow(x, BigUInt<64>(e)); }
  /// a^e mod m for an ordinary value a (any a, also a >= m), result in ordinary form: what powm computes, with
  /// the context built once for many calls.
  template <std::size_t EBits> WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return from_montgomery(pow(to_montgomery(a), e));
  }

 private:
  WARPNUM_HD constexpr Montgomery(const value_type& m, const value_type& one, const value_type& r2, std::uint64_t minv,
                                  Status status) noexcept
      : m_(m), one_(one), r2_(r2), minv_(minv), status_(status) {}

  static WARPNUM_HD constexpr value_type square(const value_type& a, const value_type& m, std::uint64_t minv) noexcept {
    value_type r;
    detail::mont_mul_limbs<num_limbs, true>(r.limbs_, a.limbs_, a.limbs_, m.limbs_, minv);
    return r;
  }

  value_type m_;
  value_type one_;
  value_type r2_;
  std::uint64_t minv_;    // -m^-1 mod 2^64
  Status status_;
};

/// Barrett-style reduction modulo any non-zero m (Bits <= 32768), values in ordinary form: x mod m for x below
/// m 2^Bits (a product of reduced values) by the multi-word form of Moller and Granlund's division by a
/// precomputed reciprocal (Alg. 4 with the base b = 2^Bits): v = floor((b^2 - 1) / d) - b for the normalised
/// modulus d = m 2^s, then one full product, one low product and at most two corrections; no division. A zero
/// modulus: std::domain_error on the host; `checked` gives status() Status::division_by_zero and a context
/// that works modulo 1.
template <std::size_t Bits> class Barrett {
 public:
  using value_type = BigUInt<Bits>;
  using wide_type = BigUInt<2 * Bits>;

  Barrett() = default;

  WARPNUM_HD constexpr explicit Barrett(const value_type& m) : Barrett(checked(m)) {
    if (status_ != Status::ok) detail::raise<std::domain_error>("warpnum: Barrett: the modulus is zero");
  }

  /// Built from local variables once, as Montgomery::checked is (see there). Whether Barrett was exposed to that fault
  /// is not known: the 1024-bit Barrett failure of 2026-11-23 outlived this form and went with the 32-limb full
  /// product's Karatsuba step (mul_full_limbs;
  /// docs/compiler-workarounds.md, "The 32-limb full product by a Karatsuba step").
  static WARPNUM_HD constexpr Barrett checked(const value_type& m) noexcept {
    const Status status = m.is_zero() ? Status::division_by_zero : Status::ok;
    const value_type mm = status == Status::ok ? m : value_type{1};
    const int shift = countl_zero(mm);
    const value_type d = mm << shift;
    // floor((b^2 - 1) / d) - b = floor(((b - 1 - d) b + b - 1) / d): the quotient fits in Bits bits.
    wide_type num = wide_type(~d) << static_cast<int>(Bits);
    num |= wide_type(~value_type{});
    const value_type v(num / wide_type(d));
    return Barrett(mm, d, v, shift, status);
  }

  WARPNUM_HD constexpr const value_type& modulus() const noexcept { return m_; }
  WARPNUM_HD constexpr Status status() const noexcept { return status_; }

  /// x mod m for x < m 2^Bits.
  WARPNUM_HD constexpr value_type reduce(const wide_type& x) const noexcept {
    const wide_type xn = x << shift_;
    const value_type u1(xn >> static_cast<int>(Bits));
    const value_type u0(xn);
    // (q1, q0) = v u1 + (u1, u0); q1 + 1 is the quotient or one too large (M&G Alg. 4).
    const wide_type q = mul_wide(v_, u1) + xn;
    const value_type q0(q);
    const value_type q1 = value_type(q >> static_cast<int>(Bits)) + 1u;
    value_type r = u0 - q1 * d_;
    if (r > q0) r += d_;
    if (r >= d_) r -= d_;
    return r >> shift_;
  }
  /// x mod m for any x.
  WARPNUM_HD constexpr value_type reduce(const value_type& x) const noexcept { return reduce(wide_type(x)); }

  /// a b mod m for a, b < m (or any a b < m 2^Bits).
  WARPNUM_HD constexpr value_type mul(const value_type& a, const value_type& b) const noexcept {
    return reduce(mul_wide(a, b));
  }
  WARPNUM_HD constexpr value_type sqr(const value_type& a) const noexcept { return reduce(sqr_wide(a)); }
  WARPNUM_HD constexpr value_type add(const value_type& a, const value_type& b) const noexcept {
    return detail::add_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type sub(const value_type& a, const value_type& b) const noexcept {
    return detail::sub_mod(a, b, m_);
  }
  WARPNUM_HD constexpr value_type neg(const value_type& a) const noexcept { return a.is_zero() ? a : m_ - a; }
  /// 1 mod m.
  WARPNUM_HD constexpr value_type one() const noexcept { return value_type{m_ == value_type{1u} ? 0u : 1u}; }

  /// x^e mod m for x < m (sliding windows).
  template <std::size_t EBits> WARPNUM_HD constexpr value_type pow(const value_type& x, const BigUInt<EBits>& e) const noexcept {
    return detail::window_pow(*this, x, e);
  }
  /// a^e mod m for any a (also a >= m): what powm computes, with the context built once for many calls.
  template <std::size_t EBits> WARPNUM_HD constexpr value_type powm(const value_type& a, const BigUInt<EBits>& e) const noexcept {
    return pow(reduce(a), e);
  }

 private:
  WARPNUM_HD constexpr Barrett(const value_type& m, const value_type& d, const value_type& v, int shift, Status status) noexcept
      : m_(m), d_(d), v_(v), shift_(shift), status_(status) {}

  value_type m_;
  value_type d_;
  value_type v_;
  int shift_;
  Status status_;
};

// ---- powm ---------------------------------------------------------------------------------------------------

/// a^e mod m without throwing: {0, Status::division_by_zero} for m == 0. An odd modulus goes through
/// Montgomery, an even one through Barrett; a >= m is allowed; a^0 = 1 mod m.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr ModResult<BigUInt<Bits>> powm_checked(const BigUInt<Bits>& a, const BigUInt<EBits>& e,
                                                           const BigUInt<Bits>& m) noexcept {
  if (m.is_zero()) return {BigUInt<Bits>{}, Status::division_by_zero};
  if (m.bit(0)) {
    return {Montgomery<Bits>::checked(m).powm(a, e), Status::ok};
  }
  return {Barrett<Bits>::checked(m).powm(a, e), Status::ok};
}

/// a^e mod m (sliding windows; odd m by Montgomery, even m by Barrett; any exponent width; a >= m allowed).
/// m == 0: std::domain_error on the host, 0 on the device.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> powm(const BigUInt<Bits>& a, const BigUInt<EBits>& e, const BigUInt<Bits>& m) {
  const auto r = powm_checked(a, e, m);
  if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: powm: the modulus is zero");
  return r.value;
}
template <std::size_t Bits>
WARPNUM_HD constexpr BigUInt<Bits> powm(const BigUInt<Bits>& a, std::uint64_t e, const BigUInt<Bits>& m) {
  return powm(a, BigUInt<64>(e), m);
}

// ---- modinv -------------------------------------------------------------------------------------------------

namespace detail {
#if WARPNUM_HAS_INT128
namespace host64 {
/// inverse_odd_n on the host's 64-bit words (half the rounds' passes of 32-bit limbs).
template <int N> inline bool inverse_odd(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
  Words<N> z;
  const bool invertible = inverse_odd_n<std::uint64_t, num_words<N>>(z.w, load<N>(a).w, load<N>(m).w).invertible;
  store<N>(r, z.w);
  return invertible;
}
}  // namespace host64
#endif

#if WARPNUM_DEVICE_BRANCH
/// The device's inverse up to 32 limbs, out of line: one copy of its unrolled passes per kernel, as with
/// gcd_limbs_device. Above 32 limbs inverse_odd_limbs inlines it: its numbers live in local memory there, and
/// through a call they were reached by generic pointers (2048 bits at 8 warps an SM: 16.1 M/s out of line against
/// 22.8 M/s inline, H100, 2026-11-25).
template <int N> WARPNUM_DEVICE_NOINLINE bool inverse_odd_limbs_device(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
  return inverse_odd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, m).invertible;
}
#endif

/// r = a^-1 mod m over N limbs for odd m > 1 and a < m (detail/bigint/gcd.hpp: Pornin's binary GCD); returns
/// false (r = 0) when gcd(a, m) > 1.
template <int N> WARPNUM_HD constexpr bool inverse_odd_limbs(limb_t* r, const limb_t* a, const limb_t* m) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    if constexpr (N <= 32) {
      WARPNUM_IF_ELSE_DEVICE((return inverse_odd_limbs_device<N>(r, a, m);), ())
    } else {
      WARPNUM_IF_ELSE_DEVICE((return inverse_odd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, m).invertible;), ())
    }
  }
#endif
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::inverse_odd<N>(r, a, m);)
  }
  return inverse_odd_n<limb_t, N>(r, a, m).invertible;
}

/// a^-1 mod m for odd m > 1 and a < m.
template <std::size_t Bits>
WARPNUM_HD constexpr ModResult<BigUInt<Bits>> inverse_odd(const BigUInt<Bits>& a, const BigUInt<Bits>& m) noexcept {
  BigUInt<Bits> r;
  const bool invertible = inverse_odd_limbs<BigUInt<Bits>::num_limbs>(r.limbs_, a.limbs_, m.limbs_);
  return {r, invertible ? Status::ok : Status::not_invertible};
}
}  // namespace detail

/// a^-1 mod m without throwing: {0, Status::division_by_zero} for m == 0, {0, Status::not_invertible} when
/// gcd(a, m) != 1; the inverse mod 1 is 0. An odd m by Pornin's binary GCD (detail/bigint/gcd.hpp); an even m
/// through the odd a: a^-1 = (1 + m k) / a with k = -m^-1 mod a. Needs Bits <= 32768.
template <std::size_t Bits>
WARPNUM_HD constexpr ModResult<BigUInt<Bits>> modinv_checked(const BigUInt<Bits>& a, const BigUInt<Bits>& m) noexcept {
  using T = BigUInt<Bits>;
  if (m.is_zero()) return {T{}, Status::division_by_zero};
  const T one{1u};
  if (m == one) return {T{}, Status::ok};
  const T x = a % m;
  if (m.bit(0)) return detail::inverse_odd(x, m);
  if (!x.bit(0)) return {T{}, Status::not_invertible};
  if (x == one) return {one, Status::ok};
  const auto k = detail::inverse_odd(m % x, x);  // m^-1 mod x
  if (k.status != Status::ok) return k;
  // a (1 + m (x - k)) / x = 1 (mod m), and x divides 1 + m (x - k) since m (x - k) = -1 (mod x).
  const BigUInt<2 * Bits> t = mul_wide(m, T(x - k.value)) + 1u;
  return {T(t / BigUInt<2 * Bits>(x)), Status::ok};
}

/// a^-1 mod m. No inverse (gcd(a, m) != 1) or m == 0: std::domain_error on the host, 0 on the device (where
/// modinv_checked also gives the status).
template <std::size_t Bits> WARPNUM_HD constexpr BigUInt<Bits> modinv(const BigUInt<Bits>& a, const BigUInt<Bits>& m) {
  const auto r = modinv_checked(a, m);
  if (r.status == Status::division_by_zero) detail::raise<std::domain_error>("warpnum: modinv: the modulus is zero");
  if (r.status == Status::not_invertible)
    detail::raise<std::domain_error>("warpnum: modinv: no inverse, gcd(a, m) != 1 (modinv_checked reports it without throwing)");
  return r.value;
}

// ---- multi-exponentiation and fixed-base exponentiation ----------------------------------------------------

namespace detail {
/// prod g[i]^e[i] in a context's representation, 32 bases at a time through straus_pow; to_form takes a base
/// into that representation.
///
/// The chunk loop counts the bases left, never min(count - first, chunk): where this function is out of line and
/// called with a constant count, ptxas 13.0 and 13.5 (sm_90, sm_100) fuse that subtraction and minimum into one
/// VIADDMNMX that computes min(first - count, chunk), so that only the first base was used (nvcc fault F5,
/// docs/compiler-faults.md; tests/compiler/f5_chunk_min.cu).
template <class Ctx, class ToForm, std::size_t EBits>
WARPNUM_HD constexpr typename Ctx::value_type multi_pow(const Ctx& ctx, const ToForm& to_form, const typename Ctx::value_type* g,
                                                        const BigUInt<EBits>* e, int count) noexcept {
  using T = typename Ctx::value_type;
  constexpr int chunk = 32;
  T acc = ctx.one();
  for (int first = 0, left = count; left > 0; first += chunk, left -= chunk) {
    const int k = left < chunk ? left : chunk;
    T bases[chunk];
    for (int i = 0; i < k; ++i) bases[i] = to_form(g[first + i]);
    acc = ctx.mul(acc, straus_pow(ctx, bases, e + first, k));
  }
  return acc;
}
}  // namespace detail

/// prod g[i]^e[i] mod m for i < count, without throwing: Straus's simultaneous exponentiation (one squaring
/// chain for all bases; Zhao and Chu Sec. 3.6). More than 32 bases are taken 32 at a time. An empty product is
/// 1 mod m; m == 0 gives {0, Status::division_by_zero}.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr ModResult<BigUInt<Bits>> multi_powm_checked(const BigUInt<Bits>* g, const BigUInt<EBits>* e, int count,
                                                                 const BigUInt<Bits>& m) noexcept {
  using T = BigUInt<Bits>;
  if (m.is_zero()) return {T{}, Status::division_by_zero};
  if (m.bit(0)) {
    const auto ctx = Montgomery<Bits>::checked(m);
    const auto to_form = [&](const T& x) { return ctx.to_montgomery(x); };
    return {ctx.from_montgomery(detail::multi_pow(ctx, to_form, g, e, count)), Status::ok};
  }
  const auto ctx = Barrett<Bits>::checked(m);
  const auto to_form = [&](const T& x) { return ctx.reduce(x); };
  return {detail::multi_pow(ctx, to_form, g, e, count), Status::ok};
}

/// prod g[i]^e[i] mod m (see multi_powm_checked). m == 0: std::domain_error on the host, 0 on the device.
template <std::size_t Bits, std::size_t EBits>
WARPNUM_HD constexpr BigUInt<Bits> multi_powm(const BigUInt<Bits>* g, const BigUInt<EBits>* e, int count, const BigUInt<Bits>& m) {
  const auto r = multi_powm_checked(g, e, count, m);
  if (r.status != Status::ok) detail::raise<std::domain_error>("warpnum: multi_powm: the modulus is zero");
  return r.value;
}

/// Fixed-base exponentiation g^e mod m from a precomputed table (Zhao and Chu Sec. 3.7): entry (j, d) holds
/// g^(d 2^(w j)) in Montgomery form for the windows j of the exponent and digits d = 1 .. 2^w - 1, so that g^e
/// is one multiplication a non-zero w-bit digit of e and no squarings. The view is trivially copyable; its
/// table may live in host or device memory (FixedBaseTable builds one on the host). Odd modulus only.
template <std::size_t Bits> struct FixedBaseView {
  Montgomery<Bits> ctx;
  const BigUInt<Bits>* table;  ///< windows * (2^window - 1) entries, window j's first
  int window;                  ///< w, 1 to 8
  int exponent_bits;           ///< the widest exponent the table covers

  /// g^e mod m for e below 2^exponent_bits; wider exponents use only their low exponent_bits bits (the
  /// table's owner checks the width on the host).
  template <std::size_t EBits> WARPNUM_HD constexpr BigUInt<Bits> pow(const BigUInt<EBits>& e) const noexcept {
    const int per = (1 << window) - 1;
    BigUInt<Bits> acc = ctx.one();
    bool started = false;
    const int windows = exponent_bits / window + (exponent_bits % window != 0 ? 1 : 0);  // no overflow near INT_MAX
    WARPNUM_NO_UNROLL
    for (int j = 0; j < windows; ++j) {
      const int d = detail::exponent_digit(e, j * window, window);
      if (d == 0) continue;
      const BigUInt<Bits>& entry = table[j * per + d - 1];
      acc = started ? ctx.mul(acc, entry) : entry;
      started = true;
    }
    return ctx.from_montgomery(acc);
  }
};

/// A fixed-base table on the host for g modulo an odd m: exponents up to exponent_bits bits, windows of w bits
/// ((exponent_bits / w) (2^w - 1) entries; w = 4 at 2048 bits: 7,680 entries, 1.9 MiB). Copy table() to the
/// device and use view(device_pointer) in kernels. Throws std::domain_error for an even or zero m and
/// std::invalid_argument for a window outside 1 to 8 or exponent_bits outside 1 to max_exponent_bits.
template <std::size_t Bits> class FixedBaseTable {
 public:
  /// The widest exponent a table covers, 2^24 bits: its entries, at most (2^24 / w) (2^w - 1), are counted in
  /// an int (the view's index), and a table that size already takes 2^24 to 2^29 numbers of memory.
  static constexpr int max_exponent_bits = 1 << 24;

  FixedBaseTable(const BigUInt<Bits>& g, const BigUInt<Bits>& m, int exponent_bits, int window = 4)
      : ctx_(m), window_(window), bits_(exponent_bits) {
    if (window < 1 || window > 8) {
      throw std::invalid_argument("warpnum: FixedBaseTable: the window must be 1 to 8 bits, got " + std::to_string(window));
    }
    if (exponent_bits < 1 || exponent_bits > max_exponent_bits) {
      throw std::invalid_argument("warpnum: FixedBaseTable: exponent_bits must be 1 to " + std::to_string(max_exponent_bits) +
                                  ", got " + std::to_string(exponent_bits));
    }
    const int per = (1 << window) - 1;
    const int windows = (exponent_bits + window - 1) / window;
    table_.resize(static_cast<std::size_t>(windows) * static_cast<std::size_t>(per));
    BigUInt<Bits> b = ctx_.to_montgomery(g);  // g^(2^(w j)) for window j
    for (int j = 0; j < windows; ++j) {
      BigUInt<Bits>* row = table_.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(per);
      row[0] = b;
      for (int d = 1; d < per; ++d) row[d] = ctx_.mul(row[d - 1], b);
      b = ctx_.mul(row[per - 1], b);  // b^(2^w)
    }
  }

  /// g^e mod m. Throws std::out_of_range if e has more than exponent_bits bits.
  template <std::size_t EBits> BigUInt<Bits> pow(const BigUInt<EBits>& e) const {
    if (bit_width(e) > bits_) throw std::out_of_range("warpnum: FixedBaseTable::pow: the exponent is wider than the table");
    return view().pow(e);
  }

  /// A view of this table (host memory).
  FixedBaseView<Bits> view() const noexcept { return {ctx_, table_.data(), window_, bits_}; }
  /// A view of a copy of table() elsewhere, e.g. in device memory.
  FixedBaseView<Bits> view(const BigUInt<Bits>* table_copy) const noexcept { return {ctx_, table_copy, window_, bits_}; }
  const std::vector<BigUInt<Bits>>& table() const noexcept { return table_; }

 private:
  Montgomery<Bits> ctx_;
  int window_;
  int bits_;
  std::vector<BigUInt<Bits>> table_;
};

// ---- primality ----------------------------------------------------------------------------------------------

/// One Miller-Rabin round for the odd modulus n > 3 of ctx: false when `base` proves n composite (a witness),
/// true when n is a strong probable prime to that base.
template <std::size_t Bits>
WARPNUM_HD constexpr bool miller_rabin_round(const Montgomery<Bits>& ctx, const BigUInt<Bits>& base) noexcept {
  const BigUInt<Bits>& n = ctx.modulus();
  const BigUInt<Bits> n1 = n - 1u;
  const int s = countr_zero(n1);
  const BigUInt<Bits> d = n1 >> s;
  const BigUInt<Bits> one = ctx.one();
  const BigUInt<Bits> minus_one = ctx.neg(one);
  BigUInt<Bits> x = ctx.pow(ctx.to_montgomery(base), d);
  if (x == one || x == minus_one) return true;
  WARPNUM_NO_UNROLL
  for (int r = 1; r < s; ++r) {
    x = ctx.sqr(x);
    if (x == minus_one) return true;
    if (x == one) return false;
  }
  return false;
}

namespace detail {
/// SplitMix64 (Steele, Lea and Flood): the reproducible base sequence of is_probable_prime.
WARPNUM_HD constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace detail

/// Whether n is probably prime: trial division by the primes below 100, then `rounds` Miller-Rabin rounds,
/// the first to the bases 2, 3, 5, ..., 41 (the first 13 primes: no composite below 3.3 * 10^24 passes them;
/// 318665857834031151167461 passes the first 12)
/// and the others to bases derived from n by SplitMix64 (the same answer on every run, host and device). A
/// composite passes a random round with probability at most 1/4. rounds < 1 counts as 1.
template <std::size_t Bits> WARPNUM_HD constexpr bool is_probable_prime(const BigUInt<Bits>& n, int rounds = 25) noexcept {
  using T = BigUInt<Bits>;
  constexpr std::uint8_t small_primes[] = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41,
                                           43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};
  if (bit_width(n) <= 7) {  // n < 128
    const auto v = static_cast<unsigned>(static_cast<std::uint64_t>(BigUInt<64>(T(n & T{127u}))));
    for (const std::uint8_t p : small_primes)
      if (v == p) return true;
    if (v < 100) return false;
  }
  // The residues of n modulo two products of the primes 2 .. 97 (each below 2^63).
  constexpr std::uint64_t products[2] = {2ull * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47,
                                         53ull * 59 * 61 * 67 * 71 * 73 * 79 * 83 * 89 * 97};
  for (int k = 0; k < 2; ++k) {
    std::uint64_t r = 0;
    if constexpr (Bits <= 64) {
      r = static_cast<std::uint64_t>(BigUInt<64>(n)) % products[k];
    } else {
      r = static_cast<std::uint64_t>(BigUInt<64>(n % T(products[k])));
    }
    for (int i = (k == 0 ? 0 : 15); i < (k == 0 ? 15 : 25); ++i)
      if (r % small_primes[i] == 0) return false;  // n > 97, so a divisor proves it composite
  }
  const Montgomery<Bits> ctx = Montgomery<Bits>::checked(n);  // n is odd here
  const int total = rounds < 1 ? 1 : rounds;
  std::uint64_t state = static_cast<std::uint64_t>(BigUInt<64>(n)) ^ 0x5761727061756d31ull;
  const T range = n - 3u;  // random bases 2 .. n - 2
  WARPNUM_NO_UNROLL
  for (int round = 0; round < total; ++round) {
    T base;
    if (round < 13) {
      base = T(small_primes[round]);
    } else {
      for (int i = 0; i < T::num_limbs; i += 2) {
        const std::uint64_t x = detail::splitmix64(state);
        base.limbs_[i] = static_cast<typename T::limb_type>(x);
        if (i + 1 < T::num_limbs) base.limbs_[i + 1] = static_cast<typename T::limb_type>(x >> 32);
      }
      base = base % range + 2u;
    }
    if (!miller_rabin_round(ctx, base)) return false;
  }
  return true;
}

}  // namespace warpnum

// SPDX-License-Identifier: Apache-2.0
// warpnum/gf2n.hpp: GF2n<N, P>, an element of the binary field GF(2^N) = GF(2)[x] / P(x) in the polynomial basis,
// for 2 <= N <= 4096 and an irreducible P known at compile time (default: default_poly(N)). Arithmetic, inverse,
// powers, square root, trace, half trace and the roots of z^2 + z = c, in host code, constant evaluation and device
// code alike; text and hashing on the host.
//
// Errors (docs/errors.md): the inverse of zero (and division by zero) throws std::domain_error on the host and gives
// 0 on the device (inverse_checked reports Status::not_invertible; a batch's a / 0, Status::division_by_zero); text
// or integers with a coefficient at x^N or above throw std::out_of_range on the host (the device drops those bits);
// malformed text throws std::invalid_argument. A P that is not an irreducible polynomial of degree N does not compile.
// Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/gf2n/clmul.hpp>
#include <warpnum/detail/gf2n/irreducible.hpp>
#include <warpnum/detail/gf2n/reduce.hpp>
#include <warpnum/detail/gf2n/select.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/detail/random/bit_source.hpp>
#include <warpnum/poly.hpp>
#include <warpnum/status.hpp>

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace warpnum {

/// A root of z^2 + z = c and whether there is one (`solve_quadratic`); the other root is root + 1.
template <class T> struct QuadraticRoot {
  T root;
  bool exists;
};

/// Whether p is irreducible over GF(2) (Rabin's test; constexpr, but costly in constant evaluation above degree
/// about 1024: 2 ms at run time at degree 4096). False for a Poly whose check() fails.
constexpr bool is_irreducible(const Poly& p) noexcept { return detail::is_irreducible(p); }

namespace detail::gf2x {

/// Bit i of the result is the trace of x^i in GF(2)[x] / P: Newton's identities over GF(2) give the power sums
/// p_k of P's roots as p_k = sum_{m < k} a_m p_{k-m} + k a_k with P = x^N + a_1 x^(N-1) + ... + a_N, and
/// Tr(x^k) = p_k (Tr(1) = N mod 2). O(N * terms) steps, so it is a compile-time table.
template <Poly P, int W> struct TraceMask {
  std::uint64_t words[W];
};
template <Poly P, int W> constexpr TraceMask<P, W> make_trace_mask() noexcept {
  constexpr int N = P.degree();
  TraceMask<P, W> m{};
  bool p[N] = {};  // p[k] for k < N
  p[0] = (N % 2) != 0;
  for (int k = 1; k < N; ++k) {
    bool s = false;
    for (int j = 1; j < P.num_terms(); ++j) {
      const int mm = N - P.exp(j);  // a_mm = 1
      if (mm < k) s ^= p[k - mm];
      if (mm == k) s ^= (k % 2) != 0;
    }
    p[k] = s;
  }
  for (int k = 0; k < N; ++k) {
    if (p[k]) m.words[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  return m;
}

/// Called when text given to the GF2n constructor is malformed during constant evaluation (never defined: the
/// compiler names it in its diagnostic).
void invalid_gf2n_text_see_docs_errors_md();

}  // namespace detail::gf2x

/// An element of GF(2^N) = GF(2)[x] / P(x), stored as the N coefficients of its polynomial: bit i (of the words,
/// least significant first) is the coefficient of x^i, and bits N and above are 0. Trivially copyable, so arrays of
/// it move with cudaMemcpy; 32-bit words for N <= 32, else 64-bit words.
///
/// N: 2 to 4096. P: a Poly of degree N, irreducible over GF(2) (checked at compile time, for large non-default P
/// partly at run time: docs/errors.md); default_poly(N) is NTL's default. `+` and `-` are both XOR.
template <int N, Poly P = default_poly(N)> class GF2n {
  static_assert(N >= 2 && N <= 4096, "warpnum::GF2n<N>: N must be from 2 to 4096");
  static_assert(P.check() == nullptr, "warpnum::GF2n<N, P>: P is not a valid Poly (see Poly::check())");
  static_assert(P.degree() == N, "warpnum::GF2n<N, P>: the degree of P must be N");
  // Rabin's test at compile time costs about N^2 (1 s at 1024 under g++ 12, over its constexpr limits from about
  // 1800), several times more for a P that is not 2-gapped (x^571 + x^569 + ... exceeded them). So a user's P is
  // proved at compile time up to degree 1024 if 2-gapped, 256 otherwise; beyond, the compile-time check rules out
  // factors of degree up to 10 and the host completes the proof at run time (check_field). The default polynomials
  // are proved by scripts/gen_gf2n_poly_table.cpp.
  static constexpr bool proved_at_compile_time = P == default_poly(N) || N <= 256 || (N <= 1024 && P.is_two_gapped());
  static_assert(P == default_poly(N) ||
                    (proved_at_compile_time ? detail::is_irreducible(P)
                               : !detail::irreducible_impl::has_small_factor(detail::irreducible_impl::make_sparse_poly(P))),
                "warpnum::GF2n<N, P>: P is not irreducible over GF(2), so GF(2)[x]/P is not a field");

 public:
  static constexpr int degree = N;
  static constexpr Poly poly = P;
  using word_type = std::conditional_t<(N <= 32), std::uint32_t, std::uint64_t>;
  static constexpr int word_bits = N <= 32 ? 32 : 64;
  static constexpr int num_words = (N + word_bits - 1) / word_bits;

  /// The coefficients; public only so that GF2n is a structural type. Bits at and above N are always 0.
  word_type words_[num_words];

  /// Leaves the value indeterminate, like `int`; `GF2n{}` is zero.
  GF2n() = default;

  /// The element whose coefficient of x^i is bit i of `coefficients`. A bit at or above N: std::out_of_range on
  /// the host (a compile error in constant evaluation); the device drops it.
  WARPNUM_HD constexpr explicit GF2n(std::uint64_t coefficients) : words_{} {
    if constexpr (N < 64) {
      if ((coefficients >> N) != 0) {
        WARPNUM_IF_HOST((detail::raise<std::out_of_range>(excess_message("the integer").c_str());))
        coefficients &= (std::uint64_t{1} << N) - 1;
      }
    }
    words_[0] = static_cast<word_type>(coefficients);
  }

  /// From a BigUInt whose bit i is the coefficient of x^i; the same rule for bits at or above N.
  template <std::size_t B> WARPNUM_HD constexpr explicit GF2n(const BasicInt<B, false>& v) : words_{} {
    bool excess = false;
    for (int i = 0; i < static_cast<int>(B / 32); ++i) {
      const std::uint32_t limb = v.limb(i);
      const int bit = 32 * i;
      std::uint32_t keep = 0;
      if (bit + 32 <= N) {
        keep = limb;
      } else if (bit < N) {
        keep = limb & ((std::uint32_t{1} << (N - bit)) - 1);
      }
      excess = excess || keep != limb;
      if (bit < N) words_[bit / word_bits] |= static_cast<word_type>(keep) << (bit % word_bits);
    }
    if (excess) {
      WARPNUM_IF_HOST((detail::raise<std::out_of_range>(excess_message("the BigUInt").c_str());))
    }
  }

  /// From hexadecimal text, most significant digit first like an integer: "0x13" (or "13") is x^4 + x + 1. An
  /// optional 0x or 0X prefix, digits in either case, leading zeros allowed. std::invalid_argument when there is
  /// no digit or a character is not a hex digit; std::out_of_range for a coefficient at x^N or above.
  constexpr explicit GF2n(std::string_view hex) : words_{} {
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) check_field();
    std::size_t start = 0;
    if (hex.size() >= 2 && hex[0] == '0' && (hex[1] == 'x' || hex[1] == 'X')) start = 2;
    if (start == hex.size()) {
      if (WARPNUM_IS_CONSTANT_EVALUATED()) detail::gf2x::invalid_gf2n_text_see_docs_errors_md();
      detail::throw_error<std::invalid_argument>("warpnum: no digits in " + detail::quoted_text(hex));
    }
    // Every character first, left to right, so that the message names the first bad one, and malformed text is
    // std::invalid_argument even where it also holds a coefficient beyond x^(N-1) (as BigUInt's constructor).
    for (std::size_t i = start; i < hex.size(); ++i) {
      const char c = hex[i];
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
        if (WARPNUM_IS_CONSTANT_EVALUATED()) detail::gf2x::invalid_gf2n_text_see_docs_errors_md();
        detail::throw_error<std::invalid_argument>("warpnum: " + detail::invalid_character_text(hex, i) + " in " +
                                                   detail::quoted_text(hex) + " (hexadecimal coefficients)");
      }
    }
    for (std::size_t i = hex.size(); i-- > start;) {
      const char c = hex[i];
      const int d = c <= '9' ? c - '0' : c <= 'F' ? c - 'A' + 10 : c - 'a' + 10;
      const std::size_t bit = 4 * (hex.size() - 1 - i);
      for (int k = 0; k < 4; ++k) {
        if (((d >> k) & 1) == 0) continue;
        if (bit + k >= static_cast<std::size_t>(N)) {
          if (WARPNUM_IS_CONSTANT_EVALUATED()) detail::gf2x::invalid_gf2n_text_see_docs_errors_md();
          detail::throw_error<std::out_of_range>("warpnum: " + detail::quoted_text(hex) + " has a coefficient at x^" +
                                                 std::to_string(bit + k) + ", beyond GF2n<" + std::to_string(N) + ">");
        }
        words_[(bit + k) / word_bits] |= word_type{1} << ((bit + k) % word_bits);
      }
    }
  }

  /// The coefficients as a `BigUInt<B>` (bit i is the coefficient of x^i); B >= N.
  template <std::size_t B = (static_cast<std::size_t>(N) + 31) / 32 * 32>
  WARPNUM_HD constexpr BasicInt<B, false> to_biguint() const noexcept {
    static_assert(B >= static_cast<std::size_t>(N), "warpnum::GF2n::to_biguint<B>: B must be at least N");
    BasicInt<B, false> r{};
    for (int i = 0; i < N; i += 32) r.limbs_[i / 32] = static_cast<std::uint32_t>(words_[i / word_bits] >> (i % word_bits));
    return r;
  }

  WARPNUM_HD static constexpr GF2n zero() noexcept { return GF2n{}; }
  WARPNUM_HD static constexpr GF2n one() noexcept {
    GF2n r{};
    r.words_[0] = 1;
    return r;
  }
  /// x^i for 0 <= i < N (other i: zero).
  WARPNUM_HD static constexpr GF2n monomial(int i) noexcept {
    GF2n r{};
    if (i >= 0 && i < N) r.words_[i / word_bits] = word_type{1} << (i % word_bits);
    return r;
  }
  /// A uniformly random element from any UniformRandomBitGenerator (std::mt19937_64, std::minstd_rand,
  /// Philox4x32, ...): its uniform bits by detail::urbg::BitSource (random.hpp's), which subtracts min() and draws
  /// again where the generator's number of values is not a power of two.
  template <class URBG> static GF2n random(URBG& g) {
    check_field();
    GF2n r{};
    detail::urbg::BitSource<URBG> bits(g);
    for (int i = 0; i < num_words; ++i) {
      std::uint64_t w = bits.take(32);
      if constexpr (word_bits == 64) w |= std::uint64_t{bits.take(32)} << 32;
      r.words_[i] = static_cast<word_type>(w);
    }
    r.clear_excess();
    return r;
  }

  /// Proves P irreducible where the compile-time check could not (N > 1024 and P not the default), once per
  /// program; std::invalid_argument if it is not. The host entry points (text, random, mul_n) call it; device-only
  /// code with such a P should call it once on the host.
  static void check_field() {
    if constexpr (!proved_at_compile_time) {
      static const bool irreducible = detail::is_irreducible(P);
      if (!irreducible) {
        detail::throw_error<std::invalid_argument>(
            "warpnum: GF2n<" + std::to_string(N) +
            ", P>: P is not irreducible over GF(2), so GF(2)[x]/P is not a field");
      }
    }
  }

  /// The coefficient of x^i (0 <= i < N).
  WARPNUM_HD constexpr bool coefficient(int i) const noexcept { return ((words_[i / word_bits] >> (i % word_bits)) & 1) != 0; }
  WARPNUM_HD constexpr bool is_zero() const noexcept {
    word_type any = 0;
    for (int i = 0; i < num_words; ++i) any |= words_[i];
    return any == 0;
  }
  WARPNUM_HD constexpr explicit operator bool() const noexcept { return !is_zero(); }
  WARPNUM_HD constexpr word_type word(int i) const noexcept { return words_[i]; }
  WARPNUM_HD constexpr const word_type* data() const noexcept { return words_; }
  WARPNUM_HD constexpr word_type* data() noexcept { return words_; }

  // ---- arithmetic ----

  WARPNUM_HD constexpr GF2n& operator+=(const GF2n& b) noexcept {
    for (int i = 0; i < num_words; ++i) words_[i] ^= b.words_[i];
    return *this;
  }
  WARPNUM_HD constexpr GF2n& operator-=(const GF2n& b) noexcept { return *this += b; }
  WARPNUM_HD constexpr GF2n& operator*=(const GF2n& b) noexcept { return *this = *this * b; }
  WARPNUM_HD constexpr GF2n& operator/=(const GF2n& b) { return *this = *this / b; }

  friend WARPNUM_HD constexpr GF2n operator+(GF2n a, const GF2n& b) noexcept { return a += b; }
  friend WARPNUM_HD constexpr GF2n operator-(GF2n a, const GF2n& b) noexcept { return a += b; }
  /// -a == a in characteristic 2.
  friend WARPNUM_HD constexpr GF2n operator-(const GF2n& a) noexcept { return a; }
  WARPNUM_HD constexpr GF2n operator+() const noexcept { return *this; }

  friend WARPNUM_HD constexpr GF2n operator*(const GF2n& a, const GF2n& b) noexcept {
    // The variants and where each is chosen: detail/gf2n/select.hpp.
    if constexpr (detail::gf2x::has_mul_mod_x86<N, P>) {
      if (detail::gf2x::use_mul_mod_x86()) {
        GF2n r;
        detail::gf2x::mul_mod_x86<N, P>(r.words_, a.words_, b.words_);
        return r;
      }
    }
    std::uint64_t t[2 * W] = {};
    if constexpr (N <= 32) {
      t[0] = detail::gf2x::clmul32(static_cast<std::uint32_t>(a.words_[0]), static_cast<std::uint32_t>(b.words_[0]));
    } else {
      detail::gf2x::mul_words<W>(t, a.words_, b.words_);
    }
    return from_product(t);
  }
  /// a / b = a * inverse(b); b == 0 as for inverse.
  friend WARPNUM_HD constexpr GF2n operator/(const GF2n& a, const GF2n& b) { return a * inverse(b); }

  /// x^2 (linear over GF(2): the coefficients spread to even positions, then reduce).
  friend WARPNUM_HD constexpr GF2n square(const GF2n& a) noexcept {
    std::uint64_t t[2 * W] = {};
    if constexpr (N <= 32) {
      t[0] = detail::gf2x::spread32(static_cast<std::uint32_t>(a.words_[0]));
    } else {
      detail::gf2x::sqr_words<W>(t, a.words_);
    }
    return from_product(t);
  }

  /// 1 / x by Itoh and Tsujii's chain: x^(2^N - 2) = (x^(2^(N-1) - 1))^2, building b_k = x^(2^k - 1) as
  /// b_(j+k) = b_j^(2^k) b_k over the bits of N - 1: N - 1 squarings and about 2 log2(N) products.
  /// x == 0: std::domain_error on the host; 0 on the device (inverse_checked reports it).
  friend WARPNUM_HD constexpr GF2n inverse(const GF2n& x) {
    if (x.is_zero()) {
      WARPNUM_IF_HOST((detail::raise<std::domain_error>(("warpnum: inverse of zero in GF(2^" + std::to_string(N) + ")")
                                                            .c_str());))
      return GF2n{};
    }
    return inverse_nonzero(x);
  }
  /// {1 / x, Status::ok}, or {0, Status::not_invertible} for x == 0 (zero has no inverse; status.hpp); never throws.
  friend WARPNUM_HD constexpr Checked<GF2n> inverse_checked(const GF2n& x) noexcept {
    if (x.is_zero()) return {GF2n{}, Status::not_invertible};
    return {inverse_nonzero(x), Status::ok};
  }

  // The loops of squarings and products below stay rolled on the device (WARPNUM_NO_UNROLL): unrolled, the N - 1
  // squarings of an inverse at N = 4096 made ptxas run for minutes.

  /// x^e by left-to-right squaring and multiplying; pow(0, 0) == 1.
  friend WARPNUM_HD constexpr GF2n pow(const GF2n& x, std::uint64_t e) noexcept {
    GF2n r = one();
    WARPNUM_NO_UNROLL
    for (int i = 63; i >= 0; --i) {
      r = square(r);
      if (((e >> i) & 1) != 0) r *= x;
    }
    return r;
  }
  /// x^e for an exponent of any width.
  template <std::size_t B> friend WARPNUM_HD constexpr GF2n pow(const GF2n& x, const BasicInt<B, false>& e) noexcept {
    GF2n r = one();
    WARPNUM_NO_UNROLL
    for (int i = static_cast<int>(B) - 1; i >= 0; --i) {
      r = square(r);
      if (((e.limb(i / 32) >> (i % 32)) & 1) != 0) r *= x;
    }
    return r;
  }

  /// The square root: x^(2^(N-1)), the inverse of the Frobenius map x -> x^2.
  friend WARPNUM_HD constexpr GF2n sqrt(const GF2n& x) noexcept {
    GF2n r = x;
    WARPNUM_NO_UNROLL
    for (int i = 1; i < N; ++i) r = square(r);
    return r;
  }

  /// Tr(x) = x + x^2 + x^4 + ... + x^(2^(N-1)), 0 or 1: linear, so the parity of x's coefficients under the
  /// compile-time mask of the basis traces.
  friend WARPNUM_HD constexpr int trace(const GF2n& x) noexcept {
    constexpr auto mask = trace_mask;  // a local copy: device code cannot read a static member
    std::uint64_t acc = 0;
    for (int i = 0; i < W; ++i) acc ^= x.word64(i) & mask.words[i];
    acc ^= acc >> 32;
    acc ^= acc >> 16;
    acc ^= acc >> 8;
    acc ^= acc >> 4;
    acc ^= acc >> 2;
    acc ^= acc >> 1;
    return static_cast<int>(acc & 1);
  }

  /// The half trace x + x^4 + x^16 + ... + x^(4^((N-1)/2)), for odd N: a root of z^2 + z = x + Tr(x).
  friend WARPNUM_HD constexpr GF2n half_trace(const GF2n& x) noexcept {
    static_assert(N % 2 == 1, "warpnum::half_trace: defined for odd N only (use solve_quadratic)");
    GF2n h = x;
    GF2n t = x;
    WARPNUM_NO_UNROLL
    for (int i = 1; i <= (N - 1) / 2; ++i) {
      t = square(square(t));
      h += t;
    }
    return h;
  }

  /// A root of z^2 + z = c: {root, true} when Tr(c) == 0 (the other root is root + 1), else {0, false}. Odd N: the
  /// half trace. Even N: z = sum_{i=0}^{N-2} c^(2^i) sum_{j=i+1}^{N-1} d^(2^j) with Tr(d) = 1 (then z^2 + z =
  /// c Tr(d) + d Tr(c) = c), d the first monomial of trace 1: N - 2 products.
  friend WARPNUM_HD constexpr QuadraticRoot<GF2n> solve_quadratic(const GF2n& c) noexcept {
    if (trace(c) != 0) return {GF2n{}, false};
    if constexpr (N % 2 == 1) {
      return {half_trace(c), true};
    } else {
      constexpr int first = first_trace_one();
      GF2n d = monomial(first);
      GF2n s = one() + d;  // sum_{j=1}^{N-1} d^(2^j) = Tr(d) + d
      GF2n cc = c;
      GF2n z = c * s;
      WARPNUM_NO_UNROLL
      for (int i = 1; i <= N - 2; ++i) {
        cc = square(cc);
        d = square(d);
        s += d;
        z += cc * s;
      }
      return {z, true};
    }
  }

  // ---- comparison: the elements ordered as the integers with their bits; <=> for host code ----

  friend WARPNUM_HD constexpr bool operator==(const GF2n& a, const GF2n& b) noexcept {
    word_type diff = 0;
    for (int i = 0; i < num_words; ++i) diff |= a.words_[i] ^ b.words_[i];
    return diff == 0;
  }
  friend WARPNUM_HD constexpr bool operator!=(const GF2n& a, const GF2n& b) noexcept { return !(a == b); }
  friend WARPNUM_HD constexpr bool operator<(const GF2n& a, const GF2n& b) noexcept { return a.cmp(b) < 0; }
  friend WARPNUM_HD constexpr bool operator<=(const GF2n& a, const GF2n& b) noexcept { return a.cmp(b) <= 0; }
  friend WARPNUM_HD constexpr bool operator>(const GF2n& a, const GF2n& b) noexcept { return a.cmp(b) > 0; }
  friend WARPNUM_HD constexpr bool operator>=(const GF2n& a, const GF2n& b) noexcept { return a.cmp(b) >= 0; }
  friend constexpr std::strong_ordering operator<=>(const GF2n& a, const GF2n& b) noexcept {
    const int c = a.cmp(b);
    return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }

 private:
  /// The host's message for a coefficient at x^N or above in an integer given to a constructor.
  static std::string excess_message(const char* source) {
    return "warpnum: GF2n<" + std::to_string(N) + ">: " + source + " has a coefficient at x^" + std::to_string(N) +
           " or above";
  }

  /// 64-bit words the algorithms of detail/gf2n work on.
  static constexpr int W = (N + 63) / 64;
  static constexpr detail::gf2x::TraceMask<P, W> trace_mask = detail::gf2x::make_trace_mask<P, W>();

  /// 64-bit word i (0 <= i < W) of the coefficients.
  WARPNUM_HD constexpr std::uint64_t word64(int i) const noexcept {
    if constexpr (N <= 32) {
      return i == 0 ? words_[0] : 0;
    } else {
      return words_[i];
    }
  }

  /// The smallest i with Tr(x^i) == 1 (there is one: the trace is a nonzero linear map).
  WARPNUM_HD static constexpr int first_trace_one() noexcept {
    int i = 0;
    while (((trace_mask.words[i / 64] >> (i % 64)) & 1) == 0) ++i;
    return i;
  }

  WARPNUM_HD constexpr int cmp(const GF2n& b) const noexcept {
    for (int i = num_words - 1; i >= 0; --i) {
      if (words_[i] != b.words_[i]) return words_[i] < b.words_[i] ? -1 : 1;
    }
    return 0;
  }

  WARPNUM_HD constexpr void clear_excess() noexcept {
    if constexpr (N % word_bits != 0) words_[num_words - 1] &= (word_type{1} << (N % word_bits)) - 1;
  }

  /// The element of a product t of 2W words (degree at most 2N - 2); t is scratch.
  WARPNUM_HD static constexpr GF2n from_product(std::uint64_t* t) noexcept {
    std::uint64_t r[W] = {};
    detail::gf2x::reduce<P, W>(r, t);
    GF2n x{};
    for (int i = 0; i < num_words; ++i) x.words_[i] = static_cast<word_type>(r[i]);
    return x;
  }

  WARPNUM_HD static constexpr GF2n inverse_nonzero(const GF2n& x) noexcept {
    constexpr int m = N - 1;  // b_m = x^(2^m - 1); the inverse is b_m^2
    int top = 31;
    while (((m >> top) & 1) == 0) --top;
    GF2n b = x;  // b_k with k = 1, the top bit of m
    int k = 1;
    WARPNUM_NO_UNROLL
    for (int i = top - 1; i >= 0; --i) {
      GF2n t = b;  // b_(2k) = b_k^(2^k) b_k
      WARPNUM_NO_UNROLL
      for (int s = 0; s < k; ++s) t = square(t);
      b = t * b;
      k *= 2;
      if (((m >> i) & 1) != 0) {  // b_(k+1) = b_k^2 x
        b = square(b) * x;
        k += 1;
      }
    }
    return square(b);
  }
};

/// r[i] = a[i] * b[i] for i < n on the host (r may alias a or b): for GF(2^64) and GF(2^128) (with deg(P - x^N)
/// < 64) by AVX-512 VPCLMULQDQ, eight or four products a step, where the processor has it; else the one-element
/// loop (detail/gf2n/select.hpp). Throws only as check_field does.
template <int N, Poly P> void mul_n(GF2n<N, P>* r, const GF2n<N, P>* a, const GF2n<N, P>* b, std::size_t n) {
  GF2n<N, P>::check_field();
  if (detail::gf2x::mul_mod_n_avx512_if<N, P>(r, a, b, n)) return;
  for (std::size_t i = 0; i < n; ++i) r[i] = a[i] * b[i];
}

/// The coefficients as text in base 16 (or 2), most significant first like an integer, lowercase, no prefix, no
/// leading zeros, "0" for zero: what the GF2n constructor parses (base 16). Other bases: std::invalid_argument.
template <int N, Poly P> std::string to_string(const GF2n<N, P>& x, int base = 16) {
  GF2n<N, P>::check_field();
  if (base != 16 && base != 2)
    detail::throw_error<std::invalid_argument>("warpnum: to_string(GF2n): base must be 16 or 2, got " +
                                               std::to_string(base));
  return to_string(x.to_biguint(), base);  // BigUInt's digits: lowercase, no prefix, no leading zeros
}

}  // namespace warpnum

/// std::hash over the coefficients, so GF2n can key unordered containers.
template <int N, warpnum::Poly P> struct std::hash<warpnum::GF2n<N, P>> {
  std::size_t operator()(const warpnum::GF2n<N, P>& x) const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a over the words
    for (int i = 0; i < warpnum::GF2n<N, P>::num_words; ++i) {
      h ^= static_cast<std::uint64_t>(x.words_[i]);
      h *= 0x100000001b3ull;
      h ^= h >> 29;
    }
    return static_cast<std::size_t>(h);
  }
};

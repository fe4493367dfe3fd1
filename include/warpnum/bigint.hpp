// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint.hpp: BigUInt<Bits> and BigInt<Bits>, fixed-width integers for host, device and constexpr code.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/bigint/add.hpp>
#include <warpnum/detail/bigint/div.hpp>
#include <warpnum/detail/bigint/gcd.hpp>
#include <warpnum/detail/bigint/mul.hpp>
#include <warpnum/detail/bigint/mul_low_x86.hpp>
#include <warpnum/detail/bigint/mul_rows.hpp>
#include <warpnum/detail/bigint/shift.hpp>
#include <warpnum/detail/bigint/text.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/status.hpp>

#include <array>
#include <bit>
#include <charconv>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace warpnum {

/// A fixed-width integer of `Bits` bits (a multiple of 32, from 32 to 65536), stored as little-endian 32-bit
/// limbs. Unsigned (`Signed == false`) wraps modulo 2^Bits like `unsigned`; signed is two's complement and
/// wraps the same way (overflow is defined, unlike `int`). Use the aliases `BigUInt<Bits>` and `BigInt<Bits>`.
///
/// Trivially copyable and standard-layout, `sizeof` is exactly Bits / 8, so arrays move with cudaMemcpy.
/// Like `int`, a default-initialised value is indeterminate (so it can live in `__shared__` memory);
/// value-initialise (`BigUInt<256> x{};`) for zero.
template <std::size_t Bits, bool Signed> class BasicInt;

/// Unsigned fixed-width integer, wrapping modulo 2^Bits.
template <std::size_t Bits> using BigUInt = BasicInt<Bits, false>;
/// Signed fixed-width integer in two's complement.
template <std::size_t Bits> using BigInt = BasicInt<Bits, true>;

/// The quotient and remainder of `divmod`.
template <class T> struct DivResult {
  T quot;
  T rem;
};

/// The quotient, remainder and outcome of `divmod_checked`.
template <class T> struct CheckedDivResult {
  T quot;
  T rem;
  Status status;
};

namespace detail {

template <class T> inline constexpr bool is_basic_int = false;
template <std::size_t B, bool S> inline constexpr bool is_basic_int<BasicInt<B, S>> = true;

/// Built-in integer types, `bool` and character types excepted.
template <class T>
concept builtin_integer = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char> &&
                          !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t> &&
                          !std::same_as<T, wchar_t>;

#if WARPNUM_HAS_INT128
/// The host's fast path: the same word algorithms on 64-bit limb pairs. Division reads and writes the limb
/// arrays as 64-bit words in place (get_word); the other operations copy a value's limbs into 64-bit words
/// (one memcpy: the same bytes on a little-endian host), run, and copy the result back.
namespace host64 {
template <int N32> inline constexpr int num_words = (N32 + 1) / 2;
template <int N32> struct Words {
  std::uint64_t w[num_words<N32>];
};
template <int N32> inline Words<N32> load(const limb_t* limbs) noexcept {
  Words<N32> out;
  out.w[num_words<N32> - 1] = 0;
  std::memcpy(out.w, limbs, sizeof(limb_t) * N32);
  return out;
}
template <int N32> inline void store(limb_t* limbs, const std::uint64_t* words) noexcept {
  std::memcpy(limbs, words, sizeof(limb_t) * N32);
}

// The host bodies of the limb-array operations below: load, run the word algorithm, store.
template <int N> inline limb_t add(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  auto x = load<N>(a);
  const auto c = add_n(x.w, x.w, load<N>(b).w, num_words<N>);
  store<N>(r, x.w);
  return static_cast<limb_t>(c);
}
template <int N> inline limb_t sub(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  auto x = load<N>(a);
  const auto c = sub_n(x.w, x.w, load<N>(b).w, num_words<N>);
  store<N>(r, x.w);
  return static_cast<limb_t>(c);
}
template <int N> inline void mul_low(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DETAIL_X86_64_ASM
  // 256 and 512 bits on a processor with BMI2 and ADX: generated assembly (mul_low_x86.hpp), about 1.4 times as
  // fast as the columns' mulq chains (development machine, 2026-11-23).
  if constexpr (N == 8) {
    if (host_has_mulx_adx) return mul_low_4_adx(r, a, b);
  } else if constexpr (N == 16) {
    if (host_has_mulx_adx) return mul_low_8_adx(r, a, b);
  }
#endif
  Words<N> z;
  if constexpr (num_words<N> <= 32) {
    mul_low_columns<num_words<N>>(z.w, load<N>(a).w, load<N>(b).w);
  } else {
    mul_low_n(z.w, load<N>(a).w, load<N>(b).w, num_words<N>);
  }
  store<N>(r, z.w);
}
template <int N> inline void mul_full(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  std::uint64_t z[2 * num_words<N>];
  mul_full_n(z, load<N>(a).w, load<N>(b).w, num_words<N>);
  store<2 * N>(r, z);
}
template <int N> inline void divmod(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    divmod_n<std::uint64_t, N / 2>(q, r, a, b);  // reads and writes the limb arrays as 64-bit words
  } else {
    Words<N> qw;
    Words<N> rw;
    divmod_n<std::uint64_t, num_words<N>>(qw.w, rw.w, load<N>(a).w, load<N>(b).w);
    store<N>(q, qw.w);
    store<N>(r, rw.w);
  }
}
/// x = neg ? -x : x over the words I (neg 0 or 1), without a branch: (x xor mask) + neg, one carry chain,
/// unrolled by a fold and inlined (GCC -O2 kept a loop, and a lambda for the fold stayed out of line at 16 words:
/// 7 ns of a 41 ns 256-bit `%`, 35 ns of a 1024-bit one).
template <int... I>
WARPNUM_FORCEINLINE void negate_if(std::uint64_t* x, std::uint64_t neg, std::integer_sequence<int, I...>) noexcept {
  const std::uint64_t mask = 0 - neg;
  unsigned __int128 c = neg;
  ((c += x[I] ^ mask, x[I] = static_cast<std::uint64_t>(c), c >>= 64), ...);
}
/// Signed (two's complement) q = a / b truncated, r = a % b with a's sign, for an even N (the sign bit is the
/// top bit of a 64-bit word). Two non-negative operands divide in place; otherwise the magnitudes, the division
/// and the signs all stay in 64-bit words, the negations without branches. Negating in 32-bit limbs (neg_n) and
/// reloading those as words cost a third of a 256-bit `%` with random signs (docs/benchmarks.md).
template <int N> WARPNUM_FORCEINLINE void divmod_signed(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  static_assert(N % 2 == 0);
  constexpr int W = num_words<N>;
  if (((a[N - 1] | b[N - 1]) >> 31) == 0) return divmod<N>(q, r, a, b);  // both non-negative: in place
  auto x = load<N>(a);
  auto y = load<N>(b);
  const std::uint64_t na = x.w[W - 1] >> 63;
  const std::uint64_t nb = y.w[W - 1] >> 63;
  constexpr auto words = std::make_integer_sequence<int, W>{};
  negate_if(x.w, na, words);
  negate_if(y.w, nb, words);
  Words<N> qw;
  Words<N> rw;
  divmod_n<std::uint64_t, W>(qw.w, rw.w, x.w, y.w);
  negate_if(qw.w, na ^ nb, words);
  negate_if(rw.w, na, words);
  store<N>(q, qw.w);
  store<N>(r, rw.w);
}
template <int N> inline void gcd(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  Words<N> g;
  gcd_n<std::uint64_t, num_words<N>>(g.w, load<N>(a).w, load<N>(b).w);
  store<N>(r, g.w);
}
}  // namespace host64

/// Runs its statements in host code at run time only, where the 64-bit word bodies above apply: not on the
/// device, not in constant evaluation. A macro because picking a target needs NV_IF_TARGET's preprocessing.
#  define WARPNUM_DETAIL_ON_HOST64(...)                           \
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {                       \
      WARPNUM_IF_ELSE_DEVICE((), ({ __VA_ARGS__ }))               \
    }
#else
#  define WARPNUM_DETAIL_ON_HOST64(...)
#endif

// Each limb-array operation below picks its word size per target: 64-bit limb pairs on the host (where
// unsigned __int128 exists), 32-bit limbs on the device and during constant evaluation. The algorithm itself
// is one template (detail/bigint/).

/// r = a + b over N limbs; returns the carry.
template <int N> WARPNUM_HD constexpr limb_t add_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::add<N>(r, a, b);)
  }
  return add_n(r, a, b, N);
}

/// r = a - b over N limbs; returns the borrow.
template <int N> WARPNUM_HD constexpr limb_t sub_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  if constexpr (N % 2 == 0) {
    WARPNUM_DETAIL_ON_HOST64(return host64::sub<N>(r, a, b);)
  }
  return sub_n(r, a, b, N);
}

#if WARPNUM_DEVICE_BRANCH
/// Whether the device multiplies N-limb numbers with the unrolled row chains (mul_rows.hpp) rather than loops:
/// low halves up to 64 limbs; full products and squares (2N limbs of result) up to 32, above which a thread
/// cannot hold them in registers anyway and the unrolled code only costs compile time (it tripled that of the
/// 2048-bit device tests).
template <int N> inline constexpr bool device_rows = N <= ptx::max_mad_row;
template <int N> inline constexpr bool device_rows_full = N <= ptx::max_mad_row / 2;
#  define WARPNUM_DETAIL_ON_DEVICE_ROWS(...)                      \
    if (!WARPNUM_IS_CONSTANT_EVALUATED()) {                       \
      WARPNUM_IF_ELSE_DEVICE(({ __VA_ARGS__ }), ())               \
    }
#else
#  define WARPNUM_DETAIL_ON_DEVICE_ROWS(...)
#endif

/// r = low N limbs of a * b.
template <int N> WARPNUM_HD constexpr void mul_low_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_low_rows<N>(r, a, b); return;)
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::mul_low<N>(r, a, b); return;)
  }
  mul_low_n(r, a, b, N);
}

/// r (2N limbs) = a * b. The device at 32 limbs: one Karatsuba step over 16-limb rows. With the 32-limb rows (two
/// 64-limb accumulators in registers) nvcc 13.0 (-O3, sm_90) computed some 1024-bit Barrett exponentiations wrong (8 of
/// 64 inputs in one kernel, H100, 2026-11-23; right with -Xcicc -O1, with the rows replaced by loops, and with this
/// step: docs/compiler-workarounds.md, "The 32-limb full product by a Karatsuba step"). The step is also 1-2% faster
/// (6.67 against 6.55 G products a second, H100, 2026-11-23).
template <int N> WARPNUM_HD constexpr void mul_full_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (N == 32) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_full_karatsuba<N>(r, a, b); return;)
  } else if constexpr (device_rows_full<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(mul_full_rows<N>(r, a, b); return;)
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::mul_full<N>(r, a, b); return;)
  }
  mul_full_n(r, a, b, N);
}

/// r = low N limbs of a * a: the device squares with half the products; elsewhere this is mul_low_limbs.
template <int N> WARPNUM_HD constexpr void sqr_low_limbs(limb_t* r, const limb_t* a) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_low_rows<N>(r, a); return;)
  }
#endif
  mul_low_limbs<N>(r, a, a);
}

/// r (2N limbs) = a * a; see sqr_low_limbs. The device at 64 limbs: one Karatsuba step over 32-limb squares by
/// rows (the looped product took 2.3 ns a 2048-bit square against 0.8 ns, H100, 2026-11-25: the top level of a
/// 4096-bit square root).
template <int N> WARPNUM_HD constexpr void sqr_full_limbs(limb_t* r, const limb_t* a) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if constexpr (device_rows_full<N>) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_full_rows<N>(r, a); return;)
  } else if constexpr (N == 64) {
    WARPNUM_DETAIL_ON_DEVICE_ROWS(sqr_full_karatsuba<N>(r, a); return;)
  }
#endif
  mul_full_limbs<N>(r, a, a);
}

#if WARPNUM_DEVICE_BRANCH
/// The device's division, out of line, against what looks like the nvcc 13.0 fault of gcd_limbs_device below: in the
/// setup of a Barrett context, 1 % m came out 0 for some m in one instantiation and right in another of the same code
/// (tests/device/modular, H100, 2026-11-22; docs/compiler-workarounds.md, "Division runs out of line"). With this, and
/// Barrett's 1 mod m computed without a division, the 256-bit modular device tests pass; which of the two mattered is
/// not known. Remove with gcd_limbs_device once a newer nvcc passes those tests without them. A divisor of N / 2 limbs
/// takes divmod_n's half path, whose words stay in registers. Up to 32 limbs that is algorithm D unrolled: the square
/// root's divisions, 2.26 G/s against 1.83 G/s for the loop at 256 bits (H100, 2026-11-23). At 64 limbs (2048 by 1024
/// bits) the unrolled form was slower than the loop (div_qr at 1024 bits 346 against 423 M/s): 33 unrolled steps of 30
/// products are about 6,000 instructions, more than the instruction cache holds; there the half path is divmod_window
/// (a turn's code, the remainder's window moving through registers: 981 M/s, H100, 2026-11-25).
template <int N> WARPNUM_DEVICE_NOINLINE void divmod_limbs_device(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  divmod_n<limb_t, N, true>(q, r, a, b);
}
#endif

/// q = a / b, r = a % b (unsigned); b must not be zero.
template <int N>
WARPNUM_HD constexpr void divmod_limbs(limb_t* q, limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((divmod_limbs_device<N>(q, r, a, b); return;), ())
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::divmod<N>(q, r, a, b); return;)
  }
  divmod_n<limb_t, N>(q, r, a, b);
}

#if WARPNUM_DEVICE_BRANCH
/// Workaround for nvcc 13.0 (sm_90, -O2): with gcd_n inlined into its caller, a division by the gcd that follows (as in
/// lcm, or divmod_checked(a, gcd(a, b))) computed 2^32 - 1 instead of 1 for a == b on an H100 (tests/device/bigint
/// GcdLcm, 2026-11-21; docs/compiler-workarounds.md, "gcd runs out of line"), while the same division called on the
/// stored gcd was right; kept out of line, gcd and the division are right. Remove once a newer nvcc passes the device
/// tests without it.
template <int N> WARPNUM_DEVICE_NOINLINE void gcd_limbs_device(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
  gcd_n<limb_t, N, bgcd_device_fixed<N>>(r, a, b);
}
#endif

template <int N> WARPNUM_HD constexpr void gcd_limbs(limb_t* r, const limb_t* a, const limb_t* b) noexcept {
#if WARPNUM_DEVICE_BRANCH
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    WARPNUM_IF_ELSE_DEVICE((gcd_limbs_device<N>(r, a, b); return;), ())
  }
#endif
  if constexpr (N > 1) {
    WARPNUM_DETAIL_ON_HOST64(host64::gcd<N>(r, a, b); return;)
  }
  gcd_n<limb_t, N>(r, a, b);
}

/// Reports an error on the host: throws `E` (or, without exceptions, does nothing so that the caller's
/// defined device result stands). During constant evaluation the throw makes the expression non-constant.
#if WARPNUM_HAS_EXCEPTIONS
#  define WARPNUM_DETAIL_THROW(E, what) throw E(what);
#else
#  define WARPNUM_DETAIL_THROW(E, what) (void)(what);
#endif
template <class E> WARPNUM_HD constexpr void raise([[maybe_unused]] const char* what) {
  WARPNUM_IF_HOST((WARPNUM_DETAIL_THROW(E, what)))
}

/// Called when a string literal given to the consteval constructor is malformed or out of range: the
/// call is not a constant expression, so compilation fails with this function's name in the message.
WARPNUM_HD inline void invalid_warpnum_literal_see_docs_errors_md() noexcept {}

/// For a magnitude just parsed into the n limbs r: does it fit a `Signed` type with the given sign?
template <bool Signed> WARPNUM_HD constexpr bool fits_magnitude(const limb_t* r, int n, bool negative) noexcept {
  if constexpr (!Signed) {
    return true;
  } else {
    if ((r[n - 1] >> 31) == 0) return true;
    // Only -2^(Bits-1) has the top bit set and fits.
    if (!negative || r[n - 1] != 0x80000000u) return false;
    for (int i = 0; i < n - 1; ++i)
      if (r[i] != 0) return false;
    return true;
  }
}

struct ParseTextResult {
  Status status;
  std::size_t position;  ///< the offending character, for invalid_argument
};

/// Parses text[0, size) into the n limbs r by the rules of BasicInt's string constructor: an optional '-'
/// (signed only), an optional 0x/0b/0o prefix, then digits.
template <bool Signed>
WARPNUM_HD constexpr ParseTextResult parse_text(limb_t* r, int n, const char* text, std::size_t size) noexcept {
  std::size_t pos = 0;
  bool negative = false;
  if (size > 0 && text[0] == '-') {
    if (!Signed) return {Status::invalid_argument, 0};
    negative = true;
    pos = 1;
  }
  unsigned base = 10;
  if (size - pos >= 2 && text[pos] == '0') {
    const char p = text[pos + 1];
    base = (p == 'x' || p == 'X') ? 16 : (p == 'b' || p == 'B') ? 2 : (p == 'o' || p == 'O') ? 8 : 10;
    if (base != 10) pos += 2;
  }
  const ParseDigitsResult res = parse_digits(r, n, text + pos, size - pos, base);
  if (res.status == Status::invalid_argument) return {res.status, pos + res.position};
  if (res.status != Status::ok || !fits_magnitude<Signed>(r, n, negative)) return {Status::out_of_range, 0};
  if (negative) neg_n(r, r, n);
  return {Status::ok, size};
}

}  // namespace detail

template <std::size_t Bits, bool Signed> class alignas(Bits % 128 == 0 ? 16 : (Bits % 64 == 0 ? 8 : 4)) BasicInt {
  static_assert(Bits % 32 == 0 && Bits >= 32 && Bits <= 65536,
                "warpnum: Bits must be a multiple of 32 from 32 to 65536 (32768 for operands of mul_wide)");

 public:
  using limb_type = detail::limb_t;
  /// Width in bits.
  static constexpr std::size_t bits = Bits;
  /// Number of 32-bit limbs.
  static constexpr int num_limbs = static_cast<int>(Bits / 32);
  static constexpr bool is_signed = Signed;

  /// The limbs, least significant first. Public only so that BasicInt is a structural type and can be a
  /// template argument (`Fp<256, p>`); use `limb()` and `data()`.
  limb_type limbs_[num_limbs];

  /// Leaves the value indeterminate, like `int`; `BasicInt{}` is zero.
  BasicInt() = default;

  /// From any built-in integer: sign-extended from a signed type, zero-extended from an unsigned one, and
  /// wrapped modulo 2^Bits. Implicit unless the built-in type is wider than Bits.
  template <detail::builtin_integer T>
  WARPNUM_HD constexpr explicit(sizeof(T) * 8 > Bits) BasicInt(T value) noexcept : limbs_{} {
    // Sign- or zero-extend to 64 bits first, then spread over the limbs.
    using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    const auto u = static_cast<std::uint64_t>(static_cast<Wide>(value));
    const limb_type fill = (std::is_signed_v<T> && value < 0) ? ~limb_type{0} : limb_type{0};
    limbs_[0] = static_cast<limb_type>(u);
    for (int i = 1; i < num_limbs; ++i) limbs_[i] = i == 1 ? static_cast<limb_type>(u >> 32) : fill;
  }

  /// From another width or signedness: sign-extended from a signed source, zero-extended from an unsigned
  /// one, truncated when narrowing. Implicit only when every value of the source is representable here
  /// (wider, and not signed to unsigned).
  template <std::size_t B2, bool S2>
    requires(B2 != Bits || S2 != Signed)
  WARPNUM_HD constexpr explicit(!(B2 < Bits && (S2 == Signed || !S2))) BasicInt(const BasicInt<B2, S2>& other) noexcept
      : limbs_{} {
    constexpr int n2 = BasicInt<B2, S2>::num_limbs;
    const limb_type fill = (S2 && (other.limbs_[n2 - 1] >> 31) != 0) ? ~limb_type{0} : 0;
    for (int i = 0; i < num_limbs; ++i) limbs_[i] = i < n2 ? other.limbs_[i] : fill;
  }

  /// Parses text: an optional '-' (signed types only), then an optional prefix 0x, 0b or 0o (either case),
  /// then at least one digit of that base (decimal without a prefix). No spaces, '+' or separators.
  /// Throws std::invalid_argument naming the first bad character, or std::out_of_range if the value does not
  /// fit.
  explicit BasicInt(std::string_view text);

  /// Parses a string literal at compile time, by the rules of the string_view constructor; a malformed or
  /// out-of-range literal fails to compile. `constexpr BigUInt<256> p{"0xffff...2f"};`
  template <std::size_t N>
  WARPNUM_HD consteval explicit BasicInt(const char (&literal)[N]) : limbs_{} {
    if (detail::parse_text<Signed>(limbs_, num_limbs, literal, N - 1).status != Status::ok)
      detail::invalid_warpnum_literal_see_docs_errors_md();
  }

  /// The largest value: 2^Bits - 1, or 2^(Bits-1) - 1 for signed.
  WARPNUM_HD static constexpr BasicInt max() noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = ~limb_type{0};
    if constexpr (Signed) r.limbs_[num_limbs - 1] = 0x7fffffffu;
    return r;
  }
  /// The smallest value: 0, or -2^(Bits-1) for signed.
  WARPNUM_HD static constexpr BasicInt min() noexcept {
    BasicInt r{};
    if constexpr (Signed) r.limbs_[num_limbs - 1] = 0x80000000u;
    return r;
  }

  /// Limb i (0 is least significant).
  WARPNUM_HD constexpr limb_type limb(int i) const noexcept { return limbs_[i]; }
  WARPNUM_HD constexpr limb_type* data() noexcept { return limbs_; }
  WARPNUM_HD constexpr const limb_type* data() const noexcept { return limbs_; }

  /// True for a negative signed value (always false for unsigned).
  WARPNUM_HD constexpr bool is_negative() const noexcept {
    if constexpr (Signed) {
      return (limbs_[num_limbs - 1] >> 31) != 0;
    } else {
      return false;
    }
  }
  /// Bit i (0 is least significant) of the two's complement pattern.
  WARPNUM_HD constexpr bool bit(std::size_t i) const noexcept {
    return i < Bits && ((limbs_[i / 32] >> (i % 32)) & 1u) != 0;
  }
  /// Sets or clears bit i; i >= Bits does nothing.
  WARPNUM_HD constexpr void set_bit(std::size_t i, bool value = true) noexcept {
    if (i >= Bits) return;
    const limb_type mask = limb_type{1} << (i % 32);
    limbs_[i / 32] = value ? (limbs_[i / 32] | mask) : (limbs_[i / 32] & ~mask);
  }
  WARPNUM_HD constexpr bool is_zero() const noexcept {
    // From the top, stopping at the first non-zero limb: one load for most values (division asks first).
    WARPNUM_HOST_UNROLL
    for (int i = num_limbs - 1; i >= 0; --i) {
      if (limbs_[i] != 0) return false;
    }
    return true;
  }

  // ---- conversions out ----

  WARPNUM_HD constexpr explicit operator bool() const noexcept { return !is_zero(); }

  /// To a built-in integer: the low bits, like a cast between built-in integers.
  template <detail::builtin_integer T> WARPNUM_HD constexpr explicit operator T() const noexcept {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (int i = 0; i < num_limbs && i * 32 < static_cast<int>(sizeof(T) * 8); ++i)
      u = static_cast<U>(u | (static_cast<U>(limbs_[i]) << (i * 32 % (sizeof(U) * 8))));
    if constexpr (sizeof(T) * 8 > Bits) {
      // Sign-extend a negative value into the wider built-in type.
      if (is_negative()) u = static_cast<U>(u | (~U{0} << Bits));
    }
    return static_cast<T>(u);
  }

  /// To double, rounded to nearest (ties to even); +-infinity beyond double's range.
  WARPNUM_HD constexpr explicit operator double() const noexcept;

  // ---- compound assignment and increments ----

  WARPNUM_HD constexpr BasicInt& operator+=(const BasicInt& b) noexcept { return *this = *this + b; }
  WARPNUM_HD constexpr BasicInt& operator-=(const BasicInt& b) noexcept { return *this = *this - b; }
  WARPNUM_HD constexpr BasicInt& operator*=(const BasicInt& b) noexcept { return *this = *this * b; }
  WARPNUM_HD constexpr BasicInt& operator/=(const BasicInt& b) { return *this = *this / b; }
  WARPNUM_HD constexpr BasicInt& operator%=(const BasicInt& b) { return *this = *this % b; }
  WARPNUM_HD constexpr BasicInt& operator&=(const BasicInt& b) noexcept { return *this = *this & b; }
  WARPNUM_HD constexpr BasicInt& operator|=(const BasicInt& b) noexcept { return *this = *this | b; }
  WARPNUM_HD constexpr BasicInt& operator^=(const BasicInt& b) noexcept { return *this = *this ^ b; }
  WARPNUM_HD constexpr BasicInt& operator<<=(std::uint64_t s) noexcept { return *this = *this << s; }
  WARPNUM_HD constexpr BasicInt& operator>>=(std::uint64_t s) noexcept { return *this = *this >> s; }
  WARPNUM_HD constexpr BasicInt& operator++() noexcept {
    detail::add_1(limbs_, limbs_, num_limbs, limb_type{1});
    return *this;
  }
  WARPNUM_HD constexpr BasicInt& operator--() noexcept {
    detail::sub_1(limbs_, limbs_, num_limbs, limb_type{1});
    return *this;
  }
  WARPNUM_HD constexpr BasicInt operator++(int) noexcept {
    BasicInt old = *this;
    ++*this;
    return old;
  }
  WARPNUM_HD constexpr BasicInt operator--(int) noexcept {
    BasicInt old = *this;
    --*this;
    return old;
  }

  // ---- arithmetic (hidden friends, so built-in integers convert on either side) ----

  friend WARPNUM_HD constexpr BasicInt operator+(const BasicInt& a) noexcept { return a; }
  friend WARPNUM_HD constexpr BasicInt operator-(const BasicInt& a) noexcept {
    BasicInt r;
    detail::neg_n(r.limbs_, a.limbs_, num_limbs);
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator~(const BasicInt& a) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = ~a.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr bool operator!(const BasicInt& a) noexcept { return a.is_zero(); }

  friend WARPNUM_HD constexpr BasicInt operator+(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::add_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator-(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::sub_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  /// The product modulo 2^Bits (the same bits for signed and unsigned).
  friend WARPNUM_HD constexpr BasicInt operator*(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    detail::mul_low_limbs<num_limbs>(r.limbs_, a.limbs_, b.limbs_);
    return r;
  }
  /// Truncating division (toward zero). b == 0: std::domain_error on the host; on the device the quotient
  /// has every bit set (see divmod_checked).
  friend WARPNUM_HD constexpr BasicInt operator/(const BasicInt& a, const BasicInt& b) { return divmod(a, b).quot; }
  /// Remainder with the sign of the dividend. b == 0: std::domain_error on the host; the dividend on the device.
  friend WARPNUM_HD constexpr BasicInt operator%(const BasicInt& a, const BasicInt& b) { return divmod(a, b).rem; }

  friend WARPNUM_HD constexpr BasicInt operator&(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] & b.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator|(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] | b.limbs_[i];
    return r;
  }
  friend WARPNUM_HD constexpr BasicInt operator^(const BasicInt& a, const BasicInt& b) noexcept {
    BasicInt r;
    for (int i = 0; i < num_limbs; ++i) r.limbs_[i] = a.limbs_[i] ^ b.limbs_[i];
    return r;
  }
  /// Left shift; s >= Bits gives zero.
  friend WARPNUM_HD constexpr BasicInt operator<<(const BasicInt& a, std::uint64_t s) noexcept {
    BasicInt r;
    detail::shl_n(r.limbs_, a.limbs_, num_limbs, s);
    return r;
  }
  /// Right shift: logical for unsigned, arithmetic for signed; s >= Bits gives 0 (or -1 for negative).
  friend WARPNUM_HD constexpr BasicInt operator>>(const BasicInt& a, std::uint64_t s) noexcept {
    BasicInt r;
    detail::shr_n(r.limbs_, a.limbs_, num_limbs, s, a.is_negative() ? ~limb_type{0} : limb_type{0});
    return r;
  }

  // ---- comparison: <=> for host code; the named operators also work in device code ----

  friend WARPNUM_HD constexpr bool operator==(const BasicInt& a, const BasicInt& b) noexcept {
    limb_type diff = 0;
    for (int i = 0; i < num_limbs; ++i) diff |= a.limbs_[i] ^ b.limbs_[i];
    return diff == 0;
  }
  friend WARPNUM_HD constexpr bool operator!=(const BasicInt& a, const BasicInt& b) noexcept { return !(a == b); }
  friend WARPNUM_HD constexpr bool operator<(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) < 0; }
  friend WARPNUM_HD constexpr bool operator<=(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) <= 0; }
  friend WARPNUM_HD constexpr bool operator>(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) > 0; }
  friend WARPNUM_HD constexpr bool operator>=(const BasicInt& a, const BasicInt& b) noexcept { return compare(a, b) >= 0; }
  friend constexpr std::strong_ordering operator<=>(const BasicInt& a, const BasicInt& b) noexcept {
    const int c = compare(a, b);
    return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
  }
};

// ---- named functions ----

/// -1, 0 or 1 as a is less than, equal to or greater than b.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr int compare(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  if constexpr (Signed) {
    const bool na = a.is_negative();
    if (na != b.is_negative()) return na ? -1 : 1;
  }
  return detail::cmp_n(a.limbs_, b.limbs_, BasicInt<Bits, Signed>::num_limbs);
}

namespace detail {
/// q = a / b and r = a % b with C++'s signs (truncation toward zero); b must not be zero.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr void divmod_nonzero(BasicInt<Bits, Signed>& q, BasicInt<Bits, Signed>& r, const BasicInt<Bits, Signed>& a,
                                         const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  if constexpr (Signed) {
    if constexpr (T::num_limbs % 2 == 0) {
      WARPNUM_DETAIL_ON_HOST64(host64::divmod_signed<T::num_limbs>(q.limbs_, r.limbs_, a.limbs_, b.limbs_); return;)
    }
    // Divide the magnitudes, then give the quotient the product's sign and the remainder the dividend's.
    const T ua = a.is_negative() ? -a : a;
    const T ub = b.is_negative() ? -b : b;
    divmod_limbs<T::num_limbs>(q.limbs_, r.limbs_, ua.limbs_, ub.limbs_);
    if (a.is_negative() != b.is_negative()) q = -q;
    if (a.is_negative()) r = -r;
  } else {
    divmod_limbs<T::num_limbs>(q.limbs_, r.limbs_, a.limbs_, b.limbs_);
  }
}
}  // namespace detail

/// divmod that never throws, for host and device alike: for b == 0 it returns {all bits set, a,
/// Status::division_by_zero}; otherwise {a / b, a % b, Status::ok}.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr CheckedDivResult<BasicInt<Bits, Signed>> divmod_checked(const BasicInt<Bits, Signed>& a,
                                                                              const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  CheckedDivResult<T> r;  // one named result on every path, so that it is built in place (NRVO)
  if (b.is_zero()) {
    r.quot = ~T{};
    r.rem = a;
    r.status = Status::division_by_zero;
  } else {
    r.status = Status::ok;
    detail::divmod_nonzero(r.quot, r.rem, a, b);  // writes every limb
  }
  return r;
}

/// Quotient (truncated toward zero) and remainder (sign of the dividend). b == 0: std::domain_error on
/// the host; on the device {all bits set, a} (divmod_checked also reports the status). MIN / -1 wraps to MIN
/// with remainder 0.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr DivResult<BasicInt<Bits, Signed>> divmod(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) {
  using T = BasicInt<Bits, Signed>;
  DivResult<T> r;  // one named result on every path, so that it is built in place (NRVO)
  if (b.is_zero()) {
    detail::raise<std::domain_error>("warpnum: division by zero");
    r.quot = ~T{};
    r.rem = a;
  } else {
    detail::divmod_nonzero(r.quot, r.rem, a, b);  // writes every limb
  }
  return r;
}

/// Population count of the bit pattern (two's complement for signed).
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int popcount(const BasicInt<Bits, Signed>& a) noexcept {
  int n = 0;
  for (int i = 0; i < BasicInt<Bits, Signed>::num_limbs; ++i) n += detail::popcount_word(a.limbs_[i]);
  return n;
}

/// Leading zero bits of the bit pattern; Bits for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int countl_zero(const BasicInt<Bits, Signed>& a) noexcept {
  constexpr int n = BasicInt<Bits, Signed>::num_limbs;
  for (int i = n - 1; i >= 0; --i) {
    if (a.limbs_[i] != 0) return (n - 1 - i) * 32 + detail::countl_zero_word(a.limbs_[i]);
  }
  return static_cast<int>(Bits);
}

/// Trailing zero bits; Bits for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int countr_zero(const BasicInt<Bits, Signed>& a) noexcept {
  return static_cast<int>(detail::countr_zero_n(a.limbs_, BasicInt<Bits, Signed>::num_limbs));
}

/// Bits - countl_zero: the number of bits needed to write the pattern, 0 for zero.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr int bit_width(const BasicInt<Bits, Signed>& a) noexcept {
  return static_cast<int>(Bits) - countl_zero(a);
}

// ---- out-of-class members ----

template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed>::operator double() const noexcept {
  using U = BasicInt<Bits, false>;
  const bool negative = is_negative();
  const U mag = negative ? U(-*this) : U(*this);
  const int width = bit_width(mag);
  double result;
  if (width <= 64) {
    result = static_cast<double>(static_cast<std::uint64_t>(mag));
  } else if (width > 1024) {
    result = __builtin_huge_val();
  } else {
    // The top 64 bits, with a sticky bit for everything below, round exactly as the whole number would.
    const int shift = width - 64;
    std::uint64_t top = static_cast<std::uint64_t>(mag >> static_cast<std::uint64_t>(shift));
    if (countr_zero(mag) < shift) top |= 1;
    result = static_cast<double>(top);
    for (int s = shift; s > 0; s -= 32) result *= (s >= 32 ? 4294967296.0 : static_cast<double>(std::uint64_t{1} << s));
  }
  return negative ? -result : result;
}

namespace detail {

/// `text` as an error message quotes it: printable ASCII as it is; every other byte (control characters, NUL,
/// DEL, bytes 0x80 and above) and the quote marks ' and " and the backslash as `\xHH` (two lower-case hex
/// digits), so that the message is one C string that shows every byte. Every parser's message (BasicInt,
/// from_string, GF2n, Integer) quotes through this function.
inline std::string escape_text(std::string_view text) {
  constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u < 0x7f && ch != '\'' && ch != '"' && ch != '\\') {
      out.push_back(ch);
    } else {
      out += "\\x";
      out.push_back(hex[u >> 4]);
      out.push_back(hex[u & 15]);
    }
  }
  return out;
}

/// "invalid character 'c' at position p", the character escaped as escape_text does; position < text.size().
inline std::string invalid_character_text(std::string_view text, std::size_t position) {
  return "invalid character '" + escape_text(text.substr(position, 1)) + "' at position " + std::to_string(position);
}

/// `"text"`, escaped as escape_text does.
inline std::string quoted_text(std::string_view text) { return "\"" + escape_text(text) + "\""; }

}  // namespace detail

template <std::size_t Bits, bool Signed> BasicInt<Bits, Signed>::BasicInt(std::string_view text) : limbs_{} {
  const auto [status, position] = detail::parse_text<Signed>(limbs_, num_limbs, text.data(), text.size());
  if (status == Status::ok) return;
  const std::string quoted = detail::quoted_text(text);
  if (status == Status::out_of_range) {
    throw std::out_of_range("warpnum: " + quoted + " does not fit in " + (Signed ? "BigInt<" : "BigUInt<") +
                            std::to_string(Bits) + ">");
  }
  if (position >= text.size()) throw std::invalid_argument("warpnum: no digits in " + quoted);
  std::string what = "warpnum: " + detail::invalid_character_text(text, position) + " in " + quoted;
  if (text[position] == '-' && position == 0) what += ": a negative number for an unsigned type";
  throw std::invalid_argument(what);
}

// ---- free functions ----

/// The full product of two Bits-bit numbers, 2*Bits bits wide (signed if the operands are).
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<2 * Bits, Signed> mul_wide(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  BasicInt<2 * Bits, Signed> r;
  const T ua = a.is_negative() ? -a : a;
  const T ub = b.is_negative() ? -b : b;
  detail::mul_full_limbs<T::num_limbs>(r.limbs_, ua.limbs_, ub.limbs_);
  if (a.is_negative() != b.is_negative()) r = -r;
  return r;
}

/// The number hi 2^Bits + lo, 2 Bits bits wide: the dividend of a 2n-by-n division from its halves (GMP's
/// mpn_tdiv_qr takes the words side by side). Every word placed by a constant index, so on the device the result
/// stays in registers, where (W(hi) << Bits) | W(lo) shifts through local memory.
template <std::size_t Bits>
WARPNUM_HD constexpr BasicInt<2 * Bits, false> join(const BasicInt<Bits, false>& hi, const BasicInt<Bits, false>& lo) noexcept {
  constexpr int n = BasicInt<Bits, false>::num_limbs;
  BasicInt<2 * Bits, false> r;
  WARPNUM_UNROLL
  for (int i = 0; i < n; ++i) {
    r.limbs_[i] = lo.limbs_[i];
    r.limbs_[n + i] = hi.limbs_[i];
  }
  return r;
}

/// a * a modulo 2^Bits: the same value as a * a; on the device about half the multiply-adds.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> sqr(const BasicInt<Bits, Signed>& a) noexcept {
  using T = BasicInt<Bits, Signed>;
  T r;
  detail::sqr_low_limbs<T::num_limbs>(r.limbs_, a.limbs_);
  return r;
}

/// The full square of a Bits-bit number, 2*Bits bits wide (non-negative: signed if a is); mul_wide(a, a).
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<2 * Bits, Signed> sqr_wide(const BasicInt<Bits, Signed>& a) noexcept {
  using T = BasicInt<Bits, Signed>;
  BasicInt<2 * Bits, Signed> r;
  const T ua = a.is_negative() ? -a : a;
  detail::sqr_full_limbs<T::num_limbs>(r.limbs_, ua.limbs_);
  return r;
}

/// |a|, wrapping for the minimum of a signed type (like two's complement hardware).
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> abs(const BasicInt<Bits, Signed>& a) noexcept {
  return a.is_negative() ? -a : a;
}

/// base^exp modulo 2^Bits, by square-and-multiply. pow(x, 0) == 1.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> pow(BasicInt<Bits, Signed> base, std::uint64_t exp) noexcept {
  BasicInt<Bits, Signed> r{1};
  while (exp != 0) {
    if (exp & 1) r *= base;
    exp >>= 1;
    if (exp != 0) base = sqr(base);
  }
  return r;
}

/// base^exp modulo 2^Bits for an exponent of any unsigned width.
template <std::size_t Bits, bool Signed, std::size_t EBits>
WARPNUM_HD constexpr BasicInt<Bits, Signed> pow(BasicInt<Bits, Signed> base, const BasicInt<EBits, false>& exp) noexcept {
  BasicInt<Bits, Signed> r{1};
  const int n = bit_width(exp);
  for (int i = n - 1; i >= 0; --i) {
    r = sqr(r);
    if (exp.bit(static_cast<std::size_t>(i))) r *= base;
  }
  return r;
}

namespace detail {
/// floor(sqrt(t)) of a 64-bit t. At run time from the double square root, corrected by a unit or two (the double
/// of t and its root are within a few units of the exact root); in constant evaluation (no sqrt there) by
/// Newton's iteration from above.
WARPNUM_HD constexpr std::uint64_t isqrt64(std::uint64_t t) noexcept {
  std::uint64_t r = 0;
  if (!WARPNUM_IS_CONSTANT_EVALUATED()) {
    double d = 0;
    WARPNUM_IF_ELSE_DEVICE((d = __dsqrt_rn(static_cast<double>(t));), (d = __builtin_sqrt(static_cast<double>(t));))
    r = static_cast<std::uint64_t>(d);
    if (r > 0xffffffffu) r = 0xffffffffu;
    while (r * r > t) --r;
    while (r < 0xffffffffu && (r + 1) * (r + 1) <= t) ++r;
    return r;
  }
  if (t == 0) return 0;
  r = std::uint64_t{1} << ((64 - countl_zero_word(t) + 1) / 2);  // above the root
  for (;;) {
    const std::uint64_t y = (r + t / r) / 2;
    if (y >= r) return r;
    r = y;
  }
}

/// Words [first, first + count) of x as a number of Dst's width (the words above count zero).
template <class Dst, std::size_t Bits> WARPNUM_HD constexpr Dst take_words(const BasicInt<Bits, false>& x, int first, int count) noexcept {
  Dst r{};
  WARPNUM_UNROLL
  for (int i = 0; i < Dst::num_limbs; ++i) r.limbs_[i] = i < count ? x.limbs_[first + i] : 0u;
  return r;
}

/// The square root and remainder of a number of 2 R bits: root = floor(sqrt(a)), rem = a - root^2 (at most
/// 2 root, so R + 1 bits, in R + 32).
template <std::size_t R> struct SqrtRem {
  BasicInt<R, false> root;
  BasicInt<R + 32, false> rem;
};

/// sqrt_rem of a number a of 2 R bits (R a multiple of 32) whose top two bits are not both zero, so that the root
/// has exactly R bits: Zimmermann's recursive square root (P. Zimmermann, "Karatsuba Square Root", INRIA RR-3805,
/// 1999, Algorithm SqrtRem; the split of GMP's documentation, a high part of h >= l root words). With n = R / 32
/// root words, h = ceil(n / 2), l = n - h and b = 2^(32 l), a = a_hi b^2 + a1 b + a0 (a_hi of 2 h words, a1 and a0
/// of l words):
///   (s1, r1) = sqrt_rem(a_hi); (q, u) = divmod(r1 b + a1, 2 s1); s = s1 b + q; r = u b + a0 - q^2;
///   if r < 0: r += 2 s - 1, s -= 1 (once is enough, Zimmermann's Theorem 1).
/// The division is taken as ((r1 b + a1) / 2) / s1, whose divisor has exactly h words with its top bit set and
/// whose dividend fits 2 h words (r1 <= 2 s1): divmod's half path, which keeps its words in registers on the
/// device; u = 2 ((r1 b + a1) / 2 mod s1) + (a1 & 1). Each level costs about a quarter of the division of the
/// level above, so the whole root costs about half of one division of a by a number of R bits, and its
/// squaring only l words. The bottom (one root word) is isqrt64.
template <std::size_t R> WARPNUM_HD constexpr SqrtRem<R> sqrt_rem(const BasicInt<2 * R, false>& a) noexcept {
  static_assert(R % 32 == 0 && R >= 32);
  if constexpr (R == 32) {
    const std::uint64_t t = static_cast<std::uint64_t>(a);
    const std::uint64_t s = isqrt64(t);
    return {BasicInt<R, false>{s}, BasicInt<R + 32, false>{t - s * s}};
  } else {
    constexpr int n = static_cast<int>(R / 32);
    constexpr int h = (n + 1) / 2;
    constexpr int l = n - h;
    constexpr std::size_t Rh = 32 * static_cast<std::size_t>(h);
    using H = BasicInt<2 * Rh, false>;  // the level below's a (2 h words), and the division's type
    const SqrtRem<Rh> below = sqrt_rem<Rh>(take_words<H>(a, 2 * l, 2 * h));
    // Every word below is placed by a constant index (a shift of BasicInt indexes its words at run time, which
    // keeps them in the device's local memory).
    // x = (r1 b + a1) / 2, below b^(h + l) <= b^(2 h) since r1 / 2 <= s1; word k of r1 b + a1 is a1's below l and
    // r1's (h + 1 words) above.
    H x;
    WARPNUM_UNROLL
    for (int i = 0; i < 2 * h; ++i) {
      const limb_t lo = i < l ? a.limbs_[l + i] : i - l <= h ? below.rem.limbs_[i - l] : 0u;
      const limb_t hi = i + 1 < l ? a.limbs_[l + i + 1] : i + 1 - l <= h ? below.rem.limbs_[i + 1 - l] : 0u;
      x.limbs_[i] = (lo >> 1) | (hi << 31);
    }
    const auto [q, um] = divmod(x, H{below.root});  // q < 2 b: l words and a bit
    // ub = u b + a0 for u = 2 um + (a1 & 1) < 2 s1 (h + 1 words), in M (n + 1 words: ub < 2 b^n, and the square
    // below is less than 4 b^(2 l) <= 4 b^n, so their difference fits, signed, and so do s and the remainder).
    using M = BasicInt<R + 32, false>;
    M ub{};
    WARPNUM_UNROLL
    for (int i = 0; i < l; ++i) ub.limbs_[i] = a.limbs_[i];
    WARPNUM_UNROLL
    for (int k = 0; k <= h; ++k) {
      const limb_t below_bit = k == 0 ? (a.limbs_[l] & 1u) : um.limbs_[k - 1] >> 31;
      ub.limbs_[l + k] = (k < h ? um.limbs_[k] << 1 : 0u) | below_bit;
    }
    // q^2 = ql^2, plus 2 ql b + b^2 where q >= b (ql = q mod b); s = s1 b + q, plus b where q >= b.
    M q2{sqr_wide(take_words<BasicInt<32 * static_cast<std::size_t>(l), false>>(q, 0, l))};
    M s{};
    WARPNUM_UNROLL
    for (int i = 0; i < n; ++i) s.limbs_[i] = i < l ? q.limbs_[i] : below.root.limbs_[i - l];
    if (q.limbs_[l] != 0) {
      M t{};
      WARPNUM_UNROLL
      for (int k = 0; k <= l; ++k) {
        const limb_t from_below = k > 0 ? q.limbs_[k - 1] >> 31 : 0u;
        t.limbs_[l + k] = k < l ? (q.limbs_[k] << 1) | from_below : from_below + 1u;  // b^2 at word 2 l
      }
      q2 += t;
      M b{};
      b.limbs_[l] = 1u;
      s += b;
    }
    M r;
    if (sub_limbs<M::num_limbs>(r.limbs_, ub.limbs_, q2.limbs_) != 0) {  // ub < q2
      r += s + s - M{1u};
      s -= M{1u};
    }
    return {BasicInt<R, false>{s}, r};
  }
}
}  // namespace detail

/// The integer square root floor(sqrt(a)). A negative signed argument: std::domain_error on the host, 0 on the
/// device.
///
/// For Bits a multiple of 64 from 128 up: Zimmermann's recursive square root (detail::sqrt_rem) of a << 2t, t
/// chosen so that its top two bits are not both zero; the root of a is that root >> t. It costs about half of one
/// division of a Bits-bit number by a Bits / 2-bit one, every level's widths fixed at compile time.
///
/// Other widths: Newton's iteration at doubling precision. With w = bit_width(a) the root has R = ceil(w / 2)
/// bits, and the root of a >> 2k has R - k. The roots of a >> 2k are found for a falling sequence of k: first
/// exactly for a top of at most 64 bits (isqrt64), then each from the one below by one Newton step
/// x1 = (x0 + n / x0) / 2 on n = a >> 2k from x0 = (r + 1) 2^d, d the root bits gained. x0 is at or above
/// sqrt(n), so x1 is at or above floor(sqrt(n)), and x1 - sqrt(n) <= (x0 - sqrt(n))^2 / (2 x0) <=
/// 4 2^(2 d) / (2^(d + 1) 2^(R' - 1)) = 4 2^(d - R') for a root r of R' bits no more than one unit above floor;
/// with d <= R' - 5 (each level at least (R + 5) / 2 bits of the next level's R) x1 is again at most one unit
/// above the floor. A square at the end removes the last unit.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> isqrt(const BasicInt<Bits, Signed>& a) {
  if (a.is_negative()) {
    detail::raise<std::domain_error>("warpnum: isqrt of a negative number");
    return BasicInt<Bits, Signed>{};
  }
  using U = BasicInt<Bits, false>;
  const U n{a};
  if constexpr (Bits % 64 == 0 && Bits >= 128) {
    if (n.is_zero()) return BasicInt<Bits, Signed>{};
    // The shifts by 2 t and t with constant word indices, which keep the words in the device's registers (BasicInt's
    // shifts index them at run time, and the mere presence of such a shift, even on a path not taken, kept the
    // 4096-bit input in local memory: 0.6 of the 3.6 ns of a 2048-bit root, H100, 2026-11-25): whole words one at
    // a time (rare: only where a top word is zero), then the bits below a word by double-word shifts.
    constexpr int n_limbs = U::num_limbs;
    const int t = countl_zero(n) / 2;
    U nn = n;
    int words = (2 * t) / 32;
    WARPNUM_NO_UNROLL
    for (; words > 0; --words) {
      WARPNUM_UNROLL
      for (int i = n_limbs - 1; i > 0; --i) nn.limbs_[i] = nn.limbs_[i - 1];
      nn.limbs_[0] = 0;
    }
    detail::shl_bits<n_limbs>(nn.limbs_, nn.limbs_, n_limbs, (2 * t) % 32);
    using Root = BasicInt<Bits / 2, false>;
    Root root = detail::sqrt_rem<Bits / 2>(nn).root;
    constexpr int root_limbs = Root::num_limbs;
    words = t / 32;
    WARPNUM_NO_UNROLL
    for (; words > 0; --words) {
      WARPNUM_UNROLL
      for (int i = 0; i < root_limbs - 1; ++i) root.limbs_[i] = root.limbs_[i + 1];
      root.limbs_[root_limbs - 1] = 0;
    }
    U r{};
    detail::shr_bits<root_limbs>(r.limbs_, root.limbs_, root_limbs, t % 32);
    return BasicInt<Bits, Signed>{r};
  } else {
    const int root_bits = (bit_width(n) + 1) / 2;
    // The root bits of each level, the largest first: level i + 1 has (bits[i] + 6) / 2 >= (bits[i] + 5) / 2.
    int bits[32] = {};
    int levels = 0;
    for (int r = root_bits; r > 32; r = (r + 6) / 2) bits[levels++] = r;
    int have = levels == 0 ? root_bits : (bits[levels - 1] + 6) / 2;  // the base's root bits (at most 32)
    U x{detail::isqrt64(static_cast<std::uint64_t>(n >> static_cast<std::uint64_t>(2 * (root_bits - have))))};
    WARPNUM_NO_UNROLL
    for (int i = levels - 1; i >= 0; --i) {
      const int k = root_bits - bits[i];  // this level's n is a >> 2k
      const U nk = n >> static_cast<std::uint64_t>(2 * k);
      const U x0 = (x + 1u) << static_cast<std::uint64_t>(bits[i] - have);
      x = (x0 + nk / x0) >> 1;
      have = bits[i];
    }
    // x is the root or one more; x^2 fits in Bits bits unless x has more bits than the root can.
    if (levels > 0 && (bit_width(x) > root_bits || x * x > n)) x -= 1u;
    return BasicInt<Bits, Signed>{x};
  }
}

/// Greatest common divisor of |a| and |b| by Pornin's binary GCD (detail/bigint/gcd.hpp); gcd(0, 0) == 0. For
/// signed types the result is non-negative, except gcd(MIN, 0) and gcd(MIN, MIN), which wrap to MIN.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> gcd(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using T = BasicInt<Bits, Signed>;
  const T ua = abs(a);
  const T ub = abs(b);
  T r;
  detail::gcd_limbs<T::num_limbs>(r.limbs_, ua.limbs_, ub.limbs_);
  return r;
}

/// Least common multiple |a / gcd(a, b) * b| modulo 2^Bits; 0 if either is 0.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr BasicInt<Bits, Signed> lcm(const BasicInt<Bits, Signed>& a, const BasicInt<Bits, Signed>& b) noexcept {
  using U = BasicInt<Bits, false>;
  if (a.is_zero() || b.is_zero()) return BasicInt<Bits, Signed>{};
  const U ua{abs(a)};
  const U ub{abs(b)};
  return BasicInt<Bits, Signed>{ua / gcd(ua, ub) * ub};
}

// ---- bytes ----

/// Writes the Bits / 8 bytes of the two's complement pattern of x to out, in the given byte order.
template <std::size_t Bits, bool Signed>
WARPNUM_HD constexpr void to_bytes(const BasicInt<Bits, Signed>& x, std::uint8_t* out, std::endian order = std::endian::little) noexcept {
  constexpr std::size_t n = Bits / 8;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t byte = static_cast<std::uint8_t>(x.limbs_[i / 4] >> (8 * (i % 4)));
    out[order == std::endian::little ? i : n - 1 - i] = byte;
  }
}

/// The Bits / 8 bytes of x in the given byte order (host and constexpr; device code uses the pointer overload).
template <std::size_t Bits, bool Signed>
constexpr std::array<std::uint8_t, Bits / 8> to_bytes(const BasicInt<Bits, Signed>& x, std::endian order = std::endian::little) noexcept {
  std::array<std::uint8_t, Bits / 8> out{};
  to_bytes(x, out.data(), order);
  return out;
}

/// Reads `size` bytes in the given order as an unsigned number (zero-extended when fewer than Bits / 8;
/// so a short input always gives a non-negative value). More bytes than fit: std::out_of_range on the host
/// unless the excess bytes are zero; on the device the excess is ignored.
template <class T>
  requires detail::is_basic_int<T>
WARPNUM_HD constexpr T from_bytes(const std::uint8_t* data, std::size_t size, std::endian order = std::endian::little) {
  T r{};
  constexpr std::size_t n = T::bits / 8;
  bool overflow = false;
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint8_t byte = data[order == std::endian::little ? i : size - 1 - i];
    if (i < n) {
      r.limbs_[i / 4] |= static_cast<detail::limb_t>(byte) << (8 * (i % 4));
    } else if (byte != 0) {
      overflow = true;
    }
  }
  if (overflow) detail::raise<std::out_of_range>("warpnum: from_bytes: the bytes do not fit in the type");
  return r;
}

// ---- text ----

/// std::from_chars for BasicInt: parses digits in `base` (2 to 36, no prefix) with a leading '-' for signed
/// types only; stops at the first non-digit. errc::invalid_argument when no digit is found (value unchanged),
/// errc::out_of_range when the number does not fit (value unchanged, ptr past the digits).
template <class T>
constexpr std::from_chars_result from_chars(const char* first, const char* last, T& value, int base = 10) {
  static_assert(detail::is_basic_int<T>, "warpnum::from_chars takes a BigUInt or BigInt");
  if (base < 2 || base > 36) return {first, std::errc::invalid_argument};
  const char* p = first;
  bool negative = false;
  if (T::is_signed && p != last && *p == '-') {
    negative = true;
    ++p;
  }
  const char* digits_end = p;
  while (digits_end != last && detail::digit_value(*digits_end) < static_cast<unsigned>(base)) ++digits_end;
  if (digits_end == p) return {first, std::errc::invalid_argument};
  T r;
  const auto res = detail::parse_digits(r.limbs_, T::num_limbs, p, static_cast<std::size_t>(digits_end - p),
                                        static_cast<unsigned>(base));
  if (res.status != Status::ok || !detail::fits_magnitude<T::is_signed>(r.limbs_, T::num_limbs, negative)) return {digits_end, std::errc::result_out_of_range};
  value = negative ? -r : r;
  return {digits_end, std::errc{}};
}

/// std::to_chars for BasicInt in `base` (2 to 36): lower-case digits, '-' for negative signed values, no
/// prefix. errc::value_too_large (and ptr == last) when [first, last) is too small.
template <std::size_t Bits, bool Signed>
constexpr std::to_chars_result to_chars(char* first, char* last, const BasicInt<Bits, Signed>& x, int base = 10,
                                        bool uppercase = false) {
  if (base < 2 || base > 36) return {last, std::errc::invalid_argument};
  BasicInt<Bits, false> mag{x.is_negative() ? -x : x};
  char digits[detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2)];
  const std::size_t count =
      detail::format_digits_reversed(digits, mag.limbs_, BasicInt<Bits, Signed>::num_limbs, static_cast<unsigned>(base), uppercase);
  const std::size_t need = count + (x.is_negative() ? 1 : 0);
  if (static_cast<std::size_t>(last - first) < need) return {last, std::errc::value_too_large};
  if (x.is_negative()) *first++ = '-';
  for (std::size_t i = 0; i < count; ++i) *first++ = digits[count - 1 - i];
  return {first, std::errc{}};
}

/// The text of x in `base` (2 to 36): lower-case digits, no prefix, '-' for negative signed values.
/// Throws std::invalid_argument for a base outside 2 to 36.
template <std::size_t Bits, bool Signed> std::string to_string(const BasicInt<Bits, Signed>& x, int base = 10) {
  if (base < 2 || base > 36) throw std::invalid_argument("warpnum: to_string: base must be from 2 to 36, got " + std::to_string(base));
  std::string s(detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2) + 1, '\0');
  const auto res = to_chars(s.data(), s.data() + s.size(), x, base);
  s.resize(static_cast<std::size_t>(res.ptr - s.data()));
  return s;
}

/// Parses text by the string_view constructor's rules when base == 0, or as digits of the given base
/// (2 to 36, an optional '-' for signed types, no prefix) otherwise. Throws std::invalid_argument or
/// std::out_of_range like the constructor.
template <class T> T from_string(std::string_view text, int base = 0) {
  static_assert(detail::is_basic_int<T>, "warpnum::from_string makes a BigUInt or BigInt");
  if (base == 0) return T(text);
  if (base < 2 || base > 36) throw std::invalid_argument("warpnum: from_string: base must be 0 or from 2 to 36, got " + std::to_string(base));
  T value{};
  const auto res = from_chars(text.data(), text.data() + text.size(), value, base);
  // A bad character comes first, as in the constructor: digits too many for the type, then a non-digit, are
  // malformed text (std::invalid_argument), not std::out_of_range.
  const bool whole = res.ptr == text.data() + text.size();
  if (res.ec == std::errc::result_out_of_range && whole)
    throw std::out_of_range("warpnum: " + detail::quoted_text(text) + " does not fit in the type");
  if (res.ec != std::errc{} || !whole) {
    const std::size_t pos = res.ec != std::errc::invalid_argument ? static_cast<std::size_t>(res.ptr - text.data())
                                                                  : (text.empty() || text[0] != '-' || !T::is_signed ? 0 : 1);
    if (pos >= text.size()) throw std::invalid_argument("warpnum: no digits in " + detail::quoted_text(text));
    throw std::invalid_argument("warpnum: " + detail::invalid_character_text(text, pos) + " in " + detail::quoted_text(text) +
                                " (base " + std::to_string(base) + ")");
  }
  return value;
}

// ---- streams (<iosfwd> only: a program that streams has included <ostream>/<istream>) ----

/// Writes x in the stream's base (std::dec, std::hex, std::oct), honouring showbase, uppercase, showpos
/// and width/fill/adjustfield.
template <class CharT, class Traits, std::size_t Bits, bool Signed>
std::basic_ostream<CharT, Traits>& operator<<(std::basic_ostream<CharT, Traits>& os, const BasicInt<Bits, Signed>& x) {
  using ios = std::basic_ios<CharT, Traits>;
  const auto flags = os.flags();
  const auto basefield = flags & ios::basefield;
  const int base = basefield == ios::hex ? 16 : (basefield == ios::oct ? 8 : 10);
  const bool upper = (flags & ios::uppercase) != 0;
  BasicInt<Bits, false> mag{x.is_negative() ? -x : x};
  const bool zero = mag.is_zero();  // format_digits_reversed consumes mag
  std::string digits(detail::max_digits(BasicInt<Bits, Signed>::num_limbs, 2), '\0');
  const std::size_t count = detail::format_digits_reversed(digits.data(), mag.limbs_, BasicInt<Bits, Signed>::num_limbs,
                                                           static_cast<unsigned>(base), upper);
  // As for built-in integers: '+' only for signed decimal output; internal padding goes after the sign and
  // after 0x, while octal's leading 0 is part of the number.
  std::string prefix;
  if (x.is_negative()) {
    prefix = "-";
  } else if (Signed && (flags & ios::showpos) != 0 && base == 10) {
    prefix = "+";
  }
  std::string body(digits.rend() - static_cast<std::ptrdiff_t>(count), digits.rend());
  if ((flags & ios::showbase) != 0 && !zero) {
    if (base == 16) prefix += upper ? "0X" : "0x";
    if (base == 8) body.insert(body.begin(), '0');
  }
  std::basic_string<CharT, Traits> out;
  const std::size_t len = prefix.size() + body.size();
  const std::size_t width = os.width() > 0 ? static_cast<std::size_t>(os.width()) : 0;
  const std::size_t pad = width > len ? width - len : 0;
  const auto adjust = flags & ios::adjustfield;
  const CharT fill = os.fill();
  if (adjust != ios::left && adjust != ios::internal) out.append(pad, fill);
  for (char c : prefix) out.push_back(os.widen(c));
  if (adjust == ios::internal) out.append(pad, fill);
  for (char c : body) out.push_back(os.widen(c));
  if (adjust == ios::left) out.append(pad, fill);
  os.width(0);
  return os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

/// Reads x in the stream's base: std::dec, std::hex (an optional 0x prefix), std::oct, or, with the base
/// flags cleared, by prefix (0x, 0b, 0o, else decimal). A '-' is read for signed types. Sets failbit (x
/// unchanged) when no digit is found or the value does not fit.
template <class CharT, class Traits, std::size_t Bits, bool Signed>
std::basic_istream<CharT, Traits>& operator>>(std::basic_istream<CharT, Traits>& is, BasicInt<Bits, Signed>& x) {
  using ios = std::basic_ios<CharT, Traits>;
  typename std::basic_istream<CharT, Traits>::sentry sentry(is);
  if (!sentry) return is;
  const auto basefield = is.flags() & ios::basefield;
  int base = basefield == ios::hex ? 16 : (basefield == ios::oct ? 8 : (basefield == ios::dec ? 10 : 0));
  std::string text;
  auto peek = [&]() -> int {
    const auto c = is.rdbuf()->sgetc();
    // 0 to 255 for a character, -1 only at the end: a char such as '\xff' must not read as the end.
    return Traits::eq_int_type(c, Traits::eof()) ? -1
                                                 : static_cast<int>(static_cast<unsigned char>(is.narrow(Traits::to_char_type(c), '\0')));
  };
  auto take = [&]() { text.push_back(static_cast<char>(peek())); is.rdbuf()->sbumpc(); };
  bool eof = false;
  if (Signed && peek() == '-') take();
  const std::size_t sign_len = text.size();
  if ((base == 0 || base == 16) && peek() == '0') {
    take();
    const int p = peek();
    const bool hex = p == 'x' || p == 'X';
    const bool other = base == 0 && (p == 'b' || p == 'B' || p == 'o' || p == 'O');
    if (hex || other) {
      text.pop_back();
      base = hex ? 16 : ((p == 'b' || p == 'B') ? 2 : 8);
      is.rdbuf()->sbumpc();
    }
  }
  if (base == 0) base = 10;
  for (int c = peek(); c >= 0 && detail::digit_value(static_cast<char>(c)) < static_cast<unsigned>(base); c = peek()) take();
  eof = peek() < 0;
  BasicInt<Bits, Signed> value{};
  typename ios::iostate state = eof ? ios::eofbit : ios::goodbit;
  if (text.size() == sign_len) {
    state |= ios::failbit;
  } else {
    const auto res = from_chars(text.data(), text.data() + text.size(), value, base);
    if (res.ec != std::errc{}) {
      state |= ios::failbit;
    } else {
      x = value;
    }
  }
  is.setstate(state);
  return is;
}

}  // namespace warpnum

// ---- standard library integration ----

/// numeric_limits for BigUInt/BigInt. Signed overflow wraps (is_modulo) unlike `int`'s.
template <std::size_t Bits, bool Signed> struct std::numeric_limits<warpnum::BasicInt<Bits, Signed>> {
 private:
  using T = warpnum::BasicInt<Bits, Signed>;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = Signed;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_toward_zero;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = true;
  static constexpr int digits = static_cast<int>(Bits) - (Signed ? 1 : 0);
  static constexpr int digits10 = static_cast<int>(digits * 30103LL / 100000LL);  // floor(digits * log10(2))
  static constexpr int max_digits10 = 0;
  static constexpr int radix = 2;
  static constexpr int min_exponent = 0;
  static constexpr int min_exponent10 = 0;
  static constexpr int max_exponent = 0;
  static constexpr int max_exponent10 = 0;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr T min() noexcept { return T::min(); }
  static constexpr T lowest() noexcept { return T::min(); }
  static constexpr T max() noexcept { return T::max(); }
  static constexpr T epsilon() noexcept { return T{}; }
  static constexpr T round_error() noexcept { return T{}; }
  static constexpr T infinity() noexcept { return T{}; }
  static constexpr T quiet_NaN() noexcept { return T{}; }
  static constexpr T signaling_NaN() noexcept { return T{}; }
  static constexpr T denorm_min() noexcept { return T{}; }
};

/// std::hash over the bit pattern, so BigUInt/BigInt can key unordered containers.
template <std::size_t Bits, bool Signed> struct std::hash<warpnum::BasicInt<Bits, Signed>> {
  std::size_t operator()(const warpnum::BasicInt<Bits, Signed>& x) const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a offset basis, fed a limb at a time, then mixed
    for (int i = 0; i < warpnum::BasicInt<Bits, Signed>::num_limbs; ++i) {
      h = (h ^ x.limb(i)) * 0x100000001b3ull;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return static_cast<std::size_t>(h);
  }
};

// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/bigint/parse_text.hpp: text to an N-limb number by the rules of BasicInt's string constructor
// (sign, base prefix, digits), for the run-time and the compile-time constructors alike.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/mpn/add.hpp>
#include <warpnum/detail/bigint/text.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/status.hpp>

#include <cstddef>

namespace warpnum::detail {

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
  if (negative) mpn::neg_n(r, r, n);
  return {Status::ok, size};
}

}  // namespace warpnum::detail

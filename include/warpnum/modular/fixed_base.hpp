// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/fixed_base.hpp: fixed-base exponentiation from a precomputed table: FixedBaseTable (host) and
// FixedBaseView (host and device).
// Errors (docs/errors.md): host calls throw std::domain_error; the `_checked` forms and device code return a
// defined value and a Status. Nothing here runs in constant time: do not use it where timing may leak a secret.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/detail/modular/window_pow.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/modular/montgomery.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace warpnum {

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
      detail::throw_error<std::invalid_argument>("warpnum: FixedBaseTable: the window must be 1 to 8 bits, got " +
                                                 std::to_string(window));
    }
    if (exponent_bits < 1 || exponent_bits > max_exponent_bits) {
      detail::throw_error<std::invalid_argument>("warpnum: FixedBaseTable: exponent_bits must be 1 to " +
                                                 std::to_string(max_exponent_bits) + ", got " +
                                                 std::to_string(exponent_bits));
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

  /// g^e mod m. Throws std::out_of_range if e has more than exponent_bits bits (without exceptions: the view's
  /// result, from the low exponent_bits bits of e).
  template <std::size_t EBits> BigUInt<Bits> pow(const BigUInt<EBits>& e) const {
    if (bit_width(e) > bits_)
      detail::raise<std::out_of_range>("warpnum: FixedBaseTable::pow: the exponent is wider than the table");
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

}  // namespace warpnum

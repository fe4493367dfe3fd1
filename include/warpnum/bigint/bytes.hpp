// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/bytes.hpp: BigUInt and BigInt to and from bytes in either byte order.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/limb.hpp>
#include <warpnum/detail/raise.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <stdexcept>

namespace warpnum {

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

}  // namespace warpnum

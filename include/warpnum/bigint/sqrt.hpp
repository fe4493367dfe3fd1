// SPDX-License-Identifier: Apache-2.0
// warpnum/bigint/sqrt.hpp: the integer square root isqrt (the algorithms and where each is chosen:
// detail/sqrt/select.hpp).
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint/basic_int.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/detail/sqrt/select.hpp>

#include <cstddef>
#include <stdexcept>

namespace warpnum {

/// The integer square root floor(sqrt(a)). A negative signed argument: std::domain_error on the host, 0 on the
/// device. Widths a multiple of 64 from 128 bits take Zimmermann's recursive square root, about half the cost of
/// one division of a Bits-bit number by a Bits / 2-bit one; other widths Newton's iteration.
template <std::size_t Bits, bool Signed> WARPNUM_HD constexpr BasicInt<Bits, Signed> isqrt(const BasicInt<Bits, Signed>& a) {
  if (a.is_negative()) {
    detail::raise<std::domain_error>("warpnum: isqrt of a negative number");
    return BasicInt<Bits, Signed>{};
  }
  return BasicInt<Bits, Signed>{detail::isqrt_limbs<Bits>(BasicInt<Bits, false>{a})};
}

}  // namespace warpnum

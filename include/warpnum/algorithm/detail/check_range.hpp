// SPDX-License-Identifier: Apache-2.0
// warpnum/algorithm/detail/check_range.hpp: the argument check every algorithm makes before it forwards a range.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/detail/raise.hpp>

#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace warpnum::detail::WARPNUM_ABI {

/// Whether [first, last) can be a range, as far as can be told without dereferencing: where the iterators
/// subtract (random access), last is not before first; where they are raw pointers, a non-empty range does not
/// start at null. A bad range raises std::invalid_argument("<algorithm>: ...") on the host and gives false: the
/// caller then returns at once, touching nothing (all that a -fno-exceptions build gets).
template <class It> bool check_range(const It& first, const It& last, const char* algorithm) {
  if constexpr (std::is_pointer_v<It>) {
    if (first == nullptr && last != nullptr) {
      raise<std::invalid_argument>((std::string(algorithm) + ": a non-empty range starts at a null pointer").c_str());
      return false;
    }
  }
  if constexpr (requires { { last - first } -> std::convertible_to<std::ptrdiff_t>; }) {
    if (static_cast<std::ptrdiff_t>(last - first) < 0) {
      raise<std::invalid_argument>((std::string(algorithm) + ": last is before first").c_str());
      return false;
    }
  }
  return true;
}

}  // namespace warpnum::detail::WARPNUM_ABI

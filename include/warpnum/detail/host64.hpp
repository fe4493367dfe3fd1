// SPDX-License-Identifier: Apache-2.0
// warpnum/detail/host64.hpp: the host's 64-bit word adapter: a value's 32-bit limbs loaded as 64-bit words (one
// memcpy on a little-endian host) and stored back. The word algorithms then run unchanged on the wider words.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/detail/limb.hpp>

#include <cstdint>
#include <cstring>

namespace warpnum::detail {

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

}  // namespace host64
#endif

}  // namespace warpnum::detail

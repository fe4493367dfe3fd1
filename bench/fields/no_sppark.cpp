// SPDX-License-Identifier: Apache-2.0
// bench/fields/no_sppark.cpp: warpnum-field-bench built without sppark (no WARPNUM_SPPARK_SOURCE): the peer's
// launcher reports that it offers nothing, and the benchmark measures warpnum alone.
#include "field_chain.cuh"

namespace warpnum::bench::fields {

bool have_sppark() { return false; }

bool launch_sppark(Field, Op, const std::uint32_t*, const std::uint32_t*, std::uint32_t*, std::size_t, int, unsigned) {
  return false;
}

}  // namespace warpnum::bench::fields

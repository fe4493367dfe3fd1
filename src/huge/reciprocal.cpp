// SPDX-License-Identifier: Apache-2.0
// src/huge/reciprocal.cpp: Integer's route to Newton's reciprocal (NumberTraits<Integer>::reciprocal, chosen by
// huge::reciprocal in newton_division.hpp). On the device the same algorithm runs on AsyncIntegers
// (reciprocal_newton over huge/async_integer_traits.hpp): every level's shifts, products, sums and differences queue
// on the legacy default stream, where Integer's own operations run, the levels below 1024 limbs are one block's
// kernel, and the host waits once, for the result, instead of at each of the nine or so operations of each of
// seven to ten levels.
#include <warpnum/async_integer.hpp>
#include <warpnum/huge/async_integer_traits.hpp>
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#include <cstddef>

namespace warpnum::huge {

Integer NumberTraits<Integer>::reciprocal(const Integer& d, std::size_t n) {
  if (d.place() == Place::host) return reciprocal_newton<Integer>(d, n);
  return reciprocal_newton<AsyncInteger>(AsyncInteger(d), n).get();
}

}  // namespace warpnum::huge

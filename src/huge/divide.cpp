// SPDX-License-Identifier: Apache-2.0
// src/huge/divide.cpp: Integer's division: divmod_floor, / and %, on the magnitudes' floor division by Newton's
// reciprocal (include/warpnum/huge/newton_division.hpp; Knuth D on host limbs below newton_division_base_limbs). On
// the device the division runs as AsyncIntegers: its operations queue on the legacy default stream, where Integer's
// own run, instead of each waiting and reading its result's length; a pair of limb counts divided before replays a
// CUDA graph of the same division instead (division_graphs.cu).
#include "division_graphs.hpp"
#include "engine.hpp"
#include "thresholds.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/huge/async_integer_traits.hpp>
#include <warpnum/huge/integer_traits.hpp>
#include <warpnum/huge/newton_division.hpp>
#include <warpnum/integer.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace warpnum {

namespace huge {

DivResult<Integer> NumberTraits<Integer>::divmod_by_reciprocal(const Integer& a, std::size_t m, const Integer& b,
                                                              std::size_t n) {
  if (a.place() == Place::host) {
    return huge::divmod_by_reciprocal<Integer>(a, m, b, n, 32 * NumberTraits<Integer>::host_limbs,
                                               thresholds::host_division_pieces(host_threads(), (n + 31) / 32));
  }
  if (DivResult<Integer> r; divide_by_graph(a, b, r)) return r;
  // Queued whole: the reciprocal's levels below 1024 limbs are one block's kernel (base_cases.cu), so the host
  // waits only for the results.
  DivResult<AsyncInteger> r = huge::divmod_by_reciprocal<AsyncInteger>(AsyncInteger(a), m, AsyncInteger(b), n);
  return {std::move(r.quot).get(), std::move(r.rem).get()};
}

Integer NumberTraits<Integer>::difference_below(const Integer& a, const Integer& q, const Integer& b,
                                                std::size_t bits) {
  const bool host = a.place() == Place::host && q.place() == Place::host && b.place() == Place::host;
  if (host && !q.is_zero() && !b.is_zero() && !wrapped_products_off_for_tests.load(std::memory_order_relaxed)) {
    const std::size_t nq = q.size(), nb = b.size();
    // 2^(32 length) - 1 > 2^bits: the remainder is the one value below it with its residue.
    const std::size_t length = cyclic_length_at_least(bits / 32 + 2);
    if (thresholds::host_wrapped_remainder(std::min(nq, nb), std::max(nq, nb), host_threads(),
                                           host_ntt_is_vectorised()) &&
        nq <= length && nb <= length &&
        length < cyclic_length_at_least(nq + nb - 1) && 2 * length <= ntt_max_product()) {
      std::vector<limb_t> product(length);
      multiply_mod_bnm1_host(product.data(), length, q.data(), nq, b.data(), nb);
      std::vector<limb_t> r(length);
      fold_mod_bnm1_host(r.data(), length, a.data(), a.size());
      limb_t borrow = 0;
      sub(r.data(), r.data(), length, product.data(), length, Place::host, Queue{}, &borrow);
      if (borrow != 0) {  // r - product + 2^(32 length) - 1
        const limb_t one = 1;
        sub(r.data(), r.data(), length, &one, 1, Place::host);
      }
      if (std::all_of(r.begin(), r.end(), [](limb_t x) { return x == ~limb_t{0}; })) std::fill(r.begin(), r.end(), 0);
      return Integer::from_limbs(r, false, Place::host);
    }
  }
  return a - q * b;
}

}  // namespace huge

namespace {

/// floor(|a| / |b|) and |a| mod |b|, where a lives (b != 0).
huge::DivResult<Integer> divmod_magnitudes(const Integer& a, const Integer& b) {
  if (b.is_zero()) detail::throw_error<std::domain_error>("warpnum::Integer: division by zero");
  Integer a_abs;
  Integer b_abs;
  const Integer* pa = &a;
  const Integer* pb = &b;
  if (a.is_negative()) pa = &(a_abs = -a);
  if (b.is_negative() || b.place() != a.place()) {
    b_abs = b.place() != a.place() ? b.to(a.place()) : b;
    if (b_abs.is_negative()) b_abs = -b_abs;
    pb = &b_abs;
  }
  return huge::divmod_nonnegative(*pa, *pb);
}

}  // namespace

IntegerDivResult divmod_floor(const Integer& a, const Integer& b) {
  huge::DivResult<Integer> m = divmod_magnitudes(a, b);
  // |a| = q |b| + r. With equal signs, a = q b + (sign(a) r); with different signs and r != 0, the floor
  // quotient is -(q + 1) and the remainder r - |b| takes b's sign.
  if (a.is_negative() == b.is_negative() || m.rem.is_zero()) {
    if (a.is_negative()) m.rem = -m.rem;
    if (a.is_negative() != b.is_negative()) m.quot = -m.quot;
    return {std::move(m.quot), std::move(m.rem)};
  }
  const Integer one(1, m.quot.place());
  Integer quot = -(m.quot + one);
  Integer rem = b.is_negative() ? m.rem + b : b - m.rem;  // r - |b| for b < 0, |b| - r for b > 0
  return {std::move(quot), std::move(rem)};
}

Integer operator/(const Integer& a, const Integer& b) {
  huge::DivResult<Integer> m = divmod_magnitudes(a, b);
  if (a.is_negative() != b.is_negative()) m.quot = -m.quot;
  return std::move(m.quot);
}

Integer operator%(const Integer& a, const Integer& b) {
  huge::DivResult<Integer> m = divmod_magnitudes(a, b);
  if (a.is_negative()) m.rem = -m.rem;
  return std::move(m.rem);
}

}  // namespace warpnum

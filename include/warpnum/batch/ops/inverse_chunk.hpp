// SPDX-License-Identifier: Apache-2.0
// warpnum/batch/ops/inverse_chunk.hpp: the inverses of a chunk of consecutive field elements by Montgomery's trick,
// the work of one thread (device) or one loop iteration (host) of `inverse` over a batch (batch/inverse.hpp).
// Plain C++: compiles with g++ and nvcc, one body for both.
#pragma once

#include <warpnum/config.hpp>
#include <warpnum/batch/ops/sink.hpp>
#include <warpnum/status.hpp>

#include <cstddef>

namespace warpnum::WARPNUM_ABI::batch {

/// The elements of one chunk of `inverse` over a batch (the last chunk may be shorter): one inversion and
/// 3 (C - 1) products for C elements, where element by element they would take C inversions.
inline constexpr std::size_t inverse_chunk_size = 32;

namespace ops {

/// out[i] = inverse_checked(x[i]).value for i < count (count <= inverse_chunk_size), each element's status raised
/// into `sink`: the bits and the flags that the elements' own inverse_checked would give. x and out may be the
/// same array. T: a field element type with `inverse_checked`, `is_zero` and `*` (PrimeField, GF2n).
///
/// Montgomery, "Speeding the Pollard and elliptic curve methods of factorization" (1987), Sec. 10.3.1: from the
/// prefix products c_i = x_0 x_1 ... x_i, one inversion of c_(count-1) gives every inverse walking back, since
/// x_i^-1 = c_(i-1) c_i^-1 and c_(i-1)^-1 = x_i c_i^-1: count - 1 products forward, 2 (count - 1) back.
/// A zero element is left out of the products (as if it were one), so the others still get their inverses; its
/// result is 0 and Status::not_invertible, what inverse_checked(0) gives. Where the product of the nonzero
/// elements has no inverse (an Fp of composite modulus holding a non-unit), the chunk is inverted element by
/// element.
template <class T> WARPNUM_HD void inverse_chunk(const T* x, T* out, std::size_t count, const ErrorSink& sink) {
  T prefix[inverse_chunk_size];  // prefix[i]: the product of the nonzero x[j], j <= i; set from `first` on
  std::size_t first = count;     // the first nonzero element (count: none)
  for (std::size_t i = 0; i < count; ++i) {
    const T xi = x[i];
    if (first == count) {
      if (!xi.is_zero()) {
        first = i;
        prefix[i] = xi;
      }
    } else {
      prefix[i] = xi.is_zero() ? prefix[i - 1] : prefix[i - 1] * xi;
    }
  }
  if (first == count) {  // every element zero (or none)
    for (std::size_t i = 0; i < count; ++i) out[i] = T{};
    if (count != 0) sink.raise(Status::not_invertible);
    return;
  }
  const auto whole = inverse_checked(prefix[count - 1]);
  if (whole.status != Status::ok) {  // a non-unit among the elements: each on its own
    for (std::size_t i = 0; i < count; ++i) {
      const auto r = inverse_checked(x[i]);
      out[i] = r.value;
      sink.raise(r.status);
    }
    return;
  }
  T inv = whole.value;  // at step i, the inverse of prefix[i]
  bool zero = first != 0;
  for (std::size_t i = count - 1; i > first; --i) {
    const T xi = x[i];  // read before out[i] is written: out may be x
    if (xi.is_zero()) {
      out[i] = T{};
      zero = true;
      continue;
    }
    out[i] = inv * prefix[i - 1];
    inv = inv * xi;
  }
  out[first] = inv;
  for (std::size_t i = 0; i < first; ++i) out[i] = T{};
  if (zero) sink.raise(Status::not_invertible);
}

}  // namespace ops
}  // namespace warpnum::WARPNUM_ABI::batch

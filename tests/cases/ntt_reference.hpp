// SPDX-License-Identifier: Apache-2.0
// tests/cases/ntt_reference.hpp: the reference arithmetic of the transforms' tests (tests/host/huge/ntt_test.cpp,
// ntt_avx2_test.cpp): powers modulo a prime by GMP, the Montgomery form by 128-bit division, and the roots of unity
// of huge/ntt.hpp's primes.
#pragma once

#include "oracle/gmp.hpp"

#include <warpnum/huge/ntt.hpp>

#include <gmp.h>

#include <cstdint>

namespace warpnum::test::ntt_reference {

using huge::ntt::u32;
using huge::ntt::u64;

/// b^e mod p by GMP.
inline u32 pow_ref(u64 b, u64 e, u32 p) {
  oracle::Mpz zb, ze, zp, r;
  mpz_set_ui(zb, b);
  mpz_set_ui(ze, e);
  mpz_set_ui(zp, p);
  mpz_powm(r, zb, ze, zp);
  return static_cast<u32>(mpz_get_ui(r));
}

/// x R mod p, R = 2^32: the Montgomery form of x.
inline u32 to_mont(u64 x, u32 p) {
  return static_cast<u32>((static_cast<unsigned __int128>(x % p) << 32) % p);
}

/// A primitive M-th root of unity mod prime q of huge/ntt.hpp (M | p - 1), in normal form.
inline u32 root_ref(int q, u64 m) {
  const u32 p = huge::ntt::prime_values[q];
  return pow_ref(huge::ntt::prime_generators[q], (p - 1) / m, p);
}

}  // namespace warpnum::test::ntt_reference

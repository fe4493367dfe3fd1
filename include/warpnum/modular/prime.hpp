// SPDX-License-Identifier: Apache-2.0
// warpnum/modular/prime.hpp: primality: miller_rabin_round and is_probable_prime (trial division, then
// Miller-Rabin rounds).
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/modular/montgomery.hpp>

#include <cstddef>
#include <cstdint>

namespace warpnum {

/// One Miller-Rabin round for the odd modulus n > 3 of ctx: false when `base` proves n composite (a witness),
/// true when n is a strong probable prime to that base.
template <std::size_t Bits>
WARPNUM_HD constexpr bool miller_rabin_round(const Montgomery<Bits>& ctx, const BigUInt<Bits>& base) noexcept {
  const BigUInt<Bits>& n = ctx.modulus();
  const BigUInt<Bits> n1 = n - 1u;
  const int s = countr_zero(n1);
  const BigUInt<Bits> d = n1 >> s;
  const BigUInt<Bits> one = ctx.one();
  const BigUInt<Bits> minus_one = ctx.neg(one);
  BigUInt<Bits> x = ctx.pow(ctx.to_montgomery(base), d);
  if (x == one || x == minus_one) return true;
  WARPNUM_NO_UNROLL
  for (int r = 1; r < s; ++r) {
    x = ctx.sqr(x);
    if (x == minus_one) return true;
    if (x == one) return false;
  }
  return false;
}

namespace detail {
/// SplitMix64 (Steele, Lea and Flood): the reproducible base sequence of is_probable_prime.
WARPNUM_HD constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
}  // namespace detail

/// Whether n is probably prime: trial division by the primes below 100, then `rounds` Miller-Rabin rounds,
/// the first to the bases 2, 3, 5, ..., 41 (the first 13 primes: no composite below 3.3 * 10^24 passes them;
/// 318665857834031151167461 passes the first 12)
/// and the others to bases derived from n by SplitMix64 (the same answer on every run, host and device). A
/// composite passes a random round with probability at most 1/4. rounds < 1 counts as 1.
template <std::size_t Bits> WARPNUM_HD constexpr bool is_probable_prime(const BigUInt<Bits>& n, int rounds = 25) noexcept {
  using T = BigUInt<Bits>;
  constexpr std::uint8_t small_primes[] = {2,  3,  5,  7,  11, 13, 17, 19, 23, 29, 31, 37, 41,
                                           43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97};
  if (bit_width(n) <= 7) {  // n < 128
    const auto v = static_cast<unsigned>(static_cast<std::uint64_t>(BigUInt<64>(T(n & T{127u}))));
    for (const std::uint8_t p : small_primes)
      if (v == p) return true;
    if (v < 100) return false;
  }
  // The residues of n modulo two products of the primes 2 .. 97 (each below 2^63).
  constexpr std::uint64_t products[2] = {2ull * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47,
                                         53ull * 59 * 61 * 67 * 71 * 73 * 79 * 83 * 89 * 97};
  for (int k = 0; k < 2; ++k) {
    std::uint64_t r = 0;
    if constexpr (Bits <= 64) {
      r = static_cast<std::uint64_t>(BigUInt<64>(n)) % products[k];
    } else {
      r = static_cast<std::uint64_t>(BigUInt<64>(n % T(products[k])));
    }
    for (int i = (k == 0 ? 0 : 15); i < (k == 0 ? 15 : 25); ++i)
      if (r % small_primes[i] == 0) return false;  // n > 97, so a divisor proves it composite
  }
  const Montgomery<Bits> ctx = Montgomery<Bits>::checked(n);  // n is odd here
  const int total = rounds < 1 ? 1 : rounds;
  std::uint64_t state = static_cast<std::uint64_t>(BigUInt<64>(n)) ^ 0x5761727061756d31ull;
  const T range = n - 3u;  // random bases 2 .. n - 2
  WARPNUM_NO_UNROLL
  for (int round = 0; round < total; ++round) {
    T base;
    if (round < 13) {
      base = T(small_primes[round]);
    } else {
      for (int i = 0; i < T::num_limbs; i += 2) {
        const std::uint64_t x = detail::splitmix64(state);
        base.limbs_[i] = static_cast<typename T::limb_type>(x);
        if (i + 1 < T::num_limbs) base.limbs_[i + 1] = static_cast<typename T::limb_type>(x >> 32);
      }
      base = base % range + 2u;
    }
    if (!miller_rabin_round(ctx, base)) return false;
  }
  return true;
}

}  // namespace warpnum

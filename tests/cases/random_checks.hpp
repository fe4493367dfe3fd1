// SPDX-License-Identifier: Apache-2.0
// tests/cases/random_checks.hpp: fixed-value checks of <warpnum/random.hpp> as WARPNUM_HD constexpr bodies, one
// body for three runs: static_asserted and run by tests/host/random/random_test.cpp, run in a kernel by
// tests/device/random/random_test.cu. Philox4x32's known answers (Random123's, which random_test.cpp also checks
// against cuRAND, and C++26's for std::philox4x32), discard against stepping, and pinned draws of every function:
// the order in which the draws consume the generator is part of the interface (it is what makes host and device
// agree), so a change of it must show here.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/config.hpp>
#include <warpnum/random.hpp>
#include <warpnum/status.hpp>

#include <cstdint>

namespace warpnum::test {

/// Whether the limbs of x are exactly `limbs`.
template <class T> WARPNUM_HD constexpr bool limbs_are(const T& x, const std::uint32_t (&limbs)[T::num_limbs]) {
  for (int i = 0; i < T::num_limbs; ++i) {
    if (x.limb(i) != limbs[i]) return false;
  }
  return true;
}

/// Random123's known-answer triples for Philox4x32-10 (counter, key, output), and C++26's required value of
/// std::philox4x32: the 10000th number of a default-constructed engine (seed 20111115) is 1955073260
/// ([rand.predef]). The third triple is also reached through the generator: key and stream from the seed, the
/// counter's low half by discard.
WARPNUM_HD constexpr bool philox_known_answers() {
  using B = Philox4x32::Block;
  using K = Philox4x32::Key;
  bool ok = Philox4x32::block(B{{0u, 0u, 0u, 0u}}, K{{0u, 0u}}) == B{{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}};
  ok = ok && Philox4x32::block(B{{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}}, K{{0xffffffffu, 0xffffffffu}}) ==
                 B{{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}};
  ok = ok && Philox4x32::block(B{{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, K{{0xa4093822u, 0x299f31d0u}}) ==
                 B{{0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}};
  Philox4x32 std_engine;  // default_seed
  std_engine.discard(9999);
  ok = ok && std_engine() == 1955073260u;
  Philox4x32 g(0x299f31d0a4093822ull, 0x0370734413198a2eull);
  for (int i = 0; i < 4; ++i) g.discard(0x85a308d3243f6a88ull);  // 4 numbers a block: counter 0x85a308d3243f6a88
  ok = ok && g() == 0xd16cfe09u && g() == 0x94fdccebu && g() == 0x5001e420u && g() == 0x24126ea1u;
  return ok;
}

/// discard(n) leaves the state of n calls, from every position within a block; equality follows the position.
WARPNUM_HD constexpr bool philox_discard() {
  bool ok = true;
  for (unsigned start = 0; start < 5; ++start) {
    for (unsigned n = 0; n < 11; ++n) {
      Philox4x32 stepped(77u, 5u);
      for (unsigned i = 0; i < start; ++i) (void)stepped();
      Philox4x32 skipped = stepped;
      for (unsigned i = 0; i < n; ++i) (void)stepped();
      skipped.discard(n);
      ok = ok && skipped == stepped && (n == 0 || !(skipped == Philox4x32(77u, 5u))) && skipped() == stepped();
    }
  }
  return ok;
}

/// The pinned draws, in order, from stream 42 of seed 0x0123456789abcdef: two numbers, random<BigUInt<96>>,
/// random<BigInt<64>>, random_below of a 97-bit and of a small bound, three draws of a uniform_int_distribution
/// (the last with a param_type), the generator's next number. Also the defined results of the empty ranges (bound
/// 0, a > b), which draw nothing.
WARPNUM_HD constexpr bool pinned_draws() {
  Philox4x32 g(0x0123456789abcdefull, 42u);
  const std::uint32_t r0 = g();
  const std::uint32_t r1 = g();
  bool ok = r0 == 0xbbb8d34bu && r1 == 0x3d0d511du;
  ok = ok && limbs_are(random<BigUInt<96>>(g), {0x3998a0efu, 0x268e0d84u, 0x6949a91bu});
  ok = ok && limbs_are(random<BigInt<64>>(g), {0xfd665716u, 0x9889fa3du});
  ok = ok && limbs_are(random_below(g, BigUInt<128>{1u} << 96 | BigUInt<128>{1u}), {0x112a1204u, 0x0a11d693u, 0x02f3e671u, 0u});
  ok = ok && random_below(g, BigInt<64>{1000}) == BigInt<64>{0x278};
  const Philox4x32 before_empty = g;
  const ModResult<BigUInt<64>> empty = random_below_checked(g, BigUInt<64>{});
  ok = ok && empty.value == BigUInt<64>{} && empty.status == Status::invalid_argument && g == before_empty;
  const auto backwards = uniform_int_distribution<BigInt<64>>::checked(BigInt<64>{5}, BigInt<64>{4});
  ok = ok && backwards(g) == BigInt<64>{5} && backwards.status() == Status::invalid_argument && g == before_empty;
  using D = uniform_int_distribution<BigInt<96>>;
  const D d(BigInt<96>{-1000000}, BigInt<96>{1} << 32);
  ok = ok && d(g) == BigInt<96>{0x7e05f0bfu} && d(g) == BigInt<96>{0x067cb36eu};
  ok = ok && d(g, D::param_type(BigInt<96>{-7}, BigInt<96>{-3})) == BigInt<96>{-6};
  ok = ok && g() == 0x1cebc08fu;
  return ok;
}

}  // namespace warpnum::test

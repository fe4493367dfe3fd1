// SPDX-License-Identifier: Apache-2.0
// tests/cases/batch_inverse_cases.hpp: `inverse` over a batch (batch/inverse.hpp, batch/ops/inverse_chunk.hpp)
// against the elements' own inverse_checked, on a given Place: the host test runs it on the host's cores, the device
// test on the GPU (batch/kernel/inverse.hpp) and against the host. Inputs: seeded random field elements at sizes
// around the chunk size, with zeros at chunk starts, at chunk ends, whole chunks of zeros, scattered zeros and, for
// an Fp of composite modulus, non-units. A failure names the field, the size, the pattern and the seed.
#pragma once

#include "cases/random.hpp"

#include <warpnum/batch.hpp>
#include <warpnum/bigint.hpp>
#include <warpnum/fp.hpp>
#include <warpnum/gf2n.hpp>
#include <warpnum/status.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

namespace warpnum::test::batch_inverse_cases {

inline constexpr std::size_t chunk = batch::inverse_chunk_size;

/// 998244353 * 1000000007: an odd composite modulus whose non-units are the multiples of either prime.
inline constexpr std::uint64_t prime_a = 998244353u;
inline constexpr std::uint64_t prime_b = 1000000007u;
inline constexpr BigUInt<64> composite_modulus{prime_a * prime_b};
/// The ring of that modulus named by a type, as a kernel may take it (nvcc 13.0 cannot compile a translation unit
/// that names Fp<64, composite_modulus> in a kernel's template argument; fp.hpp). The host test also runs the Fp.
struct CompositeParams {
  static constexpr BigUInt<64> modulus = composite_modulus;
};
using Composite = PrimeField<CompositeParams>;
/// Whether F is the ring of composite_modulus (its operands then hold non-units); a test specialises it for its Fp.
template <class F> inline constexpr bool composite = false;
template <> inline constexpr bool composite<Composite> = true;

/// The sizes every field is checked at: empty, one element, a chunk less one, a chunk, a chunk and one, a few
/// chunks and a part, several thousand.
inline std::vector<std::size_t> sizes() { return {0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk + 5, 4099}; }

/// What the operands hold besides random elements.
enum class Pattern {
  /// No zero (and no non-unit).
  units,
  /// Zeros at the start of every third chunk, at the end of the next ones, every element of every seventh chunk
  /// (from the fifth), and at random (1 in 40).
  zeros,
  /// As zeros, and for the composite modulus a non-unit in every fourth chunk (from the third) and at random.
  non_units,
};
inline const char* name(Pattern p) {
  return p == Pattern::units ? "units" : p == Pattern::zeros ? "zeros" : "non-units";
}

template <class F> inline constexpr bool is_gf2n = false;
template <int N, Poly P> inline constexpr bool is_gf2n<GF2n<N, P>> = true;

/// A random nonzero element.
template <class F> F random_nonzero(Rng& rng, std::mt19937_64& gen) {
  for (;;) {
    F x;
    if constexpr (is_gf2n<F>) {
      x = F::random(gen);
    } else {
      x = F(random_value<typename F::value_type>(rng));
    }
    if (!x.is_zero()) return x;
  }
}

/// n operands of F by the pattern, from the seed.
template <class F> std::vector<F> operands(std::size_t n, Pattern pattern, std::uint64_t seed) {
  Rng rng(seed);
  std::mt19937_64 gen(seed);
  std::vector<F> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    v[i] = random_nonzero<F>(rng, gen);
    if (pattern == Pattern::units) continue;
    const std::size_t k = i / chunk;
    const std::size_t at = i % chunk;
    const bool zero = (k % 3 == 0 && at == 0) || (k % 3 == 1 && (at == chunk - 1 || i + 1 == n)) || k % 7 == 5 ||
                      rng.chance(1, 40);
    if (zero) v[i] = F{};
    if constexpr (composite<F>) {
      if (pattern == Pattern::non_units && !zero && ((k % 4 == 2 && at == (k * 5) % chunk) || rng.chance(1, 200)))
        v[i] = F(typename F::value_type((rng.below(prime_b - 1) + 1) * prime_a));  // a nonzero multiple of prime_a
    }
  }
  return v;
}

/// The flags an evaluation raising each element's inverse_checked status would leave (bit s for Status s).
template <class F> unsigned expected_flags(const std::vector<F>& v) {
  unsigned flags = 0;
  for (const F& x : v) {
    const Status s = inverse_checked(x).status;
    if (s != Status::ok) flags |= 1u << static_cast<unsigned>(s);
  }
  return flags;
}

/// got[i] == inverse_checked(v[i]).value for every i; stops after 5 mismatches.
template <class F>
void expect_elementwise(const std::string& what, const std::vector<F>& v, const std::vector<F>& got) {
  ASSERT_EQ(got.size(), v.size()) << what;
  int bad = 0;
  for (std::size_t i = 0; i < v.size() && bad < 5; ++i) {
    const F want = inverse_checked(v[i]).value;
    if (!(got[i] == want)) {
      ++bad;
      ADD_FAILURE() << what << ": element " << i << " (chunk " << i / chunk << ", at " << i % chunk
                    << ", operand zero: " << v[i].is_zero() << ") differs from its inverse_checked";
    }
  }
}

/// inverse(x) and inverse(x, out) of the operands of every size and pattern on `place`, against the elements'
/// own inverse_checked: the values and the status flags; the one evaluation each; in place; a destination of
/// another size; the flags sticky until clear_status(). `each(v, got, what)` checks more (the host: GMP; the
/// device: the host's batch).
template <class F, class Each> void check_inverse(Place place, const std::string& field, Each&& each) {
  const std::vector<Pattern> patterns = composite<F>
                                            ? std::vector<Pattern>{Pattern::units, Pattern::zeros, Pattern::non_units}
                                            : std::vector<Pattern>{Pattern::units, Pattern::zeros};
  for (const std::size_t n : sizes()) {
    for (const Pattern pattern : patterns) {
      const std::uint64_t seed = seed_for("batch inverse " + field + " " + name(pattern), n);
      const std::string what =
          field + ", n = " + std::to_string(n) + ", " + name(pattern) + ", seed " + std::to_string(seed);
      const std::vector<F> v = operands<F>(n, pattern, seed);
      const unsigned flags = expected_flags(v);
      if (pattern == Pattern::units) {
        EXPECT_EQ(flags, 0u) << what;
      } else if (n != 0) {
        EXPECT_NE(flags, 0u) << what;
      }

      const Batch<F> x(v, place);
      const std::uint64_t before = batch::evaluations();
      const Batch<F> y = inverse(x);
      EXPECT_EQ(batch::evaluations() - before, 1u) << what << ": one evaluation";
      EXPECT_EQ(y.size(), n) << what;
      EXPECT_EQ(y.place(), place) << what;
      const std::vector<F> got = y.to_vector();
      expect_elementwise(what + ", inverse(x)", v, got);
      EXPECT_EQ(y.status_flags(), flags) << what;
      EXPECT_EQ(x.status_flags(), 0u) << what << ": the operand's flags";
      each(v, got, what);

      // Into a destination of another size, then in place.
      Batch<F> out(3, place);
      inverse(x, out);
      EXPECT_EQ(out.size(), n) << what;
      EXPECT_TRUE(out.to_vector() == got) << what << ": inverse(x, out)";
      EXPECT_EQ(out.status_flags(), flags) << what << ": inverse(x, out)";
      Batch<F> z(v, place);
      inverse(z, z);
      EXPECT_TRUE(z.to_vector() == got) << what << ": inverse(z, z)";
      EXPECT_EQ(z.status_flags(), flags) << what << ": inverse(z, z)";

      // The flags are sticky: inverting the inverses (zeros stay zeros) keeps them, until clear_status().
      inverse(z, z);
      expect_elementwise(what + ", inverse(inverse(x))", got, z.to_vector());
      EXPECT_EQ(z.status_flags(), flags) << what << ": sticky";
      z.clear_status();
      inverse(z, z);
      EXPECT_EQ(z.status_flags(), expected_flags(got)) << what << ": after clear_status()";
    }
  }
}

}  // namespace warpnum::test::batch_inverse_cases

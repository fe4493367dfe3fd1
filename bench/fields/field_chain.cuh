// SPDX-License-Identifier: Apache-2.0
// bench/fields/field_chain.cuh: what warpnum-field-bench's two translation units share: the fields it measures, the
// operations, and the launcher each peer implements. Elements travel as raw 32-bit limbs, least significant first,
// in Montgomery form with R = 2^(32 n) (n limbs: 8 for BN254, 12 for BLS12-381), the form both warpnum's
// PrimeField and sppark's mont_t keep, so one buffer of operands serves both.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace warpnum::bench::fields {

enum class Field { bn254_fp, bls12_381_fp };
enum class Op { mul, sqr };

constexpr int field_limbs(Field f) { return f == Field::bn254_fp ? 8 : 12; }
constexpr const char* field_name(Field f) { return f == Field::bn254_fp ? "BN254 Fp" : "BLS12-381 Fp"; }
constexpr const char* op_name(Op op) { return op == Op::mul ? "mul" : "sqr"; }

/// Launches the chain kernel of a peer: for each i < n, x = a[i], then `chain` times x = x * b[i] (mul) or x = x^2
/// (sqr), out[i] = x. false: the peer does not offer this field.
bool launch_sppark(Field field, Op op, const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out,
                   std::size_t n, int chain, unsigned threads);
/// Whether this build has sppark (compiled with WARPNUM_SPPARK_SOURCE).
bool have_sppark();

}  // namespace warpnum::bench::fields

// SPDX-License-Identifier: Apache-2.0
// warpnum/fields.hpp: the prime fields of the curves that zero-knowledge, signature and key-exchange code uses, as
// parameter types for PrimeField (each a `static constexpr` modulus) and as field types: BN254's scalar and base
// fields, BLS12-381's, secp256k1's and P-256's base fields and group orders, Ed25519's prime and group order.
// Host, constexpr, device; each may be a template argument of a kernel.
#pragma once

#include <warpnum/bigint.hpp>
#include <warpnum/fp.hpp>

namespace warpnum {

/// BN254 (alt_bn128, Ethereum's precompiles), u = 4965661367192848881: the scalar field r = 36u^4 + 36u^3 + 18u^2
/// + 6u + 1 (254 bits), the group order and the field of zero-knowledge circuits over BN254.
struct BN254FrParams {
  static constexpr BigUInt<256> modulus{"0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001"};
};
/// BN254's base field p = 36u^4 + 36u^3 + 24u^2 + 6u + 1 (254 bits), where the curve's coordinates lie.
struct BN254FpParams {
  static constexpr BigUInt<256> modulus{"0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47"};
};
/// BLS12-381, x = -0xd201000000010000: the scalar field r = x^4 - x^2 + 1 (255 bits).
struct BLS12381FrParams {
  static constexpr BigUInt<256> modulus{"0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001"};
};
/// BLS12-381's base field p = (x - 1)^2 (x^4 - x^2 + 1) / 3 + x (381 bits, in 384).
struct BLS12381FpParams {
  static constexpr BigUInt<384> modulus{
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab"};
};
/// secp256k1 (SEC 2; Bitcoin, Ethereum): the base field p = 2^256 - 2^32 - 977.
struct Secp256k1FpParams {
  static constexpr BigUInt<256> modulus{"0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"};
};
/// secp256k1's group order n (SEC 2), the field of ECDSA's scalars.
struct Secp256k1FnParams {
  static constexpr BigUInt<256> modulus{"0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"};
};
/// P-256 (NIST secp256r1, FIPS 186-5): the base field p = 2^256 - 2^224 + 2^192 + 2^96 - 1.
struct P256FpParams {
  static constexpr BigUInt<256> modulus{"0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"};
};
/// P-256's group order n (FIPS 186-5), the field of ECDSA's scalars.
struct P256FnParams {
  static constexpr BigUInt<256> modulus{"0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"};
};
/// Curve25519 and Ed25519 (RFC 7748, RFC 8032): the base field p = 2^255 - 19.
struct Ed25519FpParams {
  static constexpr BigUInt<256> modulus{"0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"};
};
/// Ed25519's group order l = 2^252 + 27742317777372353535851937790883648493 (RFC 8032), the field of its scalars.
struct Ed25519FnParams {
  static constexpr BigUInt<256> modulus{"0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"};
};

using BN254Fr = PrimeField<BN254FrParams>;
using BN254Fp = PrimeField<BN254FpParams>;
using BLS12381Fr = PrimeField<BLS12381FrParams>;
using BLS12381Fp = PrimeField<BLS12381FpParams>;
using Secp256k1Fp = PrimeField<Secp256k1FpParams>;
using Secp256k1Fn = PrimeField<Secp256k1FnParams>;
using P256Fp = PrimeField<P256FpParams>;
using P256Fn = PrimeField<P256FnParams>;
using Ed25519Fp = PrimeField<Ed25519FpParams>;
using Ed25519Fn = PrimeField<Ed25519FnParams>;

}  // namespace warpnum
